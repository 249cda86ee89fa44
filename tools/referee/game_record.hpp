#pragma once
// What one refereed game produced: moves with their times, the result and how
// the game ended. Shared by the game runner, GGF/CSV output and statistics.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/shape.hpp"
#include "tools/referee/player_clock.hpp"

namespace flank::referee {

enum class EndReason {
  Normal,          // played to the end: neither side could move
  Resigned,        // genmove answered "resign"
  TimeOut,         // the clock ran out
  IllegalMove,     // a move the rules do not allow (or a pass with moves left)
  UnparsableMove,  // genmove reply that is not a square, "pass" or "resign"
  ErrorReply,      // "? ..." to a command the engine must accept
  Hung,            // no reply before the hard timeout
  Died,            // the engine exited or closed its output
  ProtocolError,   // a reply that is not GTP
  StartFailed,     // the engine program could not be started
};

// Short token for files ("normal", "time-out", "illegal-move", ...).
std::string reason_token(EndReason r);
// Inverse of reason_token; nullopt for an unknown token.
std::optional<EndReason> parse_reason_token(const std::string& token);

inline int color_index(Color c) { return c == Color::Black ? 0 : 1; }

struct GameRecord {
  int number = 0;                    // 1-based game number in the match
  Shape shape{};                     // the board (8x8 unless --size says otherwise)
  std::string opening;               // the opening line as given ("" = the standard start)
  std::array<std::string, 2> names;  // [black, white]
  std::vector<Square> moves;         // every move from the start, opening and passes included
  std::vector<double> move_seconds;  // per move; 0 for opening moves
  int opening_plies = 0;
  int score = 0;  // black's discs minus white's (empties to the winner), or +-squares on a forfeit
  EndReason reason = EndReason::Normal;
  std::optional<Color> forfeited_by;  // who lost other than on the board
  std::string detail;                 // what happened, for forfeits
  std::array<double, 2> seconds{};    // thinking time used [black, white]
  std::array<int, 2> moves_chosen{};  // genmove replies played [black, white]
  std::vector<std::string> notes;     // e.g. final_score disagreements
  TimeControl time_control;
  std::string date;  // "YYYY.MM.DD_hh:mm:ss.UTC"

  // +1 black won, 0 draw, -1 white won.
  int outcome() const { return score > 0 ? 1 : score < 0 ? -1 : 0; }
};

}  // namespace flank::referee
