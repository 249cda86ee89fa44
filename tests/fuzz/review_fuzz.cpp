// libFuzzer target for flank-review's entry: the first byte picks how the rest
// is read (a GGF or WTHOR PGN text, game 1-4, or a move list on a board size),
// then the first plies of what it read are reviewed at level 1 and written as
// table, summary, CSV and SVG. Bad input may only throw std::invalid_argument;
// a review keeps its own arithmetic (no loss below 0 or off best - played).
#include <sstream>
#include <stdexcept>

#include "engine/board/square.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/review/input.hpp"
#include "tools/review/report.hpp"
#include "tools/review/review.hpp"

using flank::fuzz::require;

namespace {

constexpr std::size_t kPliesReviewed = 6;  // enough for passes and errors, cheap per input

flank::ParallelSearcher& searcher() {
  static flank::ParallelSearcher s(1, 1);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text = flank::fuzz::as_text(data + 1, size - 1);
  flank::review::ReviewInput input{flank::Game{}, "", ""};
  try {
    if (mode % 2 == 0) {
      input = flank::review::read_review_text(text, 1 + (mode / 2) % 4);
    } else {
      const int sizes[] = {4, 6, 8, 10};
      const int cols = sizes[(mode / 2) % 4], rows = sizes[(mode / 8) % 4];
      input = flank::review::read_review_moves(text, flank::Shape{cols, rows});
    }
  } catch (const std::invalid_argument&) {
    return 0;
  }
  require(input.error.empty() || input.error.starts_with("ply "), "an error names its ply");
  flank::Game game(input.game.start());
  for (std::size_t i = 0; i < input.game.moves().size() && i < kPliesReviewed; ++i)
    game.play(input.game.moves()[i]);
  flank::review::ReviewOptions options;
  options.level = 1;
  options.exact_empties = 4;
  const flank::review::GameReview review = flank::review::review_game(searcher(), game, options);
  require(review.moves.size() == game.moves().size(), "one row per move");
  for (const flank::review::ReviewedMove& m : review.moves)
    require(m.loss >= 0 && m.loss == std::max(0, m.best_score - m.played_score),
            "the loss is best - played, never below 0");
  std::ostringstream out;
  flank::review::write_table(out, review);
  flank::review::write_summary(out, review);
  flank::review::write_csv(out, review);
  flank::review::write_svg(out, review, input.title);
  return 0;
}
