#pragma once
// The directional fill of the generic legal_moves in rules.hpp, written once
// for the sets whose directions share vectors: set128_simd.hpp steps four
// directions in each of two vectors, set256_simd.hpp two in each of four, so
// one loop runs until the longest run of opponent discs in any direction
// ends. A Layout, built from the geometry, names the vector (Vec, with & |
// any() and merged(), the union of its lanes as a set), how many vectors
// (kGroups), how many steps are taken between tests of whether a run goes on
// (kStepsPerTest), the set copied into every lane (spread) and one step of a
// vector's directions, landing squares applied (step).

#include "engine/board/geometry.hpp"
#include "engine/board/wide_simd.hpp"

namespace flank::lane_fill {

// One side's runs in the eight directions, stepped together.
template <class Layout>
struct Fill {
  using Vec = typename Layout::Vec;
  Vec run[Layout::kGroups];
  Vec moves{};

  Fill(const Vec& own, const Vec& other, const Layout& d) {
    for (int i = 0; i < Layout::kGroups; ++i) run[i] = d.step(own, i) & other;
  }
  void extend(const Vec& other, const Layout& d) {
    for (int i = 0; i < Layout::kGroups; ++i) {
      const Vec next = d.step(run[i], i);
      moves = moves | next;
      run[i] = next & other;
    }
  }
  Vec live() const {
    Vec x = run[0];
    for (int i = 1; i < Layout::kGroups; ++i) x = x | run[i];
    return x;
  }
};

// The squares next to a member of the spread set, in any direction.
template <class Layout>
inline typename Layout::Vec neighbours(const typename Layout::Vec& own, const Layout& d) {
  typename Layout::Vec x = d.step(own, 0);
  for (int i = 1; i < Layout::kGroups; ++i) x = x | d.step(own, i);
  return x;
}

template <class Layout, class Set>
inline Set legal_moves(const Set& me_set, const Set& opp_set, const Geometry<Set>& g) {
  const Layout d(g);
  const auto opp = Layout::spread(opp_set);
  Fill<Layout> fill(Layout::spread(me_set), opp, d);
  do {
    for (int k = 0; k < Layout::kStepsPerTest; ++k) fill.extend(opp, d);
  } while (fill.live().any());
  return fill.moves.merged() & g.board & ~(me_set | opp_set);
}

// Both sides' legal moves and the empty squares next to their discs, as the
// hand and size evaluations count them, in one loop for both sides.
template <class Layout, class Set>
inline wide_simd::SideCounts side_counts(const Set& me_set, const Set& opp_set,
                                         const Geometry<Set>& g) {
  const Layout d(g);
  const auto me = Layout::spread(me_set), opp = Layout::spread(opp_set);
  const Set empty = g.board & ~(me_set | opp_set);
  const Set near_me = neighbours(me, d).merged(), near_opp = neighbours(opp, d).merged();
  Fill<Layout> fill_me(me, opp, d), fill_opp(opp, me, d);
  do {
    for (int k = 0; k < Layout::kStepsPerTest; ++k) {
      fill_me.extend(opp, d);
      fill_opp.extend(me, d);
    }
  } while ((fill_me.live() | fill_opp.live()).any());
  return {{popcount(fill_me.moves.merged() & empty), popcount(fill_opp.moves.merged() & empty)},
          {popcount(near_me & empty), popcount(near_opp & empty)}};
}

}  // namespace flank::lane_fill
