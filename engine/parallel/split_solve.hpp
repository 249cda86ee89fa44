#pragma once
// The exact endgame solve divided between threads: young brothers wait.
// The root is solved by MTD(f) null-window passes, as the 1-thread solve; in
// each pass the eldest (best-ordered) move is searched first, and when it does
// not end the pass the other moves go to the threads at once, each a
// Searcher::solve_window call on the shared table; the first to fail high
// ends the pass (and is searched first in the next one). The eldest move is
// split the same way one ply down (and further, to SplitOptions::plies), so a
// pass that fails high, whose work is all below its first move, divides too.
// A thread left without a move helps one still running (the same call on the
// shared table, lazy-SMP style), and whichever finishes first gives the answer.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/search/search.hpp"

namespace flank {

struct SplitOptions {
  int plies = 4;         // split the first move's line at plies 0 .. plies - 1
  int min_empties = 14;  // a node with fewer empties is one call, never split
  // What a thread does when no job is left to start: 0 waits; 1 runs a running
  // job's call too; 2 solves a running job's moves, last first; 3 as 2, but for
  // a job expected to fail high (a young brother) the replies to its first move.
  // The defaults measured best (docs/search.md, "Parallel search").
  int help = 1;
};

class SplitSolve {
 public:
  // workers[0] runs on the calling thread; all share one table. orderer sorts
  // the moves by short midgame searches: it must share the table and leave
  // its generation alone (a helper: Searcher::help).
  SplitSolve(const std::vector<Searcher*>& workers, Searcher& orderer, const SearchLimits& limits,
             SplitOptions options = {});
  ~SplitSolve();
  SplitSolve(const SplitSolve&) = delete;
  SplitSolve& operator=(const SplitSolve&) = delete;

  // Exact (or win/loss/draw) solve of p, which must have a legal move. A
  // search cut short by the limits returns the ordering search's move and
  // estimate with exact == false.
  SearchResult solve(const Position& p, bool win_loss_draw);
  // The nodes searched on the calling thread (the rest ran on the others).
  std::uint64_t main_nodes() const { return main_nodes_; }

 private:
  struct Child {
    Square move;
    Position position;
    int estimate;  // midgame score for the parent's mover, in discs
  };
  struct Job {
    const Position* position;
    int alpha, beta;  // the window for the job's mover
    bool cut_node;    // expected to fail high (a young brother)
  };
  // The moves a thread idle at the end of a split solves for a running job.
  struct Help {
    bool expanded = false;
    std::vector<Position> sub;  // in the order the job's runner tries them
    std::size_t next = 0;       // sub[next - 1] is the next to take; sub[0] is the runner's
    int alpha = 0, beta = 0;    // their window
    bool refutes = false;       // they are the job's own moves: one reaching beta ends it
  };
  struct Outcome {
    bool done = false;
    int score = 0;  // for the job's mover
  };

  // The moves of p, best estimate first (kept for later passes).
  std::vector<Child>& children(const Position& p);
  // p's value for its mover with the null window (beta - 1, beta), fail-soft;
  // nothing when the limits stopped it.
  std::optional<int> node(const Position& p, int beta, int ply);
  // Runs the jobs on every worker until all are done or one's value for the
  // parent (-score) reaches cut_at.
  std::vector<Outcome> run(const std::vector<Job>& jobs, int cut_at);
  void work(std::size_t worker, const std::vector<Job>& jobs, int cut_at,
            std::vector<Outcome>& out);
  SearchLimits job_limits(const std::atomic<bool>* stop) const;
  double remaining_seconds() const;  // of the caller's budget; +inf without one
  void stop_all();                   // the mutex must be held
  void expand(const Job& job, Help& help) const;
  // Job i's score is known: record it, stop its threads, and all on a cut.
  void finish(std::size_t i, int score, int cut_at, std::vector<Outcome>& out);

  std::vector<Searcher*> workers_;
  Searcher& orderer_;
  SearchLimits limits_;
  SplitOptions options_;
  std::chrono::steady_clock::time_point start_;
  std::map<std::string, std::vector<Child>> children_;
  std::uint64_t nodes_ = 0, main_nodes_ = 0;

  // The running split, guarded by mutex_.
  std::mutex mutex_;
  std::size_t next_ = 0;      // the next job to start
  std::vector<int> running_;  // threads on each job
  std::vector<Help> help_;
  std::unique_ptr<std::atomic<bool>[]> job_stop_;  // each job's stop flag
  std::size_t job_count_ = 0;
  bool cut_ = false;
  std::atomic<bool> aborted_{false};  // stopped by the caller's flag, deadline or an abort
};

}  // namespace flank
