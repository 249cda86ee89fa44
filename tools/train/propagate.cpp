#include "tools/train/propagate.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/pattern_evaluator.hpp"
#include "engine/pattern_features.hpp"
#include "engine/position.hpp"
#include "engine/search.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/search_workers.hpp"

namespace flank::train {
namespace {

// Replaces the labels of samples[i] for i in `which` by depth-limited search scores.
void relabel(std::vector<Sample>& samples, const std::vector<std::size_t>& which,
             const PatternWeights& weights, const PropagateOptions& options) {
  const auto evaluator =
      std::make_shared<const PatternEvaluator>(std::make_shared<const PatternWeights>(weights));
  SearchLimits limits;
  limits.depth = options.depth;
  limits.mpc = options.mpc;
  limits.mpc_confidence = options.mpc_confidence;
  // A small table cleared before every search: a label must not depend on
  // which positions the same thread searched before, so that the weights come
  // out the same whatever the thread count.
  parallel_for(which.size(), options.threads, searcher_maker(evaluator, 1),
               [&](Searcher& searcher, std::size_t k) {
                 Sample& s = samples[which[k]];
                 searcher.clear();
                 const SearchResult r = searcher.search(position_of(s), limits);
                 const auto score = static_cast<float>(r.score);
                 if (r.exact) {
                   s.label = score;
                   s.kind = LabelKind::Exact;
                 } else if (s.kind == LabelKind::WinLossDraw) {
                   s.label = with_result(score, sign_of(s.label));  // the proof stays
                 } else {
                   s.label = score;
                   s.kind = LabelKind::Search;
                 }
               });
}

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

}  // namespace

void propagate_by_phase(std::vector<Sample>& samples, PatternWeights& weights,
                        const PhaseRefit& refit, const PropagateOptions& options,
                        const std::function<void(int phase, std::size_t relabelled,
                                                 const std::vector<EpochRow>&)>& on_phase,
                        int from_phase) {
  const int phases = weights.phases();
  const std::vector<std::vector<std::size_t>> by_phase = indices_by_phase(samples, phases);
  for (int phase = from_phase < 0 ? phases - 1 : std::min(from_phase, phases - 1); phase >= 0;
       --phase) {
    std::vector<std::size_t> inexact;
    for (std::size_t i : by_phase[phase])
      if (samples[i].kind != LabelKind::Exact) inexact.push_back(i);
    if (inexact.empty()) continue;  // exact labels need no propagation
    relabel(samples, inexact, weights, options);
    const std::vector<EpochRow> rows = refit(subset_of(samples, by_phase[phase]), weights, phase);
    if (on_phase) on_phase(phase, inexact.size(), rows);
  }
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
