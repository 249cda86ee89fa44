#include "tools/train/least_squares.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "tools/train/parallel.hpp"

namespace flank::train {
namespace {

using Vector = std::vector<double>;

// The normal-equation operator A = X'X + ridge I + smooth L on the training
// rows. Rows of one phase touch only that phase's block of weights, so X'X x
// is computed block by block, in parallel over phases, each block summed in
// row order: the same result whatever the thread count.
class Normal {
 public:
  Normal(const Design& d, int phases, const LeastSquaresOptions& o,
         const std::vector<float>& row_weight)
      : d_(d),
        row_weight_(row_weight),
        phases_(phases),
        per_phase_(d.per_phase),
        o_(o),
        first_(std::clamp(o.first_phase, 0, phases - 1)),
        last_(o.last_phase < 0 ? phases - 1 : std::clamp(o.last_phase, first_, phases - 1)),
        rows_of_(phases),
        blended_into_(phases) {
    for (std::size_t i = 0; i < d.rows(); ++i)
      if (!d.holdout[i] && d.phase[i] >= first_ && d.phase[i] <= last_) {
        rows_of_[d.phase[i]].push_back(i);
        if (d.share(i) > 0 && d.phase[i] + 1 < phases) blended_into_[d.phase[i] + 1].push_back(i);
      }
  }
  std::size_t size() const { return per_phase_ * static_cast<std::size_t>(phases_); }
  // The weights being fitted: [begin, end) of the whole vector.
  std::size_t begin() const { return static_cast<std::size_t>(first_) * per_phase_; }
  std::size_t end() const { return static_cast<std::size_t>(last_ + 1) * per_phase_; }

  // out = X' v, with v given per training row by `row_value(i)`. A blended
  // row's entries count (1 - share) in its phase and share in the next.
  template <class RowValue>
  void transpose_times(Vector& out, RowValue row_value) const {
    std::fill(out.begin(), out.end(), 0.0);
    for_each_phase([&](int p) {
      for (std::size_t i : rows_of_[p]) {
        const double v = row_value(i) * weight(i) * (1 - d_.share(i));
        const std::uint32_t* a = d_.row(i);
        for (int k = 0; k < d_.per_sample; ++k) out[a[k]] += v;
      }
      for (std::size_t i : blended_into_[p]) {
        const double v = row_value(i) * weight(i) * d_.share(i);
        const std::uint32_t* a = d_.row(i);
        for (int k = 0; k < d_.per_sample; ++k) out[a[k] + per_phase_] += v;
      }
    });
  }

  void apply(const Vector& x, Vector& out) const {
    transpose_times(out, [&](std::size_t i) { return d_.predict(i, x.data()); });
    add_penalties(x, out);
  }

  // The diagonal of A: how often each weight is active (squared), plus the penalties.
  Vector diagonal() const {
    Vector diag(size(), 0.0);
    // An entry active twice in a row counts 4, not 2: add the cross terms.
    const auto add_row = [&](std::size_t i, double scale, std::uint32_t offset) {
      const std::uint32_t* a = d_.row(i);
      const double c = weight(i) * scale * scale;
      for (int k = 0; k < d_.per_sample; ++k) {
        diag[a[k] + offset] += c;
        for (int j = 0; j < k; ++j)
          if (a[j] == a[k]) diag[a[k] + offset] += 2 * c;
      }
    };
    for_each_phase([&](int p) {
      for (std::size_t i : rows_of_[p]) add_row(i, 1 - d_.share(i), 0);
      for (std::size_t i : blended_into_[p])
        add_row(i, d_.share(i), static_cast<std::uint32_t>(per_phase_));
    });
    const Vector unit(size(), 1.0);
    Vector penalties(size(), 0.0);
    add_penalties(unit, penalties, true);
    for (std::size_t j = 0; j < size(); ++j) diag[j] += penalties[j];
    return diag;
  }

 private:
  double weight(std::size_t i) const { return row_weight_.empty() ? 1.0 : row_weight_[i]; }
  template <class F>
  void for_each_phase(F f) const {
    parallel_for(
        static_cast<std::size_t>(phases_), o_.threads, [] { return std::make_unique<int>(0); },
        [&](int&, std::size_t p) { f(static_cast<int>(p)); });
  }

  // out += (ridge I + smooth L) x; with `diagonal_only` the diagonal of that matrix.
  void add_penalties(const Vector& x, Vector& out, bool diagonal_only = false) const {
    for (std::size_t j = 0; j < size(); ++j) out[j] += o_.ridge * x[j];
    if (o_.smooth == 0) return;
    for (int p = 0; p + 1 < phases_; ++p) {
      const std::size_t lo = static_cast<std::size_t>(p) * per_phase_, hi = lo + per_phase_;
      for (std::size_t j = 0; j < per_phase_; ++j) {
        const double diff = diagonal_only ? 1.0 : x[lo + j] - x[hi + j];
        out[lo + j] += o_.smooth * diff;
        out[hi + j] += diagonal_only ? o_.smooth : -o_.smooth * diff;
      }
    }
  }

  const Design& d_;
  const std::vector<float>& row_weight_;
  int phases_;
  std::size_t per_phase_;
  const LeastSquaresOptions& o_;
  int first_, last_;
  std::vector<std::vector<std::size_t>> rows_of_;
  // Per phase, the rows of the phase before it that blend into it.
  std::vector<std::vector<std::size_t>> blended_into_;
};

double dot(const Vector& a, const Vector& b, std::size_t begin, std::size_t end) {
  double sum = 0;
  for (std::size_t j = begin; j < end; ++j) sum += a[j] * b[j];
  return sum;
}

// One conjugate-gradient solve with each row weighted by row_weight (empty:
// all 1); returns the iterations done.
int solve_weighted(const Design& design, PatternWeights& weights,
                   const LeastSquaresOptions& options, const std::vector<float>& row_weight,
                   const std::function<void(int iteration, double residual)>& on_step,
                   int report_every) {
  const Normal a(design, weights.phases(), options, row_weight);
  const std::size_t n = a.size();
  Vector x(weights.values().begin(), weights.values().end());
  // Only [lo, hi) moves; every vector below is zero (or unused) outside it.
  const std::size_t lo = a.begin(), hi = a.end();
  // r = X'y - A x, the residual of the normal equations.
  Vector r(n), q(n);
  a.transpose_times(r, [&](std::size_t i) { return static_cast<double>(design.label[i]); });
  a.apply(x, q);
  for (std::size_t j = lo; j < hi; ++j) r[j] -= q[j];
  const Vector diag = a.diagonal();
  Vector z(n, 0.0), p(n, 0.0);
  const auto precondition = [&] {
    for (std::size_t j = lo; j < hi; ++j) z[j] = diag[j] > 0 ? r[j] / diag[j] : 0;
  };
  precondition();
  p = z;
  double rz = dot(r, z, lo, hi);
  const double start_norm = std::sqrt(dot(r, r, lo, hi));
  int it = 0;
  while (it < options.iterations && start_norm > 0) {
    a.apply(p, q);
    const double pq = dot(p, q, lo, hi);
    if (!(pq > 0)) break;
    const double alpha = rz / pq;
    for (std::size_t j = lo; j < hi; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * q[j];
    }
    ++it;
    const double ratio = std::sqrt(dot(r, r, lo, hi)) / start_norm;
    if (on_step && it % report_every == 0) on_step(it, ratio);
    if (ratio < options.tolerance) break;
    precondition();
    const double rz_next = dot(r, z, lo, hi);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (std::size_t j = lo; j < hi; ++j) p[j] = z[j] + beta * p[j];
  }
  std::copy(x.begin(), x.end(), weights.values().begin());
  return it;
}

}  // namespace

std::vector<EpochRow> solve_least_squares(
    const Design& design, PatternWeights& weights, const LeastSquaresOptions& options,
    const std::function<void(int iteration, double residual)>& on_step, int report_every) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<EpochRow> rows{measure_design(design, weights)};
  std::vector<float> row_weight;
  int it = solve_weighted(design, weights, options, row_weight, on_step, report_every);
  if (options.huber > 0) {
    // Iteratively reweighted least squares: each solve weighs the rows by the
    // last one's residuals, 1 within `huber` discs and huber / |r| beyond.
    row_weight.assign(design.rows(), 1.0f);
    for (int round = 0; round < options.reweights; ++round) {
      const std::vector<float>& w = weights.values();
      for (std::size_t i = 0; i < design.rows(); ++i) {
        const double r = std::abs(design.predict(i, w.data()) - design.label[i]);
        row_weight[i] = static_cast<float>(r <= options.huber ? 1.0 : options.huber / r);
      }
      rows.push_back(measure_design(design, weights));
      rows.back().epoch = it;
      it = solve_weighted(design, weights, options, row_weight, on_step, report_every);
    }
  }
  EpochRow last = measure_design(design, weights);
  last.epoch = it;
  last.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rows.push_back(last);
  return rows;
}

}  // namespace flank::train
