#pragma once
// The CPU time of the calling thread, for searches that measure their budget
// in it (SearchLimits::thread_cpu_time): on a loaded machine the threads of
// one process share one scheduling group, so wall time gives a 2-thread
// search no more CPU than a 1-thread one; each thread's own CPU time does.

#include <ctime>

namespace flank {

inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace flank
