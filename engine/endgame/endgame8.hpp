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

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/board/board8.hpp"
#include "engine/eval/eval.hpp"

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

#if defined(__BMI2__)
// The lines through each square (column, diagonal, anti-diagonal; the row is a
// shift), the square's place on each, and per place and line of own discs
// (bit k = the line's k-th square) the flips of a disc played there on a full
// line: one pext and one byte load per line for the last move.
struct LastFlips {
  std::array<std::array<std::uint64_t, 3>, 64> line{};
  std::array<std::array<std::uint8_t, 4>, 64> place{};  // row, column, diagonal, anti-diagonal
  std::array<std::array<std::uint8_t, 256>, 8> count{};
  constexpr LastFlips() {
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      for (int i = 0; i < 64; ++i) {
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (i % 8 == c) line[sq][0] |= bit;
        if (i / 8 - i % 8 == r - c) line[sq][1] |= bit;
        if (i / 8 + i % 8 == r + c) line[sq][2] |= bit;
      }
      const std::uint64_t below = (std::uint64_t{1} << sq) - 1;
      place[sq] = {static_cast<std::uint8_t>(c),
                   static_cast<std::uint8_t>(std::popcount(line[sq][0] & below)),
                   static_cast<std::uint8_t>(std::popcount(line[sq][1] & below)),
                   static_cast<std::uint8_t>(std::popcount(line[sq][2] & below))};
    }
    // Squares past a short line's end extract as 0 (not own), so no run ends there.
    for (int p = 0; p < 8; ++p)
      for (int own = 0; own < 256; ++own) {
        int n = 0;
        for (int k = p + 1; k < 8; ++k)
          if ((own >> k) & 1) {
            n += k - p - 1;
            break;
          }
        for (int k = p - 1; k >= 0; --k)
          if ((own >> k) & 1) {
            n += p - k - 1;
            break;
          }
        count[p][own] = static_cast<std::uint8_t>(n);
      }
  }
};
inline constexpr LastFlips kLastFlips{};

// How many discs `me` flips by playing sq when sq is the only empty square
// (every other square not `me` is the opponent's).
inline int count_last_flips(std::uint64_t me, int sq) {
  const auto& line = kLastFlips.line[sq];
  const auto& place = kLastFlips.place[sq];
  const auto& count = kLastFlips.count;
  return count[place[0]][(me >> (sq & 56)) & 0xFF] + count[place[1]][_pext_u64(me, line[0])] +
         count[place[2]][_pext_u64(me, line[1])] + count[place[3]][_pext_u64(me, line[2])];
}
#else
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
#endif

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

// The union of the quadrants holding an odd number of empty squares.
inline std::uint64_t odd_quadrants(std::uint64_t empty) {
  std::uint64_t odd = 0;
  for (std::uint64_t q : kQuadrants)
    if (std::popcount(empty & q) & 1) odd |= q;
  return odd;
}

// Writes the empty squares odd-quadrant first (lowest square first within a
// group): the order the leaves below try them in.
inline void parity_order(std::uint64_t empty, int* out) {
  const std::uint64_t odd = odd_quadrants(empty);
  int n = 0;
  for (std::uint64_t group : {empty & odd, empty & ~odd})
    for (; group; group &= group - 1) out[n++] = std::countr_zero(group);
}

// The most empties this code handles (search_tuning.hpp says how many it is given).
constexpr int kShallowMax = 6;
constexpr int kNoScore = -(1 << 20);  // below every score

// Exact score with the two empties x1 < x2, fail-soft in (alpha, beta): both
// moves and their last replies written out, no order to compute.
template <bool kPassed = false>
inline int solve_2(std::uint64_t me, std::uint64_t opp, int alpha, int beta, int x1, int x2,
                   std::uint64_t& nodes) {
  ++nodes;
  int best = kNoScore;
  if (kNeighbours.of[x1] & opp) {
    if (const std::uint64_t f = board8::flips(me, opp, x1)) {
      best = -solve_1(opp ^ f, x2, nodes);
      if (best >= beta) return best;
    }
  }
  if (kNeighbours.of[x2] & opp) {
    if (const std::uint64_t f = board8::flips(me, opp, x2)) {
      const int v = -solve_1(opp ^ f, x1, nodes);
      if (v > best) best = v;
    }
  }
  if (best > kNoScore) return best;
  if constexpr (kPassed) {
    return final_score(me, opp);  // neither side can move
  } else {
    return -solve_2<true>(opp, me, -beta, -alpha, x1, x2, nodes);
  }
}

// Exact score with N (3..kShallowMax) empties, fail-soft in (alpha, beta), the
// empties tried in parity_order. `odd` is odd_quadrants of the empties, kept
// by the callers (a move toggles its quadrant).
template <int N, bool kPassed = false>
int solve_n(std::uint64_t me, std::uint64_t opp, int alpha, int beta, std::uint64_t odd,
            std::uint64_t& nodes) {
  ++nodes;
  const std::uint64_t empty = ~(me | opp);
  int best = kNoScore;
  const std::uint64_t groups[2] = {empty & odd, empty & ~odd};
  for (std::uint64_t group : groups) {
    for (; group; group &= group - 1) {
      const int sq = std::countr_zero(group);
      if (!(kNeighbours.of[sq] & opp)) continue;
      const std::uint64_t f = board8::flips(me, opp, sq);
      if (!f) continue;
      const std::uint64_t next_me = opp ^ f, next_opp = me ^ f ^ (std::uint64_t{1} << sq);
      const int child_beta = -(alpha > best ? alpha : best);
      int v;
      if constexpr (N == 3) {
        // The other two, lowest first (their parity order).
        const std::uint64_t rest = empty & ~(std::uint64_t{1} << sq);
        v = -solve_2(next_me, next_opp, -beta, child_beta, std::countr_zero(rest),
                     63 - std::countl_zero(rest), nodes);
      } else {
        v = -solve_n<N - 1>(next_me, next_opp, -beta, child_beta, odd ^ kQuadrants[quadrant(sq)],
                            nodes);
      }
      if (v > best) {
        best = v;
        if (best >= beta) return best;
      }
    }
  }
  if (best > kNoScore) return best;
  if constexpr (kPassed) {
    return final_score(me, opp);  // neither side can move
  } else {
    return -solve_n<N, true>(opp, me, -beta, -alpha, odd, nodes);
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
    case 2: {
      const std::uint64_t empty = ~(me | opp);
      return solve_2(me, opp, alpha, beta, std::countr_zero(empty), 63 - std::countl_zero(empty),
                     nodes);
    }
    case 3:
      return solve_n<3>(me, opp, alpha, beta, odd_quadrants(~(me | opp)), nodes);
    case 4:
      return solve_n<4>(me, opp, alpha, beta, odd_quadrants(~(me | opp)), nodes);
    case 5:
      return solve_n<5>(me, opp, alpha, beta, odd_quadrants(~(me | opp)), nodes);
    default:
      return solve_n<6>(me, opp, alpha, beta, odd_quadrants(~(me | opp)), nodes);
  }
}
}  // namespace flank::endgame8
