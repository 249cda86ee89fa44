#include "tools/train/propagation_checkpoint.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/eval/binary_codec.hpp"

namespace flank::train {
namespace {

constexpr char kCheckpointMagic[8] = {'F', 'L', 'N', 'K', 'P', 'R', 'O', 'P'};
constexpr char kPartMagic[8] = {'F', 'L', 'N', 'K', 'P', 'A', 'R', 'T'};
constexpr std::uint32_t kVersion = 1;

void put_float(std::string& out, float v) { codec::put_u32(out, std::bit_cast<std::uint32_t>(v)); }

void put_text(std::string& out, const std::string& text) {
  codec::put_u64(out, text.size());
  out += text;
}

std::string header(const char (&magic)[8]) {
  std::string out(magic, sizeof magic);
  codec::put_u32(out, kVersion);
  return out;
}

// Appends the checksum and writes `bytes` to a temporary file renamed over
// `path`, so that a kill while writing leaves the previous file whole.
void write_checked(const std::string& path, std::string bytes, const std::string& what) {
  codec::put_u64(bytes, codec::fnv1a64(bytes));
  const std::string temporary = path + ".part";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) throw std::runtime_error("cannot write " + what + " " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw std::runtime_error("cannot write " + what + " " + path + ": " + error.message());
}

// Reads the file's fields in order; a read past the end means a truncated file.
struct Reader {
  std::string bytes;
  std::string name;  // "<what> <path>", for the errors
  std::size_t at = 0;

  std::string_view take(std::uint64_t n) {
    if (n > bytes.size() - at) throw std::runtime_error(name + " is truncated");
    const std::string_view v = std::string_view(bytes).substr(at, static_cast<std::size_t>(n));
    at += v.size();
    return v;
  }
  std::uint64_t u64() { return codec::get_le(take(8), 0, 8); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(codec::get_le(take(4), 0, 4)); }
  float f32() { return std::bit_cast<float>(u32()); }
  std::string text() { return std::string(take(u64())); }
};

// The file at `path` checked (magic, checksum, version), positioned after its
// header; nothing when it does not exist.
std::optional<Reader> open_checked(const std::string& path, const char (&magic)[8],
                                   const std::string& what) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream buffer;
  buffer << file.rdbuf();
  Reader in{buffer.str(), what + " " + path};
  if (in.bytes.size() < sizeof magic + 8 || std::memcmp(in.bytes.data(), magic, sizeof magic) != 0)
    throw std::runtime_error(in.name + " is not a flank-train " + what);
  const std::size_t body = in.bytes.size() - 8;
  if (codec::get_le(in.bytes, body, 8) !=
      codec::fnv1a64(std::string_view(in.bytes).substr(0, body)))
    throw std::runtime_error(in.name + " is corrupt (bad checksum)");
  in.bytes.resize(body);
  in.at = sizeof magic;
  if (in.u32() != kVersion) throw std::runtime_error(in.name + " has an unknown version");
  return in;
}

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
  std::string out = header(kCheckpointMagic);
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
  write_checked(path, std::move(out), "propagation checkpoint");
}

std::optional<PropagationCheckpoint> load_checkpoint(const std::string& path,
                                                     std::uint64_t fingerprint, std::size_t samples,
                                                     std::size_t weights) {
  std::optional<Reader> in = open_checked(path, kCheckpointMagic, "propagation checkpoint");
  if (!in || in->u64() != fingerprint) return std::nullopt;
  PropagationCheckpoint c;
  c.done_phase = static_cast<int>(in->u32());
  if (in->u64() != samples || in->u64() != weights) return std::nullopt;
  c.weights.resize(weights);
  for (float& v : c.weights) v = in->f32();
  c.labels.resize(samples);
  for (float& v : c.labels) v = in->f32();
  const std::string_view kinds = in->take(samples);
  c.kinds.assign(reinterpret_cast<const LabelKind*>(kinds.data()),
                 reinterpret_cast<const LabelKind*>(kinds.data()) + samples);
  c.curve = in->text();
  c.propagated = in->text();
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

void save_part(const std::string& path, const PropagationPart& part) {
  std::string out = header(kPartMagic);
  codec::put_u64(out, part.fingerprint);
  codec::put_u32(out, static_cast<std::uint32_t>(part.phase));
  codec::put_u32(out, static_cast<std::uint32_t>(part.shard));
  codec::put_u32(out, static_cast<std::uint32_t>(part.shards));
  codec::put_u64(out, part.which.size());
  for (std::size_t k = 0; k < part.which.size(); ++k) {
    codec::put_u64(out, part.which[k]);
    put_float(out, part.labels[k]);
    out += static_cast<char>(part.kinds[k]);
  }
  write_checked(path, std::move(out), "propagation part");
}

PropagationPart load_part(const std::string& path) {
  std::optional<Reader> in = open_checked(path, kPartMagic, "propagation part");
  if (!in) throw std::runtime_error("cannot read propagation part " + path);
  PropagationPart part;
  part.fingerprint = in->u64();
  part.phase = static_cast<int>(in->u32());
  part.shard = static_cast<int>(in->u32());
  part.shards = static_cast<int>(in->u32());
  for (std::uint64_t k = 0, n = in->u64(); k < n; ++k) {  // a false count ends truncated
    part.which.push_back(static_cast<std::size_t>(in->u64()));
    part.labels.push_back(in->f32());
    part.kinds.push_back(static_cast<LabelKind>(in->take(1)[0]));
  }
  return part;
}

void apply_parts(const std::vector<std::pair<std::string, PropagationPart>>& parts,
                 std::uint64_t fingerprint, int phase, const std::vector<std::size_t>& which,
                 std::vector<Sample>& samples) {
  const int shards = parts.empty() ? 0 : parts.front().second.shards;
  std::vector<bool> seen(static_cast<std::size_t>(shards), false);
  std::vector<std::size_t> relabelled;
  for (const auto& [path, part] : parts) {
    const std::string name = "propagation part " + path;
    if (part.fingerprint != fingerprint)
      throw std::runtime_error(name + " is of other positions or settings");
    if (part.phase != phase)
      throw std::runtime_error(name + " relabels phase " + std::to_string(part.phase) +
                               ", not phase " + std::to_string(phase) + ", the next one");
    if (part.shards != shards || part.shard < 1 || part.shard > shards ||
        seen[static_cast<std::size_t>(part.shard - 1)])
      throw std::runtime_error(name + " is shard " + std::to_string(part.shard) + "/" +
                               std::to_string(part.shards) + ": shards 1/" +
                               std::to_string(shards) + " to " + std::to_string(shards) + "/" +
                               std::to_string(shards) + " must each be given once");
    seen[static_cast<std::size_t>(part.shard - 1)] = true;
    relabelled.insert(relabelled.end(), part.which.begin(), part.which.end());
  }
  const auto missing = std::find(seen.begin(), seen.end(), false);
  if (parts.empty() || missing != seen.end())
    throw std::runtime_error("propagation parts: shard " +
                             std::to_string(missing - seen.begin() + 1) + "/" +
                             std::to_string(std::max(shards, 1)) + " is missing");
  std::sort(relabelled.begin(), relabelled.end());
  if (relabelled != which)
    throw std::runtime_error("propagation parts: their positions are not phase " +
                             std::to_string(phase) + "'s");
  for (const auto& [path, part] : parts)
    for (std::size_t k = 0; k < part.which.size(); ++k) {
      samples[part.which[k]].label = part.labels[k];
      samples[part.which[k]].kind = part.kinds[k];
    }
}

}  // namespace flank::train
