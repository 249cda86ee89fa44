#include "tools/bench/commands.hpp"

namespace flank::bench {

void spend_as_flank_time(SearchLimits& limits, double seconds, bool cpu_time) {
  limits.seconds = seconds;
  limits.fixed_time = true;   // what a move leaves unused is lost: iterations start to its end
  limits.exact_empties = -1;  // the solve point from the time
  limits.thread_cpu_time = cpu_time;
}

}  // namespace flank::bench
