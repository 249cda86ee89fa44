// flank-train's fits over given weights: Multi-ProbCut statistics, residual net.
#include "tools/train/model_steps.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>

#include "engine/eval/pattern_evaluator.hpp"
#include "tools/common/mpc_file.hpp"
#include "tools/common/weights_file.hpp"
#include "tools/train/mpc_fit.hpp"
#include "tools/train/net_fit.hpp"
#include "tools/train/progress.hpp"

namespace flank::train {

namespace {

// A row of the net's learning curve: overall and per net phase.
std::string net_curve_row(const char* what, const NetErrors& e) {
  char cell[32];
  std::snprintf(cell, sizeof cell, "| %s | %.3f |", what, e.all);
  std::string row = cell;
  for (double v : e.phase) {
    std::snprintf(cell, sizeof cell, " %.3f |", v);
    row += cell;
  }
  return row + "\n";
}

}  // namespace

void fit_and_write_mpc(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights) {
  MpcFitOptions options = s.mpc;
  options.threads = s.threads;
  const int endgame_counts = std::max(0, options.endgame_max - mpc::kSelectiveMinEmpties + 1);
  const double total = options.positions + endgame_counts * options.endgame_positions;
  std::cout << "Multi-ProbCut statistics: searching " << options.positions << " positions to depth "
            << options.max_depth << ", solving up to " << options.endgame_positions
            << " positions for each empties count " << mpc::kSelectiveMinEmpties << ".."
            << options.endgame_max << std::endl;
  auto net = net_from_option(s.net, weights);
  std::cout << (net ? "with the residual net " + (s.net == "on" ? std::string("built in") : s.net)
                    : std::string("without a residual net"))
            << std::endl;
  Progress progress("positions", total);
  std::mutex lock;
  const mpc::Statistics stats =
      fit_mpc(samples,
              std::make_shared<const PatternEvaluator>(
                  std::make_shared<const PatternWeights>(weights), std::move(net)),
              options, [&](std::size_t done) {
                std::lock_guard<std::mutex> guard(lock);
                progress.update(static_cast<double>(done), "");
              });
  progress.finish(total, "");
  save_mpc_statistics(stats, s.mpc_out);
  std::cout << "wrote " << s.mpc_out << "\n\n" << mpc_table(stats) << std::flush;
}

void fit_and_write_net(const Settings& s, const std::vector<Sample>& samples,
                       const PatternWeights& weights) {
  NetFitOptions options = s.net_fit;
  options.seed = s.seed;
  options.holdout = s.fit.holdout;
  std::cout << "fitting a residual net over " << s.init << " to " << samples.size()
            << " positions: " << options.phases << " phases, " << options.epochs << " epochs"
            << std::endl;
  std::string table = "| epoch | all |";
  for (int p = 0; p < options.phases; ++p) table += " phase " + std::to_string(p) + " |";
  table += "\n|---|---|";
  for (int p = 0; p < options.phases; ++p) table += "---|";
  table += "\n";
  std::optional<Progress> progress;
  double trained = 0;
  const ResidualNet net = fit_net(
      samples, weights, options,
      [&](const NetEpoch& row) {
        if (progress) progress->finish(trained);  // the epoch's line below the progress line
        std::printf("epoch %d/%d  train MAE %.3f  held-out MAE %.3f (the weights alone %.3f)\n",
                    row.epoch, options.epochs, row.train.all, row.holdout.all, row.linear.all);
        std::fflush(stdout);
        if (row.epoch == 0) table += net_curve_row("weights alone", row.linear);
        table += net_curve_row(std::to_string(row.epoch).c_str(), row.holdout);
      },
      [&](std::size_t done, std::size_t total) {
        if (!progress) progress.emplace("positions trained", static_cast<double>(total));
        trained = static_cast<double>(done);
        progress->update(trained);
      });
  save_net(net, s.net_out);
  const NetEpoch written = measure_net(samples, weights, net, options.holdout, options.seed);
  table += net_curve_row("as written", written.holdout);
  std::ofstream curve(s.curve);
  curve << "# flank-train residual net learning curve\n\n"
        << samples.size() << " positions, seed " << s.seed << ", over " << s.init
        << "\n\nHeld-out mean absolute error (discs) after each epoch, by net phase.\n\n"
        << table;
  if (!curve) throw std::runtime_error("cannot write learning curve " + s.curve);
  std::printf("wrote %s (%zu bytes, held-out MAE %.3f as written) and %s\n", s.net_out.c_str(),
              net.to_bytes().size(), written.holdout.all, s.curve.c_str());
}

}  // namespace flank::train
