#include "engine/eval/residual_net.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "engine/eval/binary_codec.hpp"

namespace flank {
namespace {

constexpr char kNetMagic[8] = {'F', 'L', 'A', 'N', 'K', 'N', 'E', 'T'};
constexpr std::size_t kHeaderBytes = 8 + 7 * 4 + 8 + ResidualNet::kHeadFloats * 4 + 4;

// The head's floats in file order, for writing and reading alike.
template <typename Net, typename F>
void each_head_float(Net& net, F&& f) {
  for (auto& v : net.b0) f(v);
  for (auto& v : net.w1) f(v);
  for (auto& v : net.b1) f(v);
  for (auto& v : net.w2) f(v);
  f(net.b2);
}

}  // namespace

ResidualNet::ResidualNet(int phase_count, const pattern::PatternSet& pattern_set)
    : phases(phase_count), set(&pattern_set) {
  if (phases < 1 || phases > kMaxPhases)
    throw std::invalid_argument("net phases must be 1.." + std::to_string(kMaxPhases));
  embed.assign(static_cast<std::size_t>(phases) * set->weights_per_phase() * kWidth, 0);
}

float ResidualNet::head(const std::array<float, kWidth>& sum) const {
  std::array<float, kWidth> x;
  for (int k = 0; k < kWidth; ++k) x[k] = std::max(0.0f, sum[k] / kUnits + b0[k]);
  float y = b2;
  for (int j = 0; j < kHidden; ++j) {
    float s = b1[j];
    for (int k = 0; k < kWidth; ++k) s += w1[j * kWidth + k] * x[k];
    y += w2[j] * std::max(0.0f, s);
  }
  return y;
}

float ResidualNet::evaluate(std::uint64_t me, std::uint64_t opp) const {
  std::uint32_t active[pattern::kMaxActive];
  set->active_features(me, opp, active);
  const int phase = pattern::phase_of(me, opp, phases);
  std::array<float, kWidth> sum{};
  for (int a = 0; a < set->active_count(); ++a) {
    const std::int16_t* e = entry(phase, active[a]);
    for (int k = 0; k < kWidth; ++k) sum[k] += e[k];
  }
  return head(sum);
}

std::string ResidualNet::to_bytes() const {
  std::string out(kNetMagic, sizeof kNetMagic);
  codec::put_u32(out, kNetFormatVersion);
  codec::put_u32(out, set->layout_id());
  codec::put_u32(out, static_cast<std::uint32_t>(phases));
  codec::put_u32(out, set->weights_per_phase());
  codec::put_u32(out, kWidth);
  codec::put_u32(out, kHidden);
  codec::put_u32(out, kUnits);
  codec::put_u64(out, base_checksum);
  each_head_float(*this, [&](float v) { codec::put_u32(out, std::bit_cast<std::uint32_t>(v)); });
  std::string payload;
  codec::put_zero_runs(payload, std::span<const std::int16_t>(embed));
  codec::put_u32(out, static_cast<std::uint32_t>(payload.size()));
  out += payload;
  codec::put_u64(out, codec::fnv1a64(out));
  return out;
}

ResidualNet ResidualNet::from_bytes(std::string_view bytes, const std::string& source) {
  const auto fail = [&](const std::string& why) {
    return std::runtime_error("net file " + source + ": " + why);
  };
  codec::check_magic(bytes, {kNetMagic, sizeof kNetMagic}, "net", fail);
  if (bytes.size() < kHeaderBytes + 8)
    throw fail("truncated (" + std::to_string(bytes.size()) + " bytes, header incomplete)");
  std::size_t at = sizeof kNetMagic;
  const auto u32 = [&] {
    at += 4;
    return static_cast<std::uint32_t>(codec::get_le(bytes, at - 4, 4));
  };
  const std::uint32_t version = u32();
  if (version != kNetFormatVersion)
    throw fail("format version " + std::to_string(version) +
               " is not supported (this build reads " + std::to_string(kNetFormatVersion) + ")");
  const std::uint32_t layout = u32(), phases = u32(), per_phase = u32(), width = u32(),
                      hidden = u32(), units = u32();
  const pattern::PatternSet* set = pattern::find_set_by_layout(layout);
  if (!set || per_phase != set->weights_per_phase())
    throw fail("made for a pattern layout this build does not have");
  if (phases < 1 || phases > static_cast<std::uint32_t>(kMaxPhases))
    throw fail("bad phase count " + std::to_string(phases));
  if (width != kWidth || hidden != kHidden || units != kUnits)
    throw fail("a net of width " + std::to_string(width) + ", " + std::to_string(hidden) +
               " hidden units and " + std::to_string(units) + " units per disc; this build has " +
               std::to_string(kWidth) + ", " + std::to_string(kHidden) + " and " +
               std::to_string(kUnits));
  // The payload's length ends the header, after the checksum of the weights and the head.
  const auto payload = static_cast<std::uint32_t>(codec::get_le(bytes, kHeaderBytes - 4, 4));
  codec::check_length_and_checksum(bytes, kHeaderBytes + std::size_t{payload} + 8, fail);
  // Only now the tables' memory (up to 110 MB): a corrupt file is refused without it.
  at = sizeof kNetMagic + 7 * 4;
  ResidualNet net(static_cast<int>(phases), *set);
  net.base_checksum = codec::get_le(bytes, at, 8);
  at += 8;
  each_head_float(net, [&](float& v) { v = std::bit_cast<float>(u32()); });
  try {
    codec::get_zero_runs(bytes.substr(kHeaderBytes, payload), std::span(net.embed), 32767);
  } catch (const std::runtime_error& e) {
    throw fail(std::string("bad payload: ") + e.what());
  }
  bool finite = true;
  each_head_float(net, [&](float v) { finite = finite && std::isfinite(v); });
  if (!finite) throw fail("a head weight is not a finite number");
  return net;
}

bool ResidualNet::fits(const PatternWeights& weights) const {
  return set == &weights.set() && base_checksum == weights_checksum(weights);
}

std::uint64_t weights_checksum(const PatternWeights& weights) {
  return codec::fnv1a64(weights.to_bytes());
}

const ResidualNet& shipped_net() {
  static const ResidualNet net =
      ResidualNet::from_bytes(shipped_net_bytes(), "built into flank (data/pattern-net.bin)");
  return net;
}

}  // namespace flank
