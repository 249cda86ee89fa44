// The main menu's entries: the one place to add another game.
#include "tools/hangman/session.hpp"
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
      {"Play Hangman (the word game)",
       [](Session& s) {
         flank::hangman::HangmanOptions options;  // built-in words, random seed
         options.echo_input = s.echo_input;       // same transcript style as the menu
         flank::hangman::run_hangman(s.in, s.out, options);
         return AfterEntry::ShowMenu;  // at the end of input the menu then stops quietly
       }},
      {"Exit",
       [](Session& s) {
         s.out << "Thanks for playing flank. Goodbye!\n";
         return AfterEntry::Exit;
       }},
  };
}

}  // namespace flank::terminal_play
