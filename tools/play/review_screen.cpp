#include "tools/play/review_screen.hpp"

#include <fstream>

#include "engine/eval/pattern_evaluator.hpp"
#include "engine/search/levels.hpp"
#include "tools/review/report.hpp"
#include "tools/review/review.hpp"

namespace flank::terminal_play {
namespace {

constexpr int kReviewLevel = 5;  // flank-review's default: about a second a position
constexpr std::size_t kHashMb = 64;
constexpr const char* kDefaultSvg = "flank-review.svg";

// The level typed, Enter for kReviewLevel; nullopt: q or the end of input.
std::optional<int> ask_level(Session& s) {
  while (true) {
    const auto answer =
        ask(s, "Review at which level? (1-" + std::to_string(kMaxLevel) + ", Enter for " +
                   std::to_string(kReviewLevel) + "; higher is slower, q to go back): ");
    if (!answer || is_quit_word(*answer)) return std::nullopt;
    if (answer->empty()) return kReviewLevel;
    if (answer->size() <= 2 && answer->find_first_not_of("0123456789") == std::string::npos) {
      const int level = std::stoi(*answer);
      if (level >= 1 && level <= kMaxLevel) return level;
    }
    s.out << "Please type a level from 1 to " << kMaxLevel << ".\n";
  }
}

void offer_svg(Session& s, const review::GameReview& review) {
  const auto answer =
      ask(s, std::string("Write the score graph to an SVG file? (a file name, Enter for ") +
                 kDefaultSvg + ", q for no): ");
  if (!answer || is_quit_word(*answer)) return;
  const std::string path = answer->empty() ? kDefaultSvg : *answer;
  std::ofstream out(path);
  if (out) review::write_svg(out, review, "flank-play game review");
  out.close();
  if (!out) {
    s.out << "Not written: cannot write " << path << ".\n";
    return;
  }
  s.out << "Wrote the score graph to " << path << " (open it in a browser).\n";
}

}  // namespace

bool has_finished_game(const Session& s) {
  return s.game && s.game->has_moves() && s.game->position().is_game_over();
}

AfterEntry review_finished_game(Session& s) {
  if (!has_finished_game(s)) {
    s.out << "There is no finished game to review: play one to the end first.\n";
    return AfterEntry::ShowMenu;
  }
  const auto level = ask_level(s);
  if (!level) return AfterEntry::ShowMenu;
  review::ReviewOptions options;
  options.level = *level;
  options.book = s.settings.book;
  ParallelSearcher searcher(kHashMb, s.settings.threads);
  searcher.set_evaluator(pattern_evaluator());
  const auto progress = [&s](std::size_t done, std::size_t total) {
    if (!s.terminal_output) return;
    s.out << "\rReviewing move " << done << " of " << total << "..." << std::flush;
    if (done == total) s.out << "\r\033[K";
  };
  const review::GameReview review = review::review_game(searcher, *s.game, options, progress);
  s.out << "\n";
  review::write_table(s.out, review);
  review::write_summary(s.out, review);
  offer_svg(s, review);
  return AfterEntry::ShowMenu;
}

}  // namespace flank::terminal_play
