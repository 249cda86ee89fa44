#include "engine/eval/hand_eval.hpp"

namespace flank {
namespace {

// Square values for 8x8 on top of the corner, X/C-square and edge terms, in
// eval units: inner squares near the centre are quiet, the second ring gives
// the opponent access to the edges.
constexpr int kSquareValue8[64] = {
    0, 0,  2,  1,  1,  2,  0,  0,  //
    0, -4, -2, -2, -2, -2, -4, 0,  //
    2, -2, 1,  0,  0,  1,  -2, 2,  //
    1, -2, 0,  0,  0,  0,  -2, 1,  //
    1, -2, 0,  0,  0,  0,  -2, 1,  //
    2, -2, 1,  0,  0,  1,  -2, 2,  //
    0, -4, -2, -2, -2, -2, -4, 0,  //
    0, 0,  2,  1,  1,  2,  0,  0,
};

class HandEvaluator final : public Evaluator {
 public:
  HandEvaluator()
      : geometry_(geometry<std::uint64_t>(Shape::square(8))), shape_(Shape::square(8)) {}
  std::string name() const override { return "hand"; }
  int evaluate8(std::uint64_t me, std::uint64_t opp) const override {
    return hand_evaluate(Board<std::uint64_t>{me, opp}, geometry_, shape_);
  }
  const SizeWeights* size_weights() const override { return nullptr; }  // hand-made everywhere

 private:
  const Geometry<std::uint64_t>& geometry_;
  EvalShape<std::uint64_t> shape_;
};

}  // namespace

template <class Set>
EvalShape<Set>::EvalShape(Shape board, const SizeWeights* learnt) : learnt(learnt) {
  const int n = board.cols, last_row = board.rows - 1, last_col = board.cols - 1;
  const int rows[4] = {0, 0, last_row, last_row}, cols[4] = {0, last_col, 0, last_col};
  for (int i = 0; i < 4; ++i) {
    const int r = rows[i], c = cols[i];
    const int dr = r == 0 ? 1 : -1, dc = c == 0 ? 1 : -1;
    corners[i] = {r * n + c,
                  (r + dr) * n + c + dc,
                  {r * n + c + dc, (r + dr) * n + c},
                  {r * n + c + 2 * dc, (r + 2 * dr) * n + c},
                  {dc, dr * n},
                  {board.cols, board.rows}};
    set_bit(corner_set, corners[i].corner);
  }
  for (int k = 2; k < board.cols - 2; ++k) {
    set_bit(edges, k);
    set_bit(edges, last_row * n + k);
  }
  for (int k = 2; k < board.rows - 2; ++k) {
    set_bit(edges, k * n);
    set_bit(edges, k * n + last_col);
  }
  if (board == Shape::square(8)) square_value.assign(kSquareValue8, kSquareValue8 + 64);
}

template struct EvalShape<std::uint64_t>;
template struct EvalShape<Set128>;
template struct EvalShape<Set256>;
template struct EvalShape<Set512>;
template struct EvalShape<WideSet>;

std::shared_ptr<const Evaluator> hand_evaluator() {
  static const auto hand = std::make_shared<const HandEvaluator>();
  return hand;
}

}  // namespace flank
