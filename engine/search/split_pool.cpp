#include "engine/search/split_pool.hpp"

#include <algorithm>
#include <chrono>

#include "engine/search/search_tuning.hpp"

namespace flank {
namespace {

using Clock = std::chrono::steady_clock;

// Tells the core that this thread spins (x86: it then yields to its sibling
// hyperthread and leaves the loop without a memory-order stall).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

bool lies_below(const SplitPoint& sp, const SplitPoint* above) {
  for (const SplitPoint* s = sp.parent; s; s = s->parent)
    if (s == above) return true;
  return false;
}

}  // namespace

void SplitPool::begin_search() {
  const std::lock_guard lock(mutex_);
  searching_ = true;
  open_.clear();
  helper_nodes_.store(0, std::memory_order_relaxed);
  budget_nodes_.store(0, std::memory_order_relaxed);
  counters_ = {};
}

void SplitPool::end_search() {
  {
    const std::lock_guard lock(mutex_);
    searching_ = false;
    changes_.fetch_add(1, std::memory_order_relaxed);
  }
  changed_.notify_all();
}

SplitPool::Counters SplitPool::counters() const {
  const std::lock_guard lock(mutex_);
  return counters_;
}

SplitPoint* SplitPool::find_open(const SplitPoint* below) const {
  for (SplitPoint* sp : open_) {
    if (sp->next >= sp->size || sp->cut.load(std::memory_order_relaxed)) continue;
    if (below && !lies_below(*sp, below)) continue;
    return sp;
  }
  return nullptr;
}

void SplitPool::remove_open(SplitPoint& sp) {
  const auto it = std::find(open_.begin(), open_.end(), &sp);
  if (it != open_.end()) open_.erase(it);
}

void SplitPool::help_at(SplitPoint* sp, int thread, std::unique_lock<std::mutex>& lock) {
  ++sp->helpers;
  ++counters_.joins;
  idle_.fetch_sub(1, std::memory_order_relaxed);
  lock.unlock();
  sp->help(thread);
  lock.lock();
  idle_.fetch_add(1, std::memory_order_relaxed);
  --sp->helpers;
  changes_.fetch_add(1, std::memory_order_relaxed);
  changed_.notify_all();  // its owner may be waiting for it
}

void SplitPool::help_or_wait(const SplitPoint* below, int thread,
                             std::unique_lock<std::mutex>& lock) {
  if (SplitPoint* sp = find_open(below)) {
    help_at(sp, thread, lock);
    return;
  }
  const auto waited = Clock::now();
  // Spin a little before blocking: most waits end within microseconds, sooner
  // than the operating system would wake the thread.
  const std::uint64_t seen = changes_.load(std::memory_order_relaxed);
  lock.unlock();
  const auto spin_until = waited + std::chrono::microseconds(tuning::kSplitSpinMicroseconds);
  while (changes_.load(std::memory_order_relaxed) == seen && Clock::now() < spin_until)
    for (int i = 0; i < 16; ++i) cpu_relax();
  lock.lock();
  if (changes_.load(std::memory_order_relaxed) == seen) changed_.wait(lock);
  counters_.idle_seconds += std::chrono::duration<double>(Clock::now() - waited).count();
}

void SplitPool::serve(int thread) {
  std::unique_lock lock(mutex_);
  idle_.fetch_add(1, std::memory_order_relaxed);
  while (searching_) help_or_wait(nullptr, thread, lock);
  idle_.fetch_sub(1, std::memory_order_relaxed);
}

void SplitPool::open(SplitPoint& sp) {
  {
    const std::lock_guard lock(mutex_);
    open_.push_back(&sp);
    ++counters_.splits;
    changes_.fetch_add(1, std::memory_order_relaxed);
  }
  changed_.notify_all();
}

bool SplitPool::take(SplitPoint& sp, std::size_t& index, int& alpha) {
  const std::lock_guard lock(mutex_);
  if (sp.next >= sp.size || sp.cut.load(std::memory_order_relaxed)) return false;
  index = sp.next++;
  alpha = sp.alpha;
  return true;
}

void SplitPool::close(SplitPoint& sp, int thread) {
  std::unique_lock lock(mutex_);
  remove_open(sp);
  if (sp.helpers == 0) return;
  // Waiting for the helpers: help them where they split below this node.
  idle_.fetch_add(1, std::memory_order_relaxed);
  while (sp.helpers > 0) help_or_wait(&sp, thread, lock);
  idle_.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace flank
