#pragma once
// The training's worker pool: self-play and relabelling both hand out indices
// to a few threads, each with state of its own (a Searcher).

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace flank::train {

// Calls task(*state, i) for every i in [0, count) on `threads` threads, where
// each thread's state comes from make_state() (a pointer-like value). The
// first exception stops the handing out of indices and is rethrown here once
// every thread has finished.
template <class MakeState, class Task>
void parallel_for(std::size_t count, int threads, MakeState make_state, Task task) {
  std::atomic<std::size_t> next{0};
  std::mutex lock;
  std::exception_ptr failure;
  auto worker = [&] {
    try {
      auto state = make_state();
      for (std::size_t i; (i = next++) < count;) task(*state, i);
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      next = count;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace flank::train
