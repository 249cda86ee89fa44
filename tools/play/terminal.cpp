#include "tools/play/terminal.hpp"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace flank::terminal_play {

bool stdout_wants_colour() {
  if (!isatty(STDOUT_FILENO)) return false;
  if (const char* no_colour = std::getenv("NO_COLOR"); no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::string_view(term) == "dumb");
}

bool stdin_is_terminal() { return isatty(STDIN_FILENO) != 0; }
bool stdout_is_terminal() { return isatty(STDOUT_FILENO) != 0; }

size_t terminal_rows() {
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
  return 24;
}

void forget_end_of_input() { std::clearerr(stdin); }

namespace {

volatile std::sig_atomic_t interrupted = 0;
void on_interrupt(int) { interrupted = 1; }

struct sigaction previous_interrupt;
termios saved_terminal;

}  // namespace

StopWatch::StopWatch(bool catch_interrupt, bool watch_keys)
    : catch_interrupt_(catch_interrupt), watch_keys_(watch_keys && stdin_is_terminal()) {
  interrupted = 0;
  if (catch_interrupt_) {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_interrupt);
  }
  if (watch_keys_ && tcgetattr(STDIN_FILENO, &saved_terminal) == 0) {
    termios keys = saved_terminal;
    keys.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));  // ISIG stays: Ctrl-C still signals
    keys.c_cc[VMIN] = 1;
    keys.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &keys);
  } else {
    watch_keys_ = false;
  }
}

StopWatch::~StopWatch() {
  if (watch_keys_) {
    tcflush(STDIN_FILENO, TCIFLUSH);  // keys typed meanwhile are not answers to the next prompt
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
  }
  if (catch_interrupt_) sigaction(SIGINT, &previous_interrupt, nullptr);
}

bool StopWatch::wait(int ms, bool any_key_stops) {
  if (interrupted) return true;
  if (!watch_keys_) {
    // Sleep in poll so Ctrl-C wakes us at once (EINTR).
    poll(nullptr, 0, ms);
    return interrupted != 0;
  }
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  if (poll(&fd, 1, ms) > 0) {
    char buffer[64];
    const ssize_t n = (fd.revents & POLLIN) ? ::read(STDIN_FILENO, buffer, sizeof buffer) : 0;
    if (n > 0 && any_key_stops) return true;
    if (n <= 0) poll(nullptr, 0, ms);  // a closed terminal: do not spin
  }
  return interrupted != 0;
}

}  // namespace flank::terminal_play
