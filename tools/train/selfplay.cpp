#include "tools/train/selfplay.hpp"

#include <random>
#include <stdexcept>

#include "engine/board/game.hpp"
#include "tools/common/openings.hpp"
#include "tools/train/dataset.hpp"
#include "tools/train/result_label.hpp"

namespace flank::train {

std::vector<std::string> read_openings(const std::string& source) {
  std::vector<std::string> out;
  for (const Opening& o : load_openings(source, Shape::square(8))) out.push_back(o.text);
  if (out.empty()) throw std::runtime_error("self-play needs openings (--openings none was given)");
  return out;
}

std::vector<Sample> play_game(std::uint32_t game, std::uint64_t seed,
                              const std::vector<std::string>& openings,
                              const SelfPlayOptions& options, Searcher& searcher) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + game);
  // A game must not depend on the games this thread played before it (through
  // the hash table), or the same seed would not replay the same games.
  searcher.clear();
  Game g;
  g.play_sequence(openings[rng() % openings.size()]);
  std::vector<Sample> samples;
  // The opening's positions: the game result labels them like the middle game.
  std::vector<Position> unlabelled;
  for (size_t i = 0; i < g.moves().size(); ++i)
    if (g.position_before(i).has_legal_move()) unlabelled.push_back(g.position_before(i));

  Position p = g.position();
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  while (!p.is_game_over() && p.empties() > options.exact_empties) {
    const std::vector<Square> moves = p.legal_moves();
    if (moves.empty()) {
      p.play(kPass);
      continue;
    }
    unlabelled.push_back(p);
    Square move;
    if (unit(rng) < options.random_moves) {
      move = moves[rng() % moves.size()];
    } else {
      SearchLimits limits;
      limits.depth = options.play_depth;
      move = searcher.search(p, limits).move;
    }
    p.play(move);
  }
  // Perfect play from here: both sides play the solver's moves, so the final
  // score is the exact value of every position on the way (for its mover).
  std::vector<Position> solved;
  while (!p.is_game_over()) {
    if (!p.has_legal_move()) {
      p.play(kPass);
      continue;
    }
    solved.push_back(p);
    p.play(searcher.solve(p).move);
  }
  const int black_result = p.score();
  for (const Position& q : solved) {
    const int mine = q.to_move() == Color::Black ? black_result : -black_result;
    samples.push_back(sample_of(q, static_cast<float>(mine), LabelKind::Exact, game));
  }
  for (const Position& q : unlabelled) {
    const int mine = q.to_move() == Color::Black ? black_result : -black_result;
    samples.push_back(result_sample(q, mine, options.wld_empties, game, searcher));
  }
  return samples;
}

}  // namespace flank::train
