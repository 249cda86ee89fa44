#pragma once
// The position file: plain text, one game after another, appended as games
// finish so an interrupted run resumes where it stopped.
//   p GAME ME OPP LABEL KIND     (ME/OPP: 16 hex digits; KIND: e, s, o or w)
//   end GAME                     (the game is complete)
// Lines of a game without its `end` line are dropped (and cut from the file on
// resume); lines starting with # are comments.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "engine/board/position.hpp"
#include "tools/common/endgame_case.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

struct Dataset {
  std::vector<Sample> samples;
  std::set<std::uint32_t> games;     // complete games
  std::uint64_t complete_bytes = 0;  // file length up to the last complete game
};

// Reads a position file; a missing file is an empty dataset. Throws
// std::runtime_error naming the file and line for a malformed complete game.
Dataset read_dataset(const std::string& path);

// An 8x8 position as a sample, from its mover's view.
Sample sample_of(const Position& p, float label, LabelKind kind, std::uint32_t game);

// An endgame suite's positions as exactly labelled samples, numbered in order.
// Throws std::invalid_argument for a position that is not 8x8.
std::vector<Sample> samples_of(const std::vector<EndgameCase>& cases);

// Keeps the first occurrence (in sample order) of every position, symmetric
// images counting as the same position; an exact label found on a later copy
// replaces an inexact one, and a win/loss/draw one replaces a search or
// outcome label.
void deduplicate(std::vector<Sample>& samples);

// One game's lines, ending with its `end` line.
std::string format_game(std::uint32_t game, const std::vector<Sample>& samples);

// Writes `samples` as a position file (each run of one game's samples as a
// complete game, in order), replacing `path`. Throws std::runtime_error when
// it cannot be written.
void write_dataset(const std::string& path, const std::vector<Sample>& samples);

}  // namespace flank::train
