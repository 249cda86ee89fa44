#include "tools/common/options.hpp"

#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeinfo>

#include "engine/board/square.hpp"
#include "engine/parallel/parallel_search.hpp"
#include "engine/search/levels.hpp"
#include "engine/search/mpc.hpp"
#include "protocol/version.hpp"

namespace po = boost::program_options;

namespace flank {

EmptiesRange parse_empties_range(const std::string& text) {
  // One or two digits, else -1.
  const auto number = [](std::string_view digits) {
    const bool digits_only = !digits.empty() && digits.size() <= 2 &&
                             digits.find_first_not_of("0123456789") == std::string_view::npos;
    return digits_only ? std::stoi(std::string(digits)) : -1;
  };
  const auto dash = text.find('-');
  EmptiesRange r{-1, -1};
  if (dash != std::string::npos) {
    r.low = number(std::string_view(text).substr(0, dash));
    r.high = number(std::string_view(text).substr(dash + 1));
  } else {
    r.low = r.high = number(text);  // one count: N is N-N
  }
  if (r.low < 0 || r.high < r.low || r.high > 60)
    throw std::invalid_argument(
        "--empties must be N or LOW-HIGH with 0 <= LOW <= HIGH <= 60, not '" + text + "'");
  return r;
}

Shape parse_size_option(const std::string& text) {
  try {
    return parse_shape(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--size: ") + e.what());
  }
}

namespace {

bool is_unsigned_type(const std::type_info& type) {
  return type == typeid(unsigned) || type == typeid(unsigned long) ||
         type == typeid(unsigned long long);
}

// Boost reads "nan" and "inf" as numbers and "-1" as a huge unsigned one (it
// wraps): no option means either, so they are refused here, for every tool,
// before notify() stores them. Throws po::error naming the option.
void check_numbers(const po::parsed_options& parsed, const po::variables_map& vm) {
  for (const po::option& given : parsed.options) {
    if (given.unregistered || !vm.count(given.string_key)) continue;
    const boost::any& value = vm[given.string_key].value();
    const std::string name = "--" + given.string_key;
    const std::string text = given.value.empty() ? "" : given.value.front();
    if ((value.type() == typeid(double) && !std::isfinite(boost::any_cast<double>(value))) ||
        (value.type() == typeid(float) && !std::isfinite(boost::any_cast<float>(value))))
      throw po::error(name + " must be a finite number, not '" + text + "'");
    const std::size_t first = text.find_first_not_of(" \t");
    if (is_unsigned_type(value.type()) && first != std::string::npos && text[first] == '-')
      throw po::error(name + " must not be negative");
  }
}

}  // namespace

std::string decimal_text(double value) {
  std::ostringstream text;
  text << value;  // 6 significant digits, trailing zeros dropped
  return text.str();
}

po::typed_value<double>* decimal_value(double* target, double default_value) {
  return po::value(target)->default_value(default_value, decimal_text(default_value));
}

void add_help_version_options(po::options_description& opts) {
  opts.add_options()                          //
      ("help,h", "print this help and exit")  //
      ("version,v", "print the version and exit");
}

std::string version_line(const std::string& program) {
  return program + " " + std::string(flank_version());
}

std::optional<int> parse_options(int argc, char** argv, const std::string& program,
                                 const po::options_description& opts, po::variables_map& vm,
                                 const po::positional_options_description* positional,
                                 const po::options_description* shown) {
  if (!parse_command_line(std::vector<std::string>(argv + 1, argv + argc), opts, vm, positional,
                          shown))
    return vm.count("help") ? 0 : 2;
  if (vm.count("version")) {
    std::cout << version_line(program) << "\n";
    return 0;
  }
  return std::nullopt;
}

bool parse_command_line(const std::vector<std::string>& args, const po::options_description& opts,
                        po::variables_map& vm, const po::positional_options_description* positional,
                        const po::options_description* shown, const std::string& help_command) {
  try {
    // Without a positional description every stray argument is an error, not silently ignored.
    const po::positional_options_description none;
    po::command_line_parser parser(args);
    parser.options(opts).positional(positional ? *positional : none);
    const po::parsed_options parsed = parser.run();
    po::store(parsed, vm);
    if (vm.count("help")) {
      std::cout << (shown ? *shown : opts) << "\n";
      return false;
    }
    check_numbers(parsed, vm);
    po::notify(vm);
    return true;
  } catch (const po::error& e) {
    vm.clear();
    std::cerr << "error: " << e.what() << " (try "
              << (help_command.empty() ? "" : help_command + " ") << "--help)\n";
    return false;
  }
}

void add_threads_option(po::options_description& opts, int& threads) {
  threads = default_search_threads();
  opts.add_options()("threads", po::value(&threads)->default_value(threads),
                     "search threads (default: every core; 1 = the deterministic search)");
}

void check_threads(int threads) {
  if (threads < 1 || threads > kMaxSearchThreads)
    throw std::invalid_argument("--threads must be 1.." + std::to_string(kMaxSearchThreads));
}

void add_mpc_confidence_option(po::options_description& opts, double& confidence) {
  const std::string help =
      "standard deviations a Multi-ProbCut cut needs: lower prunes more and searches deeper, "
      "higher errs less (0: from the level, 1 + level / 10 below level " +
      std::to_string(kFirstBudgetLevel) + ", " + decimal_text(mpc::kTimedConfidence) +
      " from it up and at level max, as with --time alone)";
  opts.add_options()("mpc-confidence", po::value(&confidence)->default_value(0), help.c_str());
}

void check_mpc_confidence(double confidence, bool mpc_on) {
  if (!(confidence >= 0 && confidence <= kMaxMpcConfidence))
    throw std::invalid_argument("--mpc-confidence must be from 0 to " +
                                std::to_string(static_cast<int>(kMaxMpcConfidence)));
  if (confidence > 0 && !mpc_on)
    throw std::invalid_argument("--mpc-confidence goes with --mpc on or a statistics file");
}

void check_hash(std::uint64_t hash_mb) {
  if (hash_mb < 1 || hash_mb > 65536)
    throw std::invalid_argument("--hash must be from 1 to 65536 MB");
}

std::string hash_allocation_error(std::uint64_t hash_mb) {
  const std::string mb = std::to_string(hash_mb);
  return "--hash " + mb + ": cannot allocate " + mb + " MB (try a smaller --hash)";
}

}  // namespace flank
