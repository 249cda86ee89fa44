#include "tools/referee/match.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tools/referee/engine_names.hpp"
#include "tools/referee/game_runner.hpp"
#include "tools/referee/ggf.hpp"
#include "tools/referee/match_stats.hpp"
#include "tools/referee/ratings.hpp"
#include "tools/referee/replay.hpp"
#include "tools/referee/results_csv.hpp"

namespace flank::referee {

namespace {

constexpr double kQuitTimeout = 2.0;

void shut_down(EngineSlot& slot) {
  if (!slot.client) return;
  if (slot.client->process().running()) slot.client->send("quit", kQuitTimeout);
  slot.client->process().stop(std::chrono::milliseconds(500));
  slot.client.reset();
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string result_word(const GameRecord& g) {
  if (g.score == 0) return "draw";
  return std::string(g.score > 0 ? "B+" : "W+") + std::to_string(g.score > 0 ? g.score : -g.score);
}

class Match {
 public:
  Match(const MatchConfig& config, std::ostream& out)
      : config_(config), out_(out), live_status_(::isatty(STDERR_FILENO) == 1) {
    if (config.sprt) sprt_.emplace(*config.sprt, config.alternate);
    if (config.tournament.empty()) {
      specs_ = {config.engine_a, config.engine_b};
      pairings_ = {{0, 1}};
    } else {
      for (const NamedEngine& e : config.tournament) specs_.push_back(e.spec);
      pairings_ = config.pairings;
    }
    tallies_.resize(pairings_.size());
    total_ = config.games * static_cast<int>(pairings_.size());
  }

  int run(std::ostream& err) {
    schedule_ = opening_schedule(config_.games, static_cast<int>(config_.openings.size()),
                                 config_.alternate, config_.random_openings, config_.seed);
    try {
      if (!config_.engine_log.empty()) create_engine_log();
      name_engines();
      if (!config_.note.empty()) err << "note: " << config_.note << "\n";
      std::vector<int> todo = shard_games(total_, config_.alternate, config_.shard, config_.shards);
      if (config_.resume) todo = resume(todo);
      if (stop_) {
        out_ << "the SPRT was decided by the games in '" << config_.records_path << "'\n";
        todo.clear();
      }
      todo_ = std::move(todo);
      open_outputs();
      // Only now that the resume is accepted: a refused one leaves the file alone.
      if (records_cut_at_) std::filesystem::resize_file(config_.records_path, *records_cut_at_);
    } catch (const std::exception& e) {
      err << "error: " << e.what() << "\n";
      return 2;
    }
    if (stop_) {  // said above
    } else if (todo_.empty() && config_.resume) {
      out_ << "every game of this match is in '" << config_.records_path << "'\n";
    } else if (todo_.empty()) {
      out_ << "shard " << config_.shard << "/" << config_.shards << " of " << total_
           << " games has no game to play\n";
    }
    finished_.resize(todo_.size());
    const int jobs = std::max(1, std::min<int>(config_.jobs, static_cast<int>(todo_.size())));
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs && !todo_.empty(); ++j) workers.emplace_back([this] { work(); });
    for (std::thread& t : workers) t.join();
    clear_status();
    if (pairings_.size() == 1) {
      out_ << "\n" << tallies_[0].table(names_[0], names_[1]);
    } else {
      out_ << "\n" << tournament_table();
    }
    if (disagreements_ > 0)
      out_ << "final_score disagreements: " << disagreements_ << " (see notes in the results)\n";
    if (sprt_) out_ << sprt_summary() << "\n";
    out_ << std::flush;
    return 0;
  }

 private:
  // Games count on through the pairings: game g is game g % games of pairing g / games.
  size_t pairing_of(int game) const { return static_cast<size_t>(game / config_.games); }
  bool a_is_black(int game) const { return !config_.alternate || (game % config_.games) % 2 == 0; }
  const std::string& name_a(int game) const {
    return names_[static_cast<size_t>(pairings_[pairing_of(game)].first)];
  }
  const std::string& name_b(int game) const {
    return names_[static_cast<size_t>(pairings_[pairing_of(game)].second)];
  }

  GameSetup setup_of(int game) const {
    GameSetup setup;
    setup.number = game + 1;
    setup.shape = config_.shape;
    const int opening = schedule_[static_cast<size_t>(game % config_.games)];
    if (opening >= 0) {
      setup.opening = config_.openings[static_cast<size_t>(opening)].text;
      setup.opening_moves = config_.openings[static_cast<size_t>(opening)].moves;
    }
    setup.time_control = config_.time_control;
    setup.hard_timeout = config_.hard_timeout;
    setup.grace = config_.grace;
    return setup;
  }

  // The log exists even when an engine dies at once (its stderr is appended).
  void create_engine_log() const {
    std::ofstream log(config_.engine_log, std::ios::app);
    if (!log) throw std::runtime_error("cannot write engine log '" + config_.engine_log + "'");
  }

  // Checks every engine can play this match and names them.
  void name_engines() {
    const GameSetup setup = setup_of(0);
    if (!config_.tournament.empty()) {
      for (const NamedEngine& e : config_.tournament) {
        check_engine(e.spec, setup, config_.engine_log);
        names_.push_back(e.name);
      }
      return;
    }
    const std::array<std::string, 2> gtp = {
        check_engine(config_.engine_a, setup, config_.engine_log),
        check_engine(config_.engine_b, setup, config_.engine_log)};
    const std::array<std::string, 2> names =
        default_engine_names({config_.engine_a.command, config_.engine_b.command}, gtp);
    names_ = {config_.name_a.empty() ? names[0] : config_.name_a,
              config_.name_b.empty() ? names[1] : config_.name_b};
    if (names_[0] == names_[1]) {  // the same name given twice: tell them apart by place
      names_[0] += " A";
      names_[1] += " B";
    }
  }

  // Reads the records of an interrupted run of this match: the finished
  // games count in the table and are not played again. Each must be the game
  // this match schedules under its number (same players, colours and
  // opening). An unfinished last line (the run was killed while writing it) is
  // left out, and cut off by run() once everything is checked. A file that
  // does not exist yet is a match not started. Returns the games still to play.
  std::vector<int> resume(const std::vector<int>& planned) {
    const std::string& path = config_.records_path;
    std::error_code ec;
    if (!std::filesystem::exists(path,
                                 ec)) {  // nothing played yet: start (a job can always --resume)
      out_ << "no records in '" << path << "' yet: starting the match\n";
      return planned;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read records file '" + path + "' to resume");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    const size_t complete =
        text.empty() || text.back() == '\n' ? text.size() : text.rfind('\n') + 1;
    if (complete < text.size()) records_cut_at_ = complete;
    std::istringstream lines(text.substr(0, complete));
    std::set<int> done;
    const std::set<int> mine(planned.begin(), planned.end());
    for (const RecordLine& r : read_records(lines)) {
      const std::string where = path + ":" + std::to_string(r.line) + ": ";
      if (!r.problem.empty()) throw std::runtime_error(where + "invalid game: " + r.problem);
      const int game = r.number - 1;
      if (r.number == 0) throw std::runtime_error(where + "no game number (GN)");
      if (!mine.count(game)) {
        throw std::runtime_error(where + "game " + std::to_string(r.number) +
                                 " is not part of this match" +
                                 (config_.shards > 1 ? " shard" : "") + " (same options?)");
      }
      if (!done.insert(game).second)
        throw std::runtime_error(where + "game " + std::to_string(r.number) + " is there twice");
      check_resumed(r.game, game, where);
      const bool a_black = a_is_black(game);
      GameRecord summary = summary_of(r.game);
      summary.names =
          a_black ? std::array{name_a(game), name_b(game)} : std::array{name_b(game), name_a(game)};
      tallies_[pairing_of(game)].add(summary, a_black);
      feed_sprt(summary, a_black, game);
    }
    std::vector<int> todo;
    for (int game : planned) {
      if (!done.count(game)) todo.push_back(game);
    }
    out_ << "resuming from '" << path << "': " << done.size() << " games done, " << todo.size()
         << " to play\n";
    return todo;
  }

  // A resumed game must be the one this match plays under its number.
  void check_resumed(const GgfGame& g, int game, const std::string& where) const {
    const bool a_black = a_is_black(game);
    const std::string black = a_black ? name_a(game) : name_b(game),
                      white = a_black ? name_b(game) : name_a(game);
    const auto property = [&](const char* key) {
      const auto it = g.properties.find(key);
      return it == g.properties.end() ? std::string() : it->second;
    };
    if (property("PB") != black || property("PW") != white) {
      throw std::runtime_error(where + "game " + std::to_string(game + 1) + " was " +
                               property("PB") + " (B) vs " + property("PW") +
                               " (W), but this match has " + black + " (B) vs " + white +
                               " (W): resume with the options of the interrupted match");
    }
    const GameSetup setup = setup_of(game);
    std::vector<Square> opening;
    for (const GgfMove& m : g.moves) {
      if (m.seconds) break;
      opening.push_back(m.square);
    }
    if (g.start.shape() != config_.shape || opening != setup.opening_moves) {
      throw std::runtime_error(where + "game " + std::to_string(game + 1) +
                               " did not start from this match's opening" +
                               (setup.opening.empty() ? "" : " " + setup.opening) +
                               ": resume with the options of the interrupted match");
    }
  }

  void open_outputs() {
    if (!config_.records_path.empty()) {
      records_.open(config_.records_path, config_.resume ? std::ios::app : std::ios::trunc);
      if (!records_)
        throw std::runtime_error("cannot write records file '" + config_.records_path + "'");
    }
    if (!config_.csv_path.empty()) {
      std::error_code ec;
      const bool fresh = !config_.resume || !std::filesystem::exists(config_.csv_path, ec) ||
                         std::filesystem::file_size(config_.csv_path, ec) == 0;
      csv_.open(config_.csv_path, fresh ? std::ios::trunc : std::ios::app);
      if (!csv_) throw std::runtime_error("cannot write results file '" + config_.csv_path + "'");
      if (fresh) csv_ << csv_header() << "\n" << std::flush;
    }
  }

  void work() {
    std::vector<EngineSlot> slots(specs_.size());  // started when first needed
    for (size_t i = 0; i < slots.size(); ++i) {
      slots[i].spec = specs_[i];
      slots[i].name = names_[i];
      slots[i].stderr_log = config_.engine_log;
    }
    for (;;) {
      if (stop_) break;  // the SPRT is decided
      const size_t place = next_++;
      if (place >= todo_.size()) break;
      const int game = todo_[place];
      const GameSetup setup = setup_of(game);
      const bool a_black = a_is_black(game);
      {
        std::lock_guard lock(mutex_);
        ++playing_;
        show_status();
      }
      const auto [ia, ib] = pairings_[pairing_of(game)];
      EngineSlot& a = slots[static_cast<size_t>(ia)];
      EngineSlot& b = slots[static_cast<size_t>(ib)];
      GameRecord record = a_black ? play_game(setup, a, b) : play_game(setup, b, a);
      // A broken engine is killed now, not at the next game: it may still be busy.
      for (EngineSlot* s : {&a, &b}) {
        if (s->needs_restart) s->client.reset();
      }
      finish(std::move(record), a_black, place);
    }
    for (EngineSlot& s : slots) shut_down(s);
  }

  void finish(GameRecord record, bool a_black, size_t place) {
    std::lock_guard lock(mutex_);
    tallies_[pairing_of(record.number - 1)].add(record, a_black);
    feed_sprt(record, a_black, record.number - 1);
    ++done_;
    for (const std::string& note : record.notes) {
      if (note.find("final_score") != std::string::npos) ++disagreements_;
    }
    --playing_;
    clear_status();
    report(record);
    show_status();
    finished_[place] = std::move(record);
    while (next_to_write_ < finished_.size() && finished_[next_to_write_]) {
      const GameRecord& g = *finished_[next_to_write_];
      if (records_.is_open()) records_ << to_ggf(g) << "\n" << std::flush;
      if (csv_.is_open()) csv_ << csv_line(g) << "\n" << std::flush;
      finished_[next_to_write_].reset();  // written; free the moves
      ++next_to_write_;
    }
  }

  // Counts a finished game in the SPRT: with colours alternating once both
  // games of its opening pair are in, else at once. Stops the match at a bound.
  void feed_sprt(const GameRecord& g, bool a_black, int game) {
    if (!sprt_ || stop_) return;
    const double points = g.outcome() == 0 ? 0.5 : (g.outcome() > 0) == a_black ? 1.0 : 0.0;
    if (sprt_->paired()) {
      const auto [it, first] = pair_halves_.emplace(game / 2, points);
      if (first) return;
      sprt_->add(it->second + points);
      pair_halves_.erase(it);
    } else {
      sprt_->add(points);
    }
    if (sprt_->decision() != 0) {
      stop_ = true;
      decided_after_ = sprt_->outcomes();
    }
  }

  std::string sprt_summary() const {
    const SprtBounds& b = sprt_->bounds();
    std::string text = "SPRT " + names_[0] + " - " + names_[1] + " Elo " + format_elo(b.elo0) +
                       " (H0) vs " + format_elo(b.elo1) + " (H1), alpha " + fixed(b.alpha, 3) +
                       ", beta " + fixed(b.beta, 3) + ": ";
    const std::string unit = sprt_->paired() ? " game pairs" : " games";
    const int decision = sprt_->decision();
    if (decision == 0) {
      text += "no decision after " + std::to_string(sprt_->outcomes()) + unit;
    } else {
      text += std::string(decision > 0 ? "H1" : "H0") + " accepted after " +
              std::to_string(decided_after_) + unit;
    }
    return text + ", " + sprt_->status();
  }

  // On a terminal, one self-overwriting line on stderr with the running score
  // and how many games are in play; progress lines on stdout stay clean.
  void show_status() {
    if (!live_status_) return;
    std::string score;
    if (pairings_.size() == 1) {
      score = names_[0] + " " + fixed(tallies_[0].a().points(), 1) + " - " +
              fixed(tallies_[0].b().points(), 1) + " " + names_[1] + "  ";
    }
    std::fprintf(stderr, "\r\033[K%s(%d/%zu done, %d playing)%s%s", score.c_str(), done_,
                 todo_.size(), playing_, sprt_ ? " " : "", sprt_ ? sprt_->status().c_str() : "");
    std::fflush(stderr);
  }

  // The crosstable of a tournament, best first: each engine's rating fitted
  // on all games (ratings.hpp, one virtual draw per pairing), its points and
  // games, and its points against each opponent (columns by rank).
  std::string tournament_table() const {
    const size_t n = names_.size();
    std::vector<std::vector<double>> points(n, std::vector<double>(n, 0)), games = points;
    for (size_t p = 0; p < pairings_.size(); ++p) {
      const auto a = static_cast<size_t>(pairings_[p].first);
      const auto b = static_cast<size_t>(pairings_[p].second);
      points[a][b] += tallies_[p].a().points();
      points[b][a] += tallies_[p].b().points();
      games[a][b] += tallies_[p].games();
      games[b][a] += tallies_[p].games();
    }
    const Ratings ratings = fit_ratings(points, games, 1);
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t x, size_t y) { return ratings.elo[x] > ratings.elo[y]; });
    size_t width = 6;
    for (const std::string& name : names_) width = std::max(width, name.size());
    char cell[256];
    std::snprintf(cell, sizeof cell, "%4s %-*s %7s %7s %7s %5s", "rank", static_cast<int>(width),
                  "engine", "Elo", "+-95%", "points", "games");
    std::string out = cell;
    for (size_t r = 0; r < n; ++r) {
      std::snprintf(cell, sizeof cell, " %9zu", r + 1);
      out += cell;
    }
    out += "\n";
    for (size_t r = 0; r < n; ++r) {
      const size_t i = order[r];
      double total = 0, played = 0;
      for (size_t j = 0; j < n; ++j) {
        total += points[i][j];
        played += games[i][j];
      }
      std::snprintf(cell, sizeof cell, "%4zu %-*s %7s %7.1f %7.1f %5.0f", r + 1,
                    static_cast<int>(width), names_[i].c_str(), format_elo(ratings.elo[i]).c_str(),
                    ratings.margin[i], total, played);
      out += cell;
      for (size_t c = 0; c < n; ++c) {
        const size_t j = order[c];
        if (i == j || games[i][j] == 0) {
          std::snprintf(cell, sizeof cell, " %9s", i == j ? "x" : "-");
        } else {
          char score[64];
          std::snprintf(score, sizeof score, "%.1f/%.0f", points[i][j], games[i][j]);
          std::snprintf(cell, sizeof cell, " %9s", score);
        }
        out += cell;
      }
      out += "\n";
    }
    out += "Elo: maximum likelihood on all " + std::to_string(done_games()) +
           " games (logistic, average 0, one virtual draw per pairing)\n";
    return out;
  }

  int done_games() const {
    int n = 0;
    for (const MatchTally& t : tallies_) n += t.games();
    return n;
  }

  void clear_status() {
    if (!live_status_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }

  void report(const GameRecord& g) {
    const int game = g.number - 1;
    const MatchTally& tally = tallies_[pairing_of(game)];
    std::string line = "game " + std::to_string(g.number) + "/" + std::to_string(total_);
    if (!g.opening.empty()) line += " [" + g.opening + "]";
    line += " " + g.names[0] + " (B) vs " + g.names[1] + " (W): " + result_word(g) + " " +
            reason_token(g.reason);
    if (g.forfeited_by) line += " by " + color_name(*g.forfeited_by) + " (" + g.detail + ")";
    line += ", time " + fixed(g.seconds[0], 2) + "s/" + fixed(g.seconds[1], 2) + "s";
    line += " | " + name_a(game) + " " + fixed(tally.a().points(), 1) + " - " +
            fixed(tally.b().points(), 1) + " " + name_b(game);
    if (sprt_) line += " | " + sprt_->status();
    for (const std::string& note : g.notes) line += "\n  note: " + note;
    out_ << line << std::endl;
  }

  const MatchConfig& config_;
  std::ostream& out_;
  const bool live_status_;  // a status line on a terminal's stderr
  int playing_ = 0;
  std::vector<EngineSpec> specs_;
  std::vector<std::string> names_;
  std::vector<std::pair<int, int>> pairings_;
  int total_ = 0;  // games of all pairings
  std::vector<int> schedule_;
  // Resumed records that end mid-line: the bytes to keep once the resume is accepted.
  std::optional<size_t> records_cut_at_;
  std::vector<int> todo_;            // game indices this run plays, in order
  std::atomic<size_t> next_{0};      // next place in todo_
  int done_ = 0;                     // games finished in this run
  std::mutex mutex_;                 // guards everything below
  std::vector<MatchTally> tallies_;  // per pairing
  int disagreements_ = 0;
  std::vector<std::optional<GameRecord>> finished_;
  std::optional<Sprt> sprt_;
  std::map<int, double> pair_halves_;  // opening pair -> A's points in its first finished game
  std::atomic<bool> stop_{false};      // the SPRT is decided: no new games
  int decided_after_ = 0;
  size_t next_to_write_ = 0;
  std::ofstream records_, csv_;
};

}  // namespace

int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err) {
  return Match(config, out).run(err);
}

}  // namespace flank::referee
