#include "tools/review/review.hpp"

#include <algorithm>

#include "engine/search/levels.hpp"
#include "protocol/move_scores.hpp"

namespace flank::review {
namespace {

// The book's values when the position and the move played are both in it.
bool from_book(const OpeningBook& book, const Position& before, ReviewedMove& r) {
  if (before.shape() != Shape{8, 8}) return false;
  const std::vector<BookMove> moves = book.moves(before);
  if (moves.empty()) return false;
  const std::optional<int> played = book_move_value(book, before, r.played);
  if (!played) return false;
  r.best = *played >= moves.front().value ? r.played : moves.front().move;
  r.best_score = std::max(moves.front().value, *played);
  r.played_score = *played;
  r.source = Source::Book;
  return true;
}

}  // namespace

int move_loss(int best_score, int played_score) { return std::max(0, best_score - played_score); }

int review_exact_empties(const ReviewOptions& options, Shape shape) {
  if (options.exact_empties >= 0) return options.exact_empties;
  return level_limits(options.level, shape).exact_empties;
}

int black_view(int score, Color mover) { return mover == Color::Black ? score : -score; }

ReviewedMove review_move(ParallelSearcher& searcher, const Position& before, Square played,
                         const ReviewOptions& options) {
  ReviewedMove r;
  r.color = before.to_move();
  r.played = played;
  r.empties = before.empties();
  if (options.book && from_book(*options.book, before, r)) {
    r.loss = move_loss(r.best_score, r.played_score);
    return r;
  }
  const int exact_empties = review_exact_empties(options, before.shape());
  const bool exact = before.empties() <= exact_empties;
  SearchLimits limits = level_limits(options.level, before);
  limits.exact_empties = exact_empties;
  const std::vector<MoveScore> scores =
      score_each_move(searcher, before, exact ? SearchLimits{} : limits, exact);
  const auto it = std::ranges::find(scores, played, &MoveScore::move);
  if (scores.empty() || it == scores.end())
    throw std::invalid_argument("the move reviewed is not legal here");
  // A move as good as the best is the best (the table shows no other move).
  r.best = it->score >= scores.front().score ? played : scores.front().move;
  r.best_score = scores.front().score;
  r.played_score = it->score;
  r.loss = move_loss(r.best_score, r.played_score);
  r.source = scores.front().exact && it->exact ? Source::Exact : Source::Searched;
  return r;
}

GameReview review_game(ParallelSearcher& searcher, const Game& game, const ReviewOptions& options,
                       const Progress& progress) {
  GameReview review;
  review.shape = game.shape();
  const std::size_t total = game.moves().size();
  std::size_t i = 0;
  for (; i < total; ++i) {
    if (options.stop && options.stop->load()) break;
    ReviewedMove r = review_move(searcher, game.position_before(i), game.moves()[i], options);
    r.ply = static_cast<int>(i) + 1;
    review.moves.push_back(r);
    if (progress) progress(i + 1, total);
  }
  const Position& last = i < total ? game.position_before(i) : game.position();
  review.final_score = last.score();
  review.game_over = last.is_game_over();
  return review;
}

SideSummary summarize(const GameReview& review, Color side) {
  SideSummary s;
  for (const ReviewedMove& m : review.moves) {
    if (m.color != side || m.played == kPass) continue;
    ++s.moves;
    s.total_loss += m.loss;
    if (m.loss > s.largest_loss) {
      s.largest_loss = m.loss;
      s.largest = &m;
    }
  }
  return s;
}

int start_value(const GameReview& review) {
  if (review.moves.empty()) return 0;
  return black_view(review.moves.front().best_score, review.moves.front().color);
}

std::vector<std::size_t> worst_moves(const GameReview& review, Color side, std::size_t count) {
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < review.moves.size(); ++i)
    if (review.moves[i].color == side && review.moves[i].loss > 0) picked.push_back(i);
  std::ranges::stable_sort(picked, [&](std::size_t a, std::size_t b) {
    return review.moves[a].loss > review.moves[b].loss;
  });
  if (picked.size() > count) picked.resize(count);
  return picked;
}

}  // namespace flank::review
