#include "protocol/gtp_engine.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>

#include "engine/eval/pattern_evaluator.hpp"
#include "protocol/gtp_command.hpp"
#include "protocol/illegal_move.hpp"
#include "protocol/version.hpp"

namespace flank::gtp {

const std::vector<Engine::Entry>& Engine::table() {
  static const std::vector<Entry> entries = {
      {"protocol_version", &Engine::cmd_protocol_version},
      {"name", &Engine::cmd_name},
      {"version", &Engine::cmd_version},
      {"known_command", &Engine::cmd_known_command},
      {"list_commands", &Engine::cmd_list_commands},
      {"quit", &Engine::cmd_quit},
      {"boardsize", &Engine::cmd_boardsize},
      {"clear_board", &Engine::cmd_clear_board},
      {"komi", &Engine::cmd_komi},
      {"play", &Engine::cmd_play},
      {"genmove", &Engine::cmd_genmove},
      {"reg_genmove", &Engine::cmd_reg_genmove},
      {"undo", &Engine::cmd_undo},
      {"showboard", &Engine::cmd_showboard},
      {"final_score", &Engine::cmd_final_score},
      {"time_settings", &Engine::cmd_time_settings},
      {"time_left", &Engine::cmd_time_left},
      {"kgs-time_settings", &Engine::cmd_kgs_time_settings},
      {"cputime", &Engine::cmd_cputime},
      {"list_games", &Engine::cmd_list_games},
      {"set_game", &Engine::cmd_set_game},
      {"gogui-rules_game_id", &Engine::cmd_gogui_game_id},
      {"gogui-rules_board_size", &Engine::cmd_gogui_board_size},
      {"gogui-rules_legal_moves", &Engine::cmd_gogui_legal_moves},
      {"gogui-rules_side_to_move", &Engine::cmd_gogui_side_to_move},
      {"gogui-rules_board", &Engine::cmd_gogui_board},
      {"gogui-rules_final_result", &Engine::cmd_gogui_final_result},
      {"flank-setboard", &Engine::cmd_setboard},
      {"flank-getboard", &Engine::cmd_getboard},
      {"flank-boardsize", &Engine::cmd_flank_boardsize},
      {"flank-play_sequence", &Engine::cmd_play_sequence},
      {"flank-legal_moves", &Engine::cmd_legal_moves},
      {"flank-history", &Engine::cmd_history},
      {"flank-level", &Engine::cmd_level},
      {"flank-threads", &Engine::cmd_threads},
      {"flank-analyze", &Engine::cmd_analyze},
      {"flank-solve", &Engine::cmd_solve},
      {"flank-book", &Engine::cmd_book},
      {"flank-analyze_all", &Engine::cmd_analyze_all},
      {"flank-solve_all", &Engine::cmd_solve_all},
      {"flank-analyze_gfx", &Engine::cmd_analyze_gfx},
      {"flank-solve_gfx", &Engine::cmd_solve_gfx},
      {"gogui-analyze_commands", &Engine::cmd_gogui_analyze_commands},
  };
  return entries;
}

Engine::Engine(const EngineOptions& options)
    : options_(options),
      game_(options.shape),
      level_(options.level),
      searcher_(options.hash_mb, options.threads) {
  if (level_ != kLevelMax) level_limits(level_);  // throws std::invalid_argument out of range
  searcher_.set_evaluator(options.evaluator ? options.evaluator : pattern_evaluator());
}

std::vector<std::string> Engine::command_names() const {
  std::vector<std::string> names;
  for (const Entry& e : table()) names.emplace_back(e.name);
  return names;
}

std::string Engine::handle_line(std::string_view line) {
  // Every command sees the engine at rest (and a blank line too: a controller
  // may send one to get the engine's attention).
  ponder_.stop();
  const std::optional<Command> cmd = parse_command(line);
  if (!cmd) return {};
  if (cmd->name.empty())
    return format_reply(cmd->id, false, "syntax error: no command after the id");
  const auto& entries = table();
  const auto it = std::find_if(entries.begin(), entries.end(),
                               [&](const Entry& e) { return cmd->name == e.name; });
  if (it == entries.end()) return format_reply(cmd->id, false, "unknown command");
  try {
    return format_reply(cmd->id, true, (this->*(it->handler))(cmd->args));
  } catch (const std::exception& e) {
    // Failure from the handlers, std::invalid_argument from the engine's
    // checks; either way the handler has not touched the game.
    return format_reply(cmd->id, false, error_text(e));
  }
}

void Engine::run(std::istream& in, std::ostream& out) {
  std::string line;
  // Stops when the controller has gone away (output no longer writable) as well as at EOF.
  while (!quit_ && out && std::getline(in, line)) {
    const std::string reply = handle_line(line);
    if (!reply.empty()) out << reply << std::flush;
  }
}

std::string Engine::cmd_protocol_version(const Args& args) {
  expect_arg_count(args, 0, "protocol_version");
  return "2";
}

std::string Engine::cmd_name(const Args& args) {
  expect_arg_count(args, 0, "name");
  return "flank";
}

std::string Engine::cmd_version(const Args& args) {
  expect_arg_count(args, 0, "version");
  return std::string(flank_version());
}

std::string Engine::cmd_known_command(const Args& args) {
  expect_arg_count(args, 1, "known_command NAME");
  const auto& entries = table();
  const bool known = std::any_of(entries.begin(), entries.end(),
                                 [&](const Entry& e) { return args[0] == e.name; });
  return known ? "true" : "false";
}

std::string Engine::cmd_list_commands(const Args& args) {
  expect_arg_count(args, 0, "list_commands");
  std::string out;
  for (const Entry& e : table()) out += std::string(out.empty() ? "" : "\n") + e.name;
  return out;
}

std::string Engine::cmd_quit(const Args& args) {
  expect_arg_count(args, 0, "quit");
  quit_ = true;
  return {};
}

std::string Engine::cmd_list_games(const Args& args) {
  expect_arg_count(args, 0, "list_games");
  return "Othello";
}

std::string Engine::cmd_set_game(const Args& args) {
  expect_arg_count(args, 1, "set_game Othello");
  std::string game = args[0];
  std::transform(game.begin(), game.end(), game.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (game != "othello" && game != "reversi") throw Failure("unsupported game");
  return {};
}

}  // namespace flank::gtp
