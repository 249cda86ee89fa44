#pragma once
// Reads the published tables in ../shared/reference for tests.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace flank::testing {

inline std::string shared_path(const std::string& name) {
  return std::string(FLANK_SHARED_DIR) + "/reference/" + name;
}

// Lines of a reference file without '#' comments and blank lines.
inline std::vector<std::string> reference_lines(const std::string& name) {
  std::ifstream in(shared_path(name));
  if (!in) throw std::runtime_error("cannot open " + shared_path(name));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    out.push_back(line);
  }
  return out;
}

// The project's own test data (tests/data).
inline std::string test_data_path(const std::string& name) {
  return std::string(FLANK_SOURCE_DIR) + "/tests/data/" + name;
}

}  // namespace flank::testing
