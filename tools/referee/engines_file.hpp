#pragma once
// The engines of a tournament (--engines FILE), an INI file read with
// Boost.PropertyTree, one section per engine:
//   [edax]
//   command = ./bin/lEdax-x64 -nboard
//   protocol = nboard      ; gtp (the default) or nboard
//   depth = 10             ; NBoard only: set depth D
//   dir = /home/me/edax    ; working directory
// An unknown key, a missing command, a duplicate name, a bad protocol or
// depth, a key outside a section: std::runtime_error "WHERE:LINE: what".

#include <string>
#include <vector>

#include "tools/referee/engine_client.hpp"

namespace flank::referee {

struct NamedEngine {
  std::string name;  // the section
  EngineSpec spec;
};

// `where` names the text in messages (the file's path).
std::vector<NamedEngine> parse_engines_file(const std::string& text, const std::string& where);
std::vector<NamedEngine> read_engines_file(const std::string& path);

}  // namespace flank::referee
