#include "tools/common/fastest_build.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace flank {

int compiled_x86_level() {
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512CD__) && \
    defined(__AVX512DQ__) && defined(__AVX512VL__)
  return 4;
#elif defined(__AVX2__) && defined(__BMI2__) && defined(__FMA__)
  return 3;
#elif defined(__SSE4_2__) && defined(__POPCNT__)
  return 2;
#else
  return 1;
#endif
}

int cpu_x86_level() {
  // GCC names the levels; Clang 14 knows too few of their features to test
  // them, so its builds stay where they are.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v4")) return 4;
  if (__builtin_cpu_supports("x86-64-v3")) return 3;
  if (__builtin_cpu_supports("x86-64-v2")) return 2;
#endif
  return 1;
}

int level_to_start(int compiled, int cpu, const std::function<bool(int)>& installed) {
  for (int level = cpu; level > compiled; --level)
    if (installed(level)) return level;
  return 0;
}

void start_fastest_build(char** argv) {
#ifdef FLANK_LIBEXEC_RELATIVE
  const char* choice = std::getenv("FLANK_DISPATCH");
  if (choice && std::string(choice) == "off") return;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return;
  const auto build_of = [&](int level) {
    return self.parent_path() / FLANK_LIBEXEC_RELATIVE / ("x86-64-v" + std::to_string(level)) /
           self.filename();
  };
  const int level = level_to_start(compiled_x86_level(), cpu_x86_level(),
                                   [&](int l) { return ::access(build_of(l).c_str(), X_OK) == 0; });
  if (level == 0) return;
  ::execv(build_of(level).c_str(), argv);
  // Only on failure: this build goes on.
#else
  (void)argv;
#endif
}

}  // namespace flank
