// flank-train: makes the trained pattern evaluation's weights. Generates
// labelled positions by self-play (resumable: games are appended to a position
// file as they finish), fits the weights, and writes them with a learning curve.
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/eval/binary_codec.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/eval/pattern_weights.hpp"
#include "engine/eval/phase_blend.hpp"
#include "tools/common/endgame_suite.hpp"
#include "tools/common/fastest_build.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/common/options.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/convert.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/least_squares.hpp"
#include "tools/train/measure.hpp"
#include "tools/train/mpc_fit.hpp"
#include "tools/train/net_fit.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/propagate.hpp"
#include "tools/train/propagation_checkpoint.hpp"
#include "tools/train/random_children.hpp"
#include "tools/train/selfplay.hpp"
#include "tools/train/shard.hpp"
#include "tools/train/size_train.hpp"
#include "tools/train/wthor_data.hpp"

namespace po = boost::program_options;
using namespace flank;
using namespace flank::train;

namespace {

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 64u));
}

struct Settings {
  std::string data, suite, out, curve, openings, init, games_pgn, shard = "1/1", mpc_out;
  std::string labels_out;  // --labels-out: the positions with their final labels
  std::string checkpoint;  // --propagate-checkpoint: resume the propagation from it
  // Sharded propagation: a worker searches shard K/N of the next phase into
  // --propagate-part; a merge (--propagate-parts) puts the parts in.
  std::string propagate_shard, propagate_part;
  int propagate_shard_index = 0, propagate_shard_count = 0;
  std::vector<std::string> propagate_parts;
  int propagate_phases = -1;         // --propagate-phases: at most this many phases in this run
  int interpolate_phases = 0;        // --interpolate-phases: rewrite --init with this many phases
  bool blend = false;                // --blend: fit and write the phases as a per-move blend
  std::string patterns = "classic";  // --patterns: a declared pattern set
  // Given on the command line (with --init they convert the initial weights).
  bool patterns_given = false, phases_given = false, reweights_given = false;
  bool mpc_only = false;
  MpcFitOptions mpc;
  // --net-only: fit a residual net over --init to --net-out; --net: the net
  // of --mpc-only's and --measure's evaluation (on, off or a file).
  bool net_only = false;
  std::string net_out, net = "on";
  NetFitOptions net_fit;
  std::vector<std::string> merge;  // --merge PART...
  double children = 0;             // --children: the share of positions given a random child
  int shard_index = 1, shard_count = 1;
  int games = 0, threads = 1, phases = 12;
  std::uint64_t seed = 1;
  bool generate_only = false, fit_only = false;
  std::vector<std::string> measure;
  int band = 10;
  std::string empties = "0-60";  // --empties LOW-HIGH
  EmptiesRange empties_range;    // --empties, parsed
  SelfPlayOptions play;
  FitOptions fit;
  std::string solver = "sgd";  // --solver: sgd (FitOptions) or cg (LeastSquaresOptions)
  LeastSquaresOptions lsq;
  // A phase with fewer positions is refitted by least squares whatever the
  // solver: a few epochs of gradient descent leave its rare configurations
  // (the start position is one position of its phase) near where the first
  // fit put them.
  int thin_phase = 10000;
  PropagateOptions propagate;
  // --propagate-mpc: off, on (the statistics built into flank) or a file.
  std::string propagate_mpc = "off";
};

// One game of the position file: its number and how to make its positions.
struct Job {
  std::uint32_t game;
  std::function<std::vector<Sample>(Searcher&)> make;
};

// The games this run adds: self-play games and the WTHOR games of --games-pgn.
std::vector<Job> jobs(const Settings& s) {
  std::vector<Job> out;
  if (s.games > 0) {
    auto openings = std::make_shared<const std::vector<std::string>>(read_openings(s.openings));
    for (std::uint32_t g = 0; g < static_cast<std::uint32_t>(s.games); ++g)
      if (in_shard(g, s.shard_index, s.shard_count))  // numbered within the self-play games
        out.push_back({g, [g, openings, &s](Searcher& searcher) {
                         return play_game(g, s.seed, *openings, s.play, searcher);
                       }});
  }
  if (!s.games_pgn.empty()) {
    auto wthor = std::make_shared<const WthorGames>(read_wthor_games(s.games_pgn));
    std::cout << "WTHOR games in " << wthor->files.size() << " file(s): " << wthor->stats.games
              << " legal, " << wthor->stats.skipped << " records skipped" << std::endl;
    for (const std::string& why : wthor->stats.first_errors)
      std::cout << "  skipped: " << why << "\n";
    for (std::size_t i = 0; i < wthor->moves.size(); ++i)
      if (in_shard(i, s.shard_index, s.shard_count))  // numbered within the PGN games
        out.push_back(
            {kWthorGameBase + static_cast<std::uint32_t>(i), [i, wthor, &s](Searcher& searcher) {
               return label_wthor_game(wthor->moves[i], wthor->black_result[i],
                                       kWthorGameBase + static_cast<std::uint32_t>(i),
                                       s.play.exact_empties, s.play.wld_empties, searcher);
             }});
  }
  return out;
}

// Makes the games missing from the position file and appends them.
void generate(const Settings& s, const Dataset& existing) {
  std::vector<Job> todo;
  for (Job& job : jobs(s))
    if (!existing.games.count(job.game)) todo.push_back(std::move(job));
  std::cout << "positions file " << s.data << ": " << existing.games.size() << " games, "
            << existing.samples.size() << " positions; making " << todo.size() << " more"
            << std::endl;
  if (todo.empty()) return;
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
          const std::vector<Sample> samples = todo[i].make(searcher);
          const std::string text = format_game(todo[i].game, samples);
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

// Combines shard part files into --data (games in number order; a game in two parts is refused).
void merge(const Settings& s) {
  std::map<std::uint32_t, std::vector<Sample>> games;
  for (const std::string& part : s.merge) {
    const Dataset d = read_dataset(part);
    std::map<std::uint32_t, std::vector<Sample>> mine;
    for (const Sample& x : d.samples) mine[x.game].push_back(x);
    for (std::uint32_t g : d.games) {
      if (games.count(g))
        throw std::runtime_error("game " + std::to_string(g) + " is in two parts (" + part + ")");
      games[g] = std::move(mine[g]);
    }
  }
  const ChildOptions child_options{s.children, s.play.exact_empties, s.seed};
  std::ofstream out(s.data, std::ios::trunc);
  std::size_t positions = 0, children = 0;
  for (auto& [g, samples] : games) {
    if (s.children > 0) {
      const std::vector<Sample> more = random_children(samples, child_options);
      samples.insert(samples.end(), more.begin(), more.end());
      children += more.size();
    }
    out << format_game(g, samples);
    positions += samples.size();
  }
  if (!out.flush()) throw std::runtime_error("cannot write position file " + s.data);
  std::cout << "merged " << s.merge.size() << " parts into " << s.data << ": " << games.size()
            << " games, " << positions << " positions";
  if (s.children > 0) std::cout << " (" << children << " of them random children)";
  std::cout << std::endl;
}

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

// Fits the Multi-ProbCut statistics of `weights` by searching positions of the data.
void fit_and_write_mpc(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights) {
  MpcFitOptions options = s.mpc;
  options.threads = s.threads;
  const int endgame_counts = std::max(0, options.endgame_max - mpc::kSelectiveMinEmpties + 1);
  const double total = options.positions + endgame_counts * options.endgame_positions;
  std::cout << "Multi-ProbCut statistics: searching " << options.positions << " positions to depth "
            << options.max_depth << ", solving up to " << options.endgame_positions
            << " positions for each empties count " << mpc::kSelectiveMinEmpties << ".."
            << options.endgame_max << std::endl;
  auto net = net_from_option(s.net, weights);
  std::cout << (net ? "with the residual net " + (s.net == "on" ? std::string("built in") : s.net)
                    : std::string("without a residual net"))
            << std::endl;
  Progress progress("positions", total);
  std::mutex lock;
  const mpc::Statistics stats =
      fit_mpc(samples,
              std::make_shared<const PatternEvaluator>(
                  std::make_shared<const PatternWeights>(weights), std::move(net)),
              options, [&](std::size_t done) {
                std::lock_guard<std::mutex> guard(lock);
                progress.update(static_cast<double>(done), "");
              });
  progress.finish(total, "");
  save_mpc_statistics(stats, s.mpc_out);
  std::cout << "wrote " << s.mpc_out << "\n\n" << mpc_table(stats) << std::flush;
}

// A row of the net's learning curve: overall and per net phase.
std::string net_curve_row(const char* what, const NetErrors& e) {
  char cell[32];
  std::snprintf(cell, sizeof cell, "| %s | %.3f |", what, e.all);
  std::string row = cell;
  for (double v : e.phase) {
    std::snprintf(cell, sizeof cell, " %.3f |", v);
    row += cell;
  }
  return row + "\n";
}

// Fits a residual net over the --init weights to the positions' labels.
void fit_and_write_net(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights) {
  NetFitOptions options = s.net_fit;
  options.seed = s.seed;
  options.holdout = s.fit.holdout;
  std::cout << "fitting a residual net over " << s.init << " to " << samples.size()
            << " positions: " << options.phases << " phases, " << options.epochs << " epochs"
            << std::endl;
  std::string table = "| epoch | all |";
  for (int p = 0; p < options.phases; ++p) table += " phase " + std::to_string(p) + " |";
  table += "\n|---|---|";
  for (int p = 0; p < options.phases; ++p) table += "---|";
  table += "\n";
  std::optional<Progress> progress;
  double trained = 0;
  const ResidualNet net = fit_net(
      samples, weights, options,
      [&](const NetEpoch& row) {
        if (progress) progress->finish(trained);  // the epoch's line below the progress line
        std::printf("epoch %d/%d  train MAE %.3f  held-out MAE %.3f (the weights alone %.3f)\n",
                    row.epoch, options.epochs, row.train.all, row.holdout.all, row.linear.all);
        std::fflush(stdout);
        if (row.epoch == 0) table += net_curve_row("weights alone", row.linear);
        table += net_curve_row(std::to_string(row.epoch).c_str(), row.holdout);
      },
      [&](std::size_t done, std::size_t total) {
        if (!progress) progress.emplace("positions trained", static_cast<double>(total));
        trained = static_cast<double>(done);
        progress->update(trained);
      });
  save_net(net, s.net_out);
  const NetEpoch written = measure_net(samples, weights, net, options.holdout, options.seed);
  table += net_curve_row("as written", written.holdout);
  std::ofstream curve(s.curve);
  curve << "# flank-train residual net learning curve\n\n"
        << samples.size() << " positions, seed " << s.seed << ", over " << s.init
        << "\n\nHeld-out mean absolute error (discs) after each epoch, by net phase.\n\n"
        << table;
  if (!curve) throw std::runtime_error("cannot write learning curve " + s.curve);
  std::printf("wrote %s (%zu bytes, held-out MAE %.3f as written) and %s\n", s.net_out.c_str(),
              net.to_bytes().size(), written.holdout.all, s.curve.c_str());
}

// Every setting that changes what a fit with propagation writes, for the
// checkpoint's fingerprint (floats in hexadecimal, exactly); the threads do
// not change it.
std::string fit_settings(const Settings& s, const PatternWeights& initial) {
  char text[512];
  std::snprintf(text, sizeof text,
                "set %s phases %d solver %s epochs %d rate %a l2 %a holdout %a neighbours %a "
                "seed %llu ridge %a tie %a iterations %d tolerance %a thin %d depth %d "
                "confidence %a mpc ",
                initial.set().name().c_str(), initial.phases(), s.solver.c_str(), s.fit.epochs,
                s.fit.learning_rate, s.fit.l2, s.fit.holdout, s.fit.neighbours,
                static_cast<unsigned long long>(s.seed), s.lsq.ridge, s.lsq.smooth,
                s.lsq.iterations, s.lsq.tolerance, s.thin_phase, s.propagate.depth,
                s.propagate.mpc_confidence);
  std::string out = text;
  if (s.propagate.mpc) out += s.propagate.mpc->to_bytes();
  // Only when set, so that checkpoints written before the option still resume.
  if (s.propagate.average_last_two) out += " average";
  if (s.lsq.huber > 0) {
    std::snprintf(text, sizeof text, " huber %a reweights %d", s.lsq.huber, s.lsq.reweights);
    out += text;
  }
  out += " initial ";
  for (float v : initial.values()) codec::put_u32(out, std::bit_cast<std::uint32_t>(v));
  return out;
}

// The fit before any propagation, by least squares or descent; returns its
// learning curve's table.
std::string first_fit(const Settings& s, const std::vector<Sample>& samples,
                      PatternWeights& weights, const Progress& progress) {
  std::vector<EpochRow> rows;
  if (s.solver == "cg") {
    const Design design = make_design(samples, weights, s.fit.holdout, s.seed, s.blend);
    rows = solve_least_squares(design, weights, s.lsq, [&](int it, double residual) {
      std::printf("iteration %3d/%d  residual %.2e  (%s)\n", it, s.lsq.iterations, residual,
                  Progress::duration(progress.seconds()).c_str());
      std::fflush(stdout);
    });
    for (const EpochRow& row : rows)
      std::printf("after %3d iterations: train MAE %.3f  held-out MAE %.3f  RMSE %.3f\n", row.epoch,
                  row.train_mae, row.holdout_mae, row.holdout_rmse);
  } else {
    rows = fit(samples, weights, s.fit, [&](const EpochRow& row) {
      const double left =
          row.epoch ? progress.seconds() * (s.fit.epochs - row.epoch) / row.epoch : 0;
      std::printf(
          "epoch %2d/%d  rate %.5f  train MAE %.3f  held-out MAE %.3f  RMSE %.3f  (%.1f s, ETA "
          "%s)\n",
          row.epoch, s.fit.epochs, row.learning_rate, row.train_mae, row.holdout_mae,
          row.holdout_rmse, row.seconds, Progress::duration(left).c_str());
      std::fflush(stdout);
      if (row.epoch > 0) save_weights(weights, s.out);  // a checkpoint to resume from with --init
    });
  }
  return curve_table(rows, weights.phases());
}

// One phase's weights refitted by least squares to that phase's positions.
std::vector<EpochRow> refit_phase_by_least_squares(const Settings& s,
                                                   const std::vector<Sample>& positions,
                                                   PatternWeights& weights, int phase) {
  LeastSquaresOptions one = s.lsq;
  one.first_phase = one.last_phase = phase;
  return solve_least_squares(make_design(positions, weights, s.fit.holdout, s.seed), weights, one);
}

// The learning curve's two Markdown tables: the first fit's and the propagation's.
struct CurveTables {
  std::string curve, propagated;
};

std::string propagation_table_header(const Settings& s) {
  return "\n## Labels propagated by phase (depth " + std::to_string(s.propagate.depth) +
         (s.propagate.mpc ? " searches with Multi-ProbCut" : " searches") +
         (s.propagate.average_last_two ? ", mean of the last two iterations)" : ")") +
         "\n\nMean absolute error against the new labels.\n\n"
         "| phase | relabelled | before refit train/held-out | after refit "
         "train/held-out |\n|---|---|---|---|\n";
}

// A sharded propagation's worker: searches its shard of the phase after
// `done_phase` on the checkpoint's weights and writes them as a part file.
void search_shard(const Settings& s, std::uint64_t fingerprint, int done_phase,
                  std::vector<Sample>& samples, const PatternWeights& weights) {
  PropagationPart part;
  part.fingerprint = fingerprint;
  part.phase = next_phase(samples, weights.phases(), done_phase);
  part.shard = s.propagate_shard_index;
  part.shards = s.propagate_shard_count;
  if (part.phase >= 0) {
    for (std::size_t i : relabelled_in_phase(samples, weights.phases(), part.phase))
      if (in_shard(samples[i].game, part.shard, part.shards)) part.which.push_back(i);
    Progress progress("positions", static_cast<double>(part.which.size()));
    relabel(samples, part.which, weights, s.propagate);
    for (std::size_t i : part.which) {
      part.labels.push_back(samples[i].label);
      part.kinds.push_back(samples[i].kind);
    }
    std::cout << "phase " << part.phase << ", shard " << s.propagate_shard << ": "
              << part.which.size() << " positions searched ("
              << Progress::duration(progress.seconds()) << ")" << std::endl;
  } else {
    std::cout << "every phase is propagated: nothing to search" << std::endl;
  }
  save_part(s.propagate_part, part);
  std::cout << "wrote " << s.propagate_part << std::endl;
}

// Relabels and refits phase by phase below `done_phase` (all of them, at most
// --propagate-phases, or the one phase of --propagate-parts), saving the
// checkpoint after each; returns whether every phase is done.
bool propagate(const Settings& s, std::uint64_t fingerprint, int done_phase,
               std::vector<Sample>& samples, PatternWeights& weights, CurveTables& tables,
               const Progress& progress) {
  std::cout << "propagating by phase: depth-" << s.propagate.depth << " search labels"
            << (s.propagate.average_last_two
                    ? " (the mean of depths " + std::to_string(s.propagate.depth - 1) + " and " +
                          std::to_string(s.propagate.depth) + ")"
                    : "")
            << (s.propagate.mpc ? " (Multi-ProbCut " + s.propagate_mpc + ")" : "")
            << " before the exact phases, last phase first" << std::endl;
  PropagationSteps steps;
  steps.from_phase = done_phase - 1;
  steps.max_phases = s.propagate_phases;
  std::vector<std::pair<std::string, PropagationPart>> parts;
  if (!s.propagate_parts.empty()) {
    for (const std::string& path : s.propagate_parts) parts.emplace_back(path, load_part(path));
    steps.max_phases = 1;
    steps.relabel = [&](int phase, const std::vector<std::size_t>& which) {
      apply_parts(parts, fingerprint, phase, which, samples);
    };
  }
  bool thin = false;  // the last phase refitted was thin
  const PhaseRefit refit = [&](const std::vector<Sample>& positions, PatternWeights& w, int phase) {
    thin = positions.size() < static_cast<std::size_t>(s.thin_phase);
    if (s.solver != "cg" && !thin) return fit(positions, w, s.fit, nullptr);
    return refit_phase_by_least_squares(s, positions, w, phase);
  };
  const bool complete = propagate_by_phase(
      samples, weights, refit, s.propagate,
      [&](int phase, std::size_t relabelled, const std::vector<EpochRow>& rows) {
        const PhaseError& first = rows.front().phases[phase];
        const PhaseError& last = rows.back().phases[phase];
        char line[160];
        std::snprintf(line, sizeof line, "| %d | %zu | %.2f/%.2f | %.2f/%.2f |\n", phase,
                      relabelled, first.train_mae, first.holdout_mae, last.train_mae,
                      last.holdout_mae);
        tables.propagated += line;
        std::printf("phase %2d: %zu positions relabelled%s, held-out MAE %.3f -> %.3f%s (%s)\n",
                    phase, relabelled, parts.empty() ? "" : " (merged)", first.holdout_mae,
                    last.holdout_mae,
                    thin && s.solver != "cg" ? " by least squares (thin phase)" : "",
                    Progress::duration(progress.seconds()).c_str());
        std::fflush(stdout);
        save_weights(weights, s.out);
        if (!s.checkpoint.empty())
          save_checkpoint(s.checkpoint, fingerprint, phase, weights, samples, tables.curve,
                          tables.propagated);
      },
      steps);
  if (!complete)
    std::cout << "stopped with phases left to propagate: the same command (without "
                 "--propagate-parts, --propagate-phases) goes on from "
              << s.checkpoint << std::endl;
  return complete;
}

void fit_and_write(const Settings& s, std::vector<Sample> samples) {
  const pattern::PatternSet& set = *pattern::find_set(s.patterns);
  PatternWeights weights = s.init.empty() ? PatternWeights(s.phases, set) : load_weights(s.init);
  // A per-move blend starts a blended fit from its control phases; any other
  // fit from the phases flank evaluates (one per move).
  if (weights.per_move_blend() && !s.blend) weights = evaluated_phases(weights);
  weights.set_per_move_blend(false);
  if (!s.init.empty() && ((s.patterns_given && &set != &weights.set()) ||
                          (s.phases_given && s.phases != weights.phases()))) {
    const pattern::PatternSet& to = s.patterns_given ? set : weights.set();
    const int phases = s.phases_given ? s.phases : weights.phases();
    std::cout << "converting " << s.init << " (" << weights.set().name() << ", " << weights.phases()
              << " phases) to " << to.name() << " patterns, " << phases
              << " phases: the tables they share are copied" << std::endl;
    weights = convert_weights(weights, to, phases);
  }
  std::size_t exact = 0, proven = 0;
  for (const Sample& x : samples) {
    exact += x.kind == LabelKind::Exact;
    proven += x.kind == LabelKind::WinLossDraw;
  }
  std::cout << "fitting " << samples.size() << " positions (" << exact << " exact"
            << (proven ? ", " + std::to_string(proven) + " win/loss/draw" : "") << "), "
            << weights.set().name() << " patterns, " << weights.phases() << " phases, "
            << (s.solver == "cg" ? "least squares" : std::to_string(s.fit.epochs) + " epochs")
            << std::endl;
  Progress progress("epochs", s.fit.epochs);  // for its clock only
  const std::uint64_t fingerprint =
      s.checkpoint.empty() ? 0 : run_fingerprint(samples, fit_settings(s, weights));
  std::optional<PropagationCheckpoint> resumed;
  if (!s.checkpoint.empty()) {
    resumed = load_checkpoint(s.checkpoint, fingerprint, samples.size(), weights.values().size());
    if (!resumed && std::filesystem::exists(s.checkpoint))
      std::cout << "propagation checkpoint " << s.checkpoint
                << " is of other positions or settings: starting afresh" << std::endl;
  }
  CurveTables tables;
  if (resumed) {
    restore(*resumed, samples, weights);
    tables = {resumed->curve, resumed->propagated};
    std::cout << "resuming from propagation checkpoint " << s.checkpoint << ": "
              << (resumed->done_phase == weights.phases()
                      ? std::string("the first fit")
                      : "phases " + std::to_string(resumed->done_phase) + ".." +
                            std::to_string(weights.phases() - 1))
              << " done" << std::endl;
  } else if (!s.propagate_shard.empty() || !s.propagate_parts.empty()) {
    throw std::runtime_error(
        "a sharded propagation needs the checkpoint " + s.checkpoint +
        " of the same positions and settings: make it first with the same command and "
        "--propagate-phases 0 instead of the shard options");
  } else {
    tables.curve = first_fit(s, samples, weights, progress);
    if (s.propagate.depth == 0 && s.solver != "cg" && s.fit.epochs > 0)
      refit_thin_phases(samples, weights, s.thin_phase,
                        [&](const std::vector<Sample>& positions, PatternWeights& w, int phase) {
                          auto rows = refit_phase_by_least_squares(s, positions, w, phase);
                          std::printf(
                              "phase %2d: %zu positions refitted by least squares (thin phase), "
                              "held-out MAE %.3f -> %.3f\n",
                              phase, positions.size(), rows.front().phases[phase].holdout_mae,
                              rows.back().phases[phase].holdout_mae);
                          return rows;
                        });
    if (s.propagate.depth > 0) tables.propagated = propagation_table_header(s);
    if (!s.checkpoint.empty())
      save_checkpoint(s.checkpoint, fingerprint, weights.phases(), weights, samples, tables.curve,
                      tables.propagated);
  }
  if (!s.propagate_shard.empty()) {  // a worker writes its part only
    search_shard(s, fingerprint, resumed->done_phase, samples, weights);
    return;
  }
  // A blended fit is written as its control phases, marked to be evaluated
  // blended per move (flank expands them at load).
  weights.set_per_move_blend(s.blend);
  save_weights(weights, s.out);
  if (s.propagate.depth > 0 && (!resumed || resumed->done_phase > 0) &&
      !propagate(s, fingerprint, resumed ? resumed->done_phase : weights.phases(), samples, weights,
                 tables, progress))
    return;
  std::ofstream curve(s.curve);
  curve << "# flank-train learning curve\n\n"
        << samples.size() << " positions, seed " << s.seed << "\n\n"
        << tables.curve << tables.propagated;
  if (!curve) throw std::runtime_error("cannot write learning curve " + s.curve);
  std::cout << "wrote " << s.out << " (" << weights.to_bytes().size() << " bytes) and " << s.curve
            << std::endl;
  if (!s.labels_out.empty()) {
    write_dataset(s.labels_out, samples);
    std::cout << "wrote the " << samples.size() << " positions with their labels to "
              << s.labels_out << std::endl;
  }
  if (!s.mpc_out.empty()) fit_and_write_mpc(s, samples, weights);
}

// A bad option or combination of options: one error line and status 2, like
// the errors the option parser reports.
struct BadOption : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Whether the run fits weights (not --generate-only, --mpc-only, --measure, --merge).
bool fits(const Settings& s) {
  return !s.generate_only && !s.mpc_only && !s.net_only && s.measure.empty() && s.merge.empty();
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
