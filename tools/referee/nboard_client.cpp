#include "tools/referee/nboard_client.hpp"

#include <cctype>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/board/square.hpp"
#include "tools/common/ggf.hpp"

namespace flank::referee {

namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

GtpReply reply_of(GtpReply::Kind kind, std::string text = "") {
  GtpReply r;
  r.kind = kind;
  r.text = std::move(text);
  return r;
}

GtpReply success(std::string text = "") {
  return reply_of(GtpReply::Kind::Success, std::move(text));
}
GtpReply failure(std::string text) { return reply_of(GtpReply::Kind::Failure, std::move(text)); }

// A GGF clock value, "M:SS.sss".
std::string clock_text(double seconds) {
  if (seconds < 0) seconds = 0;
  const long minutes = static_cast<long>(seconds / 60);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%ld:%06.3f", minutes, seconds - 60.0 * minutes);
  return buf;
}

Clock::time_point deadline_after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

std::optional<std::string> nboard_move_word(const std::string& line) {
  if (!starts_with(line, "=== ")) return std::nullopt;
  const size_t start = line.find_first_not_of(' ', 4);
  if (start == std::string::npos) return std::nullopt;
  const size_t end = line.find_first_of("/ \t\r", start);
  std::string word = line.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (word.empty()) return std::nullopt;
  return word;
}

NboardClient::NboardClient(const std::vector<std::string>& words, const std::string& stderr_log,
                           const std::string& dir, int depth)
    : process_(words, stderr_log, dir), depth_(depth) {}

std::optional<GtpReply> NboardClient::write(const std::string& line, Clock::time_point deadline) {
  if (process_.write_line(line, deadline)) return std::nullopt;
  return reply_of(process_.running() ? GtpReply::Kind::Timeout : GtpReply::Kind::Died);
}

std::optional<GtpReply> NboardClient::read(std::string& line, Clock::time_point deadline) {
  return reply_for_missing_line(process_.read_line(line, deadline));
}

std::optional<GtpReply> NboardClient::sync(Clock::time_point deadline) {
  const std::string pong = "pong " + std::to_string(next_ping_);
  if (auto failed = write("ping " + std::to_string(next_ping_++), deadline)) return failed;
  for (std::string line;;) {
    if (auto failed = read(line, deadline)) return failed;
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line == pong) return std::nullopt;
    if (starts_with(line, "set myname ")) name_ = line.substr(11);
  }
}

std::optional<GtpReply> NboardClient::greet(Clock::time_point deadline) {
  if (greeted_) return std::nullopt;
  if (auto failed = write("nboard 2", deadline)) return failed;
  if (depth_ > 0) {
    if (auto failed = write("set depth " + std::to_string(depth_), deadline)) return failed;
  }
  if (auto failed = sync(deadline)) return failed;
  greeted_ = true;
  return std::nullopt;
}

std::string NboardClient::game_text(Color mover) const {
  GgfGame g;
  g.properties = {{"PC", "flank-referee"}, {"PB", "black"}, {"PW", "white"}, {"RE", "?"}};
  if (const auto& left = time_left_[mover == Color::Black ? 0 : 1])
    g.properties["TI"] = clock_text(*left);
  g.start = game_.start();
  for (size_t i = 0; i < game_.moves().size(); ++i)
    g.moves.push_back({game_.mover_of(i), game_.moves()[i], std::nullopt, std::nullopt});
  return flank::to_ggf(g);  // the GGF writer of tools/common, not referee::to_ggf
}

GtpReply NboardClient::await_move(Clock::time_point deadline) {
  for (std::string line;;) {
    if (auto failed = read(line, deadline)) return *failed;
    if (!starts_with(line, "===")) continue;  // status, search, nodestats, ...
    const std::optional<std::string> word = nboard_move_word(line);
    if (!word) {
      std::string quoted = "'";  // built with += : GCC 12 warns falsely (-Wrestrict) on a + chain
      quoted += line.substr(0, 80);
      quoted += "'";
      return reply_of(GtpReply::Kind::Garbled, quoted);
    }
    const std::string move = lower(*word);
    return success(move == "pa" ? "pass" : move);
  }
}

GtpReply NboardClient::genmove(Color mover, Clock::time_point deadline) {
  if (game_.position().to_move() != mover)  // the other side passed without a play
    game_.play(kPass);
  if (!game_.position().has_legal_move()) {
    game_.play(kPass);
    return success("pass");
  }
  if (auto failed = write("set game " + game_text(mover), deadline)) return *failed;
  if (auto failed = sync(deadline)) return *failed;
  if (auto failed = write("go", deadline)) return *failed;
  GtpReply reply = await_move(deadline);
  if (!reply.ok()) return reply;
  // The runner does not tell the chooser its own move: play it here when legal
  // (an illegal one ends the game anyway).
  try {
    const Square sq = reply.text == "pass" ? kPass : parse_square(reply.text, game_.shape());
    if (game_.position().is_legal(sq)) game_.play(sq);
  } catch (const std::invalid_argument&) {
  }
  return reply;
}

GtpReply NboardClient::send(const std::string& command, double timeout_seconds) {
  const auto start = Clock::now();
  const auto deadline = deadline_after(timeout_seconds);
  const std::vector<std::string> w = words_of(command);
  GtpReply reply;
  const std::string verb = w.empty() ? "" : w[0];
  if (verb == "quit") {
    process_.write_line("quit", deadline);
    reply = success();
  } else if (auto failed = greet(deadline)) {
    reply = *failed;
  } else if (verb == "name") {
    reply = success(name_);
  } else if (verb == "boardsize") {
    reply = w.size() == 2 && w[1] == "8" ? success() : failure("NBoard engines play 8x8 only");
  } else if (verb == "clear_board") {
    game_ = Game(Shape::square(8));
    time_left_[0] = time_left_[1] = std::nullopt;
    reply = success();
  } else if (verb == "komi" || verb == "time_settings") {
    reply = success();
  } else if (verb == "time_left" && w.size() == 4) {
    try {
      time_left_[w[1] == "b" ? 0 : 1] = std::stod(w[2]);
      reply = success();
    } catch (const std::exception&) {
      reply = failure("syntax error");
    }
  } else if (verb == "play" && w.size() == 3) {
    const Color mover = w[1] == "b" ? Color::Black : Color::White;
    try {
      if (game_.position().to_move() != mover) game_.play(kPass);
      const std::string square = lower(w[2]);
      game_.play(square == "pass" ? kPass : parse_square(square, game_.shape()));
      reply = success();
    } catch (const std::exception& e) {
      reply = failure(std::string("illegal move: ") + e.what());
    }
  } else if (verb == "genmove" && w.size() == 2) {
    reply = genmove(w[1] == "b" ? Color::Black : Color::White, deadline);
  } else {
    reply = failure("unknown command");
  }
  reply.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return reply;
}

std::unique_ptr<EngineClient> start_engine_client(const EngineSpec& spec,
                                                  const std::string& stderr_log) {
  if (spec.protocol == Protocol::Nboard)
    return std::make_unique<NboardClient>(spec.command, stderr_log, spec.dir, spec.depth);
  return std::make_unique<GtpClient>(spec.command, stderr_log, spec.dir);
}

Protocol parse_protocol(const std::string& text) {
  if (text == "gtp") return Protocol::Gtp;
  if (text == "nboard") return Protocol::Nboard;
  throw std::invalid_argument("protocol must be gtp or nboard (got '" + text + "')");
}

}  // namespace flank::referee
