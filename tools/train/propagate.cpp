#include "tools/train/propagate.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <mutex>

#include "engine/board/position.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/search/search.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/search_workers.hpp"

namespace flank::train {
namespace {

std::vector<std::vector<std::size_t>> indices_by_phase(const std::vector<Sample>& samples,
                                                       int phases) {
  std::vector<std::vector<std::size_t>> by_phase(phases);
  for (std::size_t i = 0; i < samples.size(); ++i)
    by_phase[pattern::phase_of(samples[i].me, samples[i].opp, phases)].push_back(i);
  return by_phase;
}

std::vector<Sample> subset_of(const std::vector<Sample>& samples,
                              const std::vector<std::size_t>& which) {
  std::vector<Sample> subset;
  subset.reserve(which.size());
  for (std::size_t i : which) subset.push_back(samples[i]);
  return subset;
}

std::vector<std::size_t> inexact_of(const std::vector<Sample>& samples,
                                    const std::vector<std::size_t>& which) {
  std::vector<std::size_t> inexact;
  for (std::size_t i : which)
    if (samples[i].kind != LabelKind::Exact) inexact.push_back(i);
  return inexact;
}

}  // namespace

void relabel(std::vector<Sample>& samples, const std::vector<std::size_t>& which,
             const PatternWeights& weights, const PropagateOptions& options) {
  const auto evaluator =
      std::make_shared<const PatternEvaluator>(std::make_shared<const PatternWeights>(weights));
  SearchLimits limits;
  limits.depth = options.depth;
  limits.mpc = options.mpc;
  limits.mpc_confidence = options.mpc_confidence;
  std::atomic<std::size_t> searched{0};
  std::mutex report;
  std::size_t reported = 0;  // reports only go up, whichever thread finishes first
  if (options.on_searched) options.on_searched(0, which.size());
  // A small table cleared before every search: a label must not depend on
  // which positions the same thread searched before, so that the weights come
  // out the same whatever the thread count.
  parallel_for(which.size(), options.threads, searcher_maker(evaluator, 1),
               [&](Searcher& searcher, std::size_t k) {
                 Sample& s = samples[which[k]];
                 searcher.clear();
                 const SearchResult r = searcher.search(position_of(s), limits);
                 const auto score = options.average_last_two
                                        ? 0.5f * static_cast<float>(r.score + r.previous_score)
                                        : static_cast<float>(r.score);
                 if (r.exact) {
                   s.label = score;
                   s.kind = LabelKind::Exact;
                 } else if (s.kind == LabelKind::WinLossDraw) {
                   s.label = with_result(score, sign_of(s.label));  // the proof stays
                 } else {
                   s.label = score;
                   s.kind = LabelKind::Search;
                 }
                 const std::size_t done = ++searched;
                 if (options.on_searched && (done % 64 == 0 || done == which.size())) {
                   std::lock_guard<std::mutex> guard(report);
                   if (done > reported) options.on_searched(reported = done, which.size());
                 }
               });
}

bool propagate_by_phase(std::vector<Sample>& samples, PatternWeights& weights,
                        const PhaseRefit& refit, const PropagateOptions& options,
                        const std::function<void(int phase, std::size_t relabelled,
                                                 const std::vector<EpochRow>&)>& on_phase,
                        const PropagationSteps& steps) {
  const int phases = weights.phases();
  const std::vector<std::vector<std::size_t>> by_phase = indices_by_phase(samples, phases);
  int done = 0;
  for (int phase = steps.from_phase < 0 ? phases - 1 : std::min(steps.from_phase, phases - 1);
       phase >= 0; --phase) {
    const std::vector<std::size_t> inexact = inexact_of(samples, by_phase[phase]);
    if (inexact.empty()) continue;  // exact labels need no propagation
    if (done == steps.max_phases) return false;
    if (steps.relabel)
      steps.relabel(phase, inexact);
    else
      relabel(samples, inexact, weights, options);
    const std::vector<EpochRow> rows = refit(subset_of(samples, by_phase[phase]), weights, phase);
    ++done;
    if (on_phase) on_phase(phase, inexact.size(), rows);
  }
  return true;
}

std::vector<std::size_t> relabelled_in_phase(const std::vector<Sample>& samples, int phases,
                                             int phase) {
  return inexact_of(samples, indices_by_phase(samples, phases)[phase]);
}

int next_phase(const std::vector<Sample>& samples, int phases, int done) {
  int next = -1;
  for (const Sample& s : samples)
    if (s.kind != LabelKind::Exact) {
      const int phase = pattern::phase_of(s.me, s.opp, phases);
      if (phase < done) next = std::max(next, phase);
    }
  return next;
}

void refit_thin_phases(const std::vector<Sample>& samples, PatternWeights& weights, int thin,
                       const PhaseRefit& refit) {
  const std::vector<std::vector<std::size_t>> by_phase =
      indices_by_phase(samples, weights.phases());
  for (int phase = 0; phase < weights.phases(); ++phase)
    if (!by_phase[phase].empty() && by_phase[phase].size() < static_cast<std::size_t>(thin))
      refit(subset_of(samples, by_phase[phase]), weights, phase);
}

}  // namespace flank::train
