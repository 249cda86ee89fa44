#!/usr/bin/env python3
"""flank-play with input from a pipe or a file: command line, menu paths,
complete games read back from the printed final board, end of input."""
import os
import re
import select
import subprocess
import sys
import tempfile

PLAY = sys.argv[1]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(args, stdin_text="", **kw):
    return subprocess.run([PLAY, *args], input=stdin_text, capture_output=True, text=True,
                          timeout=60, **kw)


def final_board(out):
    """The discs on the last board printed: (black, white, empty, size)."""
    lines = out.splitlines()
    header = max(i for i, line in enumerate(lines) if re.fullmatch(r" *a( [b-z])+", line))
    size = len(lines[header].split())
    rows = lines[header + 1:header + 1 + size]
    cells = "".join(row.split("    ")[0].split(None, 1)[1].replace(" ", "") for row in rows)
    assert len(cells) == size * size, rows
    return cells.count("X"), cells.count("O"), cells.count("."), size


def expected_result(black, white, empty):
    """The closing line by the rules: the winner gets the empty squares."""
    if black > white:
        return f"Black wins {black + empty}-{white}!"
    if white > black:
        return f"White wins {white + empty}-{black}!"
    return "Draw!"


def check_finished_game(out, what):
    black, white, empty, _ = final_board(out)
    check(f"Final count: Black {black}, White {white}" in out, f"{what}: counts match the board")
    check(expected_result(black, white, empty) in out, f"{what}: result matches the board")
    check("Game over" in out, f"{what}: game over shown")


# Command line: --help, bad options and bad values give one error line and status 2.
r = run(["--help"])
check(r.returncode == 0 and "--players" in r.stdout and "--no-delay" in r.stdout, "--help")
for bad in (["--size", "5"], ["--size", "28"], ["--players", "xx"], ["--level", "0"],
            ["--level", "11"], ["--discs", "round"], ["--colour", "pink"], ["--delay", "-5"],
            ["--size", "eight"], ["--frobnicate"], ["--black", "x" * 21]):
    r = run(bad)
    check(r.returncode == 2, f"{bad}: exit status 2 (got {r.returncode})")
    check(r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, f"{bad}: one error line")
    check(r.stdout == "", f"{bad}: nothing on stdout")

# End of input straight away and at the menu: status 0, no colours through a pipe.
for text in ("", "3\n", "2\n1\n", "1\nd3\n"):
    r = run([], text)
    check(r.returncode == 0, f"EOF after {text!r}: status 0")
    check("\x1b[" not in r.stdout, f"EOF after {text!r}: no colours through a pipe")
    check(r.stderr == "", f"EOF after {text!r}: nothing on stderr")

# Every main menu entry, and the echo of piped answers after their prompts.
r = run([], "3\n2\n8\nexit\n")
check(r.returncode == 0 and "Thanks for playing" in r.stdout, "menu paths end with thanks")
check("Choose 1-5: 3\n" in r.stdout, "piped answers are echoed after the prompt")
check("eight directions" in r.stdout and "Back to the main menu" in r.stdout, "rules and options")

# Colour forced on through a pipe.
r = run(["--colour", "on", "--players", "hh"], "1\nquit\n5\n")
check("\x1b[42m" in r.stdout, "--colour on paints the board")

# A complete 4x4 game between humans from a move list in a file, with a forced pass.
moves = "b1 a1 c4 b4 a2 c1 a4 a3 d2 d1 d4 d3".split()
with tempfile.TemporaryFile("w+") as f:
    f.write("1\n" + "\n".join(moves) + "\n5\n")
    f.seek(0)
    r = subprocess.run([PLAY, "--size", "4", "--players", "hh"], stdin=f, capture_output=True,
                       text=True, timeout=60)
check(r.returncode == 0, "4x4 game from a file: status 0")
check("Black has no valid move. The turn passes to White." in r.stdout, "4x4: forced pass")
check_finished_game(r.stdout, "4x4 game")
check("Thanks for playing" in r.stdout, "4x4: back to the menu and exit")

# A complete 8x8 game between computers with no delay, unicode discs off: letters.
r = run(["--players", "cc", "--level", "1", "--no-delay"], "1\n5\n")
check(r.returncode == 0, "8x8 computer game: status 0")
check_finished_game(r.stdout, "8x8 computer game")
check(r.stdout.count("(computer) plays") >= 30, "8x8 computer game: shown move by move")

# A 6x6 game between computers, then end of input back in the menu.
r = run(["--size", "6", "--players", "cc", "--level", "2", "--delay", "0"], "1\n")
check(r.returncode == 0, "6x6 computer game then EOF: status 0")
check_finished_game(r.stdout, "6x6 computer game")



class PipedSession:
    """flank-play on pipes, answered prompt by prompt like a player reading the screen."""

    def __init__(self, args):
        self.proc = subprocess.Popen([PLAY, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.output = ""  # everything read
        self.unread = ""  # read but not yet matched

    def expect_any(self, *texts, timeout=30):
        """Reads until one of texts appears; returns it (None on timeout or end)."""
        fd = self.proc.stdout.fileno()
        while True:
            hits = [(self.unread.index(t), t) for t in texts if t in self.unread]
            if hits:
                at, text = min(hits)
                self.unread = self.unread[at + len(text):]
                return text
            if not select.select([fd], [], [], timeout)[0]:
                return None
            chunk = os.read(fd, 4096).decode()
            if not chunk:
                return None
            self.output += chunk
            self.unread += chunk

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def finish(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read().decode()
        self.output += rest
        return self.proc.wait(timeout=30)


# Play Hangman from the menu: letters until the game ends, n, back to the menu, Exit.
p = PipedSession([])
check(p.expect_any("Choose 1-5: ") is not None, "hangman: menu with five entries")
p.send("4")
guessed = []
for letter in "etaoinshrdlcumwfgypbvkjxqz":
    if p.expect_any("Your guess: ", "Play again? (y/n): ") != "Your guess: ":
        break
    p.send(letter)
    guessed.append(letter.upper())
else:
    check(p.expect_any("Play again? (y/n): ") is not None, "hangman: game over by z")
p.send("n")
check(p.expect_any("Bye.\n") is not None, "hangman: n quits hangman")
check(p.expect_any("Choose 1-5: ") is not None, "hangman: back to the menu")
p.send("5")
check(p.expect_any("Thanks for playing") is not None, "hangman: Exit thanks the player")
check(p.finish() == 0, "hangman then Exit: status 0")
out = p.output
check(out.count("Hangman: guess the word") == 1, "hangman: one session")
result = re.search(r"(You win!|Hanged!) The word was ([A-Z]+)", out)
check(result is not None, "hangman: the game ends with the word revealed")
if result:
    word = result.group(2)
    misses = [g for g in guessed if g not in word]
    if result.group(1) == "You win!":
        check(set(word) <= set(guessed), f"hangman: won with every letter of {word} guessed")
        check(len(misses) < 7 and "Games won: 1, lost: 0." in out, "hangman: win counted")
    else:
        check(len(misses) == 7 and "Games won: 0, lost: 1." in out, "hangman: hanged at strike 7")
check("Your guess: e\n" in out, "hangman: piped guesses are echoed like the menu's answers")

# End of input inside Hangman: the whole program ends quietly with status 0.
for text in ("4\n", "4\ne\n"):
    r = run([], text)
    check(r.returncode == 0 and r.stderr == "", f"EOF in hangman after {text!r}: status 0")
    check("Bye." in r.stdout and "Thanks for playing" not in r.stdout,
          f"EOF in hangman after {text!r}: no Exit")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all pipe sessions passed")
