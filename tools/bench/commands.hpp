#pragma once
// flank-bench subcommands. Each takes the arguments after its name and returns
// the process exit status.

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval/eval.hpp"

namespace flank::bench {

// Adds the --eval and --net options (defaults: their current values) to a
// command's options.
void add_eval_option(boost::program_options::options_description& opts, std::string& name,
                     std::string& net);
// The evaluator those options name (evaluator_named of
// tools/common/weights_file.hpp); throws std::invalid_argument for --net
// given with --eval hand.
std::shared_ptr<const Evaluator> chosen_evaluator(const std::string& name, const std::string& net,
                                                  const boost::program_options::variables_map& vm);

int run_perft(const std::vector<std::string>& args);
int run_endgame(const std::vector<std::string>& args);
int run_midgame(const std::vector<std::string>& args);
int run_sizes(const std::vector<std::string>& args);

}  // namespace flank::bench
