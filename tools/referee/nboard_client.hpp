#pragma once
// An NBoard engine (Edax -nboard, flank --nboard, ...) behind the GTP
// commands the game runner sends. It keeps the game itself: play and
// clear_board change it, time_settings and time_left set the clock, and
// genmove sends the whole game as `set game GGF` with the mover's time left,
// `ping N` (waiting for `pong N`, so every earlier line is read), then `go`,
// and answers with the square of the engine's `=== MOVE[/EVAL[/TIME]]` line.
// Other lines (status, search, nodestats, ...) are read and ignored. A side
// with no legal move passes without asking the engine, as NBoard does.

#include <optional>
#include <string>

#include "engine/board/game.hpp"
#include "tools/referee/engine_client.hpp"
#include "tools/referee/gtp_client.hpp"

namespace flank::referee {

class NboardClient : public EngineClient {
 public:
  // Starts the engine; `depth` > 0 is sent as `set depth D` after the greeting.
  NboardClient(const std::vector<std::string>& words, const std::string& stderr_log,
               const std::string& dir, int depth);

  GtpReply send(const std::string& command, double timeout_seconds) override;
  bool reports_final_score() const override { return false; }
  const char* protocol_name() const override { return "NBoard"; }
  EngineProcess& process() override { return process_; }

 private:
  // `nboard 2`, `set depth`, then a ping: the engine's `set myname` on the way.
  std::optional<GtpReply> greet(Clock::time_point deadline);
  // Sends ping N and reads up to pong N; nullopt when in step, else the failure.
  std::optional<GtpReply> sync(Clock::time_point deadline);
  // Reads lines up to the `=== ...` one; the move word in a Success reply.
  GtpReply await_move(Clock::time_point deadline);
  std::optional<GtpReply> write(const std::string& line, Clock::time_point deadline);
  std::optional<GtpReply> read(std::string& line, Clock::time_point deadline);
  GtpReply genmove(Color mover, Clock::time_point deadline);
  std::string game_text(Color mover) const;

  EngineProcess process_;
  int depth_;
  bool greeted_ = false;
  std::string name_;
  int next_ping_ = 1;
  Game game_{Shape::square(8)};
  std::optional<double> time_left_[2];  // from time_left, per colour
};

// The move word of an NBoard `=== MOVE[/EVAL[/TIME]]` line ("F5", "PA"), or
// nothing when the line is not of that shape.
std::optional<std::string> nboard_move_word(const std::string& line);

}  // namespace flank::referee
