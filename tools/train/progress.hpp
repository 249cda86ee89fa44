#pragma once
// A one-line progress report with rate and estimated time left, at most a few
// times a second, on stderr.

#include <chrono>
#include <cstdio>
#include <string>

namespace flank::train {

class Progress {
 public:
  Progress(std::string what, double total) : what_(std::move(what)), total_(total) {}

  void update(double done, const std::string& extra = "", bool force = false) {
    const auto now = Clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double left = done > 0 ? elapsed * (total_ - done) / done : 0;
    std::fprintf(stderr, "\r%s %.0f/%.0f (%ld%%) %s elapsed %s ETA %s   ", what_.c_str(), done,
                 total_, percent(done, total_), extra.c_str(), duration(elapsed).c_str(),
                 done > 0 ? duration(left).c_str() : "?");
    std::fflush(stderr);
  }
  void finish(double done, const std::string& extra = "") {
    update(done, extra, true);
    std::fprintf(stderr, "\n");
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // Rounded down, so that "100%" is shown only once everything is done
  // (6,272 of 6,293 is 99%, not 100%).
  static long percent(double done, double total) {
    return total > 0 ? static_cast<long>(100 * done / total) : 100;
  }

  static std::string duration(double s) {
    char buf[32];
    const long t = static_cast<long>(s + 0.5);
    if (t >= 3600)
      std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
      std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
  }

 private:
  using Clock = std::chrono::steady_clock;
  std::string what_;
  double total_;
  Clock::time_point start_ = Clock::now(), last_{};
};

}  // namespace flank::train
