#include "tools/train/random_children.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <map>

#include "engine/board/board8.hpp"
#include "tests/train/random_positions.hpp"

using namespace flank;
using namespace flank::train;

namespace {

std::vector<Sample> positions(std::uint32_t count) {
  return test::labelled_positions(test::random_weights(2, 7), count, 44);
}

// The square whose move turns parent into child (both from their mover's view), or -1.
int move_between(const Sample& parent, const Sample& child) {
  for (std::uint64_t moves = board8::legal_moves(parent.me, parent.opp); moves;
       moves &= moves - 1) {
    const int sq = std::countr_zero(moves);
    const std::uint64_t f = board8::flips(parent.me, parent.opp, sq);
    if (child.me == (parent.opp ^ f) && child.opp == (parent.me ^ f ^ (std::uint64_t{1} << sq)))
      return sq;
  }
  return -1;
}

}  // namespace

TEST_CASE("a random child is one legal move on, from its new mover's view, in its parent's game") {
  const std::vector<Sample> parents = positions(400);
  const std::vector<Sample> children = random_children(parents, {1.0, 14, 3});
  std::size_t eligible = 0, matched = 0;
  auto child = children.begin();
  for (const Sample& p : parents) {
    if (p.empties() - 1 <= 14 || !board8::legal_moves(p.me, p.opp)) continue;
    ++eligible;
    if (child == children.end() || child->game != p.game) continue;  // this child would pass
    CHECK(move_between(p, *child) >= 0);
    CHECK(child->empties() == p.empties() - 1);
    CHECK(board8::legal_moves(child->me, child->opp) != 0);
    CHECK(child->label == -p.label);
    CHECK(child->kind == LabelKind::Outcome);
    ++matched;
    ++child;
  }
  CHECK(child == children.end());  // every child matched its parent, in order
  CHECK(eligible > 250);
  CHECK(matched > eligible * 9 / 10);  // a child that must pass is rare
  for (const Sample& c : children) CHECK(c.empties() > 14);
}

TEST_CASE("the share of positions given a child, and none at or next to the exact region") {
  const std::vector<Sample> parents = positions(2000);
  CHECK(random_children(parents, {0.0, 14, 1}).empty());
  const std::size_t all = random_children(parents, {1.0, 14, 1}).size();
  const std::size_t half = random_children(parents, {0.5, 14, 1}).size();
  CHECK(half > all * 4 / 10);
  CHECK(half < all * 6 / 10);
  // Nothing is eligible when every child would be at or below the exact empties.
  CHECK(random_children(parents, {1.0, 60, 1}).empty());
  for (const Sample& c : random_children(parents, {1.0, 40, 1})) CHECK(c.empties() > 40);
}

TEST_CASE("the children depend on the seed, the game and the position, not on the order") {
  const std::vector<Sample> parents = positions(300);
  const ChildOptions options{0.5, 14, 9};
  const std::vector<Sample> children = random_children(parents, options);
  std::vector<Sample> reversed(parents.rbegin(), parents.rend());
  std::vector<Sample> again = random_children(reversed, options);
  std::reverse(again.begin(), again.end());
  REQUIRE(again.size() == children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    CHECK(again[i].me == children[i].me);
    CHECK(again[i].opp == children[i].opp);
  }
  // Another seed chooses other positions and moves.
  const std::vector<Sample> other = random_children(parents, {0.5, 14, 10});
  std::size_t same = 0;
  for (const Sample& a : other)
    same += std::count_if(children.begin(), children.end(),
                          [&](const Sample& b) { return a.me == b.me && a.opp == b.opp; });
  CHECK(same < children.size() / 2);
}

TEST_CASE("every legal move is a child's about equally often") {
  // The start position's four moves, over many games (each game its own draw).
  std::vector<Sample> starts;
  for (std::uint32_t g = 0; g < 4000; ++g)
    starts.push_back({0x0000000810000000ull, 0x0000001008000000ull, 0, LabelKind::Outcome, g});
  std::map<int, int> count;
  for (const Sample& c : random_children(starts, {1.0, 14, 5})) ++count[move_between(starts[0], c)];
  REQUIRE(count.size() == 4);
  for (const auto& [sq, n] : count) {
    CHECK(sq >= 0);
    CHECK(n > 850);  // 1,000 expected
    CHECK(n < 1150);
  }
}
