#pragma once
// A file name in the system's temporary folder for a test. Each test file
// passes its own tag, so that test executables running side by side
// (`ctest -j`) never write the same file.

#include <filesystem>
#include <string>

namespace flank::testing {

inline std::string temp_path(const std::string& tag, const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("flank_" + tag + "_test_" + name)).string();
}

}  // namespace flank::testing
