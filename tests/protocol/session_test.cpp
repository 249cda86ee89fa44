// Whole GTP sessions through Engine::run, and the commands' normal replies.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "engine/board/square.hpp"
#include "session_helpers.hpp"

using namespace flank;
using namespace flank::gtp;
using namespace flank::gtp::testing;

namespace {

// The final disc difference for the mover under perfect play, by brute force.
int minimax(const Position& p) {
  if (p.is_game_over()) return p.to_move() == Color::Black ? p.score() : -p.score();
  if (!p.has_legal_move()) {
    Position next = p;
    next.play(kPass);
    return -minimax(next);
  }
  int best = -1000;
  for (Square sq : p.legal_moves()) {
    Position next = p;
    next.play(sq);
    best = std::max(best, -minimax(next));
  }
  return best;
}

}  // namespace

TEST_CASE("ids, comments, blank lines and CRLF in one session") {
  Engine engine(fast_options());
  const std::string out = run_session(engine,
                                      "1 protocol_version\r\n"
                                      "\r\n"
                                      "# a comment line\n"
                                      "   \t\n"
                                      "name # trailing comment\n"
                                      "22 play b d3\r\n"
                                      "23 play b d3\n"
                                      "bogus_command\n"
                                      "5 undo\n");
  CHECK(out ==
        "=1 2\n\n"
        "= flank\n\n"
        "=22\n\n"
        "?23 illegal move: it is white's turn\n\n"
        "? unknown command\n\n"
        "=5\n\n");
  CHECK_FALSE(engine.game().has_moves());
}

TEST_CASE("quit replies = and stops reading; EOF simply ends") {
  Engine engine(fast_options());
  CHECK(run_session(engine, "quit\nname\n") == "=\n\n");
  CHECK(engine.quit_requested());
  Engine other(fast_options());
  CHECK(run_session(other, "9 quit\n") == "=9\n\n");
  Engine eof(fast_options());
  CHECK(run_session(eof, "name") == "= flank\n\n");  // last line without newline
  CHECK_FALSE(eof.quit_requested());
}

TEST_CASE("list_commands and known_command agree") {
  Engine engine(fast_options());
  const Reply list = send(engine, "list_commands");
  REQUIRE(list.ok);
  for (const std::string& name : engine.command_names()) {
    CHECK(("\n" + list.text + "\n").find("\n" + name + "\n") != std::string::npos);
    CHECK(send(engine, "known_command " + name).text == "true");
  }
  for (const char* name : {"protocol_version",
                           "name",
                           "version",
                           "known_command",
                           "list_commands",
                           "quit",
                           "boardsize",
                           "clear_board",
                           "komi",
                           "play",
                           "genmove",
                           "reg_genmove",
                           "undo",
                           "showboard",
                           "final_score",
                           "time_settings",
                           "time_left",
                           "kgs-time_settings",
                           "cputime",
                           "list_games",
                           "set_game",
                           "gogui-rules_game_id",
                           "gogui-rules_board_size",
                           "gogui-rules_legal_moves",
                           "gogui-rules_side_to_move",
                           "gogui-rules_board",
                           "gogui-rules_final_result",
                           "flank-setboard",
                           "flank-legal_moves",
                           "flank-history",
                           "flank-level",
                           "flank-analyze",
                           "flank-solve"})
    CHECK_MESSAGE(send(engine, std::string("known_command ") + name).text == "true", name);
  CHECK(send(engine, "known_command fly").text == "false");
  CHECK(send(engine, "known_command PLAY").text == "false");
}

TEST_CASE("Quarry's handshake: name, list_games, set_game, time_settings") {
  Engine engine(fast_options());
  CHECK(send(engine, "name").text == "flank");
  CHECK(send(engine, "list_games").text == "Othello");
  CHECK(send(engine, "set_game Othello").ok);
  CHECK(send(engine, "set_game Reversi").ok);
  CHECK_FALSE(send(engine, "set_game Go").ok);
  CHECK(send(engine, "time_settings 0 1 0").ok);  // "no time limit"
  CHECK(send(engine, "time_settings 300 0 0").ok);
  CHECK(send(engine, "time_settings 600 30 5").ok);
  CHECK(send(engine, "time_settings 1.5 0.5 1").ok);
  for (const char* left : {"time_left b 100 0", "time_left white 0 0", "time_left w -3 0",
                           "time_left B 12.5 3", "time_left black 0 -1"})
    CHECK_MESSAGE(send(engine, left).ok, left);
}

TEST_CASE("boardsize resets to the start position of the new size") {
  Engine engine(fast_options());
  REQUIRE(send(engine, "play b d3").ok);
  REQUIRE(send(engine, "boardsize 10").ok);
  CHECK(engine.game().shape() == Shape(10));
  CHECK_FALSE(engine.game().has_moves());
  CHECK(engine.game().position() == Position(10));
  CHECK(send(engine, "gogui-rules_board_size").text == "10");
  REQUIRE(send(engine, "boardsize 26").ok);
  CHECK(send(engine, "play b m12").ok);
  CHECK(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "clear_board").ok);
  CHECK(engine.game().position() == Position(26));
}

TEST_CASE("play, undo and the move history") {
  Engine engine(fast_options());
  CHECK(send(engine, "play B D3").ok);
  CHECK(send(engine, "play white c5").ok);
  CHECK(send(engine, "flank-history").text == "d3 c5");
  CHECK(send(engine, "gogui-rules_side_to_move").text == "black");
  CHECK(send(engine, "undo").ok);
  CHECK(send(engine, "flank-history").text == "d3");
  CHECK(send(engine, "flank-play_sequence c3c4").ok);
  CHECK(send(engine, "flank-history").text == "d3 c3 c4");
  CHECK(send(engine, "flank-getboard").text == engine.game().position().to_string());
}

TEST_CASE("legal moves at the start: black's four openings") {
  Engine engine(fast_options());
  CHECK(send(engine, "flank-legal_moves").text == "d3 c4 f5 e6");
  CHECK(send(engine, "gogui-rules_legal_moves").text == "d3 c4 f5 e6");
  CHECK(send(engine, "gogui-rules_game_id").text == "Othello");
  CHECK(send(engine, "gogui-rules_final_result").text == "unknown");
  // GoGui draws row 1 at the bottom, so the highest row comes first.
  REQUIRE(send(engine, "play b d3").ok);
  const std::string board = send(engine, "gogui-rules_board").text;
  CHECK(board ==
        "\n. . . . . . . ."    // row 8
        "\n. . . . . . . ."    // row 7
        "\n. . . . . . . ."    // row 6
        "\n. . . X O . . ."    // row 5
        "\n. . . X X . . ."    // row 4
        "\n. . . X . . . ."    // row 3: d3
        "\n. . . . . . . ."    // row 2
        "\n. . . . . . . .");  // row 1
}

TEST_CASE("genmove plays legal moves through a whole game to final_score") {
  for (int size : {4, 6, 8}) {
    CAPTURE(size);
    EngineOptions o = fast_options();
    o.shape = size;
    Engine engine(o);
    Game mirror(size);  // replays the replies independently of the engine
    int plies = 0;
    while (!mirror.position().is_game_over() && plies++ < size * size * 2) {
      const Position before = mirror.position();
      const std::string color = before.to_move() == Color::Black ? "b" : "w";
      const Reply r = send(engine, "genmove " + color);
      REQUIRE(r.ok);
      const Square move = parse_square(r.text, size);
      if (move == kPass) {
        CHECK_FALSE(before.has_legal_move());
      } else {
        const auto legal = before.legal_moves();
        CHECK(std::find(legal.begin(), legal.end(), move) != legal.end());
      }
      mirror.play(move);
      CHECK(engine.game().position() == mirror.position());
    }
    REQUIRE(mirror.position().is_game_over());
    const int s = mirror.position().score();
    const std::string expected = s > 0   ? "B+" + std::to_string(s)
                                 : s < 0 ? "W+" + std::to_string(-s)
                                         : "0";
    CHECK(send(engine, "final_score").text == expected);
    CHECK(send(engine, "gogui-rules_final_result").text == (s > 0   ? "black"
                                                            : s < 0 ? "white"
                                                                    : "draw"));
    // Over: genmove answers pass for either colour and records nothing.
    const size_t moves = engine.game().moves().size();
    CHECK(send(engine, "genmove b").text == "pass");
    CHECK(send(engine, "genmove w").text == "pass");
    CHECK(send(engine, "reg_genmove w").text == "pass");
    CHECK(engine.game().moves().size() == moves);
    CHECK(send(engine, "flank-legal_moves").text == "");
  }
}

TEST_CASE("reg_genmove chooses a legal move without playing it") {
  Engine engine(fast_options());
  const Reply r = send(engine, "reg_genmove b");
  REQUIRE(r.ok);
  CHECK((r.text == "d3" || r.text == "c4" || r.text == "f5" || r.text == "e6"));
  CHECK_FALSE(engine.game().has_moves());
}

TEST_CASE("genmove under a clock and with a fixed time per move still plays legal moves") {
  Engine engine(fast_options());
  REQUIRE(send(engine, "time_settings 10 0 0").ok);
  REQUIRE(send(engine, "time_left b 5 0").ok);
  const Reply r = send(engine, "genmove b");
  REQUIRE(r.ok);
  CHECK(engine.game().moves().size() == 1);
  EngineOptions timed = fast_options();
  timed.seconds_per_move = 0.05;
  Engine other(timed);
  CHECK(send(other, "genmove b").ok);
  CHECK(other.game().moves().size() == 1);
}

TEST_CASE("flank-level, flank-analyze and flank-solve") {
  Engine engine(fast_options());
  CHECK(send(engine, "flank-level").text == "1");
  CHECK(send(engine, "flank-level 3").ok);
  CHECK(send(engine, "flank-level").text == "3");
  const Reply analysis = send(engine, "flank-analyze");
  REQUIRE(analysis.ok);
  CHECK(analysis.text.starts_with("move "));
  CHECK(analysis.text.find(" pv ") != std::string::npos);
  CHECK_FALSE(engine.game().has_moves());
}

TEST_CASE("flank-threads: shows and sets the search threads; every command works with two") {
  Engine engine(fast_options());
  CHECK(send(engine, "flank-threads").text ==
        "1");  // EngineOptions' default; flank's is every core
  CHECK(send(engine, "flank-threads 2").ok);
  CHECK(send(engine, "flank-threads").text == "2");
  const Reply bad = send(engine, "flank-threads 0");
  CHECK_FALSE(bad.ok);
  CHECK(bad.text == "the number of threads must be 1..256, not 0");
  CHECK(send(engine, "flank-threads").text == "2");  // unchanged
  CHECK(send(engine, "flank-level 3").ok);
  const Reply analysis = send(engine, "flank-analyze");
  REQUIRE(analysis.ok);
  CHECK(analysis.text.starts_with("move "));
  const Reply moves = send(engine, "flank-analyze_all");
  CHECK(moves.ok);
  CHECK(send(engine, "flank-play_sequence f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 b4 b5 d2 e3 a6").ok);
  const Reply solved =
      send(engine, "flank-setboard " + std::string("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOO") +
                       "OOOOOOOOOOOO--------XXXX X");
  REQUIRE(solved.ok);
  const Reply solve = send(engine, "flank-solve");
  REQUIRE(solve.ok);
  CHECK(solve.text.find("exact true") != std::string::npos);
  for (int i = 0; i < 6; ++i) {
    const Reply r = send(engine, "genmove " + std::string(i % 2 ? "w" : "b"));
    REQUIRE(r.ok);
  }
}

TEST_CASE("flank-threads with a clock: genmove stays within its time") {
  EngineOptions timed = fast_options();
  timed.threads = 2;
  timed.level = kLevelMax;
  timed.seconds_per_move = 0.05;
  Engine engine(timed);
  CHECK(send(engine, "flank-threads").text == "2");
  for (int i = 0; i < 4; ++i) {
    const Reply r = send(engine, std::string("genmove ") + (i % 2 ? "w" : "b"));
    REQUIRE(r.ok);
    CHECK(r.text != "pass");
  }
  CHECK(engine.game().moves().size() == 4);
}

namespace {

// flank-solve on the whole 4x4 game, and the value of each of its moves by minimax.
struct SolvedStart {
  Reply reply;
  std::string move;
  int exact = 0;
  std::map<std::string, int> move_values;
};

SolvedStart solve_4x4_start() {
  EngineOptions small = fast_options();
  small.shape = 4;
  small.max_solve_empties = 12;
  Engine solver(small);
  SolvedStart s;
  s.reply = send(solver, "flank-solve");
  CHECK_FALSE(solver.game().has_moves());
  std::istringstream words(s.reply.text);
  std::string key;
  words >> key >> s.move;
  const Position start(4);
  s.exact = minimax(start);
  for (Square sq : start.legal_moves()) {
    Position next = start;
    next.play(sq);
    s.move_values[square_name(sq, 4)] = -minimax(next);
  }
  return s;
}

}  // namespace

TEST_CASE("flank-solve names an optimal move of the whole 4x4 game") {
  const SolvedStart s = solve_4x4_start();
  REQUIRE(s.reply.ok);
  CHECK(s.reply.text.starts_with("move "));
  CHECK(s.reply.text.find(" exact true ") != std::string::npos);
  REQUIRE(s.move_values.count(s.move) == 1);
  CHECK(s.move_values.at(s.move) == s.exact);
}

TEST_CASE("flank-solve reports the exact disc difference") {
  const SolvedStart s = solve_4x4_start();
  CHECK(s.reply.text.find(" score " + std::to_string(s.exact) + " exact true") !=
        std::string::npos);
}

TEST_CASE("time_left measures what the controller charges beyond the thinking") {
  Engine engine(fast_options());
  REQUIRE(send(engine, "time_settings 30 0 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == 0);
  REQUIRE(send(engine, "genmove b").ok);
  const double charged = engine.clock(Color::Black).seconds;
  // The controller's clock shows 0.4 s more gone than the engine spent thinking.
  REQUIRE(send(engine, "time_left b " + std::to_string(charged - 0.4) + " 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == doctest::Approx(0.4).epsilon(0.01));
  CHECK(engine.clock_overhead(Color::White) == 0);
  // Without a move in between there is nothing to compare: the figure stays.
  REQUIRE(send(engine, "time_left b 20 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == doctest::Approx(0.4).epsilon(0.01));
  // A move with no overhead lets the figure fade, not vanish at once.
  REQUIRE(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "genmove b").ok);
  REQUIRE(
      send(engine, "time_left b " + std::to_string(engine.clock(Color::Black).seconds) + " 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == doctest::Approx(0.3).epsilon(0.01));
  // New time settings forget it.
  REQUIRE(send(engine, "time_settings 30 0 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == 0);
}

TEST_CASE("whole seconds in time_left are the controller's rounding, not overhead") {
  Engine engine(fast_options());
  REQUIRE(send(engine, "time_settings 30 0 0").ok);
  REQUIRE(send(engine, "genmove b").ok);
  const double charged = engine.clock(Color::Black).seconds;
  // GTP sends whole seconds: up to a second less than our own count is rounding.
  REQUIRE(send(engine, "time_left b " + std::to_string(static_cast<int>(charged)) + " 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == 0);
  // Beyond that second, the rest is overhead.
  REQUIRE(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "genmove b").ok);
  const double again = engine.clock(Color::Black).seconds;
  const int shown = static_cast<int>(again) - 2;
  REQUIRE(send(engine, "time_left b " + std::to_string(shown) + " 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == doctest::Approx(again - shown - 1).epsilon(0.01));
  CHECK(engine.clock_overhead(Color::Black) >= 1);
  // Written with decimals, even a whole number is the controller's exact count.
  REQUIRE(send(engine, "time_settings 30 0 0").ok);  // forget the figure above
  REQUIRE(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "genmove b").ok);
  const double third = engine.clock(Color::Black).seconds;
  const int whole = static_cast<int>(third);
  REQUIRE(send(engine, "time_left b " + std::to_string(whole) + ".000 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == doctest::Approx(third - whole).epsilon(0.01));
  // An undo breaks the comparison: the next time_left measures nothing.
  REQUIRE(send(engine, "time_settings 30 0 0").ok);
  REQUIRE(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "genmove b").ok);
  REQUIRE(send(engine, "undo").ok);
  REQUIRE(send(engine, "time_left b 10 0").ok);
  CHECK(engine.clock_overhead(Color::Black) == 0);
}

TEST_CASE("time_left without time_settings is a clock all the same") {
  Engine engine(fast_options());
  const auto limits = [&] { return engine.limits_for(engine.game()); };
  CHECK(limits().seconds == 0);  // no clock: the level decides
  REQUIRE(send(engine, "time_left b 0.5 0").ok);
  CHECK(limits().seconds > 0);
  CHECK(limits().seconds <= 0.5);
  // A byo-yomi period: the last stone is a fixed time.
  Engine periods(fast_options());
  REQUIRE(send(periods, "time_left b 2 1").ok);
  CHECK(periods.limits_for(periods.game()).fixed_time);
  CHECK(periods.limits_for(periods.game()).seconds <= 2);
}

TEST_CASE("the move that runs main time out is the first stone of the first period") {
  Engine engine(fast_options());
  // Canadian: 1 s main time, then 0.5 s for every 3 moves.
  REQUIRE(send(engine, "time_settings 1 0.5 3").ok);
  REQUIRE(send(engine, "time_left b 0 0").ok);  // main time all gone
  REQUIRE(send(engine, "genmove b").ok);
  CHECK(engine.clock(Color::Black).stones == 2);    // this move was a stone
  CHECK(engine.clock(Color::Black).seconds < 0.5);  // charged with the overrun
}

TEST_CASE("the engine keeps its own clock between time_left updates") {
  Engine engine(fast_options());
  // Canadian byo-yomi from the start: 5 seconds for every 2 moves.
  REQUIRE(send(engine, "time_settings 0 5 2").ok);
  CHECK(engine.clock(Color::Black).seconds == 5);
  CHECK(engine.clock(Color::Black).stones == 2);
  REQUIRE(send(engine, "genmove b").ok);
  CHECK(engine.clock(Color::Black).stones == 1);
  CHECK(engine.clock(Color::Black).seconds <= 5);
  CHECK(engine.clock(Color::White).stones == 2);  // white has not moved
  REQUIRE(send(engine, "genmove w").ok);
  REQUIRE(send(engine, "genmove b").ok);
  // The period is over: a fresh one starts.
  CHECK(engine.clock(Color::Black).seconds == 5);
  CHECK(engine.clock(Color::Black).stones == 2);
  // time_left overrides the estimate; a reported overrun counts as no time left.
  REQUIRE(send(engine, "time_left b -2 1").ok);
  CHECK(engine.clock(Color::Black).seconds == 0);
  CHECK(engine.clock(Color::Black).stones == 1);
  // Absolute time: main time only, never below zero.
  REQUIRE(send(engine, "time_settings 3 0 0").ok);
  CHECK(engine.clock(Color::White).seconds == 3);
  REQUIRE(send(engine, "genmove w").ok);
  CHECK(engine.clock(Color::White).seconds <= 3);
  CHECK(engine.clock(Color::White).seconds >= 0);
  CHECK(engine.clock(Color::White).stones == 0);
}

TEST_CASE("the last stone of a byo-yomi period is a fixed time: spent whole, as --time is") {
  Engine engine(fast_options());
  const auto limits = [&] { return engine.limits_for(engine.game()); };
  // A fixed 2 s a move given as a clock: every move is a period's last stone.
  REQUIRE(send(engine, "time_settings 0 2 1").ok);
  CHECK(limits().fixed_time);
  CHECK(limits().seconds > 1.5);
  CHECK(limits().seconds < 2);
  // Five moves in 10 s: what a move saves is there for the others ...
  REQUIRE(send(engine, "time_settings 0 10 5").ok);
  CHECK_FALSE(limits().fixed_time);
  // ... but not after the last one.
  REQUIRE(send(engine, "time_left b 3 1").ok);
  CHECK(limits().fixed_time);
  CHECK(limits().seconds > 2.5);
  // Main time is saved for later moves.
  REQUIRE(send(engine, "time_settings 300 0 0").ok);
  CHECK_FALSE(limits().fixed_time);
}

TEST_CASE("kgs-time_settings: each of KGS's clocks as the GTP clock it amounts to") {
  Engine engine(fast_options());
  const auto limits = [&] { return engine.limits_for(engine.game()); };
  REQUIRE(send(engine, "kgs-time_settings absolute 90").ok);
  CHECK(engine.clock(Color::White).seconds == 90);
  CHECK(engine.clock(Color::White).stones == 0);
  CHECK(limits().seconds > 0);
  CHECK(limits().seconds < 45);
  REQUIRE(send(engine, "kgs-time_settings none").ok);
  CHECK(limits().seconds == 0);  // no clock: the level decides
  // Canadian: as time_settings.
  REQUIRE(send(engine, "kgs-time_settings canadian 0 20 4").ok);
  CHECK(engine.clock(Color::Black).seconds == 20);
  CHECK(engine.clock(Color::Black).stones == 4);
  CHECK_FALSE(limits().fixed_time);
  // Japanese byo-yomi: every period is one move, spent whole.
  REQUIRE(send(engine, "kgs-time_settings byoyomi 0 2 5").ok);
  CHECK(engine.clock(Color::Black).seconds == 2);
  CHECK(engine.clock(Color::Black).stones == 1);
  CHECK(limits().fixed_time);
  CHECK(limits().seconds > 1.5);
  CHECK(limits().seconds < 2);
  REQUIRE(send(engine, "genmove b").ok);
  CHECK(engine.clock(Color::Black).seconds == 2);  // the next move has a fresh period
  CHECK(engine.clock(Color::Black).stones == 1);
  // time_left counts periods left, not moves in the period: 3 periods of 2 s
  // are 2 s for this move, not 2 s shared by three.
  REQUIRE(send(engine, "time_left w 2 3").ok);
  CHECK(engine.clock(Color::White).stones == 1);
  CHECK(limits().fixed_time);
  CHECK(limits().seconds > 1.5);
  // Main time first, then the periods; no period at all is main time alone.
  REQUIRE(send(engine, "kgs-time_settings byoyomi 60 10 3").ok);
  CHECK(engine.clock(Color::Black).seconds == 60);
  CHECK(engine.clock(Color::Black).stones == 0);
  REQUIRE(send(engine, "kgs-time_settings byoyomi 60 10 0").ok);
  REQUIRE(send(engine, "time_left w 0.5 0").ok);  // white is on move
  CHECK(limits().seconds <= 0.5);
  // time_settings afterwards counts stones as GTP does again.
  REQUIRE(send(engine, "kgs-time_settings byoyomi 0 2 5").ok);
  REQUIRE(send(engine, "time_settings 0 10 5").ok);
  REQUIRE(send(engine, "time_left b 10 5").ok);
  CHECK(engine.clock(Color::Black).stones == 5);
  CHECK_FALSE(limits().fixed_time);
  // A failed command leaves the clock as it was.
  CHECK_FALSE(send(engine, "kgs-time_settings byoyomi 0 2").ok);
  CHECK(engine.clock(Color::Black).stones == 5);
  CHECK(send(engine, "kgs-time_settings fischer 60 5").text.find("unknown time system 'fischer'") !=
        std::string::npos);
}

TEST_CASE("cputime: the process's CPU seconds, growing with the thinking") {
  Engine engine(fast_options());
  const auto seconds = [&] {
    const Reply r = send(engine, "cputime");
    REQUIRE(r.ok);
    REQUIRE(r.text.find_first_not_of("0123456789.") == std::string::npos);
    return std::stod(r.text);
  };
  const double before = seconds();
  CHECK(before >= 0);
  // A search of many thousand nodes adds to it, however loaded the machine.
  REQUIRE(send(engine, "flank-level 8").ok);
  const Reply analysis = send(engine, "flank-analyze");
  REQUIRE(analysis.ok);
  REQUIRE(analysis.text.find(" nodes ") != std::string::npos);  // searched, not a book move
  CHECK(seconds() > before);
}

TEST_CASE("flank-setboard takes rows separated by spaces and any side-to-move spelling") {
  Engine engine(fast_options());
  REQUIRE(send(engine, "play b d3").ok);
  REQUIRE(send(engine, "flank-setboard ------ ------ --OX-- --XO-- ------ ------ white").ok);
  CHECK(engine.game().shape() == Shape(6));
  CHECK_FALSE(engine.game().has_moves());
  CHECK(send(engine, "gogui-rules_side_to_move").text == "white");
  CHECK(send(engine, "flank-getboard").text == "--------------OX----XO-------------- O");
  CHECK(send(engine, "flank-legal_moves").text == "d2 e3 b4 c5");
}
