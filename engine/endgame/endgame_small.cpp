#include "engine/endgame/endgame_small.hpp"

#include <memory>
#include <mutex>

namespace flank::endgame_small {

Layout::Layout(const Geometry<std::uint64_t>& g)
    : cols(g.cols), rows(g.rows), squares(g.squares()) {
  embedded = cols <= 8 && rows <= 8;
  symmetric = embedded && cols == rows;
  if (embedded) {
    row0 = (8 - rows) / 2;
    col0 = (8 - cols) / 2;
  }
  const int half_rows = rows / 2, half_cols = cols / 2;
  for (int d = 0; d < kDirections; ++d) offset[d] = static_cast<std::int8_t>(g.offset[d]);
  std::array<int, 64> rank{};
  for (int sq = 0; sq < squares; ++sq) {
    const int r = sq / cols, c = sq % cols;
    const int at = frame_square(sq);
    for (int d = 0; d < kDirections; ++d)
      ray_len[sq][d] = static_cast<std::int8_t>(ray_length(r, c, d, rows, cols));
    inside |= std::uint64_t{1} << at;
    quadrants[(r >= half_rows) * 2 + (c >= half_cols)] |= std::uint64_t{1} << at;
    if ((r == 0 || r == rows - 1) && (c == 0 || c == cols - 1)) corners |= std::uint64_t{1} << at;
    // Corners, then edges, then inner squares, next-to-corner squares last.
    const int dr = std::min(r, rows - 1 - r), dc = std::min(c, cols - 1 - c);
    const bool edge = dr == 0 || dc == 0;
    rank[sq] = dr == 0 && dc == 0 ? 0 : std::max(dr, dc) == 1 && dr + dc <= 2 ? 3 : edge ? 1 : 2;
  }
  std::array<int, 64> by_rank{};
  for (int sq = 0; sq < squares; ++sq) by_rank[sq] = sq;
  std::stable_sort(by_rank.begin(), by_rank.begin() + squares,
                   [&](int a, int b) { return rank[a] < rank[b]; });
  for (int i = 0; i < squares; ++i) order[i] = static_cast<std::int8_t>(frame_square(by_rank[i]));
}

const Layout& layout(const Geometry<std::uint64_t>& g) {
  // One-word shapes: both sides at most 16 (4x16 is the longest).
  constexpr int kSides = 17;
  static std::array<std::unique_ptr<Layout>, kSides * kSides> table;
  static std::once_flag once[kSides * kSides];
  const int i = g.cols * kSides + g.rows;
  std::call_once(once[i], [&] { table[i] = std::make_unique<Layout>(g); });
  return *table[i];
}

}  // namespace flank::endgame_small
