#include "tools/play/game_loop.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <optional>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/search.hpp"
#include "tools/common/plural.hpp"
#include "tools/play/board_view.hpp"
#include "tools/play/move_input.hpp"
#include "tools/play/terminal.hpp"

namespace flank::terminal_play {
namespace {

constexpr std::size_t kHashMb = 16;
constexpr int kPollMs = 30;  // how often a computer's move checks for "stop"

const char* kCommandHelp =
    "Type a square like d3 (any case), or its row and column numbers with the row first\n"
    "like 3 4. Commands: pass, undo (take back your last move), hint (the computer\n"
    "suggests a move), q or quit (back to the menu, the game is kept), help.\n";

class GameScreen {
 public:
  GameScreen(Session& s, Game& game) : s_(s), game_(game), searcher_(kHashMb, s.settings.threads) {
    searcher_.set_evaluator(pattern_evaluator());  // the trained weights, as the GTP engine plays
  }

  GameEnd run(bool fresh) {
    introduce(fresh);
    show_board();
    while (true) {
      const Position& p = game_.position();
      if (p.is_game_over()) {
        watch_.reset();
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
        if (!computer_turn()) {
          watch_.reset();
          s_.out << "Game stopped after " << plural(static_cast<int>(game_.moves().size()), "move")
                 << ". Continue or save it from the menu.\n";
          return GameEnd::Stopped;
        }
        continue;
      }
      watch_.reset();  // the terminal back to lines, typed-ahead keys dropped
      if (const auto end = human_turn()) return *end;
    }
  }

 private:
  const PlaySettings& settings() const { return s_.settings; }
  BoardStyle style() const {
    return {settings().discs, settings().colour, s_.terminal_output ? terminal_rows() : 0};
  }
  std::string label(Color c) const { return player_label(settings(), c); }
  std::string name_of(Square sq) const { return square_name(sq, game_.shape()); }
  bool both_computers() const {
    return !settings().is_human(Color::Black) && !settings().is_human(Color::White);
  }

  std::string legal_list() const {
    return join_squares(game_.position().legal_moves(), game_.shape(), " ");
  }

  std::string player_line(Color c) const {
    std::string line =
        disc_symbol(c, style()) + " " + label(c) + ": " + std::to_string(game_.position().count(c));
    if (!settings().is_human(c))
      line += " (computer, level " + std::to_string(settings().level(c)) + ")";
    return line;
  }

  // "Black (human)", or "Ann (Black, computer)" when named.
  std::string label_with_kind(Color c) const {
    const std::string kind = settings().is_human(c) ? "human" : "computer";
    if (settings().name(c).empty()) return colour_word(c) + " (" + kind + ")";
    return settings().name(c) + " (" + colour_word(c) + ", " + kind + ")";
  }

  void introduce(bool fresh) {
    s_.out << "\n"
           << (fresh ? "New game" : "Game continued") << " on the " << shape_name(game_.shape())
           << " board: " << label_with_kind(Color::Black) << " against "
           << label_with_kind(Color::White) << ".\n";
    if (settings().is_human(Color::Black) || settings().is_human(Color::White))
      s_.out << kCommandHelp;
    if (both_computers())
      s_.out << "Press any key (or Ctrl-C) to stop the game and go back to the menu.\n";
  }

  // Beside the board, so the computer's reply is easy to find.
  std::string last_move_line() const {
    if (!game_.has_moves()) return "";
    const Color mover = game_.mover_of(game_.moves().size() - 1);
    if (game_.last_move() == kPass) return "Last move: " + label(mover) + " passed";
    return "Last move: " + label(mover) + " " + name_of(game_.last_move());
  }

  BoardMarks marks() const {
    BoardMarks m;
    if (!game_.has_moves() || game_.last_move() == kPass) return m;
    m.last = game_.last_move();
    if (settings().show_flips)
      m.flipped = game_.position_before(game_.moves().size() - 1).flips(m.last);
    return m;
  }

  void show_board() {
    const Position& p = game_.position();
    const bool over = p.is_game_over();
    std::vector<std::string> beside{player_line(Color::Black), player_line(Color::White),
                                    last_move_line()};
    beside.push_back(over ? "Game over" : label(p.to_move()) + " to move");
    s_.out << "\n" << render_board(p, style(), !over, beside, marks());
  }

  void announce_move(Color mover, Square sq, int flipped, bool computer) {
    s_.out << label(mover) << (computer ? " (computer)" : "") << " plays " << name_of(sq)
           << ", flipping " << plural(flipped, "disc") << ".\n";
  }

  SearchLimits limits_for(Color mover) const {
    SearchLimits limits = level_limits(settings().level(mover), game_.position());
    limits.randomness = settings().randomness;
    limits.seed = settings().seed + 0x9E3779B97F4A7C15ull * (game_.moves().size() + 1);
    return limits;
  }

  // The computer's move for the side to move, or nullopt when stopped (a key
  // in a computer-only game, or Ctrl-C). The search runs on a worker thread so
  // this one can watch the keyboard meanwhile.
  std::optional<Square> computer_choice(Color mover, bool stoppable) {
    const Position p = game_.position();
    if (settings().book) {
      const auto from_book = settings().book->choose(p, settings().book_randomness,
                                                     settings().seed + game_.moves().size());
      if (from_book) return from_book->move;
    }
    std::atomic<bool> stop{false};
    SearchLimits limits = limits_for(mover);
    limits.stop = &stop;
    auto search = std::async(std::launch::async, [&] { return searcher_.search(p, limits); });
    bool stopped = false;
    while (search.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) {
      if (stoppable && watch_ && watch_->wait(kPollMs, both_computers())) {
        stopped = true;
        stop = true;
      } else if (!stoppable || !watch_) {
        search.wait_for(std::chrono::milliseconds(kPollMs));
      }
    }
    const Square move = search.get().move;
    if (stopped) return std::nullopt;
    return p.is_legal(move) ? move : p.legal_moves().front();  // never trust blindly
  }

  void start_watching() {
    if (!watch_) watch_.emplace(s_.catch_interrupt, s_.terminal_input);
  }

  // Plays one computer move; false when the game was stopped.
  bool computer_turn() {
    start_watching();
    const Color mover = game_.position().to_move();
    const bool show_thinking = s_.terminal_output;
    if (show_thinking)
      s_.out << label(mover) << " (computer, level " << settings().level(mover)
             << ") is thinking..." << std::flush;
    const auto choice = computer_choice(mover, true);
    if (show_thinking) s_.out << "\r\x1b[K";  // the line goes once the move is known
    if (!choice) return false;
    const Square sq = *choice;
    const int flipped = static_cast<int>(game_.position().flips(sq).size());
    game_.play(sq);
    announce_move(mover, sq, flipped, true);
    if (game_.position().is_game_over()) return true;  // the result follows at once
    show_board();
    if (both_computers() && settings().delay_ms > 0) return pause();
    return true;
  }

  // The pause between two computers' moves; false when stopped during it.
  bool pause() {
    s_.out.flush();  // show this move now, even through a pipe
    const auto end =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(settings().delay_ms);
    while (std::chrono::steady_clock::now() < end) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      // Never negative: poll() waits forever on a negative timeout, and on a busy
      // machine the end may pass between the loop test and this line.
      if (watch_->wait(static_cast<int>(std::clamp<long long>(left.count(), 0, kPollMs)), true))
        return false;
    }
    return true;
  }

  // Asks until the player moves, undoes, quits or the input ends; returns how
  // the game ended, or nullopt when play goes on.
  std::optional<GameEnd> human_turn() {
    const Color mover = game_.position().to_move();
    s_.out << label(mover) << " (" << disc_symbol(mover, style())
           << ") to move. Legal moves: " << legal_list() << "\n";
    const std::string prompt = label(mover) + ", your move: ";
    while (true) {
      const auto line = ask(s_, prompt);
      if (!line) return GameEnd::EndOfInput;
      if (line->empty()) continue;
      const MoveInput input = parse_move_input(*line, game_.shape());
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
        case MoveInput::Kind::Hint: {
          // Keys typed while the computer thinks are dropped, as for its moves; the
          // hint is shown only after that, so what is typed after it is kept.
          const auto hint = [&] {
            const StopWatch drop_typed_keys(false, s_.terminal_input);
            return computer_choice(mover, false);
          }();
          s_.out << "Hint: the computer (level " << settings().level(mover) << ") suggests "
                 << name_of(*hint) << ".\n";
          continue;
        }
        case MoveInput::Kind::Quit:
          s_.out << "Game left; Continue or Save it from the menu.\n";
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
    s_.out << "Took back " << join_squares(undone, game_.shape(), ", ") << ".\n";
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
  Game& game_;
  ParallelSearcher searcher_;
  std::optional<StopWatch> watch_;  // while computers move
};

}  // namespace

GameEnd play_new_game(Session& s) {
  try {
    s.game = starting_game(s.settings);
  } catch (const std::invalid_argument& e) {
    s.out << "Cannot start: " << e.what() << ". Change the start in Options.\n";
    return GameEnd::Quit;
  }
  return GameScreen(s, *s.game).run(true);
}

GameEnd continue_game(Session& s) {
  if (!s.game) {
    s.out << "There is no game to continue yet: choose Play game, or Load game.\n";
    return GameEnd::Quit;
  }
  return GameScreen(s, *s.game).run(false);
}

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
