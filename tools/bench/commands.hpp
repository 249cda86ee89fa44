#pragma once
// flank-bench subcommands. Each takes the arguments after its name and returns
// the process exit status.

#include <string>
#include <vector>

namespace flank::bench {

// CPU time of this process: the figure to quote on a shared, busy machine.
double cpu_seconds();

int run_perft(const std::vector<std::string>& args);
int run_endgame(const std::vector<std::string>& args);
int run_midgame(const std::vector<std::string>& args);

}  // namespace flank::bench
