#include "tools/play/game_loop.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "engine/pattern_evaluator.hpp"
#include "engine/search.hpp"
#include "engine/square.hpp"
#include "tools/play/board_view.hpp"
#include "tools/play/move_input.hpp"

namespace flank::terminal_play {
namespace {

constexpr std::size_t kHashMb = 16;

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

const char* kCommandHelp =
    "Type a square like d3 (any case), or its row and column numbers with the row first\n"
    "like 3 4. Commands: pass, undo (take back your last move), hint (the computer\n"
    "suggests a move), quit (back to the menu), help.\n";

class GameScreen {
 public:
  explicit GameScreen(Session& s) : s_(s), game_(s.settings.size), searcher_(kHashMb) {
    searcher_.set_evaluator(pattern_evaluator());  // the trained weights, as the GTP engine plays
  }

  GameEnd run() {
    introduce();
    show_board();
    while (true) {
      const Position& p = game_.position();
      if (p.is_game_over()) {
        show_result();
        return GameEnd::Finished;
      }
      const Color mover = p.to_move();
      if (!p.has_legal_move()) {
        s_.out << label(mover) << " has no valid move. The turn passes to "
               << label(opponent(mover)) << ".\n";
        game_.play(kPass);
        show_board();
        continue;
      }
      if (!settings().is_human(mover)) {
        computer_turn();
        continue;
      }
      if (const auto end = human_turn()) return *end;
    }
  }

 private:
  const PlaySettings& settings() const { return s_.settings; }
  BoardStyle style() const { return {settings().discs, settings().colour}; }
  std::string label(Color c) const { return player_label(settings(), c); }
  std::string name_of(Square sq) const { return square_name(sq, game_.size()); }

  std::string legal_list() const {
    return join_squares(game_.position().legal_moves(), game_.size(), " ");
  }

  std::string player_line(Color c) const {
    std::string line =
        disc_symbol(c, style()) + " " + label(c) + ": " + std::to_string(game_.position().count(c));
    if (!settings().is_human(c))
      line += " (computer, level " + std::to_string(settings().level) + ")";
    return line;
  }

  // "Black (human)", or "Ann (Black, computer)" when named.
  std::string label_with_kind(Color c) const {
    const std::string kind = settings().is_human(c) ? "human" : "computer";
    if (settings().name(c).empty()) return colour_word(c) + " (" + kind + ")";
    return settings().name(c) + " (" + colour_word(c) + ", " + kind + ")";
  }

  void introduce() {
    const int n = game_.size();
    s_.out << "\nNew game on the " << n << "x" << n << " board: " << label_with_kind(Color::Black)
           << " against " << label_with_kind(Color::White) << ".\n";
    if (settings().is_human(Color::Black) || settings().is_human(Color::White))
      s_.out << kCommandHelp;
  }

  // Beside the board, so the computer's reply is easy to find.
  std::string last_move_line() const {
    if (!game_.has_moves()) return "";
    const Color mover = game_.mover_of(game_.moves().size() - 1);
    if (game_.last_move() == kPass) return "Last move: " + label(mover) + " passed";
    return "Last move: " + label(mover) + " " + name_of(game_.last_move());
  }

  void show_board() {
    const Position& p = game_.position();
    const bool over = p.is_game_over();
    std::vector<std::string> beside{player_line(Color::Black), player_line(Color::White),
                                    last_move_line()};
    beside.push_back(over ? "Game over" : label(p.to_move()) + " to move");
    s_.out << "\n" << render_board(p, style(), !over, beside, game_.last_move());
  }

  void announce_move(Color mover, Square sq, int flipped, bool computer) {
    s_.out << label(mover) << (computer ? " (computer)" : "") << " plays " << name_of(sq)
           << ", flipping " << plural(flipped, "disc") << ".\n";
  }

  Square computer_choice() {
    const Position& p = game_.position();
    if (settings().book) {
      const auto from_book = settings().book->choose(p, settings().book_randomness,
                                                     settings().book_seed + game_.moves().size());
      if (from_book) return from_book->move;
    }
    const Square move = searcher_.search(p, level_limits(settings().level)).move;
    return p.is_legal(move) ? move : p.legal_moves().front();  // never trust blindly
  }

  void computer_turn() {
    const Color mover = game_.position().to_move();
    const Square sq = computer_choice();
    const int flipped = static_cast<int>(game_.position().flips(sq).size());
    game_.play(sq);
    announce_move(mover, sq, flipped, true);
    if (game_.position().is_game_over()) return;  // the result follows at once
    show_board();
    const bool both_computers =
        !settings().is_human(Color::Black) && !settings().is_human(Color::White);
    if (both_computers && settings().delay_ms > 0) {
      s_.out.flush();  // show this move now, even through a pipe
      std::this_thread::sleep_for(std::chrono::milliseconds(settings().delay_ms));
    }
  }

  // Asks until the player moves, undoes, quits or the input ends; returns how
  // the game ended, or nullopt when play goes on.
  std::optional<GameEnd> human_turn() {
    const Color mover = game_.position().to_move();
    s_.out << label(mover) << " (" << disc_symbol(mover, style())
           << ") to move. Legal moves: " << legal_list() << "\n";
    const std::string prompt =
        label(mover) + ", your move (like d3, or row then column like 3 4): ";
    while (true) {
      const auto line = ask(s_, prompt);
      if (!line) return GameEnd::EndOfInput;
      if (line->empty()) continue;
      const MoveInput input = parse_move_input(*line, game_.size());
      switch (input.kind) {
        case MoveInput::Kind::Square: {
          const std::string why = why_not_legal(game_.position(), input.square);
          if (!why.empty()) {
            s_.out << why << " Try again.\n";
            continue;
          }
          const int flipped = static_cast<int>(game_.position().flips(input.square).size());
          game_.play(input.square);
          announce_move(mover, input.square, flipped, false);
          if (!game_.position().is_game_over()) show_board();
          return std::nullopt;
        }
        case MoveInput::Kind::Pass:
          s_.out << "You cannot pass while you have a legal move. Legal moves: " << legal_list()
                 << "\n";
          continue;
        case MoveInput::Kind::Undo:
          if (!undo()) {
            s_.out << "There is no move of yours to take back yet.\n";
            continue;
          }
          show_board();
          return std::nullopt;
        case MoveInput::Kind::Hint:
          s_.out << "Hint: the computer (level " << settings().level << ") suggests "
                 << name_of(computer_choice()) << ".\n";
          continue;
        case MoveInput::Kind::Quit:
          s_.out << "Game abandoned.\n";
          return GameEnd::Quit;
        case MoveInput::Kind::Help:
          s_.out << kCommandHelp << "Legal moves: " << legal_list() << "\n";
          continue;
        case MoveInput::Kind::OffBoard:
        case MoveInput::Kind::Unreadable:
          s_.out << input.message << " Try again.\n";
          continue;
      }
    }
  }

  // Takes back the latest move a human made and everything after it (the
  // computer's reply, passes), so a human is to move again.
  bool undo() {
    const auto& moves = game_.moves();
    std::optional<size_t> target;
    for (size_t i = moves.size(); i-- > 0;) {
      if (moves[i] != kPass && settings().is_human(game_.mover_of(i))) {
        target = i;
        break;
      }
    }
    if (!target) return false;
    std::vector<Square> undone;
    while (moves.size() > *target) {
      undone.push_back(game_.last_move());
      game_.undo();
    }
    std::reverse(undone.begin(), undone.end());
    s_.out << "Took back " << join_squares(undone, game_.size(), ", ") << ".\n";
    return true;
  }

  void show_result() {
    show_board();
    const Position& p = game_.position();
    s_.out << "Final count: Black " << p.count(Color::Black) << ", White " << p.count(Color::White);
    if (p.empties() > 0 && p.score() != 0)
      s_.out << ", " << plural(p.empties(), "empty square") << " (counted for the winner)";
    s_.out << ".\n" << result_message(p, settings()) << "\n";
  }

  Session& s_;
  Game game_;
  Searcher searcher_;
};

}  // namespace

GameEnd play_game(Session& s) { return GameScreen(s).run(); }

std::string result_message(const Position& p, const PlaySettings& s) {
  const int score = p.score();  // black's discs minus white's, empties to the winner
  if (score == 0) return "Draw!";
  const Color winner = score > 0 ? Color::Black : Color::White;
  const int loser_discs = p.count(opponent(winner));
  const int winner_total = p.count(winner) + p.empties();
  return player_label(s, winner) + " wins " + std::to_string(winner_total) + "-" +
         std::to_string(loser_discs) + "!";
}

}  // namespace flank::terminal_play
