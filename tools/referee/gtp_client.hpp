#pragma once
// The controller side of GTP: send one command, wait (with a deadline) for
// its "= ..." or "? ..." reply ended by a blank line.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/referee/engine_client.hpp"
#include "tools/referee/engine_process.hpp"

namespace flank::referee {

struct GtpReply {
  enum class Kind {
    Success,  // "= text"
    Failure,  // "? text"
    Timeout,  // no complete reply before the deadline
    Died,     // the engine closed its output (exited or crashed)
    Garbled,  // a reply that is not GTP
  };
  Kind kind = Kind::Success;
  std::string text;  // reply text without the status and id; lines joined by '\n'
  double seconds = 0;
  bool ok() const { return kind == Kind::Success; }
};

// The reply for a read that brought no line (a timeout, the engine gone, a
// line too long); nothing for ReadStatus::Line. Both protocols' clients use it.
std::optional<GtpReply> reply_for_missing_line(ReadStatus status);

// Parses the first line of a reply ("=", "=12 text", "? error") into kind and
// text; false when the line is not a GTP reply start.
bool parse_reply_start(std::string_view line, GtpReply& reply);

class GtpClient : public EngineClient {
 public:
  // Starts the engine (in `dir` unless empty); throws std::runtime_error when it cannot start.
  explicit GtpClient(const std::vector<std::string>& words, const std::string& stderr_log = "",
                     const std::string& dir = "");

  // Sends the command and waits at most timeout_seconds for the whole reply.
  GtpReply send(const std::string& command, double timeout_seconds) override;

  EngineProcess& process() override { return process_; }

 private:
  EngineProcess process_;
};

}  // namespace flank::referee
