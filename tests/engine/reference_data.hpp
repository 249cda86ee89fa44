#pragma once
// Reads the project's test data in tests/data: the published tables (perft,
// FFO endgames, solved small boards), each with a header naming its source.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace flank::testing {

inline std::string test_data_path(const std::string& name) {
  return std::string(FLANK_SOURCE_DIR) + "/tests/data/" + name;
}

// Lines of a data file without '#' comments and blank lines.
inline std::vector<std::string> reference_lines(const std::string& name) {
  std::ifstream in(test_data_path(name));
  if (!in) throw std::runtime_error("cannot open " + test_data_path(name));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    out.push_back(line);
  }
  return out;
}

}  // namespace flank::testing
