// Counting, valuing, negamaxing, learning and merging opening books.
#include "tools/book/book_builder.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

#include "engine/board/square.hpp"

namespace flank {
namespace {

int ply_of(const Position& p) { return 60 - p.empties(); }

// The book positions after each legal move of p (normalised), with their keys.
template <class F>
void for_each_book_child(const OpeningBook& book, const Position& p, F&& f) {
  for (Square move : p.legal_moves()) {
    Position child = p;
    child.play(move);
    const auto n = OpeningBook::normalized(child);
    if (!n) continue;
    const BookKey k = OpeningBook::key(*n);
    if (book.find(k)) f(move, *n, k);
  }
}

bool has_book_child(const OpeningBook& book, const Position& p) {
  bool any = false;
  for_each_book_child(book, p, [&](Square, const Position&, const BookKey&) { any = true; });
  return any;
}

// Visits every book position reachable from the start, children before parents.
template <class F>
void post_order(const OpeningBook& book, F&& visit) {
  std::unordered_set<BookKey, BookKeyHash> seen;
  const std::function<void(const Position&, const BookKey&)> walk = [&](const Position& p,
                                                                        const BookKey& k) {
    if (!seen.insert(k).second) return;
    for_each_book_child(book, p,
                        [&](Square, const Position& child, const BookKey& ck) { walk(child, ck); });
    visit(p, k);
  };
  const Position start(8);
  if (book.find(OpeningBook::key(start))) walk(start, OpeningBook::key(start));
}

int searched_value(Searcher& searcher, const Position& p, int level, int& depth) {
  const SearchResult r = searcher.search(p, level_limits(level, p));
  depth = r.exact ? BookEntry::kExactDepth : level;
  return std::clamp(r.score, -64, 64);
}

}  // namespace

void PositionCounter::add(const Game& game) {
  std::unordered_set<BookKey, BookKeyHash> seen;
  int plies = 0;
  for (size_t i = 0; i <= game.moves().size(); ++i) {
    const Position& p = i < game.moves().size() ? game.position_before(i) : game.position();
    if (i > 0 && game.moves()[i - 1] != kPass) ++plies;
    if (plies > options_.max_plies) break;
    const auto n = OpeningBook::normalized(p);
    if (!n) break;
    const BookKey k = OpeningBook::key(*n);
    if (seen.insert(k).second) ++counts_[k];
  }
}

OpeningBook PositionCounter::book() const {
  OpeningBook book;
  for (const auto& [k, games] : counts_)
    if (games >= options_.min_games) book.set(k, BookEntry{0, games, 0});
  return book;
}

Position entry_position(const BookKey& key) {
  std::string cells(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if (key.me >> sq & 1) cells[sq] = 'X';
    if (key.opp >> sq & 1) cells[sq] = 'O';
  }
  return Position::from_cells(cells, Color::Black);
}

std::size_t value_leaves(OpeningBook& book, Searcher& searcher, int level,
                         const Progress& progress) {
  prune_unreachable(book);
  std::vector<std::pair<BookKey, Position>> todo;
  post_order(book, [&](const Position& p, const BookKey& k) {
    const BookEntry& e = *book.find(k);
    if (e.depth < level && !has_book_child(book, p)) todo.emplace_back(k, p);
  });
  for (size_t i = 0; i < todo.size(); ++i) {
    BookEntry e = *book.find(todo[i].first);
    e.value = searched_value(searcher, todo[i].second, level, e.depth);
    book.set(todo[i].first, e);
    if (progress && (i + 1) % 500 == 0)
      progress("valued " + std::to_string(i + 1) + "/" + std::to_string(todo.size()) + " leaves");
  }
  negamax(book);
  return todo.size();
}

void prune_unreachable(OpeningBook& book) {
  OpeningBook reachable;
  post_order(book, [&](const Position&, const BookKey& k) { reachable.set(k, *book.find(k)); });
  book = std::move(reachable);
}

void negamax(OpeningBook& book) {
  post_order(book, [&](const Position& p, const BookKey& k) {
    std::optional<int> best;
    for (Square move : p.legal_moves()) {
      const auto v = book_move_value(book, p, move);
      if (v && (!best || *v > *best)) best = v;
    }
    if (!best || !has_book_child(book, p)) return;  // a leaf keeps its searched value
    BookEntry e = *book.find(k);
    e.value = *best;
    e.depth = 0;
    book.set(k, e);
  });
}

std::size_t learn(OpeningBook& book, Searcher& searcher, int level, int max_plies,
                  const Progress& progress) {
  std::vector<Position> inner;
  post_order(book, [&](const Position& p, const BookKey&) {
    if (ply_of(p) <= max_plies && has_book_child(book, p)) inner.push_back(p);
  });
  std::size_t added = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    const Position& p = inner[i];
    const SearchResult r = searcher.search(p, level_limits(level, p));
    Position child = p;
    child.play(r.move);
    const auto n = OpeningBook::normalized(child);
    const int book_best = book.find(p)->value;
    if (n && !book.find(OpeningBook::key(*n)) && r.score >= book_best) {
      BookEntry e;
      e.value = searched_value(searcher, *n, level, e.depth);
      book.set(OpeningBook::key(*n), e);
      ++added;
    }
    if (progress && (i + 1) % 200 == 0)
      progress("learnt from " + std::to_string(i + 1) + "/" + std::to_string(inner.size()) +
               " positions, " + std::to_string(added) + " moves added");
  }
  negamax(book);
  return added;
}

void merge_into(OpeningBook& book, const OpeningBook& other) {
  for (const auto& [k, theirs] : other.entries()) {
    const BookEntry* mine = book.find(k);
    if (!mine) {
      book.set(k, theirs);
      continue;
    }
    BookEntry e = mine->depth >= theirs.depth ? *mine : theirs;
    e.games = mine->games + theirs.games;
    book.set(k, e);
  }
  negamax(book);
}

void print_stats(const OpeningBook& book, std::ostream& out) {
  std::map<int, std::pair<std::size_t, std::size_t>> per_ply;  // positions, leaves
  std::size_t leaves = 0, learnt = 0, reachable = 0;
  post_order(book, [&](const Position& p, const BookKey& k) {
    ++reachable;
    const bool leaf = !has_book_child(book, p);
    ++per_ply[ply_of(p)].first;
    if (leaf) {
      ++leaves;
      ++per_ply[ply_of(p)].second;
    }
    if (book.find(k)->games == 0) ++learnt;
  });
  out << "positions " << book.size() << " (reachable from the start " << reachable << ")\n"
      << "leaves " << leaves << ", learnt positions (no games) " << learnt << "\n"
      << "ply positions leaves\n";
  for (const auto& [ply, counts] : per_ply)
    out << ply << ' ' << counts.first << ' ' << counts.second << "\n";
  const Position start(8);
  out << "start position moves:";
  for (const BookMove& m : book.moves(start))
    out << ' ' << square_name(m.move, 8) << ' ' << m.value << ' ' << m.games;
  out << "\n";
}

}  // namespace flank
