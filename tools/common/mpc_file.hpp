#pragma once
// The Multi-ProbCut statistics file on disk (format in engine/mpc.hpp).

#include <string>

#include "engine/mpc.hpp"

namespace flank {

// Throws std::runtime_error with one line naming the file.
mpc::Statistics load_mpc_statistics(const std::string& path);
void save_mpc_statistics(const mpc::Statistics& stats, const std::string& path);

}  // namespace flank
