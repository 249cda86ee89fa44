#include "protocol/move_scores.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "engine/board/square.hpp"

namespace flank {
namespace {

using ChildSearch = std::function<SearchResult(const Position& child)>;

MoveScore score_after(const Position& p, Square move, const ChildSearch& search) {
  Position child = p;
  child.play(move);
  const SearchResult r = search(child);
  MoveScore m;
  m.move = move;
  m.score = -r.score;
  m.exact = r.exact;
  m.depth = r.exact ? p.empties() : r.depth + 1;
  m.nodes = r.nodes;
  m.seconds = r.seconds;
  m.pv.push_back(move);
  m.pv.insert(m.pv.end(), r.pv.begin(), r.pv.end());
  return m;
}

// The share of one decision's budget that each of n moves gets.
SearchLimits child_limits(const SearchLimits& limits, std::size_t n) {
  SearchLimits child = limits;
  child.randomness = 0;  // a score per move, not a pick among them
  if (limits.seconds > 0) child.seconds = limits.seconds / static_cast<double>(n);
  if (limits.nodes > 0) child.nodes = std::max<std::uint64_t>(1, limits.nodes / n);
  return child;
}

std::vector<MoveScore> score_all(const Position& p, const ChildSearch& search) {
  std::vector<MoveScore> scores;
  if (p.is_game_over()) return scores;
  std::vector<Square> moves = p.legal_moves();
  if (moves.empty()) moves.push_back(kPass);
  for (Square move : moves) scores.push_back(score_after(p, move, search));
  std::stable_sort(scores.begin(), scores.end(),
                   [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
  return scores;
}

}  // namespace

std::vector<MoveScore> score_moves(ParallelSearcher& searcher, const Position& p,
                                   const SearchLimits& limits) {
  const std::size_t n = std::max<std::size_t>(1, p.legal_moves().size());
  SearchLimits child = child_limits(limits, n);
  if (limits.depth > 0) child.depth = std::max(1, limits.depth - 1);
  return score_all(p, [&](const Position& c) { return searcher.search(c, child); });
}

std::vector<MoveScore> solve_moves(ParallelSearcher& searcher, const Position& p,
                                   const SearchLimits& limits) {
  const std::size_t n = std::max<std::size_t>(1, p.legal_moves().size());
  const SearchLimits child = child_limits(limits, n);
  return score_all(p, [&](const Position& c) { return searcher.solve(c, child, false); });
}

std::vector<MoveScore> score_each_move(ParallelSearcher& searcher, const Position& p,
                                       const SearchLimits& limits, bool exact) {
  return exact ? solve_moves(searcher, p, limits) : score_moves(searcher, p, limits);
}

std::string score_fields(const MoveScore& m, Shape shape) {
  std::ostringstream out;
  out << "score " << m.score << " exact " << (m.exact ? "true" : "false") << " depth " << m.depth
      << " nodes " << m.nodes << " seconds " << std::fixed << std::setprecision(6) << m.seconds
      << " pv";
  for (const Square sq : m.pv) out << ' ' << square_name(sq, shape);
  return out.str();
}

}  // namespace flank
