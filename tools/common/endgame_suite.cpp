#include "tools/common/endgame_suite.hpp"

#include <fstream>
#include <stdexcept>

#include "tools/common/not_a_directory.hpp"

namespace flank {

std::vector<EndgameCase> read_endgame_suite(const std::string& path) {
  refuse_directory<std::invalid_argument>(path, "positions file");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open " + path);
  std::vector<EndgameCase> cases;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    try {
      cases.push_back(parse_endgame_case(line));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(path + ":" + std::to_string(line_no) + ": " + e.what());
    }
  }
  if (cases.empty()) throw std::invalid_argument(path + ": no positions");
  return cases;
}

}  // namespace flank
