#pragma once
// flank-bench subcommands. Each takes the arguments after its name and returns
// the process exit status.

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval/eval.hpp"
#include "engine/parallel/parallel_search.hpp"

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

// Adds --split (how threads share a search; default: the value of method)
// and reads it; throws std::invalid_argument for another word.
void add_split_option(boost::program_options::options_description& opts, std::string& method);
ParallelMethod parallel_method(const std::string& method);
// One line on how the threads spent `seconds` of wall time together: the
// splits, the threads joining them, the share of the time threads waited.
void print_split_counters(const SplitPool::Counters& c, double seconds, int threads);
// Makes `limits` spend `seconds` on a position as flank --time does: the whole
// time, the solve point from the time; in each search thread's CPU time with
// cpu_time. Depth, nodes and Multi-ProbCut are the caller's.
void spend_as_flank_time(SearchLimits& limits, double seconds, bool cpu_time);

int run_perft(const std::vector<std::string>& args);
int run_endgame(const std::vector<std::string>& args);
int run_midgame(const std::vector<std::string>& args);
int run_sizes(const std::vector<std::string>& args);

}  // namespace flank::bench
