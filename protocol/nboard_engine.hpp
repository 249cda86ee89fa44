#pragma once
// The NBoard protocol (version 2), spoken by the NBoard GUI and by Othello
// engines such as Edax: one command per line, replies as lines of their own.
// parse_request reads a line without touching anything; Engine::execute
// carries a request out. A request that cannot be carried out returns a
// message for stderr and changes nothing. nboard_loop.hpp adds the threads
// that let the next command stop a search.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/search/search.hpp"
#include "protocol/ggf_reader.hpp"
#include "protocol/gtp_engine.hpp"

namespace flank::nboard {

struct Request {
  enum class Kind {
    Nboard,
    SetDepth,
    SetGame,
    SetContempt,
    Move,
    Hint,
    Go,
    Ping,
    Learn,
    Analyze,
    Quit
  };
  Kind kind = Kind::Ping;
  int number = 0;                   // nboard version, depth, contempt, hint count, ping number
  std::string move;                 // move: the square text ("F5", "PA")
  std::optional<double> seconds;    // move: its thinking time
  std::optional<ggf::Replay> game;  // set game: the game, already checked
  ggf::Clock clocks[2];             // set game: the players' clocks
};

// The request on a line; nothing for an empty line or a malformed one, with
// `error` saying what is wrong in the latter case.
std::optional<Request> parse_request(std::string_view line, std::string& error);

// The flank level whose depth is the deepest not above an NBoard depth
// (level 1 below depth 2): depths 1, 2-3, 4-5, 6-9, 10-11, 12-13, ..., 20+
// give levels 1, 2, 3, 4, 5, 6, ..., 10.
int level_for_depth(int depth);

class Engine {
 public:
  using Emit = std::function<void(const std::string& line)>;

  explicit Engine(const gtp::EngineOptions& options = {});

  // Carries out a request, writing its reply lines through emit. hint, go and
  // analyze poll stop and end early (with what they have) when it is set.
  // Returns "" or, when nothing was done, what was wrong.
  std::string execute(const Request& request, const Emit& emit,
                      const std::atomic<bool>* stop = nullptr);
  // hint, go and analyze: the requests that search.
  static bool searches(const Request& request);

  bool quit_requested() const { return quit_; }
  const Game& game() const { return game_; }
  int level() const { return level_; }
  int contempt() const { return contempt_; }
  // Seconds left on a player's clock (initial + increments - time used); nothing without a clock.
  std::optional<double> time_left(Color c) const;

 private:
  std::string hint(int count, const Emit& emit, const std::atomic<bool>* stop);
  std::string go(const Emit& emit, const std::atomic<bool>* stop);
  std::string analyze(const Emit& emit, const std::atomic<bool>* stop);
  std::string play(const Request& request);
  SearchLimits limits(int level, const std::atomic<bool>* stop) const;

  gtp::EngineOptions options_;
  Game game_;
  std::vector<double> seconds_;  // per move of game_
  ggf::Clock clocks_[2];
  int level_;
  int contempt_ = 0;
  ParallelSearcher searcher_;
  bool quit_ = false;
};

}  // namespace flank::nboard
