#pragma once
// A small book built in the test from tests/data/wthor-2024-300.pgn (300 WTHOR
// games), leaves valued by a level-1 search: built once, shared by the tests.

#include <string>

#include "engine/book/opening_book.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/search.hpp"
#include "tools/book/book_builder.hpp"
#include "tools/common/wthor_pgn.hpp"

namespace flank::book_test {

inline std::string sample_pgn_path() { return FLANK_SOURCE_DIR "/tests/data/wthor-2024-300.pgn"; }

inline const OpeningBook& sample_book() {
  static const OpeningBook book = [] {
    PositionCounter counter(BookBuildOptions{10, 3});
    WthorStats stats;
    read_wthor_pgn_file(
        sample_pgn_path(), [&](const WthorGame& g) { counter.add(g.game); }, stats);
    OpeningBook b = counter.book();
    Searcher searcher(16);
    searcher.set_evaluator(pattern_evaluator());
    value_leaves(b, searcher, 1, nullptr);
    return b;
  }();
  return book;
}

}  // namespace flank::book_test
