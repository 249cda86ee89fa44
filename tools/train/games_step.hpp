#pragma once
// The position file's games: made by self-play and read from WTHOR, or merged
// from the parts of a sharded run.
#include "tools/train/dataset.hpp"
#include "tools/train/train_settings.hpp"

namespace flank::train {

// Makes the games missing from the position file (--data) and appends them.
void generate(const Settings& s, const Dataset& existing);

// Combines shard part files into --data (games in number order; a game in two parts is refused).
void merge(const Settings& s);

}  // namespace flank::train
