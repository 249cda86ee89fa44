// flank: the Othello engine speaking GTP version 2 on stdin/stdout.
#include <csignal>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/eval/size_eval.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"
#include "engine/table/tt.hpp"
#include "protocol/gtp_engine.hpp"
#include "protocol/nboard_loop.hpp"
#include "tools/common/book_shipped.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/common/options.hpp"
#include "tools/common/size_weights_file.hpp"
#include "tools/common/weights_file.hpp"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  // A controller that closes our output should end the engine quietly, not by a signal.
  std::signal(SIGPIPE, SIG_IGN);
  flank::gtp::EngineOptions engine;
  std::uint64_t hash_mb = engine.hash_mb;
  std::string eval_name, weights_path, size_weights_path, book_option,
      level_text = std::to_string(engine.level);
  std::string mpc_option = "on", net_option = "on";
  std::string size_text = "8";
  bool nboard = false;
  po::options_description opts(
      "Usage: flank [OPTIONS]\n"
      "Reads GTP version 2 commands on stdin and answers on stdout (see README.md);\n"
      "with --nboard, the NBoard protocol instead (docs/nboard.md).\n\n"
      "Options");
  flank::add_help_version_options(opts);
  // clang-format off
  opts.add_options()
      ("nboard", po::bool_switch(&nboard),
       "speak the NBoard protocol (version 2) instead of GTP, for the NBoard GUI")
      ("level,l", po::value<std::string>(&level_text)->default_value(level_text),
       "playing strength 1..10 (1-3: fixed depths; 4-10: 0.008 to 0.8 s of one core a move, 5: 0.2 s), "
       "capped by the clock or "
       "--time if set; max: as strong as the clock or --time allows (level 10 without them)")
      ("size,s", po::value<std::string>(&size_text)->default_value(size_text),
       (std::string("initial ") + flank::kSizeHelp).c_str())
      ("hash", po::value<std::uint64_t>(&hash_mb)->default_value(hash_mb),
       "transposition table size in MB")
      ("time,t", po::value<double>(&engine.seconds_per_move)->default_value(0),
       "think at most this many seconds per move (0: no fixed limit); without --level, as "
       "strong as that time allows (level max)")
      ("cpu-time", po::bool_switch(&engine.thread_cpu_time),
       "measure --time and the clock in each search thread's CPU time, not wall time: fair "
       "matches between thread counts on a busy machine (docs/search.md); the wall time may "
       "run over")
      ("random", po::value<double>(&engine.randomness)->default_value(0),
       "pick among moves within this many discs of the best (0: deterministic)")
      ("seed", po::value<std::uint64_t>(&engine.seed)->default_value(0),
       "random seed for --random")
      ("ponder", po::bool_switch(&engine.ponder),
       "after each genmove, think on the opponent's time until the next command (GTP only): "
       "the next move starts with part of its search done, but is no longer deterministic")
      ("unicode", po::bool_switch(&engine.unicode), "showboard draws discs as \u25CF and \u25CB")
      ("eval", po::value<std::string>(&eval_name)->default_value("pattern"),
       "evaluation: pattern (the trained weights: patterns on 8x8, learnt features on other "
       "sizes) or hand (the hand-made one on every size)")
      ("weights", po::value<std::string>(&weights_path),
       "trained weights file to use instead of the shipped ones (see flank-train)")
      ("size-weights", po::value<std::string>(&size_weights_path),
       "weights for sizes other than 8x8 to use instead of the shipped ones (see flank-train "
       "sizes)")
      ("net", po::value<std::string>(&net_option)->default_value(net_option),
       flank::kNetOptionHelp)
      ("mpc", po::value<std::string>(&mpc_option)->default_value(mpc_option),
       "Multi-ProbCut in the 8x8 midgame search and its selective endgame: on (the shipped "
       "statistics), off, or a statistics file made by flank-train --mpc-out")
      ("book", po::value<std::string>(&book_option),
       "8x8 opening book: a book file, or off (default: the shipped book; docs/book.md)")
      ("book-random", po::value<double>(&engine.book_randomness)->default_value(0),
       "play any book move within this many discs of the best (0: the best), chosen by\n"
       "--seed if given, else differently in every run");
  // clang-format on
  flank::add_mpc_confidence_option(opts, engine.mpc_confidence);
  flank::add_threads_option(opts, engine.threads);
  po::variables_map vm;
  if (const auto status = flank::parse_options(argc, argv, "flank", opts, vm)) return *status;
  const auto fail = [](const std::string& message) {
    std::cerr << "error: " << message << " (try --help)\n";
    return 2;
  };
  try {
    engine.shape = flank::parse_size_option(size_text);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  const auto level = flank::gtp::parse_level(level_text);
  if (!level)
    return fail("--level must be " + flank::gtp::level_choices() + ", not '" + level_text + "'");
  engine.level = *level;
  // "Think S seconds a move" alone means as strong as S seconds allow.
  if (engine.seconds_per_move > 0 && vm["level"].defaulted()) engine.level = flank::gtp::kLevelMax;
  if (engine.threads < 1 || engine.threads > flank::kMaxSearchThreads)
    return fail("--threads must be from 1 to " + std::to_string(flank::kMaxSearchThreads));
  if (engine.seconds_per_move < 0) return fail("--time must not be negative");
  if (engine.ponder && nboard) return fail("--ponder goes with GTP, not --nboard");
  if (engine.randomness < 0) return fail("--random must not be negative");
  if (engine.book_randomness < 0) return fail("--book-random must not be negative");
  try {
    flank::check_hash(hash_mb);
    flank::check_mpc_confidence(engine.mpc_confidence, mpc_option != "off");
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  engine.hash_mb = hash_mb;
  if (eval_name != "pattern" && eval_name != "hand")
    return fail("--eval must be pattern or hand, not '" + eval_name + "'");
  if (eval_name == "hand" &&
      (!weights_path.empty() || !size_weights_path.empty() || !vm["net"].defaulted()))
    return fail("--weights, --size-weights and --net go with --eval pattern");
  try {
    engine.evaluator = eval_name == "hand" ? flank::hand_evaluator()
                                           : flank::pattern_evaluator(weights_path, net_option);
    if (!size_weights_path.empty())
      engine.evaluator =
          flank::with_size_weights(engine.evaluator, flank::load_size_weights(size_weights_path));
    engine.book = flank::book_from_option(book_option);
    engine.mpc = flank::mpc_from_option(mpc_option);
    engine.book_seed = vm["seed"].defaulted() ? std::random_device{}() : engine.seed;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  // The engine allocates the transposition table. A --hash this machine cannot
  // hold is refused as a bad option is (status 2, before any command is read);
  // status 1 is for failures while the engine runs.
  std::optional<flank::nboard::Engine> nboard_session;
  std::optional<flank::gtp::Engine> gtp;
  try {
    if (nboard)
      nboard_session.emplace(engine);
    else
      gtp.emplace(engine);
  } catch (const flank::TableAllocationError& e) {
    std::cerr << "error: " << flank::hash_allocation_error(e.megabytes()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
    return 1;
  }
  try {
    if (nboard)
      flank::nboard::run(*nboard_session, std::cin, std::cout, std::cerr);
    else
      gtp->run(std::cin, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
