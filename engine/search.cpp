// A first, plain computer player: fixed-depth negamax alpha-beta with a
// mobility-and-corners evaluation. The search issue replaces this file.
#include "engine/search.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

namespace flank {
namespace {

template <class Set>
int evaluate(const Board<Set>& b, const Geometry<Set>& g) {
  const int n = g.size;
  int corners = 0;
  for (int sq : {0, n - 1, n * (n - 1), n * n - 1}) corners += test(b.me, sq) - test(b.opp, sq);
  const int mobility =
      popcount(legal_moves(b.me, b.opp, g)) - popcount(legal_moves(b.opp, b.me, g));
  return 4 * corners + mobility;
}

template <class Set>
int final_diff(const Board<Set>& b, const Geometry<Set>& g) {
  const int me = popcount(b.me), opp = popcount(b.opp), empty = g.size * g.size - me - opp;
  return me > opp ? me - opp + empty : me < opp ? me - opp - empty : 0;
}

constexpr int kWin = 10000;

template <class Set>
int negamax(const Board<Set>& b, int depth, int alpha, int beta, const Geometry<Set>& g,
            std::uint64_t& nodes) {
  ++nodes;
  const Set moves = legal_moves(b.me, b.opp, g);
  if (!any(moves)) {
    if (!any(legal_moves(b.opp, b.me, g))) return kWin * final_diff(b, g) / 64;
    return -negamax(pass(b), depth, -beta, -alpha, g, nodes);
  }
  if (depth == 0) return evaluate(b, g);
  int best = -kWin * 1000;
  for_each_square(moves, [&](int sq) {
    if (best >= beta) return;
    const int v = -negamax(play(b, sq, flips(b.me, b.opp, sq, g)), depth - 1, -beta,
                           -std::max(alpha, best), g, nodes);
    best = std::max(best, v);
  });
  return best;
}

template <class Set>
SearchResult root(const Position& p, int depth) {
  const auto& g = geometry<Set>(p.size());
  const Board<Set> b = p.board<Set>();
  SearchResult r;
  r.depth = depth;
  int best = std::numeric_limits<int>::min();
  for_each_square(legal_moves(b.me, b.opp, g), [&](int sq) {
    const int v = -negamax(play(b, sq, flips(b.me, b.opp, sq, g)), depth - 1, -kWin * 1000,
                           kWin * 1000, g, r.nodes);
    if (v > best) {
      best = v;
      r.move = sq;
    }
  });
  r.score = r.move == kPass ? 0 : best;
  r.pv = {r.move};
  return r;
}

}  // namespace

struct Searcher::Impl {};

Searcher::Searcher(std::size_t) : impl_(new Impl) {}
Searcher::~Searcher() { delete impl_; }
void Searcher::clear() {}
void Searcher::set_hash_mb(std::size_t) {}

SearchResult Searcher::search(const Position& p, const SearchLimits& limits) {
  const auto t0 = std::chrono::steady_clock::now();
  const int depth = std::max(1, limits.depth ? limits.depth : 4);
  SearchResult r = p.size() <= 8 ? root<std::uint64_t>(p, depth) : root<WideSet>(p, depth);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

SearchResult Searcher::solve(const Position& p, bool) {
  SearchLimits l;
  l.depth = p.empties();
  SearchResult r = search(p, l);
  r.exact = true;
  return r;
}

SearchLimits level_limits(int level) {
  if (level < 1 || level > kMaxLevel)
    throw std::invalid_argument("level must be 1.." + std::to_string(kMaxLevel));
  SearchLimits l;
  l.depth = level;
  return l;
}

}  // namespace flank
