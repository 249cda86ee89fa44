#include "tools/train/fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

#include "engine/pattern_features.hpp"

namespace flank::train {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Features precomputed once: index into the whole weight vector (phase included).
struct Prepared {
  int per_sample = 0;                 // the pattern set's active_count()
  std::vector<std::uint32_t> active;  // per_sample entries per sample
  std::vector<float> label;
  std::vector<std::uint8_t> phase;
  std::vector<std::uint8_t> holdout;
};

Prepared prepare(const std::vector<Sample>& samples, const PatternWeights& w,
                 const FitOptions& options) {
  Prepared p;
  const std::size_t n = samples.size();
  const pattern::PatternSet& set = w.set();
  p.per_sample = set.active_count();
  const auto width = static_cast<std::size_t>(p.per_sample);
  p.active.resize(n * width);
  p.label.resize(n);
  p.phase.resize(n);
  p.holdout.resize(n);
  const std::uint32_t per_phase = set.weights_per_phase();
  for (std::size_t i = 0; i < n; ++i) {
    const Sample& s = samples[i];
    const int phase = pattern::phase_of(s.me, s.opp, w.phases());
    std::uint32_t* list = &p.active[i * width];
    set.active_features(s.me, s.opp, list);
    for (std::size_t k = 0; k < width; ++k)
      list[k] += static_cast<std::uint32_t>(phase) * per_phase;
    p.label[i] = s.label;
    p.phase[i] = static_cast<std::uint8_t>(phase);
    p.holdout[i] = held_out(s.game, options);
  }
  return p;
}

float predict(const Prepared& p, std::size_t i, const float* w) {
  const std::uint32_t* a = &p.active[i * static_cast<std::size_t>(p.per_sample)];
  float sum = 0;
  for (int k = 0; k < p.per_sample; ++k) sum += w[a[k]];
  return sum;
}

EpochRow measure_prepared(const Prepared& p, const PatternWeights& w) {
  EpochRow row;
  row.phases.resize(w.phases());
  double train_sum = 0, hold_sum = 0, hold_sq = 0;
  std::size_t train_n = 0, hold_n = 0;
  for (std::size_t i = 0; i < p.label.size(); ++i) {
    const double err = std::abs(predict(p, i, w.values().data()) - p.label[i]);
    PhaseError& pe = row.phases[p.phase[i]];
    if (p.holdout[i]) {
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

}  // namespace

bool held_out(std::uint32_t game, const FitOptions& options) {
  return static_cast<double>(mix(game ^ (options.seed << 32)) % 1000000) <
         options.holdout * 1000000;
}

EpochRow measure(const std::vector<Sample>& samples, const PatternWeights& weights,
                 const FitOptions& options) {
  return measure_prepared(prepare(samples, weights, options), weights);
}

std::vector<EpochRow> fit(const std::vector<Sample>& samples, PatternWeights& weights,
                          const FitOptions& options,
                          const std::function<void(const EpochRow&)>& on_epoch) {
  const Prepared p = prepare(samples, weights, options);
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.label.size(); ++i)
    if (!p.holdout[i]) order.push_back(i);
  std::mt19937_64 rng(options.seed);
  std::vector<EpochRow> rows;
  rows.push_back(measure_prepared(p, weights));
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
      const float step = rate * (p.label[i] - predict(p, i, w));
      const std::uint32_t* a = &p.active[i * static_cast<std::size_t>(width)];
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
    EpochRow row = measure_prepared(p, weights);
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
