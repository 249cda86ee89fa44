#pragma once
// The product's version (CMake's project version), answered by GTP's
// `version` and printed by every program's --version.

#include <string_view>

namespace flank {

std::string_view flank_version();

}  // namespace flank
