// flank-bench perft: leaves per depth, then the speed of the deepest count.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/board/game.hpp"
#include "engine/board/perft.hpp"
#include "tools/bench/commands.hpp"
#include "tools/common/options.hpp"

namespace po = boost::program_options;

namespace flank::bench {

int run_perft(const std::vector<std::string>& args) {
  int depth = 0;
  std::string size_text = "8", position_text, moves_text;
  bool wide = false, only_last = false, pass_free = false;
  po::options_description opts(
      "Usage: flank-bench perft --depth D [OPTIONS]\n"
      "Counts the leaves of the game tree from the start position (or --position and\n"
      "--moves), one line `depth count` per depth 1..D, then the leaves per second of the\n"
      "last depth. A pass is a ply and a finished game is one leaf (Bik's convention,\n"
      "tests/data/perft8.txt).\n\nOptions");
  opts.add_options()("help,h", "show this help")("depth,d", po::value(&depth)->required(),
                                                 "deepest depth to count (1..60)")(
      "size,s", po::value(&size_text)->default_value(size_text), kSizeHelp)(
      "position", po::value(&position_text),
      "start from this board text instead ([COLSxROWS] cells X/O/-, then X or O to move)")(
      "moves", po::value(&moves_text), "then play these moves first, e.g. f5d6c3")(
      "wide", po::bool_switch(&wide),
      "use the eleven-word sets even where fewer words hold the board")(
      "last-only", po::bool_switch(&only_last), "count only depth D")(
      "pass-free", po::bool_switch(&pass_free), "a pass uses no depth (convention C)");
  po::variables_map vm;
  if (!parse_command_line(args, opts, vm, nullptr, nullptr, "flank-bench perft"))
    return vm.count("help") ? 0 : 2;
  if (depth < 1 || depth > 60) throw std::invalid_argument("--depth must be 1..60");
  const Shape shape = parse_size_option(size_text);
  Game game(position_text.empty() ? Position(shape) : Position::parse(position_text));
  game.play_sequence(moves_text);
  const Position start = game.position();
  const auto rep = wide ? Representation::Wide : Representation::Fastest;
  double seconds = 0;
  std::uint64_t leaves = 0;
  for (int d = only_last ? depth : 1; d <= depth; ++d) {
    const auto t0 = std::chrono::steady_clock::now();
    leaves =
        perft(start, d, rep, pass_free ? PerftConvention::PassIsFree : PerftConvention::PassIsPly);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << d << " " << leaves << std::endl;
  }
  std::printf("size %dx%d depth %d: %.3f s, %.1f million leaves/s%s\n", start.cols(), start.rows(),
              depth, seconds, seconds > 0 ? leaves / seconds / 1e6 : 0.0,
              wide ? " (wide sets)" : "");
  return 0;
}

}  // namespace flank::bench
