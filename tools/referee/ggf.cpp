#include "tools/referee/ggf.hpp"

#include <cmath>
#include <cstdio>

namespace flank::referee {

namespace {

std::string clock_text(double seconds) {
  const long s = std::lround(seconds);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

std::string result_text(const GameRecord& r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", static_cast<double>(r.score));
  if (r.score == 0) std::snprintf(buf, sizeof buf, "0.00");
  std::string text = buf;
  if (r.forfeited_by) text += r.reason == EndReason::TimeOut ? ":t" : ":r";
  return text;
}

}  // namespace

std::string to_ggf(const GameRecord& r) {
  GgfGame game;
  std::string time = "0";
  const TimeControl& tc = r.time_control;
  if (tc.limited()) {
    time = clock_text(tc.main_seconds);
    if (tc.byoyomi_seconds > 0) {
      time += '/';
      time += clock_text(tc.byoyomi_seconds);
    }
  }
  game.properties = {{"PC", "flank-referee"},
                     {"DT", r.date},
                     {"PB", r.names[0]},
                     {"PW", r.names[1]},
                     {"RE", result_text(r)},
                     {"TI", time},
                     {"GN", std::to_string(r.number)}};
  game.start = Position(r.shape);
  Position pos = game.start;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    GgfMove m{pos.to_move(), r.moves[i], std::nullopt, std::nullopt};
    if (static_cast<int>(i) >= r.opening_plies) m.seconds = r.move_seconds[i];
    game.moves.push_back(m);
    pos.play(r.moves[i]);
  }
  return flank::to_ggf(game);
}

}  // namespace flank::referee
