// The review's arithmetic and its scores: losses against a rules-only
// minimax, passes, where it switches from searching to solving, and a real
// blunder from the WTHOR test data.
#include "tools/review/review.hpp"

#include <doctest/doctest.h>

#include "engine/board/square.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "tests/review/test_games.hpp"
#include "tools/common/book_shipped.hpp"

using namespace flank;
using namespace flank::review;
using flank::review::test::first_move_at;
using flank::review::test::rules_move_value;
using flank::review::test::rules_value;
using flank::review::test::tail_of;
using flank::review::test::wthor_games;

namespace {

ReviewOptions quick(int exact_empties) {
  ReviewOptions o;
  o.level = 1;
  o.exact_empties = exact_empties;
  return o;
}

ParallelSearcher& searcher() {
  static ParallelSearcher s(16, 1);
  s.set_evaluator(pattern_evaluator());
  return s;
}

ReviewedMove row(Color c, Square played, int best, int score, Square best_move = 0) {
  ReviewedMove m;
  m.color = c;
  m.played = played;
  m.best = best_move;
  m.best_score = best;
  m.played_score = score;
  m.loss = move_loss(best, score);
  return m;
}

}  // namespace

TEST_CASE("the loss is the best score minus the played one, never below 0") {
  CHECK(move_loss(6, 2) == 4);
  CHECK(move_loss(2, 2) == 0);
  CHECK(move_loss(-4, -10) == 6);
  CHECK(move_loss(3, -5) == 8);
  CHECK(move_loss(1, 4) == 0);  // a search that rates the played move higher costs nothing
}

TEST_CASE("a side's summary adds its losses and leaves passes and the other side out") {
  GameReview r;
  r.moves = {row(Color::Black, 37, 2, 2), row(Color::White, 43, -2, -8, 44),
             row(Color::Black, 18, 8, 5), row(Color::White, kPass, -5, -5, kPass),
             row(Color::Black, 20, 5, 5), row(Color::White, 26, -5, -7)};
  for (std::size_t i = 0; i < r.moves.size(); ++i) r.moves[i].ply = static_cast<int>(i) + 1;
  const SideSummary black = summarize(r, Color::Black);
  CHECK(black.moves == 3);
  CHECK(black.total_loss == 3);
  CHECK(black.largest_loss == 3);
  REQUIRE(black.largest != nullptr);
  CHECK(black.largest->ply == 3);
  const SideSummary white = summarize(r, Color::White);
  CHECK(white.moves == 2);  // the pass is no move
  CHECK(white.total_loss == 8);
  CHECK(white.largest->ply == 2);
  CHECK(start_value(r) == 2);
  r.moves.front().color = Color::White;  // the first position's value is for its mover
  CHECK(start_value(r) == -2);
  CHECK(worst_moves(r, Color::White) == std::vector<std::size_t>{1, 5});
  CHECK(worst_moves(r, Color::White, 1) == std::vector<std::size_t>{1});
  CHECK(worst_moves(GameReview{}, Color::Black).empty());
}

TEST_CASE("exact scores equal a rules-only minimax, and the losses add up to the result") {
  const std::vector<WthorGame> games = wthor_games();
  REQUIRE(games.size() >= 10);
  for (std::size_t g = 0; g < 10; ++g) {
    CAPTURE(g);
    const Game& game = games[g].game;
    const Game tail = tail_of(game, first_move_at(game, 9));
    const GameReview r = review_game(searcher(), tail, quick(9));
    REQUIRE(r.moves.size() == tail.moves().size());
    int black_loss = 0, white_loss = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      const ReviewedMove& m = r.moves[i];
      const Position& before = tail.position_before(i);
      CHECK(m.source == Source::Exact);
      CHECK(m.best_score == rules_value(before));
      CHECK(m.played_score == rules_move_value(before, m.played));
      CHECK(rules_move_value(before, m.best) == m.best_score);
      CHECK(m.loss == m.best_score - m.played_score);
      (m.color == Color::Black ? black_loss : white_loss) += m.loss;
    }
    // Every disc black loses moves the value one way and white's the other:
    // the first value less black's losses plus white's is the final score.
    CHECK(r.game_over);
    CHECK(start_value(r) - black_loss + white_loss == r.final_score);
    // The final score is the record's own result ("33-31" is +2).
    const std::string& result = games[g].result;
    const auto dash = result.find('-');
    REQUIRE(dash != std::string::npos);
    CHECK(r.final_score == std::stoi(result.substr(0, dash)) - std::stoi(result.substr(dash + 1)));
  }
}

TEST_CASE("a pass is a row of its own with no loss") {
  const std::vector<WthorGame> games = wthor_games();
  const Game* with_pass = nullptr;
  std::size_t pass_at = 0;
  for (const WthorGame& g : games) {
    const auto& moves = g.game.moves();
    const auto it = std::find(moves.begin(), moves.end(), kPass);
    if (it == moves.end() || g.game.position_before(it - moves.begin()).empties() > 10) continue;
    with_pass = &g.game;
    pass_at = static_cast<std::size_t>(it - moves.begin());
    break;
  }
  REQUIRE(with_pass != nullptr);
  const Position& before = with_pass->position_before(pass_at);
  const ReviewedMove m = review_move(searcher(), before, kPass, quick(10));
  CHECK(m.played == kPass);
  CHECK(m.best == kPass);
  CHECK(m.loss == 0);
  CHECK(m.source == Source::Exact);
  CHECK(m.played_score == rules_value(before));
  // The pass is no move in the side's count.
  const GameReview r = review_game(searcher(), tail_of(*with_pass, pass_at), quick(10));
  int passes = 0, moves = 0;
  for (const ReviewedMove& row_ : r.moves) (row_.played == kPass ? passes : moves) += 1;
  CHECK(passes >= 1);
  CHECK(summarize(r, Color::Black).moves + summarize(r, Color::White).moves == moves);
}

TEST_CASE("the review solves from the exact point on and searches before it") {
  const std::vector<WthorGame> games = wthor_games();
  const Game& game = games.front().game;
  const std::size_t from = first_move_at(game, 16);
  const GameReview r = review_game(searcher(), tail_of(game, from), quick(8));
  int searched = 0, exact = 0;
  for (const ReviewedMove& m : r.moves) {
    CAPTURE(m.empties);
    if (m.empties <= 8) CHECK(m.source == Source::Exact);
    // Level 1 searches one ply: far from the solve point nothing is proven.
    if (m.empties >= 12) CHECK(m.source == Source::Searched);
    (m.source == Source::Exact ? exact : searched) += 1;
  }
  CHECK(exact >= 8);
  CHECK(searched >= 4);
  // The level's own solve point when none is given: level 1 solves at 4 empties.
  CHECK(review_exact_empties(quick(-1), Shape{8, 8}) == level_exact_empties(1));
  CHECK(review_exact_empties(quick(6), Shape{8, 8}) == 6);
}

TEST_CASE("a known blunder: the played move is worse by the discs the rules say") {
  // Game 3 of the test data (WTHOR 2024), ply 51 with 10 empties: g1 ends the
  // game 14 discs down with best play from both sides, a5 only 6 down; minimax
  // over every line with the rules alone (no search, no solver) says so too.
  const std::vector<WthorGame> games = wthor_games();
  const Game& game = games.at(2).game;
  const Position& before = game.position_before(50);
  REQUIRE(before.empties() == 10);
  REQUIRE(square_name(game.moves()[50], Shape{}) == "g1");
  CHECK(rules_value(before) == -6);
  CHECK(rules_move_value(before, parse_square("a5", Shape{})) == -6);
  CHECK(rules_move_value(before, game.moves()[50]) == -14);
  const ReviewedMove m = review_move(searcher(), before, game.moves()[50], quick(10));
  CHECK(m.source == Source::Exact);
  CHECK(m.best_score == -6);
  CHECK(m.played_score == -14);
  CHECK(m.loss == 8);
  CHECK(rules_move_value(before, m.best) == -6);
  // At level 1 without the solver the same move is still found to lose.
  const ReviewedMove searched = review_move(searcher(), before, game.moves()[50], quick(0));
  CHECK(searched.source == Source::Searched);
  CHECK(searched.loss > 0);
}

TEST_CASE("8x8 openings come from the book while the game is in it") {
  ReviewOptions o = quick(4);
  o.book = shipped_book();
  Game game;
  game.play_sequence("f5d6c3");
  const GameReview r = review_game(searcher(), game, o);
  REQUIRE(r.moves.size() == 3);
  for (const ReviewedMove& m : r.moves) {
    CHECK(m.source == Source::Book);
    CHECK(m.loss == move_loss(m.best_score, m.played_score));
  }
  // f5 is as good as any first move (the four are symmetric).
  CHECK(r.moves[0].loss == 0);
  // Without the book the same moves are searched.
  CHECK(review_game(searcher(), game, quick(4)).moves[0].source == Source::Searched);
}

TEST_CASE("every board size is reviewed, rectangles too") {
  for (const Shape shape : {Shape{4, 4}, Shape{6, 4}, Shape{10, 10}}) {
    CAPTURE(shape_name(shape));
    Game game(shape);
    // The first legal move each time, for a dozen plies or to the end.
    for (int i = 0; i < 12 && !game.position().is_game_over(); ++i) {
      const auto moves = game.position().legal_moves();
      game.play(moves.empty() ? kPass : moves.front());
    }
    const GameReview r = review_game(searcher(), game, quick(6));
    REQUIRE(r.moves.size() == game.moves().size());
    for (const ReviewedMove& m : r.moves) {
      CHECK(m.loss >= 0);
      CHECK(m.best_score >= m.played_score);
    }
  }
}

TEST_CASE("a stop request ends the review after the current move") {
  std::atomic<bool> stop{false};
  ReviewOptions o = quick(4);
  o.stop = &stop;
  Game game;
  game.play_sequence("f5d6c3d3c4");
  const GameReview r = review_game(searcher(), game, o, [&](std::size_t done, std::size_t) {
    if (done == 2) stop = true;
  });
  CHECK(r.moves.size() == 2);
  CHECK_FALSE(r.game_over);
}
