#!/usr/bin/env python3
"""flank-play with input from a pipe or a file: command line, menu paths,
complete games read back from the printed final board, end of input."""
import os
import re
import select
import signal
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
    # After the row number: a separator (space, or [ ] around the last move) and a cell, n times.
    cells = "".join(re.sub(r"^ *\d+", "", row)[:2 * size].replace("[", " ").replace("]", " ")
                    .replace(" ", "") for row in rows)
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
for option in ("--version", "--black-level", "--white-level", "--random", "--seed", "--moves",
               "--position", "--load", "--flips"):
    check(option in r.stdout, f"--help lists {option}")
r = run(["--version"])
check(r.returncode == 0 and re.fullmatch(r"flank-play \d+\.\d+\.\d+\n", r.stdout) and r.stderr == "",
      "--version prints the name and version")
for bad in (["--size", "5"], ["--size", "28"], ["--players", "xx"], ["--level", "0"],
            ["--level", "11"], ["--discs", "round"], ["--colour", "pink"], ["--delay", "-5"],
            ["--size", "eight"], ["--frobnicate"], ["--black", "x" * 21],
            ["--black", "\u00e9" * 21], ["--black-level", "0"], ["--white-level", "11"],
            ["--random", "-1"], ["--random", "65"], ["--moves", "d3 d3"], ["--moves", "zz"],
            ["--position", "XO X"], ["--size", "6", "--moves", "f5"], ["--random", "nan"],
            ["--book-random", "nan"], ["--book-random", "inf"], ["--book-random", "-inf"]):
    r = run(bad)
    check(r.returncode == 2, f"{bad}: exit status 2 (got {r.returncode})")
    check(r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, f"{bad}: one error line")
    check(r.stderr.endswith(" (try --help)\n"), f"{bad}: the --help hint")
    check(r.stdout == "", f"{bad}: nothing on stdout")

# A broken board is reported as a board (side, shape, cells), not read as moves.
start = "---------------------------OX------XO---------------------------"
for text, needle in ((start + " Q", 'cannot read "Q" as a colour'),
                     (start, "the side to move (X or O) is missing"),
                     ("7x4 " + start + " X", 'cannot read "7x4" as a board size'),
                     (start[1:] + " X", "board text has 63 cells")):
    r = run(["--position", text])
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and
          r.stderr.startswith("error: --position: The board text cannot be read: ") and
          needle in r.stderr, f"--position {text!r}: says {needle!r}: {r.stderr!r}")
with tempfile.TemporaryDirectory() as directory:
    r = run(["--book", directory])
    check(r.returncode == 2 and
          r.stderr == f"error: {directory}: is a directory, not a book file (try --help)\n",
          f"--book DIR: one line saying it is a directory: {r.stderr!r}")
r = run(["--book-random", "nan"])
check(r.stderr.startswith("error: --book-random must be a finite number, not 'nan'"),
      f"--book-random nan: says it must be a finite number: {r.stderr!r}")

# End of input straight away and at the menu: status 0, no colours through a pipe.
for text in ("", "3\n", "2\n1\n", "1\nd3\n"):
    r = run([], text)
    check(r.returncode == 0, f"EOF after {text!r}: status 0")
    check("\x1b[" not in r.stdout, f"EOF after {text!r}: no colours through a pipe")
    check(r.stderr == "", f"EOF after {text!r}: nothing on stderr")

# Every main menu entry, and the echo of piped answers after their prompts.
r = run([], "6\n5\n11\nquit\n")
check(r.returncode == 0 and "Thanks for playing" in r.stdout, "menu paths end with thanks")
check("Choose 1-8: 6\n" in r.stdout, "piped answers are echoed after the prompt")
check("eight directions" in r.stdout and "Back to the main menu" in r.stdout, "rules and options")

# Colour forced on through a pipe.
r = run(["--colour", "on", "--players", "hh"], "1\nquit\n8\n")
check("\x1b[42m" in r.stdout, "--colour on paints the board")

# A complete 4x4 game between humans from a move list in a file, with a forced pass.
moves = "b1 a1 c4 b4 a2 c1 a4 a3 d2 d1 d4 d3".split()
with tempfile.TemporaryFile("w+") as f:
    f.write("1\n" + "\n".join(moves) + "\nq\n")
    f.seek(0)
    r = subprocess.run([PLAY, "--size", "4", "--players", "hh"], stdin=f, capture_output=True,
                       text=True, timeout=60)
check(r.returncode == 0, "4x4 game from a file: status 0")
check("Black has no valid move. The turn passes to White." in r.stdout, "4x4: forced pass")
check_finished_game(r.stdout, "4x4 game")
check("Thanks for playing" in r.stdout, "4x4: back to the menu and exit")

# A complete 8x8 game between computers with no delay, unicode discs off: letters.
r = run(["--players", "cc", "--level", "1", "--no-delay"], "1\nq\n")
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
check(p.expect_any("Choose 1-8: ") is not None, "hangman: menu with eight entries")
p.send("7")
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
check(p.expect_any("Choose 1-8: ") is not None, "hangman: back to the menu")
p.send("8")
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
for text in ("7\n", "7\ne\n"):
    r = run([], text)
    check(r.returncode == 0 and r.stderr == "", f"EOF in hangman after {text!r}: status 0")
    check("Bye." in r.stdout and "Thanks for playing" not in r.stdout,
          f"EOF in hangman after {text!r}: no Exit")


# Ctrl-C (SIGINT) while two computers play: back to the menu, the game kept; Save
# writes it as GGF, and --load plays on from it.
tmp = tempfile.mkdtemp(prefix="flank_play_pipe_")
saved = os.path.join(tmp, "stopped.ggf")
p = PipedSession(["--players", "cc", "--level", "1", "--delay", "300"])
check(p.expect_any("Choose 1-8: ") is not None, "stop: menu")
p.send("1")
check(p.expect_any("(computer) plays") is not None, "stop: the computers play")
p.proc.send_signal(signal.SIGINT)
stopped = p.expect_any("Game stopped after ")
check(stopped is not None, "stop: Ctrl-C stops the game")
check(p.expect_any("Choose 1-8: ") is not None, "stop: back to the menu")
p.send("3")
check(p.expect_any("(Enter for flank-game.ggf, q to go back): ") is not None, "stop: save asks a file")
p.send(saved)
check(p.expect_any("Saved the game (") is not None, "stop: saved")
p.send("8")
check(p.finish() == 0, "stop: status 0 after Ctrl-C, save and quit")
played = int(re.search(r"Game stopped after (\d+) move", p.output).group(1))
check(p.output.count("(computer) plays") == played, "stop: no move after Ctrl-C")
check("Game over" not in p.output, "stop: the game did not go on to its end")
record = open(saved).read()
check(record.startswith("(;GM[Othello]PC[flank-play]") and record.endswith(";)\n"), "stop: GGF line")
check("RE[?]" in record and "PB[flank level 1]PW[flank level 1]" in record, "stop: GGF header")
check(len(re.findall(r"[BW]\[([A-Z]\d+|PA)\]", record)) == played, "stop: every move in the file")
r = run(["--load", saved, "--players", "cc", "--level", "1", "--no-delay"], "q\n")
check(r.returncode == 0 and f"Loaded {saved}." in r.stdout, "--load: loaded")
check("Game continued on the 8x8 board" in r.stdout, "--load: the game goes on")
check_finished_game(r.stdout, "--load game played to the end")
check(r.stdout.count("(computer) plays") + played >= 30, "--load: the moves add up to a game")

# A record as flank-referee writes it (times, passes left out) loads too.
referee_record = os.path.join(tmp, "referee.ggf")
with open(referee_record, "w") as f:
    f.write("(;GM[Othello]PC[flank-referee]DT[2026.01.01_00:00:00.UTC]PB[a]PW[b]RE[-16.00:t]TI[0]"
            "TY[4]BO[4 -----O*--*O----- *]B[B1]W[A1//0.01]B[C4//0.02];)\n"
            "(;GM[Othello]second game ignored;)\n")
r = run(["--load", referee_record, "--players", "hh", "--size", "4"], "quit\n8\n")
check(r.returncode == 0 and r.stderr == "", "referee record (a loss on time): loads")
check("Last move: Black c4" in r.stdout and "White (O) to move" in r.stdout, "referee record: position")
for bad_file, needle in ((os.path.join(tmp, "none.ggf"), "cannot open"), (tmp, "is a directory"),
                         (referee_record + ".bad", "illegal")):
    if bad_file.endswith(".bad"):
        with open(bad_file, "w") as f:
            f.write("(;GM[Othello]TY[8]B[A1];)")
    r = run(["--load", bad_file])
    check(r.returncode == 1 and r.stdout == "", f"--load {bad_file}: status 1")
    check(r.stderr.startswith(f"error: {bad_file}: ") and needle in r.stderr and
          r.stderr.count("\n") == 1, f"--load {bad_file}: one line saying {needle!r}")

# Starting from moves or a board; q leaves a game and the menus.
r = run(["--players", "hh", "--moves", "f5d6"], "1\nq\nq\n")
check("Black (X) to move. Legal moves: c3 c4 c5 c6 c7" in r.stdout, "--moves: start after f5 d6")
check("Game left; Continue or Save it" in r.stdout and "Thanks for playing" in r.stdout,
      "q leaves the game, q at the menu quits")
r = run(["--players", "hh", "--position", "-X---XX--XO----- O"], "1\nquit\nquit\n")
check("White (O) to move. Legal moves: a1 c1 a3" in r.stdout, "--position: start from a board")
check("New game on the 4x4 board" in r.stdout, "--position: the size follows the board")

# Variety: the same seed replays the same game; seeds differ.
games = set()
for seed in ("1", "2", "3"):
    r = run(["--players", "cc", "--level", "1", "--no-delay", "--random", "30", "--seed", seed,
             "--size", "6"], "1\nq\n")
    games.add(r.stdout)
    again = run(["--players", "cc", "--level", "1", "--no-delay", "--random", "30", "--seed", seed,
                 "--size", "6"], "1\nq\n")
    check(again.stdout == r.stdout, f"--random with --seed {seed}: the same game again")
check(len(games) > 1, "--random: other seeds, other games")
r = run(["--players", "cc", "--black-level", "2", "--white-level", "1", "--no-delay", "--size", "6"],
        "1\nq\n")
check("(computer, level 2)" in r.stdout and "(computer, level 1)" in r.stdout, "per-side levels")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all pipe sessions passed")
