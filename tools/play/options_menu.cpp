#include "tools/play/options_menu.hpp"

#include <charconv>
#include <functional>
#include <optional>

#include "engine/board/color.hpp"
#include "engine/board/square.hpp"
#include "engine/search/search.hpp"
#include "tools/play/board_text.hpp"

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
// message or ""); Enter, q or quit keep the current value. Returns false at
// the end of input.
bool ask_number(Session& s, const std::string& prompt, int& value,
                const std::function<std::string(int)>& check) {
  while (true) {
    const auto answer = ask(s, prompt + " [" + std::to_string(value) + "]: ");
    if (!answer) return false;
    if (answer->empty() || is_quit_word(*answer)) return true;
    const auto number = parse_int(*answer);
    const std::string error = number ? check(*number) : "\"" + *answer + "\" is not a number.";
    if (error.empty()) {
      value = *number;
      return true;
    }
    s.out << error << " Try again, or press Enter to keep " << value << ".\n";
  }
}

// A check for ask_number: "The pause must be 0-10000 ms." outside lo..hi.
std::function<std::string(int)> between(int lo, int hi, const std::string& what,
                                        const std::string& unit = "") {
  return [=](int value) -> std::string {
    if (value >= lo && value <= hi) return "";
    return "The " + what + " must be " + std::to_string(lo) + "-" + std::to_string(hi) + unit + ".";
  };
}

// As the original program did: the length (columns) and the width (rows) one after the other.
bool set_size(Session& s) {
  Shape shape = s.settings.shape;
  const auto even_side = [](const std::string& side) {
    return [side](int n) -> std::string {
      return is_valid_size(n) ? "" : "The " + side + " must be an even number from 4 to 26.";
    };
  };
  const bool was_square = shape.is_square();
  if (!ask_number(s, "Board length: columns a, b, ... (an even number from 4 to 26)", shape.cols,
                  even_side("length")))
    return false;
  if (was_square) shape.rows = shape.cols;  // Enter keeps the board square
  if (!ask_number(s, "Board width: rows 1, 2, ... (an even number from 4 to 26)", shape.rows,
                  even_side("width")))
    return false;
  const bool start_dropped = change_size(s.settings, shape);
  s.out << "Board size: " << shape_name(s.settings.shape) << ".\n";
  if (start_dropped) s.out << "Start: the standard start (the old one was for another size).\n";
  return true;
}

bool set_players(Session& s) {
  std::vector<std::string> labels;
  for (int i = 0; i < kPairings; ++i) {
    PlaySettings example;
    example.players = pairing(i);
    labels.push_back(pairing_name(example));
  }
  labels.push_back("Keep " + pairing_name(s.settings));
  const auto index = choose(s, "Who plays? (Black first)", labels, true);
  if (!index) return false;
  if (*index < kPairings) s.settings.players = pairing(static_cast<int>(*index));
  s.out << "Players: " << pairing_name(s.settings) << ".\n";
  return true;
}

bool set_levels(Session& s) {
  const std::string range = "1-" + std::to_string(kMaxLevel);
  for (Color c : {Color::Black, Color::White}) {
    if (!ask_number(
            s, colour_word(c) + "'s computer level (" + range + ", higher is stronger and slower)",
            s.settings.levels[static_cast<size_t>(c)], between(1, kMaxLevel, "level")))
      return false;
  }
  s.out << "Computer level: " << levels_text(s.settings) << ".\n";
  return true;
}

bool set_names(Session& s) {
  for (Color c : {Color::Black, Color::White}) {
    std::string& name = s.settings.names[static_cast<size_t>(c)];
    while (true) {
      const std::string shown = name.empty() ? "none" : "\"" + name + "\"";
      const auto answer =
          ask(s, "Name for " + colour_word(c) + " (Enter keeps " + shown + ", - for none): ");
      if (!answer) return false;
      if (answer->empty() || is_quit_word(*answer)) break;
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

bool toggle_flips(Session& s) {
  s.settings.show_flips = !s.settings.show_flips;
  s.out << "Mark the discs the last move flipped: " << (s.settings.show_flips ? "on" : "off")
        << ".\n";
  return true;
}

bool set_delay(Session& s) {
  if (!ask_number(s, "Pause between computer moves in milliseconds (0 for none)",
                  s.settings.delay_ms, between(0, kMaxDelayMs, "pause", " ms")))
    return false;
  s.out << "Pause between computer moves: " << s.settings.delay_ms << " ms.\n";
  return true;
}

bool set_variety(Session& s) {
  if (!ask_number(
          s, "Variety: the computer picks among moves this many discs from the best (0 for none)",
          s.settings.randomness, [](int discs) {
            return discs >= 0 && discs <= kMaxRandomness
                       ? ""
                       : "The variety must be 0-" + std::to_string(kMaxRandomness) + " discs.";
          }))
    return false;
  s.out << "Variety: " << s.settings.randomness << " discs.\n";
  return true;
}

bool set_start(Session& s) {
  s.out << "New games start after moves like f5d6c3, or from a board text (the cells row by\n"
           "row, X O or -, then X or O to move); - for the standard start.\n";
  while (true) {
    const auto answer = ask(s, "Start [" + start_text(s.settings) + "]: ");
    if (!answer) return false;
    if (answer->empty() || is_quit_word(*answer)) break;
    if (*answer == "-") {
      s.settings.start_board.clear();
      s.settings.start_moves.clear();
      break;
    }
    if (const std::string problem = apply_start(s.settings, *answer); !problem.empty()) {
      s.out << problem << " Try again.\n";
      continue;
    }
    break;
  }
  s.out << "Start: " << start_text(s.settings) << ".\n";
  return true;
}

struct OptionEntry {
  std::function<std::string(const PlaySettings&)> label;
  std::function<bool(Session&)> change;  // false at the end of input
};

std::string on_off(bool on) { return on ? "on" : "off"; }

std::vector<OptionEntry> option_entries() {
  return {
      {[](const PlaySettings& p) {
         return "Board size: " + shape_name(p.shape) + " (length x width)";
       },
       set_size},
      {[](const PlaySettings& p) { return "Players: " + pairing_name(p); }, set_players},
      {[](const PlaySettings& p) { return "Computer level: " + levels_text(p); }, set_levels},
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
      {[](const PlaySettings& p) { return "Colour: " + on_off(p.colour); }, toggle_colour},
      {[](const PlaySettings& p) { return "Mark flipped discs: " + on_off(p.show_flips); },
       toggle_flips},
      {[](const PlaySettings& p) {
         return "Pause between computer moves: " + std::to_string(p.delay_ms) + " ms";
       },
       set_delay},
      {[](const PlaySettings& p) { return "Variety: " + std::to_string(p.randomness) + " discs"; },
       set_variety},
      {[](const PlaySettings& p) { return "Start: " + start_text(p); }, set_start},
  };
}

}  // namespace

std::string name_problem(const std::string& name) {
  if (utf8_length(name) > kMaxNameLength)
    return "Please use at most " + std::to_string(kMaxNameLength) + " characters.";
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return "Please use printable characters only.";
  if (is_quit_word(name) || name == "-") return "q, quit and - are answers, not names.";
  return "";
}

std::string apply_start(PlaySettings& settings, const std::string& text) {
  const auto sentence = [](std::string why) {
    why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
    return why + ".";
  };
  PlaySettings trial = settings;
  if (looks_like_board_text(text)) {
    if (const std::string problem = board_text_problem(text); !problem.empty())
      return sentence("the board text cannot be read: " + problem);
    trial.start_board = text;
    trial.start_moves.clear();
    trial.shape = Position::parse(text).shape();
  } else {
    trial.start_board.clear();  // a move list from the standard start
    trial.start_moves = text;
    trial.shape = settings.shape;
  }
  try {
    starting_game(trial);
  } catch (const std::invalid_argument& e) {
    return sentence(e.what());
  }
  settings = trial;
  return "";
}

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
