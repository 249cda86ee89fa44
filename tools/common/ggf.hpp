#pragma once
// Game records in GGF (Generic Game Format, as written by GGS and NBoard), one
// game per line:
//   (;GM[Othello]PC[flank-referee]DT[...]PB[black]PW[white]RE[+12.00]TI[5:00]
//    TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
//    B[F5]W[D6//0.52]...;)
// RE is black's disc difference (":t" a loss on time, ":r" any other
// forfeit, "?" an unfinished game). Passes are written "PA". flank-referee
// writes its matches in it and flank-play saves and loads games with it.

//
// The reading is protocol/ggf_reader.* (flank's one GGF reader, shared with
// the NBoard front end); this layer adds the writer, the date and the check of
// a record's result, which only the tools need.

#include <string>
#include <string_view>

#include "protocol/ggf_reader.hpp"

namespace flank {

// A move has its square (kPass for "PA") and, when the record gives them, its
// evaluation and seconds ("F5//0.52"); opening moves have no time.
using GgfMove = ggf::Move;
using GgfGame = ggf::Record;  // properties GM, PB, PW, RE, ... (first value of each)

// One line of GGF: GM[Othello], the properties PC DT PB PW RE TI that are
// given, any others by name, TY and BO from start, then the moves (with
// "/eval/seconds" when they have either). GM, TY and BO in properties are
// ignored; ']', '[' and line breaks in values become '_' (GGF has no escapes).
// The clocks are not written: TI, TB and TW in properties are.
std::string to_ggf(const GgfGame& game);

// The time now as GGF dates are written: "2026.01.31_18:05:09.UTC".
std::string ggf_date_now();

// The first "(;" ... last ";)" in text read with ggf::parse_record (text around
// it, such as a file's line break, is ignored). Throws std::invalid_argument
// naming what is wrong with the text.
GgfGame parse_ggf(std::string_view text);

// Replays a parsed game with ggf::replay (every move legal and by the right
// side, a missing pass inferred) and checks the result (RE) against the
// board. Returns "" when valid, else the problem in words.
std::string validate_ggf(const GgfGame& game);

}  // namespace flank
