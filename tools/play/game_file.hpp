#pragma once
// Saving and loading flank-play games as GGF (tools/common/ggf.hpp, the
// format flank-referee writes), so a game can be kept, continued later, or
// opened in other Othello programs.

#include <string>
#include <string_view>

#include "engine/board/game.hpp"
#include "tools/play/settings.hpp"

namespace flank::terminal_play {

// One GGF line: PC[flank-play], the date, the players (names, or "human" /
// "flank level N"), RE (black's disc difference when over, "?" otherwise),
// the start board and every move, passes as PA.
std::string game_to_ggf(const Game& game, const PlaySettings& s, const std::string& date);

// The first game in GGF text, replayed by the rules (forced passes the record
// leaves out are added). Throws std::invalid_argument saying what is wrong.
Game game_from_ggf(std::string_view text);

// Reads a GGF file: throws std::invalid_argument naming the file and the problem.
Game load_game_file(const std::string& path);
// Writes one GGF line to path (replacing it); throws std::runtime_error on failure.
void save_game_file(const std::string& path, const Game& game, const PlaySettings& s);

}  // namespace flank::terminal_play
