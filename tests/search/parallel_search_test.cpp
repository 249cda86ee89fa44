// Parallel search (engine/parallel/parallel_search.hpp): one thread is exactly the
// deterministic Searcher; several threads give legal moves, exact endgame
// scores, and obey stop flags, deadlines and node budgets. Also built with
// ThreadSanitizer by scripts/test.sh (build-tsan/), where these searches
// must show no data race on the shared transposition table.
#include "engine/parallel/parallel_search.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "../engine/reference_data.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/parallel/background_search.hpp"
#include "engine/table/tt.hpp"
#include "test_positions.hpp"
#include "tools/common/endgame_suite.hpp"

using namespace flank;
using flank::testing::random_position;

namespace {

bool is_legal_result(const Position& p, const SearchResult& r) {
  return p.is_legal(r.move) || (r.move == kPass && p.is_game_over());
}

EndgameCase ffo(const std::string& file, const std::string& id) {
  for (const auto& c : read_endgame_suite(flank::testing::test_data_path(file)))
    if (c.id == id) return c;
  throw std::runtime_error("no FFO #" + id);
}

void check_solved(ParallelSearcher& searcher, const EndgameCase& c) {
  CAPTURE(c.id);
  const SearchResult r = searcher.solve(c.position);
  CHECK(r.exact);
  CHECK(r.score == c.score);
  CHECK(std::find(c.best_moves.begin(), c.best_moves.end(), r.move) != c.best_moves.end());
  // The principal variation starts with the move and is a legal line.
  REQUIRE_FALSE(r.pv.empty());
  CHECK(r.pv.front() == r.move);
  Position line = c.position;
  for (const Square sq : r.pv) {
    REQUIRE(line.is_legal(sq));
    line.play(sq);
  }
}

}  // namespace

TEST_CASE("the table keeps every field of an entry, and a bound only for its key") {
  TranspositionTable tt(1);
  tt.store(12345, solved_depth(20), -100, 100, -37, 63);
  auto e = tt.probe(12345);
  REQUIRE(e);
  CHECK(e->depth == solved_depth(20));
  CHECK(is_solved_depth(e->depth));
  CHECK(e->lower == -37);
  CHECK(e->upper == -37);
  CHECK(e->move == 63);
  CHECK_FALSE(tt.probe(12345 + (1u << 20)));      // same bucket, other key
  tt.store(999, 0, 0, 10, -kBoundLimit * 2, -1);  // failed low: an upper bound only
  e = tt.probe(999);
  REQUIRE(e);
  CHECK(e->depth == 0);
  CHECK(e->lower == -kBoundLimit);
  CHECK(e->upper == -kBoundLimit);
  CHECK(e->move == -1);
  tt.clear();
  CHECK_FALSE(tt.probe(12345));
  CHECK_FALSE(tt.probe(0));  // an empty slot is not the entry of key 0
}

TEST_CASE("a table on huge pages starts empty, and every clear after stores empties it") {
  TranspositionTable tt(4);  // 4 MB: mapped memory, not the heap's
  CHECK_FALSE(tt.probe(0));
  CHECK_FALSE(tt.probe(12345));
  tt.clear();  // nothing stored yet: nothing to write
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    tt.store(12345, 5, -100, 100, 7, 3);
    REQUIRE(tt.probe(12345));
    tt.clear();
    CHECK_FALSE(tt.probe(12345));
  }
  tt.store(12345, 5, -100, 100, 7, 3);
  tt.resize(8);
  CHECK(tt.megabytes() == 8);
  CHECK_FALSE(tt.probe(12345));
  tt.store(777, 9, -100, 100, -4, 11);
  const auto e = tt.probe(777);
  REQUIRE(e);
  CHECK(e->lower == -4);
  CHECK(e->move == 11);
}

TEST_CASE("a full bucket evicts its smallest solve, not a deeper one") {
  TranspositionTable tt(1);  // 16384 buckets: keys 2^20 apart share one
  const std::uint64_t key = 777;
  const auto in_bucket = [&](int i) { return key + (std::uint64_t{1} << 20) * i; };
  const int empties[] = {30, 12, 20, 25};
  for (int i = 0; i < 4; ++i) tt.store(in_bucket(i), solved_depth(empties[i]), -100, 100, 2 * i, i);
  tt.store(in_bucket(4), solved_depth(16), -100, 100, 8, 4);
  CHECK_FALSE(tt.probe(in_bucket(1)));  // the 12-empties solve made room
  for (int i : {0, 2, 3, 4}) {
    CAPTURE(i);
    const auto e = tt.probe(in_bucket(i));
    REQUIRE(e);
    CHECK(e->lower == 2 * i);
    CHECK(is_solved_depth(e->depth));
  }
  // Solved depths lie above every midgame depth, which the table caps below them.
  CHECK(solved_depth(0) > midgame_depth(200));
  CHECK(midgame_depth(20) == 20);
  CHECK(solved_depth(20) < solved_depth(21));
  CHECK(solved_depth(600) == kMaxDepth);  // a 26x26 board's empties still fit
}

TEST_CASE("one thread is exactly the deterministic Searcher") {
  Searcher plain(8);
  ParallelSearcher one(8, 1);
  for (int empties : {44, 30, 14}) {
    const Position p = random_position(8, empties, 100 + empties);
    SearchLimits limits;
    limits.depth = 6;
    const SearchResult a = plain.search(p, limits), b = one.search(p, limits);
    CAPTURE(empties);
    CHECK(a.move == b.move);
    CHECK(a.score == b.score);
    CHECK(a.nodes == b.nodes);
    CHECK(a.pv == b.pv);
  }
}

TEST_CASE("threads: the default is every core, and 1..kMaxSearchThreads is checked") {
  CHECK(default_search_threads() >= 1);
  ParallelSearcher s(1, 3);
  CHECK(s.threads() == 3);
  s.set_threads(1);
  CHECK(s.threads() == 1);
  CHECK_THROWS_AS(s.set_threads(0), std::invalid_argument);
  CHECK_THROWS_AS(s.set_threads(kMaxSearchThreads + 1), std::invalid_argument);
  CHECK(s.threads() == 1);
}

TEST_CASE("two threads: legal moves on every size, at every stage") {
  ParallelSearcher searcher(8, 2);
  for (int size : {4, 8, 10}) {
    for (int empties : {size * size - 6, size * size / 2, 12, 3}) {
      const Position p = random_position(size, empties, size * 7 + empties);
      SearchLimits limits;
      limits.depth = 4;
      CAPTURE(size);
      CAPTURE(empties);
      const SearchResult r = searcher.search(p, limits);
      CHECK(is_legal_result(p, r));
      CHECK(r.nodes >= searcher.main_nodes());
    }
  }
}

TEST_CASE("two threads solve exactly, with each evaluation") {
  ParallelSearcher searcher(16, 2);
  // Up to 19 empties: quick in sanitizer builds too.
  for (const char* id : {"1", "10", "20", "25"}) check_solved(searcher, ffo("ffo1-79.txt", id));
  searcher.set_evaluator(pattern_evaluator());
  for (const char* id : {"5", "22"}) check_solved(searcher, ffo("ffo1-79.txt", id));
#ifdef FLANK_FULL_TESTS
  for (const char* id : {"40", "41"}) check_solved(searcher, ffo("ffo40-49.txt", id));
#endif
}

TEST_CASE("the split solve gives the exact scores of FFO positions with 2 and 4 threads") {
  // 16-18 empties: nodes of 12 empties or more split, and these stay quick under sanitizers.
  const char* ids[] = {"13", "18", "22", "23"};
  for (const int threads : {2, 4}) {
    ParallelSearcher searcher(16, threads);
    CAPTURE(threads);
    for (const char* id : ids) check_solved(searcher, ffo("ffo1-79.txt", id));
  }
}

TEST_CASE("the split solve's scores equal the 1-thread solve's on random endgames") {
  Searcher plain(16);
  ParallelSearcher two(16, 2), four(16, 4);
  for (int seed = 1; seed <= 6; ++seed) {
    const Position p = random_position(8, 14 + seed % 3, 900 + seed);
    if (!p.has_legal_move()) continue;
    CAPTURE(seed);
    const SearchResult one = plain.solve(p);
    REQUIRE(one.exact);
    for (ParallelSearcher* s : {&two, &four}) {
      s->clear();
      const SearchResult r = s->solve(p);
      CHECK(r.exact);
      CHECK(r.score == one.score);
      // Another best move is fine: playing it must keep the score.
      Position after = p;
      after.play(r.move);
      CHECK(-plain.solve(after).score == one.score);
    }
  }
}

TEST_CASE("both methods and 2-4 threads solve exactly, and win/loss/draw gets the sign") {
  const auto sign = [](int v) { return (v > 0) - (v < 0); };
  const EndgameCase draw = ffo("ffo1-79.txt", "24"), loss = ffo("ffo1-79.txt", "18");
  const EndgameCase win = ffo("ffo1-79.txt", "22");
  for (const ParallelMethod method : {ParallelMethod::Split, ParallelMethod::Lazy}) {
    for (const int threads : {2, 3, 4}) {
      ParallelSearcher searcher(16, threads);
      searcher.set_method(method);
      CAPTURE(threads);
      CAPTURE(method == ParallelMethod::Split);
      check_solved(searcher, win);
      for (const auto* c : {&draw, &loss, &win}) {
        searcher.clear();
        const SearchResult r = searcher.solve(c->position, true);
        CAPTURE(c->id);
        CHECK(r.exact);
        CHECK(sign(r.score) == sign(c->score));
        CHECK(c->position.is_legal(r.move));
      }
    }
  }
}

TEST_CASE("the split shares the work: nodes split in solves and in midgame searches") {
  ParallelSearcher searcher(16, 2);
  const EndgameCase c = ffo("ffo1-79.txt", "23");  // 18 empties: nodes of 12 or more split
  const SearchResult exact = searcher.solve(c.position);
  CHECK(exact.score == c.score);
  const SplitPool::Counters solved = searcher.split_counters();
  CHECK(solved.splits > 0);
  CHECK(solved.joins > 0);
  CHECK(searcher.main_nodes() < exact.nodes);  // the helper searched some

  SearchLimits deep;
  deep.depth = 9;
  const Position p = random_position(8, 40, 17);
  const SearchResult r = searcher.search(p, deep);
  CHECK(p.is_legal(r.move));
  CHECK(r.depth == 9);
  CHECK(searcher.split_counters().joins > 0);
  CHECK(searcher.main_nodes() < r.nodes);

  // The same search with lazy SMP never splits.
  searcher.set_method(ParallelMethod::Lazy);
  searcher.search(p, deep);
  CHECK(searcher.split_counters().splits == 0);
}

TEST_CASE("2 and 4 threads: a stop flag, a deadline or a node budget still yields a legal move") {
  for (const int threads : {2, 4}) {
    CAPTURE(threads);
    ParallelSearcher searcher(8, threads);
    const Position p = random_position(8, 30, 5);

    std::atomic<bool> stop{true};
    SearchLimits stopped;
    stopped.stop = &stop;
    CHECK(is_legal_result(p, searcher.search(p, stopped)));
    CHECK(is_legal_result(p, searcher.solve(p, stopped, false)));

    // Stopped by another thread in the middle of a long solve.
    stop = false;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      stop = true;
    });
    const SearchResult solved = searcher.solve(p, stopped, false);
    stopper.join();
    CHECK(is_legal_result(p, solved));
    CHECK_FALSE(solved.exact);  // 30 empties cannot be solved in 0.1 s

    SearchLimits timed;
    timed.seconds = 0.05;
    const SearchResult r = searcher.search(p, timed);
    CHECK(is_legal_result(p, r));
    CHECK(r.seconds < 5);  // generous: the machine may be busy, but the deadline holds
    const SearchResult cut = searcher.solve(p, timed, false);
    CHECK(is_legal_result(p, cut));
    CHECK_FALSE(cut.exact);
    CHECK(cut.seconds < 5);

    // A node budget bounds the threads' nodes together, each checking every 4096.
    SearchLimits budget;
    budget.nodes = 2000;
    CHECK(is_legal_result(p, searcher.search(p, budget)));
    budget.nodes = 200000;
    const SearchResult bounded = searcher.solve(p, budget, false);
    CHECK(is_legal_result(p, bounded));
    CHECK_FALSE(bounded.exact);
    CHECK(bounded.nodes < budget.nodes + static_cast<std::uint64_t>(threads) * 20000);
  }
}

TEST_CASE("lazy SMP's progress board keeps the deepest completed iteration") {
  SearchProgress board;
  CHECK(board.deepest().depth == 0);
  board.completed({5, 19, 3});
  board.completed({4, 20, -1});  // shallower: ignored
  CHECK(board.deepest().depth == 5);
  CHECK(board.deepest().move == 19);
  board.main_started(7);
  CHECK(board.main_depth() == 7);
  board.reset();
  CHECK(board.deepest().depth == 0);
  CHECK(board.main_depth() == 0);
}

TEST_CASE("a helper searches ahead of the main thread; the main thread plays a deeper iteration") {
  const Position p = random_position(8, 40, 77);
  Searcher main(8), helper(1);
  SearchProgress board;
  helper.help(main, 1);  // odd: two plies ahead of the main thread
  helper.set_progress(&board);
  board.main_started(6);
  SearchLimits budget;  // no depth: the clock or a budget ends the search
  budget.nodes = 3'000'000;
  const SearchResult h = helper.search(p, budget);
  CHECK(h.depth >= 8);  // its first iteration was depth 8, not 1
  CHECK(board.deepest().depth == h.depth);
  CHECK(p.is_legal(board.deepest().move));

  // The main thread, stopped at once, plays the helper's deeper iteration...
  main.set_progress(&board);
  budget.nodes = 1;
  const SearchResult r = main.search(p, budget);
  CHECK(r.depth == board.deepest().depth);
  CHECK(r.move == board.deepest().move);
  // ... but a fixed depth stays its own (deterministic) search.
  SearchLimits fixed;
  fixed.depth = 2;
  CHECK(main.search(p, fixed).depth == 2);
}

TEST_CASE("a budget in thread CPU time still yields a legal move, with one thread or two") {
  const Position p = random_position(8, 30, 9);
  SearchLimits cpu;
  cpu.seconds = 0.05;
  cpu.thread_cpu_time = true;
  for (int threads : {1, 2}) {
    ParallelSearcher searcher(8, threads);
    const SearchResult r = searcher.search(p, cpu);
    CAPTURE(threads);
    CHECK(is_legal_result(p, r));
    CHECK(r.depth >= 1);
    CHECK(r.seconds < 5);  // generous: CPU time runs slower than the wall on a busy machine
  }
}

TEST_CASE("the automatic exact-solve point grows with the time, which threads stretch") {
  SearchLimits limits;
  limits.seconds = 0.1;
  CHECK(automatic_exact_empties(limits) == 13);  // 11 + 2 log2(0.1 / 0.05)
  limits.seconds = 0.15;                         // 0.1 s with 2 threads (ParallelSearcher)
  CHECK(automatic_exact_empties(limits) == 14);
  limits.depth = 4;  // a depth decides
  CHECK(automatic_exact_empties(limits) == 8);
}

TEST_CASE("a background search runs until stopped and leaves its table to the next search") {
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    ParallelSearcher searcher(8, threads);
    const Position p = random_position(8, 30, 11);
    BackgroundSearch ponder;
    CHECK_FALSE(ponder.running());
    CHECK_FALSE(ponder.stop().has_value());  // nothing to stop

    // No depth and no deadline: only stop() ends it.
    ponder.start(searcher, p, SearchLimits{});
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    CHECK(ponder.running());
    CHECK_FALSE(ponder.finished());
    const std::optional<SearchResult> stopped = ponder.stop();
    REQUIRE(stopped.has_value());
    CHECK(is_legal_result(p, *stopped));
    CHECK(stopped->nodes > 0);
    CHECK_FALSE(ponder.running());

    // To a depth: it finishes on its own, and a search of the position after
    // its best move finds that subtree in the table: far fewer nodes than a
    // searcher with an empty table needs for the same depth (with one thread,
    // where the count is exact; with two, a fresh searcher's helper fills its
    // table as it goes, and the saving varies with timing).
    searcher.clear();
    SearchLimits seven;
    seven.depth = 7;
    ponder.start(searcher, p, seven);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!ponder.finished() && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    REQUIRE(ponder.finished());
    const std::optional<SearchResult> searched = ponder.stop();
    REQUIRE(searched.has_value());
    CHECK(searched->depth == 7);
    Position after = p;
    after.play(searched->move);
    SearchLimits six;
    six.depth = 6;
    const SearchResult warm = searcher.search(after, six);
    const std::uint64_t warm_nodes = searcher.main_nodes();
    ParallelSearcher fresh(8, threads);
    fresh.search(after, six);
    CHECK(is_legal_result(after, warm));
    if (threads == 1) CHECK(warm_nodes * 4 < fresh.main_nodes());

    // Destroyed while searching: the destructor stops it first.
    {
      BackgroundSearch left_running;
      left_running.start(searcher, p, SearchLimits{});
    }
    CHECK(is_legal_result(p, searcher.search(p, six)));
  }
}
