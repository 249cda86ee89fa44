// `flank-train sizes`: the evaluation for board sizes other than 8x8
// (docs/train.md, "Other board sizes").
#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

#include "engine/eval/hand_eval.hpp"
#include "tools/common/options.hpp"
#include "tools/common/size_weights_file.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/search_workers.hpp"
#include "tools/train/size_train.hpp"

namespace po = boost::program_options;

namespace flank::train {
namespace {

std::vector<int> parse_sizes(const std::string& text) {
  std::vector<int> sizes;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    std::size_t used = 0;
    int n = 0;
    try {
      n = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != item.size() || n < 4 || n > 26 || n % 2 || n == 8)
      throw std::invalid_argument("--sizes takes even sizes 4..26 other than 8, not '" + item +
                                  "'");
    sizes.push_back(n);
  }
  if (sizes.empty()) throw std::invalid_argument("--sizes is empty");
  return sizes;
}

}  // namespace

int size_train_main(int argc, char** argv) {
  std::string sizes_text = "10,12,14,16", out, play_weights, openings_out;
  int games = 400, threads = 1, count = 100, plies = 8, balance = 2, opening_depth = 4;
  std::uint64_t seed = 3;  // the shipped weights' seed
  SizePlayOptions play;
  SizeFitOptions fit;
  po::options_description opts(
      "Usage: flank-train sizes [OPTIONS]\n"
      "Trains the evaluation for board sizes other than 8x8 by self-play on several sizes\n"
      "and least squares (docs/train.md), or with --openings-out writes balanced random\n"
      "openings for matches on one size.\n\nOptions");
  // clang-format off
  opts.add_options()
      ("help,h", "show this help")
      ("sizes", po::value(&sizes_text)->default_value(sizes_text), "board sizes to play on (even, 4..26, not 8)")
      ("games,g", po::value(&games)->default_value(games), "self-play games per size")
      ("seed", po::value(&seed)->default_value(seed), "random seed (games, openings)")
      ("threads,t", po::value(&threads)->default_value(threads), "self-play threads")
      ("random-plies", po::value(&play.random_plies)->default_value(play.random_plies), "random moves at the start of each game")
      ("play-depth", po::value(&play.play_depth)->default_value(play.play_depth), "self-play search depth")
      ("random-moves", decimal_value(&play.random_moves, play.random_moves), "chance of a random move later on")
      ("exact-empties", po::value(&play.exact_empties)->default_value(play.exact_empties), "perfect play from this many empties")
      ("label-depth", po::value(&play.label_depth)->default_value(play.label_depth), "label positions before the solve point also by a search this deep (0: the game's result alone)")
      ("result-weight", decimal_value(&play.result_weight, play.result_weight), "weight of the game's result in such a label (the search's: the rest)")
      ("phases", po::value(&play.phases)->default_value(play.phases), "game phases with their own weights")
      ("ridge", decimal_value(&fit.ridge, fit.ridge), "L2 penalty on each corner pattern weight")
      ("smooth", decimal_value(&fit.neighbours, fit.neighbours), "weight of a position in the phases next to its own")
      ("holdout-every", po::value(&fit.holdout_every)->default_value(fit.holdout_every), "hold out every K-th game to measure the error (0: none)")
      ("play-weights", po::value(&play_weights)->value_name("FILE"), "self-play with these size weights (default: the hand evaluation)")
      ("out,o", po::value(&out)->value_name("FILE"), "write the fitted weights here")
      ("openings-out", po::value(&openings_out)->value_name("FILE"), "write balanced openings for the one size in --sizes instead of training")
      ("count", po::value(&count)->default_value(count), "openings to write")
      ("plies", po::value(&plies)->default_value(plies), "random moves per opening")
      ("balance", po::value(&balance)->default_value(balance), "largest |score| in discs of a kept opening")
      ("opening-depth", po::value(&opening_depth)->default_value(opening_depth), "search depth that scores the openings");
  // clang-format on
  const auto fail = [](const std::string& message) {
    std::cerr << "error: " << message << " (try flank-train sizes --help)\n";
    return 2;
  };
  po::variables_map vm;
  if (!parse_command_line(std::vector<std::string>(argv + 1, argv + argc), opts, vm, nullptr,
                          nullptr, "flank-train sizes"))
    return vm.count("help") ? 0 : 2;
  std::vector<int> sizes;
  try {
    sizes = parse_sizes(sizes_text);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  try {
    if (threads < 1 || threads > 64) return fail("--threads must be 1..64");
    if (!openings_out.empty()) {
      if (sizes.size() != 1) return fail("--openings-out takes one size in --sizes");
      if (count < 1 || plies < 1 || opening_depth < 1 || balance < 0)
        return fail("--count, --plies and --opening-depth must be >= 1, --balance >= 0");
      const auto lines = balanced_openings(sizes[0], count, plies, opening_depth, balance, seed);
      std::ofstream file(openings_out);
      file << "# " << lines.size() << " random " << sizes[0] << "x" << sizes[0] << " openings of "
           << plies << " moves within " << balance << " discs at depth " << opening_depth
           << " (flank-train sizes --openings-out, --seed " << seed << ")\n";
      for (const auto& l : lines) file << l << "\n";
      if (!file.flush()) return fail("cannot write " + openings_out);
      std::cout << "wrote " << lines.size() << " openings to " << openings_out << "\n";
      return 0;
    }
    if (out.empty()) return fail("--out is required (or --openings-out)");
    if (games < 1) return fail("--games must be >= 1");
    if (play.phases < 1 || play.phases > 64) return fail("--phases must be 1..64");
    if (play.play_depth < 1 || play.play_depth > 10) return fail("--play-depth must be 1..10");
    if (play.exact_empties < 0 || play.exact_empties > 20)
      return fail("--exact-empties must be 0..20");
    if (!(play.random_moves >= 0 && play.random_moves <= 1) ||
        !(play.result_weight >= 0 && play.result_weight <= 1))
      return fail("--random-moves and --result-weight must be 0..1");
    if (play.label_depth < 0 || play.label_depth > 10) return fail("--label-depth must be 0..10");
    if (!(fit.ridge > 0) || !(fit.neighbours >= 0 && fit.neighbours <= 1))
      return fail("--ridge must be > 0 and --smooth 0..1");
    const auto evaluator =
        play_weights.empty() ? hand_evaluator()
                             : with_size_weights(hand_evaluator(), load_size_weights(play_weights));
    const std::size_t total = sizes.size() * static_cast<std::size_t>(games);
    std::vector<std::vector<SizeSample>> per_game(total);
    Progress progress("games", static_cast<double>(total));
    std::mutex lock;
    std::size_t done = 0;
    parallel_for(
        total, threads, searcher_maker(evaluator, 16), [&](Searcher& searcher, std::size_t i) {
          const int n = sizes[i % sizes.size()];
          per_game[i] = play_size_game(n, static_cast<std::uint32_t>(i), seed, play, searcher);
          std::lock_guard<std::mutex> guard(lock);
          progress.update(static_cast<double>(++done));
        });
    progress.finish(static_cast<double>(done));
    std::vector<SizeSample> samples;
    for (auto& g : per_game) samples.insert(samples.end(), g.begin(), g.end());
    SizeFitReport report;
    const SizeWeights weights = fit_size_weights(samples, play.phases, fit, report);
    save_size_weights(weights, out);
    std::printf(
        "%zu games, %zu positions; mean absolute error (8x8 discs): train %.3f (%zu), held out "
        "%.3f (%zu); wrote %s\n",
        total, samples.size(), report.train_mae, report.train, report.holdout_mae, report.holdout,
        out.c_str());
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace flank::train
