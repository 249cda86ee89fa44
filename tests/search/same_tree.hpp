#pragma once
// Checks that two searchers (say the incremental evaluation and the same
// weights evaluated plainly at every leaf) search the same tree: on random
// 8x8 positions, four empties fewer each time, the same move, score and nodes.

#include <doctest/doctest.h>

#include <cstdint>

#include "engine/search/search.hpp"
#include "test_positions.hpp"

namespace flank::testing {

inline void check_same_tree(Searcher& a, Searcher& b, int positions, int first_empties,
                            std::uint64_t first_seed, int depth) {
  for (int i = 0; i < positions; ++i) {
    const Position p = random_position(8, first_empties - 4 * i, first_seed + i);
    if (!p.has_legal_move()) continue;
    SearchLimits limits;
    limits.depth = depth;
    limits.exact_empties = 0;
    const SearchResult x = a.search(p, limits);
    const SearchResult y = b.search(p, limits);
    CHECK(x.move == y.move);
    CHECK(x.score == y.score);
    CHECK(x.nodes == y.nodes);
  }
}

}  // namespace flank::testing
