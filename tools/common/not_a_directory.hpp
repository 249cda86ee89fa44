#pragma once
// Opening a directory as a file succeeds on Linux and fails only when read,
// with a message such as "basic_filebuf::underflow error reading the file: Is
// a directory" or as an empty file: the file readers check first and say so.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace flank {

// Throws Error("PATH: is a directory, not a KIND") when path names a
// directory, e.g. "/tmp: is a directory, not a weights file" ("an" before a vowel).
template <class Error = std::runtime_error>
void refuse_directory(const std::string& path, const std::string& kind) {
  std::error_code ignored;  // a path that cannot be examined is the reader's to report
  if (!std::filesystem::is_directory(path, ignored)) return;
  const bool vowel = !kind.empty() && std::string("aeiouAEIOU").find(kind[0]) != std::string::npos;
  throw Error(path + ": is a directory, not " + (vowel ? "an " : "a ") + kind);
}

}  // namespace flank
