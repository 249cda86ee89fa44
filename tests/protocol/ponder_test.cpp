// Pondering (--ponder): genmove leaves a search running on the opponent's
// position, and every command stops it before it is read.
#include <doctest/doctest.h>

#include "protocol/level.hpp"
#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

// As strong as 0.05 s allows: no depth cap, so a ponder runs until stopped.
EngineOptions pondering_options() {
  EngineOptions o = fast_options();
  o.level = kLevelMax;
  o.seconds_per_move = 0.05;
  o.ponder = true;
  return o;
}

}  // namespace

TEST_CASE("genmove starts a ponder that the next command stops, leaving the game as it was") {
  Engine engine(pondering_options());
  REQUIRE(send(engine, "play b f5").ok);
  REQUIRE(send(engine, "play w f6").ok);
  REQUIRE(send(engine, "play b e6").ok);
  const Reply move = send(engine, "genmove w");
  REQUIRE(move.ok);
  CHECK(engine.pondering());
  const std::size_t moves = engine.game().moves().size();
  CHECK(moves == 4);

  const Reply board = send(engine, "showboard");
  CHECK(board.ok);
  CHECK_FALSE(engine.pondering());  // stopped, and not started again
  CHECK(engine.game().moves().size() == moves);
  CHECK(engine.game().position().to_move() == Color::Black);

  // The opponent's move, then flank's: the usual controller's turn.
  const std::string black_move = send(engine, "flank-legal_moves").text.substr(0, 2);
  REQUIRE(send(engine, "play b " + black_move).ok);
  CHECK(send(engine, "genmove w").ok);
  CHECK(engine.pondering());
  CHECK(engine.game().moves().size() == moves + 2);
  // A failing command stops it too, and changes nothing.
  CHECK_FALSE(send(engine, "play w a1").ok);
  CHECK_FALSE(engine.pondering());
  CHECK(engine.game().moves().size() == moves + 2);
  CHECK(send(engine, "undo").ok);
  CHECK(engine.game().moves().size() == moves + 1);
}

TEST_CASE("without --ponder, nothing runs between commands") {
  EngineOptions o = pondering_options();
  o.ponder = false;
  Engine engine(o);
  CHECK(send(engine, "genmove b").ok);
  CHECK_FALSE(engine.pondering());
}

TEST_CASE("a whole session with pondering, quit and EOF while a ponder runs") {
  for (const char* last : {"quit\n", ""}) {
    Engine engine(pondering_options());
    const std::string out =
        run_session(engine, std::string("play b d3\ngenmove w\nundo\ngenmove w\n") + last);
    CHECK(out.rfind("=\n\n= ", 0) == 0);
    CHECK(engine.game().moves().size() == 2);
    // run() returns with the last genmove's ponder still going (EOF) or
    // stopped by quit; either way the engine is destroyed safely below.
    CHECK(engine.pondering() == (*last == '\0'));
  }
}

TEST_CASE("with 2 and 4 threads a ponder and a clock behave as with one") {
  for (const int threads : {2, 4}) {
    CAPTURE(threads);
    EngineOptions o = pondering_options();
    o.threads = threads;
    Engine engine(o);
    REQUIRE(engine.threads() == threads);
    REQUIRE(send(engine, "play b f5").ok);
    REQUIRE(send(engine, "genmove w").ok);
    CHECK(engine.pondering());
    CHECK_FALSE(send(engine, "play w a1").ok);  // stops it; the position stays
    CHECK_FALSE(engine.pondering());
    CHECK(engine.game().moves().size() == 2);
    // On a clock (1 s for the game, no byo-yomi) the split search plays from
    // the clock's share of it, as one thread does.
    REQUIRE(send(engine, "time_settings 1 0 0").ok);
    for (const char* colour : {"b", "w"}) {
      const Reply move = send(engine, std::string("genmove ") + colour);
      CHECK(move.ok);
      CHECK(move.text != "pass");
    }
    CHECK(engine.game().moves().size() == 4);
    CHECK(send(engine, "quit").ok);
  }
}
