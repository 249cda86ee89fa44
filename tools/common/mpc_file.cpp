#include "tools/common/mpc_file.hpp"

#include "tools/common/binary_file.hpp"

namespace flank {

mpc::Statistics load_mpc_statistics(const std::string& path) {
  return mpc::Statistics::from_bytes(read_binary_file(path, "Multi-ProbCut statistics"), path);
}

void save_mpc_statistics(const mpc::Statistics& stats, const std::string& path) {
  write_binary_file(path, stats.to_bytes(), "Multi-ProbCut statistics");
}

}  // namespace flank
