#include "engine/pattern_features.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <string>
#include <utility>

#include "engine/board8.hpp"

namespace flank::pattern {
namespace {

struct Cell {
  int row, col;
};

// The shapes, each written once in one canonical placement (row 0 = top edge).
struct Shape {
  std::string_view name;
  std::vector<Cell> cells;
};

std::vector<Cell> line(int row, int col, int drow, int dcol, int length) {
  std::vector<Cell> out;
  for (int i = 0; i < length; ++i) out.push_back({row + i * drow, col + i * dcol});
  return out;
}

std::vector<Shape> shapes() {
  std::vector<Cell> edge = line(0, 0, 0, 1, 8);
  edge.push_back({1, 1});
  edge.push_back({1, 6});
  std::vector<Cell> block25 = line(0, 0, 0, 1, 5);
  for (Cell c : line(1, 0, 0, 1, 5)) block25.push_back(c);
  std::vector<Cell> block33;
  for (int r = 0; r < 3; ++r)
    for (Cell c : line(r, 0, 0, 1, 3)) block33.push_back(c);
  return {
      {"corner3x3", block33},
      {"corner2x5", block25},
      {"edge+2x", edge},
      {"line2", line(1, 0, 0, 1, 8)},
      {"line3", line(2, 0, 0, 1, 8)},
      {"line4", line(3, 0, 0, 1, 8)},
      {"diag8", line(0, 0, 1, 1, 8)},
      {"diag7", line(0, 1, 1, 1, 7)},
      {"diag6", line(0, 2, 1, 1, 6)},
      {"diag5", line(0, 3, 1, 1, 5)},
      {"diag4", line(0, 4, 1, 1, 4)},
  };
}

Cell transform(Cell c, int s) {
  int r = c.row, k = c.col;
  if (s & 1) k = 7 - k;        // mirror left-right
  if (s & 2) r = 7 - r;        // mirror top-bottom
  if (s & 4) std::swap(r, k);  // mirror along the a1-h8 diagonal
  return {r, k};
}

int square_of(Cell c) { return c.row * 8 + c.col; }

struct Placement {
  int table;
  std::vector<int> squares;  // digit k of the index comes from squares[k]
  // The fast path: the placement's discs gathered in square order by a bit
  // extract, read as a base-3 number, give the entry through this table.
  std::uint64_t mask = 0;
  std::uint32_t offset = 0;
  std::vector<std::uint16_t> entry_by_bits;
};

// A bit pattern read as base-3 digits 0/1: ternary[bits] = sum of 3^k over set bits k.
struct Ternary {
  std::array<std::uint16_t, 1024> value{};
  Ternary() {
    for (unsigned bits = 0; bits < value.size(); ++bits) {
      unsigned v = 0;
      for (int k = 9; k >= 0; --k) v = v * 3 + ((bits >> k) & 1);
      value[bits] = static_cast<std::uint16_t>(v);
    }
  }
};
const Ternary kTernary;

struct Tables {
  std::vector<Feature> features;
  std::vector<Placement> placements;
  std::vector<std::vector<std::uint32_t>> shared;  // raw index -> entry, per board table
  std::uint32_t per_phase = 0;
  std::uint32_t layout = 0;
};

std::uint32_t pow3(int n) {
  std::uint32_t p = 1;
  while (n-- > 0) p *= 3;
  return p;
}

// Entries of a table after merging each configuration with its images under the
// symmetries that map the shape onto itself.
std::vector<std::uint32_t> share_symmetric(const std::vector<int>& squares,
                                           const std::vector<std::vector<int>>& self_maps,
                                           std::uint32_t& distinct) {
  const int n = static_cast<int>(squares.size());
  const std::uint32_t raw = pow3(n);
  std::vector<std::uint32_t> canonical(raw);
  std::vector<int> digits(n), moved(n);
  for (std::uint32_t idx = 0; idx < raw; ++idx) {
    std::uint32_t v = idx;
    for (int k = 0; k < n; ++k, v /= 3) digits[k] = static_cast<int>(v % 3);
    std::uint32_t best = idx;
    for (const auto& map : self_maps) {
      for (int k = 0; k < n; ++k) moved[map[k]] = digits[k];
      std::uint32_t other = 0;
      for (int k = n - 1; k >= 0; --k) other = other * 3 + static_cast<std::uint32_t>(moved[k]);
      best = std::min(best, other);
    }
    canonical[idx] = best;
  }
  std::vector<std::uint32_t> entry(raw, 0);
  std::vector<std::uint32_t> id_of(raw, UINT32_MAX);
  distinct = 0;
  for (std::uint32_t idx = 0; idx < raw; ++idx) {
    const std::uint32_t c = canonical[idx];
    if (id_of[c] == UINT32_MAX) id_of[c] = distinct++;
    entry[idx] = id_of[c];
  }
  return entry;
}

void build_fast_path(Placement& p, const std::vector<std::uint32_t>& shared, const Feature& f) {
  std::vector<int> ascending = p.squares;
  std::sort(ascending.begin(), ascending.end());
  const int n = static_cast<int>(ascending.size());
  std::vector<int> position_of(n);  // ascending index j -> digit position k
  for (int j = 0; j < n; ++j)
    position_of[j] = static_cast<int>(std::find(p.squares.begin(), p.squares.end(), ascending[j]) -
                                      p.squares.begin());
  for (int sq : ascending) p.mask |= std::uint64_t{1} << sq;
  p.offset = f.offset;
  const std::uint32_t raw_size = pow3(n);
  p.entry_by_bits.resize(raw_size);
  std::vector<std::uint32_t> weight(n);
  for (int k = 0; k < n; ++k) weight[k] = pow3(k);
  for (std::uint32_t idx = 0; idx < raw_size; ++idx) {
    std::uint32_t v = idx, raw = 0;
    for (int j = 0; j < n; ++j, v /= 3) raw += (v % 3) * weight[position_of[j]];
    p.entry_by_bits[idx] = static_cast<std::uint16_t>(shared[raw]);
  }
}

std::uint32_t fnv1a(std::uint32_t h, std::string_view bytes) {
  for (unsigned char b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

Tables build() {
  Tables t;
  std::uint32_t offset = 0;
  const auto all = shapes();
  for (size_t id = 0; id < all.size(); ++id) {
    const Shape& shape = all[id];
    std::vector<int> canon;
    for (Cell c : shape.cells) canon.push_back(square_of(c));
    const std::set<int> canon_set(canon.begin(), canon.end());
    std::set<std::set<int>> seen;
    std::vector<std::vector<int>> self_maps;  // position k -> position map[k]
    int placements = 0;
    for (int s = 0; s < 8; ++s) {
      std::vector<int> image;
      for (Cell c : shape.cells) image.push_back(square_of(transform(c, s)));
      const std::set<int> image_set(image.begin(), image.end());
      if (image_set == canon_set && s != 0) {
        std::vector<int> map(image.size());
        for (size_t k = 0; k < image.size(); ++k)
          map[k] =
              static_cast<int>(std::find(canon.begin(), canon.end(), image[k]) - canon.begin());
        self_maps.push_back(map);
      }
      if (!seen.insert(image_set).second) continue;
      Placement placement;
      placement.table = static_cast<int>(id);
      placement.squares = image;
      t.placements.push_back(std::move(placement));
      ++placements;
    }
    std::uint32_t distinct = 0;
    t.shared.push_back(share_symmetric(canon, self_maps, distinct));
    t.features.push_back(
        {shape.name, placements, pow3(static_cast<int>(canon.size())), distinct, offset});
    offset += distinct;
  }
  const std::uint32_t mobility = kMobilityCap + 1;
  t.features.push_back({"mobility", 1, mobility, mobility, offset});
  offset += mobility;
  t.features.push_back({"opponent-mobility", 1, mobility, mobility, offset});
  offset += mobility;
  t.features.push_back({"parity", 1, 2, 2, offset});
  offset += 2;
  t.per_phase = offset;
  for (Placement& p : t.placements) build_fast_path(p, t.shared[p.table], t.features[p.table]);
  std::uint32_t h = 2166136261u;
  for (const Feature& f : t.features)
    h = fnv1a(h, std::string(f.name) + ":" + std::to_string(f.placements) + ":" +
                     std::to_string(f.raw_size) + ":" + std::to_string(f.size) + ";");
  t.layout = h;
  return t;
}

const Tables& tables() {
  static const Tables t = build();
  return t;
}

}  // namespace

const std::vector<Feature>& features() { return tables().features; }
std::uint32_t weights_per_phase() { return tables().per_phase; }
std::uint32_t layout_id() { return tables().layout; }

std::vector<PlacementSquares> placement_squares() {
  std::vector<PlacementSquares> out;
  for (const Placement& p : tables().placements) out.push_back({p.table, p.squares});
  return out;
}

const std::vector<std::uint32_t>& shared_entry(int table) { return tables().shared.at(table); }

void active_features(std::uint64_t me, std::uint64_t opp, ActiveList& out) {
  const Tables& t = tables();
  int n = 0;
  for (const Placement& p : t.placements) {
    const unsigned idx =
        kTernary.value[extract_bits(me, p.mask)] + 2u * kTernary.value[extract_bits(opp, p.mask)];
    out[n++] = p.offset + p.entry_by_bits[idx];
  }
  const auto& f = t.features;
  const size_t base = f.size() - 3;
  const int mine = std::min(std::popcount(board8::legal_moves(me, opp)), kMobilityCap);
  const int theirs = std::min(std::popcount(board8::legal_moves(opp, me)), kMobilityCap);
  out[n++] = f[base].offset + static_cast<std::uint32_t>(mine);
  out[n++] = f[base + 1].offset + static_cast<std::uint32_t>(theirs);
  out[n++] = f[base + 2].offset + static_cast<std::uint32_t>(std::popcount(~(me | opp)) & 1);
}

int symmetric_square(int sq, int s) { return square_of(transform({sq / 8, sq % 8}, s)); }

std::uint64_t symmetric_board(std::uint64_t b, int s) {
  std::uint64_t out = 0;
  for (int sq = 0; sq < 64; ++sq)
    if ((b >> sq) & 1) out |= std::uint64_t{1} << symmetric_square(sq, s);
  return out;
}

}  // namespace flank::pattern
