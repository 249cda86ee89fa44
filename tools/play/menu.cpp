#include "tools/play/menu.hpp"

#include <charconv>

#include "tools/play/line_input.hpp"

namespace flank::terminal_play {

std::optional<size_t> match_choice(const std::string& answer,
                                   const std::vector<std::string>& labels) {
  if (answer.empty()) return std::nullopt;
  size_t number = 0;
  const char* end = answer.data() + answer.size();
  if (auto [ptr, ec] = std::from_chars(answer.data(), end, number); ec == std::errc() && ptr == end)
    return number >= 1 && number <= labels.size() ? std::optional<size_t>(number - 1)
                                                  : std::nullopt;
  const std::string typed = to_lower(answer);
  std::optional<size_t> found;
  for (size_t i = 0; i < labels.size(); ++i) {
    if (to_lower(labels[i]).starts_with(typed)) {
      if (found) return std::nullopt;  // ambiguous
      found = i;
    }
  }
  return found;
}

std::optional<size_t> choose(Session& s, const std::string& title,
                             const std::vector<std::string>& labels, bool enter_goes_back) {
  s.out << "\n" << title << "\n";
  for (size_t i = 0; i < labels.size(); ++i) s.out << "  " << i + 1 << ". " << labels[i] << "\n";
  const std::string range = "1-" + std::to_string(labels.size());
  while (true) {
    const auto answer = ask(s, "Choose " + range + ": ");
    if (!answer) return std::nullopt;
    if (is_quit_word(*answer) || (enter_goes_back && answer->empty())) return labels.size() - 1;
    if (const auto index = match_choice(*answer, labels)) return index;
    s.out << "Please type a number from " << range << " (or the start of a choice, or q for \""
          << labels.back() << "\").\n";
  }
}

void run_main_menu(Session& s, const std::vector<MenuEntry>& entries) {
  s.out << "Welcome to flank Othello! If you are new to the game, pick \"How to play\".\n";
  while (true) {
    std::vector<const MenuEntry*> shown;
    std::vector<std::string> labels;
    for (const auto& e : entries) {
      if (e.shown && !e.shown(s)) continue;
      shown.push_back(&e);
      labels.push_back(e.label);
    }
    const auto index = choose(s, "Main menu", labels);
    if (!index) break;
    if (shown[*index]->run(s) == AfterEntry::Exit) return;
    if (input_ended(s)) break;
  }
  s.out << "\n";  // end of input: leave the shell prompt on a fresh line
}

}  // namespace flank::terminal_play
