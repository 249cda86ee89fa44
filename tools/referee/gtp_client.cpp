#include "tools/referee/gtp_client.hpp"

#include <cctype>
#include <optional>

namespace flank::referee {

std::optional<GtpReply> reply_for_missing_line(ReadStatus status) {
  GtpReply reply;
  switch (status) {
    case ReadStatus::Line:
      return std::nullopt;
    case ReadStatus::Timeout:
      reply.kind = GtpReply::Kind::Timeout;
      break;
    case ReadStatus::Closed:
      reply.kind = GtpReply::Kind::Died;
      break;
    case ReadStatus::TooLong:
      reply.kind = GtpReply::Kind::Garbled;
      reply.text = "a line of over 1 MB";
      break;
  }
  return reply;
}

bool parse_reply_start(std::string_view line, GtpReply& reply) {
  if (line.empty() || (line[0] != '=' && line[0] != '?')) return false;
  reply.kind = line[0] == '=' ? GtpReply::Kind::Success : GtpReply::Kind::Failure;
  size_t i = 1;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;  // the id
  if (i < line.size() && line[i] != ' ' && line[i] != '\t') return false;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  reply.text = std::string(line.substr(i));
  while (!reply.text.empty() && std::isspace(static_cast<unsigned char>(reply.text.back()))) {
    reply.text.pop_back();
  }
  return true;
}

GtpClient::GtpClient(const std::vector<std::string>& words, const std::string& stderr_log,
                     const std::string& dir)
    : process_(words, stderr_log, dir) {}

GtpReply GtpClient::send(const std::string& command, double timeout_seconds) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(timeout_seconds));
  GtpReply reply;
  const auto finish = [&](GtpReply::Kind kind, std::string text = "") {
    reply.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (kind != GtpReply::Kind::Success) reply.kind = kind;
    if (!text.empty()) reply.text = std::move(text);
    return reply;
  };
  if (!process_.write_line(command, deadline)) {
    return finish(process_.running() ? GtpReply::Kind::Timeout : GtpReply::Kind::Died);
  }
  // Reads one line; when none comes, the reply that says why.
  const auto read_line = [&](std::string& line) -> std::optional<GtpReply> {
    if (auto missing = reply_for_missing_line(process_.read_line(line, deadline)))
      return finish(missing->kind, missing->text);
    return std::nullopt;
  };
  std::string line;
  // Blank lines before the reply are allowed by GTP; skip them.
  do {
    if (auto failed = read_line(line)) return *failed;
  } while (line.find_first_not_of(" \t\r") == std::string::npos);
  if (!parse_reply_start(line, reply)) {
    std::string quoted = "'";
    quoted += line.substr(0, 80);
    quoted += "'";
    return finish(GtpReply::Kind::Garbled, quoted);
  }
  const auto kind = reply.kind;
  for (;;) {
    if (auto failed = read_line(line)) return *failed;
    if (line.empty()) break;
    reply.text += "\n" + line;
  }
  return finish(kind);
}

}  // namespace flank::referee
