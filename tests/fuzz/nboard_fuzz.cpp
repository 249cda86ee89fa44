// libFuzzer target for NBoard input (`flank --nboard`): each line goes to
// parse_request, which must return a request or an error message, never both
// and never crash; a `set game` it accepts carries a replayed game.
#include "protocol/nboard_engine.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using flank::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = flank::fuzz::as_text(data, size);
  std::size_t start = 0;
  for (int lines = 0; start < input.size() && lines < 64; ++lines) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    std::string error;
    const auto request = flank::nboard::parse_request(input.substr(start, end - start), error);
    require(!(request && !error.empty()), "a request or an error, not both");
    if (request && request->game)
      require(request->game->seconds.size() == request->game->game.moves().size(),
              "a set game has one time per move");
    start = end + 1;
  }
  return 0;
}
