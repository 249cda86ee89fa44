#pragma once
// Game records in GGF (Generic Game Format, as written by GGS and NBoard), one
// game per line:
//   (;GM[Othello]PC[flank-referee]DT[...]PB[black]PW[white]RE[+12.00]TI[5:00]
//    GN[1]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
//    B[F5]W[D6//0.52]...;)
// GN is the game's number in the match (for --resume and --merge);
// RE is black's disc difference; ":t" marks a loss on time and ":r" any other
// forfeit (resignation, illegal move, crash, ...). Passes are written "PA".

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "tools/referee/game_record.hpp"

namespace flank::referee {

std::string to_ggf(const GameRecord& record);

struct GgfMove {
  Color color;
  Square square;  // kPass for "PA"
  double seconds = 0;
  bool timed = false;  // the record gave a time ("F5//0.52"); opening moves have none
};

struct GgfGame {
  std::map<std::string, std::string> properties;  // GM, PB, PW, RE, ... (first value of each)
  Position start;
  std::vector<GgfMove> moves;
};

// Throws std::invalid_argument naming what is wrong with the text.
GgfGame parse_ggf(std::string_view text);

// Replays a parsed game with the rules: every move legal and by the right
// side (a missing pass is inferred), and the result consistent with the
// board. Returns "" when valid, else the problem in words.
std::string validate_ggf(const GgfGame& game);

}  // namespace flank::referee
