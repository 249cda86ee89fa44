// The main menu's entries: the one place to add another game.
#include "tools/play/game_loop.hpp"
#include "tools/play/menu.hpp"
#include "tools/play/options_menu.hpp"
#include "tools/play/rules_text.hpp"

namespace flank::terminal_play {

std::vector<MenuEntry> main_menu_entries() {
  return {
      {"Play game",
       [](Session& s) {
         play_game(s);
         return AfterEntry::ShowMenu;  // after a game (or quit) back to the menu
       }},
      {"Options", run_options_menu},
      {"How to play",
       [](Session& s) {
         s.out << "\n" << how_to_play_text(s.settings.discs);
         return AfterEntry::ShowMenu;
       }},
      // Another game goes here, e.g. {"Hangman", [](Session& s) { ...; return ShowMenu; }}.
      {"Exit",
       [](Session& s) {
         s.out << "Thanks for playing flank. Goodbye!\n";
         return AfterEntry::Exit;
       }},
  };
}

}  // namespace flank::terminal_play
