#include "tools/train/mpc_fit.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>

#include "engine/position.hpp"
#include "engine/search.hpp"
#include "tools/train/parallel.hpp"

namespace flank::train {

mpc::Statistics fit_mpc(const std::vector<Sample>& samples,
                        std::shared_ptr<const Evaluator> evaluator, const MpcFitOptions& options,
                        const std::function<void(std::size_t)>& on_progress) {
  const int max_depth = options.max_depth;
  // Positions where every depth is still a midgame search, spread evenly over the data.
  std::vector<std::size_t> eligible;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (samples[i].empties() > max_depth + 2) eligible.push_back(i);
  std::vector<std::size_t> chosen;
  const std::size_t n = std::min<std::size_t>(eligible.size(), options.positions);
  for (std::size_t k = 0; k < n; ++k) chosen.push_back(eligible[k * eligible.size() / n]);

  // scores[k][d]: the depth-d score of chosen[k] in discs.
  std::vector<std::vector<int>> scores(chosen.size(), std::vector<int>(max_depth + 1));
  std::atomic<std::size_t> done{0};
  parallel_for(
      chosen.size(), options.threads,
      [&] {
        auto searcher = std::make_unique<Searcher>(4);
        searcher->set_evaluator(evaluator);
        return searcher;
      },
      [&](Searcher& searcher, std::size_t k) {
        const Sample& s = samples[chosen[k]];
        const Position p =
            Position::from_board<std::uint64_t>(8, Board<std::uint64_t>{s.me, s.opp}, Color::Black);
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
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      std::size_t m = 0;
      for (std::size_t k = 0; k < chosen.size(); ++k) {
        if (stats.bucket_of(samples[chosen[k]].empties()) != b) continue;
        const double x = scores[k][shallow], y = scores[k][d];
        sx += x, sy += y, sxx += x * x, sxy += x * y, ++m;
      }
      if (m < 30) continue;  // too few positions for a trustworthy relation
      const double mx = sx / m, my = sy / m, vx = sxx / m - mx * mx;
      if (vx <= 1e-9) continue;
      const double slope = (sxy / m - mx * my) / vx, intercept = my - slope * mx;
      if (!(slope > 0.1)) continue;
      double sq = 0;
      for (std::size_t k = 0; k < chosen.size(); ++k) {
        if (stats.bucket_of(samples[chosen[k]].empties()) != b) continue;
        const double r = scores[k][d] - (slope * scores[k][shallow] + intercept);
        sq += r * r;
      }
      mpc::Pair& p = stats.at(b, d);
      p.shallow = shallow;
      p.slope = static_cast<float>(slope);
      p.intercept = static_cast<float>(intercept);
      p.sigma = static_cast<float>(std::sqrt(sq / static_cast<double>(m > 2 ? m - 2 : 1)));
    }
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
  return out;
}

}  // namespace flank::train
