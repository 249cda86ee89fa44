#include "engine/eval/pattern_features.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <stdexcept>
#include <utility>

#include "engine/board/board8.hpp"

namespace flank::pattern {
namespace {

std::vector<Cell> line(int row, int col, int drow, int dcol, int length) {
  std::vector<Cell> out;
  for (int i = 0; i < length; ++i) out.push_back({row + i * drow, col + i * dcol});
  return out;
}

Cell transform(Cell c, int s) {
  int r = c.row, k = c.col;
  if (s & 1) k = 7 - k;        // mirror left-right
  if (s & 2) r = 7 - r;        // mirror top-bottom
  if (s & 4) std::swap(r, k);  // mirror along the a1-h8 diagonal
  return {r, k};
}

int square_of(Cell c) { return c.row * 8 + c.col; }

std::uint32_t pow3(int n) {
  std::uint32_t p = 1;
  while (n-- > 0) p *= 3;
  return p;
}

// A bit pattern read as base-3 digits 0/1: ternary(bits) = sum of 3^k over set bits k.
struct Ternary {
  std::array<std::uint32_t, std::size_t{1} << kMaxShapeSquares> value{};
  Ternary() {
    for (unsigned bits = 0; bits < value.size(); ++bits) {
      std::uint32_t v = 0;
      for (int k = kMaxShapeSquares - 1; k >= 0; --k) v = v * 3 + ((bits >> k) & 1);
      value[bits] = v;
    }
  }
};
const Ternary kTernary;

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

// extracted bits (ascending squares, base 3) -> entry of the configuration.
std::vector<std::uint32_t> entries_by_bits(const std::vector<int>& squares,
                                           const std::vector<std::uint32_t>& shared) {
  std::vector<int> ascending = squares;
  std::sort(ascending.begin(), ascending.end());
  const int n = static_cast<int>(ascending.size());
  std::vector<std::uint32_t> weight(n);  // ascending index j -> 3^(digit position)
  for (int j = 0; j < n; ++j)
    weight[j] = pow3(static_cast<int>(std::find(squares.begin(), squares.end(), ascending[j]) -
                                      squares.begin()));
  std::vector<std::uint32_t> out(pow3(n));
  // idx's base-3 digits counted up one at a time, raw following them: a tenth
  // of the work of taking every idx apart (this was 15% of flank's start-up).
  std::vector<int> digit(n, 0);
  std::uint32_t raw = 0;
  for (std::uint32_t idx = 0; idx < out.size(); ++idx) {
    out[idx] = shared[raw];
    for (int j = 0; j < n; ++j) {
      if (++digit[j] < 3) {
        raw += weight[j];
        break;
      }
      digit[j] = 0;
      raw -= 2 * weight[j];
    }
  }
  return out;
}

std::uint32_t fnv1a(std::uint32_t h, std::string_view bytes) {
  for (unsigned char b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

struct ScalarInfo {
  std::string_view name;
  std::uint32_t size;
};
ScalarInfo scalar_info(Scalar s) {
  switch (s) {
    case Scalar::Mobility:
      return {"mobility", kMobilityCap + 1};
    case Scalar::OpponentMobility:
      return {"opponent-mobility", kMobilityCap + 1};
    case Scalar::Parity:
      return {"parity", 2};
    case Scalar::PotentialMobility:
      return {"potential-mobility", kPotentialMobilityCap + 1};
    case Scalar::OpponentPotentialMobility:
      return {"opponent-potential-mobility", kPotentialMobilityCap + 1};
  }
  return {"?", 1};
}

// The corner angle: a1-e1 and a2-a5 with the X-square b2 (Edax's shape).
std::vector<Cell> corner_angle() {
  std::vector<Cell> cells = line(0, 0, 0, 1, 5);
  for (Cell c : line(1, 0, 1, 0, 4)) cells.push_back(c);
  cells.push_back({1, 1});
  return cells;
}
// The edge without its B and G squares, with the four inner squares of the
// second row behind it: a1, c1-f1, h1, c2-f2 (Edax's shape).
std::vector<Cell> edge_pair() {
  std::vector<Cell> cells{{0, 0}, {0, 7}};
  for (Cell c : line(0, 2, 0, 1, 4)) cells.push_back(c);
  for (Cell c : line(1, 2, 0, 1, 4)) cells.push_back(c);
  return cells;
}

// A declared set, built on first use and kept for the program's life.
template <SetDecl (*Decl)()>
const PatternSet& built() {
  static const PatternSet set(Decl());
  return set;
}
}  // namespace

PatternSet::PatternSet(const SetDecl& decl) : name_(decl.name), scalars_(decl.scalars) {
  // A scalar twice would be two tables always read together (and the
  // evaluator sums each kind once).
  if (std::set<Scalar>(scalars_.begin(), scalars_.end()).size() != scalars_.size())
    throw std::invalid_argument("pattern set " + name_ + ": a scalar feature declared twice");
  std::uint32_t offset = 0;
  for (const ShapeDecl& shape : decl.shapes) {
    const int table = static_cast<int>(shared_.size());
    std::vector<int> canon;
    for (Cell c : shape.cells) {
      if (c.row < 0 || c.row > 7 || c.col < 0 || c.col > 7)
        throw std::invalid_argument("shape " + shape.name + ": a square off the board");
      canon.push_back(square_of(c));
    }
    const std::set<int> canon_set(canon.begin(), canon.end());
    if (canon_set.size() != canon.size() || canon.empty() ||
        canon.size() > static_cast<std::size_t>(kMaxShapeSquares))
      throw std::invalid_argument("shape " + shape.name + ": needs 1.." +
                                  std::to_string(kMaxShapeSquares) + " distinct squares");
    std::set<std::set<int>> seen;
    std::vector<std::vector<int>> self_maps;  // position k -> position map[k]
    std::vector<std::vector<int>> images;
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
      if (seen.insert(image_set).second) images.push_back(image);
    }
    std::uint32_t distinct = 0;
    shared_.push_back(share_symmetric(canon, self_maps, distinct));
    for (const auto& image : images) {
      Placement p;
      p.offset = offset;
      for (int sq : image) p.mask |= std::uint64_t{1} << sq;
      p.entry_by_bits = entries_by_bits(image, shared_.back());
      placements_.push_back(std::move(p));
      squares_.push_back({table, image});
    }
    features_.push_back({shape.name, static_cast<int>(images.size()),
                         pow3(static_cast<int>(canon.size())), distinct, offset});
    offset += distinct;
  }
  for (Scalar s : scalars_) {
    const ScalarInfo info = scalar_info(s);
    features_.push_back({std::string(info.name), 1, info.size, info.size, offset});
    offset += info.size;
  }
  if (active_count() > kMaxActive)
    throw std::invalid_argument("pattern set " + name_ + ": more than " +
                                std::to_string(kMaxActive) + " placements and scalars");
  per_phase_ = offset;
  std::uint32_t h = 2166136261u;
  for (const Feature& f : features_)
    h = fnv1a(h, f.name + ":" + std::to_string(f.placements) + ":" + std::to_string(f.raw_size) +
                     ":" + std::to_string(f.size) + ";");
  layout_ = h;
}

void PatternSet::scalar_values(std::uint64_t me, std::uint64_t opp, std::uint32_t* out) const {
  for (std::size_t k = 0; k < scalars_.size(); ++k) out[k] = scalar_value(scalars_[k], me, opp);
}

void PatternSet::active_features(std::uint64_t me, std::uint64_t opp, std::uint32_t* out) const {
  int n = 0;
  for (const Placement& p : placements_) {
    const std::uint32_t idx =
        kTernary.value[extract_bits(me, p.mask)] + 2u * kTernary.value[extract_bits(opp, p.mask)];
    out[n++] = p.offset + p.entry_by_bits[idx];
  }
  scalar_values(me, opp, out + n);
  for (std::size_t k = 0; k < scalars_.size(); ++k)
    out[n + k] += features_[shared_.size() + k].offset;
}

SetDecl classic_decl() {
  std::vector<Cell> edge = line(0, 0, 0, 1, 8);
  edge.push_back({1, 1});
  edge.push_back({1, 6});
  std::vector<Cell> block25 = line(0, 0, 0, 1, 5);
  for (Cell c : line(1, 0, 0, 1, 5)) block25.push_back(c);
  std::vector<Cell> block33;
  for (int r = 0; r < 3; ++r)
    for (Cell c : line(r, 0, 0, 1, 3)) block33.push_back(c);
  return {"classic",
          {
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
          },
          {Scalar::Mobility, Scalar::OpponentMobility, Scalar::Parity}};
}

SetDecl rich_decl() {
  SetDecl d = classic_decl();
  d.name = "rich";
  // The corner triangle a1-d1, a2-c2, a3-b3, a4: corner, edges and diagonal together.
  std::vector<Cell> triangle;
  for (int r = 0; r < 4; ++r)
    for (Cell c : line(r, 0, 0, 1, 4 - r)) triangle.push_back(c);
  d.shapes.push_back({"corner-triangle", triangle});
  d.scalars.push_back(Scalar::PotentialMobility);
  d.scalars.push_back(Scalar::OpponentPotentialMobility);
  return d;
}

SetDecl angle_decl() {
  SetDecl d = classic_decl();
  d.name = "angle";
  std::erase_if(d.shapes, [](const ShapeDecl& s) { return s.name == "corner2x5"; });
  d.shapes.insert(d.shapes.begin() + 1, {"corner-angle", corner_angle()});
  d.shapes.insert(d.shapes.begin() + 3, {"edge-pair", edge_pair()});
  return d;
}

SetDecl full_decl() {
  SetDecl d = classic_decl();
  d.name = "full";
  d.shapes.push_back({"corner-angle", corner_angle()});
  d.shapes.push_back({"edge-pair", edge_pair()});
  return d;
}

const PatternSet& classic_set() { return built<classic_decl>(); }

const PatternSet& rich_set() { return built<rich_decl>(); }

const PatternSet& angle_set() { return built<angle_decl>(); }

const PatternSet& full_set() { return built<full_decl>(); }

namespace {
// The declared sets in order. Each is built on first use (its tables take
// tens of milliseconds and megabytes), so loading the shipped weights, which
// use the first, builds no other.
struct Declared {
  SetDecl (*decl)();
  const PatternSet& (*set)();
};
constexpr Declared kDeclared[] = {{classic_decl, classic_set},
                                  {rich_decl, rich_set},
                                  {angle_decl, angle_set},
                                  {full_decl, full_set}};
}  // namespace

std::vector<std::string> declared_set_names() {
  std::vector<std::string> names;
  for (const Declared& d : kDeclared) names.push_back(d.decl().name);
  return names;
}

const PatternSet* find_set(std::string_view name) {
  for (const Declared& d : kDeclared)
    if (d.decl().name == name) return &d.set();
  return nullptr;
}

const PatternSet* find_set_by_layout(std::uint32_t layout) {
  for (const Declared& d : kDeclared)
    if (d.set().layout_id() == layout) return &d.set();
  return nullptr;
}

int symmetric_square(int sq, int s) { return square_of(transform({sq / 8, sq % 8}, s)); }

std::uint64_t symmetric_board(std::uint64_t b, int s) {
  std::uint64_t out = 0;
  for (int sq = 0; sq < 64; ++sq)
    if ((b >> sq) & 1) out |= std::uint64_t{1} << symmetric_square(sq, s);
  return out;
}

}  // namespace flank::pattern
