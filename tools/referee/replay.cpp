#include "tools/referee/replay.hpp"

#include <stdexcept>
#include <string>

#include "tools/referee/ggf.hpp"

namespace flank::referee {

int replay_records(std::istream& in, const std::string& name, std::ostream& out) {
  std::string line;
  int line_number = 0, games = 0, invalid = 0, black_wins = 0, white_wins = 0, draws = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++games;
    std::string problem;
    try {
      const GgfGame game = parse_ggf(line);
      problem = validate_ggf(game);
      if (problem.empty()) {
        const std::string& re = game.properties.at("RE");
        if (re != "?") {
          const double score = std::stod(re);
          (score > 0 ? black_wins : score < 0 ? white_wins : draws)++;
        }
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
  return games > 0 && invalid == 0 ? 0 : 1;
}

}  // namespace flank::referee
