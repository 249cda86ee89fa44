#pragma once
// flank-referee's game records in GGF: the format itself (reading, checking,
// writing) is shared with flank-play in tools/common/ggf.hpp; here a refereed
// game becomes a GGF record, numbered by GN[n] (its game number in the match,
// which --resume and --merge read).

#include <string>

#include "tools/common/ggf.hpp"
#include "tools/referee/game_record.hpp"

namespace flank::referee {

using flank::GgfGame;
using flank::GgfMove;
using flank::parse_ggf;
using flank::validate_ggf;

// PC[flank-referee], the date, names, result (":t"/":r" for forfeits), the
// time control, and each move after the opening with its time.
std::string to_ggf(const GameRecord& record);

}  // namespace flank::referee
