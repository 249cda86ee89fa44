#include "tools/train/size_train.hpp"

#include <cmath>
#include <random>
#include <set>
#include <stdexcept>

#include "engine/board/position.hpp"
#include "engine/board/square.hpp"

namespace flank::train {
namespace {

// The columns of one phase's least-squares problem: the scalars, then one per
// corner pattern up to its mirror image.
struct Columns {
  std::vector<int> of_pattern;  // pattern index -> column
  int count = kSizeScalars;
  Columns() : of_pattern(kCornerPatternSize) {
    for (int i = 0; i < kCornerPatternSize; ++i) {
      const int m = mirror_corner_pattern(i);
      of_pattern[i] = m < i ? of_pattern[m] : count++;
    }
  }
};

// Solves A x = r for a symmetric positive definite A (n x n, row-major) in place.
std::vector<double> cholesky_solve(std::vector<double> a, std::vector<double> r, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0))
      throw std::runtime_error("size fit: the normal equations are not positive definite");
    const double l = std::sqrt(d);
    a[j * n + j] = l;
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / l;
    }
  }
  for (int i = 0; i < n; ++i) {  // L y = r
    for (int k = 0; k < i; ++k) r[i] -= a[i * n + k] * r[k];
    r[i] /= a[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = y
    for (int k = i + 1; k < n; ++k) r[i] -= a[k * n + i] * r[k];
    r[i] /= a[i * n + i];
  }
  return r;
}

bool held_out(std::uint32_t game, const SizeFitOptions& o) {
  // Mixed first: games take the sizes in turn, so plain game % K could hold out one size only.
  const std::uint32_t mixed = (game * 0x9E3779B1u) >> 8;
  return o.holdout_every > 0 && mixed % static_cast<std::uint32_t>(o.holdout_every) == 0;
}

}  // namespace

std::vector<SizeSample> play_size_game(int n, std::uint32_t game, std::uint64_t seed,
                                       const SizePlayOptions& options, Searcher& searcher) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + game * 0x100000001B3ull + n);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  searcher.clear();  // the same game whatever this searcher played before
  Position p{Shape::square(n)};
  std::vector<Position> seen;
  for (int ply = 0; !p.is_game_over(); ++ply) {
    const std::vector<Square> moves = p.legal_moves();
    if (moves.empty()) {
      p.play(kPass);
      continue;
    }
    seen.push_back(p);
    Square move;
    if (p.empties() <= options.exact_empties) {
      move = searcher.solve(p).move;  // perfect play: the result is these positions' value
    } else if (ply < options.random_plies || unit(rng) < options.random_moves) {
      move = moves[rng() % moves.size()];
    } else {
      SearchLimits limits;
      limits.depth = options.play_depth;
      limits.exact_empties = 0;
      move = searcher.search(p, limits).move;
    }
    p.play(move);
  }
  const int black_result = p.score();
  const float scale = 64.0f / static_cast<float>(n * n);
  std::vector<SizeSample> samples;
  for (const Position& q : seen) {
    const int mine = q.to_move() == Color::Black ? black_result : -black_result;
    double label = mine;
    if (options.label_depth > 0 && q.empties() > options.exact_empties) {
      SearchLimits limits;
      limits.depth = options.label_depth;
      limits.exact_empties = 0;
      const double searched = searcher.search(q, limits).score;
      label = options.result_weight * mine + (1 - options.result_weight) * searched;
    }
    samples.push_back({size_features(q, options.phases), scale * static_cast<float>(label), game});
  }
  return samples;
}

SizeWeights fit_size_weights(const std::vector<SizeSample>& samples, int phases,
                             const SizeFitOptions& options, SizeFitReport& report) {
  const Columns columns;
  const int n = columns.count;
  std::vector<std::vector<double>> a(phases, std::vector<double>(n * n, 0.0));
  std::vector<std::vector<double>> r(phases, std::vector<double>(n, 0.0));
  std::vector<std::pair<int, double>> x;
  for (const SizeSample& s : samples) {
    if (held_out(s.game, options)) continue;
    x.clear();
    for (int k = 0; k < kSizeScalars; ++k) x.push_back({k, s.features.scalar[k]});
    for (int c : s.features.corner) x.push_back({columns.of_pattern[c], 1.0});
    for (int p = s.features.phase - 1; p <= s.features.phase + 1; ++p) {
      if (p < 0 || p >= phases) continue;
      const double w = p == s.features.phase ? 1.0 : options.neighbours;
      if (w == 0) continue;
      for (const auto& [i, vi] : x) {
        r[p][i] += w * vi * s.label;
        for (const auto& [j, vj] : x) a[p][i * n + j] += w * vi * vj;
      }
    }
  }
  SizeWeights weights(phases);
  for (int p = 0; p < phases; ++p) {
    for (int i = 0; i < n; ++i)
      a[p][i * n + i] += i < kSizeScalars ? options.ridge * 1e-3 : options.ridge;
    const std::vector<double> solution = cholesky_solve(std::move(a[p]), std::move(r[p]), n);
    for (int k = 0; k < kSizeScalars; ++k) weights.scalar(p, k) = static_cast<float>(solution[k]);
    for (int i = 0; i < kCornerPatternSize; ++i)
      weights.set_corner(p, i, static_cast<float>(solution[columns.of_pattern[i]]));
  }
  report = {};
  double train_error = 0, holdout_error = 0;
  for (const SizeSample& s : samples) {
    const double e = std::abs(weights.value(s.features) - s.label);
    if (held_out(s.game, options)) {
      holdout_error += e;
      ++report.holdout;
    } else {
      train_error += e;
      ++report.train;
    }
  }
  if (report.train) report.train_mae = train_error / static_cast<double>(report.train);
  if (report.holdout) report.holdout_mae = holdout_error / static_cast<double>(report.holdout);
  return weights;
}

std::vector<std::string> balanced_openings(int n, int count, int plies, int depth, int balance,
                                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Searcher searcher(16);  // the hand evaluation: neither side's evaluation picks the openings
  std::set<std::string> seen;
  std::vector<std::string> out;
  const Shape shape = Shape::square(n);
  for (int tries = 0; static_cast<int>(out.size()) < count; ++tries) {
    if (tries > count * 1000)
      throw std::runtime_error("found only " + std::to_string(out.size()) + " balanced openings");
    Position p{shape};
    std::string text;
    bool ok = true;
    for (int ply = 0; ply < plies && ok; ++ply) {
      const std::vector<Square> moves = p.legal_moves();
      ok = !moves.empty();  // no passes in an opening
      if (!ok) break;
      const Square m = moves[rng() % moves.size()];
      if (!text.empty()) text += ' ';
      text += square_name(m, shape);
      p.play(m);
    }
    if (!ok || !p.has_legal_move() || seen.count(text)) continue;
    SearchLimits limits;
    limits.depth = depth;
    searcher.clear();
    if (std::abs(searcher.search(p, limits).score) > balance) continue;
    seen.insert(text);
    out.push_back(text);
  }
  return out;
}

}  // namespace flank::train
