#pragma once
// Reading GGF (Generic Game Format, GGS and NBoard) Othello game records, e.g.
//   (;GM[Othello]PC[NBoard]PB[me]PW[flank]RE[?]TI[15:00]TY[8]
//    BO[8 ---------------------------O*------*O--------------------------- *]
//    B[F5]W[D6/-1.50/2.3]B[PA];)
// Board cells: * black, O white, - empty, then the side to move. A move is a
// square or PA (pass), optionally followed by /EVAL and /SECONDS (either may be
// empty: "D6//2.3"). Clocks (TI for both players, TB/TW for one) read
// "INITIAL/INCREMENT/EXTENSION", each [[HH:]MM:]SS with an optional ",..."
// part about moves, which flank does not need.
//
// This is flank's one GGF reader: the NBoard front end reads `set game` with
// it, and tools/common/ggf.* (flank-referee's records, flank-play's game
// files) is a thin layer over it that adds the writer and the result check.
// It lives in protocol/ because GGF is part of the NBoard protocol and
// protocol/ may not depend on tools/.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/game.hpp"

namespace flank::ggf {

struct Clock {
  double initial = 0;    // seconds on the clock at the start
  double increment = 0;  // seconds added after each of the player's moves
  bool limited() const { return initial > 0 || increment > 0; }
};

struct Move {
  Color color = Color::Black;
  Square square = kPass;
  std::optional<double> eval;     // for the mover, as the record gives it
  std::optional<double> seconds;  // thinking time spent on the move
};

struct Record {
  std::map<std::string, std::string> properties;  // every non-move property, first value kept
  Position start;
  std::vector<Move> moves;
  Clock clocks[2];  // black, white
};

// Throws std::invalid_argument saying what is wrong.
Record parse_record(std::string_view text);
Clock parse_clock(std::string_view text);
// A move value such as "F5", "f5/1.5/0.3", "PA" or "D6//2"; throws std::invalid_argument.
Move parse_move(std::string_view text, Color color, Shape shape);

// The game a record describes, with the passes records may leave out put in;
// seconds[i] is the time of game.moves()[i] (0 when the record has none).
// Throws std::invalid_argument naming the first move that breaks the rules.
struct Replay {
  Game game;
  std::vector<double> seconds;
};
Replay replay(const Record& record);
// The same without throwing: the game up to the first move that breaks the
// rules, and in `error` what is wrong with that move ("" when none is).
Replay replay(const Record& record, std::string& error);

}  // namespace flank::ggf
