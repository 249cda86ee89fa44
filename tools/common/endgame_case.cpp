#include "tools/common/endgame_case.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace flank {

EndgameCase parse_endgame_case(std::string_view line) {
  std::istringstream fields{std::string(line)};
  std::string id, board, side, moves, extra;
  int score = 0;
  if (!(fields >> id >> board >> side >> moves >> score) || (fields >> extra))
    throw std::invalid_argument("expected `id board side bestmoves score`");
  Position position = Position::from_cells(board, parse_color(side));
  std::replace(moves.begin(), moves.end(), ',', ' ');
  std::vector<Square> best = parse_square_list(moves, position.shape());
  if (best.empty()) throw std::invalid_argument("no best move listed");
  return {id, position, best, score};
}

}  // namespace flank
