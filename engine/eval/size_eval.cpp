#include "engine/eval/size_eval.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/board/position.hpp"
#include "engine/eval/binary_codec.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/hand_eval.hpp"

namespace flank {
namespace {

constexpr char kMagic[4] = {'F', 'L', 'S', 'W'};
constexpr int kPow3[kCornerPatternSquares] = {1, 3, 9, 27, 81, 243};

void put_float(std::string& out, float f) { codec::put_u32(out, std::bit_cast<std::uint32_t>(f)); }

class WithSizeWeights final : public Evaluator {
 public:
  WithSizeWeights(std::shared_ptr<const Evaluator> base, std::shared_ptr<const SizeWeights> weights)
      : base_(std::move(base)), weights_(std::move(weights)) {}
  std::string name() const override { return base_->name(); }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override {
    return base_->evaluate8(me, opp);
  }
  BestChild best_child8(std::uint64_t me, std::uint64_t opp, std::uint64_t moves, int beta,
                        std::uint64_t& nodes) const override {
    return base_->best_child8(me, opp, moves, beta, nodes);
  }
  const SizeWeights* size_weights() const override { return weights_.get(); }

 private:
  std::shared_ptr<const Evaluator> base_;
  std::shared_ptr<const SizeWeights> weights_;
};

}  // namespace

int mirror_corner_pattern(int index) {
  int digit[kCornerPatternSquares];
  for (int i = 0; i < kCornerPatternSquares; ++i) digit[i] = index / kPow3[i] % 3;
  std::swap(digit[1], digit[3]);
  std::swap(digit[2], digit[4]);
  int mirrored = 0;
  for (int i = 0; i < kCornerPatternSquares; ++i) mirrored += digit[i] * kPow3[i];
  return mirrored;
}

SizeWeights::SizeWeights(int phases)
    : phases_(phases),
      scalar_(static_cast<std::size_t>(phases) * kSizeScalars),
      corner_(static_cast<std::size_t>(phases) * kCornerPatternSize) {}

void SizeWeights::set_corner(int phase, int index, float w) {
  corner_[phase * kCornerPatternSize + index] = w;
  corner_[phase * kCornerPatternSize + mirror_corner_pattern(index)] = w;
}

// Layout: "FLSW", version, phases, scalars, pattern size (u32 each), the scalar
// weights phase by phase, the corner weights phase by phase (float32 bits),
// then the FNV-1a 64 checksum of everything before it.
std::string SizeWeights::to_bytes() const {
  std::string out(kMagic, 4);
  codec::put_u32(out, kVersion);
  codec::put_u32(out, static_cast<std::uint32_t>(phases_));
  codec::put_u32(out, kSizeScalars);
  codec::put_u32(out, kCornerPatternSize);
  for (float f : scalar_) put_float(out, f);
  for (float f : corner_) put_float(out, f);
  codec::put_u64(out, codec::fnv1a64(out));
  return out;
}

SizeWeights SizeWeights::from_bytes(std::string_view bytes, const std::string& source) {
  const auto bad = [&](const std::string& why) {
    return std::runtime_error(source + ": not a size weights file (" + why + ")");
  };
  constexpr std::size_t kHeader = 20;
  if (bytes.size() < kHeader + 8 || std::memcmp(bytes.data(), kMagic, 4) != 0)
    throw bad("no FLSW header");
  if (codec::get_le(bytes, 4, 4) != kVersion) throw bad("unknown version");
  const auto phases = codec::get_le(bytes, 8, 4);
  if (phases < 1 || phases > 64) throw bad("phases out of range");
  if (codec::get_le(bytes, 12, 4) != kSizeScalars ||
      codec::get_le(bytes, 16, 4) != kCornerPatternSize)
    throw bad("other features");
  const std::size_t floats = phases * (kSizeScalars + kCornerPatternSize);
  if (bytes.size() != kHeader + 4 * floats + 8) throw bad("wrong length");
  if (codec::get_le(bytes, bytes.size() - 8, 8) !=
      codec::fnv1a64(bytes.substr(0, bytes.size() - 8)))
    throw bad("checksum mismatch");
  SizeWeights w(static_cast<int>(phases));
  std::size_t at = kHeader;
  const auto next = [&] {
    const float f = std::bit_cast<float>(static_cast<std::uint32_t>(codec::get_le(bytes, at, 4)));
    at += 4;
    if (!std::isfinite(f)) throw bad("a weight is not finite");
    return f;
  };
  for (float& f : w.scalar_) f = next();
  for (float& f : w.corner_) f = next();
  return w;
}

const SizeWeights& shipped_size_weights() {
  static const SizeWeights weights = SizeWeights::from_bytes(
      shipped_size_weights_bytes(), "built into flank (data/size-weights.bin)");
  return weights;
}

std::shared_ptr<const Evaluator> with_size_weights(std::shared_ptr<const Evaluator> base,
                                                   std::shared_ptr<const SizeWeights> weights) {
  return std::make_shared<const WithSizeWeights>(std::move(base), std::move(weights));
}

namespace {

// The features with b's side counts at hand (size_evaluate's second form).
template <class Set>
SizeFeatures features_with(const Board<Set>& b, const Geometry<Set>& g, const EvalShape<Set>& shape,
                           int phases, const wide_simd::SideCounts& counts) {
  SizeFeatures f;
  const int squares = g.squares();
  const int me_discs = popcount(b.me), opp_discs = popcount(b.opp);
  const int discs = me_discs + opp_discs;
  const int p = (discs - 4) * phases / (squares - 3);
  f.phase = p < 0 ? 0 : p >= phases ? phases - 1 : p;
  // Counts that grow with the board's side (edges, mobility) and with its area (discs).
  const float side = 16.0f / static_cast<float>(g.cols + g.rows);
  const float area = 64.0f / static_cast<float>(squares);
  f.scalar[kBias] = 1;
  f.scalar[kParity] = (squares - discs) % 2 ? 1.0f : -1.0f;
  f.scalar[kMobility] = side * static_cast<float>(counts.mobility[0] - counts.mobility[1]);
  f.scalar[kPotential] = side * static_cast<float>(counts.frontier[1] - counts.frontier[0]);
  f.scalar[kEdge] =
      side * static_cast<float>(popcount(b.me & shape.edges) - popcount(b.opp & shape.edges));
  f.scalar[kDiscs] = area * static_cast<float>(me_discs - opp_discs);
  int run = 0;
  for (int c = 0; c < 4; ++c) {
    const auto& k = shape.corners[c];
    const auto digit = [&](int sq) { return test(b.me, sq) ? 1 : test(b.opp, sq) ? 2 : 0; };
    const int owner = digit(k.corner);
    f.corner[c] = owner + 3 * digit(k.c_squares[0]) + 9 * digit(k.a_squares[0]) +
                  27 * digit(k.c_squares[1]) + 81 * digit(k.a_squares[1]) + 243 * digit(k.x_square);
    if (owner == 0) continue;
    const Set& own = owner == 1 ? b.me : b.opp;
    int length = 0;
    for (int e = 0; e < 2; ++e) {
      int sq = k.corner + k.edge_step[e], i = 1;
      while (i < k.edge_length[e] && test(own, sq)) sq += k.edge_step[e], ++i;
      length += i - 1;
    }
    run += owner == 1 ? length : -length;
  }
  f.scalar[kEdgeRun] = side * static_cast<float>(run);
  return f;
}

}  // namespace

template <class Set>
SizeFeatures size_features(const Board<Set>& b, const Geometry<Set>& g, const EvalShape<Set>& shape,
                           int phases) {
  return features_with(b, g, shape, phases, side_counts(b, g));
}

SizeFeatures size_features(const Position& p, int phases) {
  const auto of = [&]<class Set>() {
    const EvalShape<Set> shape(p.shape());
    return size_features(p.board<Set>(), geometry<Set>(p.shape()), shape, phases);
  };
  return p.shape().fits_one_word() ? of.template operator()<std::uint64_t>()
                                   : of.template operator()<WideSet>();
}

template <class Set>
int size_evaluate(const Board<Set>& b, const Geometry<Set>& g, const EvalShape<Set>& shape,
                  const SizeWeights& w) {
  return size_evaluate(b, g, shape, w, side_counts(b, g));
}

template <class Set>
int size_evaluate(const Board<Set>& b, const Geometry<Set>& g, const EvalShape<Set>& shape,
                  const SizeWeights& w, const wide_simd::SideCounts& counts) {
  const float discs = w.value(features_with(b, g, shape, w.phases(), counts));
  const float units = discs * static_cast<float>(g.squares() * kUnitsPerDisc) / 64.0f;
  // An estimate stays inside the exact scores' range.
  const float limit = static_cast<float>((g.squares() - 1) * kUnitsPerDisc);
  return static_cast<int>(std::lround(std::clamp(units, -limit, limit)));
}

#define FLANK_INSTANTIATE(Set)                                                               \
  template SizeFeatures size_features(const Board<Set>&, const Geometry<Set>&,               \
                                      const EvalShape<Set>&, int);                           \
  template int size_evaluate(const Board<Set>&, const Geometry<Set>&, const EvalShape<Set>&, \
                             const SizeWeights&);                                            \
  template int size_evaluate(const Board<Set>&, const Geometry<Set>&, const EvalShape<Set>&, \
                             const SizeWeights&, const wide_simd::SideCounts&);
FLANK_INSTANTIATE(std::uint64_t)
FLANK_INSTANTIATE(Set128)
FLANK_INSTANTIATE(Set256)
FLANK_INSTANTIATE(Set512)
FLANK_INSTANTIATE(WideSet)
#undef FLANK_INSTANTIATE

}  // namespace flank
