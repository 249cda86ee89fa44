#pragma once
// An NBoard session on streams: this thread reads the commands, a second one
// runs each search, so a command arriving during hint, go or analyze stops it
// (the search still reports what it found) before the command is carried out.
// Malformed lines and failed commands get an "error: ..." line on err and stop
// nothing. At the end of input a running search finishes normally.

#include <iosfwd>

#include "protocol/nboard_engine.hpp"

namespace flank::nboard {

void run(Engine& engine, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace flank::nboard
