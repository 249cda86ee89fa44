#!/usr/bin/env python3
"""flank-play with input from a pipe or a file: command line, menu paths,
complete games read back from the printed final board, end of input."""
import re
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
check("Choose 1-4: 3\n" in r.stdout, "piped answers are echoed after the prompt")
check("eight directions" in r.stdout and "Back to the main menu" in r.stdout, "rules and options")

# Colour forced on through a pipe.
r = run(["--colour", "on", "--players", "hh"], "1\nquit\n4\n")
check("\x1b[42m" in r.stdout, "--colour on paints the board")

# A complete 4x4 game between humans from a move list in a file, with a forced pass.
moves = "b1 a1 c4 b4 a2 c1 a4 a3 d2 d1 d4 d3".split()
with tempfile.TemporaryFile("w+") as f:
    f.write("1\n" + "\n".join(moves) + "\n4\n")
    f.seek(0)
    r = subprocess.run([PLAY, "--size", "4", "--players", "hh"], stdin=f, capture_output=True,
                       text=True, timeout=60)
check(r.returncode == 0, "4x4 game from a file: status 0")
check("Black has no valid move. The turn passes to White." in r.stdout, "4x4: forced pass")
check_finished_game(r.stdout, "4x4 game")
check("Thanks for playing" in r.stdout, "4x4: back to the menu and exit")

# A complete 8x8 game between computers with no delay, unicode discs off: letters.
r = run(["--players", "cc", "--level", "1", "--no-delay"], "1\n4\n")
check(r.returncode == 0, "8x8 computer game: status 0")
check_finished_game(r.stdout, "8x8 computer game")
check(r.stdout.count("(computer) plays") >= 30, "8x8 computer game: shown move by move")

# A 6x6 game between computers, then end of input back in the menu.
r = run(["--size", "6", "--players", "cc", "--level", "2", "--delay", "0"], "1\n")
check(r.returncode == 0, "6x6 computer game then EOF: status 0")
check_finished_game(r.stdout, "6x6 computer game")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all pipe sessions passed")
