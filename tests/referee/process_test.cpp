// The process layer against tiny /bin/sh engines: replies over real pipes,
// deadlines, death with its exit status, and killing a whole process group.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "tools/referee/gtp_client.hpp"

using namespace flank::referee;

namespace {
std::vector<std::string> sh(const std::string& script) { return {"/bin/sh", "-c", script}; }

// Running means present and not a zombie (an orphan may wait a while for its reaper).
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, name, state;
  if (!(stat >> pid_field >> name >> state)) return false;
  return state != "Z" && state != "X";
}
}  // namespace

TEST_CASE("a GTP exchange over real pipes, multi-line replies included") {
  GtpClient client(sh(R"(while read cmd arg; do
    case "$cmd" in
      name) printf '= shell\n\n' ;;
      list) printf '= a\nb\n\n' ;;
      *) printf '? unknown command\n\n' ;;
    esac
  done)"));
  GtpReply r = client.send("name", 10);
  CHECK(r.kind == GtpReply::Kind::Success);
  CHECK(r.text == "shell");
  r = client.send("list", 10);
  CHECK(r.text == "a\nb");
  r = client.send("genmove b", 10);
  CHECK(r.kind == GtpReply::Kind::Failure);
  CHECK(r.text == "unknown command");
  CHECK(client.process().running());
}

TEST_CASE("a silent engine times out, is still running, and can be killed") {
  GtpClient client(sh("while read l; do :; done"));
  const GtpReply r = client.send("genmove b", 0.2);
  CHECK(r.kind == GtpReply::Kind::Timeout);
  CHECK(client.process().running());
  client.process().kill();
  CHECK_FALSE(client.process().running());
  CHECK(client.process().exit_description() == "killed by signal 9");
}

TEST_CASE("an engine that exits is seen as dead, with its exit code") {
  GtpClient client(sh("read l; exit 4"));
  const GtpReply r = client.send("genmove b", 10);
  CHECK(r.kind == GtpReply::Kind::Died);
  for (int i = 0; i < 200 && client.process().running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(client.process().exit_description() == "exit code 4");
  // Writing to it now fails cleanly (SIGPIPE is ignored).
  CHECK(client.send("name", 1).kind == GtpReply::Kind::Died);
}

TEST_CASE("output that is not GTP is reported as such") {
  GtpClient client(sh("read l; printf 'hello\\n\\n'; sleep 5"));
  const GtpReply r = client.send("name", 10);
  CHECK(r.kind == GtpReply::Kind::Garbled);
  CHECK(r.text == "'hello'");
}

TEST_CASE("killing an engine also kills the helpers it started") {
  // The engine starts a background sleeper that would keep the pipes open.
  GtpClient client(sh("sleep 30 & echo \"= $!\"; echo; wait"));
  std::string line;
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  REQUIRE(client.process().read_line(line, deadline) == ReadStatus::Line);
  const pid_t helper = std::stoi(line.substr(2));
  REQUIRE(running(helper));
  client.process().kill();
  // The helper is not our child: it is gone once the group's SIGKILL lands.
  bool gone = false;
  for (int i = 0; i < 200 && !gone; ++i) {
    gone = !running(helper);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(gone);
}

TEST_CASE("a program that does not exist cannot start") {
  CHECK_THROWS_WITH_AS(GtpClient({"no-such-engine-xyz"}), doctest::Contains("not found"),
                       std::runtime_error);
}
