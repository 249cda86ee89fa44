// flank: the Othello engine speaking GTP version 2 on stdin/stdout.
#include <csignal>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "engine/color.hpp"
#include "engine/eval.hpp"
#include "engine/pattern_evaluator.hpp"
#include "tools/common/weights_file.hpp"
#include "engine/search.hpp"
#include "protocol/gtp_engine.hpp"
#include "tools/common/options.hpp"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  // A controller that closes our output should end the engine quietly, not by a signal.
  std::signal(SIGPIPE, SIG_IGN);
  flank::gtp::EngineOptions engine;
  std::uint64_t hash_mb = engine.hash_mb;
  std::string eval_name, weights_path;
  po::options_description opts(
      "Usage: flank [OPTIONS]\n"
      "Reads GTP version 2 commands on stdin and answers on stdout (see README.md).\n\n"
      "Options");
  // clang-format off
  opts.add_options()
      ("help,h", "print this help and exit")
      ("version,v", "print the version and exit")
      ("level,l", po::value<int>(&engine.level)->default_value(engine.level),
       "playing strength 1..10 (deeper search, earlier exact endgame) when no clock is set")
      ("size,s", po::value<int>(&engine.size)->default_value(engine.size),
       "initial board size: even, 4..26")
      ("hash", po::value<std::uint64_t>(&hash_mb)->default_value(hash_mb),
       "transposition table size in MB")
      ("time,t", po::value<double>(&engine.seconds_per_move)->default_value(0),
       "think this many seconds per move (0: use the level, or the GTP clock)")
      ("random", po::value<double>(&engine.randomness)->default_value(0),
       "pick among moves within this many discs of the best (0: deterministic)")
      ("seed", po::value<std::uint64_t>(&engine.seed)->default_value(0),
       "random seed for --random")
      ("unicode", po::bool_switch(&engine.unicode), "showboard draws discs as \u25CF and \u25CB")
      ("eval", po::value<std::string>(&eval_name)->default_value("pattern"),
       "8x8 evaluation: pattern (the trained weights) or hand (the hand-made one)")
      ("weights", po::value<std::string>(&weights_path),
       "trained weights file to use instead of the shipped ones (see flank-train)");
  // clang-format on
  po::variables_map vm;
  if (!flank::parse_command_line(std::vector<std::string>(argv + 1, argv + argc), opts, vm))
    return vm.count("help") ? 0 : 2;
  if (vm.count("version")) {
    std::cout << "flank " << FLANK_VERSION << "\n";
    return 0;
  }
  const auto fail = [](const std::string& message) {
    std::cerr << "error: " << message << " (try --help)\n";
    return 2;
  };
  if (!flank::is_valid_size(engine.size))
    return fail("--size must be an even number from 4 to 26, not " + std::to_string(engine.size));
  if (engine.level < 1 || engine.level > flank::kMaxLevel)
    return fail("--level must be from 1 to " + std::to_string(flank::kMaxLevel));
  if (hash_mb < 1 || hash_mb > (1u << 16)) return fail("--hash must be from 1 to 65536 MB");
  if (engine.seconds_per_move < 0) return fail("--time must not be negative");
  if (engine.randomness < 0) return fail("--random must not be negative");
  engine.hash_mb = hash_mb;
  if (eval_name != "pattern" && eval_name != "hand")
    return fail("--eval must be pattern or hand, not '" + eval_name + "'");
  if (eval_name == "hand" && !weights_path.empty())
    return fail("--weights goes with --eval pattern");
  try {
    engine.evaluator = eval_name == "hand"    ? flank::hand_evaluator()
                       : weights_path.empty() ? flank::pattern_evaluator()
                                              : flank::pattern_evaluator(weights_path);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  try {
    flank::gtp::Engine gtp(engine);
    gtp.run(std::cin, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
