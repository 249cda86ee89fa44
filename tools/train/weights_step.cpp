// The fit of the pattern weights with its propagation (flank-train's main step).
#include "tools/train/weights_step.hpp"

#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <utility>

#include "engine/eval/binary_codec.hpp"
#include "engine/eval/phase_blend.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/convert.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/design.hpp"
#include "tools/train/model_steps.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/propagation_checkpoint.hpp"
#include "tools/train/shard.hpp"

namespace flank::train {

namespace {

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

}  // namespace

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

}  // namespace flank::train
