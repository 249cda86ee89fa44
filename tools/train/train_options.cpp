// flank-train's option descriptions and their checks.
#include "tools/train/train_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <thread>

#include "engine/eval/pattern_weights.hpp"
#include "engine/search/mpc.hpp"
#include "tools/common/options.hpp"
#include "tools/common/weights_file.hpp"

namespace flank::train {
namespace po = boost::program_options;

namespace {

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 64u));
}

// K/N with 1 <= K <= N.
void parse_shard(const std::string& text, const char* option, int& index, int& count) {
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d/%d%c", &index, &count, &tail) != 2 || count < 1 || index < 1 ||
      index > count)
    throw BadOption(std::string(option) + " must be K/N with 1 <= K <= N");
}

void check_propagation_options(Settings& s) {
  const bool sharded = !s.propagate_shard.empty() || !s.propagate_parts.empty();
  if (!s.checkpoint.empty() && (s.propagate.depth == 0 || !fits(s)))
    throw BadOption("--propagate-checkpoint goes with a fit with --propagate-depth > 0");
  if (!s.checkpoint.empty() &&
      (s.checkpoint == s.data || s.checkpoint == s.out || s.checkpoint == s.labels_out))
    throw BadOption("--propagate-checkpoint must be a file of its own");
  if ((sharded || s.propagate_phases >= 0) && s.checkpoint.empty())
    throw BadOption(
        "--propagate-shard, --propagate-parts and --propagate-phases need "
        "--propagate-checkpoint");
  if (s.propagate_phases < -1) throw BadOption("--propagate-phases must be >= 0");
  if (!s.propagate_shard.empty() + !s.propagate_parts.empty() + (s.propagate_phases >= 0) > 1)
    throw BadOption("--propagate-shard, --propagate-parts and --propagate-phases go one at a time");
  if (s.propagate_shard.empty() != s.propagate_part.empty())
    throw BadOption("--propagate-shard K/N and --propagate-part FILE go together");
  if (!s.propagate_shard.empty())
    parse_shard(s.propagate_shard, "--propagate-shard", s.propagate_shard_index,
                s.propagate_shard_count);
  if (!s.propagate_part.empty() && (s.propagate_part == s.checkpoint || s.propagate_part == s.data))
    throw BadOption("--propagate-part must be a file of its own");
}

}  // namespace

void add_train_options(po::options_description& opts, Settings& s) {
  // Fractions through decimal_value: Boost would show 0.05 as 0.050000000000000003.
  flank::add_help_version_options(opts);
  // clang-format off
  opts.add_options()
      ("data", po::value(&s.data)->value_name("FILE"),
       "position file (created or extended); required")
      ("suite", po::value(&s.suite)->value_name("FILE"),
       "with --measure: an endgame test suite with exact scores (e.g. tests/data/ffo1-79.txt) "
       "instead of --data")
      ("out,o", po::value(&s.out)->value_name("WEIGHTS"),
       "weights file to write (required unless --generate-only)")
      ("curve", po::value(&s.curve)->value_name("FILE"),
       "learning-curve table to write (default: WEIGHTS.curve.md)")
      ("games,g", po::value(&s.games)->default_value(0), "self-play games in the position file")
      ("games-pgn", po::value(&s.games_pgn)->value_name("FILE|DIR"),
       "also take the games of a WTHOR PGN file, or of every .pgn file of a directory (each game "
       "checked with the rules; bad records are skipped and counted)")
      ("shard", po::value(&s.shard)->default_value("1/1")->value_name("K/N"),
       "with --generate-only: make only the games whose number (within self-play, within the "
       "PGN games) is K-1 modulo N, into their own --data part file")
      ("merge", po::value(&s.merge)->multitoken()->value_name("PART..."),
       "combine shard part files into --data (then fit with --fit-only)")
      ("children", decimal_value(&s.children, 0.0),
       "with --merge: give this share (0..1) of the positions above --exact-empties + 1 a child, "
       "the position after a uniformly random legal move (by --seed), in the same game, "
       "labelled for the propagation to replace")
      ("seed", po::value(&s.seed)->default_value(1), "random seed (games, split, shuffling)")
      ("threads,t", po::value(&s.threads)->default_value(default_threads()),
       "threads for self-play and propagation (the result does not depend on it)")
      ("openings",
       po::value(&s.openings)->default_value("xot"),
       "opening lines, one a line, or xot: the built-in XOT list")
      ("play-depth", po::value(&s.play.play_depth)->default_value(4), "self-play search depth")
      ("random-moves", decimal_value(&s.play.random_moves, 0.05),
       "chance of a random self-play move")
      ("exact-empties", po::value(&s.play.exact_empties)->default_value(18),
       "solve exactly from this many empties on")
      ("wld-empties", po::value(&s.play.wld_empties)->default_value(0),
       "above --exact-empties and up to this many empties, prove each position's win, loss or "
       "draw with a solve (label kind w: the propagation keeps the proven result; 0: none)")
      ("propagate-depth", po::value(&s.propagate.depth)->default_value(4),
       "after fitting, relabel the positions before the exact ones phase by phase with searches "
       "this deep on the fitted weights, refitting each phase (0: keep the game results)")
      ("propagate-mpc", po::value(&s.propagate_mpc)->default_value("off"),
       "Multi-ProbCut in the propagation's searches: off, on (the statistics built into "
       "flank) or a statistics file (--mpc-out); a deeper label for about the time of a "
       "shallower one")
      ("propagate-average", po::bool_switch(&s.propagate.average_last_two),
       "label each searched position with the mean of the search's last two iterations "
       "(depths D-1 and D of --propagate-depth D), which cancels the swing of a score between "
       "odd and even depths, for the time of depth D alone")
      ("propagate-mpc-confidence",
       decimal_value(&s.propagate.mpc_confidence, kPropagationConfidence),
       "standard deviations a --propagate-mpc cut needs")
      ("thin-phase", po::value(&s.thin_phase)->default_value(10000),
       "refit a phase with fewer positions than this (the first moves) by least squares "
       "(--ridge, --iterations) even with --solver sgd: in the propagation, or after the fit "
       "without it")
      ("propagate-checkpoint", po::value(&s.checkpoint)->value_name("FILE"),
       "after each propagated phase, save the run's state (weights, labels) to FILE; the same "
       "command run again resumes after the last phase saved (a checkpoint of other positions "
       "or settings is ignored and replaced)")
      ("propagate-phases", po::value(&s.propagate_phases)->value_name("M"),
       "with --propagate-checkpoint: propagate at most M phases in this run, then stop (0: the "
       "first fit only); the same command without it goes on")
      ("propagate-shard", po::value(&s.propagate_shard)->value_name("K/N"),
       "a sharded propagation's worker: search shard K of N (by game number) of the next "
       "phase on the weights of --propagate-checkpoint into --propagate-part, and stop")
      ("propagate-part", po::value(&s.propagate_part)->value_name("FILE"),
       "the part file of --propagate-shard")
      ("propagate-parts", po::value(&s.propagate_parts)->multitoken()->value_name("PART..."),
       "a sharded propagation's merge: put the N parts of the next phase in, refit it and save "
       "the --propagate-checkpoint (after the last phase: write the outputs)")
      ("labels-out", po::value(&s.labels_out)->value_name("FILE"),
       "after fitting, write the positions (deduplicated) with their final labels, propagated "
       "ones included, as a position file: a later --fit-only --propagate-depth 0 on it fits "
       "other settings to the same labels without the searches")
      ("phases", po::value(&s.phases)->default_value(12), "game phases with their own weights")
      ("interpolate-phases", po::value(&s.interpolate_phases)->value_name("N"),
       "write the --init weights to --out with N phases (up to 61, one per move), each the "
       "linear blend of the two phases whose middles surround it: an evaluation that changes "
       "with every move instead of jumping at each phase's edge")
      ("patterns", po::value(&s.patterns)->default_value("classic"),
       "pattern set of the weights: classic (the shipped set), rich (classic plus the corner "
       "triangle and both sides' potential mobility), angle (classic with the 2x5 corner blocks "
       "replaced by the corner angle a1-e1, a2-a5, b2 and the edge pair a1, c1-f1, h1, c2-f2) "
       "or full (classic plus those two); with --init (and likewise --phases) the "
       "initial weights are converted, keeping the tables both sets have")
      ("smooth", po::value(&s.fit.neighbours)->default_value(0),
       "smoothing across phases: each position also trains the two neighbouring phases with "
       "this fraction of the step (0..1)")
      ("solver", po::value(&s.solver)->default_value("sgd"),
       "sgd: stochastic gradient descent (--epochs, --learning-rate, --l2, --smooth); cg: "
       "regularised least squares solved by conjugate gradients (--ridge, --phase-tie, "
       "--iterations)")
      ("ridge", po::value(&s.lsq.ridge)->default_value(4), "cg: penalty on each weight squared")
      ("phase-tie", po::value(&s.lsq.smooth)->default_value(0),
       "cg: penalty on the squared difference of an entry between neighbouring phases")
      ("iterations", po::value(&s.lsq.iterations)->default_value(300),
       "cg: conjugate-gradient steps at most")
      ("blend", po::bool_switch(&s.blend),
       "cg, no propagation: fit the phases as they evaluate once blended per move, and write "
       "them marked as a per-move blend (flank expands them to 61 phases, one per move)")
      ("huber", po::value(&s.lsq.huber)->default_value(0),
       "cg: the Huber loss, residuals beyond this many discs counted linearly rather than "
       "squared, so that a few wild labels pull the fit less (0: squares only)")
      ("reweights", po::value(&s.lsq.reweights)->default_value(3),
       "cg with --huber: solves after the first, each weighing the rows by the last residuals")
      ("epochs", po::value(&s.fit.epochs)->default_value(10), "passes over the positions")
      ("learning-rate", decimal_value(&s.fit.learning_rate, 0.002),
       "first epoch's step size")
      ("l2", decimal_value(&s.fit.l2, 1e-4), "L2 regularisation (weight decay)")
      ("holdout", decimal_value(&s.fit.holdout, 0.05),
       "fraction of games held out")
      ("init", po::value(&s.init)->value_name("WEIGHTS"),
       "start from these weights instead of zeros")
      ("mpc-out", po::value(&s.mpc_out)->value_name("FILE"),
       "after fitting, also fit the Multi-ProbCut statistics of the new weights (searches of "
       "--mpc-positions positions at depths 1..--mpc-depth) and write them here")
      ("mpc-only", po::bool_switch(&s.mpc_only),
       "only fit the Multi-ProbCut statistics of the --init weights to --mpc-out")
      ("net-only", po::bool_switch(&s.net_only),
       "only fit a residual net over the --init weights to the labels of --data (e.g. the "
       "--labels-out file of their fit) and write it to --net-out, with its learning curve to "
       "--curve (default: NET.curve.md)")
      ("net-out", po::value(&s.net_out)->value_name("NET"), "the net file of --net-only")
      ("net-epochs", po::value(&s.net_fit.epochs)->default_value(s.net_fit.epochs),
       "--net-only: passes over the positions")
      ("net-phases", po::value(&s.net_fit.phases)->default_value(s.net_fit.phases),
       "--net-only: game phases with their own net entries")
      ("net-decay", po::value(&s.net_fit.decay)->default_value(s.net_fit.decay, decimal_text(s.net_fit.decay)),
       "--net-only: both step sizes times this after each epoch (0 < D <= 1)")
      ("net", po::value(&s.net)->default_value(s.net),
       (std::string("with --mpc-only and --measure: the ") + kNetOptionHelp).c_str())
      ("mpc-positions", po::value(&s.mpc.positions)->default_value(2000),
       "positions searched for the Multi-ProbCut statistics")
      ("mpc-endgame-max", po::value(&s.mpc.endgame_max)->default_value(22),
       "selective endgame: pairs (shallow search -> exact score) up to this many empties (0: "
       "none)")
      ("mpc-endgame-positions", po::value(&s.mpc.endgame_positions)->default_value(100),
       "positions solved for each empties count's endgame pair")
      ("mpc-depth", po::value(&s.mpc.max_depth)->default_value(12),
       "deepest depth of the Multi-ProbCut statistics (deeper nodes use its pair)")
      ("generate-only", po::bool_switch(&s.generate_only), "only play games")
      ("fit-only", po::bool_switch(&s.fit_only), "only fit to the games already in --data")
      ("measure", po::value(&s.measure)->composing()->value_name("WEIGHTS"),
       "only report the error of these weights files (with the net of --net), `pattern` for the "
       "shipped weights or `hand` for the hand-made evaluation, on --data by empties "
       "(repeatable): the mean absolute error, then the bias (mean of label minus evaluation)")
      ("band", po::value(&s.band)->default_value(10), "empties per row of the --measure table")
      ("empties", po::value(&s.empties)->default_value("0-60"),
       "range of empties the --measure table covers: N or LOW-HIGH");
  // clang-format on
}

// Checks every option before any long work starts.
void check_options(Settings& s) {
  if (s.games < 0) throw BadOption("--games must be >= 0");
  if (s.threads < 1 || s.threads > 64) throw BadOption("--threads must be 1..64");
  if (s.play.play_depth < 1 || s.play.play_depth > 20)
    throw BadOption("--play-depth must be 1..20");
  if (s.play.exact_empties < 0 || s.play.exact_empties > 30)
    throw BadOption("--exact-empties must be 0..30");
  if (s.play.wld_empties != 0 &&
      (s.play.wld_empties <= s.play.exact_empties || s.play.wld_empties > 36))
    throw BadOption("--wld-empties must be 0 (none) or more than --exact-empties, at most 36");
  if (s.thin_phase < 0) throw BadOption("--thin-phase must be >= 0");
  if (s.net_only && (s.mpc_only || s.generate_only || s.fit_only || !s.measure.empty() ||
                     !s.merge.empty() || !s.suite.empty()))
    throw BadOption(
        "--net-only goes without --mpc-only, --generate-only, --fit-only, --measure, --merge "
        "and --suite");
  if (!s.labels_out.empty() && !fits(s))
    throw BadOption(
        "--labels-out goes with a fit (not --generate-only, --mpc-only, --measure, "
        "--merge)");
  if (!s.labels_out.empty() && s.labels_out == s.data)
    throw BadOption("--labels-out must not be the --data file");
  if (s.propagate.depth < 0 || s.propagate.depth > 20)
    throw BadOption("--propagate-depth must be 0..20");
  if (s.propagate_mpc != "off" && s.propagate.depth == 0)
    throw BadOption("--propagate-mpc goes with --propagate-depth > 0");
  if (s.propagate.average_last_two && s.propagate.depth < 2)
    throw BadOption("--propagate-average goes with --propagate-depth 2 or more");
  check_propagation_options(s);
  if (!(s.propagate.mpc_confidence > 0 && s.propagate.mpc_confidence <= kMaxMpcConfidence))
    throw BadOption("--propagate-mpc-confidence must be in (0, " +
                    std::to_string(static_cast<int>(kMaxMpcConfidence)) + "]");
  if (!(s.play.random_moves >= 0 && s.play.random_moves <= 1))
    throw BadOption("--random-moves must be 0..1");
  if (!(s.fit.holdout >= 0 && s.fit.holdout < 1)) throw BadOption("--holdout must be in [0, 1)");
  if (!(s.fit.neighbours >= 0 && s.fit.neighbours <= 1)) throw BadOption("--smooth must be 0..1");
  if (!pattern::find_set(s.patterns)) {
    const std::vector<std::string> names = pattern::declared_set_names();
    std::string list = names.front();
    for (std::size_t k = 1; k < names.size(); ++k)
      list += (k + 1 < names.size() ? ", " : " or ") + names[k];
    throw BadOption("--patterns must be " + list + ", not '" + s.patterns + "'");
  }
  if (s.fit.epochs < 0) throw BadOption("--epochs must be >= 0");
  if (s.solver != "sgd" && s.solver != "cg")
    throw BadOption("--solver must be sgd or cg, not '" + s.solver + "'");
  if (!(s.lsq.ridge > 0) || !(s.lsq.smooth >= 0) || s.lsq.iterations < 0)
    throw BadOption("--ridge must be > 0, --phase-tie >= 0 and --iterations >= 0");
  if (!(s.fit.learning_rate > 0) || !(s.fit.l2 >= 0))
    throw BadOption("--learning-rate must be > 0 and --l2 >= 0");
  if (s.band < 1 || s.band > 61) throw BadOption("--band must be 1..61");
  try {
    s.empties_range = parse_empties_range(s.empties);
  } catch (const std::invalid_argument& e) {
    throw BadOption(e.what());
  }
  try {
    PatternWeights{s.phases};
  } catch (const std::exception& e) {
    throw BadOption(std::string("--phases: ") + e.what());
  }
  if (s.interpolate_phases != 0) {
    if (s.interpolate_phases < 1 || s.interpolate_phases > 61)
      throw BadOption("--interpolate-phases must be 1..61");
    if (s.init.empty() || s.out.empty() || !s.data.empty() || !s.suite.empty())
      throw BadOption("--interpolate-phases needs --init WEIGHTS and --out FILE, and no --data");
    return;
  }
  if (!(s.lsq.huber >= 0) || s.lsq.reweights < 0)
    throw BadOption("--huber and --reweights must be >= 0");
  if (s.reweights_given && s.lsq.huber == 0) throw BadOption("--reweights goes with --huber");
  if (s.blend && (s.solver != "cg" || s.propagate.depth != 0))
    throw BadOption("--blend needs --solver cg and --propagate-depth 0");
  if (!s.suite.empty()) {
    if (s.measure.empty()) throw BadOption("--suite goes with --measure");
    return;
  }
  if (s.data.empty()) throw BadOption("--data is required (or --suite with --measure)");
  parse_shard(s.shard, "--shard", s.shard_index, s.shard_count);
  if (s.shard_count > 1 && !s.generate_only)
    throw BadOption("--shard goes with --generate-only (merge the parts, then fit)");
  if (!(s.children >= 0 && s.children <= 1)) throw BadOption("--children must be 0..1");
  if (s.children > 0 && s.merge.empty()) throw BadOption("--children goes with --merge");
  if (!s.merge.empty()) {
    if (s.generate_only || s.fit_only || !s.out.empty() || !s.games_pgn.empty())
      throw BadOption("--merge only combines part files into --data");
    return;
  }
  if (!s.measure.empty()) return;
  if (s.mpc.positions < 1 || s.mpc.max_depth < mpc::kMinDepth || s.mpc.max_depth > 20)
    throw BadOption("--mpc-positions must be >= 1 and --mpc-depth 3..20");
  if (s.mpc.endgame_max != 0 && (s.mpc.endgame_max < mpc::kSelectiveMinEmpties ||
                                 s.mpc.endgame_max > 30 || s.mpc.endgame_positions < 1))
    throw BadOption("--mpc-endgame-max must be 0 or " + std::to_string(mpc::kSelectiveMinEmpties) +
                    "..30 and --mpc-endgame-positions >= 1");
  if (s.mpc_only) {
    if (s.init.empty() || s.mpc_out.empty())
      throw BadOption("--mpc-only needs --init WEIGHTS and --mpc-out FILE");
    return;
  }
  if (s.net_fit.epochs < 1 || s.net_fit.phases < 1 || s.net_fit.phases > 61)
    throw BadOption("--net-epochs must be >= 1 and --net-phases 1..61");
  if (!(s.net_fit.decay > 0 && s.net_fit.decay <= 1))
    throw BadOption("--net-decay must be in (0, 1]");
  if (s.net_only) {
    if (s.init.empty() || s.net_out.empty())
      throw BadOption("--net-only needs --init WEIGHTS and --net-out FILE");
    if (s.net_out == s.data || s.net_out == s.init)
      throw BadOption("--net-out must be a file of its own");
    if (s.curve.empty()) s.curve = s.net_out + ".curve.md";
    return;
  }
  if (!s.net_out.empty()) throw BadOption("--net-out goes with --net-only");
  if (!s.generate_only && s.out.empty())
    throw BadOption("--out is required (or use --generate-only)");
  if (s.generate_only && s.fit_only)
    throw BadOption("--generate-only and --fit-only exclude each other");
  if (s.curve.empty()) s.curve = s.out + ".curve.md";
}

}  // namespace flank::train
