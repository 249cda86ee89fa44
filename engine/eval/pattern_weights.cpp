#include "engine/eval/pattern_weights.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "engine/eval/binary_codec.hpp"
#include "engine/eval/fixed_point.hpp"
#include "engine/eval/pattern_features.hpp"
#include "engine/eval/phase_blend.hpp"

namespace flank {
namespace {

using codec::fnv1a64;
using codec::get_le;
using codec::put_u32;
using codec::put_u64;

constexpr char kWeightsMagic[8] = {'F', 'L', 'A', 'N', 'K', 'P', 'A', 'T'};
// The header's size by format version (version 2 adds the flags).
constexpr size_t header_bytes(std::uint32_t version) { return 8 + (version >= 2 ? 7 : 6) * 4; }

std::int32_t to_units(float w) {
  return round_to_int16(static_cast<double>(w) * kWeightUnitsPerDisc);
}

}  // namespace

PatternWeights::PatternWeights(int phases, const pattern::PatternSet& set)
    : phases_(phases), set_(&set), per_phase_(set.weights_per_phase()) {
  if (phases < 1 || phases > kMaxPhases)
    throw std::invalid_argument("phases must be 1.." + std::to_string(kMaxPhases) + ", not " +
                                std::to_string(phases));
  values_.assign(static_cast<size_t>(phases) * per_phase_, 0.0f);
}

float PatternWeights::evaluate(std::uint64_t me, std::uint64_t opp) const {
  std::uint32_t active[pattern::kMaxActive];
  set_->active_features(me, opp, active);
  const auto sum_of = [&](int phase) {
    const float* w = phase_weights(phase);
    float sum = 0;
    for (int k = 0; k < set_->active_count(); ++k) sum += w[active[k]];
    return sum;
  };
  if (!per_move_blend_) return sum_of(pattern::phase_of(me, opp, phases_));
  const PhaseBlend b = blend_at(pattern::played_of(me, opp), phases_);
  return static_cast<float>((1 - b.share) * sum_of(b.phase) + b.share * sum_of(b.next));
}

void PatternWeights::round_to_file_resolution() {
  for (float& w : values_) w = static_cast<float>(to_units(w)) / kWeightUnitsPerDisc;
}

std::string PatternWeights::to_bytes() const {
  std::vector<std::int16_t> units(values_.size());
  round_to_int16(values_.data(), values_.size(), kWeightUnitsPerDisc, units.data());
  std::string payload;
  codec::put_zero_runs(payload, std::span<const std::int16_t>(units));
  const std::uint32_t flags = per_move_blend_ ? kPerMoveBlend : 0;
  std::string out(kWeightsMagic, sizeof kWeightsMagic);
  put_u32(out, flags ? kWeightsFormatVersion : 1);
  put_u32(out, set_->layout_id());
  put_u32(out, static_cast<std::uint32_t>(phases_));
  put_u32(out, per_phase_);
  put_u32(out, kWeightUnitsPerDisc);
  if (flags) put_u32(out, flags);
  put_u32(out, static_cast<std::uint32_t>(payload.size()));
  out += payload;
  put_u64(out, fnv1a64(out));
  return out;
}

PatternWeights PatternWeights::from_bytes(std::string_view bytes, const std::string& source) {
  const auto fail = [&](const std::string& why) {
    return std::runtime_error("weights file " + source + ": " + why);
  };
  codec::check_magic(bytes, {kWeightsMagic, sizeof kWeightsMagic}, "weights", fail);
  const auto header = [&](int field) {
    return static_cast<std::uint32_t>(get_le(bytes, 8 + 4 * field, 4));
  };
  if (bytes.size() < header_bytes(1) + 8)
    throw fail("truncated (" + std::to_string(bytes.size()) + " bytes, header incomplete)");
  const std::uint32_t version = header(0);
  if (version < 1 || version > kWeightsFormatVersion)
    throw fail("format version " + std::to_string(version) +
               " is not supported (this build reads 1.." + std::to_string(kWeightsFormatVersion) +
               ")");
  const size_t header_size = header_bytes(version);
  if (bytes.size() < header_size + 8)
    throw fail("truncated (" + std::to_string(bytes.size()) + " bytes, header incomplete)");
  const std::uint32_t layout = header(1), phases = header(2), per_phase = header(3),
                      units = header(4), flags = version >= 2 ? header(5) : 0,
                      payload = header(version >= 2 ? 6 : 5);
  const pattern::PatternSet* set = pattern::find_set_by_layout(layout);
  if (!set || per_phase != set->weights_per_phase())
    throw fail("made for a pattern layout this build does not have");
  if (phases < 1 || phases > kMaxPhases) throw fail("bad phase count " + std::to_string(phases));
  if (units != static_cast<std::uint32_t>(kWeightUnitsPerDisc))
    throw fail("unsupported weight resolution " + std::to_string(units));
  if (flags & ~kPerMoveBlend) throw fail("unknown flags " + std::to_string(flags));
  codec::check_length_and_checksum(bytes, header_size + static_cast<size_t>(payload) + 8, fail);

  PatternWeights w(static_cast<int>(phases), *set);
  w.per_move_blend_ = (flags & kPerMoveBlend) != 0;
  std::vector<std::int32_t> stored(w.values_.size());
  try {
    codec::get_zero_runs(bytes.substr(header_size, payload), stored);
  } catch (const std::runtime_error& e) {
    throw fail(std::string("bad payload: ") + e.what());
  }
  std::transform(stored.begin(), stored.end(), w.values_.begin(),
                 [](std::int32_t v) { return static_cast<float>(v) / kWeightUnitsPerDisc; });
  return w;
}

}  // namespace flank
