// The main menu's entries: the one place to add another game.
#include <filesystem>

#include "engine/board/square.hpp"
#include "tools/hangman/session.hpp"
#include "tools/play/game_file.hpp"
#include "tools/play/game_loop.hpp"
#include "tools/play/menu.hpp"
#include "tools/play/options_menu.hpp"
#include "tools/play/review_screen.hpp"
#include "tools/play/rules_text.hpp"

namespace flank::terminal_play {
namespace {

constexpr const char* kDefaultFile = "flank-game.ggf";

// Asks for a file name; Enter takes the one shown. nullopt: q, quit or end of input.
std::optional<std::string> ask_file(Session& s, const std::string& what, const std::string& shown) {
  const auto answer = ask(s, what + " (Enter for " + shown + ", q to go back): ");
  if (!answer || is_quit_word(*answer)) return std::nullopt;
  return answer->empty() ? shown : *answer;
}

AfterEntry save_game(Session& s) {
  if (!s.game) {
    s.out << "There is no game to save yet: play one (or load one) first.\n";
    return AfterEntry::ShowMenu;
  }
  const auto path =
      ask_file(s, "Save the game to", s.last_file.empty() ? kDefaultFile : s.last_file);
  if (!path) return AfterEntry::ShowMenu;
  std::error_code ec;
  if (std::filesystem::is_directory(*path, ec)) {
    s.out << "Not saved: " << *path << " is a directory; give a file name.\n";
    return AfterEntry::ShowMenu;
  }
  if (std::filesystem::exists(*path, ec)) {
    const auto answer = ask(s, *path + " exists. Replace it? (y/n): ");
    if (!answer || (*answer != "y" && *answer != "yes")) {
      s.out << "Not saved.\n";
      return AfterEntry::ShowMenu;
    }
  }
  try {
    save_game_file(*path, *s.game, s.settings);
    s.last_file = *path;
    s.out << "Saved the game (" << s.game->moves().size() << " moves) to " << *path << ".\n";
  } catch (const std::exception& e) {
    s.out << "Not saved: " << e.what() << "\n";
  }
  return AfterEntry::ShowMenu;
}

AfterEntry load_game(Session& s) {
  const auto path =
      ask_file(s, "Load a game from", s.last_file.empty() ? kDefaultFile : s.last_file);
  if (!path) return AfterEntry::ShowMenu;
  try {
    Game game = load_game_file(*path);
    change_size(s.settings, game.shape());
    s.game = std::move(game);
    s.last_file = *path;
  } catch (const std::exception& e) {
    s.out << "Not loaded: " << e.what() << "\n";
    return AfterEntry::ShowMenu;
  }
  s.out << "Loaded " << *path << ": " << shape_name(s.game->shape()) << ", "
        << s.game->moves().size() << " moves played.\n";
  continue_game(s);
  return AfterEntry::ShowMenu;
}

}  // namespace

std::vector<MenuEntry> main_menu_entries() {
  return {
      {"Play game",
       [](Session& s) {
         play_new_game(s);
         return AfterEntry::ShowMenu;  // after a game (or quit) back to the menu
       }},
      {"Continue game",
       [](Session& s) {
         continue_game(s);
         return AfterEntry::ShowMenu;
       }},
      {"Review this game", review_finished_game, has_finished_game},
      {"Save game", save_game},
      {"Load game", load_game},
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
         options.ask = [&s](const std::string& prompt) { return ask(s, prompt); };
         flank::hangman::run_hangman(s.in, s.out, options);
         return AfterEntry::ShowMenu;  // Ctrl-D on a terminal comes back here too
       }},
      {"Quit",
       [](Session& s) {
         s.out << "Thanks for playing flank. Goodbye!\n";
         return AfterEntry::Exit;
       }},
  };
}

}  // namespace flank::terminal_play
