#pragma once
// Phases blended per move: the evaluation of a position `played` moves into
// the game (0..60) as the linear blend of the two phases whose middles (the
// mean of their moves played) surround it, so that it changes a little with
// every move instead of jumping at a phase's edge. A weights file may store
// its phases as the control points of such a blend (PatternWeights::
// per_move_blend()); flank then evaluates it with one phase per move.

#include "engine/eval/pattern_weights.hpp"

namespace flank {

// The mean of the first and last moves played (0..60) of phase q of `phases`.
double phase_middle(int q, int phases);

// Where a position `played` moves in lies between the middles of the phases of
// `phases`: between `phase` and `next` (next == phase before the first middle
// and after the last), a `share` of the way to next.
struct PhaseBlend {
  int phase, next;
  double share;
};
PhaseBlend blend_at(double played, int phases);

// The same weights with `phases` phases, each the blend of the two phases of
// `from` whose middles surround its own; before the first middle and after the
// last, that phase alone. `phases` equal to from's gives `from` back. Reads
// from's phases as they are stored (whether or not they are a per-move blend)
// and returns plain phases. Throws std::invalid_argument unless 1 <= phases <= 61.
PatternWeights interpolate_phases(const PatternWeights& from, int phases);

// Phase q of interpolate_phases(from, phases), written to `out`
// (from.set().weights_per_phase() floats), without the other phases.
void interpolated_phase(const PatternWeights& from, int q, int phases, float* out);

// The phases flank evaluates: a per-move blend as 61 plain phases, one per
// move; any other weights as they are.
PatternWeights evaluated_phases(const PatternWeights& weights);
// How many phases evaluated_phases(weights) has, and phase q of them written
// to `out`, one at a time (an evaluator builds its tables from each in turn).
int evaluated_phase_count(const PatternWeights& weights);
void evaluated_phase(const PatternWeights& weights, int q, float* out);

}  // namespace flank
