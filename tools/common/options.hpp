#pragma once
// Shared Boost.Program_options handling: --help prints the description, and a
// bad option becomes one clear line on stderr.

#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board/shape.hpp"

namespace flank {

// The --size option of every tool: N (an N x N board) or COLSxROWS such as
// 10x6. Throws std::invalid_argument with a message that starts "--size: ".
Shape parse_size_option(const std::string& text);

// An --empties LOW-HIGH option, or N for N-N: 0 <= LOW <= HIGH <= 60. Throws
// std::invalid_argument saying so for anything else.
struct EmptiesRange {
  int low = 0, high = 60;
  bool contains(int empties) const { return empties >= low && empties <= high; }
};
EmptiesRange parse_empties_range(const std::string& text);

// The help text of --size.
inline constexpr const char* kSizeHelp =
    "board size: N for N x N or COLSxROWS such as 10x6, each side even 4..26";

// Parses args into vm. Returns false when the caller should exit: after
// printing --help (vm holds "help") or after printing an error line. --help
// prints `shown` when given (to leave out options only set by position). A
// floating-point option must be finite (no nan or inf) and an unsigned one not
// negative, whatever the tool.
bool parse_command_line(
    const std::vector<std::string>& args, const boost::program_options::options_description& opts,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description* positional = nullptr,
    const boost::program_options::options_description* shown = nullptr,
    const std::string& help_command = "");

// What every program's own command line does with --help and --version:
// add_help_version_options adds them ("help,h", "version,v"); parse_options
// parses argv as parse_command_line does and also answers --version with
// version_line(program). It returns the exit status when the program should
// stop now (0 after --help or --version, 2 after a bad option), and nothing
// when it should go on.
void add_help_version_options(boost::program_options::options_description& opts);
std::optional<int> parse_options(
    int argc, char** argv, const std::string& program,
    const boost::program_options::options_description& opts,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description* positional = nullptr,
    const boost::program_options::options_description* shown = nullptr);
// "flank-referee 0.1.0": the line --version prints.
std::string version_line(const std::string& program);

// A number as a help text shows it: "1.2", not lexical_cast's "1.1999999999999999",
// so a default's display can come from its constant.
std::string decimal_text(double value);

// A decimal option (bound to `target`, if given) whose default --help shows
// as decimal_text does.
boost::program_options::typed_value<double>* decimal_value(double* target, double default_value);

// --threads N, the search threads (engine/parallel/parallel_search.hpp); the default is
// every core. check_threads throws std::invalid_argument when N is out of range.
void add_threads_option(boost::program_options::options_description& opts, int& threads);
void check_threads(int threads);

// --mpc-confidence S: the standard deviations a Multi-ProbCut cut needs
// (SearchLimits::mpc_confidence), or 0 (the default) for the level's
// (protocol/level.hpp). check_mpc_confidence throws std::invalid_argument for a
// value outside 0..kMaxMpcConfidence and for one given with `--mpc off`.
inline constexpr double kMaxMpcConfidence = 10;
void add_mpc_confidence_option(boost::program_options::options_description& opts,
                               double& confidence);
void check_mpc_confidence(double confidence, bool mpc_on);

// --hash MB, the transposition table of every tool that searches: check_hash
// throws std::invalid_argument when MB is outside 1..65536.
void check_hash(std::uint64_t hash_mb);

// The one line for a --hash this machine cannot allocate (every tool with a
// transposition table says it so, and exits with status 2 as for a bad option).
std::string hash_allocation_error(std::uint64_t hash_mb);

}  // namespace flank
