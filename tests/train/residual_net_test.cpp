// The residual net: its file (round trip, refusals), the evaluator's pass
// against the net's plain reference, the --net choice, and the fit.
#include "engine/eval/residual_net.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>

#include "engine/eval/binary_codec.hpp"
#include "engine/eval/pattern_eval.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "tests/temp_path.hpp"
#include "tests/train/random_positions.hpp"
#include "tools/common/binary_file.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/net_fit.hpp"

namespace {

using namespace flank;

// A net over `base` with random entries (most zero, as unseen entries are) and head.
ResidualNet random_net(const PatternWeights& base, unsigned seed, int phases = 3) {
  ResidualNet net(phases, base.set());
  net.base_checksum = weights_checksum(base);
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::bernoulli_distribution zero(0.7);
  for (std::int16_t& e : net.embed)
    e = zero(rng) ? 0 : static_cast<std::int16_t>(std::lround(normal(rng) * 40));
  for (float& v : net.b0) v = 0.3f * normal(rng);
  for (float& v : net.w1) v = 0.5f * normal(rng);
  for (float& v : net.b1) v = 0.1f * normal(rng);
  for (float& v : net.w2) v = 0.5f * normal(rng);
  net.b2 = 0.25f;
  return net;
}

std::string load_error(const std::string& bytes) {
  const std::string path = testing::temp_path("net", "bad.bin");
  write_binary_file(path, bytes, "test file");
  std::string error;
  try {
    load_net(path);
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  std::remove(path.c_str());
  return error;
}

// The bytes with the trailing checksum made right again, so that a check
// behind the checksum's is reached.
std::string rechecksummed(std::string bytes) {
  bytes.resize(bytes.size() - 8);
  codec::put_u64(bytes, codec::fnv1a64(bytes));
  return bytes;
}

void put_u32_at(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

}  // namespace

TEST_CASE("a net file loads back to the same net and the same bytes") {
  const PatternWeights base = train::test::random_weights(2, 5);
  const ResidualNet net = random_net(base, 1);
  const std::string path = testing::temp_path("net", "roundtrip.bin");
  save_net(net, path);
  const ResidualNet back = load_net(path);
  std::remove(path.c_str());
  CHECK(back.phases == net.phases);
  CHECK(back.set == net.set);
  CHECK(back.base_checksum == net.base_checksum);
  CHECK(back.embed == net.embed);
  CHECK(back.b0 == net.b0);
  CHECK(back.w1 == net.w1);
  CHECK(back.b1 == net.b1);
  CHECK(back.w2 == net.w2);
  CHECK(back.b2 == net.b2);
  CHECK(back.to_bytes() == net.to_bytes());
}

TEST_CASE("a bad net file is refused with a message naming it") {
  const PatternWeights base = train::test::random_weights(1, 6);
  const std::string good = random_net(base, 2, 1).to_bytes();
  CHECK(load_error("").find("is empty") != std::string::npos);
  CHECK(load_error("FLANKPAT" + good.substr(8)).find("no FLANKNET header") != std::string::npos);
  CHECK(load_error(good.substr(0, 100)).find("truncated") != std::string::npos);
  CHECK(load_error(good.substr(0, good.size() - 1)).find("truncated") != std::string::npos);
  CHECK(load_error(good + "x").find("trailing") != std::string::npos);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 1;
  CHECK(load_error(flipped).find("checksum mismatch") != std::string::npos);
  std::string version = good;
  put_u32_at(version, 8, 99);
  CHECK(load_error(rechecksummed(version)).find("format version 99") != std::string::npos);
  std::string layout = good;
  put_u32_at(layout, 12, 12345);
  CHECK(load_error(rechecksummed(layout)).find("pattern layout") != std::string::npos);
  std::string width = good;
  put_u32_at(width, 24, 16);
  CHECK(load_error(rechecksummed(width)).find("width 16") != std::string::npos);
  std::string head = good;
  put_u32_at(head, 44, std::bit_cast<std::uint32_t>(NAN));  // b0[0]
  CHECK(load_error(rechecksummed(head)).find("not a finite number") != std::string::npos);
  std::string error;
  try {
    load_net(testing::temp_path("net", "missing.bin"));
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  CHECK(error.find("missing.bin") != std::string::npos);
}

TEST_CASE("the evaluator adds the net's output, in every path of the search") {
  auto base = std::make_shared<const PatternWeights>(train::test::random_weights(3, 7));
  ResidualNet random = random_net(*base, 3);
  bool wide = false;
  SUBCASE("summed in 16 bits") {}
  SUBCASE("summed in 32 bits: one entry of every table could overflow 16 bits") {
    // In a lane the hidden units ignore, so that the values stay in range.
    constexpr int kLane = ResidualNet::kWidth - 1;
    for (int j = 0; j < ResidualNet::kHidden; ++j) random.w1[j * ResidualNet::kWidth + kLane] = 0;
    for (const auto& f : base->set().features())
      random.embed[f.offset * ResidualNet::kWidth + kLane] = 3000;
    wide = true;
  }
  auto net = std::make_shared<const ResidualNet>(random);
  const PatternEvaluator alone(base), with(base, net);
  CHECK(with.net() == net.get());
  CHECK(with.net_sums_fit16() == !wide);
  const auto positions = train::test::labelled_positions(*base, 300, 11);
  int nonzero = 0;
  for (const auto& s : positions) {
    const float added =
        static_cast<float>(with.evaluate8(s.me, s.opp) - alone.evaluate8(s.me, s.opp)) /
        kUnitsPerDisc;
    const float reference = net->evaluate(s.me, s.opp);
    // Each side rounds to 1/kUnitsPerDisc; the net's output to 1/64 before.
    CHECK(std::abs(added - reference) <= 1.0f / kUnitsPerDisc + 1.0f / 64 + 1e-3f);
    nonzero += std::abs(reference) > 0.5f;
    // The incremental state and the child pass read the same value.
    PatternEvaluator::State state;
    with.set_state(state, s.me, s.opp);
    CHECK(with.evaluate(state, s.me, s.opp) == with.evaluate8(s.me, s.opp));
    for (std::uint64_t moves = board8::legal_moves(s.me, s.opp); moves; moves &= moves - 1) {
      const int sq = std::countr_zero(moves);
      const std::uint64_t f = board8::flips(s.me, s.opp, sq);
      const std::uint64_t me = s.opp ^ f, opp = s.me ^ f ^ (std::uint64_t{1} << sq);
      CHECK(with.evaluate_after(state, sq, f, me, opp) == with.evaluate8(me, opp));
    }
  }
  CHECK(nonzero > 100);  // the net really changed the values
}

TEST_CASE("a net goes only with the weights it was fitted over") {
  const auto base = std::make_shared<const PatternWeights>(train::test::random_weights(2, 8));
  const auto other = std::make_shared<const PatternWeights>(train::test::random_weights(2, 9));
  const auto net = std::make_shared<const ResidualNet>(random_net(*base, 4));
  CHECK_THROWS_AS(PatternEvaluator(other, net), std::invalid_argument);
  const std::string path = testing::temp_path("net", "other.bin");
  save_net(*net, path);
  CHECK(net_from_option(path, *base) != nullptr);
  CHECK_THROWS_WITH_AS(net_from_option(path, *other),
                       doctest::Contains("fitted over other weights"), std::runtime_error);
  std::remove(path.c_str());
  CHECK(net_from_option("off", shipped_weights()) == nullptr);
  CHECK(net_from_option("on", shipped_weights()).get() == &shipped_net());
  CHECK(net_from_option("on", *other) == nullptr);  // the shipped net is not for them
}

TEST_CASE("the built-in net is data/pattern-net.bin, over the built-in weights") {
  const ResidualNet from_file = load_net(std::string(FLANK_SOURCE_DIR) + "/data/pattern-net.bin");
  CHECK(shipped_net().to_bytes() == from_file.to_bytes());
  CHECK(shipped_net().base_checksum == weights_checksum(shipped_weights()));
  const auto shipped = std::static_pointer_cast<const PatternEvaluator>(pattern_evaluator());
  CHECK(shipped->net() == &shipped_net());
  CHECK(shipped->net_sums_fit16());  // the faster sum
}

TEST_CASE("the net's fit learns what linear weights cannot") {
  // Labels: the absolute value of hidden linear weights, over zero weights:
  // no linear fit gets far below the labels' own mean; the net's ReLUs can.
  const PatternWeights hidden = train::test::random_weights(1, 12);
  std::vector<train::Sample> samples = train::test::labelled_positions(hidden, 6000, 13);
  for (auto& s : samples) s.label = std::abs(s.label) / 4;
  const PatternWeights zero(1);
  train::NetFitOptions options;
  options.phases = 1;
  options.epochs = 12;
  options.batch = 32;
  options.entry_rate = 0.03f;
  options.decay = 0.85f;
  options.holdout = 0.2;
  std::vector<train::NetEpoch> rows;
  const ResidualNet net = train::fit_net(samples, zero, options,
                                         [&](const train::NetEpoch& row) { rows.push_back(row); });
  REQUIRE(rows.size() == 13);
  CHECK(rows.front().holdout.all == doctest::Approx(rows.front().linear.all).epsilon(0.05));
  CHECK(rows.back().train.all < 0.5 * rows.front().train.all);
  CHECK(rows.back().holdout.all < 0.8 * rows.back().linear.all);
  // Written in 16-bit entries, it predicts as it did in floats.
  const train::NetEpoch written =
      train::measure_net(samples, zero, net, options.holdout, options.seed);
  CHECK(written.holdout.all == doctest::Approx(rows.back().holdout.all).epsilon(0.02));
  CHECK(net.base_checksum == weights_checksum(zero));
  // The same seed gives the same net.
  CHECK(train::fit_net(samples, zero, options).to_bytes() == net.to_bytes());
}
