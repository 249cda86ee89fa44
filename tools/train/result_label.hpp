#pragma once
// The label of a position before the exact solve point: the game's result for
// its mover (LabelKind::Outcome), or, with at most `wld_empties` empties, that
// result moved to the side of 0 a win/loss/draw solve proves
// (LabelKind::WinLossDraw): the propagation's searches later replace the
// score but keep the proven result.

#include <cstdint>

#include "engine/board/position.hpp"
#include "engine/search/search.hpp"
#include "tools/train/sample.hpp"

namespace flank::train {

Sample result_sample(const Position& p, int result_for_mover, int wld_empties, std::uint32_t game,
                     Searcher& searcher);

}  // namespace flank::train
