#include "tools/common/size_weights_file.hpp"

#include "tools/common/binary_file.hpp"

namespace flank {

std::shared_ptr<const SizeWeights> load_size_weights(const std::string& path) {
  return std::make_shared<const SizeWeights>(
      SizeWeights::from_bytes(read_binary_file(path, "size weights file"), path));
}

void save_size_weights(const SizeWeights& weights, const std::string& path) {
  write_binary_file(path, weights.to_bytes(), "size weights file");
}

}  // namespace flank
