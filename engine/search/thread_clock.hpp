#pragma once
// The CPU time of the calling thread, for searches that measure their budget
// in it (SearchLimits::thread_cpu_time): on a loaded machine the threads of
// one process share one scheduling group, so wall time gives a 2-thread
// search no more CPU than a 1-thread one; each thread's own CPU time does.
// And the CPU time of the whole process (every thread), for the figures
// quoted by benchmarks and GTP's cputime.

#include <ctime>

namespace flank {

inline double cpu_seconds_of(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

inline double thread_cpu_seconds() { return cpu_seconds_of(CLOCK_THREAD_CPUTIME_ID); }

inline double process_cpu_seconds() { return cpu_seconds_of(CLOCK_PROCESS_CPUTIME_ID); }

}  // namespace flank
