// libFuzzer target for the GTP parser and dispatcher: the input is a session
// of command lines. Every reply must be well formed, and a failing command
// must leave the game unchanged; anything else aborts, as does a crash or a
// sanitizer report.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "protocol/gtp_command.hpp"
#include "protocol/gtp_engine.hpp"

namespace {

using flank::gtp::Engine;

flank::gtp::EngineOptions fuzz_options() {
  flank::gtp::EngineOptions o;
  o.level = 1;
  o.hash_mb = 1;
  o.max_solve_empties = 8;
  return o;
}

void require(bool ok, const char* what, std::string_view line) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\nline: %.*s\n", what, static_cast<int>(line.size()),
               line.data());
  std::abort();
}

// Commands that can only make the search slower (a deeper level, a long
// clock) go to a second engine that never searches, so their parsing is still
// fuzzed but no input can make one genmove run for minutes.
bool slows_search(std::string_view line) {
  const auto cmd = flank::gtp::parse_command(line);
  return cmd &&
         (cmd->name == "flank-level" || cmd->name == "time_settings" || cmd->name == "time_left");
}

void check_line(Engine& engine, std::string_view line) {
  const flank::Game before = engine.game();
  const int level = engine.level();
  const std::string reply = engine.handle_line(line);
  if (reply.empty()) return;
  require(reply[0] == '=' || reply[0] == '?', "reply starts with = or ?", line);
  require(reply.size() >= 3 && reply.ends_with("\n\n"), "reply ends with a blank line", line);
  require(reply.find("\n\n") == reply.size() - 2, "no blank line inside a reply", line);
  if (reply[0] == '?') {
    const flank::Game& after = engine.game();
    require(after.start() == before.start() && after.position() == before.position() &&
                after.moves() == before.moves() && engine.level() == level,
            "a failing command leaves the game unchanged", line);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  Engine engine(fuzz_options());
  Engine side_engine(fuzz_options());
  std::size_t start = 0;
  for (int lines = 0; start < input.size() && lines < 64; ++lines) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    Engine& target = slows_search(line) ? side_engine : engine;
    check_line(target, line);
    if (target.quit_requested()) break;
  }
  return 0;
}
