// The propagation's checkpoint (tools/train/propagation_checkpoint.hpp): a
// propagation stopped after some phases and resumed from its checkpoint ends
// with the very weights and labels of one that never stopped; a checkpoint of
// other positions is not used, and a damaged one is refused.
#include "tools/train/propagation_checkpoint.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/temp_path.hpp"
#include "tests/train/random_positions.hpp"
#include "tools/train/least_squares.hpp"
#include "tools/train/propagate.hpp"
#include "tools/train/shard.hpp"

namespace {

using namespace flank;
using namespace flank::train;

// Each phase refitted by least squares, as the recipe does.
std::vector<EpochRow> refit(const std::vector<Sample>& positions, PatternWeights& w, int phase) {
  LeastSquaresOptions one;
  one.iterations = 20;
  one.first_phase = one.last_phase = phase;
  return solve_least_squares(make_design(positions, w, 0.1, 1), w, one);
}

struct Stopped {};  // thrown to stop a propagation as a kill would

struct Run {
  std::vector<Sample> samples;
  PatternWeights weights;
};

// Labels from the game's outcome (noisy), fitted once: the propagation's input.
Run fitted_run() {
  const PatternWeights hidden = test::random_weights(4, 21);
  Run run{test::labelled_positions(hidden, 600, 22), PatternWeights(4)};
  for (std::size_t i = 0; i < run.samples.size(); ++i) {
    run.samples[i].label += static_cast<float>(i % 9) - 4.0f;
    run.samples[i].kind = i % 5 == 0 ? LabelKind::Exact : LabelKind::Outcome;
  }
  LeastSquaresOptions options;
  options.iterations = 20;
  solve_least_squares(make_design(run.samples, run.weights, 0.1, 1), run.weights, options);
  return run;
}

PropagateOptions depth_two() {
  PropagateOptions options;
  options.depth = 2;
  return options;
}

}  // namespace

TEST_CASE("a propagation resumed from its checkpoint ends as one that never stopped") {
  Run whole = fitted_run();
  propagate_by_phase(whole.samples, whole.weights, refit, depth_two(), nullptr);

  const std::string path = testing::temp_path("checkpoint", "resume.ck");
  std::filesystem::remove(path);
  Run stopped = fitted_run();
  const std::uint64_t key = run_fingerprint(stopped.samples, "depth 2");
  int saved = 0;
  CHECK_THROWS_AS(propagate_by_phase(stopped.samples, stopped.weights, refit, depth_two(),
                                     [&](int phase, std::size_t, const std::vector<EpochRow>&) {
                                       save_checkpoint(path, key, phase, stopped.weights,
                                                       stopped.samples, "curve", "table");
                                       if (++saved == 2) throw Stopped{};
                                     }),
                  Stopped);
  REQUIRE(saved == 2);

  Run resumed = fitted_run();
  CHECK(resumed.weights.values() != whole.weights.values());
  const auto checkpoint =
      load_checkpoint(path, key, resumed.samples.size(), resumed.weights.values().size());
  REQUIRE(checkpoint);
  CHECK(checkpoint->done_phase == 2);  // phases 3 and 2 of 4 were done
  CHECK(checkpoint->curve == "curve");
  CHECK(checkpoint->propagated == "table");
  restore(*checkpoint, resumed.samples, resumed.weights);
  std::vector<int> phases_run;
  PropagationSteps steps;
  steps.from_phase = checkpoint->done_phase - 1;
  propagate_by_phase(
      resumed.samples, resumed.weights, refit, depth_two(),
      [&](int phase, std::size_t, const std::vector<EpochRow>&) { phases_run.push_back(phase); },
      steps);
  CHECK(phases_run == std::vector<int>{1, 0});
  CHECK(resumed.weights.values() == whole.weights.values());
  bool same_labels = true;
  for (std::size_t i = 0; i < whole.samples.size(); ++i)
    same_labels &= whole.samples[i].label == resumed.samples[i].label &&
                   whole.samples[i].kind == resumed.samples[i].kind;
  CHECK(same_labels);

  // Another run's positions or settings: the checkpoint is not used.
  CHECK_FALSE(load_checkpoint(path, run_fingerprint(resumed.samples, "depth 3"),
                              resumed.samples.size(), resumed.weights.values().size()));
  std::vector<Sample> other = fitted_run().samples;
  other[7].label += 1;
  CHECK(run_fingerprint(other, "depth 2") != key);
  CHECK_FALSE(load_checkpoint(testing::temp_path("checkpoint", "missing.ck"), key, 1, 1));
  std::filesystem::remove(path);
}

TEST_CASE("a damaged propagation checkpoint is refused with its name") {
  const Run run = fitted_run();
  const std::string path = testing::temp_path("checkpoint", "damaged.ck");
  save_checkpoint(path, 5, 1, run.weights, run.samples, "", "");
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto check_refused = [&](const std::string& damaged, const char* why) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    try {
      load_checkpoint(path, 5, run.samples.size(), run.weights.values().size());
      FAIL("no error for " << why);
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()).find(path) != std::string::npos);
      CHECK(std::string(e.what()).find(why) != std::string::npos);
    }
  };
  std::string flipped = bytes;
  flipped[100] ^= 1;
  check_refused(flipped, "checksum");
  check_refused(bytes.substr(0, bytes.size() / 2), "checksum");
  check_refused("not a checkpoint", "not a flank-train propagation checkpoint");
  std::filesystem::remove(path);
}

TEST_CASE("the parts of a sharded phase give the labels of one machine's searches") {
  const Run run = fitted_run();
  const int phase = next_phase(run.samples, 4, 4);
  REQUIRE(phase >= 0);
  const std::vector<std::size_t> which = relabelled_in_phase(run.samples, 4, phase);
  std::vector<Sample> whole = run.samples;
  relabel(whole, which, run.weights, depth_two());

  std::vector<std::pair<std::string, PropagationPart>> parts;
  for (int k = 3; k >= 1; --k) {  // any order
    std::vector<Sample> searched = run.samples;
    PropagationPart part{9, phase, k, 3, {}, {}, {}};
    for (std::size_t i : which)
      if (in_shard(searched[i].game, k, 3)) part.which.push_back(i);
    relabel(searched, part.which, run.weights, depth_two());
    for (std::size_t i : part.which) {
      part.labels.push_back(searched[i].label);
      part.kinds.push_back(searched[i].kind);
    }
    const std::string path = testing::temp_path("checkpoint", "part" + std::to_string(k));
    save_part(path, part);
    parts.emplace_back(path, load_part(path));
    std::filesystem::remove(path);
  }
  std::vector<Sample> merged = run.samples;
  const auto refused = [&](std::vector<std::pair<std::string, PropagationPart>> bad,
                           std::uint64_t key, int at, const char* why) {
    try {
      apply_parts(bad, key, at, which, merged);
      FAIL("no error for " << why);
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()).find(why) != std::string::npos);
    }
  };
  refused({parts[0], parts[1]}, 9, phase, "is missing");
  refused({parts[0], parts[1], parts[1]}, 9, phase, "must each be given once");
  refused(parts, 8, phase, "of other positions or settings");
  refused(parts, 9, phase - 1, "not phase");
  bool untouched = true;
  for (std::size_t i = 0; i < merged.size(); ++i)
    untouched &= merged[i].label == run.samples[i].label;
  CHECK(untouched);
  apply_parts(parts, 9, phase, which, merged);
  bool same = true;
  for (std::size_t i = 0; i < merged.size(); ++i)
    same &= merged[i].label == whole[i].label && merged[i].kind == whole[i].kind;
  CHECK(same);
  CHECK(std::any_of(which.begin(), which.end(),
                    [&](std::size_t i) { return merged[i].label != run.samples[i].label; }));
}
