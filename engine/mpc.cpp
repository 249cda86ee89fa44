#include "engine/mpc.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/binary_codec.hpp"

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

std::string Statistics::to_bytes() const {
  std::string out(kMagic, sizeof kMagic);
  codec::put_u32(out, kFormatVersion);
  codec::put_u32(out, static_cast<std::uint32_t>(buckets_));
  codec::put_u32(out, static_cast<std::uint32_t>(per_bucket_));
  codec::put_u32(out, static_cast<std::uint32_t>(max_depth_));
  for (const Pair& p : pairs_) {
    codec::put_u32(out, static_cast<std::uint32_t>(p.shallow));
    codec::put_u32(out, bits_of(p.slope));
    codec::put_u32(out, bits_of(p.intercept));
    codec::put_u32(out, bits_of(p.sigma));
  }
  codec::put_u64(out, codec::fnv1a64(out));
  return out;
}

Statistics Statistics::from_bytes(std::string_view bytes, const std::string& source) {
  const auto fail = [&](const std::string& why) {
    return std::runtime_error("Multi-ProbCut statistics " + source + ": " + why);
  };
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw fail("not a flank statistics file (no FLANKMPC header)");
  if (bytes.size() < kHeaderBytes + 8) throw fail("truncated");
  const auto header = [&](int field) {
    return static_cast<std::uint32_t>(codec::get_le(bytes, 8 + 4 * field, 4));
  };
  if (header(0) != kFormatVersion)
    throw fail("format version " + std::to_string(header(0)) + " is not supported");
  const std::uint32_t buckets = header(1), per_bucket = header(2), max_depth = header(3);
  if (buckets < 1 || buckets > 61 || per_bucket < 1 || per_bucket > 61 || max_depth > 60)
    throw fail("bad sizes");
  const std::size_t pairs = std::size_t{buckets} * (max_depth + 1);
  const std::size_t expected = kHeaderBytes + pairs * kPairBytes + 8;
  if (bytes.size() < expected) throw fail("truncated");
  if (bytes.size() > expected) throw fail("has unexpected trailing bytes");
  if (codec::get_le(bytes, expected - 8, 8) != codec::fnv1a64(bytes.substr(0, expected - 8)))
    throw fail("checksum mismatch (the file is corrupt)");
  Statistics s(static_cast<int>(buckets), static_cast<int>(per_bucket),
               static_cast<int>(max_depth));
  for (std::size_t i = 0; i < pairs; ++i) {
    const std::size_t at = kHeaderBytes + i * kPairBytes;
    Pair& p = s.pairs_[i];
    p.shallow = static_cast<int>(codec::get_le(bytes, at, 4));
    p.slope = float_of(codec::get_le(bytes, at + 4, 4));
    p.intercept = float_of(codec::get_le(bytes, at + 8, 4));
    p.sigma = float_of(codec::get_le(bytes, at + 12, 4));
    const int depth = static_cast<int>(i % (max_depth + 1));
    const bool valid = p.shallow > 0 && p.shallow < depth && std::isfinite(p.slope) &&
                       p.slope > 0 && std::isfinite(p.intercept) && std::isfinite(p.sigma) &&
                       p.sigma >= 0;
    if (p.shallow != 0 && !valid) throw fail("bad pair at depth " + std::to_string(depth));
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
  const double margin = confidence * p->sigma * units;
  const double b = p->intercept * units;
  // deep = slope * shallow + b; cut high when slope * shallow + b - margin >= beta.
  Probe out;
  out.shallow = p->shallow;
  out.high = static_cast<int>(std::ceil((beta - b + margin) / p->slope));
  out.low = static_cast<int>(std::floor((alpha - b - margin) / p->slope));
  return out;
}

double level_confidence(int level) {
  if (level <= 0) return 0;
  return 1.0 + 0.1 * level;  // level 5: 1.5 standard deviations, level 10: 2.0
}

std::shared_ptr<const Statistics> shipped_statistics() {
  static const auto stats = std::make_shared<const Statistics>(
      Statistics::from_bytes(shipped_statistics_bytes(), "built into flank (data/mpc-stats.bin)"));
  return stats;
}

}  // namespace flank::mpc
