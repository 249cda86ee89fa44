#include "tools/referee/game_runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "engine/board/game.hpp"
#include "engine/board/square.hpp"
#include "protocol/illegal_move.hpp"
#include "tools/common/ggf.hpp"
#include "tools/referee/command_words.hpp"

namespace flank::referee {

namespace {

// Thrown inside the runner when an engine loses other than on the board.
struct Forfeit {
  Color who;
  EndReason reason;
  std::string detail;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string gtp_color(Color c) { return c == Color::Black ? "b" : "w"; }

// GTP's boardsize: one number for a square board, columns and rows otherwise
// (flank's extension; other engines refuse it, which the referee reports).
std::string boardsize_command(Shape shape) {
  // Built with += : GCC 12 warns falsely (-Wrestrict) on a chain of + here.
  std::string command = "boardsize ";
  command += std::to_string(shape.cols);
  if (!shape.is_square()) {
    command += ' ';
    command += std::to_string(shape.rows);
  }
  return command;
}

std::string gtp_vertex(Square sq, Shape shape) {
  return sq == kPass ? "pass" : upper(square_name(sq, shape));
}

// Letters then a row number ("i1", "aa10"; not "a0" or "a01"): a vertex, on
// this board or not.
bool is_vertex_shaped(const std::string& word) {
  const size_t digits = word.find_first_of("0123456789");
  return digits != std::string::npos && digits > 0 && word[digits] != '0' &&
         std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(digits),
                     [](unsigned char c) { return std::isalpha(c); }) &&
         word.find_first_not_of("0123456789", digits) == std::string::npos;
}

// A clock value for GTP: "12" when whole, else "12.345" or, without
// decimals, rounded down ("12"), but never down to 0 when `keep_positive`
// (0 would mean "no limit" in time_settings).
std::string clock_number(double seconds, bool decimals, bool keep_positive) {
  if (seconds == std::floor(seconds) || !decimals) {
    double whole = std::floor(seconds);
    if (keep_positive && seconds > 0 && whole < 1) whole = 1;
    return std::to_string(static_cast<long long>(whole));
  }
  // Milliseconds; a positive time under half of one would print as 0.000.
  const double shown = keep_positive && seconds > 0 ? std::max(seconds, 0.001) : seconds;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", shown);
  return buf;
}

std::string format_seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

// The clock before a move, for a time-out's detail: after earlier overruns
// within the grace it is already below 0.
std::string clock_before(double left) {
  if (left < 0) return "the clock already " + format_seconds(-left) + " s past 0";
  return format_seconds(left) + " s left on the clock";
}

// A private temporary file, removed with the object.
class TempFile {
 public:
  TempFile() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "flank-referee-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error("cannot create a temporary file in " + pattern);
    ::close(fd);
    path_ = pattern;
  }
  ~TempFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

 private:
  std::string path_;
};

void append_to_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::app | std::ios::binary);
  out << text;
}

// The last `count` lines of text, each indented, for quoting an engine's stderr.
std::string last_lines(const std::string& text, int count) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const size_t first = lines.size() > static_cast<size_t>(count) ? lines.size() - count : 0;
  std::string out;
  for (size_t i = first; i < lines.size(); ++i) out += (i > first ? "\n  " : "  ") + lines[i];
  return out;
}

// What went wrong with a reply that was not "= ...", in words.
std::string reply_problem(const GtpReply& reply, const std::string& text, double timeout,
                          const EngineClient& client) {
  switch (reply.kind) {
    case GtpReply::Kind::Success:
      break;
    case GtpReply::Kind::Failure:
      return "refused '" + text + "': " + reply.text;
    case GtpReply::Kind::Timeout:
      return "no reply to '" + text + "' within " + format_seconds(timeout) + " s";
    case GtpReply::Kind::Died:
      return "ended during '" + text + "'";
    case GtpReply::Kind::Garbled:
      return "reply to '" + text + "' is not " + client.protocol_name() + ": " + reply.text;
  }
  return "";
}

// "exit code 3" once the process is gone: its output closes a moment before
// it exits, so wait briefly for its status.
std::string exit_of(EngineProcess& p) {
  for (int i = 0; i < 40 && p.running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return p.exit_description();
}

std::string time_settings_command(const TimeControl& control, bool decimals) {
  const TimeSettings ts = control.gtp();
  return "time_settings " + clock_number(ts.main_time, decimals, true) + " " +
         clock_number(ts.byo_yomi_time, decimals, true) + " " + std::to_string(ts.byo_yomi_stones);
}

std::string time_left_command(Color c, const ClockState& left, bool decimals) {
  return "time_left " + gtp_color(c) + " " + clock_number(left.seconds, decimals, false) + " " +
         std::to_string(left.stones);
}

class Runner {
 public:
  Runner(const GameSetup& setup, EngineSlot& black, EngineSlot& white)
      : setup_(setup),
        slots_{&black, &white},
        clocks_{PlayerClock(setup.time_control), PlayerClock(setup.time_control)},
        game_(setup.shape) {
    record_.number = setup.number;
    record_.shape = setup.shape;
    record_.opening = setup.opening;
    record_.names = {black.name, white.name};
    record_.time_control = setup.time_control;
    record_.date = ggf_date_now();
  }

  GameRecord run() {
    try {
      for (Color c : {Color::Black, Color::White}) start_engine(c);
      for (Color c : {Color::Black, Color::White}) prepare_engine(c);
      for (Square move : setup_.opening_moves) {
        play_and_tell(move, 0);
        ++record_.opening_plies;
      }
      while (!game_.position().is_game_over()) play_one_move();
      record_.score = game_.position().score();
      for (Color c : {Color::Black, Color::White}) {
        if (slot(c).client->reports_final_score()) check_final_score(c);
      }
    } catch (const Forfeit& f) {
      record_.forfeited_by = f.who;
      record_.reason = f.reason;
      record_.detail = f.detail;
      const int all = setup_.shape.squares();
      record_.score = f.who == Color::Black ? -all : all;
      if (f.reason != EndReason::Resigned) slot(f.who).needs_restart = true;
    }
    for (Color c : {Color::Black, Color::White})
      record_.seconds[color_index(c)] = clocks_[color_index(c)].used();
    return record_;
  }

 private:
  EngineSlot& slot(Color c) { return *slots_[color_index(c)]; }
  PlayerClock& clock(Color c) { return clocks_[color_index(c)]; }

  void start_engine(Color c) {
    EngineSlot& s = slot(c);
    if (s.client && !s.needs_restart && s.client->process().running()) return;
    s.client.reset();
    s.needs_restart = false;
    try {
      s.client = start_engine_client(s.spec, s.stderr_log);
    } catch (const std::exception& e) {
      throw Forfeit{c, EndReason::StartFailed, e.what()};
    }
  }

  // A reply that was not "= ..." or "? ..." in time ends the game for `c`.
  GtpReply command(Color c, const std::string& text, double timeout, bool must_succeed) {
    GtpReply reply = slot(c).client->send(text, timeout);
    switch (reply.kind) {
      case GtpReply::Kind::Success:
        return reply;
      case GtpReply::Kind::Failure:
        if (!must_succeed) return reply;
        slot(c).needs_restart = true;
        throw Forfeit{c, EndReason::ErrorReply,
                      reply_problem(reply, text, timeout, *slot(c).client)};
      case GtpReply::Kind::Timeout:
        slot(c).needs_restart = true;
        throw Forfeit{c, EndReason::Hung, reply_problem(reply, text, timeout, *slot(c).client)};
      case GtpReply::Kind::Died:
        throw Forfeit{c, EndReason::Died, died_detail(c, text)};
      case GtpReply::Kind::Garbled:
        slot(c).needs_restart = true;
        throw Forfeit{c, EndReason::ProtocolError,
                      reply_problem(reply, text, timeout, *slot(c).client)};
    }
    return reply;
  }

  std::string died_detail(Color c, const std::string& text) {
    slot(c).needs_restart = true;
    return "engine ended during '" + text + "' (" + exit_of(slot(c).client->process()) + ")";
  }

  void prepare_engine(Color c) {
    command(c, boardsize_command(setup_.shape), setup_.hard_timeout, true);
    command(c, "clear_board", setup_.hard_timeout, true);
    command(c, "komi 0", setup_.hard_timeout, false);  // Othello has no komi; some engines lack it
    if (setup_.time_control.limited()) {
      send_clock(
          c, [&](bool decimals) { return time_settings_command(setup_.time_control, decimals); });
    }
  }

  // GTP's clock arguments are whole seconds, and some engines (gtp-rhino)
  // refuse anything else; others like the exact value. Whole values go as
  // integers; fractional ones as decimals until the engine refuses one, then
  // rounded down. `text(decimals)` builds the command.
  template <class Text>
  void send_clock(Color c, const Text& text) {
    EngineSlot& s = slot(c);
    const std::string exact = text(true);
    if (!s.takes_decimal_times || exact == text(false)) {
      command(c, text(false), setup_.hard_timeout, false);
      return;
    }
    if (command(c, exact, setup_.hard_timeout, false).ok()) return;
    s.takes_decimal_times = false;
    command(c, text(false), setup_.hard_timeout, false);
  }

  // Plays a validated move on the referee board, records it and tells the
  // engine that did not choose it (both engines for opening moves).
  void play_and_tell(Square move, double seconds, std::optional<Color> chooser = std::nullopt) {
    const Color mover = game_.position().to_move();
    game_.play(move);
    record_.moves.push_back(move);
    record_.move_seconds.push_back(seconds);
    for (Color c : {Color::Black, Color::White}) {
      if (chooser && *chooser == c) continue;
      tell(c, mover, move);
    }
  }

  void tell(Color engine, Color mover, Square move) {
    EngineSlot& s = slot(engine);
    if (move == kPass && !s.takes_explicit_pass) return;
    const std::string text = "play " + gtp_color(mover) + " " + gtp_vertex(move, setup_.shape);
    const GtpReply reply = command(engine, text, setup_.hard_timeout, move != kPass);
    // An engine that refuses an explicit pass infers passes itself from now on.
    if (!reply.ok()) s.takes_explicit_pass = false;
  }

  void play_one_move() {
    const Position& pos = game_.position();
    const Color mover = pos.to_move();
    PlayerClock& clk = clock(mover);
    const bool limited = setup_.time_control.limited();
    if (limited) {
      const ClockState left = clk.time_left();
      send_clock(mover, [&](bool decimals) { return time_left_command(mover, left, decimals); });
    }
    // Wait until the flag falls or the hard timeout, whichever is first.
    const double clock_left = clk.remaining();
    const double flag_wait = clock_left + setup_.grace + 0.05;
    const bool clock_deadline = limited && flag_wait < setup_.hard_timeout;
    const double wait = clock_deadline ? flag_wait : setup_.hard_timeout;
    const std::string text = "genmove " + gtp_color(mover);
    GtpReply reply;
    const auto asked = std::chrono::steady_clock::now();
    try {
      // With no legal move, a "?" to genmove is taken as a pass: some engines
      // expect the controller to skip them then.
      reply = command(mover, text, wait, pos.has_legal_move());
    } catch (Forfeit& f) {
      // The time spent counts whatever went wrong, so the table shows it.
      clk.charge(std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count(),
                 setup_.grace);
      if (f.reason == EndReason::Hung && clock_deadline) {
        f.reason = EndReason::TimeOut;
        f.detail = clock_left >= 0 ? "no move within the " + clock_before(clock_left)
                                   : "no move within the grace with " + clock_before(clock_left);
      }
      throw;
    }
    if (!clk.charge(reply.seconds, setup_.grace)) {
      throw Forfeit{
          mover, EndReason::TimeOut,
          "move took " + format_seconds(reply.seconds) + " s with " + clock_before(clock_left)};
    }
    const Square move = reply.ok() ? parse_move(mover, reply.text) : kPass;
    ++record_.moves_chosen[color_index(mover)];
    play_and_tell(move, reply.seconds, mover);
  }

  Square parse_move(Color mover, const std::string& text) {
    const std::string word = lower(text);
    const Position& pos = game_.position();
    if (word == "resign") throw Forfeit{mover, EndReason::Resigned, "resigned"};
    Square move = kPass;
    if (word != "pass") {
      try {
        move = parse_square(word, setup_.shape);
      } catch (const std::invalid_argument&) {
        // A square off the board is a move, only not a legal one.
        if (is_vertex_shaped(word)) {
          const std::string vertex = word.substr(0, 40);
          throw Forfeit{mover, EndReason::IllegalMove,
                        "played " + upper(vertex) + ": " + vertex + " is off the " +
                            shape_name(setup_.shape) + " board"};
        }
        throw Forfeit{mover, EndReason::UnparsableMove,
                      "genmove replied '" + text.substr(0, 40) + "'"};
      }
    }
    if (!pos.is_legal(move)) {
      const std::string why = move == kPass ? "passed with legal moves left"
                                            : illegal_reason_text(pos, move, pos.why_illegal(move));
      throw Forfeit{mover, EndReason::IllegalMove,
                    "played " + gtp_vertex(move, setup_.shape) + ": " + why};
    }
    return move;
  }

  void check_final_score(Color c) {
    const std::string who = color_name(c) + " engine";
    GtpReply reply;
    try {
      reply = command(c, "final_score", setup_.hard_timeout, false);
    } catch (const Forfeit& f) {  // the game is over: note it, do not change the result
      record_.notes.push_back(who + " final_score: " + f.detail);
      return;
    }
    double claimed = 0;
    if (!reply.ok()) {
      record_.notes.push_back(who + " final_score refused: " + reply.text);
    } else if (!parse_final_score(reply.text, claimed)) {
      record_.notes.push_back(who + " final_score unreadable: " + reply.text);
    } else if (claimed != record_.score) {
      const int score = record_.score;
      const std::string board = score == 0
                                    ? std::string("0")
                                    : (score > 0 ? "B+" : "W+") + std::to_string(std::abs(score));
      record_.notes.push_back(who + " final_score " + reply.text + " disagrees with the board (" +
                              board + ")");
    }
  }

  const GameSetup& setup_;
  std::array<EngineSlot*, 2> slots_;
  std::array<PlayerClock, 2> clocks_;
  Game game_;
  GameRecord record_;
};

}  // namespace

bool parse_final_score(const std::string& text, double& black_minus_white) {
  const std::string t = lower(text);
  if (t == "0" || t == "draw" || t == "jigo") {
    black_minus_white = 0;
    return true;
  }
  if (t.size() < 3 || (t[0] != 'b' && t[0] != 'w') || t[1] != '+') return false;
  try {
    size_t used = 0;
    const double margin = std::stod(t.substr(2), &used);
    if (used != t.size() - 2 || !std::isfinite(margin) || margin < 0) return false;
    black_minus_white = t[0] == 'b' ? margin : -margin;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

GameRecord play_game(const GameSetup& setup, EngineSlot& black, EngineSlot& white) {
  return Runner(setup, black, white).run();
}

std::string check_engine(const EngineSpec& engine, const GameSetup& setup,
                         const std::string& engine_log) {
  const std::vector<std::string>& command = engine.command;
  // The engine's stderr goes to a file of its own, to quote it if the engine fails.
  TempFile err_file;
  std::string problem, name;
  try {
    const std::unique_ptr<EngineClient> started = start_engine_client(engine, err_file.path());
    EngineClient& client = *started;
    auto ask = [&](const std::string& text, bool must_succeed) {
      if (!problem.empty()) return GtpReply{};
      GtpReply reply = client.send(text, setup.hard_timeout);
      if (reply.kind == GtpReply::Kind::Died) {
        problem = reply_problem(reply, text, setup.hard_timeout, client) + " (" +
                  exit_of(client.process()) + ")";
      } else if (!reply.ok() && (must_succeed || reply.kind != GtpReply::Kind::Failure)) {
        problem = reply_problem(reply, text, setup.hard_timeout, client);
      }
      return reply;
    };
    const GtpReply reply = ask("name", false);
    name = reply.ok() && !reply.text.empty() ? reply.text.substr(0, reply.text.find('\n'))
                                             : command[0].substr(command[0].rfind('/') + 1);
    ask(boardsize_command(setup.shape), true);
    ask("clear_board", true);
    if (setup.time_control.limited()) {  // in whole seconds, which every engine must take
      ask(time_settings_command(setup.time_control, false), true);
      ask(time_left_command(Color::Black, PlayerClock(setup.time_control).time_left(), false),
          true);
    }
    if (client.process().running()) client.send("quit", 2.0);
    client.process().stop(std::chrono::milliseconds(500));
  } catch (const std::exception& e) {  // the program cannot be started at all
    problem = std::string(": ") + e.what();
  }
  const std::string diagnostics = err_file.read();
  if (!engine_log.empty() && !diagnostics.empty()) append_to_file(engine_log, diagnostics);
  if (problem.empty()) return name;
  std::string message =
      "engine '" + join_command_words(command) + "'" + (problem[0] == ':' ? "" : " ") + problem;
  if (setup.time_control.limited() && problem.find("time_") != std::string::npos)
    message += "; it does not take the clock commands, so it cannot play with --time/--byoyomi";
  else if (problem.find("boardsize") != std::string::npos)
    message += "; it cannot play on " + shape_name(setup.shape);
  if (!diagnostics.empty()) message += "\nits stderr:\n" + last_lines(diagnostics, 10);
  throw std::runtime_error(message);
}

}  // namespace flank::referee
