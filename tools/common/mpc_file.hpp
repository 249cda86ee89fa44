#pragma once
// The Multi-ProbCut statistics file on disk (format in engine/search/mpc.hpp).

#include <memory>
#include <string>

#include "engine/search/mpc.hpp"

namespace flank {

// Throws std::runtime_error with one line naming the file.
mpc::Statistics load_mpc_statistics(const std::string& path);
void save_mpc_statistics(const mpc::Statistics& stats, const std::string& path);

// The statistics an `--mpc`-style option names: "off" gives null, "on" the
// statistics built into the program, anything else a file (load_mpc_statistics).
std::shared_ptr<const mpc::Statistics> mpc_from_option(const std::string& option);

}  // namespace flank
