#include "protocol/nboard_engine.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "engine/board/square.hpp"
#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/time_control.hpp"
#include "protocol/illegal_move.hpp"
#include "protocol/level.hpp"
#include "protocol/move_scores.hpp"

namespace flank::nboard {
namespace {

// NBoard writes squares in capitals and a pass as PA.
std::string move_text(Square sq, Shape shape) {
  if (sq == kPass) return "PA";
  std::string name = square_name(sq, shape);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::string pv_text(const std::vector<Square>& pv, Shape shape) {
  std::string text;
  for (Square sq : pv) text += move_text(sq, shape);
  return text;
}

std::string number_text(double value, const char* format = "%.2f") {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// "search PV EVAL 0 DEPTH": the depth of a proven score is "100%".
std::string search_line(const MoveScore& m, Shape shape) {
  return "search " + pv_text(m.pv, shape) + ' ' + number_text(m.score) + " 0 " +
         (m.exact ? std::string("100%") : std::to_string(m.depth));
}

std::string nodestats_line(std::uint64_t nodes, double seconds) {
  return "nodestats " + std::to_string(nodes) + ' ' + number_text(seconds);
}

bool stopped(const std::atomic<bool>* stop) { return stop && stop->load(); }

int parse_int(std::string_view text, std::string_view what, std::string& error) {
  int value = 0;
  std::istringstream in{std::string(text)};
  std::string rest;
  if (!(in >> value) || (in >> rest)) {
    error = std::string(what) + " must be an integer, not '" + std::string(text) + "'";
    return 0;
  }
  return value;
}

}  // namespace

int level_for_depth(int depth) {
  int level = 1;
  while (level < kMaxLevel && level_depth(level + 1) <= depth) ++level;
  return level;
}

std::optional<Request> parse_request(std::string_view line, std::string& error) {
  error.clear();
  std::string text(line);
  std::replace_if(
      text.begin(), text.end(), [](unsigned char c) { return std::iscntrl(c); }, ' ');
  std::istringstream in(text);
  std::string word;
  if (!(in >> word)) return std::nullopt;  // an empty line asks for nothing
  std::string rest;
  std::getline(in >> std::ws, rest);
  while (!rest.empty() && rest.back() == ' ') rest.pop_back();
  Request r;
  using Kind = Request::Kind;
  const auto number = [&](std::string_view what, int lo, int hi) {
    r.number = parse_int(rest, what, error);
    if (error.empty() && (r.number < lo || r.number > hi))
      error = std::string(what) + " must be from " + std::to_string(lo) + " to " +
              std::to_string(hi) + ", not " + std::to_string(r.number);
  };
  const auto nothing_after = [&](const std::string& name) {
    if (!rest.empty()) error = name + " takes no arguments";
  };
  if (word == "nboard") {
    r.kind = Kind::Nboard;
    number("the protocol version", 1, 2);
  } else if (word == "set") {
    std::istringstream words(rest);
    std::string what;
    words >> what;
    std::getline(words >> std::ws, rest);
    if (what == "depth") {
      r.kind = Kind::SetDepth;
      number("the depth", 1, 60);
    } else if (what == "contempt") {
      r.kind = Kind::SetContempt;
      number("the contempt", -6400, 6400);
    } else if (what == "game") {
      r.kind = Kind::SetGame;
      try {
        const ggf::Record record = ggf::parse_record(rest);
        r.game = ggf::replay(record);
        r.clocks[0] = record.clocks[0];
        r.clocks[1] = record.clocks[1];
      } catch (const std::invalid_argument& e) {
        error = std::string("set game: ") + e.what();
      }
    } else {
      error = "unknown setting '" + what + "' (flank knows depth, game and contempt)";
    }
  } else if (word == "move") {
    r.kind = Kind::Move;
    try {
      // The square is checked against the game when the move is played.
      const ggf::Move m =
          ggf::parse_move(rest.empty() ? "?" : rest, Color::Black, Shape::square(kMaxSize));
      r.move = rest.substr(0, rest.find('/'));
      r.seconds = m.seconds;
    } catch (const std::invalid_argument& e) {
      error = std::string("move: ") + e.what();
    }
  } else if (word == "hint") {
    r.kind = Kind::Hint;
    number("the number of hints", 1, 1000);
  } else if (word == "go") {
    r.kind = Kind::Go;
    nothing_after(word);
  } else if (word == "ping") {
    r.kind = Kind::Ping;
    r.number = parse_int(rest, "the ping number", error);
  } else if (word == "learn") {
    r.kind = Kind::Learn;
    nothing_after(word);
  } else if (word == "analyze") {
    r.kind = Kind::Analyze;
    nothing_after(word);
  } else if (word == "quit") {
    r.kind = Kind::Quit;
    nothing_after(word);
  } else {
    error = "unknown command '" + word + "'";
  }
  if (!error.empty()) return std::nullopt;
  return r;
}

Engine::Engine(const gtp::EngineOptions& options)
    : options_(options),
      game_(options.shape),
      level_(options.level),
      searcher_(options.hash_mb, options.threads) {
  // Throws std::invalid_argument for a level out of range; max (the time decides) is fine.
  if (level_ != gtp::kLevelMax) level_limits(level_);
  searcher_.set_evaluator(options.evaluator ? options.evaluator : pattern_evaluator());
}

bool Engine::searches(const Request& request) {
  using Kind = Request::Kind;
  return request.kind == Kind::Hint || request.kind == Kind::Go || request.kind == Kind::Analyze;
}

std::optional<double> Engine::time_left(Color c) const {
  const ggf::Clock& clock = clocks_[static_cast<int>(c)];
  if (!clock.limited()) return std::nullopt;
  double left = clock.initial;
  for (size_t i = 0; i < seconds_.size(); ++i) {
    if (game_.mover_of(i) == c) left += clock.increment - seconds_[i];
  }
  return left;
}

SearchLimits Engine::limits(int level, const std::atomic<bool>* stop) const {
  // Level max without a time budget searches as the strongest level.
  SearchLimits l = gtp::move_limits(level, 0, game_.position());
  l.stop = stop;
  return l;
}

std::string Engine::execute(const Request& request, const Emit& emit,
                            const std::atomic<bool>* stop) {
  using Kind = Request::Kind;
  switch (request.kind) {
    case Kind::Nboard:
      emit("set myname flank");
      return {};
    case Kind::SetDepth:
      level_ = level_for_depth(request.number);
      return {};
    case Kind::SetContempt:
      contempt_ = request.number;  // recorded; flank's search has no draw score to shift
      return {};
    case Kind::SetGame:
      game_ = request.game->game;
      seconds_ = request.game->seconds;
      clocks_[0] = request.clocks[0];
      clocks_[1] = request.clocks[1];
      return {};
    case Kind::Move:
      return play(request);
    case Kind::Hint:
      return hint(request.number, emit, stop);
    case Kind::Go:
      return go(emit, stop);
    case Kind::Analyze:
      return analyze(emit, stop);
    case Kind::Ping:
      emit("pong " + std::to_string(request.number));
      return {};
    case Kind::Learn:
      emit("learned");  // flank keeps no opening book, so there is nothing to add the game to
      return {};
    case Kind::Quit:
      quit_ = true;
      return {};
  }
  return {};
}

std::string Engine::play(const Request& request) {
  const Shape shape = game_.shape();
  Square square = kPass;
  try {
    std::string text = request.move;
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (text != "pa" && text != "pass") square = parse_square(text, shape);
  } catch (const std::invalid_argument& e) {
    return std::string("move: ") + e.what();
  }
  Game game = game_;
  std::vector<double> seconds = seconds_;
  const Position& p = game.position();
  if (p.is_game_over()) return "move " + request.move + ": the game is over";
  if (square != kPass && !p.has_legal_move()) {
    game.play(kPass);  // the side on move had to pass first
    seconds.push_back(0);
  }
  try {
    game.play(square);
  } catch (const std::invalid_argument& e) {
    return "move " + request.move + ": " + error_text(e);
  }
  seconds.push_back(request.seconds.value_or(0));
  game_ = std::move(game);
  seconds_ = std::move(seconds);
  return {};
}

std::string Engine::hint(int count, const Emit& emit, const std::atomic<bool>* stop) {
  const Position p = game_.position();
  if (p.is_game_over()) return "hint: the game is over";
  emit("status flank is thinking");
  // Book moves answer at once, as NBoard's "book PV EVAL GAMES DEPTH" lines.
  if (options_.book) {
    const std::vector<BookMove> book = options_.book->moves(p);
    for (size_t i = 0; i < book.size() && static_cast<int>(i) < count; ++i)
      emit("book " + move_text(book[i].move, p.shape()) + ' ' + number_text(book[i].value) + ' ' +
           std::to_string(book[i].games) + " 0");
    if (!book.empty()) {
      emit(nodestats_line(0, 0));
      emit("status");
      return {};
    }
  }
  std::uint64_t nodes = 0;
  double seconds = 0;
  // Level by level up to the chosen one, so the GUI sees hints at once and
  // better ones as they come; an interrupted level shows nothing.
  // Level 1's hints (a move and one reply) add little before level 2's, so it runs only when
  // chosen.
  const int top = level_ == gtp::kLevelMax ? kMaxLevel : level_;
  for (int level = std::min(2, top); level <= top && !stopped(stop); ++level) {
    const std::vector<MoveScore> scores = score_moves(searcher_, p, limits(level, stop));
    for (const MoveScore& m : scores) {
      nodes += m.nodes;
      seconds += m.seconds;
    }
    if (stopped(stop)) break;
    for (size_t i = 0; i < scores.size() && static_cast<int>(i) < count; ++i)
      emit(search_line(scores[i], p.shape()));
    if (std::all_of(scores.begin(), scores.end(), [](const MoveScore& m) { return m.exact; }))
      break;
  }
  emit(nodestats_line(nodes, seconds));
  emit("status");
  return {};
}

std::string Engine::go(const Emit& emit, const std::atomic<bool>* stop) {
  const Position p = game_.position();
  if (p.is_game_over()) return "go: the game is over";
  emit("status flank is thinking");
  if (options_.book) {
    if (const auto m = options_.book->choose(p, options_.book_randomness,
                                             options_.book_seed + game_.moves().size())) {
      emit("=== " + move_text(m->move, p.shape()) + '/' + number_text(m->value) + "/0.000");
      emit("status");
      return {};
    }
  }
  // A game clock bounds the level's search; so does --time.
  double budget = 0;
  if (const auto left = time_left(p.to_move()))
    budget = move_budget(TimeSettings{clocks_[static_cast<int>(p.to_move())].initial, 0, 0},
                         ClockState{*left, 0}, p.empties());
  if (options_.seconds_per_move > 0)
    budget = budget > 0 ? std::min(budget, options_.seconds_per_move) : options_.seconds_per_move;
  SearchLimits l = gtp::move_limits(level_, budget, p);
  l.fixed_time = budget > 0 && budget == options_.seconds_per_move;  // as in GTP genmove
  gtp::set_mpc(l, options_.mpc, level_, options_.mpc_confidence);
  l.stop = stop;
  const SearchResult r = searcher_.search(p, l);
  MoveScore best{r.move, r.score, r.exact, r.depth, r.nodes, r.seconds, r.pv};
  if (!best.pv.empty()) emit(search_line(best, p.shape()));
  emit(nodestats_line(r.nodes, r.seconds));
  emit("=== " + move_text(r.move, p.shape()) + '/' + number_text(r.score) + '/' +
       number_text(r.seconds, "%.3f"));
  emit("status");
  return {};
}

std::string Engine::analyze(const Emit& emit, const std::atomic<bool>* stop) {
  emit("status flank is analysing the game");
  std::uint64_t nodes = 0;
  double seconds = 0;
  // From the end back, so each search finds the later ones in the table.
  for (size_t i = game_.moves().size() + 1; i-- > 0 && !stopped(stop);) {
    const Position& p = i < game_.moves().size() ? game_.position_before(i) : game_.position();
    const SearchResult r = searcher_.search(p, limits(level_, stop));
    nodes += r.nodes;
    seconds += r.seconds;
    if (stopped(stop)) break;
    emit("analysis " + std::to_string(i) + ' ' + number_text(r.score));
  }
  emit(nodestats_line(nodes, seconds));
  emit("status");
  return {};
}

}  // namespace flank::nboard
