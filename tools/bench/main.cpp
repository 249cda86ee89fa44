// flank-bench: measures the engine. `flank-bench COMMAND --help` for each command.
#include <cstring>
#include <exception>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "tools/bench/commands.hpp"

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
  };
  return table;
}

void usage(std::ostream& out) {
  out << "Usage: flank-bench COMMAND [OPTIONS]\n\nCommands:\n";
  for (const auto& [name, cmd] : commands()) out << "  " << name << "\t" << cmd.summary << "\n";
  out << "\n`flank-bench COMMAND --help` lists a command's options. Build in Release for real "
         "figures.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    usage(std::cout);
    return argc < 2 ? 2 : 0;
  }
  const auto it = commands().find(argv[1]);
  if (it == commands().end()) {
    std::cerr << "flank-bench: unknown command '" << argv[1] << "' (try --help)\n";
    return 2;
  }
  try {
    return it->second.run(std::vector<std::string>(argv + 2, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "flank-bench " << argv[1] << ": " << e.what() << "\n";
    return 2;
  }
}
