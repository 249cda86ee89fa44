#include "tools/train/mpc_fit.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>

#include "engine/board/position.hpp"
#include "engine/search/search.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/search_workers.hpp"

namespace flank::train {

namespace {

// Least squares of y on x: the pair's slope, intercept and residual sigma, or
// nothing when the points cannot give a trustworthy relation.
std::optional<mpc::Pair> regress(const std::vector<std::pair<double, double>>& points,
                                 int shallow) {
  const std::size_t m = points.size();
  if (m < 30) return std::nullopt;  // too few positions for a trustworthy relation
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& [x, y] : points) sx += x, sy += y, sxx += x * x, sxy += x * y;
  const double mx = sx / m, my = sy / m, vx = sxx / m - mx * mx;
  if (vx <= 1e-9) return std::nullopt;
  const double slope = (sxy / m - mx * my) / vx, intercept = my - slope * mx;
  if (!(slope > 0.1)) return std::nullopt;
  double sq = 0;
  for (const auto& [x, y] : points) {
    const double r = y - (slope * x + intercept);
    sq += r * r;
  }
  mpc::Pair p;
  p.shallow = shallow;
  p.slope = static_cast<float>(slope);
  p.intercept = static_cast<float>(intercept);
  p.sigma = static_cast<float>(std::sqrt(sq / static_cast<double>(m > 2 ? m - 2 : 1)));
  return p;
}

// Up to `count` of `candidates`, spread evenly over them.
std::vector<std::size_t> spread(const std::vector<std::size_t>& candidates, std::size_t count) {
  std::vector<std::size_t> out;
  const std::size_t n = std::min(candidates.size(), count);
  for (std::size_t k = 0; k < n; ++k) out.push_back(candidates[k * candidates.size() / n]);
  return out;
}

// The endgame pairs: for each empties count, exact scores regressed on shallow ones.
void fit_endgame(const std::vector<Sample>& samples, std::shared_ptr<const Evaluator> evaluator,
                 const MpcFitOptions& options, mpc::Statistics& stats,
                 const std::function<void()>& on_position) {
  const int first = mpc::kSelectiveMinEmpties;
  if (options.endgame_max < first) return;
  stats.set_endgame_range(first, options.endgame_max - first + 1);
  for (int e = first; e <= options.endgame_max; ++e) {
    std::vector<std::size_t> with_e;
    for (std::size_t i = 0; i < samples.size(); ++i)
      if (samples[i].empties() == e) with_e.push_back(i);
    const std::vector<std::size_t> chosen =
        spread(with_e, static_cast<std::size_t>(options.endgame_positions));
    const int shallow = mpc::endgame_shallow_depth(e);
    std::vector<std::pair<double, double>> points(chosen.size());
    parallel_for(chosen.size(), options.threads, searcher_maker(evaluator, 16),
                 [&](Searcher& searcher, std::size_t k) {
                   const Position p = position_of(samples[chosen[k]]);
                   searcher.clear();  // the same scores whatever the thread count
                   SearchLimits limits;
                   limits.depth = shallow;
                   limits.exact_empties = 0;
                   const double x = searcher.search(p, limits).score;
                   points[k] = {x, static_cast<double>(searcher.solve(p).score)};
                   if (on_position) on_position();
                 });
    if (const auto pair = regress(points, shallow)) stats.endgame(e) = *pair;
  }
}

}  // namespace

mpc::Statistics fit_mpc(const std::vector<Sample>& samples,
                        std::shared_ptr<const Evaluator> evaluator, const MpcFitOptions& options,
                        const std::function<void(std::size_t)>& on_progress) {
  const int max_depth = options.max_depth;
  // Positions where every depth is still a midgame search, spread evenly over the data.
  std::vector<std::size_t> eligible;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (samples[i].empties() > max_depth + 2) eligible.push_back(i);
  const std::vector<std::size_t> chosen =
      spread(eligible, static_cast<std::size_t>(options.positions));

  // scores[k][d]: the depth-d score of chosen[k] in discs.
  std::vector<std::vector<int>> scores(chosen.size(), std::vector<int>(max_depth + 1));
  std::atomic<std::size_t> done{0};
  parallel_for(chosen.size(), options.threads, searcher_maker(evaluator, 4),
               [&](Searcher& searcher, std::size_t k) {
                 const Position p = position_of(samples[chosen[k]]);
                 searcher.clear();  // the same scores whatever the thread count
                 for (int d = 1; d <= max_depth; ++d) {
                   SearchLimits limits;
                   limits.depth = d;
                   limits.exact_empties = 0;
                   scores[k][d] = searcher.search(p, limits).score;
                 }
                 if (on_progress) on_progress(++done);
               });

  const int per_bucket = options.empties_per_bucket;
  mpc::Statistics stats((60 + per_bucket) / per_bucket, per_bucket, max_depth);
  for (int b = 0; b < stats.buckets(); ++b)
    for (int d = mpc::kMinDepth; d <= max_depth; ++d) {
      const int shallow = mpc::shallow_depth(d);
      std::vector<std::pair<double, double>> points;
      for (std::size_t k = 0; k < chosen.size(); ++k)
        if (stats.bucket_of(samples[chosen[k]].empties()) == b)
          points.emplace_back(scores[k][shallow], scores[k][d]);
      if (const auto pair = regress(points, shallow)) stats.at(b, d) = *pair;
    }
  fit_endgame(samples, evaluator, options, stats, [&] {
    if (on_progress) on_progress(++done);
  });
  return stats;
}

std::string mpc_table(const mpc::Statistics& stats) {
  std::string out =
      "| empties | depth | shallow | slope | intercept | sigma (discs) "
      "|\n|---|---|---|---|---|---|\n";
  char line[128];
  for (int b = 0; b < stats.buckets(); ++b)
    for (int d = 0; d <= stats.max_depth(); ++d) {
      const mpc::Pair& p = stats.at(b, d);
      if (p.shallow == 0) continue;
      std::snprintf(line, sizeof line, "| %d-%d | %d | %d | %.3f | %.2f | %.2f |\n",
                    b * stats.empties_per_bucket(), (b + 1) * stats.empties_per_bucket() - 1, d,
                    p.shallow, p.slope, p.intercept, p.sigma);
      out += line;
    }
  for (int e = stats.endgame_first(); e < stats.endgame_first() + stats.endgame_count(); ++e) {
    const mpc::Pair* p = stats.find_endgame(e);
    if (!p) continue;
    std::snprintf(line, sizeof line, "| %d | exact | %d | %.3f | %.2f | %.2f |\n", e, p->shallow,
                  p->slope, p->intercept, p->sigma);
    out += line;
  }
  return out;
}

}  // namespace flank::train
