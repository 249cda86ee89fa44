#pragma once
// The 8x8 pattern features of the trained evaluation. A pattern set is
// declared (SetDecl: shapes, each written once, plus scalar features such as
// mobility) and built into weight tables: every shape is placed on the board in
// all its symmetric images, and all images share one weight table; a
// configuration and its mirror image inside a self-symmetric shape (e.g. the
// 3x3 corner read along its diagonal) also share one weight, so the evaluation
// is identical on all 8 images of a board.
//
// Four sets are declared: "classic" (Logistello's set: corner 3x3 and 2x5
// blocks, edges with the two X-squares, rows/columns 2-4, diagonals of length
// 4-8, mobility and parity; the shipped weights use it), "rich" (classic plus
// the corner triangle and both sides' potential mobility), "angle" (classic
// with Edax's corner angle and edge pair in place of the 2x5 blocks) and
// "full" (classic plus those two). A weights file names its set by the layout id.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/board/board8.hpp"

namespace flank::pattern {

// One weight table per feature; each position activates one entry per placement.
struct Feature {
  std::string name;
  int placements = 0;          // how many entries one position activates
  std::uint32_t raw_size = 0;  // 3^squares for board patterns, the value range otherwise
  std::uint32_t size = 0;      // entries after symmetric sharing
  std::uint32_t offset = 0;    // first entry of this table inside one phase
};

// Mobility counts at or above this share the last entry.
constexpr int kMobilityCap = 32;
// Potential mobility (empty squares next to the other side's discs) likewise.
constexpr int kPotentialMobilityCap = 40;
// The largest shape a set may declare (3^12 raw configurations per table).
constexpr int kMaxShapeSquares = 12;
// The most entries a set may activate per position (placements and scalars).
constexpr int kMaxActive = 256;

struct Cell {
  int row, col;
};
// A shape in one canonical placement (row 0 = top edge).
struct ShapeDecl {
  std::string name;
  std::vector<Cell> cells;
};
// Features read from the whole board, one table each, after the shapes.
enum class Scalar {
  Mobility,
  OpponentMobility,
  Parity,
  PotentialMobility,
  OpponentPotentialMobility
};
constexpr int kScalarKinds = static_cast<int>(Scalar::OpponentPotentialMobility) + 1;
struct SetDecl {
  std::string name;
  std::vector<ShapeDecl> shapes;
  std::vector<Scalar> scalars;
};

// The board placements in feature order, for evaluations that update indices
// incrementally: digit k (worth 3^k) of a placement's raw index is the state of
// squares[k] (0 empty, 1 side to move, 2 other side); shared_entry(table)[raw]
// is the entry that configuration activates, relative to the table's offset.
struct PlacementSquares {
  int table = 0;
  std::vector<int> squares;
};

class PatternSet {
 public:
  // Builds the tables; throws std::invalid_argument for a shape with a square
  // off the board, a repeated square or more than kMaxShapeSquares squares, or
  // a set of more than kMaxActive placements and scalars.
  explicit PatternSet(const SetDecl& decl);

  const std::string& name() const { return name_; }
  // The feature tables in weight order (shapes, then scalars); sizes and offsets filled in.
  const std::vector<Feature>& features() const { return features_; }
  // Entries of one phase: the sum of all tables' sizes.
  std::uint32_t weights_per_phase() const { return per_phase_; }
  // A number identifying the feature layout (tables, sizes, sharing); stored in
  // the weights file so a file made for another layout is refused.
  std::uint32_t layout_id() const { return layout_; }
  // Every position activates exactly this many entries: one per placement and scalar.
  int active_count() const { return static_cast<int>(placements_.size() + scalars_.size()); }
  int placement_count() const { return static_cast<int>(placements_.size()); }
  // The board tables come first; scalar k is table shape_tables() + k.
  int shape_tables() const { return static_cast<int>(shared_.size()); }
  const std::vector<Scalar>& scalars() const { return scalars_; }

  // The entries (indices into one phase's weights) a position activates, for
  // the side to move `me` against `opp` (bit = row * 8 + col, a1 = bit 0);
  // `out` holds active_count() entries.
  void active_features(std::uint64_t me, std::uint64_t opp, std::uint32_t* out) const;
  // The scalar features' entries relative to their tables (scalars().size() values).
  void scalar_values(std::uint64_t me, std::uint64_t opp, std::uint32_t* out) const;

  const std::vector<PlacementSquares>& placement_squares() const { return squares_; }
  const std::vector<std::uint32_t>& shared_entry(int table) const { return shared_.at(table); }

 private:
  struct Placement {
    std::uint32_t offset = 0;  // the table's offset
    std::uint64_t mask = 0;
    // Bits of the placement gathered in square order, read as base 3, give the entry.
    std::vector<std::uint32_t> entry_by_bits;
  };
  std::string name_;
  std::vector<Feature> features_;
  std::vector<Placement> placements_;
  std::vector<PlacementSquares> squares_;
  std::vector<std::vector<std::uint32_t>> shared_;  // raw index -> entry, per shape table
  std::vector<Scalar> scalars_;
  std::uint32_t per_phase_ = 0;
  std::uint32_t layout_ = 0;
};

// The declared sets, each built once, on first use.
const PatternSet& classic_set();
const PatternSet& rich_set();
const PatternSet& angle_set();
const PatternSet& full_set();
// Their names, in declaration order (classic first), without building them.
std::vector<std::string> declared_set_names();
// By name or layout id; nullptr when no declared set has it. A lookup builds
// the sets declared before the one it finds (by name: only that one).
const PatternSet* find_set(std::string_view name);
const PatternSet* find_set_by_layout(std::uint32_t layout);
// The declarations, e.g. for a test that builds a variant.
SetDecl classic_decl();
SetDecl rich_decl();
SetDecl angle_decl();
SetDecl full_decl();

// The classic set's shortcuts (the layout the shipped weights use).
constexpr int kActiveFeatures = 46 + 3;
using ActiveList = std::array<std::uint32_t, kActiveFeatures>;
inline const std::vector<Feature>& features() { return classic_set().features(); }
inline std::uint32_t weights_per_phase() { return classic_set().weights_per_phase(); }
inline std::uint32_t layout_id() { return classic_set().layout_id(); }
inline void active_features(std::uint64_t me, std::uint64_t opp, ActiveList& out) {
  classic_set().active_features(me, opp, out.data());
}

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

// Empty squares next to a disc of `discs` (the frontier the other side can move into).
inline int potential_mobility(std::uint64_t discs, std::uint64_t empty) {
  constexpr std::uint64_t kNotA = 0xfefefefefefefefeull, kNotH = 0x7f7f7f7f7f7f7f7full;
  const std::uint64_t west = (discs >> 1) & kNotH, east = (discs << 1) & kNotA;
  const std::uint64_t row = discs | west | east;
  const std::uint64_t around = west | east | (row << 8) | (row >> 8);
  return std::popcount(around & empty);
}

// The entry (inside its table) a scalar feature takes for `me` to move against
// `opp`. Inline, so that a caller naming the kind gets only its computation.
inline std::uint32_t scalar_value(Scalar s, std::uint64_t me, std::uint64_t opp) {
  const std::uint64_t empty = ~(me | opp);
  int v = 0;
  switch (s) {
    case Scalar::Mobility:
      v = std::min(std::popcount(board8::legal_moves(me, opp)), kMobilityCap);
      break;
    case Scalar::OpponentMobility:
      v = std::min(std::popcount(board8::legal_moves(opp, me)), kMobilityCap);
      break;
    case Scalar::Parity:
      v = std::popcount(empty) & 1;
      break;
    case Scalar::PotentialMobility:
      v = std::min(potential_mobility(opp, empty), kPotentialMobilityCap);
      break;
    case Scalar::OpponentPotentialMobility:
      v = std::min(potential_mobility(me, empty), kPotentialMobilityCap);
      break;
  }
  return static_cast<std::uint32_t>(v);
}

// The phase of a position after `played` moves (0..60, passes not counted):
// 0 for the opening up to phases - 1 for the last moves, every phase at least
// one move.
inline int phase_of_played(int played, int phases) {
  const int p = played < 0 ? 0 : played * phases / 61;
  return p >= phases ? phases - 1 : p;
}

// The moves played (0..60, passes not counted) of a position, from its discs.
inline int played_of(std::uint64_t me, std::uint64_t opp) {
  return __builtin_popcountll(me | opp) - 4;
}

// The phase of a position, from its number of discs.
inline int phase_of(std::uint64_t me, std::uint64_t opp, int phases) {
  return phase_of_played(played_of(me, opp), phases);
}

// The 8 symmetries of the square: image of a square (bit index) under symmetry s (0..7).
int symmetric_square(int sq, int s);
// The image of a bitboard under symmetry s.
std::uint64_t symmetric_board(std::uint64_t b, int s);

}  // namespace flank::pattern
