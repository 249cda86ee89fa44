#pragma once
// flank-bench subcommands. Each takes the arguments after its name and returns
// the process exit status.

#include <boost/program_options/options_description.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.hpp"

namespace flank::bench {

// Adds the --eval and --net options (defaults: their current values; read by
// evaluator_named of tools/common/weights_file.hpp) to a command's options.
void add_eval_option(boost::program_options::options_description& opts, std::string& name,
                     std::string& net);

int run_perft(const std::vector<std::string>& args);
int run_endgame(const std::vector<std::string>& args);
int run_midgame(const std::vector<std::string>& args);
int run_sizes(const std::vector<std::string>& args);

}  // namespace flank::bench
