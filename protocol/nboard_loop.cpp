#include "protocol/nboard_loop.hpp"

#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

namespace flank::nboard {

void run(Engine& engine, std::istream& in, std::ostream& out, std::ostream& err) {
  std::mutex io;  // both threads write; every line goes out whole and flushed
  const Engine::Emit emit = [&](const std::string& line) {
    const std::lock_guard lock(io);
    out << line << '\n' << std::flush;
  };
  const auto report = [&](const std::string& problem) {
    if (problem.empty()) return;
    const std::lock_guard lock(io);
    err << "error: " << problem << '\n' << std::flush;
  };
  std::atomic<bool> stop{false};
  std::thread search;
  const auto finish_search = [&](bool interrupt) {
    if (!search.joinable()) return;
    if (interrupt) stop = true;
    search.join();
    stop = false;
  };
  std::string line, error;
  while (!engine.quit_requested() && std::getline(in, line)) {
    const std::optional<Request> request = parse_request(line, error);
    if (!request) {
      report(error);
      continue;
    }
    finish_search(true);
    if (Engine::searches(*request)) {
      search = std::thread([&, r = *request] { report(engine.execute(r, emit, &stop)); });
    } else {
      report(engine.execute(*request, emit));
    }
  }
  finish_search(false);
}

}  // namespace flank::nboard
