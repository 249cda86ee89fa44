#include "tools/train/propagate.hpp"

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
  // A small table cleared before every search: a label must not depend on
  // which positions the same thread searched before, so that the weights come
  // out the same whatever the thread count.
  parallel_for(which.size(), options.threads, searcher_maker(evaluator, 1),
               [&](Searcher& searcher, std::size_t k) {
                 Sample& s = samples[which[k]];
                 searcher.clear();
                 const SearchResult r = searcher.search(position_of(s), limits);
                 s.label = static_cast<float>(r.score);
                 s.kind = r.exact ? LabelKind::Exact : LabelKind::Search;
               });
}

}  // namespace

void propagate_by_phase(std::vector<Sample>& samples, PatternWeights& weights,
                        const PhaseRefit& refit, const PropagateOptions& options,
                        const std::function<void(int phase, std::size_t relabelled,
                                                 const std::vector<EpochRow>&)>& on_phase) {
  const int phases = weights.phases();
  std::vector<std::vector<std::size_t>> by_phase(phases);
  for (std::size_t i = 0; i < samples.size(); ++i)
    by_phase[pattern::phase_of(samples[i].me, samples[i].opp, phases)].push_back(i);
  for (int phase = phases - 1; phase >= 0; --phase) {
    std::vector<std::size_t> inexact;
    for (std::size_t i : by_phase[phase])
      if (samples[i].kind != LabelKind::Exact) inexact.push_back(i);
    if (inexact.empty()) continue;  // exact labels need no propagation
    relabel(samples, inexact, weights, options);
    std::vector<Sample> subset;
    for (std::size_t i : by_phase[phase]) subset.push_back(samples[i]);
    const std::vector<EpochRow> rows = refit(subset, weights, phase);
    if (on_phase) on_phase(phase, inexact.size(), rows);
  }
}

}  // namespace flank::train
