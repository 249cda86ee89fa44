#pragma once
// What the game runner talks to: an engine behind GTP commands. GTP engines
// get them as they are (GtpClient); NBoard engines through NboardClient,
// which turns them into the NBoard protocol. EngineSpec says how to start one.

#include <memory>
#include <string>
#include <vector>

#include "tools/referee/engine_process.hpp"

namespace flank::referee {

struct GtpReply;

enum class Protocol { Gtp, Nboard };

// "gtp" or "nboard"; throws std::invalid_argument for anything else.
Protocol parse_protocol(const std::string& text);

struct EngineSpec {
  std::vector<std::string> command;  // program and arguments
  Protocol protocol = Protocol::Gtp;
  int depth = 0;    // NBoard "set depth D" after the greeting; 0 = not sent
  std::string dir;  // working directory; "" = the referee's
};

class EngineClient {
 public:
  virtual ~EngineClient() = default;
  // Sends a GTP command and waits at most timeout_seconds for its reply.
  virtual GtpReply send(const std::string& command, double timeout_seconds) = 0;
  // False when the engine has no final_score to compare with the board.
  virtual bool reports_final_score() const { return true; }
  // "GTP" or "NBoard", for messages about replies it cannot read.
  virtual const char* protocol_name() const { return "GTP"; }
  virtual EngineProcess& process() = 0;
};

// Starts the engine; throws std::runtime_error when it cannot start.
std::unique_ptr<EngineClient> start_engine_client(const EngineSpec& spec,
                                                  const std::string& stderr_log);

}  // namespace flank::referee
