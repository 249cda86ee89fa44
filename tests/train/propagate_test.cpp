// The propagation's relabelling searches (tools/train/propagate.hpp).
#include "tools/train/propagate.hpp"

#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "tests/train/random_positions.hpp"

namespace {

using namespace flank;
using namespace flank::train;

std::vector<Sample> relabelled(const std::vector<Sample>& samples, const PatternWeights& weights,
                               int depth, bool average) {
  std::vector<Sample> out = samples;
  std::vector<std::size_t> all(out.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  PropagateOptions options;
  options.depth = depth;
  options.average_last_two = average;
  relabel(out, all, weights, options);
  return out;
}

}  // namespace

TEST_CASE("--propagate-average labels with the mean of depths D - 1 and D") {
  const PatternWeights weights = test::random_weights(4, 31);
  std::vector<Sample> samples = test::labelled_positions(weights, 120, 32);
  for (Sample& s : samples) s.kind = LabelKind::Outcome;
  const std::vector<Sample> d3 = relabelled(samples, weights, 3, false);
  const std::vector<Sample> d4 = relabelled(samples, weights, 4, false);
  const std::vector<Sample> mean = relabelled(samples, weights, 4, true);
  int searched = 0, differ = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    CAPTURE(i);
    CHECK(mean[i].kind == d4[i].kind);
    if (d4[i].kind == LabelKind::Exact) {
      CHECK(mean[i].label == d4[i].label);  // proven: nothing to average
    } else {
      ++searched;
      if (d3[i].label != d4[i].label) ++differ;
      CHECK(mean[i].label == doctest::Approx((d3[i].label + d4[i].label) / 2));
    }
  }
  CHECK(searched > 60);
  CHECK(differ > 10);  // the two depths disagree often: the test can tell them apart
}
