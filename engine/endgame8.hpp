#pragma once
// The 8x8 endgame leaves: exact fail-soft alpha-beta for the last few empties
// on bitboards, with no move list, no hash table and no budget check (the
// subtrees are a few hundred nodes). Moves are tried odd-quadrant first
// (parity) and only on squares next to an opponent disc; the very last move
// counts its flips without building the flip set. Scores are final disc
// differences in eval units (kUnitsPerDisc per disc), the search's one unit.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board8.hpp"
#include "engine/eval.hpp"

namespace flank::endgame8 {

// The up-to-8 squares around each square.
struct Neighbours {
  std::array<std::uint64_t, 64> of{};
  constexpr Neighbours() {
    for (int sq = 0; sq < 64; ++sq)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = sq / 8 + dr, c = sq % 8 + dc;
          if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8)
            of[sq] |= std::uint64_t{1} << (r * 8 + c);
        }
  }
};
inline constexpr Neighbours kNeighbours{};

// The quadrant of a square: bit 0 = right half, bit 1 = upper half.
inline int quadrant(int sq) { return ((sq >> 2) & 1) | ((sq >> 4) & 2); }
// The four quadrants as masks, for parity.
inline constexpr std::array<std::uint64_t, 4> kQuadrants = {
    0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

// How many discs `me` flips by playing sq when sq is the only empty square
// (every other square not `me` is the opponent's).
inline int count_last_flips(std::uint64_t me, int sq) {
  const auto& ray = board8::kRays.rays[sq];
  std::uint64_t f = 0;
  for (int d = 0; d < 4; ++d) {  // nearest own disc is the lowest bit
    const std::uint64_t own = ray[d] & me;
    const std::uint64_t nearest = own & (0 - own);
    f |= (nearest - 1) & ray[d] & (0 - static_cast<std::uint64_t>(nearest != 0));
  }
  for (int d = 4; d < 8; ++d) {  // nearest own disc is the highest bit
    const std::uint64_t own = ray[d] & me;
    const std::uint64_t nearest = (std::uint64_t{1} << 63) >> std::countl_zero(own | 1);
    f |= ray[d] & ~((nearest << 1) - 1) & (0 - static_cast<std::uint64_t>(own != 0));
  }
  return std::popcount(f);
}

// Final disc difference for the mover with one empty square sq left.
inline int solve_1(std::uint64_t me, int sq, std::uint64_t& nodes) {
  ++nodes;
  const int twice_me = 2 * std::popcount(me);
  int discs;
  if (const int n = count_last_flips(me, sq)) {
    discs = twice_me - 62 + 2 * n;
  } else if (const int n2 = count_last_flips(~(me | (std::uint64_t{1} << sq)), sq)) {
    discs = twice_me - 64 - 2 * n2;
  } else {
    discs = twice_me - 63 > 0 ? twice_me - 62 : twice_me - 64;  // nobody can move: empty to winner
  }
  return discs * kUnitsPerDisc;
}

// Final score when neither side can move: the empties go to the one ahead.
inline int final_score(std::uint64_t me, std::uint64_t opp) {
  const int m = std::popcount(me), o = std::popcount(opp), diff = m - o;
  const int empty = 64 - m - o;
  return (diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0) * kUnitsPerDisc;
}

// Writes the empty squares odd-quadrant first (lowest square first within a group).
inline void parity_order(std::uint64_t empty, int* out) {
  std::uint64_t odd = 0;
  for (std::uint64_t q : kQuadrants)
    if (std::popcount(empty & q) & 1) odd |= q;
  int n = 0;
  for (std::uint64_t group : {empty & odd, empty & ~odd})
    for (; group; group &= group - 1) out[n++] = std::countr_zero(group);
}

// parity_order for 2 or 3 empties without the quadrant counts (the same order):
// two empties are both odd or both even, so lowest first; of three, one alone
// in its quadrant beside two sharing another goes first, else lowest first.
template <int N>
inline void small_parity_order(std::uint64_t empty, int* out) {
  const int a = std::countr_zero(empty), c = 63 - std::countl_zero(empty);
  if constexpr (N == 2) {
    out[0] = a;
    out[1] = c;
  } else {
    const int b = std::countr_zero(empty & (empty - 1));
    const int qa = quadrant(a), qb = quadrant(b), qc = quadrant(c);
    if (qa == qb && qb != qc) {
      out[0] = c, out[1] = a, out[2] = b;
    } else if (qa == qc && qa != qb) {
      out[0] = b, out[1] = a, out[2] = c;
    } else {
      out[0] = a, out[1] = b, out[2] = c;
    }
  }
}

// The most empties this code handles (search_tuning.hpp says how many it is given).
constexpr int kShallowMax = 6;

// Exact score with N (2..kShallowMax) empties, fail-soft in (alpha, beta).
template <int N, bool kPassed = false>
int solve_n(std::uint64_t me, std::uint64_t opp, int alpha, int beta, std::uint64_t& nodes) {
  ++nodes;
  const std::uint64_t empty = ~(me | opp);
  int order[N];
  if constexpr (N <= 3) {
    small_parity_order<N>(empty, order);
  } else {
    parity_order(empty, order);
  }
  int best = -(1 << 20);
  for (int i = 0; i < N; ++i) {
    const int sq = order[i];
    if (!(kNeighbours.of[sq] & opp)) continue;
    const std::uint64_t f = board8::flips(me, opp, sq);
    if (!f) continue;
    const std::uint64_t next_me = opp ^ f, next_opp = me ^ f ^ (std::uint64_t{1} << sq);
    int v;
    if constexpr (N == 2) {
      v = -solve_1(next_me, order[1 - i], nodes);
    } else {
      v = -solve_n<N - 1>(next_me, next_opp, -beta, -(alpha > best ? alpha : best), nodes);
    }
    if (v > best) {
      best = v;
      if (best >= beta) return best;
    }
  }
  if (best > -(1 << 20)) return best;
  if constexpr (kPassed) {
    return final_score(me, opp);  // neither side can move
  } else {
    return -solve_n<N, true>(opp, me, -beta, -alpha, nodes);
  }
}

}  // namespace flank::endgame8

namespace flank::endgame8 {
// Exact score of a position with 1..kShallowMax empties.
inline int solve_shallow(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int empties,
                         std::uint64_t& nodes) {
  switch (empties) {
    case 0:
      ++nodes;
      return final_score(me, opp);
    case 1:
      return solve_1(me, std::countr_zero(~(me | opp)), nodes);
    case 2:
      return solve_n<2>(me, opp, alpha, beta, nodes);
    case 3:
      return solve_n<3>(me, opp, alpha, beta, nodes);
    case 4:
      return solve_n<4>(me, opp, alpha, beta, nodes);
    case 5:
      return solve_n<5>(me, opp, alpha, beta, nodes);
    default:
      return solve_n<6>(me, opp, alpha, beta, nodes);
  }
}
}  // namespace flank::endgame8
