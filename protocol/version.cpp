#include "protocol/version.hpp"

// protocol/CMakeLists.txt defines it from the project's version; this file is
// the only one that reads it.
#ifndef FLANK_VERSION
#define FLANK_VERSION "unknown"
#endif

namespace flank {

std::string_view flank_version() { return FLANK_VERSION; }

}  // namespace flank
