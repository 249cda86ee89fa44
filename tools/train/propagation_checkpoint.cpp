#include "tools/train/propagation_checkpoint.hpp"

#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/binary_codec.hpp"

namespace flank::train {
namespace {

constexpr char kMagic[8] = {'F', 'L', 'N', 'K', 'P', 'R', 'O', 'P'};
constexpr std::uint32_t kVersion = 1;

void put_float(std::string& out, float v) { codec::put_u32(out, std::bit_cast<std::uint32_t>(v)); }

void put_text(std::string& out, const std::string& text) {
  codec::put_u64(out, text.size());
  out += text;
}

// Reads the file's fields in order; a read past the end means a truncated file.
struct Reader {
  std::string_view bytes;
  const std::string& path;
  std::size_t at = 0;

  std::string_view take(std::size_t n) {
    if (n > bytes.size() - at)
      throw std::runtime_error("propagation checkpoint " + path + " is truncated");
    const std::string_view v = bytes.substr(at, n);
    at += n;
    return v;
  }
  std::uint64_t u64() { return codec::get_le(take(8), 0, 8); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(codec::get_le(take(4), 0, 4)); }
  float f32() { return std::bit_cast<float>(u32()); }
  std::string text() {
    const std::uint64_t n = u64();
    if (n > bytes.size()) take(bytes.size() + 1);  // reports the truncation
    return std::string(take(static_cast<std::size_t>(n)));
  }
};

}  // namespace

std::uint64_t run_fingerprint(const std::vector<Sample>& samples, std::string_view settings) {
  std::uint64_t h = codec::fnv1a64(settings);
  std::string bytes;
  for (const Sample& s : samples) {
    bytes.clear();
    codec::put_u64(bytes, s.me);
    codec::put_u64(bytes, s.opp);
    put_float(bytes, s.label);
    bytes += static_cast<char>(s.kind);
    codec::put_u32(bytes, s.game);
    h = codec::fnv1a64(bytes, h);
  }
  return h;
}

void save_checkpoint(const std::string& path, std::uint64_t fingerprint, int done_phase,
                     const PatternWeights& weights, const std::vector<Sample>& samples,
                     const std::string& curve, const std::string& propagated) {
  std::string out(kMagic, sizeof kMagic);
  codec::put_u32(out, kVersion);
  codec::put_u64(out, fingerprint);
  codec::put_u32(out, static_cast<std::uint32_t>(done_phase));
  codec::put_u64(out, samples.size());
  codec::put_u64(out, weights.values().size());
  out.reserve(out.size() + 4 * weights.values().size() + 5 * samples.size() + curve.size() +
              propagated.size() + 32);
  for (float v : weights.values()) put_float(out, v);
  for (const Sample& s : samples) put_float(out, s.label);
  for (const Sample& s : samples) out += static_cast<char>(s.kind);
  put_text(out, curve);
  put_text(out, propagated);
  codec::put_u64(out, codec::fnv1a64(out));
  const std::string temporary = path + ".part";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(out.data(), static_cast<std::streamsize>(out.size()));
    if (!file.flush()) throw std::runtime_error("cannot write propagation checkpoint " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error)
    throw std::runtime_error("cannot write propagation checkpoint " + path + ": " +
                             error.message());
}

std::optional<PropagationCheckpoint> load_checkpoint(const std::string& path,
                                                     std::uint64_t fingerprint, std::size_t samples,
                                                     std::size_t weights) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream buffer;
  buffer << file.rdbuf();
  const std::string bytes = buffer.str();
  if (bytes.size() < sizeof kMagic + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw std::runtime_error("propagation checkpoint " + path + " is not a flank-train checkpoint");
  const std::string_view body(bytes.data(), bytes.size() - 8);
  if (codec::get_le(bytes, bytes.size() - 8, 8) != codec::fnv1a64(body))
    throw std::runtime_error("propagation checkpoint " + path + " is corrupt (bad checksum)");
  Reader in{body, path, sizeof kMagic};
  if (in.u32() != kVersion)
    throw std::runtime_error("propagation checkpoint " + path + " has an unknown version");
  if (in.u64() != fingerprint) return std::nullopt;
  PropagationCheckpoint c;
  c.done_phase = static_cast<int>(in.u32());
  if (in.u64() != samples || in.u64() != weights) return std::nullopt;
  c.weights.resize(weights);
  for (float& v : c.weights) v = in.f32();
  c.labels.resize(samples);
  for (float& v : c.labels) v = in.f32();
  const std::string_view kinds = in.take(samples);
  c.kinds.assign(reinterpret_cast<const LabelKind*>(kinds.data()),
                 reinterpret_cast<const LabelKind*>(kinds.data()) + samples);
  c.curve = in.text();
  c.propagated = in.text();
  return c;
}

void restore(const PropagationCheckpoint& checkpoint, std::vector<Sample>& samples,
             PatternWeights& weights) {
  if (checkpoint.labels.size() != samples.size() ||
      checkpoint.weights.size() != weights.values().size())
    throw std::logic_error("restore: the checkpoint is of other positions or weights");
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].label = checkpoint.labels[i];
    samples[i].kind = checkpoint.kinds[i];
  }
  weights.values() = checkpoint.weights;
}

}  // namespace flank::train
