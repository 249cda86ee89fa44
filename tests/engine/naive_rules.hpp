#pragma once
// The rules as a person would state them, on a plain grid of COLS x ROWS cells,
// written independently of engine/ (no square sets, no geometry tables) so the
// engine's rules and perft can be checked against them on every shape.

#include <cstdint>
#include <vector>

#include "engine/board/position.hpp"

namespace flank::testing {

struct NaiveBoard {
  int cols, rows;
  std::vector<int> cell;  // 0 empty, 1 black, 2 white; index row * cols + col
  int to_move;            // 1 black, 2 white

  explicit NaiveBoard(const Position& p)
      : cols(p.cols()),
        rows(p.rows()),
        cell(static_cast<size_t>(p.cols() * p.rows())),
        to_move(p.to_move() == Color::Black ? 1 : 2) {
    for (int sq = 0; sq < cols * rows; ++sq)
      cell[sq] = p.at(sq) == Cell::Black ? 1 : p.at(sq) == Cell::White ? 2 : 0;
  }

  bool on_board(int r, int c) const { return r >= 0 && r < rows && c >= 0 && c < cols; }

  std::vector<int> flips(int sq, int me) const {
    std::vector<int> out;
    if (cell[sq] != 0) return out;
    const int r0 = sq / cols, c0 = sq % cols;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        std::vector<int> line;
        int r = r0 + dr, c = c0 + dc;
        while (on_board(r, c) && cell[r * cols + c] == 3 - me) {
          line.push_back(r * cols + c);
          r += dr;
          c += dc;
        }
        if (!line.empty() && on_board(r, c) && cell[r * cols + c] == me)
          out.insert(out.end(), line.begin(), line.end());
      }
    return out;
  }

  std::vector<int> moves(int me) const {
    std::vector<int> out;
    for (int sq = 0; sq < cols * rows; ++sq)
      if (!flips(sq, me).empty()) out.push_back(sq);
    return out;
  }

  NaiveBoard after(int sq) const {
    NaiveBoard next = *this;
    for (int f : flips(sq, to_move)) next.cell[f] = to_move;
    next.cell[sq] = to_move;
    next.to_move = 3 - to_move;
    return next;
  }

  // Leaves to the given depth; a pass is a ply and a finished game one leaf
  // (the convention of engine/board/perft.hpp's default).
  std::uint64_t perft(int depth) const {
    if (depth == 0) return 1;
    const std::vector<int> mine = moves(to_move);
    if (mine.empty()) {
      if (depth == 1 || moves(3 - to_move).empty()) return 1;
      NaiveBoard passed = *this;
      passed.to_move = 3 - to_move;
      return passed.perft(depth - 1);
    }
    std::uint64_t leaves = 0;
    for (int sq : mine) leaves += after(sq).perft(depth - 1);
    return leaves;
  }
};

}  // namespace flank::testing
