#pragma once
// The size weights file on disk (format in engine/eval/size_eval.hpp): reading and
// writing it is I/O, so it lives here, outside the engine library.

#include <memory>
#include <string>

#include "engine/eval/size_eval.hpp"

namespace flank {

// Reads a size weights file; a missing, truncated, corrupt or foreign file
// throws std::runtime_error with a one-line message naming the file.
std::shared_ptr<const SizeWeights> load_size_weights(const std::string& path);

// Writes one; throws std::runtime_error naming the file on any failure.
void save_size_weights(const SizeWeights& weights, const std::string& path);

}  // namespace flank
