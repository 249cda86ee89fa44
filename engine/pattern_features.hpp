#pragma once
// The 8x8 pattern features of the trained evaluation: the classic Logistello /
// Edax pattern set (corner 3x3 and 2x5 blocks, edges with the two X-squares,
// rows/columns 2-4, diagonals of length 4-8) plus mobility and parity tables.
// Every pattern is placed on the board in all its symmetric images, and all
// images share one weight table; a configuration and its mirror image inside a
// self-symmetric pattern (e.g. the 3x3 corner read along its diagonal) also
// share one weight, so the evaluation is identical on all 8 images of a board.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace flank::pattern {

// One weight table per feature; each position activates one entry per placement.
struct Feature {
  std::string_view name;
  int placements = 0;          // how many entries one position activates
  std::uint32_t raw_size = 0;  // 3^squares for board patterns, the value range otherwise
  std::uint32_t size = 0;      // entries after symmetric sharing
  std::uint32_t offset = 0;    // first entry of this table inside one phase
};

// Every position activates exactly this many entries (one per placement).
constexpr int kActiveFeatures = 46 + 3;
// Mobility counts at or above this share the last entry.
constexpr int kMobilityCap = 32;

// The feature tables in weight order; sizes and offsets are filled in.
const std::vector<Feature>& features();
// Entries of one phase: the sum of all tables' sizes.
std::uint32_t weights_per_phase();
// A number identifying the feature layout (tables, sizes, sharing); stored in
// the weights file so a file made for another layout is refused.
std::uint32_t layout_id();

using ActiveList = std::array<std::uint32_t, kActiveFeatures>;

// The entries (indices into one phase's weights) a position activates, for the
// side to move `me` against `opp` (bit = row * 8 + col, a1 = bit 0).
void active_features(std::uint64_t me, std::uint64_t opp, ActiveList& out);

// The board placements in feature order, for evaluations that update indices
// incrementally: digit k (worth 3^k) of a placement's raw index is the state of
// squares[k] (0 empty, 1 side to move, 2 other side); shared_entry(table)[raw]
// is the entry that configuration activates, relative to the table's offset.
struct PlacementSquares {
  int table = 0;
  std::vector<int> squares;
};
std::vector<PlacementSquares> placement_squares();
const std::vector<std::uint32_t>& shared_entry(int table);

// Bits of b selected by mask, packed in square order (pext where the CPU has it).
inline std::uint64_t extract_bits(std::uint64_t b, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(b, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (b & mask & (0 - mask)) out |= bit;
  return out;
#endif
}

// The phase of a position, from its number of discs: 0 for the opening up to
// phases - 1 for the last moves.
inline int phase_of(std::uint64_t me, std::uint64_t opp, int phases) {
  const int empties = 64 - __builtin_popcountll(me | opp);
  const int played = 60 - empties;  // 0..60
  const int p = played < 0 ? 0 : played * phases / 61;
  return p >= phases ? phases - 1 : p;
}

// The 8 symmetries of the square: image of a square (bit index) under symmetry s (0..7).
int symmetric_square(int sq, int s);
// The image of a bitboard under symmetry s.
std::uint64_t symmetric_board(std::uint64_t b, int s);

}  // namespace flank::pattern
