// The opening book in GTP: genmove's book check and the flank-book command.
#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"

namespace flank::gtp {

std::optional<BookMove> Engine::book_move(const Game& game) const {
  if (!options_.book) return std::nullopt;
  return options_.book->choose(game.position(), options_.book_randomness,
                               options_.book_seed + game.moves().size());
}

std::string Engine::cmd_book(const Args& args) {
  expect_arg_count(args, 0, "flank-book");
  if (!options_.book) return {};
  std::string out;
  for (const BookMove& m : options_.book->moves(game_.position())) {
    if (!out.empty()) out += '\n';
    out += square_name(m.move, game_.shape()) + ' ' + std::to_string(m.value);
    if (m.games > 0) out += ' ' + std::to_string(m.games);
  }
  return out;
}

}  // namespace flank::gtp
