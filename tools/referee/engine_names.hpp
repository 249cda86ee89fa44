#pragma once
// Default names for the two engines of a match, made to tell them apart:
// their GTP names, plus what differs between their command lines when the
// GTP names are the same ("flank -l 2" against "flank -l 1").

#include <array>
#include <string>
#include <vector>

namespace flank::referee {

// commands[i] is engine i's program and arguments, gtp_names[i] its GTP name.
std::array<std::string, 2> default_engine_names(
    const std::array<std::vector<std::string>, 2>& commands,
    const std::array<std::string, 2>& gtp_names);

}  // namespace flank::referee
