#pragma once
// One engine child process with its stdin and stdout as pipes, driven by
// Boost.Process and Boost.Asio so every read has a deadline. The child gets
// its own process group, so kill() also ends anything it started.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace flank::referee {

using Clock = std::chrono::steady_clock;

enum class ReadStatus { Line, Timeout, Closed, TooLong };

// The longest reply line accepted; an engine printing more without a line
// break is broken, and the referee's memory stays bounded.
constexpr std::size_t kMaxLineBytes = 1 << 20;

class EngineProcess {
 public:
  // Makes SIGINT, SIGTERM and SIGHUP kill every running engine's process
  // group before the referee ends (engines live in their own groups, so a
  // Ctrl-C on the terminal would not reach them).
  static void kill_engines_on_signals();

  // Starts `words[0]` (searched in PATH when it has no '/') with the other
  // words as arguments; the child's stderr goes to stderr_path ("" = discarded).
  // It runs in `dir` (a program named with a '/' is then found from there too);
  // "" = the referee's working directory. Throws std::runtime_error with the
  // reason when the program cannot start.
  EngineProcess(const std::vector<std::string>& words, const std::string& stderr_path = "",
                const std::string& dir = "");
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Sends text (a newline is appended); false when the engine no longer reads.
  bool write_line(const std::string& text, Clock::time_point deadline);
  // One line without its end ("\r\n" or "\n") into `line`.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);

  bool running();
  // Waits up to `grace` for the child to exit by itself, then kills its group.
  void stop(std::chrono::milliseconds grace);
  // Kills the process group now (SIGKILL) and reaps the child.
  void kill();
  // "exit code 3", "killed by signal 9", or "running".
  std::string exit_description();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace flank::referee
