#pragma once
// Training positions from the WTHOR game base (the French Othello Federation's
// tournament games, read by tools/common/wthor_pgn): every game is replayed
// with the rules, its positions from `exact_empties` empties on are solved
// exactly, and the positions before get the solved value propagated back along
// the game (human endgames are not always perfect, the solver is), with their
// own result proven by a win/loss/draw solve up to `wld_empties` (0: none).

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/search/search.hpp"
#include "tools/common/wthor_pgn.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

// WTHOR games are numbered from here in the position file, so that they never
// share a number (and so a held-out split) with self-play games.
constexpr std::uint32_t kWthorGameBase = 1000000000u;

struct WthorGames {
  std::vector<std::vector<Square>> moves;  // per legal game, passes included
  std::vector<int> black_result;           // the Result tag (black - white), for unfinished games
  WthorStats stats;
  std::vector<std::string> files;  // what was read, in order
};

// Reads FILE, or every *.pgn file of DIR in name order; throws std::runtime_error
// for a missing path or a directory without PGN files. Bad records are counted in stats.
WthorGames read_wthor_games(const std::string& path);

// The labelled positions of one game (`game` is its number in the position
// file). A game that neither reaches `exact_empties` nor has a readable result
// gives no positions.
std::vector<Sample> label_wthor_game(const std::vector<Square>& moves, int black_result,
                                     std::uint32_t game, int exact_empties, int wld_empties,
                                     Searcher& searcher);

}  // namespace flank::train
