// flank-bench gtp: a minimal GTP stand-in (boardsize, clear_board, play,
// genmove, final_score) so scripts/match-rhino.sh can measure the searcher's
// strength before the real engine (build/flank) is available. Not the engine.
#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>

#include "engine/game.hpp"
#include "engine/search.hpp"
#include "engine/square.hpp"
#include "tools/bench/commands.hpp"
#include "tools/common/options.hpp"

namespace po = boost::program_options;

namespace flank::bench {
namespace {

// Lines up the game with the colour about to move: a side with no move passes.
void align(Game& game, Color color) {
  if (game.position().to_move() != color && game.position().is_legal(kPass)) game.play(kPass);
  if (game.position().to_move() != color) throw std::invalid_argument("not that colour's turn");
}

std::string answer(Game& game, Searcher& searcher, const SearchLimits& limits,
                   const std::string& line, bool& quit) {
  std::istringstream in(line);
  std::string cmd, a, b;
  in >> cmd >> a >> b;
  if (cmd == "protocol_version") return "2";
  if (cmd == "name") return "flank-bench-gtp";
  if (cmd == "version") return "0.1";
  if (cmd == "list_commands") return "boardsize\nclear_board\nplay\ngenmove\nfinal_score\nquit";
  if (cmd == "quit") {
    quit = true;
    return "";
  }
  if (cmd == "boardsize") {
    game = Game(std::stoi(a));
    return "";
  }
  if (cmd == "clear_board") {
    game = Game(game.size());
    searcher.clear();
    return "";
  }
  if (cmd == "play") {
    const bool pass = b == "pass" || b == "PASS";
    if (pass && game.position().is_game_over()) return "";
    Game next = game;
    align(next, parse_color(a));
    next.play(pass ? kPass : parse_square(b, game.size()));
    game = next;
    return "";
  }
  if (cmd == "genmove") {
    if (game.position().is_game_over()) return "pass";
    align(game, parse_color(a));
    const Square m = searcher.search(game.position(), limits).move;
    game.play(m);
    return m == kPass ? "pass" : square_name(m, game.size());
  }
  if (cmd == "final_score") {
    const int s = game.position().score();
    return s > 0 ? "B+" + std::to_string(s) : s < 0 ? "W+" + std::to_string(-s) : "0";
  }
  throw std::invalid_argument("unknown command");
}

}  // namespace

int run_gtp(const std::vector<std::string>& args) {
  int level = kDefaultLevel;
  po::options_description opts(
      "flank-bench gtp [OPTIONS]\n"
      "A minimal GTP player on stdin/stdout for strength checks (see\n"
      "scripts/match-rhino.sh); the real engine is build/flank.\n\nOptions");
  opts.add_options()("help,h", "show this help")(
      "level,l", po::value(&level)->default_value(kDefaultLevel), "playing level (1..10)");
  po::variables_map vm;
  if (!parse_command_line(args, opts, vm)) return vm.count("help") ? 0 : 2;
  const SearchLimits limits = level_limits(level);
  Game game;
  Searcher searcher;
  bool quit = false;
  for (std::string line; !quit && std::getline(std::cin, line);) {
    if (line.empty() || line[0] == '#') continue;
    try {
      const std::string reply = answer(game, searcher, limits, line, quit);
      std::cout << "= " << reply << "\n\n" << std::flush;
    } catch (const std::exception& e) {
      std::cout << "? " << e.what() << "\n\n" << std::flush;
    }
  }
  return 0;
}

}  // namespace flank::bench
