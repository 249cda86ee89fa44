#include "tools/train/fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

namespace flank::train {

EpochRow measure_design(const Design& d, const PatternWeights& w) {
  EpochRow row;
  row.phases.resize(w.phases());
  double train_sum = 0, hold_sum = 0, hold_sq = 0;
  std::size_t train_n = 0, hold_n = 0;
  for (std::size_t i = 0; i < d.rows(); ++i) {
    const double err = std::abs(d.predict(i, w.values().data()) - d.label[i]);
    PhaseError& pe = row.phases[d.phase[i]];
    if (d.holdout[i]) {
      pe.holdout_mae += err;
      ++pe.holdout_count;
      hold_sum += err;
      hold_sq += err * err;
      ++hold_n;
    } else {
      pe.train_mae += err;
      ++pe.train_count;
      train_sum += err;
      ++train_n;
    }
  }
  for (PhaseError& pe : row.phases) {
    if (pe.train_count) pe.train_mae /= static_cast<double>(pe.train_count);
    if (pe.holdout_count) pe.holdout_mae /= static_cast<double>(pe.holdout_count);
  }
  row.train_mae = train_n ? train_sum / static_cast<double>(train_n) : 0;
  row.holdout_mae = hold_n ? hold_sum / static_cast<double>(hold_n) : 0;
  row.holdout_rmse = hold_n ? std::sqrt(hold_sq / static_cast<double>(hold_n)) : 0;
  return row;
}

bool held_out(std::uint32_t game, const FitOptions& options) {
  return held_out(game, options.holdout, options.seed);
}

EpochRow measure(const std::vector<Sample>& samples, const PatternWeights& weights,
                 const FitOptions& options) {
  return measure_design(make_design(samples, weights, options.holdout, options.seed), weights);
}

std::vector<EpochRow> fit(const std::vector<Sample>& samples, PatternWeights& weights,
                          const FitOptions& options,
                          const std::function<void(const EpochRow&)>& on_epoch) {
  const Design p = make_design(samples, weights, options.holdout, options.seed);
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.rows(); ++i)
    if (!p.holdout[i]) order.push_back(i);
  std::mt19937_64 rng(options.seed);
  std::vector<EpochRow> rows;
  rows.push_back(measure_design(p, weights));
  if (on_epoch) on_epoch(rows.back());
  float* w = weights.values().data();
  const auto share = static_cast<float>(options.neighbours);
  const auto per_phase = static_cast<std::ptrdiff_t>(weights.set().weights_per_phase());
  const int width = p.per_sample;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto rate = static_cast<float>(options.learning_rate / (1.0 + 0.25 * (epoch - 1)));
    const auto decay = static_cast<float>(1.0 - rate * options.l2);
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      const float step = rate * (p.label[i] - p.predict(i, w));
      const std::uint32_t* a = p.row(i);
      for (int k = 0; k < width; ++k) w[a[k]] = w[a[k]] * decay + step;
      if (share == 0) continue;
      // The neighbouring phases' own error on this position, with a smaller step.
      for (int d : {-1, 1}) {
        const int q = p.phase[i] + d;
        if (q < 0 || q >= weights.phases()) continue;
        const std::ptrdiff_t shift = static_cast<std::ptrdiff_t>(d) * per_phase;
        float sum = 0;
        for (int k = 0; k < width; ++k) sum += w[a[k] + shift];
        const float nstep = share * rate * (p.label[i] - sum);
        for (int k = 0; k < width; ++k) w[a[k] + shift] = w[a[k] + shift] * decay + nstep;
      }
    }
    EpochRow row = measure_design(p, weights);
    row.epoch = epoch;
    row.learning_rate = rate;
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rows.push_back(row);
    if (on_epoch) on_epoch(row);
  }
  return rows;
}

std::string curve_table(const std::vector<EpochRow>& rows, int phases) {
  std::string out =
      "Mean absolute error in discs; training positions / held-out games. Phase k covers the\n"
      "positions with (60 - empties) * phases / 61 == k.\n\n| epoch | rate | train | held-out |";
  char buf[64];
  for (int k = 0; k < phases; ++k) {
    std::snprintf(buf, sizeof buf, " ph%d |", k);
    out += buf;
  }
  out += "\n|---|---|---|---|";
  for (int k = 0; k < phases; ++k) out += "---|";
  out += "\n";
  for (const EpochRow& r : rows) {
    std::snprintf(buf, sizeof buf, "| %d | %.5f | %.3f | %.3f |", r.epoch, r.learning_rate,
                  r.train_mae, r.holdout_mae);
    out += buf;
    for (int k = 0; k < phases && k < static_cast<int>(r.phases.size()); ++k) {
      std::snprintf(buf, sizeof buf, " %.2f/%.2f |", r.phases[k].train_mae,
                    r.phases[k].holdout_mae);
      out += buf;
    }
    out += "\n";
  }
  if (!rows.empty()) {
    out += "\nPositions per phase (train/held-out):";
    for (int k = 0; k < phases && k < static_cast<int>(rows.back().phases.size()); ++k) {
      std::snprintf(buf, sizeof buf, " %zu/%zu", rows.back().phases[k].train_count,
                    rows.back().phases[k].holdout_count);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace flank::train
