// Multi-ProbCut: the statistics file round trip and refusals, the cut bounds,
// the fitting from searches, and the search with cuts still playing legal,
// sensible moves.
#include "engine/mpc.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "engine/game.hpp"
#include "engine/pattern_evaluator.hpp"
#include "engine/search.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/mpc_fit.hpp"

namespace {

using namespace flank;

mpc::Statistics sample_stats() {
  mpc::Statistics s(7, 10, 8);
  for (int b = 0; b < 7; ++b)
    for (int d = mpc::kMinDepth; d <= 8; ++d) {
      mpc::Pair& p = s.at(b, d);
      p.shallow = mpc::shallow_depth(d);
      p.slope = 1.0f + 0.01f * b;
      p.intercept = 0.25f * d - 1;
      p.sigma = 2.0f + 0.1f * d;
    }
  return s;
}

std::string refusal(const std::string& bytes) {
  try {
    mpc::Statistics::from_bytes(bytes, "t.bin");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("mpc statistics: the file round trip keeps every pair") {
  const mpc::Statistics s = sample_stats();
  const auto path = (std::filesystem::temp_directory_path() / "flank_mpc_test.bin").string();
  save_mpc_statistics(s, path);
  const mpc::Statistics t = load_mpc_statistics(path);
  std::filesystem::remove(path);
  CHECK(t.to_bytes() == s.to_bytes());
  CHECK(t.at(3, 7).shallow == 3);
  CHECK(t.at(3, 7).slope == doctest::Approx(1.03));
  CHECK(t.at(3, 7).sigma == doctest::Approx(2.7));
}

TEST_CASE("mpc statistics: bad files are refused with one line") {
  const std::string good = sample_stats().to_bytes();
  CHECK(refusal(good).empty());
  CHECK(refusal("").find("no FLANKMPC header") != std::string::npos);
  CHECK(refusal(good.substr(0, good.size() - 3)).find("truncated") != std::string::npos);
  CHECK(refusal(good + "x").find("trailing") != std::string::npos);
  // Every single-bit corruption after the magic is caught (checksum or header checks).
  for (std::size_t i = 8; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x10);
    CHECK_FALSE(refusal(bad).empty());
  }
  CHECK_THROWS_AS(load_mpc_statistics("/nonexistent/flank.mpc"), std::runtime_error);
}

TEST_CASE("mpc probe: the bounds follow deep = slope * shallow + intercept +- t sigma") {
  mpc::Statistics s(1, 61, 6);
  s.at(0, 6) = {2, 2.0f, 1.0f, 3.0f};
  // beta = 10 discs (160 units): cut high when 2 x + 1 - 1.5 * 3 >= 10, x >= 6.75 discs.
  const auto p = mpc::probe(s, 30, 6, -160, 160, 1.5, 16);
  REQUIRE(p);
  CHECK(p->shallow == 2);
  CHECK(p->high == 108);  // ceil(6.75 * 16)
  CHECK(p->low == -124);  // floor((-10 - 1 - 4.5) / 2 * 16) = floor(-124)
  // Deeper nodes use the deepest fitted pair; shallower ones or no confidence: no probe.
  CHECK(mpc::probe(s, 30, 9, -160, 160, 1.5, 16));
  CHECK_FALSE(mpc::probe(s, 30, 5, -160, 160, 1.5, 16));
  CHECK_FALSE(mpc::probe(s, 30, 6, -160, 160, 0, 16));
  CHECK(mpc::level_confidence(10) > mpc::level_confidence(5));
}

TEST_CASE("mpc fitting: shallow and deep scores of real searches are related") {
  std::vector<train::Sample> samples;
  Game g;
  g.play_sequence("f5d6c3d3c4f4f6f3e6e7d7c5b6");
  Searcher searcher(4);
  for (int i = 0; i < 120; ++i) {  // positions along a few self-played lines
    if (g.position().is_game_over() || g.position().empties() < 14) {
      g = Game();
      g.play_sequence(i % 2 ? "f5f6e6f4e3" : "f5d6c5f4e3f6");
    }
    SearchLimits l;
    l.depth = 1 + i % 3;
    samples.push_back(train::sample_of(g.position(), 0, train::LabelKind::Outcome, 0));
    g.play(searcher.search(g.position(), l).move);
  }
  train::MpcFitOptions options;
  options.positions = 120;
  options.max_depth = 4;
  options.empties_per_bucket = 61;  // one bucket: enough positions for every depth
  const mpc::Statistics s = train::fit_mpc(samples, pattern_evaluator(), options, nullptr);
  for (int d = mpc::kMinDepth; d <= 4; ++d) {
    const mpc::Pair& p = s.at(0, d);
    CHECK(p.shallow == mpc::shallow_depth(d));
    CHECK(p.slope > 0.5);
    CHECK(p.slope < 1.5);
    CHECK(p.sigma > 0);
    CHECK(p.sigma < 10);
  }
  CHECK(train::mpc_table(s).find("| 0-60 | 4 | 2 |") != std::string::npos);
}

TEST_CASE("mpc in the search: fewer nodes, a legal move, and off means the plain search") {
  Game g;
  g.play_sequence("f5d6c3d3c4f4f6f3e6e7d7c5b6b5");
  Searcher searcher(16);
  searcher.set_evaluator(pattern_evaluator());
  SearchLimits plain;
  plain.depth = 8;
  const SearchResult a = searcher.search(g.position(), plain);
  searcher.clear();
  SearchLimits cut = plain;
  cut.mpc = mpc::shipped_statistics();
  cut.mpc_confidence = 1.5;
  const SearchResult b = searcher.search(g.position(), cut);
  searcher.clear();
  SearchLimits off = plain;
  off.mpc = mpc::shipped_statistics();  // confidence 0: no cut
  const SearchResult c = searcher.search(g.position(), off);
  CHECK(g.position().why_illegal(b.move) == Illegal::None);
  CHECK(b.nodes < a.nodes);
  CHECK(c.nodes == a.nodes);
  CHECK(c.score == a.score);
  CHECK(std::abs(b.score - a.score) <= 8);
}
