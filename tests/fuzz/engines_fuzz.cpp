// libFuzzer target for flank-referee's engines file (--engines, INI): the
// parser returns at least two engines, each named once, with a command, a
// depth only for NBoard engines; or it throws std::runtime_error naming the
// file. Any other exception or a crash is a finding.
#include <set>
#include <stdexcept>
#include <string>

#include "tests/fuzz/fuzz_check.hpp"
#include "tools/referee/engines_file.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(flank::fuzz::as_text(data, size));
  try {
    const auto engines = flank::referee::parse_engines_file(text, "fuzz.ini");
    require(engines.size() >= 2, "a tournament of at least two engines");
    std::set<std::string> names;
    for (const auto& e : engines) {
      require(!e.name.empty() && names.insert(e.name).second, "every engine named, once");
      require(!e.spec.command.empty(), "every engine has a command");
      require(e.spec.depth == 0 || e.spec.protocol == flank::referee::Protocol::Nboard,
              "a depth only for NBoard engines");
      require(e.spec.depth >= 0 && e.spec.depth <= 60, "depth 1..60");
    }
  } catch (const std::runtime_error& e) {
    require(std::string(e.what()).rfind("fuzz.ini", 0) == 0, "errors name the file");
  }
  return 0;
}
