#pragma once
// flank-train's options: their descriptions for the parser and --help, and
// the checks every run passes before any long work starts.
#include <boost/program_options/options_description.hpp>

#include "tools/train/train_settings.hpp"

namespace flank::train {

// Adds --help, --version and every option of the 8x8 trainer, bound to `s`.
void add_train_options(boost::program_options::options_description& opts, Settings& s);

// Checks the parsed options (throws BadOption) and fills in what they imply
// (the curve's file name, the parsed shard and empties range).
void check_options(Settings& s);

}  // namespace flank::train
