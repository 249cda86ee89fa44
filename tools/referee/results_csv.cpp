#include "tools/referee/results_csv.hpp"

#include <cstdio>

namespace flank::referee {

namespace {
std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}
}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_header() {
  return "game,opening,black,white,result,score,reason,forfeit_by,plies,black_seconds,"
         "white_seconds,detail,notes";
}

std::string csv_line(const GameRecord& g) {
  const int outcome = g.outcome();
  std::string notes;
  for (const std::string& n : g.notes) {
    if (!notes.empty()) notes += "; ";
    notes += n;
  }
  const std::string fields[] = {
      std::to_string(g.number),
      g.opening,
      g.names[0],
      g.names[1],
      outcome > 0   ? "1-0"
      : outcome < 0 ? "0-1"
                    : "1/2-1/2",
      std::to_string(g.score),
      reason_token(g.reason),
      g.forfeited_by ? (*g.forfeited_by == Color::Black ? "black" : "white") : "",
      std::to_string(g.moves.size()),
      seconds_text(g.seconds[0]),
      seconds_text(g.seconds[1]),
      g.detail,
      notes,
  };
  std::string line;
  for (const std::string& f : fields) {
    if (!line.empty()) line += ',';
    line += csv_field(f);
  }
  return line;
}

}  // namespace flank::referee
