#include "tools/referee/match.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "tools/referee/game_runner.hpp"
#include "tools/referee/ggf.hpp"
#include "tools/referee/match_stats.hpp"
#include "tools/referee/results_csv.hpp"

namespace flank::referee {

namespace {

constexpr double kQuitTimeout = 2.0;

// Asks a freshly started engine for its GTP name; throws when it cannot start.
std::string engine_name(const std::vector<std::string>& command, double timeout) {
  GtpClient client(command);
  const GtpReply reply = client.send("name", timeout);
  std::string name;
  if (reply.ok() && !reply.text.empty()) {
    name = reply.text.substr(0, reply.text.find('\n'));
  } else {
    name = command[0].substr(command[0].rfind('/') + 1);
  }
  client.send("quit", kQuitTimeout);
  client.process().stop(std::chrono::milliseconds(500));
  if (reply.kind == GtpReply::Kind::Died || reply.kind == GtpReply::Kind::Timeout) {
    throw std::runtime_error("engine '" + command[0] + "' did not answer 'name'");
  }
  return name;
}

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
      : config_(config), out_(out), live_status_(::isatty(STDERR_FILENO) == 1) {}

  int run(std::ostream& err) {
    try {
      name_a_ = config_.name_a.empty() ? engine_name(config_.command_a, config_.hard_timeout)
                                       : config_.name_a;
      name_b_ = config_.name_b.empty() ? engine_name(config_.command_b, config_.hard_timeout)
                                       : config_.name_b;
    } catch (const std::exception& e) {
      err << "error: " << e.what() << "\n";
      return 2;
    }
    if (name_a_ == name_b_) {  // e.g. flank against flank: tell them apart
      name_a_ += "-1";
      name_b_ += "-2";
    }
    if (!config_.records_path.empty()) {
      records_.open(config_.records_path, std::ios::trunc);
      if (!records_) {
        err << "error: cannot write records file '" << config_.records_path << "'\n";
        return 2;
      }
    }
    if (!config_.csv_path.empty()) {
      csv_.open(config_.csv_path, std::ios::trunc);
      if (!csv_) {
        err << "error: cannot write results file '" << config_.csv_path << "'\n";
        return 2;
      }
      csv_ << csv_header() << "\n" << std::flush;
    }
    schedule_ = opening_schedule(config_.games, static_cast<int>(config_.openings.size()),
                                 config_.alternate, config_.random_openings, config_.seed);
    finished_.resize(static_cast<size_t>(config_.games));
    const int jobs = std::max(1, std::min(config_.jobs, config_.games));
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs; ++j) workers.emplace_back([this] { work(); });
    for (std::thread& t : workers) t.join();
    clear_status();
    out_ << "\n" << tally_.table(name_a_, name_b_);
    if (disagreements_ > 0)
      out_ << "final_score disagreements: " << disagreements_ << " (see notes in the results)\n";
    out_ << std::flush;
    return 0;
  }

 private:
  bool a_is_black(int game) const { return !config_.alternate || game % 2 == 0; }

  void work() {
    EngineSlot a, b;
    a.command = config_.command_a;
    a.name = name_a_;
    b.command = config_.command_b;
    b.name = name_b_;
    a.stderr_log = b.stderr_log = config_.engine_log;
    for (;;) {
      const int game = next_game_++;
      if (game >= config_.games) break;
      GameSetup setup;
      setup.number = game + 1;
      setup.size = config_.size;
      const int opening = schedule_[static_cast<size_t>(game)];
      if (opening >= 0) {
        setup.opening = config_.openings[static_cast<size_t>(opening)].text;
        setup.opening_moves = config_.openings[static_cast<size_t>(opening)].moves;
      }
      setup.time_control = config_.time_control;
      setup.hard_timeout = config_.hard_timeout;
      setup.grace = config_.grace;
      const bool a_black = a_is_black(game);
      {
        std::lock_guard lock(mutex_);
        ++playing_;
        show_status();
      }
      GameRecord record = a_black ? play_game(setup, a, b) : play_game(setup, b, a);
      // A broken engine is killed now, not at the next game: it may still be busy.
      for (EngineSlot* s : {&a, &b}) {
        if (s->needs_restart) s->client.reset();
      }
      finish(std::move(record), a_black);
    }
    shut_down(a);
    shut_down(b);
  }

  void finish(GameRecord record, bool a_black) {
    std::lock_guard lock(mutex_);
    tally_.add(record, a_black);
    for (const std::string& note : record.notes) {
      if (note.find("final_score") != std::string::npos) ++disagreements_;
    }
    --playing_;
    clear_status();
    report(record);
    show_status();
    const size_t index = static_cast<size_t>(record.number - 1);
    finished_[index] = std::move(record);
    while (next_to_write_ < finished_.size() && finished_[next_to_write_]) {
      const GameRecord& g = *finished_[next_to_write_];
      if (records_.is_open()) records_ << to_ggf(g) << "\n" << std::flush;
      if (csv_.is_open()) csv_ << csv_line(g) << "\n" << std::flush;
      finished_[next_to_write_].reset();  // written; free the moves
      ++next_to_write_;
    }
  }

  // On a terminal, one self-overwriting line on stderr with the running score
  // and how many games are in play; progress lines on stdout stay clean.
  void show_status() {
    if (!live_status_) return;
    const int done = tally_.games();
    std::fprintf(stderr, "\r\033[K%s %.1f - %.1f %s  (%d/%d done, %d playing)", name_a_.c_str(),
                 tally_.a().points(), tally_.b().points(), name_b_.c_str(), done, config_.games,
                 playing_);
    std::fflush(stderr);
  }

  void clear_status() {
    if (!live_status_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }

  void report(const GameRecord& g) {
    std::string line = "game " + std::to_string(g.number) + "/" + std::to_string(config_.games);
    if (!g.opening.empty()) line += " [" + g.opening + "]";
    line += " " + g.names[0] + " (B) vs " + g.names[1] + " (W): " + result_word(g) + " " +
            reason_token(g.reason);
    if (g.forfeited_by) line += " by " + color_name(*g.forfeited_by) + " (" + g.detail + ")";
    line += ", time " + fixed(g.seconds[0], 2) + "s/" + fixed(g.seconds[1], 2) + "s";
    line += " | " + name_a_ + " " + fixed(tally_.a().points(), 1) + " - " +
            fixed(tally_.b().points(), 1) + " " + name_b_;
    for (const std::string& note : g.notes) line += "\n  note: " + note;
    out_ << line << std::endl;
  }

  const MatchConfig& config_;
  std::ostream& out_;
  const bool live_status_;  // a status line on a terminal's stderr
  int playing_ = 0;
  std::string name_a_, name_b_;
  std::vector<int> schedule_;
  std::atomic<int> next_game_{0};
  std::mutex mutex_;  // guards everything below
  MatchTally tally_;
  int disagreements_ = 0;
  std::vector<std::optional<GameRecord>> finished_;
  size_t next_to_write_ = 0;
  std::ofstream records_, csv_;
};

}  // namespace

int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err) {
  return Match(config, out).run(err);
}

}  // namespace flank::referee
