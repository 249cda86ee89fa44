#pragma once
// Numbered menus. The main menu is a list of entries, so another game is one
// more entry in main_menu_entries() (main_menu.cpp).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/play/session.hpp"

namespace flank::terminal_play {

// What the main menu does after an entry has run. An entry that met the end of
// input may return ShowMenu too: the menu sees the stream has ended and stops.
enum class AfterEntry { ShowMenu, Exit };

struct MenuEntry {
  std::string label;
  std::function<AfterEntry(Session&)> run;
  // When the entry is in the menu (unset: always), e.g. only after a finished game.
  std::function<bool(const Session&)> shown{};
};

// Shows the title and numbered labels and asks until the answer names one:
// its number, or a word that starts exactly one label (any case). The last
// label is the way back (Quit, Back, Keep ...): q or quit choose it too, and
// so does Enter when enter_goes_back. Returns the index, or nullopt at the end
// of input.
std::optional<size_t> choose(Session& s, const std::string& title,
                             const std::vector<std::string>& labels, bool enter_goes_back = false);

// The index a typed answer names, if exactly one (see choose).
std::optional<size_t> match_choice(const std::string& answer,
                                   const std::vector<std::string>& labels);

// Greets, then runs entries until one says Exit or input ends. The entries
// shown are chosen afresh each time the menu comes back.
void run_main_menu(Session& s, const std::vector<MenuEntry>& entries);

// Play game, Continue, Review this game (after a finished game), Save, Load,
// Options, How to play, Play Hangman, Quit.
std::vector<MenuEntry> main_menu_entries();

}  // namespace flank::terminal_play
