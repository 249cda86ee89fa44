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
    std::fprintf(stderr, "\r%s %.0f/%.0f (%.0f%%) %s elapsed %s ETA %s   ", what_.c_str(), done,
                 total_, total_ > 0 ? 100 * done / total_ : 100.0, extra.c_str(),
                 duration(elapsed).c_str(), done > 0 ? duration(left).c_str() : "?");
    std::fflush(stderr);
  }
  void finish(double done, const std::string& extra = "") {
    update(done, extra, true);
    std::fprintf(stderr, "\n");
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

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
