#include "tools/referee/engine_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

// clang-format off
#include <utility>  // before Asio: Boost 1.74 awaitable.hpp uses std::exchange without it
#include <boost/asio.hpp>
// clang-format on
#include <atomic>
#include <boost/process.hpp>
#include <boost/process/posix.hpp>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace flank::referee {

namespace bp = boost::process;
namespace asio = boost::asio;

namespace {

// Boost.Process 1.74 creates pipes without close-on-exec, so every later
// engine would inherit the referee's ends of the earlier engines' pipes (and
// keep, say, a dead engine's output open: no end-of-file). The parent's ends
// are marked close-on-exec right after each spawn, and pipe creation, spawn
// and marking all happen under this lock so no other thread forks in between.
std::mutex spawn_mutex;

// A write to an engine that has died must fail with EPIPE, not kill the referee.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

void set_close_on_exec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

boost::filesystem::path find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return boost::filesystem::path(name);
  const auto found = bp::search_path(name);
  if (found.empty()) throw std::runtime_error("program '" + name + "' not found in PATH");
  return found;
}

// Process groups of running engines, for the signal handler: lock-free
// atomics are safe to read there, and killpg is async-signal-safe.
constexpr int kMaxGroups = 512;
std::atomic<pid_t> live_groups[kMaxGroups];

void remember_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void forget_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

extern "C" void kill_engines_and_reraise(int sig) {
  for (auto& slot : live_groups) {
    const pid_t group = slot.load();
    if (group > 0) ::killpg(group, SIGKILL);
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

void EngineProcess::kill_engines_on_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::signal(sig, kill_engines_and_reraise);
}

struct EngineProcess::Impl {
  asio::io_context io;
  bp::async_pipe to_engine{io};
  bp::async_pipe from_engine{io};
  bp::group group;
  bp::child child;
  asio::streambuf input{kMaxLineBytes};
  bool reaped = false;
  bool killed = false;
  int exit_status = 0;  // raw waitpid status once reaped

  // Runs the io_context until `done` or the deadline; on timeout cancels the
  // pending operation and drains its handler. Returns false on timeout.
  bool run_until(const bool& done, Clock::time_point deadline, bp::async_pipe& pipe) {
    io.restart();
    while (!done) {
      if (io.run_one_until(deadline) == 0) break;
    }
    if (done) return true;
    pipe.cancel();
    io.restart();
    while (!done) io.run_one();
    return false;
  }

  void reap(bool block) {
    if (reaped) return;
    int status = 0;
    const pid_t r = ::waitpid(child.id(), &status, block ? 0 : WNOHANG);
    if (r == child.id()) {
      reaped = true;
      exit_status = status;
      child.detach();  // reaped here; keep bp::child from waiting again
    }
  }
};

EngineProcess::EngineProcess(const std::vector<std::string>& words, const std::string& stderr_path,
                             const std::string& dir) {
  if (words.empty()) throw std::invalid_argument("empty engine command");
  auto program = find_program(words[0]);
  // A relative path such as ./engine names a file in the engine's folder.
  if (!dir.empty() && program.is_relative()) program = boost::filesystem::path(dir) / program;
  boost::system::error_code dir_error;
  if (!dir.empty() && !boost::filesystem::is_directory(dir, dir_error))
    throw std::runtime_error("working directory '" + dir + "' is not a directory");
  const std::vector<std::string> args(words.begin() + 1, words.end());
  ignore_sigpipe();
  std::lock_guard lock(spawn_mutex);
  impl_ = std::make_unique<Impl>();  // creates the pipes, so under the lock
  // Engines' diagnostics are appended to one log (several engines may share it).
  const int log_fd = ::open(stderr_path.empty() ? "/dev/null" : stderr_path.c_str(),
                            O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) throw std::runtime_error("cannot open engine log '" + stderr_path + "'");
  try {
    impl_->child =
        bp::child(program, bp::args(args), (bp::std_in < impl_->to_engine),
                  (bp::std_out > impl_->from_engine), bp::posix::fd.bind(STDERR_FILENO, log_fd),
                  impl_->group, bp::start_dir = dir.empty() ? std::string(".") : dir);
  } catch (const bp::process_error& e) {
    ::close(log_fd);
    throw std::runtime_error("cannot start '" + words[0] + "': " + e.code().message());
  }
  ::close(log_fd);
  remember_group(static_cast<pid_t>(impl_->child.id()));  // the child leads its own group
  set_close_on_exec(impl_->to_engine.native_sink());
  set_close_on_exec(impl_->from_engine.native_source());
}

EngineProcess::~EngineProcess() { kill(); }

bool EngineProcess::write_line(const std::string& text, Clock::time_point deadline) {
  if (!impl_->to_engine.is_open()) return false;
  const std::string data = text + "\n";
  bool done = false;
  boost::system::error_code result;
  asio::async_write(impl_->to_engine, asio::buffer(data),
                    [&](const boost::system::error_code& ec, std::size_t) {
                      result = ec;
                      done = true;
                    });
  if (!impl_->run_until(done, deadline, impl_->to_engine)) return false;
  return !result;
}

ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  bool done = false;
  boost::system::error_code result;
  std::size_t length = 0;
  asio::async_read_until(impl_->from_engine, impl_->input, '\n',
                         [&](const boost::system::error_code& ec, std::size_t n) {
                           result = ec;
                           length = n;
                           done = true;
                         });
  if (!impl_->run_until(done, deadline, impl_->from_engine)) return ReadStatus::Timeout;
  if (result == asio::error::not_found) return ReadStatus::TooLong;  // buffer full, no '\n'
  if (result) return ReadStatus::Closed;  // end of file or broken pipe: the engine is gone
  line.assign(asio::buffers_begin(impl_->input.data()),
              asio::buffers_begin(impl_->input.data()) + static_cast<std::ptrdiff_t>(length));
  impl_->input.consume(length);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return ReadStatus::Line;
}

bool EngineProcess::running() {
  impl_->reap(false);
  return !impl_->reaped;
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
  boost::system::error_code ignored;
  impl_->to_engine.close(ignored);  // end of input asks well-behaved engines to exit
  const auto until = Clock::now() + grace;
  while (running() && Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill();
}

void EngineProcess::kill() {
  if (!impl_) return;
  if (!impl_->killed && impl_->group.valid()) {
    std::error_code ec;
    impl_->group.terminate(ec);  // SIGKILL to the whole group, helpers included
    impl_->killed = true;
    forget_group(static_cast<pid_t>(impl_->child.id()));
  }
  impl_->reap(true);
  boost::system::error_code ignored;
  impl_->to_engine.close(ignored);
  impl_->from_engine.close(ignored);
}

std::string EngineProcess::exit_description() {
  if (running()) return "running";
  const int s = impl_->exit_status;
  if (WIFEXITED(s)) return "exit code " + std::to_string(WEXITSTATUS(s));
  if (WIFSIGNALED(s)) {
    return "killed by signal " + std::to_string(WTERMSIG(s));
  }
  return "ended";
}

}  // namespace flank::referee
