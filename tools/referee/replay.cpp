#include "tools/referee/replay.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "tools/referee/match_stats.hpp"

namespace flank::referee {

namespace {

std::string property(const GgfGame& g, const std::string& key) {
  const auto it = g.properties.find(key);
  return it == g.properties.end() ? "" : it->second;
}

int game_number(const GgfGame& g) {
  const std::string gn = property(g, "GN");
  if (gn.empty() || gn.find_first_not_of("0123456789") != std::string::npos || gn.size() > 9)
    return 0;
  return std::stoi(gn);
}

// "5, 17-19, 40" for the numbers missing below the highest one.
std::string gaps(const std::set<int>& numbers) {
  std::string text;
  int expected = 1;
  for (int n : numbers) {
    if (n > expected) {
      if (!text.empty()) text += ", ";
      text += std::to_string(expected);
      if (n - 1 > expected) {
        text += '-';
        text += std::to_string(n - 1);
      }
    }
    expected = n + 1;
  }
  return text;
}

}  // namespace

std::vector<RecordLine> read_records(std::istream& in) {
  std::vector<RecordLine> lines;
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    RecordLine r;
    r.line = number;
    try {
      r.game = parse_ggf(text);
      r.problem = validate_ggf(r.game);
      r.finished = property(r.game, "RE") != "?";
      r.number = game_number(r.game);
    } catch (const std::exception& e) {
      r.problem = e.what();
    }
    lines.push_back(std::move(r));
  }
  return lines;
}

GameRecord summary_of(const GgfGame& g) {
  GameRecord r;
  r.number = game_number(g);
  r.names = {property(g, "PB"), property(g, "PW")};
  const std::string re = property(g, "RE");
  r.score = static_cast<int>(std::stod(re));
  if (re.find(":t") != std::string::npos || re.find(":r") != std::string::npos) {
    r.forfeited_by = r.score > 0 ? Color::White : Color::Black;
  }
  for (const GgfMove& m : g.moves) {
    if (!m.seconds) continue;  // opening moves carry no time
    r.seconds[color_index(m.color)] += *m.seconds;
    ++r.moves_chosen[color_index(m.color)];
  }
  return r;
}

int replay_records(const std::vector<RecordsFile>& files, bool merge, std::ostream& out) {
  int all_games = 0, all_invalid = 0;
  std::vector<GameRecord> finished;
  std::map<int, std::string> seen;  // game number -> where it was read, for merge
  for (const RecordsFile& file : files) {
    int games = 0, invalid = 0, black_wins = 0, white_wins = 0, draws = 0;
    for (RecordLine& r : read_records(*file.in)) {
      ++games;
      const std::string where = file.name + ":" + std::to_string(r.line);
      if (r.problem.empty() && merge) {
        if (r.number == 0) {
          r.problem = "no game number (GN): not a flank-referee match record";
        } else if (const auto [it, added] = seen.emplace(r.number, where); !added) {
          r.problem = "game " + std::to_string(r.number) + " is also " + it->second;
        }
      }
      if (!r.problem.empty()) {
        ++invalid;
        out << where << ": invalid game: " << r.problem << "\n";
        continue;
      }
      if (!r.finished) continue;
      finished.push_back(summary_of(r.game));
      const int score = finished.back().score;
      (score > 0 ? black_wins : score < 0 ? white_wins : draws)++;
    }
    out << file.name << ": " << games << " games, " << games - invalid << " valid, " << invalid
        << " invalid (black won " << black_wins << ", white won " << white_wins << ", drawn "
        << draws << ")\n";
    all_games += games;
    all_invalid += invalid;
  }
  if (merge) {
    std::stable_sort(finished.begin(), finished.end(),
                     [](const GameRecord& x, const GameRecord& y) { return x.number < y.number; });
    std::set<int> numbers;
    for (const GameRecord& r : finished) numbers.insert(r.number);
    out << "merged " << finished.size() << " finished games from " << files.size() << " files";
    const std::string missing = gaps(numbers);
    if (!missing.empty()) out << "; missing game numbers: " << missing;
    out << "\n";
  }
  // A match between two players gets the referee's table again; engine A is
  // black in the first game.
  std::set<std::string> players;
  for (const GameRecord& r : finished) players.insert(r.names.begin(), r.names.end());
  if (players.size() == 2 && !finished.empty()) {
    const std::string a = finished.front().names[0];
    const std::string b = finished.front().names[1];
    MatchTally tally;
    for (const GameRecord& r : finished) tally.add(r, r.names[0] == a);
    out << "\n" << tally.table(a, b);
  }
  return all_games > 0 && all_invalid == 0 ? 0 : 1;
}

int replay_records(std::istream& in, const std::string& name, std::ostream& out) {
  return replay_records({{name, &in}}, false, out);
}

}  // namespace flank::referee
