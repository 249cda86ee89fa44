// Help texts that show a constant: the number as written, not its binary
// expansion, so a default's display can be formatted from the constant.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/search/mpc.hpp"
#include "tools/common/options.hpp"
#include "tools/train/propagate.hpp"

namespace flank {

TEST_CASE("decimal_text writes a number as a person would") {
  CHECK(decimal_text(1.2) == "1.2");
  CHECK(decimal_text(1.5) == "1.5");
  CHECK(decimal_text(0.05) == "0.05");
  CHECK(decimal_text(10) == "10");
  CHECK(decimal_text(-0.7) == "-0.7");
  CHECK(decimal_text(train::kPropagationConfidence).find("999") == std::string::npos);
}

TEST_CASE("--mpc-confidence's help names the confidence of level max") {
  boost::program_options::options_description opts;
  double confidence = -1;
  add_mpc_confidence_option(opts, confidence);
  std::ostringstream help;
  help << opts;
  const std::string expected =
      decimal_text(mpc::kTimedConfidence) + " from it up and at level max, as with --time alone)";
  // The description may wrap; spaces are squeezed before the search.
  std::string flat = help.str();
  for (auto& c : flat)
    if (c == '\n') c = ' ';
  std::string squeezed;
  for (char c : flat)
    if (!(c == ' ' && !squeezed.empty() && squeezed.back() == ' ')) squeezed += c;
  CHECK(squeezed.find(expected) != std::string::npos);
}

}  // namespace flank
