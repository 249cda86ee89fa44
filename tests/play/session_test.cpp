// Whole sessions driven through the menu with scripted input, as a player
// would type them: every menu path, every kind of bad input, passes, undo,
// hint, quit, complete games, and the end of input anywhere.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "tools/play/game_loop.hpp"
#include "tools/play/menu.hpp"

using namespace flank;
using namespace flank::terminal_play;

namespace {

PlaySettings quick(std::array<PlayerKind, 2> players, int size = 8) {
  PlaySettings s;
  s.shape = size;
  s.players = players;
  s.levels = {1, 1};  // fast
  s.delay_ms = 0;
  return s;
}

constexpr std::array<PlayerKind, 2> kHumans{PlayerKind::Human, PlayerKind::Human};
constexpr std::array<PlayerKind, 2> kHumanVsComputer{PlayerKind::Human, PlayerKind::Computer};
constexpr std::array<PlayerKind, 2> kComputers{PlayerKind::Computer, PlayerKind::Computer};

std::string session(const std::string& input, const PlaySettings& settings = PlaySettings{}) {
  std::istringstream in(input);
  std::ostringstream out;
  Session s{in, out, settings};
  run_main_menu(s, main_menu_entries());
  return out.str();
}

size_t occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The moves of a game as lines of input, passes left out (they are automatic).
std::string typed_moves(const std::string& record, int size) {
  std::string out;
  for (Square sq : parse_square_list(record, size))
    if (sq != kPass) out += square_name(sq, size) + "\n";
  return out;
}

}  // namespace

TEST_CASE("menu: welcome line, the eight entries, and Quit thanks the player") {
  const std::string out = session("8\n");
  CHECK(out.starts_with("Welcome"));
  CHECK(has(out, "How to play"));
  for (const char* entry :
       {"1. Play game", "2. Continue game", "3. Save game", "4. Load game", "5. Options",
        "6. How to play", "7. Play Hangman (the word game)", "8. Quit"})
    CHECK(has(out, entry));
  CHECK(has(out, "Thanks for playing"));
}

TEST_CASE("menu: unknown answers are refused and asked again") {
  const std::string out = session("9\nchess\n\nquit\n");
  CHECK(occurrences(out, "Please type a number from 1-8") == 3);  // a blank line too
  CHECK(has(out, "Thanks for playing"));
}

TEST_CASE("How to play explains flanking, directions, passes, the end and scoring") {
  const std::string out = session("6\n8\n");
  for (const char* words : {"flanks", "eight directions", "must pass", "neither player can move",
                            "more discs wins", "3 4 for d3"})
    CHECK_MESSAGE(has(out, words), words);
  CHECK(occurrences(out, "Main menu") == 2);  // back to the menu afterwards
}

TEST_CASE("How to play names the discs as the board draws them") {
  CHECK(has(session("6\n8\n"), "Black (X) and White (O)"));
  CHECK(has(session("5\n5\n11\n6\n8\n"), "Black (\u25CF) and White (\u25CB)"));
}

TEST_CASE("Options: every setting changes and is shown in the options list") {
  const std::string out = session(
      "5\n"
      "1\n6\n\n"       // board size 6 (Enter: the width follows the length)
      "2\n4\n"         // computer vs computer
      "3\n2\n5\n"      // levels 2 and 5
      "4\nAnn\nBob\n"  // names
      "5\n"            // unicode discs
      "6\n"            // colour on
      "7\n"            // mark flipped discs
      "8\n0\n"         // no pause
      "9\n3\n"         // variety 3 discs
      "10\nc2 b2\n"    // start after two moves
      "11\n"           // back
      "5\nq\n8\n");    // the list again shows the new values, q leaves it, then quit
  CHECK(has(out, "1. Board size: 6x6"));
  CHECK(has(out, "2. Players: computer vs computer"));
  CHECK(has(out, "3. Computer level: black 2, white 5"));
  CHECK(has(out, "4. Player names: Ann (Black), Bob (White)"));
  CHECK(has(out, "5. Discs: \u25CF and \u25CB"));
  CHECK(has(out, "6. Colour: on"));
  CHECK(has(out, "7. Mark flipped discs: on"));
  CHECK(has(out, "8. Pause between computer moves: 0 ms"));
  CHECK(has(out, "9. Variety: 3 discs"));
  CHECK(has(out, "10. Start: the standard start after c2 b2"));
  CHECK(occurrences(out, "11. Back to the main menu") ==
        12);  // after each of 10 changes, and again
  CHECK(has(out, "Thanks for playing"));
}

TEST_CASE("Options: the choices take effect in the next game") {
  const std::string out = session(
      "5\n1\n6\n\n2\n4\n3\n1\n2\n4\nAnn\nBob\n5\n8\n0\n11\n"  // 6x6, computers, levels 1, 2
      "1\nq\n");
  CHECK(has(out,
            "New game on the 6x6 board: Ann (Black, computer) against Bob (White, "
            "computer)."));
  CHECK(has(out, "  a b c d e f\n1 "));
  CHECK(has(out, "\u25CF Ann (Black): 2 (computer, level 1)"));
  CHECK(has(out, "\u25CB Bob (White): 2 (computer, level 2)"));
  CHECK((has(out, "Ann (Black) wins") || has(out, "Bob (White) wins") || has(out, "Draw!")));
}

TEST_CASE("Options: the length and the width make a rectangle, drawn row by row") {
  // Length 10 (columns a-j), width 6 (rows 1-6), two computers at level 1, no pause.
  const std::string out = session("5\n1\n10\n6\n2\n4\n8\n0\n11\n1\nq\n");
  CHECK(has(out, "Board length: columns a, b, ... (an even number from 4 to 26) [8]: "));
  CHECK(has(out, "Board width: rows 1, 2, ... (an even number from 4 to 26) [10]: "));
  CHECK(has(out, "Board size: 10x6."));
  CHECK(has(out, "1. Board size: 10x6 (length x width)"));
  CHECK(has(out, "New game on the 10x6 board"));
  // The start: white on the top-left and bottom-right of the centre block (e3, f4).
  CHECK(has(out, "  a b c d e f g h i j\n1 "));
  CHECK(has(out, "3 . . . * O X . . . ."));  // * a legal move
  CHECK(has(out, "4 . . . . X O * . . ."));
  CHECK_FALSE(has(out, "\n7 "));  // six rows only
  CHECK((has(out, "Black wins") || has(out, "White wins") || has(out, "Draw!")));
}

TEST_CASE("Options: all four pairings by number and the discs and colour toggle back") {
  const std::string out =
      session("5\n2\n1\n2\n2\n2\n3\n2\n4\n2\n\n2\nq\n5\n5\n6\n6\n7\n7\n11\n8\n");
  CHECK(has(out, "Players: human vs human."));
  CHECK(has(out, "Players: human vs computer."));
  CHECK(has(out, "Players: computer vs human."));
  CHECK(occurrences(out, "Players: computer vs computer.") == 3);  // Enter and q keep it
  CHECK(has(out, "5. Keep computer vs computer"));
  CHECK(has(out, "Discs: X and O."));
  CHECK(has(out, "Colour: off."));
  CHECK(has(out, "Mark the discs the last move flipped: on."));
  CHECK(has(out, "Mark the discs the last move flipped: off."));
}

TEST_CASE("Options: bad values are refused with a reason and the old value is kept") {
  const std::string out = session(
      "5\n"
      "1\n5\n28\n2\nsix\n\n7\n\n"  // odd, too big, too small, not a number, Enter keeps 8; width
                                   // too
      "3\n0\n11\n\nquit\n"         // level out of range, Enter and quit keep
      "4\n" +
      std::string(21, 'a') +
      "\n\n\n"             // too long a name
      "8\n-1\n10001\n\n"   // pause out of range
      "9\n65\n-1\nq\n"     // variety out of range
      "10\nz9\nf5 f5\n\n"  // start moves that cannot be played
      "12\nq\n8\n");       // no such option, q goes back, quit
  CHECK(occurrences(out, "The length must be an even number from 4 to 26.") == 3);
  CHECK(occurrences(out, "The width must be an even number from 4 to 26.") == 1);
  CHECK(has(out, "\"six\" is not a number."));
  CHECK(has(out, "Board size: 8x8."));
  CHECK(occurrences(out, "The level must be 1-10.") == 2);
  CHECK(has(out, "at most 20 characters"));
  CHECK(occurrences(out, "The pause must be 0-10000 ms.") == 2);
  CHECK(occurrences(out, "The variety must be 0-64 discs.") == 2);
  CHECK(occurrences(out, "Start: the standard start.") == 1);
  CHECK(has(out, "The start moves cannot be played"));
  CHECK(has(out,
            "Please type a number from 1-11 (or the start of a choice, or q for \"Back to "
            "the main menu\")."));
  CHECK(has(out, "3. Computer level: 3"));
  CHECK(has(out, "1. Board size: 8x8"));
}

TEST_CASE("Options: a name can be cleared again with -") {
  const std::string out = session("5\n4\nAnn\n\n4\n-\n\n11\n8\n");
  CHECK(has(out, "Players: Ann (Black) and White."));
  CHECK(has(out, "Players: Black and White."));
}

TEST_CASE("the end of input anywhere ends the session quietly") {
  // In the menu, in each options question, in the pairing list, in a game.
  for (const std::string input :
       {"", "5\n", "5\n1\n", "5\n2\n", "5\n3\n", "5\n3\n4\n", "5\n4\n", "5\n4\nAnn\n", "5\n8\n",
        "5\n9\n", "5\n10\n", "1\n", "1\nd3\n", "1\nfoo\n", "3\n", "4\n", "7\n", "7\ne\n"}) {
    const std::string out = session(input, quick(kHumanVsComputer));
    CHECK_MESSAGE(!has(out, "Thanks for playing"), input);
    CHECK(out.ends_with("\n"));
  }
}

// Every letter once: y, n and q first, while the game cannot be over yet (7
// strikes), so the letters left after the game ends are refused at "Play
// again?" instead of answering it. Whatever the random word, the game ends.
const std::string kEveryLetter =
    "y\nn\nq\na\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\no\np\nr\ns\nt\nu\nv\nw\nx\nz\n";

TEST_CASE("Play Hangman: a game from the menu, then n, back to the menu and Quit") {
  const std::string out = session("7\n" + kEveryLetter + "n\n8\n");
  const size_t start = out.find("Hangman: guess the word");
  REQUIRE(start != std::string::npos);
  CHECK(out.find("Main menu") < start);
  CHECK(occurrences(out, "Your guess: ") >= 4);  // y, n and q cannot end it
  const bool won = has(out, "You win! The word was ");
  const bool hanged = has(out, "Hanged! The word was ");
  CHECK(won != hanged);  // exactly one game, finished one way
  CHECK(has(out, won ? "Games won: 1, lost: 0." : "Games won: 0, lost: 1."));
  CHECK(occurrences(out, "Play again? (y/n): ") == 1 + occurrences(out, "Please answer y or n."));
  // "n" ends Hangman; the menu comes back and Exit thanks the player.
  const size_t bye = out.find("Bye.\n");
  REQUIRE(bye != std::string::npos);
  CHECK(out.find("Main menu", bye) != std::string::npos);
  CHECK(out.ends_with("Thanks for playing flank. Goodbye!\n"));
}

TEST_CASE("a game: each invalid input says why, asks again and changes nothing") {
  const std::string out = session("1\nd4\nc3\ni9\n9 1\nwhat\nd3\nquit\n8\n", quick(kHumans));
  CHECK(has(out, "d4 is occupied. Try again."));
  CHECK(has(out, "c3 flips nothing"));
  CHECK(has(out, "\"i9\" is off the board"));
  CHECK(has(out, "\"9 1\" is off the board"));
  CHECK(has(out, "I cannot read \"what\" as a move"));
  // Only the legal d3 was played: the board was drawn twice (start and after d3).
  CHECK(occurrences(out, "  a b c d e f g h") == 2);
  CHECK(has(out, "Black plays d3, flipping 1 disc."));
  CHECK(has(out, "White (O) to move. Legal moves: c3 e3 c5"));
  CHECK(has(out, "Game left; Continue or Save it from the menu."));
  CHECK(has(out, "Thanks for playing"));
}

TEST_CASE("a game: row-then-column numbers play the same square as its name") {
  const std::string out = session("1\n3 4\nquit\n8\n", quick(kHumans));
  CHECK(has(out, "Black plays d3, flipping 1 disc."));
  CHECK(has(out, "    Last move: Black d3\n"));
}

TEST_CASE("a game: pass is refused with the legal moves while a move exists") {
  const std::string out = session("1\npass\nquit\n8\n", quick(kHumans));
  CHECK(has(out, "You cannot pass while you have a legal move. Legal moves: d3 c4 f5 e6"));
}

TEST_CASE("a game: hint names a legal move and plays nothing") {
  const std::string out = session("1\nhint\nquit\n8\n", quick(kHumans));
  const std::string intro = "Hint: the computer (level 1) suggests ";
  const size_t at = out.find(intro);
  REQUIRE(at != std::string::npos);
  const std::string hint = out.substr(at + intro.size(), 2);
  CHECK(Position(8).is_legal(parse_square(hint, 8)));
  CHECK(occurrences(out, "  a b c d e f g h") == 1);
}

TEST_CASE("a game: help lists the commands and the legal moves") {
  const std::string out = session("1\nhelp\nquit\n8\n", quick(kHumans));
  CHECK(has(out, "Commands: pass, undo"));
  CHECK(has(out, "Legal moves: d3 c4 f5 e6\nBlack, your move"));
}

TEST_CASE("a game: undo takes back one move between humans") {
  const std::string out = session("1\nundo\nd3\nc3\nundo\nundo\nundo\nquit\n8\n", quick(kHumans));
  CHECK(has(out, "There is no move of yours to take back yet."));
  CHECK(has(out, "Took back c3."));
  CHECK(has(out, "Took back d3."));
  CHECK(occurrences(out, "There is no move of yours to take back yet.") == 2);
  // White to move again after c3 is taken back, black at the start after d3.
  CHECK(occurrences(out, "White (O) to move. Legal moves: c3 e3 c5") == 2);
  CHECK(occurrences(out, "Black (X) to move. Legal moves: d3 c4 f5 e6") == 2);
}

TEST_CASE("a game: undo against the computer takes back its reply too") {
  const std::string out = session("1\nd3\nundo\nquit\n8\n", quick(kHumanVsComputer));
  REQUIRE(has(out, "White (computer) plays"));
  CHECK(has(out, "Took back d3, "));
  CHECK(occurrences(out, "Black (X) to move. Legal moves: d3 c4 f5 e6") == 2);
}

TEST_CASE("a game: a computer playing black moves first, then the human") {
  const std::string out = session("1\nquit\n8\n", quick({PlayerKind::Computer, PlayerKind::Human}));
  CHECK(has(out, "Black (computer) plays"));
  CHECK(has(out, "White (O) to move."));
  // Undo with no move of the human's yet leaves the computer's move alone.
  const std::string again =
      session("1\nundo\nquit\n8\n", quick({PlayerKind::Computer, PlayerKind::Human}));
  CHECK(has(again, "There is no move of yours to take back yet."));
}

// A 4x4 game between humans in which black must pass once; the counts are
// those the rules engine gives for this game.
TEST_CASE("a complete 4x4 game with a forced pass, to the result") {
  const std::string record = "b1a1c4b4a2c1a4a3passd2d1d4d3";
  Game check(4);
  check.play_sequence(record);
  REQUIRE(check.position().is_game_over());
  REQUIRE(check.position().count(Color::Black) == 9);
  REQUIRE(check.position().count(Color::White) == 7);

  const std::string out = session("1\n" + typed_moves(record, 4) + "q\n", quick(kHumans, 4));
  CHECK(occurrences(out, "Black has no valid move. The turn passes to White.") == 1);
  CHECK(has(out, "    Last move: Black passed\n"));
  CHECK(has(out, "Final count: Black 9, White 7.\nBlack wins 9-7!"));
  CHECK(has(out, "Game over"));
  CHECK(has(out, "Thanks for playing"));  // back to the menu, then Exit
}

TEST_CASE("after a finished game the menu offers its review, with the graph on request") {
  const std::string record = "b1a1c4b4a2c1a4a3passd2d1d4d3";
  const std::string svg =
      (std::filesystem::temp_directory_path() / "flank-play-review.svg").string();
  std::filesystem::remove(svg);
  // Not before a game: the menu has its eight entries.
  CHECK_FALSE(has(session("q\n"), "Review this game"));
  const std::string out =
      session("1\n" + typed_moves(record, 4) + "3\n1\n" + svg + "\nq\n", quick(kHumans, 4));
  CHECK(has(out, "  3. Review this game\n"));
  CHECK(has(out, "  9. Quit\n"));
  CHECK(has(out, " ply  colour move  best   best  played  loss  how\n"));
  // Every move of the game, the pass included.
  CHECK(has(out, "   1  black  b1 "));
  CHECK(has(out, "   9  black  pass  pass"));
  CHECK(has(out, "  13  black  d3 "));
  CHECK_FALSE(has(out, "  14  "));
  CHECK(has(out, "Black: 6 moves, total loss "));
  CHECK(has(out, "White: 6 moves, total loss "));
  CHECK(has(out, "Result: +2 for black\n"));
  CHECK(has(out, "Wrote the score graph to " + svg));
  std::ifstream written(svg);
  std::string first_line;
  std::getline(written, first_line);
  CHECK(first_line.starts_with("<svg xmlns="));
  std::filesystem::remove(svg);
  // Without a finished game the entry is not there to choose.
  CHECK_FALSE(has(session("1\nb1\nquit\nq\n", quick(kHumans, 4)), "Review this game"));
}

TEST_CASE("a complete 6x6 game in which black must pass twice, won by white, names in messages") {
  const std::string record =
      "c2d2e4b2e1c5b3e5a2d1e3f2b5c1f6e6f4f1d5a4b4c6e2a5f5a1b1d6b6a6passf3passa3";
  Game check(6);
  check.play_sequence(record);
  REQUIRE(check.position().count(Color::Black) == 13);
  REQUIRE(check.position().count(Color::White) == 23);
  PlaySettings settings = quick(kHumans, 6);
  settings.names = {"Ann", "Bob"};
  const std::string out = session("1\n" + typed_moves(record, 6) + "q\n", settings);
  CHECK(occurrences(out, "Ann (Black) has no valid move. The turn passes to Bob (White).") == 2);
  CHECK(has(out, "Bob (White) wins 23-13!"));
}

// The shortest possible Othello game is nine moves and leaves only black discs
// (13 of them); empty squares count for the winner, so 64-0.
TEST_CASE("a complete 8x8 game: the nine-move wipeout, empties to the winner") {
  const std::string out = session("1\nd3\nc3\nb3\nd2\ne1\nd6\nd7\ne3\nf4\nq\n", quick(kHumans));
  CHECK(has(out,
            "Final count: Black 13, White 0, 51 empty squares (counted for the winner).\n"
            "Black wins 64-0!"));
}

TEST_CASE("a complete 8x8 game between computers, no pause, to the result") {
  const std::string out = session("1\nq\n", quick(kComputers));
  CHECK(has(out, "Game over"));
  CHECK((has(out, "Black wins") || has(out, "White wins") || has(out, "Draw!")));
  CHECK(occurrences(out, " (computer) plays ") >= 30);  // at least the discs it takes to end
  CHECK(has(out, "Thanks for playing"));
}

TEST_CASE("a 4x4 game between computers with a short pause still ends with the result") {
  PlaySettings settings = quick(kComputers, 4);
  settings.delay_ms = 1;  // exercises the pause without timing anything
  const std::string out = session("1\nq\n", settings);
  CHECK(has(out, "Game over"));
  CHECK((has(out, "Black wins") || has(out, "White wins") || has(out, "Draw!")));
}

TEST_CASE("result messages: winner's count with the empties, loser's count, or a draw") {
  PlaySettings s;
  CHECK(result_message(Position::parse("XXXXXXXOOOOOOOOO X"), s) == "White wins 9-7!");
  CHECK(result_message(Position::parse("XXXXXXXXXOOOOOOO X"), s) == "Black wins 9-7!");
  CHECK(result_message(Position::parse("XXXXXXXXOOOOOOOO X"), s) == "Draw!");
  CHECK(result_message(Position::parse("XXX------------- X"), s) == "Black wins 16-0!");
  s.names = {"Ann", ""};
  CHECK(result_message(Position::parse("XO-------------- X"), s) == "Draw!");
  CHECK(result_message(Position::parse("XX-O------------ X"), s) == "Ann (Black) wins 15-1!");
}

TEST_CASE("names are measured in characters, not bytes") {
  std::string twenty, twenty_one;
  for (int i = 0; i < 20; ++i) twenty += "\u00E9";  // two bytes each
  twenty_one = twenty + "\u00E9";
  const std::string out = session("5\n4\n" + twenty_one + "\n" + twenty + "\nq\n11\n8\n");
  CHECK(occurrences(out, "Please use at most 20 characters.") == 1);
  CHECK(has(out, "Players: " + twenty + " (Black) and White."));
  CHECK(utf8_length(twenty) == 20);
  const std::string refused = session("5\n4\nquit\nq\n11\n8\n");
  CHECK(has(refused, "Players: Black and White."));  // q and quit keep, never become names
}

TEST_CASE("q leaves a game, which Continue then plays on from where it was") {
  const std::string out = session("1\nd3\nq\n2\nc3\nq\n8\n", quick(kHumans));
  CHECK(has(out, "Game left; Continue or Save it from the menu."));
  CHECK(has(out, "Game continued on the 8x8 board"));
  CHECK(has(out, "White plays c3, flipping 1 disc."));  // d3 was still on the board
  CHECK(has(session("2\n8\n"), "There is no game to continue yet"));
}

TEST_CASE("a terminal's Ctrl-D leaves a game or Hangman for the menu; only the menu exits") {
  for (const std::string input : {"1\n", "7\n", "1\nd3\n"}) {
    CAPTURE(input);
    std::istringstream in(input);
    std::ostringstream out;
    Session s{in, out, quick(kHumans)};
    s.terminal_input = true;
    run_main_menu(s, main_menu_entries());
    // The menu before and after; then Ctrl-D (the stream stays at its end) at the menu exits.
    CHECK(occurrences(out.str(), "Main menu") == 2);
    CHECK_FALSE(has(out.str(), "Thanks for playing"));
  }
}

TEST_CASE("a new game starts from the start moves and board the settings name") {
  PlaySettings settings = quick(kHumans);
  settings.start_moves = "f5 d6";
  std::string out = session("1\nq\n8\n", settings);
  CHECK(has(out, "Last move: White d6"));
  CHECK(has(out, "Black (X) to move. Legal moves: c3 c4 c5 c6 c7"));
  settings = quick(kHumans, 4);
  settings.start_board =
      "-X--"
      "-XX-"
      "-XO-"
      "---- O";
  out = session("1\nq\n8\n", settings);
  CHECK(has(out, "White (O) to move. Legal moves: a1 c1 a3"));
}

TEST_CASE("computer levels are per side, and variety varies games by seed") {
  const auto game_of = [](std::uint64_t seed, int randomness) {
    PlaySettings settings = quick(kComputers, 6);
    settings.levels = {1, 2};
    settings.randomness = randomness;
    settings.seed = seed;
    return session("1\nq\n", settings);
  };
  const std::string plain = game_of(1, 0);
  CHECK(has(plain, "X Black: 2 (computer, level 1)"));
  CHECK(has(plain, "O White: 2 (computer, level 2)"));
  CHECK(game_of(2, 0) == plain);  // no variety: the seed changes nothing
  CHECK(game_of(7, 36) == game_of(7, 36));
  std::set<std::string> games;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) games.insert(game_of(seed, 36));
  CHECK(games.size() > 1);
}

TEST_CASE("Save then Load: the GGF file holds the game, and loading plays on from it") {
  const auto path = std::filesystem::temp_directory_path() / "flank_play_session_test.ggf";
  std::filesystem::remove(path);
  PlaySettings settings = quick(kHumans);
  settings.names = {"Ann", ""};
  const std::string saved =
      session("1\nf5\nd6\nq\n3\n" + path.string() + "\n3\n\ny\n8\n", settings);
  CHECK(has(saved, "Saved the game (2 moves) to " + path.string() + "."));
  CHECK(has(saved, path.string() + " exists. Replace it? (y/n): "));
  std::ifstream file(path);
  std::string line;
  std::getline(file, line);
  CHECK(line.starts_with("(;GM[Othello]PC[flank-play]DT["));
  CHECK(has(line, "PB[Ann]PW[human]RE[?]TI[0]TY[8]BO[8 "));
  CHECK(line.ends_with("B[F5]W[D6];)"));

  const std::string loaded = session("4\n" + path.string() + "\nc3\nq\n8\n", quick(kHumans));
  CHECK(has(loaded, "Loaded " + path.string() + ": 8x8, 2 moves played."));
  CHECK(has(loaded, "Black plays c3"));
  const std::string missing = session("4\n/nonexistent/x.ggf\n8\n");
  CHECK(has(missing, "Not loaded: /nonexistent/x.ggf: cannot open"));
  CHECK(has(session("3\n8\n"), "There is no game to save yet"));
  // A directory is not offered for replacing.
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string into_dir = session("1\nf5\nq\n3\n" + dir + "\n8\n", quick(kHumans));
  CHECK(has(into_dir, "Not saved: " + dir + " is a directory; give a file name."));
  CHECK_FALSE(has(into_dir, "Replace it?"));
  std::filesystem::remove(path);
}

TEST_CASE("a start set for one size is dropped when the size changes") {
  const std::string out = session("5\n10\nf5\n1\n6\n10\n\n11\n8\n");
  CHECK(has(out, "Start: the standard start after f5."));
  CHECK(has(out, "Start: the standard start (the old one was for another size)."));
  CHECK(has(out, "10. Start: the standard start\n"));
  PlaySettings s;
  s.start_moves = "f5";
  CHECK_FALSE(change_size(s, 8));
  CHECK(s.start_moves == "f5");
  CHECK(change_size(s, 6));
  CHECK(s.start_moves.empty());
  CHECK(s.shape == Shape(6));
}
