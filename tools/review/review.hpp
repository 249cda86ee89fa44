#pragma once
// Reviewing a whole game: for every move played, the best move of the position
// before it and its score, the played move's score and the loss between them,
// all from the mover's view in discs. The scores come from the shared per-move
// scoring (protocol/move_scores.hpp, as flank-analyze_all), solved exactly
// from `exact_empties` on, and on 8x8 from the opening book while the game is
// still in it.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/book/opening_book.hpp"
#include "engine/parallel/parallel_search.hpp"

namespace flank::review {

// How a move's scores were found.
enum class Source { Book, Exact, Searched };

struct ReviewOptions {
  int level = 5;           // the search's level (engine/search/levels.hpp)
  int exact_empties = -1;  // solve exactly at this many empties or fewer; -1: the level's point
  std::shared_ptr<const OpeningBook> book;  // 8x8 book values while the game is in it; null: none
  const std::atomic<bool>* stop = nullptr;  // ends the review after the current move
};

struct ReviewedMove {
  int ply = 0;  // 1 for the first move of the game (a pass is a ply too)
  Color color = Color::Black;
  Square played = kPass;
  Square best = kPass;
  int best_score = 0;    // for the mover
  int played_score = 0;  // for the mover
  int loss = 0;          // best_score - played_score, never below 0
  Source source = Source::Searched;
  int empties = 0;  // before the move
};

struct GameReview {
  Shape shape{};
  std::vector<ReviewedMove> moves;
  int final_score = 0;  // black's discs minus white's after the last move reviewed
  bool game_over = false;
};

// The loss of a move: the best score minus the played one, never below 0.
int move_loss(int best_score, int played_score);

// The solve point of a review: exact_empties when given, else the level's.
int review_exact_empties(const ReviewOptions& options, Shape shape);

// One move: the position before it and the move played (legal, or kPass when
// the mover must pass).
ReviewedMove review_move(ParallelSearcher& searcher, const Position& before, Square played,
                         const ReviewOptions& options);

// Called after each move reviewed with the number done and the total.
using Progress = std::function<void(std::size_t done, std::size_t total)>;

// Every move of the game, in order (fewer when options.stop is set).
GameReview review_game(ParallelSearcher& searcher, const Game& game, const ReviewOptions& options,
                       const Progress& progress = {});

// A score for the mover as black sees it.
int black_view(int score, Color mover);

struct SideSummary {
  int moves = 0;
  int total_loss = 0;
  int largest_loss = 0;
  const ReviewedMove* largest = nullptr;  // the first move with the largest loss; null if none lost
};
SideSummary summarize(const GameReview& review, Color side);

// What the first position reviewed is worth for black (perfect play from there
// on, as far as the review's scores know); 0 for an empty review.
int start_value(const GameReview& review);

// The indices in review.moves of `side`'s `count` largest losses (above 0),
// largest first (ties: the earlier move): the moves the table and graph mark.
std::vector<std::size_t> worst_moves(const GameReview& review, Color side, std::size_t count = 3);

}  // namespace flank::review
