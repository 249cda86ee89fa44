// flank-train: makes the trained pattern evaluation's weights. Generates
// labelled positions by self-play (resumable: games are appended to a position
// file as they finish), fits the weights, and writes them with a learning curve.
// The steps live beside it: games_step, weights_step, model_steps; the options
// in train_options.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "engine/eval/phase_blend.hpp"
#include "tools/common/endgame_suite.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/common/options.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/games_step.hpp"
#include "tools/train/measure.hpp"
#include "tools/train/model_steps.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/size_train.hpp"
#include "tools/train/train_options.hpp"
#include "tools/train/weights_step.hpp"

namespace po = boost::program_options;
using namespace flank;
using namespace flank::train;

namespace {

// Compares weights files on the positions of --data (exact labels, then all).
void measure_only(const Settings& s, const std::vector<Sample>& samples) {
  std::vector<NamedEvaluation> evaluations;
  for (const std::string& name : s.measure) {
    const std::shared_ptr<const Evaluator> evaluator = evaluator_named(name, s.net);
    evaluations.push_back({name, [evaluator](std::uint64_t me, std::uint64_t opp) {
                             return static_cast<float>(evaluator->evaluate8(me, opp)) /
                                    kUnitsPerDisc;
                           }});
  }
  std::cout << "Positions of " << (s.suite.empty() ? s.data : s.suite) << " with exact labels:\n\n"
            << error_by_empties(samples, evaluations, "e", s.band, s.empties_range.low,
                                s.empties_range.high);
  if (s.suite.empty())
    std::cout << "\nAll positions (exact, propagated outcome, win/loss/draw and search labels):\n\n"
              << error_by_empties(samples, evaluations, "eosw", s.band, s.empties_range.low,
                                  s.empties_range.high);
}

// What the options ask for: a measurement, or self-play and fitting.
void run(Settings& s) {
  if (s.interpolate_phases != 0) {
    const PatternWeights stored = load_weights(s.init);
    save_weights(interpolate_phases(evaluated_phases(stored), s.interpolate_phases), s.out);
    std::cout << "wrote " << s.out << ": " << s.init << "'s " << stored.phases() << " phases"
              << (stored.per_move_blend() ? " (blended per move: 61 evaluated)" : "")
              << " interpolated to " << s.interpolate_phases << std::endl;
    return;
  }
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
  if (!s.merge.empty()) {
    merge(s);
    return;
  }
  if (s.mpc_only) {
    const Dataset data = read_dataset(s.data);
    if (data.samples.empty()) throw std::runtime_error("no positions in " + s.data);
    fit_and_write_mpc(s, data.samples, load_weights(s.init));
    return;
  }
  if (s.net_only) {
    const PatternWeights weights = load_weights(s.init);  // a bad file fails before the reading
    const Dataset data = read_dataset(s.data);
    if (data.samples.empty()) throw std::runtime_error("no positions in " + s.data);
    fit_and_write_net(s, data.samples, weights);
    return;
  }
  s.fit.seed = s.seed;
  s.propagate.threads = s.threads;
  // A progress line with its ETA through each phase's searches (minutes to hours).
  auto searching = std::make_shared<std::optional<Progress>>();
  s.propagate.on_searched = [searching](std::size_t done, std::size_t total) {
    if (done == 0) searching->emplace("positions searched", static_cast<double>(total));
    if (done == total)
      (*searching)->finish(static_cast<double>(done));
    else
      (*searching)->update(static_cast<double>(done));
  };
  s.propagate.mpc = mpc_from_option(s.propagate_mpc);
  s.lsq.threads = s.threads;
  // A bad --init file fails now, not after hours of games.
  if (!s.init.empty() && !s.generate_only) load_weights(s.init);
  Dataset data = read_dataset(s.data);
  if (!s.fit_only) {
    generate(s, data);
    data = read_dataset(s.data);
  }
  if (s.generate_only) return;
  if (data.samples.empty()) throw std::runtime_error("no positions in " + s.data);
  const std::size_t before = data.samples.size();
  deduplicate(data.samples);
  std::cout << "deduplicated (symmetric images included): " << before << " -> "
            << data.samples.size() << " positions" << std::endl;
  fit_and_write(s, data.samples);
}

}  // namespace

int main(int argc, char** argv) {
  flank::start_fastest_build(argv);  // the code for this CPU, where installed
  // The other board sizes' evaluation has a sub-command of its own (size_main.cpp).
  if (argc > 1 && std::string(argv[1]) == "sizes")
    return flank::train::size_train_main(argc - 1, argv + 1);
  Settings s;
  po::options_description opts(
      "Usage: flank-train --data FILE --out WEIGHTS [OPTIONS]\n"
      "   or: flank-train --data FILE --measure WEIGHTS|pattern|hand [OPTIONS]\n"
      "   or: flank-train --suite FILE --measure WEIGHTS|pattern|hand [OPTIONS]\n"
      "   or: flank-train sizes [OPTIONS]   (other board sizes: flank-train sizes --help)\n"
      "   or: flank-train --data FILE --merge PART...\n"
      "   or: flank-train --init WEIGHTS --interpolate-phases N --out WEIGHTS\n"
      "Trains the 8x8 pattern evaluation: takes the games of --games-pgn (WTHOR PGN files)\n"
      "and plays --games self-play games from XOT openings (games already in --data are\n"
      "kept, so an interrupted run resumes), labels their positions (exact solve from\n"
      "--exact-empties on, the propagated game result or a search score before), fits the\n"
      "weights and writes them to --out, with the learning curve (error per phase per\n"
      "epoch) to --curve, and with --mpc-out the Multi-ProbCut statistics.\n"
      "The whole WTHOR recipe in one script: tools/train/train-shipped.sh "
      "(docs/train.md).\n\nOptions");
  add_train_options(opts, s);
  po::variables_map vm;
  if (const auto status = flank::parse_options(argc, argv, "flank-train", opts, vm)) return *status;
  s.patterns_given = !vm["patterns"].defaulted();
  s.phases_given = !vm["phases"].defaulted();
  s.reweights_given = !vm["reweights"].defaulted();
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
