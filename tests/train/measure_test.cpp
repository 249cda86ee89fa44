#include "tools/train/measure.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using flank::train::error_by_empties;
using flank::train::LabelKind;
using flank::train::NamedEvaluation;
using flank::train::Sample;

namespace {

// A board with `discs` discs (so 64 - discs empties), the mover's all.
Sample sample(int discs, float label, LabelKind kind = LabelKind::Exact) {
  Sample s;
  s.me = discs == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << discs) - 1;
  s.label = label;
  s.kind = kind;
  return s;
}

}  // namespace

TEST_CASE("--measure's table: each evaluation's mean absolute error, then its bias") {
  // Two positions with 10 empties (labels 4 and -6), one with 20 (label 3),
  // one search label that the exact table leaves out.
  const std::vector<Sample> samples = {sample(54, 4), sample(54, -6), sample(44, 3),
                                       sample(54, 40, LabelKind::Search)};
  const std::vector<NamedEvaluation> evaluations = {
      {"one", [](std::uint64_t, std::uint64_t) { return 1.0f; }},
      {"minus", [](std::uint64_t, std::uint64_t) { return -2.0f; }}};
  const std::string table = error_by_empties(samples, evaluations, "e", 10, 10, 29);
  CHECK(table.find("| empties | positions | MAE one | MAE minus | bias one | bias minus |") !=
        std::string::npos);
  // 10 empties: errors |4-1|, |-6-1| -> 5.00, bias (3 - 7) / 2 = -2.00;
  // against -2: |6|, |-4| -> 5.00, bias (6 - 4) / 2 = +1.00.
  CHECK(table.find("| 10-19 | 2 | 5.00 | 5.00 | -2.00 | +1.00 |") != std::string::npos);
  // 20 empties: 3 - 1 = 2, 3 + 2 = 5.
  CHECK(table.find("| 20-29 | 1 | 2.00 | 5.00 | +2.00 | +5.00 |") != std::string::npos);
  // With search labels counted too, the 10-empty row has the third position.
  CHECK(error_by_empties(samples, evaluations, "es", 10, 10, 19).find("| 10-19 | 3 |") !=
        std::string::npos);
}
