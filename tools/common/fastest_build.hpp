#pragma once
// Runtime choice of the code for the CPU. A build for the x86-64 baseline
// (the Debian package's x86-64-v2: no AVX2, BMI2 or AVX-512) searches at
// about half the speed of one for the machine (BENCHMARKS.md, "The package's
// portable code"). So the package also carries the searching programs built
// for x86-64-v3 (AVX2, BMI2) and x86-64-v4 (AVX-512), under
// LIBEXECDIR/flank/LEVEL/, and each program starts by replacing itself with
// the build of the highest level this CPU runs, when one is installed.

#include <functional>

namespace flank {

// x86-64 micro-architecture levels: 1 (the baseline) to 4.
// The level this program was compiled for, from the compiler's target macros.
int compiled_x86_level();
// The level of this CPU, as far as the compiler can tell (1 where it cannot).
int cpu_x86_level();

// The level of the build to start: the highest level above `compiled` and
// not above `cpu` for which `installed(level)` holds, else 0 (stay in this one).
int level_to_start(int compiled, int cpu, const std::function<bool(int)>& installed);

// Replaces this process (argv unchanged) with the same program built for a
// higher level, as level_to_start chooses among the builds installed beside
// it (the directory of this executable, then FLANK_LIBEXEC_RELATIVE, then
// x86-64-vN). Returns when this build stays: none better is installed, the
// environment sets FLANK_DISPATCH=off, or the start failed.
void start_fastest_build(char** argv);

}  // namespace flank
