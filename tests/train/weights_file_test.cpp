// The weights file: round trip, and refusal of missing, truncated, corrupt files.
#include "tools/common/weights_file.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "engine/eval/binary_codec.hpp"
#include "engine/eval/pattern_weights.hpp"
#include "tests/temp_path.hpp"

namespace {

using namespace flank;

PatternWeights random_weights(int phases, unsigned seed) {
  PatternWeights w(phases);
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 2.0f);
  std::bernoulli_distribution zero(0.6);  // long zero runs, like unseen patterns
  for (float& v : w.values()) v = zero(rng) ? 0.0f : normal(rng);
  return w;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string load_error(const std::string& path) {
  try {
    load_weights(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a saved file loads back to the same weights") {
  PatternWeights w = random_weights(3, 1);
  w.round_to_file_resolution();
  const std::string path = testing::temp_path("train", "roundtrip.bin");
  save_weights(w, path);
  const PatternWeights back = load_weights(path);
  CHECK(back.phases() == 3);
  REQUIRE(back.values().size() == w.values().size());
  CHECK(back.values() == w.values());
  // Saving again gives identical bytes.
  CHECK(back.to_bytes() == w.to_bytes());
  std::remove(path.c_str());
}

TEST_CASE("rounding to the file resolution changes a weight by at most half a unit") {
  PatternWeights w = random_weights(1, 2);
  const auto before = w.values();
  w.round_to_file_resolution();
  for (size_t i = 0; i < before.size(); i += 97)
    CHECK(std::abs(before[i] - w.values()[i]) <= 0.5f / kWeightUnitsPerDisc + 1e-6f);
}

TEST_CASE("a missing file is refused with its name") {
  const std::string path = testing::temp_path("train", "does_not_exist.bin");
  std::remove(path.c_str());
  const std::string e = load_error(path);
  CHECK(e.find(path) != std::string::npos);
  CHECK(e.find("cannot open") != std::string::npos);
}

TEST_CASE("truncated, corrupt and foreign files are refused with clear messages") {
  const std::string good = random_weights(2, 3).to_bytes();
  const std::string path = testing::temp_path("train", "bad.bin");
  struct Case {
    std::string bytes, expect;
  };
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  std::string bad_version = good;
  bad_version[8] = 9;
  std::string bad_layout = good;
  bad_layout[12] ^= 1;
  const Case cases[] = {
      {"", "is empty"},
      {"hello world, not weights", "not a flank weights file"},
      {good.substr(0, 20), "truncated"},
      {good.substr(0, good.size() - 1), "truncated"},
      {good.substr(0, good.size() / 2), "truncated"},
      {good + "x", "trailing"},
      {flipped, "checksum"},
      {bad_version, "version"},
      {bad_layout, "layout"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expect);
    write_file(path, c.bytes);
    const std::string e = load_error(path);
    CHECK(e.find(path) != std::string::npos);
    CHECK(e.find(c.expect) != std::string::npos);
  }
  std::remove(path.c_str());
}

TEST_CASE("every single-byte corruption is refused") {
  const std::string good = random_weights(1, 4).to_bytes();
  // Flip one bit at a spread of offsets: header, payload and checksum.
  for (size_t at = 0; at < good.size(); at += 1 + good.size() / 200) {
    std::string bad = good;
    bad[at] ^= 0x04;
    CAPTURE(at);
    CHECK_THROWS_AS(PatternWeights::from_bytes(bad, "memory"), std::runtime_error);
  }
}

TEST_CASE("a per-move blend is saved as its control phases and a flag") {
  PatternWeights w = random_weights(3, 5);
  w.round_to_file_resolution();
  const std::string plain = w.to_bytes();
  w.set_per_move_blend(true);
  const std::string blended = w.to_bytes();
  // Plain weights stay format version 1 (no flags field), so older builds read
  // them; the blend takes version 2 and one more header word.
  CHECK(plain[8] == 1);
  CHECK(blended[8] == 2);
  CHECK(blended.size() == plain.size() + 4);
  const PatternWeights back = PatternWeights::from_bytes(blended, "memory");
  CHECK(back.per_move_blend());
  CHECK(back.phases() == 3);
  CHECK(back.values() == w.values());
  CHECK(back.to_bytes() == blended);
  CHECK_FALSE(PatternWeights::from_bytes(plain, "memory").per_move_blend());

  // A flag this build does not know is refused, even with a valid checksum.
  std::string unknown = blended.substr(0, blended.size() - 8);
  unknown[28] = 3;
  const std::uint64_t sum = codec::fnv1a64(unknown);
  for (int i = 0; i < 8; ++i) unknown += static_cast<char>(sum >> (8 * i));
  try {
    PatternWeights::from_bytes(unknown, "memory");
    FAIL("unknown flags accepted");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "weights file memory: unknown flags 3");
  }
}
