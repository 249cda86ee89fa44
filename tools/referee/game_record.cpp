#include "tools/referee/game_record.hpp"

#include <utility>

namespace flank::referee {

namespace {
constexpr std::pair<EndReason, const char*> kTokens[] = {
    {EndReason::Normal, "normal"},
    {EndReason::Resigned, "resigned"},
    {EndReason::TimeOut, "time-out"},
    {EndReason::IllegalMove, "illegal-move"},
    {EndReason::UnparsableMove, "unparsable-move"},
    {EndReason::ErrorReply, "error-reply"},
    {EndReason::Hung, "hung"},
    {EndReason::Died, "died"},
    {EndReason::ProtocolError, "protocol-error"},
    {EndReason::StartFailed, "start-failed"},
};
}  // namespace

std::string reason_token(EndReason r) {
  for (const auto& [reason, token] : kTokens) {
    if (reason == r) return token;
  }
  return "unknown";
}

std::optional<EndReason> parse_reason_token(const std::string& token) {
  for (const auto& [reason, text] : kTokens) {
    if (token == text) return reason;
  }
  return std::nullopt;
}

}  // namespace flank::referee
