#include "tools/common/mpc_file.hpp"

#include "tools/common/binary_file.hpp"

namespace flank {

mpc::Statistics load_mpc_statistics(const std::string& path) {
  return mpc::Statistics::from_bytes(read_binary_file(path, "Multi-ProbCut statistics file"), path);
}

void save_mpc_statistics(const mpc::Statistics& stats, const std::string& path) {
  write_binary_file(path, stats.to_bytes(), "Multi-ProbCut statistics file");
}

std::shared_ptr<const mpc::Statistics> mpc_from_option(const std::string& option) {
  if (option == "off") return nullptr;
  if (option == "on") return mpc::shipped_statistics();
  return std::make_shared<const mpc::Statistics>(load_mpc_statistics(option));
}

}  // namespace flank
