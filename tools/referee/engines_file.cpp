#include "tools/referee/engines_file.hpp"

#include <boost/property_tree/ini_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>

#include "tools/common/not_a_directory.hpp"
#include "tools/referee/command_words.hpp"

namespace flank::referee {

namespace {

namespace pt = boost::property_tree;

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// The line (1-based) of `key` in `section`, or of the section's header when
// key is empty: PropertyTree keeps no line numbers, so the text is scanned
// the way its INI reader reads it (';' and '#' start comments).
int line_of(const std::string& text, const std::string& section, const std::string& key) {
  std::istringstream in(text);
  std::string current;
  bool in_section = section.empty();
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string t = trimmed(line);
    if (t.empty() || t[0] == ';' || t[0] == '#') continue;
    if (t[0] == '[') {
      current = trimmed(t.substr(1, t.find(']') == std::string::npos ? 0 : t.find(']') - 1));
      in_section = current == section;
      if (in_section && key.empty()) return number;
      continue;
    }
    if (in_section && !key.empty() && trimmed(t.substr(0, t.find('='))) == key) return number;
  }
  return 0;
}

}  // namespace

std::vector<NamedEngine> parse_engines_file(const std::string& text, const std::string& where) {
  pt::ptree tree;
  std::istringstream in(text);
  try {
    pt::read_ini(in, tree);
  } catch (const pt::ini_parser_error& e) {
    std::string message = e.message();
    if (message == "duplicate section name") message = "duplicate engine name (section)";
    throw std::runtime_error(where + ":" + std::to_string(e.line()) + ": " + message);
  }
  const auto fail = [&](const std::string& section, const std::string& key,
                        const std::string& what) {
    throw std::runtime_error(where + ":" + std::to_string(line_of(text, section, key)) + ": " +
                             what);
  };
  std::vector<NamedEngine> engines;
  for (const auto& [name, section] : tree) {
    if (section.empty()) fail("", name, "'" + name + "' is outside an engine's [section]");
    if (name.empty()) fail(name, "", "an engine needs a name in its [section]");
    NamedEngine engine;
    engine.name = name;
    for (const auto& [key, value] : section) {
      const std::string v = value.data();
      try {
        if (key == "command") {
          engine.spec.command = split_command_words(v);
          if (engine.spec.command.empty()) fail(name, key, "engine '" + name + "': empty command");
        } else if (key == "protocol") {
          engine.spec.protocol = parse_protocol(v);
        } else if (key == "depth") {
          size_t used = 0;
          int depth = 0;
          try {
            depth = std::stoi(v, &used);
          } catch (const std::exception&) {
            used = 0;
          }
          if (used == 0 || used != v.size() || depth < 1 || depth > 60)
            fail(name, key, "engine '" + name + "': depth must be 1 to 60 (got '" + v + "')");
          engine.spec.depth = depth;
        } else if (key == "dir") {
          std::error_code ec;
          if (!std::filesystem::is_directory(v, ec))
            fail(name, key, "engine '" + name + "': dir '" + v + "' is not a directory");
          engine.spec.dir = v;
        } else {
          fail(name, key,
               "engine '" + name + "': unknown key '" + key + "' (command, protocol, depth, dir)");
        }
      } catch (const std::invalid_argument& e) {
        fail(name, key, "engine '" + name + "': " + e.what());
      }
    }
    if (engine.spec.command.empty()) fail(name, "", "engine '" + name + "' has no command");
    if (engine.spec.depth > 0 && engine.spec.protocol != Protocol::Nboard)
      fail(name, "depth", "engine '" + name + "': depth is for NBoard engines (protocol = nboard)");
    engines.push_back(std::move(engine));
  }
  if (engines.size() < 2)
    throw std::runtime_error(where + ": a tournament needs at least two engines (found " +
                             std::to_string(engines.size()) + ")");
  return engines;
}

std::vector<NamedEngine> read_engines_file(const std::string& path) {
  flank::refuse_directory(path, "engines file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read engines file '" + path + "'");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_engines_file(text, path);
}

}  // namespace flank::referee
