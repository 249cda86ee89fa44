#!/usr/bin/env python3
"""flank-play on a pseudo-terminal, as a person would use it: colours on by
default, a few moves against the computer, hint, undo, quit, Ctrl-D to leave."""
import os
import pty
import select
import sys
import termios
import time

PLAY = sys.argv[1]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


class Terminal:
    def __init__(self, args, extra_env=None):
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm"
        env.update(extra_env or {})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # No opening book: these sessions need the computer to think (typeahead).
            os.execve(PLAY, [PLAY, "--book", "off", *args], env)
        self.seen = b""  # read but not yet matched
        self.output = b""  # everything read

    def expect(self, text, timeout=30):
        """Reads until text appears after what was already matched; False on timeout."""
        want = text.encode()
        deadline = time.monotonic() + timeout
        while want not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return False
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # the program has ended
                return False
            if not chunk:
                return False
            self.seen += chunk
            self.output += chunk
        self.seen = self.seen[self.seen.index(want) + len(want):]
        return True

    def send(self, text):
        if "\x04" in text or "\x1b" in text:
            self.wait_for_line_editor()
        os.write(self.fd, text.encode())

    def wait_for_line_editor(self, timeout=5):
        """Waits until the terminal is out of canonical mode: the line editor
        prints its prompt a moment before it takes the terminal, and a Ctrl-D
        typed in between is the kernel's end-of-line mark, which the switch
        loses, and an arrow key is echoed as ^[[D. A person cannot type that
        fast; a loaded test machine can."""
        deadline = time.monotonic() + timeout
        while termios.tcgetattr(self.fd)[3] & termios.ICANON and time.monotonic() < deadline:
            time.sleep(0.005)

    def status(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:  # keep draining so the program never blocks on a full terminal
                if select.select([self.fd], [], [], 0.05)[0]:
                    self.output += os.read(self.fd, 4096)
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        return None


# A game against the computer, with hint, undo and quit, then Ctrl-D at the menu.
t = Terminal(["--players", "hc", "--level", "1"])
check(t.expect("Choose 1-8: "), "menu shown")
t.send("1\n")
check(t.expect("your move"), "game started")
t.send("3\x1b[DD\n")  # "3", Left arrow, "D": the line editor makes it D3
check(t.expect("White (computer) plays"), "computer replied")
check(t.expect("your move"), "asked for the second move")
t.send("hint\n")
check(t.expect("Hint: the computer (level 1) suggests "), "hint")
check(t.expect("your move"), "asked again after the hint")
t.send("\x1b[A\n")  # Up arrow: the last answer again
check(t.expect("Hint: the computer (level 1) suggests "), "history: Up brings back hint")
t.send("d4\n")
check(t.expect("d4 is occupied. Try again."), "illegal move explained")
t.send("undo\n")
check(t.expect("Took back d3, "), "undo took back both moves")
t.send("quit\n")
check(t.expect("Game left; Continue or Save it from the menu."), "quit")
check(t.expect("Choose 1-8: "), "back to the menu")
t.send("\x04")  # Ctrl-D: end of input
check(t.status() == 0, "Ctrl-D at the menu exits with status 0")
out = t.output.decode("utf-8", "replace")
check("\x1b[42m" in out, "colours on by default on a terminal")
# A terminal without line editing echoes the keys as ^[[D and ^[[A.
check("^[[D" not in out and "^[[A" not in out, "arrow keys edit, not quoted back")
check("Black plays d3, flipping 1 disc." in out, "the edited line was played")

# NO_COLOR turns colours off; Exit from the menu thanks the player.
t = Terminal(["--discs", "unicode"], {"NO_COLOR": "1"})
check(t.expect("Choose 1-8: "), "menu shown (NO_COLOR)")
t.send("1\n")
check(t.expect("your move"), "game started (NO_COLOR)")
t.send("quit\n")
check(t.expect("Choose 1-8: "), "back to the menu (NO_COLOR)")
t.send("8\n")
check(t.expect("Thanks for playing"), "Exit thanks the player")
check(t.status() == 0, "Exit: status 0")
out = t.output.decode("utf-8", "replace")
check("\x1b[" not in out, "no colours with NO_COLOR")
check("\u25CF" in out, "unicode discs")

# Ctrl-D in the middle of a game goes back to the menu, where Continue plays on.
t = Terminal(["--players", "hh"])
check(t.expect("Choose 1-8: "), "menu shown (EOF in game)")
t.send("1\n")
check(t.expect("your move"), "game started (EOF in game)")
t.send("d3\n")
check(t.expect("White, your move"), "a move (EOF in game)")
t.send("\x04")
check(t.expect("Choose 1-8: "), "Ctrl-D in a game: back to the menu")
t.send("2\n")
check(t.expect("Game continued"), "Continue after Ctrl-D")
check(t.expect("White, your move"), "the game goes on where it was")
t.send("quit\n")
check(t.expect("Choose 1-8: "), "quit: back to the menu")
t.send("\x04")
check(t.status() == 0, "Ctrl-D at the menu exits with status 0")

# Hangman from the menu on a terminal: a guess, then Ctrl-D ends everything cleanly.
t = Terminal([])
check(t.expect("7. Play Hangman (the word game)"), "hangman entry in the menu")
check(t.expect("Choose 1-8: "), "menu shown (hangman)")
t.send("7\n")
check(t.expect("Your guess: "), "hangman started")
t.send("e\n")
check(t.expect("Your guess: "), "hangman asks again after a guess")
t.send("\x04")
check(t.expect("Bye."), "Ctrl-D in hangman says bye")
check(t.expect("Choose 1-8: "), "Ctrl-D in hangman: back to flank-play's menu")
t.send("7\n")
check(t.expect("Your guess: "), "hangman again")
t.send("quit\n")
check(t.expect("Game left without a strike."), "quit in hangman")
check(t.expect("Choose 1-8: "), "quit in hangman: back to the menu")
t.send("8\n")
check(t.expect("Thanks for playing"), "Quit thanks the player")
check(t.status() == 0, "Quit: status 0")

# Two computers: "thinking..." shows, and any key stops the game (the game is kept).
t = Terminal(["--players", "cc", "--level", "8", "--no-delay"])
check(t.expect("Choose 1-8: "), "menu shown (cc)")
t.send("1\n")
check(t.expect("Press any key (or Ctrl-C) to stop the game"), "cc: how to stop")
check(t.expect("Black (computer, level 8) is thinking..."), "cc: thinking line")
check(t.expect("Black (computer) plays"), "cc: a move")
check(t.expect("is thinking..."), "cc: thinking again")
t.send("x")
check(t.expect("Game stopped after "), "cc: a key stops the game")
check(t.expect("Choose 1-8: "), "cc: back to the menu")
t.send("2\n")
check(t.expect("Game continued"), "cc: Continue")
check(t.expect("is thinking..."), "cc: thinking after Continue")
t.send("\x03")  # Ctrl-C
check(t.expect("Game stopped after "), "cc: Ctrl-C stops the game")
check(t.expect("Choose 1-8: "), "cc: Ctrl-C back to the menu, the program lives")
t.send("8\n")
check(t.status() == 0, "cc: Quit after stopping: status 0")
out = t.output.decode("utf-8", "replace")
check("Game over" not in out, "cc: the game never ran to its end")

# Keys typed while the computer thinks are dropped, not answers at the next prompt.
t = Terminal(["--players", "hc", "--level", "8"])
check(t.expect("Choose 1-8: "), "menu shown (typeahead)")
t.send("1\n")
check(t.expect("your move"), "game started (typeahead)")
t.send("d3\n")
check(t.expect("White (computer, level 8) is thinking..."), "typeahead: thinking line")
t.send("zz\n")  # typed while white thinks
check(t.expect("White (computer) plays"), "typeahead: the computer moved")
check(t.expect("Black, your move"), "typeahead: asked for black's move")
t.send("help\n")
check(t.expect("Commands: pass, undo"), "typeahead: the next answer is read")
t.send("quit\n")
check(t.expect("Choose 1-8: "), "typeahead: back to the menu")
t.send("8\n")
check(t.status() == 0, "typeahead: status 0")
out = t.output.decode("utf-8", "replace")
check('"zz"' not in out, "typeahead: keys typed while thinking are not replayed")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all terminal sessions passed")
