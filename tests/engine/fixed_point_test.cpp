// round_to_int16 (engine/eval/fixed_point.hpp): std::lround's values, clamped
// to +-32767, in its scalar form and four at a time.
#include "engine/eval/fixed_point.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace flank;

TEST_CASE("round_to_int16 gives lround's values, clamped, one at a time and four at a time") {
  std::vector<float> weights = {0.0f,
                                -0.0f,
                                0.5f / 64,
                                -0.5f / 64,
                                1.5f / 64,
                                -2.5f / 64,
                                511.99f,
                                511.9921875f,
                                -511.9921875f,
                                1e30f,
                                -1e30f,
                                std::numeric_limits<float>::infinity(),
                                -std::numeric_limits<float>::infinity(),
                                0.49999997f / 64};
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  for (int i = 0; i < 20000; ++i) weights.push_back(normal(rng) * (i % 3 == 0 ? 100.0f : 1.0f));
  for (const double scale : {64.0, 128.0}) {
    CAPTURE(scale);
    std::vector<std::int16_t> four(weights.size());
    round_to_int16(weights.data(), weights.size(), scale, four.data());
    for (std::size_t i = 0; i < weights.size(); ++i) {
      CAPTURE(weights[i]);
      const double x = static_cast<double>(weights[i]) * scale;
      // lround where it is defined (|x| < 2^63), then clamped.
      const long expected = std::clamp<long>(std::lround(std::clamp(x, -4e4, 4e4)), -32767, 32767);
      REQUIRE(round_to_int16(x) == expected);
      REQUIRE(four[i] == expected);
    }
  }
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::int16_t out[5];
  const float nans[5] = {nan, 1.0f, nan, -1.0f, nan};
  round_to_int16(nans, 5, 64.0, out);
  CHECK(out[0] == -32767);
  CHECK(out[1] == 64);
  CHECK(out[2] == -32767);
  CHECK(out[3] == -64);
  CHECK(out[4] == -32767);  // the scalar tail
}
