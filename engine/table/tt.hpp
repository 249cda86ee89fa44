#pragma once
// The transposition table: bounds on a position's score, the depth they were
// searched to and the best move found, in a fixed-size array of
// buckets of four (one cache line). Exact endgame results are stored with a
// solved depth (solved_depth) so the solver trusts only those, while the
// midgame search may use both.
//
// The table is shared by the threads of a parallel search without locks: each
// slot is two relaxed atomic words, the entry's data and key ^ data. A probe
// that reads the words of two different stores sees a key mismatch and misses,
// so a torn entry is never used; a lost update only costs a re-search.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

#include "engine/board/hash_mix.hpp"
#include "engine/board/rules.hpp"

namespace flank {

// Exact results carry depths above every midgame depth, growing with the
// empties they solved: the table then evicts the cheapest solves first, not a
// deep solve for a shallow one.
constexpr int kSolvedDepthBase = 64;
constexpr int kMaxDepth = 127;  // the entry's depth is 8 bits
constexpr int solved_depth(int empties) {
  return empties < kMaxDepth - kSolvedDepthBase ? kSolvedDepthBase + empties : kMaxDepth;
}
constexpr bool is_solved_depth(int depth) { return depth >= kSolvedDepthBase; }
// A midgame depth as stored: below every solved depth.
constexpr int midgame_depth(int depth) {
  return depth < kSolvedDepthBase ? depth : kSolvedDepthBase - 1;
}

inline std::uint64_t hash_board(const Board<std::uint64_t>& b) {
  return mix64(b.me ^ splitmix64(b.opp));
}

template <int N>
std::uint64_t hash_board(const Board<WordSet<N>>& b) {
  std::uint64_t h = kGoldenGamma;
  for (int i = 0; i < N; ++i) h = mix64(h ^ b.me.w[i]) + b.opp.w[i] * 0xff51afd7ed558ccdULL;
  return mix64(h);
}

// One entry as the search sees it: a copy taken by probe.
struct TTEntry {
  std::uint64_t key = 0;
  std::int16_t lower = 0;  // score >= lower (eval units; kBoundLimit = no bound)
  std::int16_t upper = 0;  // score <= upper
  std::int16_t move = -1;  // best or refuting move, -1 if none
  std::int8_t depth = -1;  // -1: empty slot
  std::uint8_t generation = 0;
};

// Scores are within +-64 discs; bounds beyond are stored as this.
constexpr int kBoundLimit = 32000;

// Thrown when a table of `megabytes` cannot be allocated. It is a
// std::bad_alloc, and tells the front ends which size failed so that they
// can name their --hash.
class TableAllocationError : public std::bad_alloc {
 public:
  explicit TableAllocationError(std::size_t megabytes) : megabytes_(megabytes) {}
  std::size_t megabytes() const { return megabytes_; }
  const char* what() const noexcept override { return "transposition table allocation failed"; }

 private:
  std::size_t megabytes_;
};

class TranspositionTable {
 public:
  static constexpr int kWays = 4;
  // 16 bytes: four slots fill one 64-byte cache line (one bucket).
  // Plain words read and written through std::atomic_ref, so that a bucket
  // is a trivial type: zeroed memory from the system is already an empty
  // table, without a pass that writes it.
  struct Slot {
    std::uint64_t check;  // key ^ data
    std::uint64_t data;   // the entry without its key (pack / unpack)
  };
  struct alignas(64) Bucket {
    Slot way[kWays];
  };
  static_assert(sizeof(Bucket) == 64);

  explicit TranspositionTable(std::size_t megabytes) { resize(megabytes); }
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Neither may run while another thread uses the table. clear() writes
  // only a table that has been stored into since it was made or cleared.
  void resize(std::size_t megabytes);
  void clear();
  void new_search() { generation_.fetch_add(1, std::memory_order_relaxed); }
  std::size_t megabytes() const { return megabytes_; }

  // A copy of the entry for key, if there is one.
  std::optional<TTEntry> probe(std::uint64_t key) const {
    const Bucket& b = buckets_[key & mask_];
    for (const Slot& s : b.way) {
      const std::uint64_t data = load(s.data);
      if ((load(s.check) ^ data) == key) {
        const TTEntry e = unpack(key, data);
        if (e.depth >= 0) return e;
      }
    }
    return std::nullopt;
  }
  // Starts loading key's bucket into the cache.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

  // Records that the score searched to depth with window (alpha, beta) was score.
  void store(std::uint64_t key, int depth, int alpha, int beta, int score, int move);

 private:
  // Relaxed atomic access to a slot's word (the class comment says why relaxed).
  static std::uint64_t load(const std::uint64_t& word) {
    // (atomic_ref of a const word comes with C++26; a load writes nothing.)
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
        .load(std::memory_order_relaxed);
  }
  static void store_word(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
  }
  static std::uint64_t pack(const TTEntry& e);
  static TTEntry unpack(std::uint64_t key, std::uint64_t data);

  Bucket* buckets_ = nullptr;  // 2 MB aligned: huge pages where the system allows
  std::size_t count_ = 0;
  // Set by the first store after the table was made or cleared: until then
  // every slot is still zero and clear() has nothing to do (a new game right
  // after start-up then touches none of the table's pages).
  std::atomic<bool> stored_{false};
  std::size_t mask_ = 0;  // bucket index: key & mask_
  std::size_t megabytes_ = 0;
  std::atomic<std::uint8_t> generation_{0};
};

}  // namespace flank
