#pragma once
// Whole binary data files (weights, Multi-ProbCut statistics) read and written
// in one piece; errors are one std::runtime_error line naming the file as
// "<what> <path>: <reason>", or "<path>: is a directory, not a <what>". `what`
// names the kind of file, e.g. "weights file".

#include <string>

namespace flank {

std::string read_binary_file(const std::string& path, const std::string& what);
void write_binary_file(const std::string& path, const std::string& bytes, const std::string& what);

}  // namespace flank
