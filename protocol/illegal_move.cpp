#include "protocol/illegal_move.hpp"

#include "engine/board/square.hpp"

namespace flank {

std::string illegal_reason_text(const Position& before, Square move, Illegal why) {
  switch (why) {
    case Illegal::None:
      return "";
    case Illegal::OffBoard:
      return "off the board";
    case Illegal::Occupied:
      return square_name(move, before.shape()) + " is occupied";
    case Illegal::FlipsNothing:
      return square_name(move, before.shape()) + " flips no " +
             color_name(opponent(before.to_move())) + " disc";
    case Illegal::MayNotPass:
      return color_name(before.to_move()) + " has a legal move and may not pass";
    case Illegal::GameOver:
      return "the game is over";
  }
  return "";
}

std::string illegal_move_text(const IllegalMove& e) {
  const std::string place = e.move_number > 0 ? "move " + std::to_string(e.move_number) + " (" +
                                                    square_name(e.move, e.before.shape()) + "): "
                                              : "";
  return place + "illegal move: " + illegal_reason_text(e.before, e.move, e.reason);
}

std::string error_text(const std::exception& e) {
  if (const auto* illegal = dynamic_cast<const IllegalMove*>(&e))
    return illegal_move_text(*illegal);
  return e.what();
}

}  // namespace flank
