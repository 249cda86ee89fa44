#pragma once
// "1 move", "2 moves": a count with its noun, for the tools' messages.

#include <string>

namespace flank {

inline std::string plural(long long n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace flank
