// The weights built into the engine are the ones in data/, and they work.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "engine/board/position.hpp"
#include "engine/eval/pattern_eval.hpp"
#include "tools/common/weights_file.hpp"

using namespace flank;

TEST_CASE("the built-in weights are data/pattern-weights.bin") {
  const PatternWeights& built_in = shipped_weights();
  const PatternWeights from_file =
      load_weights(std::string(FLANK_SOURCE_DIR) + "/data/pattern-weights.bin");
  CHECK(built_in.phases() == from_file.phases());
  CHECK(built_in.values() == from_file.values());
  CHECK(built_in.per_move_blend() == from_file.per_move_blend());
  CHECK(&shipped_weights() == &built_in);  // parsed once
}

TEST_CASE("the built-in weights give a balanced start and a decided end") {
  const Position start(8);
  const auto b = start.board<std::uint64_t>();
  const float v = pattern_evaluate(shipped_weights(), b.me, b.opp);
  CHECK(std::abs(v) < 10.0f);
  // Black owns everything but a lone white disc in h8's corner region: a
  // trained evaluation must see black far ahead (from either side's view).
  const Position crushed =
      Position::parse("XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXX-- XXXXXX-O O");
  const auto c = crushed.board<std::uint64_t>();
  CHECK(pattern_evaluate(shipped_weights(), c.me, c.opp) < -20.0f);
}
