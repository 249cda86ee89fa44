// flank-bench: measures the engine. `flank-bench COMMAND --help` for each command.
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/table/tt.hpp"
#include "tools/bench/commands.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/options.hpp"

namespace {

struct Command {
  int (*run)(const std::vector<std::string>&);
  const char* summary;
};

const std::map<std::string, Command>& commands() {
  static const std::map<std::string, Command> table = {
      {"perft", {flank::bench::run_perft, "count game-tree leaves from the start position"}},
      {"endgame", {flank::bench::run_endgame, "solve endgame positions exactly and check them"}},
      {"midgame", {flank::bench::run_midgame, "search midgame positions: depth, nodes, speed"}},
      {"sizes", {flank::bench::run_sizes, "search positions of any board size: nodes, speed"}},
  };
  return table;
}

void usage(std::ostream& out) {
  out << "Usage: flank-bench COMMAND [OPTIONS]\n\nCommands:\n";
  for (const auto& [name, cmd] : commands())
    out << "  " << name << std::string(name.size() < 7 ? 9 - name.size() : 2, ' ') << cmd.summary
        << "\n";
  out << "\n`flank-bench COMMAND --help` lists a command's options. Build in Release for real "
         "figures.\n";
}

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  const std::string first = argc < 2 ? "" : argv[1];
  if (first == "--help" || first == "-h") {
    usage(std::cout);
    return 0;
  }
  if (first == "--version" || first == "-v") {
    std::cout << flank::version_line("flank-bench") << "\n";
    return 0;
  }
  if (first.empty()) return fail("no command: perft, endgame, midgame or sizes (try --help)");
  const auto it = commands().find(first);
  if (it == commands().end()) return fail("unknown command '" + first + "' (try --help)");
  try {
    return it->second.run(std::vector<std::string>(argv + 2, argv + argc));
  } catch (const std::invalid_argument& e) {
    // A bad option value, found after parsing.
    return fail(std::string(e.what()) + " (try flank-bench " + first + " --help)");
  } catch (const flank::TableAllocationError& e) {
    return fail(flank::hash_allocation_error(e.megabytes()));
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  } catch (const std::exception& e) {
    return fail(e.what());
  }
}
