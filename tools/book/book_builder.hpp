#pragma once
// Building an opening book: count the positions of a game collection, value the
// leaves with flank's search, negamax the values back to the root, and extend
// ("learn") the book where the search prefers a move the games did not play.

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/book/opening_book.hpp"
#include "engine/search/search.hpp"

namespace flank {

struct BookBuildOptions {
  int max_plies = 20;           // positions after at most this many moves (passes not counted)
  std::uint32_t min_games = 4;  // kept when at least this many games reached them
};

// Counts the positions of the first max_plies moves of a game, once per game
// (a position repeated by symmetry within one game counts once).
class PositionCounter {
 public:
  explicit PositionCounter(const BookBuildOptions& options) : options_(options) {}
  void add(const Game& game);
  // The positions reached by min_games games or more, unvalued (depth 0).
  OpeningBook book() const;
  std::size_t distinct() const { return counts_.size(); }

 private:
  BookBuildOptions options_;
  std::unordered_map<BookKey, std::uint32_t, BookKeyHash> counts_;
};

// Reports progress ("valued 1200/5000 leaves") now and then.
using Progress = std::function<void(const std::string&)>;

// Drops the positions no line of book moves reaches from the start (a position
// reached by enough games through transpositions of rarer lines).
void prune_unreachable(OpeningBook& book);

// Drops unreachable positions, then searches every leaf (a position without book moves) whose value
// is not yet from a search at least `level` deep, then negamaxes. Returns leaves searched.
std::size_t value_leaves(OpeningBook& book, Searcher& searcher, int level,
                         const Progress& progress);

// Recomputes every position with book moves from its best book move, from the
// start position down (values for the side to move; passes keep the sign).
void negamax(OpeningBook& book);

// For each position with book moves up to max_plies, searches it at `level`;
// when the search's best move is not in the book and scores at least the best
// book move, the position after it joins the book as a valued leaf (games 0).
// Negamaxes afterwards. Returns the number of moves added.
std::size_t learn(OpeningBook& book, Searcher& searcher, int level, int max_plies,
                  const Progress& progress);

// Adds `other` into `book`: games add up, the deeper-searched value wins.
// Negamax afterwards.
void merge_into(OpeningBook& book, const OpeningBook& other);

// Positions per ply, leaves, games, the root's moves: a human-readable summary.
void print_stats(const OpeningBook& book, std::ostream& out);

// The position of an entry in the book, the mover's discs as black.
Position entry_position(const BookKey& key);

}  // namespace flank
