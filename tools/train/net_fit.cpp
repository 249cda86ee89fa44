#include "tools/train/net_fit.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/eval/pattern_features.hpp"
#include "engine/eval/phase_blend.hpp"
#include "tools/train/design.hpp"

namespace flank::train {
namespace {

constexpr int kWidth = ResidualNet::kWidth;
constexpr int kHidden = ResidualNet::kHidden;

// The net in floats while it trains, with Adam's moments.
struct Trainer {
  const pattern::PatternSet& set;
  int phases;
  std::uint32_t per_phase;
  std::vector<float> entries;  // [phase][entry][kWidth]
  std::vector<float> head;     // b0, w1 [hidden][input], b1, w2, b2: the file's order
  std::vector<float> entry_m, entry_v, entry_grad, head_m, head_v, head_grad;
  std::vector<std::uint32_t> touched;  // rows (phase * per_phase + entry) with a gradient
  std::vector<char> is_touched, ever_touched;
  int steps = 0;

  // Small random entries and first layer, so that the units start apart; a
  // zero last layer, so that the net starts adding nothing.
  Trainer(const pattern::PatternSet& pattern_set, int phase_count, std::mt19937_64& random)
      : set(pattern_set), phases(phase_count), per_phase(pattern_set.weights_per_phase()) {
    const std::size_t rows = static_cast<std::size_t>(phases) * per_phase;
    std::normal_distribution<float> normal(0, 1);
    entries.resize(rows * kWidth);
    for (float& e : entries) e = 0.05f * normal(random);
    head.assign(ResidualNet::kHeadFloats, 0);
    std::fill(b0(), b0() + kWidth, 0.5f);
    for (int i = 0; i < kHidden * kWidth; ++i) w1()[i] = normal(random) / std::sqrt(float{kWidth});
    std::fill(b1(), b1() + kHidden, 0.1f);
    entry_m.assign(entries.size(), 0);
    entry_v.assign(entries.size(), 0);
    entry_grad.assign(entries.size(), 0);
    head_m.assign(head.size(), 0);
    head_v.assign(head.size(), 0);
    head_grad.assign(head.size(), 0);
    is_touched.assign(rows, 0);
    ever_touched.assign(rows, 0);
  }

  float* b0() { return head.data(); }
  float* w1() { return b0() + kWidth; }
  float* b1() { return w1() + kHidden * kWidth; }
  float* w2() { return b1() + kHidden; }
  float& b2() { return head.back(); }

  // One position's rows, and the forward pass's values for its gradient.
  struct Pass {
    std::uint32_t rows[pattern::kMaxActive];
    int count;
    float sum[kWidth], x[kWidth], hidden[kHidden];
    float out;
  };
  void forward(std::uint64_t me, std::uint64_t opp, Pass& p) {
    std::uint32_t active[pattern::kMaxActive];
    set.active_features(me, opp, active);
    p.count = set.active_count();
    const std::uint32_t base =
        static_cast<std::uint32_t>(pattern::phase_of(me, opp, phases)) * per_phase;
    for (int k = 0; k < kWidth; ++k) p.sum[k] = b0()[k];
    for (int a = 0; a < p.count; ++a) {
      p.rows[a] = base + active[a];
      const float* e = entries.data() + std::size_t{p.rows[a]} * kWidth;
      for (int k = 0; k < kWidth; ++k) p.sum[k] += e[k];
    }
    for (int k = 0; k < kWidth; ++k) p.x[k] = std::max(0.0f, p.sum[k]);
    p.out = b2();
    for (int j = 0; j < kHidden; ++j) {
      float s = b1()[j];
      for (int k = 0; k < kWidth; ++k) s += w1()[j * kWidth + k] * p.x[k];
      p.hidden[j] = std::max(0.0f, s);
      p.out += w2()[j] * p.hidden[j];
    }
  }
  // Adds the gradient of `error` (d loss / d output) to the batch's.
  void backward(const Pass& p, float error) {
    float* g_b0 = head_grad.data();
    float* g_w1 = g_b0 + kWidth;
    float* g_b1 = g_w1 + kHidden * kWidth;
    float* g_w2 = g_b1 + kHidden;
    head_grad.back() += error;
    float g_x[kWidth] = {};
    for (int j = 0; j < kHidden; ++j) {
      g_w2[j] += error * p.hidden[j];
      if (p.hidden[j] <= 0) continue;
      const float g = error * w2()[j];
      g_b1[j] += g;
      for (int k = 0; k < kWidth; ++k) {
        g_w1[j * kWidth + k] += g * p.x[k];
        g_x[k] += g * w1()[j * kWidth + k];
      }
    }
    for (int k = 0; k < kWidth; ++k) {
      if (p.sum[k] <= 0) g_x[k] = 0;
      g_b0[k] += g_x[k];
    }
    for (int a = 0; a < p.count; ++a) {
      const std::uint32_t row = p.rows[a];
      if (!is_touched[row]) {
        is_touched[row] = ever_touched[row] = 1;
        touched.push_back(row);
      }
      float* g = entry_grad.data() + std::size_t{row} * kWidth;
      for (int k = 0; k < kWidth; ++k) g[k] += g_x[k];
    }
  }
  // One Adam step: the head with bias correction, the touched entries lazily.
  void step(float rate, float entry_rate) {
    ++steps;
    const float c1 = 1 - std::pow(0.9f, static_cast<float>(steps));
    const float c2 = 1 - std::pow(0.999f, static_cast<float>(steps));
    for (std::size_t i = 0; i < head.size(); ++i) {
      const float g = head_grad[i];
      head_grad[i] = 0;
      head_m[i] = 0.9f * head_m[i] + 0.1f * g;
      head_v[i] = 0.999f * head_v[i] + 0.001f * g * g;
      head[i] -= rate * (head_m[i] / c1) / (std::sqrt(head_v[i] / c2) + 1e-8f);
    }
    for (std::uint32_t row : touched) {
      is_touched[row] = 0;
      for (int k = 0; k < kWidth; ++k) {
        const std::size_t i = std::size_t{row} * kWidth + k;
        const float g = entry_grad[i];
        entry_grad[i] = 0;
        entry_m[i] = 0.9f * entry_m[i] + 0.1f * g;
        entry_v[i] = 0.999f * entry_v[i] + 0.001f * g * g;
        entries[i] -= entry_rate * entry_m[i] / (std::sqrt(entry_v[i]) + 1e-8f);
      }
    }
    touched.clear();
  }
};

// Mean absolute errors of `value` over the positions `which`, overall and per net phase.
template <class Value>
NetErrors errors(const std::vector<Sample>& samples, const std::vector<std::size_t>& which,
                 int phases, Value&& value) {
  NetErrors e;
  e.phase.assign(phases, 0);
  std::vector<std::size_t> count(phases, 0);
  for (std::size_t i : which) {
    const Sample& x = samples[i];
    const double error = std::fabs(value(i) - x.label);
    const int phase = pattern::phase_of(x.me, x.opp, phases);
    e.all += error;
    e.phase[phase] += error;
    ++count[phase];
  }
  if (!which.empty()) e.all /= static_cast<double>(which.size());
  for (int p = 0; p < phases; ++p)
    if (count[p]) e.phase[p] /= static_cast<double>(count[p]);
  return e;
}

void split(const std::vector<Sample>& samples, double holdout, std::uint64_t seed,
           std::vector<std::size_t>& train, std::vector<std::size_t>& held) {
  for (std::size_t i = 0; i < samples.size(); ++i)
    (held_out(samples[i].game, holdout, seed) ? held : train).push_back(i);
}

// The weights' own values (per move, as flank blends them), once per position.
std::vector<float> linear_values(const std::vector<Sample>& samples, const PatternWeights& base) {
  const PatternWeights evaluated = evaluated_phases(base);
  std::vector<float> out(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i)
    out[i] = evaluated.evaluate(samples[i].me, samples[i].opp);
  return out;
}

}  // namespace

ResidualNet fit_net(const std::vector<Sample>& samples, const PatternWeights& base,
                    const NetFitOptions& options,
                    const std::function<void(const NetEpoch&)>& on_epoch,
                    const std::function<void(std::size_t, std::size_t)>& on_batch) {
  const pattern::PatternSet& set = base.set();
  std::mt19937_64 random(options.seed);
  Trainer t(set, options.phases, random);
  std::vector<std::size_t> train, held;
  split(samples, options.holdout, options.seed, train, held);
  const std::vector<float> linear = linear_values(samples, base);
  // The training error on a fixed sample of its positions, to be quick.
  std::vector<std::size_t> train_sample(
      train.begin(), train.begin() + std::min<std::size_t>(train.size(), 300000));
  const auto report = [&](int epoch) {
    if (!on_epoch) return;
    Trainer::Pass p;
    const auto with_net = [&](std::size_t i) {
      t.forward(samples[i].me, samples[i].opp, p);
      return linear[i] + p.out;
    };
    NetEpoch row;
    row.epoch = epoch;
    row.train = errors(samples, train_sample, t.phases, with_net);
    row.holdout = errors(samples, held, t.phases, with_net);
    row.linear = errors(samples, held, t.phases, [&](std::size_t i) { return linear[i]; });
    on_epoch(row);
  };
  report(0);
  float rate = options.rate, entry_rate = options.entry_rate;
  const std::size_t batch = static_cast<std::size_t>(std::max(1, options.batch));
  const std::size_t per_epoch = train.size() / batch * batch;
  Trainer::Pass p;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::shuffle(train.begin(), train.end(), random);
    for (std::size_t first = 0; first < per_epoch; first += batch) {
      for (std::size_t b = first; b < first + batch; ++b) {
        const Sample& x = samples[train[b]];
        t.forward(x.me, x.opp, p);
        const float error = linear[train[b]] + p.out - x.label;
        t.backward(p, std::clamp(error, -options.clip, options.clip) / static_cast<float>(batch));
      }
      t.step(rate, entry_rate);
      if (on_batch) on_batch((epoch - 1) * per_epoch + first + batch, options.epochs * per_epoch);
    }
    report(epoch);
    rate *= options.decay;
    entry_rate *= options.decay;
  }

  ResidualNet net(t.phases, set);
  net.base_checksum = weights_checksum(base);
  // Rows no training position reached keep their random start, which means
  // nothing: zero, so that the file stores them as runs.
  for (std::size_t r = 0; r < t.ever_touched.size(); ++r)
    if (t.ever_touched[r])
      for (int k = 0; k < kWidth; ++k) {
        const long v = std::lround(t.entries[r * kWidth + k] * ResidualNet::kUnits);
        net.embed[r * kWidth + k] = static_cast<std::int16_t>(std::clamp<long>(v, -32767, 32767));
      }
  std::copy(t.b0(), t.b0() + kWidth, net.b0.begin());
  std::copy(t.w1(), t.w1() + kHidden * kWidth, net.w1.begin());
  std::copy(t.b1(), t.b1() + kHidden, net.b1.begin());
  std::copy(t.w2(), t.w2() + kHidden, net.w2.begin());
  net.b2 = t.b2();
  return net;
}

NetEpoch measure_net(const std::vector<Sample>& samples, const PatternWeights& base,
                     const ResidualNet& net, double holdout, std::uint64_t seed) {
  std::vector<std::size_t> train, held;
  split(samples, holdout, seed, train, held);
  const std::vector<float> linear = linear_values(samples, base);
  NetEpoch row;
  row.holdout = errors(samples, held, net.phases, [&](std::size_t i) {
    return linear[i] + net.evaluate(samples[i].me, samples[i].opp);
  });
  row.linear = errors(samples, held, net.phases, [&](std::size_t i) { return linear[i]; });
  return row;
}

}  // namespace flank::train
