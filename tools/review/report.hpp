#pragma once
// A game review written out: the table and the summary lines for people, the
// CSV for programs, and the score graph as a standalone SVG.

#include <ostream>
#include <string>

#include "tools/review/review.hpp"

namespace flank::review {

// "book", "exact" or "search".
std::string source_name(Source source);

// One line per move: ply, colour, move, best, best score, played score, loss,
// how the scores were found, and "*" on each side's three worst moves.
void write_table(std::ostream& out, const GameReview& review);

// A line per side (moves, total loss, largest loss and where, what the
// first position was worth for that side), then the result when the game ended.
void write_summary(std::ostream& out, const GameReview& review);

// ply,color,move,best,best_score,played_score,loss,exact: a header and one row
// per move (passes as "pass", exact as book, exact or search).
void write_csv(std::ostream& out, const GameReview& review);

// The value of the game over the plies for black (the first position's value,
// then the value after each move), exact points filled, each side's worst
// moves labelled. `title` goes above the graph.
void write_svg(std::ostream& out, const GameReview& review, const std::string& title);

}  // namespace flank::review
