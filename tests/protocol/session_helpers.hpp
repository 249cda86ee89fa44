#pragma once
// Drives a GTP engine in memory: whole sessions through run(), or one command
// at a time with the reply split into its status and text.

#include <sstream>
#include <string>

#include "protocol/gtp_engine.hpp"

namespace flank::gtp::testing {

// The output of a whole session fed through Engine::run.
inline std::string run_session(Engine& engine, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  engine.run(in, out);
  return out.str();
}

struct Reply {
  bool ok = false;
  std::string text;  // without "= " / "? " and the closing blank line
};

inline Reply send(Engine& engine, const std::string& line) {
  const std::string raw = engine.handle_line(line);
  Reply r;
  if (raw.size() < 3) return r;
  r.ok = raw[0] == '=';
  r.text = raw.substr(1, raw.size() - 3);
  if (!r.text.empty() && r.text[0] == ' ') r.text.erase(0, 1);
  return r;
}

inline EngineOptions fast_options() {
  EngineOptions o;
  o.level = 1;
  o.hash_mb = 1;
  o.max_solve_empties = 10;
  return o;
}

}  // namespace flank::gtp::testing
