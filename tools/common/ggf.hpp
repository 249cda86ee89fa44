#pragma once
// Game records in GGF (Generic Game Format, as written by GGS and NBoard), one
// game per line:
//   (;GM[Othello]PC[flank-referee]DT[...]PB[black]PW[white]RE[+12.00]TI[5:00]
//    TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
//    B[F5]W[D6//0.52]...;)
// RE is black's disc difference (":t" a loss on time, ":r" any other
// forfeit, "?" an unfinished game). Passes are written "PA". flank-referee
// writes its matches in it and flank-play saves and loads games with it.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"

namespace flank {

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

// One line of GGF: GM[Othello], the properties PC DT PB PW RE TI that are
// given, any others by name, TY and BO from start, then the moves (with
// "//seconds" when timed). GM, TY and BO in properties are ignored; ']', '['
// and line breaks in values become '_' (GGF has no escapes).
std::string to_ggf(const GgfGame& game);

// The time now as GGF dates are written: "2026.01.31_18:05:09.UTC".
std::string ggf_date_now();

// Throws std::invalid_argument naming what is wrong with the text.
GgfGame parse_ggf(std::string_view text);

// Replays a parsed game with the rules: every move legal and by the right
// side (a missing pass is inferred), and the result consistent with the
// board. Returns "" when valid, else the problem in words.
std::string validate_ggf(const GgfGame& game);

}  // namespace flank
