// flank-referee: plays matches and tournaments between GTP and NBoard engines, checking every move
// with flank's rules, or re-validates GGF records (--replay, --merge).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "tools/common/not_a_directory.hpp"
#include "tools/common/openings.hpp"
#include "tools/common/options.hpp"
#include "tools/referee/command_words.hpp"
#include "tools/referee/engine_process.hpp"
#include "tools/referee/engines_file.hpp"
#include "tools/referee/match.hpp"
#include "tools/referee/replay.hpp"

namespace po = boost::program_options;
using namespace flank::referee;

namespace {

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return 2;
}

// The longest time any option may give, a year: far beyond any match, and
// small enough that no conversion of it overflows (whole seconds for
// time_settings, nanoseconds for reply deadlines).
constexpr int kMaxSeconds = 365 * 24 * 3600;

// Throws std::invalid_argument unless `seconds` is 0 (when zero_ok) or more,
// and at most kMaxSeconds; NaN fails every comparison, so it is refused too.
void check_seconds(const std::string& option, double seconds, bool zero_ok) {
  if ((zero_ok ? seconds >= 0 : seconds > 0) && seconds <= kMaxSeconds) return;
  throw std::invalid_argument(option + " must be " + (zero_ok ? "0 or more" : "more than 0") +
                              " and at most " + std::to_string(kMaxSeconds) +
                              " seconds (365 days)");
}

// The engine given by --SIDE, --SIDE-protocol, --SIDE-depth and --SIDE-dir;
// throws std::invalid_argument saying what is wrong.
EngineSpec engine_spec(const po::variables_map& vm, const std::string& side) {
  EngineSpec spec;
  spec.command = split_command_words(vm[side].as<std::string>());
  try {
    spec.protocol = parse_protocol(vm[side + "-protocol"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--" + side + "-protocol: " + e.what());
  }
  if (vm.count(side + "-depth")) {
    spec.depth = vm[side + "-depth"].as<int>();
    if (spec.protocol != Protocol::Nboard)
      throw std::invalid_argument("--" + side + "-depth is for NBoard engines (--" + side +
                                  "-protocol nboard)");
    if (spec.depth < 1 || spec.depth > 60)
      throw std::invalid_argument("--" + side + "-depth must be 1 to 60");
  }
  if (vm.count(side + "-dir")) {
    spec.dir = vm[side + "-dir"].as<std::string>();
    if (!std::filesystem::is_directory(spec.dir))
      throw std::invalid_argument("--" + side + "-dir '" + spec.dir + "' is not a directory");
  }
  return spec;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description opts(
      "Usage: flank-referee --black 'CMD ARGS' --white 'CMD ARGS' [options]\n"
      "   or: flank-referee --engines FILE.ini --round-robin|--gauntlet NAME [options]\n"
      "   or: flank-referee --replay FILE.ggf\n"
      "   or: flank-referee --merge SHARD1.ggf SHARD2.ggf ...\n\nOptions");
  flank::add_help_version_options(opts);
  // clang-format off
  opts.add_options()
      ("black", po::value<std::string>()->value_name("CMD"), "engine A, black in game 1: command line of a GTP engine")
      ("white", po::value<std::string>()->value_name("CMD"), "engine B, white in game 1")
      ("black-name", po::value<std::string>()->value_name("NAME")->default_value(""), "name for engine A (default: its GTP name, with the arguments that tell A and B apart)")
      ("white-name", po::value<std::string>()->value_name("NAME")->default_value(""), "name for engine B")
      ("black-protocol", po::value<std::string>()->value_name("gtp|nboard")->default_value("gtp"), "the protocol engine A speaks")
      ("white-protocol", po::value<std::string>()->value_name("gtp|nboard")->default_value("gtp"), "the protocol engine B speaks")
      ("black-depth", po::value<int>()->value_name("D"), "NBoard engine A: send 'set depth D' (its strength setting)")
      ("white-depth", po::value<int>()->value_name("D"), "NBoard engine B: send 'set depth D'")
      ("black-dir", po::value<std::string>()->value_name("DIR"), "start engine A in this folder (a relative program path is taken from there)")
      ("white-dir", po::value<std::string>()->value_name("DIR"), "start engine B in this folder")
      ("engines", po::value<std::string>()->value_name("FILE"), "a tournament of the engines of this INI file (one [name] "
                                                                 "section each: command, protocol, depth, dir)")
      ("gauntlet", po::value<std::string>()->value_name("NAME"), "with --engines: NAME plays each of the others")
      ("round-robin", "with --engines: every engine plays every other")
      ("games,n", po::value<int>()->value_name("N")->default_value(2), "number of games (per pairing in a tournament)")
      ("jobs,j", po::value<int>()->value_name("J")->default_value(1), "games played at the same time")
      ("size", po::value<std::string>()->value_name("N|CxR")->default_value("8"), flank::kSizeHelp)
      ("openings", po::value<std::string>()->value_name("FILE"), "file of opening lines such as f5d6c4d3, one per line; "
                                                                 "xot: the built-in XOT list (the default on 8x8); "
                                                                 "none: every game from the start position")
      ("seed", po::value<std::uint64_t>()->value_name("S"), "pick openings in a random order from this seed (default: in file order)")
      ("alternate", po::value<bool>()->value_name("BOOL"), "swap colours every other game, each opening played by both sides "
                                       "(default: on with openings, off with --openings none)")
      ("time", po::value<double>()->value_name("SEC")->default_value(0), "main time per game per engine, seconds (0 = none); "
                                                       "every time option takes at most 31536000 (365 days)")
      ("byoyomi", po::value<double>()->value_name("SEC")->default_value(0), "byo-yomi seconds per period after main time; with "
                                                         "--time 0 and --stones 1 a fixed time per move")
      ("stones", po::value<int>()->value_name("K")->default_value(1), "moves per byo-yomi period")
      ("hard-timeout", po::value<double>()->value_name("SEC")->default_value(60), "seconds any single reply may take before the "
                                                                "engine is declared hung and killed")
      ("grace", flank::decimal_value(nullptr, 0.1)->value_name("SEC"), "seconds past the clock still accepted (pipe latency), "
                                                                                   "in all per main time or byo-yomi period")
      ("records", po::value<std::string>()->value_name("FILE"), "write game records to this file (GGF, one game per line)")
      ("csv", po::value<std::string>()->value_name("FILE"), "write one CSV line per game to this file")
      ("engine-log", po::value<std::string>()->value_name("FILE"), "append the engines' stderr to this file (default: discarded)")
      ("resume", po::value<std::string>()->value_name("FILE"), "continue the interrupted match whose --records are FILE "
                                                                "(give the match's other options again)")
      ("shard", po::value<std::string>()->value_name("K/N"), "play only part K of N of the match (the games whose "
                                                              "opening pair number is K-1 modulo N)")
      ("sprt", po::value<std::string>()->value_name("ELO0,ELO1[,A,B]"), "stop when the SPRT of A against B accepts Elo ELO0 "
                                                                        "(H0) or ELO1 (H1); alpha, beta default 0.05; --games is the most to play")
      ("replay", po::value<std::string>()->value_name("FILE"), "re-validate every game of a GGF records file and exit")
      ("merge", po::value<std::vector<std::string>>()->value_name("FILE...")->multitoken(),
                "re-validate the records of a match's shards and print the combined table");
  // clang-format on
  po::variables_map vm;
  if (const auto status = flank::parse_options(argc, argv, "flank-referee", opts, vm))
    return *status;

  if (vm.count("replay") || vm.count("merge")) {
    const bool merge = vm.count("merge") > 0;
    if (merge && vm.count("replay")) return fail("give either --replay or --merge");
    const std::vector<std::string> paths = merge ? vm["merge"].as<std::vector<std::string>>()
                                                 : std::vector{vm["replay"].as<std::string>()};
    std::vector<std::ifstream> streams(paths.size());
    std::vector<RecordsFile> files;
    for (size_t i = 0; i < paths.size(); ++i) {
      try {
        flank::refuse_directory(paths[i], "records file");
      } catch (const std::runtime_error& e) {
        return fail(e.what());
      }
      streams[i].open(paths[i]);
      if (!streams[i]) return fail("cannot read records file '" + paths[i] + "'");
      files.push_back({paths[i], &streams[i]});
    }
    return replay_records(files, merge, std::cout);
  }

  MatchConfig config;
  if (vm.count("engines")) {
    if (vm.count("black") || vm.count("white"))
      return fail("give either --engines or --black and --white");
    if (vm.count("gauntlet") == vm.count("round-robin"))
      return fail("--engines needs --round-robin or --gauntlet NAME");
    if (vm.count("sprt")) return fail("--sprt is for a match of two engines, not --engines");
    try {
      config.tournament = read_engines_file(vm["engines"].as<std::string>());
    } catch (const std::runtime_error& e) {
      return fail(e.what());
    }
    const auto& engines = config.tournament;
    if (vm.count("round-robin")) {
      for (int i = 0; i < static_cast<int>(engines.size()); ++i) {
        for (int j = i + 1; j < static_cast<int>(engines.size()); ++j)
          config.pairings.emplace_back(i, j);
      }
    } else {
      const std::string name = vm["gauntlet"].as<std::string>();
      const auto it = std::find_if(engines.begin(), engines.end(),
                                   [&](const NamedEngine& e) { return e.name == name; });
      if (it == engines.end())
        return fail("--gauntlet '" + name + "' is not an engine of '" +
                    vm["engines"].as<std::string>() + "'");
      const int g = static_cast<int>(it - engines.begin());
      for (int j = 0; j < static_cast<int>(engines.size()); ++j) {
        if (j != g) config.pairings.emplace_back(g, j);
      }
    }
  } else {
    if (vm.count("gauntlet") || vm.count("round-robin"))
      return fail("--gauntlet and --round-robin need --engines FILE");
    if (!vm.count("black") || !vm.count("white"))
      return fail("--black and --white are required (try --help)");
    try {
      config.engine_a = engine_spec(vm, "black");
      config.engine_b = engine_spec(vm, "white");
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
  }
  config.name_a = vm["black-name"].as<std::string>();
  config.name_b = vm["white-name"].as<std::string>();
  config.games = vm["games"].as<int>();
  config.jobs = vm["jobs"].as<int>();
  try {
    config.shape = flank::parse_size_option(vm["size"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  if (config.games < 1) return fail("--games must be at least 1");
  if (config.jobs < 1) return fail("--jobs must be at least 1");
  config.time_control.main_seconds = vm["time"].as<double>();
  config.time_control.byoyomi_seconds = vm["byoyomi"].as<double>();
  config.time_control.byoyomi_stones = vm["stones"].as<int>();
  config.hard_timeout = vm["hard-timeout"].as<double>();
  config.grace = vm["grace"].as<double>();
  try {
    check_seconds("--time", config.time_control.main_seconds, true);
    check_seconds("--byoyomi", config.time_control.byoyomi_seconds, true);
    check_seconds("--hard-timeout", config.hard_timeout, false);
    check_seconds("--grace", config.grace, true);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  if (config.time_control.byoyomi_stones < 1) return fail("--stones must be at least 1");
  // Without a list, every game starts from the same position: say so.
  const std::string openings = vm.count("openings") ? vm["openings"].as<std::string>()
                               : config.shape == flank::Shape::square(8)
                                   ? std::string(flank::kBuiltinOpenings)
                                   : std::string(flank::kNoOpenings);
  try {
    config.openings = flank::load_openings(openings, config.shape);
  } catch (const std::runtime_error& e) {
    return fail(e.what());
  }
  if (config.openings.empty()) {
    config.note = std::string("no openings") +
                  (vm.count("openings") ? "" : " for this board size") +
                  ": every game starts from the start position, so games between engines that "
                  "play deterministically repeat one another";
  }
  config.alternate = vm.count("alternate") ? vm["alternate"].as<bool>() : !config.openings.empty();
  if (vm.count("seed")) {
    config.random_openings = true;
    config.seed = vm["seed"].as<std::uint64_t>();
  }
  if (vm.count("records")) config.records_path = vm["records"].as<std::string>();
  if (vm.count("resume")) {
    const std::string path = vm["resume"].as<std::string>();
    if (vm.count("records") && config.records_path != path)
      return fail("--resume continues its own records file; leave out --records");
    config.records_path = path;
    config.resume = true;
  }
  if (vm.count("shard")) {
    const std::string text = vm["shard"].as<std::string>();
    int k = 0, n = 0, used = 0;
    if (std::sscanf(text.c_str(), "%d/%d%n", &k, &n, &used) != 2 ||
        used != static_cast<int>(text.size()) || n < 1 || k < 1 || k > n) {
      return fail("--shard must be K/N with 1 <= K <= N, e.g. 2/8 (got '" + text + "')");
    }
    config.shard = k;
    config.shards = n;
  }
  if (vm.count("sprt")) {
    if (vm.count("shard"))
      return fail("--sprt decides as games finish, so it cannot be split with --shard");
    try {
      config.sprt = parse_sprt(vm["sprt"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
  }
  if (vm.count("csv")) config.csv_path = vm["csv"].as<std::string>();
  if (vm.count("engine-log")) config.engine_log = vm["engine-log"].as<std::string>();
  EngineProcess::kill_engines_on_signals();
  return run_match(config, std::cout, std::cerr);
}
