#include "tools/common/weights_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/pattern_evaluator.hpp"

namespace flank {

void save_weights(const PatternWeights& weights, const std::string& path) {
  const std::string bytes = weights.to_bytes();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    throw std::runtime_error("cannot write weights file " + path + ": " + std::strerror(errno));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write weights file " + path + ": write failed");
}

PatternWeights load_weights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open weights file " + path + ": " + std::strerror(errno));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read weights file " + path);
  return PatternWeights::from_bytes(buf.str(), path);
}

std::shared_ptr<const Evaluator> pattern_evaluator(const std::string& weights_path) {
  return std::make_shared<const PatternEvaluator>(
      std::make_shared<const PatternWeights>(load_weights(weights_path)));
}

}  // namespace flank
