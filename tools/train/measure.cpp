#include "tools/train/measure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace flank::train {

std::string error_by_empties(const std::vector<Sample>& samples,
                             const std::vector<NamedEvaluation>& evaluations,
                             const std::string& kinds, int band, int low, int high) {
  const int bands = (high - low) / band + 1;
  std::vector<std::size_t> count(bands, 0);
  std::vector<std::vector<double>> error(bands, std::vector<double>(evaluations.size(), 0));
  auto bias = error;
  for (const Sample& s : samples) {
    if (kinds.find(static_cast<char>(s.kind)) == std::string::npos) continue;
    if (s.empties() < low || s.empties() > high) continue;
    const int b = (s.empties() - low) / band;
    ++count[b];
    for (size_t e = 0; e < evaluations.size(); ++e) {
      const double miss = s.label - static_cast<double>(evaluations[e].evaluate(s.me, s.opp));
      error[b][e] += std::abs(miss);
      bias[b][e] += miss;
    }
  }
  std::string out = "| empties | positions |";
  for (const auto& e : evaluations) out += " MAE " + e.name + " |";
  for (const auto& e : evaluations) out += " bias " + e.name + " |";
  out += "\n|---|---|";
  for (size_t e = 0; e < 2 * evaluations.size(); ++e) out += "---|";
  out += "\n";
  char buf[64];
  for (int b = 0; b < bands; ++b) {
    if (!count[b]) continue;
    std::snprintf(buf, sizeof buf, "| %d-%d | %zu |", low + b * band,
                  std::min(high, low + b * band + band - 1), count[b]);
    out += buf;
    for (size_t e = 0; e < evaluations.size(); ++e) {
      std::snprintf(buf, sizeof buf, " %.2f |", error[b][e] / static_cast<double>(count[b]));
      out += buf;
    }
    for (size_t e = 0; e < evaluations.size(); ++e) {
      std::snprintf(buf, sizeof buf, " %+.2f |", bias[b][e] / static_cast<double>(count[b]));
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace flank::train
