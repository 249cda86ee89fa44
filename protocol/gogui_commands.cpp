// GoGui's rule commands, so GoGui can show Othello with the engine as referee.
// GoGui draws row 1 at the bottom, so gogui-rules_board lists the highest row
// first; the vertex names (a1 ...) mean the same squares as everywhere else.
#include "engine/board/square.hpp"
#include "protocol/gtp_engine.hpp"

namespace flank::gtp {

std::string Engine::cmd_gogui_game_id(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_game_id");
  return "Othello";
}

std::string Engine::cmd_gogui_board_size(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_board_size");
  // One number for a square board, as GoGui expects; columns and rows otherwise.
  const Shape shape = game_.shape();
  if (shape.is_square()) return std::to_string(shape.cols);
  return std::to_string(shape.cols) + ' ' + std::to_string(shape.rows);
}

std::string Engine::cmd_gogui_legal_moves(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_legal_moves");
  return cmd_legal_moves(args);
}

std::string Engine::cmd_gogui_side_to_move(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_side_to_move");
  return color_name(game_.position().to_move());
}

std::string Engine::cmd_gogui_board(const Args& args) {
  expect_arg_count(args, 0, "gogui-rules_board");
  const Position& p = game_.position();
  std::string out;
  for (int row = p.rows() - 1; row >= 0; --row) {
    out += '\n';
    for (int col = 0; col < p.cols(); ++col) {
      const Cell c = p.at(row, col);
      if (col) out += ' ';
      out += c == Cell::Black ? 'X' : c == Cell::White ? 'O' : '.';
    }
  }
  return out;
}

}  // namespace flank::gtp
