#pragma once
// flank-train's command line, parsed: what each run of the 8x8 trainer does
// (generate, merge, fit, propagate, measure, the net and the statistics).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/common/options.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/least_squares.hpp"
#include "tools/train/mpc_fit.hpp"
#include "tools/train/net_fit.hpp"
#include "tools/train/propagate.hpp"
#include "tools/train/selfplay.hpp"

namespace flank::train {

struct Settings {
  std::string data, suite, out, curve, openings, init, games_pgn, shard = "1/1", mpc_out;
  std::string labels_out;  // --labels-out: the positions with their final labels
  std::string checkpoint;  // --propagate-checkpoint: resume the propagation from it
  // Sharded propagation: a worker searches shard K/N of the next phase into
  // --propagate-part; a merge (--propagate-parts) puts the parts in.
  std::string propagate_shard, propagate_part;
  int propagate_shard_index = 0, propagate_shard_count = 0;
  std::vector<std::string> propagate_parts;
  int propagate_phases = -1;         // --propagate-phases: at most this many phases in this run
  int interpolate_phases = 0;        // --interpolate-phases: rewrite --init with this many phases
  bool blend = false;                // --blend: fit and write the phases as a per-move blend
  std::string patterns = "classic";  // --patterns: a declared pattern set
  // Given on the command line (with --init they convert the initial weights).
  bool patterns_given = false, phases_given = false, reweights_given = false;
  bool mpc_only = false;
  MpcFitOptions mpc;
  // --net-only: fit a residual net over --init to --net-out; --net: the net
  // of --mpc-only's and --measure's evaluation (on, off or a file).
  bool net_only = false;
  std::string net_out, net = "on";
  NetFitOptions net_fit;
  std::vector<std::string> merge;  // --merge PART...
  double children = 0;             // --children: the share of positions given a random child
  int shard_index = 1, shard_count = 1;
  int games = 0, threads = 1, phases = 12;
  std::uint64_t seed = 1;
  bool generate_only = false, fit_only = false;
  std::vector<std::string> measure;
  int band = 10;
  std::string empties = "0-60";  // --empties LOW-HIGH
  EmptiesRange empties_range;    // --empties, parsed
  SelfPlayOptions play;
  FitOptions fit;
  std::string solver = "sgd";  // --solver: sgd (FitOptions) or cg (LeastSquaresOptions)
  LeastSquaresOptions lsq;
  // A phase with fewer positions is refitted by least squares whatever the
  // solver: a few epochs of gradient descent leave its rare configurations
  // (the start position is one position of its phase) near where the first
  // fit put them.
  int thin_phase = 10000;
  PropagateOptions propagate;
  // --propagate-mpc: off, on (the statistics built into flank) or a file.
  std::string propagate_mpc = "off";
};

// A bad option or combination of options: one error line and status 2, like
// the errors the option parser reports.
struct BadOption : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Whether the run fits weights (not --generate-only, --mpc-only, --measure, --merge).
inline bool fits(const Settings& s) {
  return !s.generate_only && !s.mpc_only && !s.net_only && s.measure.empty() && s.merge.empty();
}

}  // namespace flank::train
