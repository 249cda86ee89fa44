#include "tools/train/wthor_data.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "tools/train/dataset.hpp"
#include "tools/train/result_label.hpp"

namespace flank::train {
namespace {

// "33-31" -> 2; INT_MIN when unreadable.
int parse_result(const std::string& text) {
  int black = 0, white = 0;
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d-%d%c", &black, &white, &tail) != 2) return INT_MIN;
  if (black < 0 || white < 0 || black + white > 64) return INT_MIN;
  return black - white;
}

}  // namespace

WthorGames read_wthor_games(const std::string& path) {
  namespace fs = std::filesystem;
  WthorGames out;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const auto& entry : fs::directory_iterator(path, ec))
      if (entry.path().extension() == ".pgn") out.files.push_back(entry.path().string());
    std::sort(out.files.begin(), out.files.end());
    if (out.files.empty()) throw std::runtime_error("no .pgn files in " + path);
  } else {
    out.files.push_back(path);
  }
  for (const std::string& file : out.files)
    read_wthor_pgn_file(
        file,
        [&](const WthorGame& g) {
          out.moves.push_back(g.game.moves());
          out.black_result.push_back(parse_result(g.result));
        },
        out.stats);
  return out;
}

std::vector<Sample> label_wthor_game(const std::vector<Square>& moves, int black_result,
                                     std::uint32_t game, int exact_empties, int wld_empties,
                                     Searcher& searcher) {
  // A label must not depend on what this thread solved before.
  searcher.clear();
  Game g;
  for (Square m : moves) g.play(m);
  std::vector<Position> before, after;  // positions with a move, before / from the solve point
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    const Position& p = i < moves.size() ? g.position_before(i) : g.position();
    if (!p.has_legal_move()) continue;
    (p.empties() <= exact_empties ? after : before).push_back(p);
  }
  std::vector<Sample> samples;
  int solved_black = INT_MIN;  // the exact value of the first solved position, for black
  for (const Position& p : after) {
    const SearchResult r = searcher.solve(p);
    if (solved_black == INT_MIN) solved_black = p.to_move() == Color::Black ? r.score : -r.score;
    samples.push_back(sample_of(p, static_cast<float>(r.score), LabelKind::Exact, game));
  }
  if (g.position().is_game_over() && after.empty()) solved_black = g.position().score();
  const int outcome = solved_black != INT_MIN ? solved_black : black_result;
  if (outcome == INT_MIN) return samples;  // an unfinished game without a result
  for (const Position& p : before) {
    const int mine = p.to_move() == Color::Black ? outcome : -outcome;
    samples.push_back(result_sample(p, mine, wld_empties, game, searcher));
  }
  return samples;
}

}  // namespace flank::train
