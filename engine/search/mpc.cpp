#include "engine/search/mpc.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/eval/binary_codec.hpp"
#include "engine/search/levels.hpp"

namespace flank::mpc {
namespace {

constexpr char kMagic[8] = {'F', 'L', 'A', 'N', 'K', 'M', 'P', 'C'};
constexpr std::size_t kHeaderBytes = 8 + 4 * 4;
constexpr std::size_t kPairBytes = 4 * 4;

std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

float float_of(std::uint64_t u) {
  const auto v = static_cast<std::uint32_t>(u);
  float f;
  std::memcpy(&f, &v, sizeof f);
  return f;
}

// The null-window bounds that decide a cut with this pair's relation:
// deep = slope * shallow + b; cut high when slope * shallow + b - margin >= beta.
Probe bounds(const Pair& p, int alpha, int beta, double confidence, int units) {
  const double margin = confidence * p.sigma * units;
  const double b = p.intercept * units;
  Probe out;
  out.shallow = p.shallow;
  out.high = static_cast<int>(std::ceil((beta - b + margin) / p.slope));
  out.low = static_cast<int>(std::floor((alpha - b - margin) / p.slope));
  return out;
}

}  // namespace

Statistics::Statistics(int buckets, int empties_per_bucket, int max_depth)
    : buckets_(buckets), per_bucket_(empties_per_bucket), max_depth_(max_depth) {
  if (buckets < 1 || buckets > 61 || empties_per_bucket < 1 || empties_per_bucket > 61 ||
      max_depth < 0 || max_depth > 60)
    throw std::invalid_argument("bad Multi-ProbCut statistics size");
  pairs_.resize(static_cast<std::size_t>(buckets) * static_cast<std::size_t>(max_depth + 1));
}

int Statistics::bucket_of(int empties) const {
  const int b = empties / per_bucket_;
  return b < 0 ? 0 : b >= buckets_ ? buckets_ - 1 : b;
}

std::size_t Statistics::index(int bucket, int depth) const {
  return static_cast<std::size_t>(bucket) * static_cast<std::size_t>(max_depth_ + 1) +
         static_cast<std::size_t>(depth);
}

const Pair* Statistics::find(int empties, int depth) const {
  const int b = bucket_of(empties);
  for (int d = depth > max_depth_ ? max_depth_ : depth; d >= kMinDepth; --d) {
    const Pair& p = at(b, d);
    if (p.shallow > 0) return &p;
  }
  return nullptr;
}

void Statistics::set_endgame_range(int first, int count) {
  if (first < 1 || count < 0 || first + count > 61)
    throw std::invalid_argument("bad Multi-ProbCut endgame range");
  endgame_first_ = first;
  endgame_.assign(static_cast<std::size_t>(count), Pair{});
}

bool Statistics::has_endgame_slot(int empties) const {
  return empties >= endgame_first_ && empties < endgame_first_ + endgame_count();
}

std::size_t Statistics::endgame_index(int empties) const {
  if (!has_endgame_slot(empties))
    throw std::out_of_range("no Multi-ProbCut endgame pair for " + std::to_string(empties) +
                            " empties");
  return static_cast<std::size_t>(empties - endgame_first_);
}

const Pair* Statistics::find_endgame(int empties) const {
  if (!has_endgame_slot(empties)) return nullptr;
  const Pair& p = endgame_[static_cast<std::size_t>(empties - endgame_first_)];
  return p.shallow > 0 ? &p : nullptr;
}

std::string Statistics::to_bytes() const {
  std::string out(kMagic, sizeof kMagic);
  codec::put_u32(out, kFormatVersion);
  codec::put_u32(out, static_cast<std::uint32_t>(buckets_));
  codec::put_u32(out, static_cast<std::uint32_t>(per_bucket_));
  codec::put_u32(out, static_cast<std::uint32_t>(max_depth_));
  const auto put_pair = [&](const Pair& p) {
    codec::put_u32(out, static_cast<std::uint32_t>(p.shallow));
    codec::put_u32(out, bits_of(p.slope));
    codec::put_u32(out, bits_of(p.intercept));
    codec::put_u32(out, bits_of(p.sigma));
  };
  for (const Pair& p : pairs_) put_pair(p);
  codec::put_u32(out, static_cast<std::uint32_t>(endgame_first_));
  codec::put_u32(out, static_cast<std::uint32_t>(endgame_.size()));
  for (const Pair& p : endgame_) put_pair(p);
  codec::put_u64(out, codec::fnv1a64(out));
  return out;
}

Statistics Statistics::from_bytes(std::string_view bytes, const std::string& source) {
  const auto fail = [&](const std::string& why) {
    return std::runtime_error("Multi-ProbCut statistics " + source + ": " + why);
  };
  codec::check_magic(bytes, {kMagic, sizeof kMagic}, "statistics", fail);
  if (bytes.size() < kHeaderBytes + 8) throw fail("truncated");
  const auto header = [&](int field) {
    return static_cast<std::uint32_t>(codec::get_le(bytes, 8 + 4 * field, 4));
  };
  const std::uint32_t version = header(0);
  if (version != 1 && version != kFormatVersion)
    throw fail("format version " + std::to_string(version) + " is not supported");
  const std::uint32_t buckets = header(1), per_bucket = header(2), max_depth = header(3);
  if (buckets < 1 || buckets > 61 || per_bucket < 1 || per_bucket > 61 || max_depth > 60)
    throw fail("bad sizes");
  const std::size_t pairs = std::size_t{buckets} * (max_depth + 1);
  std::size_t expected = kHeaderBytes + pairs * kPairBytes + 8;
  // Version 2: the endgame range after the midgame pairs.
  std::uint32_t endgame_first = 0, endgame_count = 0;
  if (version >= 2) {
    expected += 8;
    if (bytes.size() < expected) throw fail("truncated");
    const std::size_t at = kHeaderBytes + pairs * kPairBytes;
    endgame_first = static_cast<std::uint32_t>(codec::get_le(bytes, at, 4));
    endgame_count = static_cast<std::uint32_t>(codec::get_le(bytes, at + 4, 4));
    if (endgame_count > 60 ||
        (endgame_count > 0 && (endgame_first < 1 || endgame_first + endgame_count > 61)))
      throw fail("bad endgame range");
    expected += std::size_t{endgame_count} * kPairBytes;
  }
  codec::check_length_and_checksum(bytes, expected, fail);
  Statistics s(static_cast<int>(buckets), static_cast<int>(per_bucket),
               static_cast<int>(max_depth));
  // A pair's shallow search must be shallower than what it predicts.
  const auto read_pair = [&](std::size_t at, int deep, const std::string& what) {
    Pair p;
    p.shallow = static_cast<int>(codec::get_le(bytes, at, 4));
    p.slope = float_of(codec::get_le(bytes, at + 4, 4));
    p.intercept = float_of(codec::get_le(bytes, at + 8, 4));
    p.sigma = float_of(codec::get_le(bytes, at + 12, 4));
    const bool valid = p.shallow > 0 && p.shallow < deep && std::isfinite(p.slope) && p.slope > 0 &&
                       std::isfinite(p.intercept) && std::isfinite(p.sigma) && p.sigma >= 0;
    if (p.shallow != 0 && !valid) throw fail("bad pair at " + what);
    return p;
  };
  for (std::size_t i = 0; i < pairs; ++i) {
    const int depth = static_cast<int>(i % (max_depth + 1));
    s.pairs_[i] = read_pair(kHeaderBytes + i * kPairBytes, depth, "depth " + std::to_string(depth));
  }
  if (endgame_count > 0) {
    s.set_endgame_range(static_cast<int>(endgame_first), static_cast<int>(endgame_count));
    const std::size_t start = kHeaderBytes + pairs * kPairBytes + 8;
    for (std::uint32_t k = 0; k < endgame_count; ++k) {
      const int empties = static_cast<int>(endgame_first + k);
      s.endgame_[k] = read_pair(start + k * kPairBytes, empties,
                                "endgame " + std::to_string(empties) + " empties");
    }
  }
  return s;
}

int shallow_depth(int depth) {
  // Roughly a quarter to a half of the depth, keeping its parity (Othello
  // scores swing between odd and even depths).
  const int s = 2 * (depth / 4) + (depth & 1);
  return s < 1 ? 1 : s;
}

std::optional<Probe> probe(const Statistics& stats, int empties, int depth, int alpha, int beta,
                           double confidence, int units) {
  if (depth < kMinDepth || confidence <= 0) return std::nullopt;
  const Pair* p = stats.find(empties, depth);
  if (!p) return std::nullopt;
  return bounds(*p, alpha, beta, confidence, units);
}

std::optional<Probe> probe_endgame(const Statistics& stats, int empties, int alpha, int beta,
                                   double confidence, int units) {
  if (empties < kSelectiveMinEmpties || confidence <= 0) return std::nullopt;
  const Pair* p = stats.find_endgame(empties);
  if (!p) return std::nullopt;
  return bounds(*p, alpha, beta, confidence, units);
}

std::optional<Probe> probe_static(int empties, int alpha, int beta, double confidence, int units) {
  if (confidence <= 0) return std::nullopt;
  // A 2-ply search against the evaluation, sampled at depth-2 nodes of
  // flank-bench midgame searches (1,624 nodes, 2026-11-27, eee0956): slope 0.98-1.00
  // everywhere, so 1; intercept and residual per ten empties. The evaluation
  // is least sure of itself near the end.
  constexpr Pair kStatic[] = {
      {0, 1.0f, 0.8f, 5.6f},  // up to 19 empties
      {0, 1.0f, 1.2f, 4.8f},  // 20-29
      {0, 1.0f, 0.7f, 3.8f},  // 30-39
      {0, 1.0f, 0.6f, 3.2f},  // 40 and more
  };
  const int bucket = std::clamp(empties / 10 - 1, 0, 3);
  return bounds(kStatic[bucket], alpha, beta, confidence, units);
}

int endgame_shallow_depth(int empties) {
  // About a third of the empties, with their parity, at most 8 plies: the
  // probe runs at every selective node and must stay cheap against the solve.
  const int s = 2 * (empties / 6) + (empties & 1);
  return s > 8 ? 8 - (empties & 1) : s < 1 ? 1 : s;
}

double level_confidence(int level) {
  if (level <= 0) return 0;
  // Levels 4 and up spend a node budget as timed play spends its time, so they
  // cut as it does; the fixed depths below cut more cautiously as they deepen.
  if (level >= kFirstBudgetLevel) return kTimedConfidence;
  return 1.0 + 0.1 * level;  // level 1: 1.1 standard deviations, level 3: 1.3
}

std::shared_ptr<const Statistics> shipped_statistics() {
  static const auto stats = std::make_shared<const Statistics>(
      Statistics::from_bytes(shipped_statistics_bytes(), "built into flank (data/mpc-stats.bin)"));
  return stats;
}

}  // namespace flank::mpc
