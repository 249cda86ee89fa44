#include "tools/referee/replay.hpp"

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/referee/ggf.hpp"
#include "tools/referee/match_stats.hpp"

namespace flank::referee {

namespace {

std::string property(const GgfGame& g, const std::string& key) {
  const auto it = g.properties.find(key);
  return it == g.properties.end() ? "" : it->second;
}

// What the match table needs from a valid record: names, score, forfeit, times.
GameRecord summary(const GgfGame& g) {
  GameRecord r;
  r.names = {property(g, "PB"), property(g, "PW")};
  const std::string re = property(g, "RE");
  r.score = static_cast<int>(std::stod(re));
  if (re.find(":t") != std::string::npos || re.find(":r") != std::string::npos) {
    r.forfeited_by = r.score > 0 ? Color::White : Color::Black;
  }
  for (const GgfMove& m : g.moves) {
    if (!m.timed) continue;  // opening moves carry no time
    r.seconds[color_index(m.color)] += m.seconds;
    ++r.moves_chosen[color_index(m.color)];
  }
  return r;
}

}  // namespace

int replay_records(std::istream& in, const std::string& name, std::ostream& out) {
  std::string line;
  int line_number = 0, games = 0, invalid = 0, black_wins = 0, white_wins = 0, draws = 0;
  std::vector<GameRecord> finished;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++games;
    std::string problem;
    try {
      const GgfGame game = parse_ggf(line);
      problem = validate_ggf(game);
      if (problem.empty() && property(game, "RE") != "?") {
        finished.push_back(summary(game));
        const int score = finished.back().score;
        (score > 0 ? black_wins : score < 0 ? white_wins : draws)++;
      }
    } catch (const std::exception& e) {
      problem = e.what();
    }
    if (!problem.empty()) {
      ++invalid;
      out << name << ":" << line_number << ": invalid game: " << problem << "\n";
    }
  }
  out << name << ": " << games << " games, " << games - invalid << " valid, " << invalid
      << " invalid (black won " << black_wins << ", white won " << white_wins << ", drawn " << draws
      << ")\n";
  // A match between two players gets the referee's table again.
  std::set<std::string> players;
  for (const GameRecord& r : finished) players.insert(r.names.begin(), r.names.end());
  if (players.size() == 2 && !finished.empty()) {
    const std::string a = finished.front().names[0];
    const std::string b = finished.front().names[1];
    MatchTally tally;
    for (const GameRecord& r : finished) tally.add(r, r.names[0] == a);
    out << "\n" << tally.table(a, b);
  }
  return games > 0 && invalid == 0 ? 0 : 1;
}

}  // namespace flank::referee
