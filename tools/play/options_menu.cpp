#include "tools/play/options_menu.hpp"

#include <charconv>
#include <functional>
#include <optional>

#include "engine/color.hpp"
#include "engine/search.hpp"

namespace flank::terminal_play {
namespace {

std::optional<int> parse_int(const std::string& text) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

// Asks for a whole number until one passes check (which returns an error
// message or ""); an empty answer keeps the current value. Returns false at
// the end of input.
bool ask_number(Session& s, const std::string& prompt, int& value,
                const std::function<std::string(int)>& check) {
  while (true) {
    const auto answer = ask(s, prompt + " [" + std::to_string(value) + "]: ");
    if (!answer) return false;
    if (answer->empty()) return true;
    const auto number = parse_int(*answer);
    const std::string error = number ? check(*number) : "\"" + *answer + "\" is not a number.";
    if (error.empty()) {
      value = *number;
      return true;
    }
    s.out << error << " Try again, or press Enter to keep " << value << ".\n";
  }
}

bool set_size(Session& s) {
  if (!ask_number(s, "Board size (an even number from 4 to 26)", s.settings.size, [](int n) {
        return is_valid_size(n) ? "" : "The board size must be an even number from 4 to 26.";
      }))
    return false;
  s.out << "Board size: " << s.settings.size << "x" << s.settings.size << ".\n";
  return true;
}

bool set_players(Session& s) {
  std::vector<std::string> labels;
  for (int i = 0; i < kPairings; ++i) {
    PlaySettings example;
    example.players = pairing(i);
    labels.push_back(pairing_name(example));
  }
  const auto index = choose(s, "Who plays? (Black first)", labels);
  if (!index) return false;
  s.settings.players = pairing(static_cast<int>(*index));
  s.out << "Players: " << pairing_name(s.settings) << ".\n";
  return true;
}

bool set_level(Session& s) {
  const std::string range = "1-" + std::to_string(kMaxLevel);
  if (!ask_number(s, "Computer level (" + range + ", higher is stronger and slower)",
                  s.settings.level, [&](int level) {
                    return level >= 1 && level <= kMaxLevel ? ""
                                                            : "The level must be " + range + ".";
                  }))
    return false;
  s.out << "Computer level: " << s.settings.level << ".\n";
  return true;
}

std::string name_problem(const std::string& name) {
  if (name.size() > kMaxNameLength)
    return "Please use at most " + std::to_string(kMaxNameLength) + " characters.";
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return "Please use printable characters only.";
  return "";
}

bool set_names(Session& s) {
  for (Color c : {Color::Black, Color::White}) {
    std::string& name = s.settings.names[static_cast<size_t>(c)];
    while (true) {
      const std::string shown = name.empty() ? "none" : "\"" + name + "\"";
      const auto answer =
          ask(s, "Name for " + colour_word(c) + " (Enter keeps " + shown + ", - for none): ");
      if (!answer) return false;
      if (answer->empty()) break;
      if (*answer == "-") {
        name.clear();
        break;
      }
      if (const std::string problem = name_problem(*answer); !problem.empty()) {
        s.out << problem << "\n";
        continue;
      }
      name = *answer;
      break;
    }
  }
  s.out << "Players: " << player_label(s.settings, Color::Black) << " and "
        << player_label(s.settings, Color::White) << ".\n";
  return true;
}

bool toggle_discs(Session& s) {
  const bool letters = s.settings.discs == DiscStyle::Letters;
  s.settings.discs = letters ? DiscStyle::Unicode : DiscStyle::Letters;
  s.out << "Discs: " << (letters ? "\u25CF and \u25CB" : "X and O") << ".\n";
  return true;
}

bool toggle_colour(Session& s) {
  s.settings.colour = !s.settings.colour;
  s.out << "Colour: " << (s.settings.colour ? "on" : "off") << ".\n";
  return true;
}

bool set_delay(Session& s) {
  if (!ask_number(s, "Pause between computer moves in milliseconds (0 for none)",
                  s.settings.delay_ms, [](int ms) {
                    return ms >= 0 && ms <= kMaxDelayMs
                               ? ""
                               : "The pause must be 0-" + std::to_string(kMaxDelayMs) + " ms.";
                  }))
    return false;
  s.out << "Pause between computer moves: " << s.settings.delay_ms << " ms.\n";
  return true;
}

struct OptionEntry {
  std::function<std::string(const PlaySettings&)> label;
  std::function<bool(Session&)> change;  // false at the end of input
};

std::vector<OptionEntry> option_entries() {
  return {
      {[](const PlaySettings& p) {
         return "Board size: " + std::to_string(p.size) + "x" + std::to_string(p.size);
       },
       set_size},
      {[](const PlaySettings& p) { return "Players: " + pairing_name(p); }, set_players},
      {[](const PlaySettings& p) { return "Computer level: " + std::to_string(p.level); },
       set_level},
      {[](const PlaySettings& p) {
         return "Player names: " + player_label(p, Color::Black) + ", " +
                player_label(p, Color::White);
       },
       set_names},
      {[](const PlaySettings& p) {
         return std::string("Discs: ") +
                (p.discs == DiscStyle::Letters ? "X and O" : "\u25CF and \u25CB");
       },
       toggle_discs},
      {[](const PlaySettings& p) { return std::string("Colour: ") + (p.colour ? "on" : "off"); },
       toggle_colour},
      {[](const PlaySettings& p) {
         return "Pause between computer moves: " + std::to_string(p.delay_ms) + " ms";
       },
       set_delay},
  };
}

}  // namespace

AfterEntry run_options_menu(Session& s) {
  const auto entries = option_entries();
  while (true) {
    std::vector<std::string> labels;
    for (const auto& e : entries) labels.push_back(e.label(s.settings));
    labels.push_back("Back to the main menu");
    const auto index = choose(s, "Options", labels);
    if (!index) return AfterEntry::ShowMenu;  // the main menu sees the input has ended
    if (*index == entries.size()) return AfterEntry::ShowMenu;
    if (!entries[*index].change(s)) return AfterEntry::ShowMenu;
  }
}

}  // namespace flank::terminal_play
