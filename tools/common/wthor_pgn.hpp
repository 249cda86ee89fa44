#pragma once
// Reader of the WTHOR PGN files (the French Othello Federation's game base as
// PGN-like text: [Tag "value"] lines, then numbered moves such as "1. F5 D6",
// passes not written; a line starting with % is ignored). Every game is replayed with the rules; a
// record with an illegal or unreadable move is skipped and counted, never fatal.

#include <cstddef>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include "engine/board/game.hpp"

namespace flank {

struct WthorGame {
  std::string event, date, black, white;
  std::string result;  // as written: "33-31" is black's discs - white's discs
  Game game{8};        // the moves replayed from the start, passes included
};

struct WthorStats {
  std::size_t games = 0;                  // legal games passed on
  std::size_t skipped = 0;                // records refused
  std::vector<std::string> first_errors;  // the first few reasons, "FILE:LINE: why"
};

// One record as read, legal or not: error is "" for a legal game, else the
// first problem ("illegal move C4 (...)", "no moves"), with game holding the
// moves before it; line is where the record starts, or where its error is.
struct WthorRecord {
  WthorGame game;
  std::string error;
  int line = 0;
};

// Calls on_record for every record of `in`, in order (flank-review's --game N).
void read_wthor_pgn_records(std::istream& in,
                            const std::function<void(const WthorRecord&)>& on_record);

// Reads every record of `in`, calling on_game for each legal one. `source`
// names the stream in error messages.
void read_wthor_pgn(std::istream& in, const std::string& source,
                    const std::function<void(const WthorGame&)>& on_game, WthorStats& stats);

// The same for a file; throws std::runtime_error when it cannot be opened.
void read_wthor_pgn_file(const std::string& path,
                         const std::function<void(const WthorGame&)>& on_game, WthorStats& stats);

}  // namespace flank
