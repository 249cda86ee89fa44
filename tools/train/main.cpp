// flank-train: makes the trained pattern evaluation's weights. Generates
// labelled positions by self-play (resumable: games are appended to a position
// file as they finish), fits the weights, and writes them with a learning curve.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/pattern_evaluator.hpp"
#include "engine/pattern_weights.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/common/endgame_suite.hpp"
#include "tools/common/options.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/measure.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/propagate.hpp"
#include "tools/train/selfplay.hpp"

namespace po = boost::program_options;
using namespace flank;
using namespace flank::train;

namespace {

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 64u));
}

struct Settings {
  std::string data, suite, out, curve, openings, init;
  int games = 0, threads = 1, phases = 12;
  std::uint64_t seed = 1;
  bool generate_only = false, fit_only = false;
  std::vector<std::string> measure;
  int band = 10;
  std::string empties = "0-60";  // --empties LOW-HIGH
  int empties_low = 0, empties_high = 60;
  SelfPlayOptions play;
  FitOptions fit;
  PropagateOptions propagate;
};

// Plays the games missing from the position file and appends them.
void generate(const Settings& s, const Dataset& existing) {
  std::vector<std::uint32_t> todo;
  for (std::uint32_t g = 0; g < static_cast<std::uint32_t>(s.games); ++g)
    if (!existing.games.count(g)) todo.push_back(g);
  std::cout << "positions file " << s.data << ": " << existing.games.size() << " games, "
            << existing.samples.size() << " positions; playing " << todo.size() << " more"
            << std::endl;
  if (todo.empty()) return;
  const std::vector<std::string> openings = read_openings(s.openings);
  if (std::filesystem::exists(s.data) &&
      std::filesystem::file_size(s.data) > existing.complete_bytes)
    std::filesystem::resize_file(s.data, existing.complete_bytes);  // drop an unfinished game
  std::ofstream out(s.data, std::ios::app);
  if (!out) throw std::runtime_error("cannot write position file " + s.data);

  std::mutex lock;  // guards the file and the counts
  std::size_t done = 0, positions = 0;
  Progress progress("games", static_cast<double>(todo.size()));
  std::exception_ptr failure;  // reported after the progress line is finished
  try {
    parallel_for(
        todo.size(), s.threads, [] { return std::make_unique<Searcher>(16); },
        [&](Searcher& searcher, std::size_t i) {
          const std::vector<Sample> samples =
              play_game(todo[i], s.seed, openings, s.play, searcher);
          const std::string text = format_game(todo[i], samples);
          std::lock_guard<std::mutex> guard(lock);
          out << text << std::flush;
          if (!out) throw std::runtime_error("cannot write position file " + s.data);
          ++done;
          positions += samples.size();
          progress.update(static_cast<double>(done),
                          std::to_string(positions) + " positions, " +
                              std::to_string(static_cast<int>(positions / progress.seconds())) +
                              "/s,");
        });
  } catch (...) {
    failure = std::current_exception();
  }
  progress.finish(static_cast<double>(done), std::to_string(positions) + " positions");
  if (failure) std::rethrow_exception(failure);
}

// Compares weights files on the positions of --data (exact labels, then all).
void measure_only(const Settings& s, const std::vector<Sample>& samples) {
  std::vector<NamedEvaluation> evaluations;
  for (const std::string& name : s.measure) {
    // "hand" names the hand-made evaluation; anything else is a weights file.
    const std::shared_ptr<const Evaluator> evaluator =
        name == "hand" ? hand_evaluator() : pattern_evaluator(name);
    evaluations.push_back({name, [evaluator](std::uint64_t me, std::uint64_t opp) {
                             return static_cast<float>(evaluator->evaluate8(me, opp)) /
                                    kUnitsPerDisc;
                           }});
  }
  std::cout << "Positions of " << (s.suite.empty() ? s.data : s.suite) << " with exact labels:\n\n"
            << error_by_empties(samples, evaluations, "e", s.band, s.empties_low, s.empties_high);
  if (s.suite.empty())
    std::cout << "\nAll positions (exact, propagated outcome and search labels):\n\n"
              << error_by_empties(samples, evaluations, "eos", s.band, s.empties_low,
                                  s.empties_high);
}

void fit_and_write(const Settings& s, std::vector<Sample> samples) {
  PatternWeights weights = s.init.empty() ? PatternWeights(s.phases) : load_weights(s.init);
  std::size_t exact = 0;
  for (const Sample& x : samples) exact += x.kind == LabelKind::Exact;
  std::cout << "fitting " << samples.size() << " positions (" << exact << " exact), "
            << weights.phases() << " phases, " << s.fit.epochs << " epochs" << std::endl;
  Progress progress("epochs", s.fit.epochs);  // for its clock only
  const std::vector<EpochRow> rows = fit(samples, weights, s.fit, [&](const EpochRow& row) {
    const double left = row.epoch ? progress.seconds() * (s.fit.epochs - row.epoch) / row.epoch : 0;
    std::printf(
        "epoch %2d/%d  rate %.5f  train MAE %.3f  held-out MAE %.3f  RMSE %.3f  (%.1f s, ETA "
        "%s)\n",
        row.epoch, s.fit.epochs, row.learning_rate, row.train_mae, row.holdout_mae,
        row.holdout_rmse, row.seconds, Progress::duration(left).c_str());
    std::fflush(stdout);
    if (row.epoch > 0) save_weights(weights, s.out);  // a checkpoint to resume from with --init
  });
  save_weights(weights, s.out);
  std::string propagated;
  if (s.propagate.depth > 0) {
    std::cout << "propagating by phase: depth-" << s.propagate.depth
              << " search labels before the exact phases, last phase first" << std::endl;
    propagated = "\n## Labels propagated by phase (depth " + std::to_string(s.propagate.depth) +
                 " searches)\n\nMean absolute error against the new labels.\n\n"
                 "| phase | relabelled | before refit train/held-out | after refit "
                 "train/held-out |\n|---|---|---|---|\n";
    propagate_by_phase(
        samples, weights, s.fit, s.propagate,
        [&](int phase, std::size_t relabelled, const std::vector<EpochRow>& phase_rows) {
          const PhaseError& first = phase_rows.front().phases[phase];
          const PhaseError& last = phase_rows.back().phases[phase];
          char line[160];
          std::snprintf(line, sizeof line, "| %d | %zu | %.2f/%.2f | %.2f/%.2f |\n", phase,
                        relabelled, first.train_mae, first.holdout_mae, last.train_mae,
                        last.holdout_mae);
          propagated += line;
          std::printf("phase %2d: %zu positions relabelled, held-out MAE %.3f -> %.3f (%s)\n",
                      phase, relabelled, first.holdout_mae, last.holdout_mae,
                      Progress::duration(progress.seconds()).c_str());
          std::fflush(stdout);
          save_weights(weights, s.out);
        });
  }
  const std::string table = curve_table(rows, weights.phases());
  std::ofstream curve(s.curve);
  curve << "# flank-train learning curve\n\n"
        << samples.size() << " positions, seed " << s.seed << "\n\n"
        << table << propagated;
  if (!curve) throw std::runtime_error("cannot write learning curve " + s.curve);
  std::cout << "wrote " << s.out << " (" << weights.to_bytes().size() << " bytes) and " << s.curve
            << std::endl;
}

// A bad option or combination of options: one error line and status 2, like
// the errors the option parser reports.
struct BadOption : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Checks every option before any long work starts.
void check_options(Settings& s) {
  if (s.games < 0) throw BadOption("--games must be >= 0");
  if (s.threads < 1 || s.threads > 64) throw BadOption("--threads must be 1..64");
  if (s.play.play_depth < 1 || s.play.play_depth > 20)
    throw BadOption("--play-depth must be 1..20");
  if (s.play.exact_empties < 0 || s.play.exact_empties > 30)
    throw BadOption("--exact-empties must be 0..30");
  if (s.propagate.depth < 0 || s.propagate.depth > 20)
    throw BadOption("--propagate-depth must be 0..20");
  if (!(s.play.random_moves >= 0 && s.play.random_moves <= 1))
    throw BadOption("--random-moves must be 0..1");
  if (!(s.fit.holdout >= 0 && s.fit.holdout < 1)) throw BadOption("--holdout must be in [0, 1)");
  if (s.fit.epochs < 0) throw BadOption("--epochs must be >= 0");
  if (!(s.fit.learning_rate > 0) || !(s.fit.l2 >= 0))
    throw BadOption("--learning-rate must be > 0 and --l2 >= 0");
  if (s.band < 1 || s.band > 61) throw BadOption("--band must be 1..61");
  if (std::sscanf(s.empties.c_str(), "%d-%d", &s.empties_low, &s.empties_high) != 2 ||
      s.empties_low < 0 || s.empties_low > s.empties_high || s.empties_high > 60 ||
      s.empties.find_first_not_of("0123456789-") != std::string::npos)
    throw BadOption("--empties must be LOW-HIGH with 0 <= LOW <= HIGH <= 60");
  try {
    PatternWeights{s.phases};
  } catch (const std::exception& e) {
    throw BadOption(std::string("--phases: ") + e.what());
  }
  if (!s.suite.empty()) {
    if (s.measure.empty()) throw BadOption("--suite goes with --measure");
    return;
  }
  if (s.data.empty()) throw BadOption("--data is required (or --suite with --measure)");
  if (!s.measure.empty()) return;
  if (!s.generate_only && s.out.empty())
    throw BadOption("--out is required (or use --generate-only)");
  if (s.generate_only && s.fit_only)
    throw BadOption("--generate-only and --fit-only exclude each other");
  if (s.curve.empty()) s.curve = s.out + ".curve.md";
}

// What the options ask for: a measurement, or self-play and fitting.
void run(Settings& s) {
  if (!s.suite.empty()) {
    const std::vector<EndgameCase> cases = read_endgame_suite(s.suite);
    try {
      measure_only(s, samples_of(cases));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--suite " + s.suite + ": " + e.what());
    }
    return;
  }
  if (!s.measure.empty()) {
    const Dataset data = read_dataset(s.data);
    if (data.samples.empty()) throw std::runtime_error("no positions in " + s.data);
    measure_only(s, data.samples);
    return;
  }
  s.fit.seed = s.seed;
  s.propagate.threads = s.threads;
  Dataset data = read_dataset(s.data);
  if (!s.fit_only) {
    generate(s, data);
    data = read_dataset(s.data);
  }
  if (s.generate_only) return;
  if (data.samples.empty()) throw std::runtime_error("no positions in " + s.data);
  fit_and_write(s, data.samples);
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  po::options_description opts(
      "Usage: flank-train --data FILE --out WEIGHTS [OPTIONS]\n"
      "       flank-train --data FILE --measure WEIGHTS|hand [OPTIONS]\n"
      "       flank-train --suite FILE --measure WEIGHTS|hand [OPTIONS]\n"
      "Trains the 8x8 pattern evaluation: plays --games self-play games from XOT openings\n"
      "(those already in --data are kept, so an interrupted run resumes), labels their\n"
      "positions (exact solve from --exact-empties on, the propagated game result or a\n"
      "search score before), fits the weights and writes them to --out, with the\n"
      "learning curve (error per phase per epoch) to --curve.\n"
      "The defaults are the recipe of the shipped weights (data/pattern-weights.bin).\n\nOptions");
  // Fractions get their default's text too: Boost would show 0.05 as 0.050000000000000003.
  // clang-format off
  opts.add_options()
      ("help,h", "show this help")
      ("version,v", "print the version and exit")
      ("data", po::value(&s.data)->value_name("FILE"),
       "position file (created or extended); required")
      ("suite", po::value(&s.suite)->value_name("FILE"),
       "with --measure: an endgame test suite with exact scores (e.g. tests/data/ffo1-79.txt) "
       "instead of --data")
      ("out,o", po::value(&s.out)->value_name("WEIGHTS"),
       "weights file to write (required unless --generate-only)")
      ("curve", po::value(&s.curve)->value_name("FILE"),
       "learning-curve table to write (default: WEIGHTS.curve.md)")
      ("games,g", po::value(&s.games)->default_value(60000), "self-play games in the position file")
      ("seed", po::value(&s.seed)->default_value(1), "random seed (games, split, shuffling)")
      ("threads,t", po::value(&s.threads)->default_value(default_threads()),
       "threads for self-play and propagation (the result does not depend on it)")
      ("openings",
       po::value(&s.openings)->default_value("xot"),
       "opening lines, one a line, or xot: the built-in XOT list")
      ("play-depth", po::value(&s.play.play_depth)->default_value(4), "self-play search depth")
      ("random-moves", po::value(&s.play.random_moves)->default_value(0.05, "0.05"),
       "chance of a random self-play move")
      ("exact-empties", po::value(&s.play.exact_empties)->default_value(18),
       "solve exactly from this many empties on")
      ("propagate-depth", po::value(&s.propagate.depth)->default_value(4),
       "after fitting, relabel the positions before the exact ones phase by phase with searches "
       "this deep on the fitted weights, refitting each phase (0: keep the game results)")
      ("phases", po::value(&s.phases)->default_value(12), "game phases with their own weights")
      ("epochs", po::value(&s.fit.epochs)->default_value(10), "passes over the positions")
      ("learning-rate", po::value(&s.fit.learning_rate)->default_value(0.002, "0.002"),
       "first epoch's step size")
      ("l2", po::value(&s.fit.l2)->default_value(1e-4, "0.0001"), "L2 regularisation (weight decay)")
      ("holdout", po::value(&s.fit.holdout)->default_value(0.05, "0.05"),
       "fraction of games held out")
      ("init", po::value(&s.init)->value_name("WEIGHTS"),
       "start from these weights instead of zeros")
      ("generate-only", po::bool_switch(&s.generate_only), "only play games")
      ("fit-only", po::bool_switch(&s.fit_only), "only fit to the games already in --data")
      ("measure", po::value(&s.measure)->composing()->value_name("WEIGHTS"),
       "only report the error of these weights files, or `hand` for the hand-made evaluation, "
       "on --data by empties (repeatable)")
      ("band", po::value(&s.band)->default_value(10), "empties per row of the --measure table")
      ("empties", po::value(&s.empties)->default_value("0-60"),
       "range of empties the --measure table covers, LOW-HIGH");
  // clang-format on
  po::variables_map vm;
  if (!parse_command_line(std::vector<std::string>(argv + 1, argv + argc), opts, vm))
    return vm.count("help") ? 0 : 2;
  if (vm.count("version")) {
    std::cout << "flank-train " << FLANK_VERSION << "\n";
    return 0;
  }
  try {
    check_options(s);
  } catch (const BadOption& e) {
    std::cerr << "error: " << e.what() << " (try --help)\n";
    return 2;
  }
  try {
    run(s);
  } catch (const std::exception& e) {
    if (isatty(STDERR_FILENO)) std::cerr << "\n";  // end a progress line
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
