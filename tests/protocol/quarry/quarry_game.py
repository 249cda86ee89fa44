#!/usr/bin/env python3
"""End to end with a real GUI: Quarry under Xvfb plays full 8x8 Reversi games
with flank, driven only through its windows (xdotool clicks):

  engines: flank (black) against gtp-rhino (white) on a short Canadian clock,
           so Quarry also sends time_settings and time_left;
  human:   a person clicking on Quarry's board (black; this script, choosing
           at random among the legal moves an oracle lists) against flank
           (white, pondering while the person thinks), no clock. The person usually runs out of moves now and
           then: Quarry passes for them and asks flank for two moves in a row.

The engines run behind wrappers that log their GTP traffic. Afterwards each
game read from flank's log is replayed into a fresh gtp-rhino and a fresh
flank, which must both score it as finished, alike.

The engines are registered in a temporary HOME's ~/.quarry exactly as a user
would ([GTP Engine "..."] with Command line and Supported games = "Reversi").

Usage: quarry_game.py FLANK WORKDIR [--games engines,human] [--screenshot PNG]"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

SECONDS_PER_GAME = 70
START_SECONDS = 30
# Quarry's game window under Xvfb with the default theme: 790x589, the 8x8
# grid from (52, 133) to (461, 542) in window coordinates.
GAME_WINDOW_SIZE = (790, 589)
GRID_LEFT, GRID_TOP, GRID_SIZE = 52, 133, 409


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    raise SystemExit(1)


def engine_section(name, command_line):
    return f"""[GTP Engine "{name}"]
Screen name format	= "%n %v"
Name			= "{name}"
Command line		= "{command_line}"
Supported games		= "Reversi"
"""


def player(colour, name, engine):
    if engine is None:
        return f"{colour} player name	= \"{name}\"\n{colour} is computer	= false\n"
    return (f"{colour} player name	= \"{name}\"\n{colour} is computer	= true\n"
            f"Engine playing {colour.lower()}	= \"{engine}\"\n")


def quarry_config(engines, black, white, time_control):
    """engines: {name: command line}; black/white: (player name, engine or None)."""
    return ("# Written by quarry_game.py for a throwaway HOME.\n"
            + "\n".join(engine_section(n, c) for n, c in engines.items())
            + "\n[New Game Parameters]\nGame			= \"Reversi\"\n"
            + player("White", *white) + player("Black", *black)
            + f"""
[New Reversi Game Parameters]
Board size		= 8
Time control type	= {time_control}
Keep track of total time = 0
Time limit for game	= 05:00
Time limit for move	= 00:15
Main time		= 00:02
Overtime period length	= 00:05
Moves per overtime	= 25
""")


def write_wrapper(path, engine_argv, log_base):
    # tee keeps a copy of everything the GUI sends and the engine answers.
    command = " ".join(f"'{a}'" for a in engine_argv)
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nexec tee '{log_base}.in' | {command} | tee '{log_base}.out'\n")
    os.chmod(path, 0o755)


class Display:
    """An Xvfb server on a free display number."""

    def __init__(self):
        read_fd, write_fd = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        with os.fdopen(read_fd) as r:
            number = r.readline().strip()
        if not number:
            fail("Xvfb did not start")
        self.name = ":" + number

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def xdotool(env, *args):
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True).stdout


def find_window(env, title):
    ids = xdotool(env, "search", "--name", title).split()
    return ids[0] if ids else None


def launch_quarry(env, work):
    return subprocess.Popen(["/usr/games/quarry"], env=env, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(work, "quarry.stderr"), "w"),
                            start_new_session=True)


def stop_quarry(quarry):
    os.killpg(quarry.pid, signal.SIGTERM)
    try:
        quarry.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(quarry.pid, signal.SIGKILL)


def poll_for_window(env, title, deadline):
    """The window's id once it shows up, or None at the deadline."""
    while time.monotonic() < deadline:
        window = find_window(env, title)
        if window:
            return window
        time.sleep(0.2)
    return None


def wait_for_window(env, title, deadline):
    window = poll_for_window(env, title, deadline)
    if not window:
        fail(f"no window named '{title}' appeared")
    return window


def window_size(env, window):
    geometry = xdotool(env, "getwindowgeometry", window)
    m = re.search(r"Geometry: (\d+)x(\d+)", geometry)
    if not m:
        fail(f"cannot read the geometry of window {window}: {geometry}")
    return int(m.group(1)), int(m.group(2))


def click(env, window, x, y):
    xdotool(env, "mousemove", "--window", window, str(x), str(y), "click", "1")


def start_game(env, deadline):
    """Control Center "New Game", then the dialog's bottom-right button twice:
    "Forward" (game and players preset in ~/.quarry), "Play" (size and clock).
    A click can be lost while a window is still being drawn, so each step is
    repeated until the next window shows up. Returns the game window."""
    control = wait_for_window(env, "Quarry Control Center", deadline)
    while not find_window(env, "^New Game$"):
        click(env, control, 95, 25)  # "New Game", the top button
        time.sleep(0.7)
        if time.monotonic() > deadline:
            fail("the New Game dialog did not open")
    dialog = wait_for_window(env, "^New Game$", deadline)
    time.sleep(0.5)
    width, height = window_size(env, dialog)
    while not find_window(env, " vs. "):
        if find_window(env, "^New Game$"):
            click(env, dialog, width - 60, height - 29)
        time.sleep(1.0)
        if time.monotonic() > deadline:
            fail("the game window did not open")
    return find_window(env, " vs. ")


def read_transcript(log_base):
    """Pairs each command the GUI sent with the engine's reply."""
    try:
        with open(log_base + ".in", errors="replace") as f:
            commands = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        with open(log_base + ".out", errors="replace") as f:
            replies = [r.strip() for r in f.read().split("\n\n") if r.strip()]
    except FileNotFoundError:
        return []
    return list(zip(commands, replies))


def moves_from(transcript):
    """The game as (colour, vertex) pairs: plays sent and moves generated."""
    moves = []
    for command, reply in transcript:
        words = command.split()
        if not reply.startswith("="):
            fail(f"engine refused '{command}': {reply}")
        if words[0] == "play":
            moves.append((words[1].lower()[0], words[2].lower()))
        elif words[0] == "genmove":
            moves.append((words[1].lower()[0], reply[1:].strip().lower()))
        elif words[0] == "undo":
            moves.pop()
        elif words[0] in ("clear_board", "boardsize"):
            moves = []
    return moves


def replay(engine_argv, moves, questions):
    """Replies to `questions` from a fresh engine after replaying the moves
    (passes left out: both engines know when a side must pass)."""
    script = "boardsize 8\nclear_board\n"
    script += "".join(f"play {c} {v}\n" for c, v in moves if v != "pass")
    script += "".join(q + "\n" for q in questions) + "quit\n"
    out = subprocess.run(engine_argv, input=script, capture_output=True, text=True, timeout=30).stdout
    replies = [r.strip() for r in out.split("\n\n") if r.strip()]
    if len(replies) < len(questions) + 1:
        fail(f"{engine_argv[0]} stopped while replaying the game")
    bad = [r for r in replies[: -len(questions) - 1] if not r.startswith("=")]
    if bad:
        fail(f"{engine_argv[0]} refused the replayed game: {bad[0]}")
    return [r[1:].strip() if r.startswith("=") else r for r in replies[-len(questions) - 1: -1]]


def final_score(engine_argv, moves):
    return replay(engine_argv, moves, ["final_score"])[0]


def wait_until_quiet(flank, rhino, flank_log, deadline):
    """Engine game: over once flank's log stops growing and gtp-rhino scores the replay."""
    last, quiet_since = None, time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        moves = moves_from(read_transcript(flank_log))
        if moves != last:
            last, quiet_since = moves, time.monotonic()
        elif moves and time.monotonic() - quiet_since > 3:
            if re.fullmatch(r"B\+\d+|W\+\d+|0", final_score([rhino], moves)):
                return moves
    fail("the game did not finish in time")


def passes(moves):
    """How often each colour passed: explicit passes, and a colour moving twice in a row."""
    count = {"b": 0, "w": 0}
    for i, (colour, vertex) in enumerate(moves):
        if vertex == "pass":
            count[colour] += 1
        elif i and moves[i - 1][0] == colour and moves[i - 1][1] != "pass":
            count["w" if colour == "b" else "b"] += 1
    return f"passes: black {count['b']}, white {count['w']}"


def click_square(env, window, vertex):
    col, row = ord(vertex[0]) - ord("a"), int(vertex[1:]) - 1
    cell = GRID_SIZE / 8
    x, y = int(GRID_LEFT + cell * (col + 0.5)), int(GRID_TOP + cell * (row + 0.5))
    # A click sent in the same instant as the pointer jump is sometimes lost
    # (a quarter of them here): arrive, nudge, then press and release.
    xdotool(env, "mousemove", "--window", window, str(x), str(y))
    time.sleep(0.1)
    xdotool(env, "mousemove_relative", "1", "1")
    time.sleep(0.1)
    xdotool(env, "mousedown", "1")
    time.sleep(0.05)
    xdotool(env, "mouseup", "1")


def play_as_human(env, window, flank, flank_log, deadline, seed):
    """Clicks a legal move whenever black (the person) is on move, until the game ends."""
    if window_size(env, window) != GAME_WINDOW_SIZE:
        fail(f"Quarry's game window is {window_size(env, window)}, expected {GAME_WINDOW_SIZE}: "
             "the board coordinates would be wrong")
    chooser = random.Random(seed)
    clicks = 0
    while time.monotonic() < deadline:
        moves = moves_from(read_transcript(flank_log))
        to_move, legal, result = replay([flank], moves, [
            "gogui-rules_side_to_move", "flank-legal_moves", "gogui-rules_final_result"])
        if result != "unknown":
            return moves, clicks
        if to_move != "black" or legal == "pass":
            time.sleep(0.3)  # flank is thinking, or Quarry passes for the person
            continue
        time.sleep(0.3)  # let Quarry take in flank's reply before it accepts a click
        vertex = chooser.choice(legal.split())
        click_square(env, window, vertex)
        clicks += 1
        waited = time.monotonic()
        while moves_from(read_transcript(flank_log)) == moves and time.monotonic() - waited < 3:
            time.sleep(0.1)  # a lost click is simply repeated on the next round
    fail("the game did not finish in time")


def run_game(kind, args, work):
    flank, rhino = os.path.abspath(args.flank), args.rhino
    shutil.rmtree(work, ignore_errors=True)
    home = os.path.join(work, "home")
    os.makedirs(home)
    flank_log, rhino_log = os.path.join(work, "flank"), os.path.join(work, "rhino")
    # The person's game has flank ponder while the person thinks (--ponder):
    # every click Quarry turns into a command must stop it first.
    ponder = ["--ponder"] if kind == "human" else []
    write_wrapper(os.path.join(work, "flank-logged"), [flank, "--level", "3", *ponder], flank_log)
    write_wrapper(os.path.join(work, "rhino-logged"), [rhino], rhino_log)
    engines = {"flank": os.path.join(work, "flank-logged"),
               "GRhino": os.path.join(work, "rhino-logged")}
    if kind == "engines":
        config = quarry_config(engines, ("flank", "flank"), ("gtp-rhino", "GRhino"), 3)
    else:
        config = quarry_config(engines, ("tester", None), ("flank", "flank"), 0)
    with open(os.path.join(home, ".quarry"), "w") as f:
        f.write(config)

    display = Display()
    env = dict(os.environ, HOME=home, DISPLAY=display.name)
    quarry = launch_quarry(env, work)
    # Quarry's own start-up, not flank, is what a loaded machine delays: once
    # (seen under a full ctest -j2 on 2 cores) its first window never came. A
    # Quarry that shows no window in START_SECONDS is restarted once; the game's
    # time starts when the window is there.
    if not poll_for_window(env, "Quarry Control Center", time.monotonic() + START_SECONDS):
        print(f"Quarry showed no window in {START_SECONDS} s (exit status {quarry.poll()}); "
              "starting it again", file=sys.stderr)
        stop_quarry(quarry)
        quarry = launch_quarry(env, work)
    deadline = time.monotonic() + SECONDS_PER_GAME
    try:
        window = start_game(env, deadline)
        if kind == "engines":
            moves = wait_until_quiet(flank, rhino, flank_log, deadline)
        else:
            moves, clicks = play_as_human(env, window, flank, flank_log, deadline, args.seed)
        transcript = read_transcript(flank_log)
        flank_moves = sum(1 for c, _ in transcript if c.startswith("genmove"))
        played = [v for _, v in moves if v != "pass"]
        print(f"Quarry {kind} game: {' '.join(played)} ({passes(moves)})")
        if kind == "engines":
            rhino_moves = sum(1 for c, _ in read_transcript(rhino_log) if c.startswith("genmove"))
            print(f"{len(played)} moves (flank generated {flank_moves}, gtp-rhino {rhino_moves})")
            if flank_moves < 10 or rhino_moves < 10:
                fail("one engine hardly played: Quarry did not run an engine-against-engine game")
        else:
            print(f"{len(played)} moves (flank generated {flank_moves}, clicks on the board {clicks})")
            if flank_moves < 10 or clicks < 10:
                fail("one side hardly played")
        scores = [final_score([rhino], moves), final_score([flank], moves)]
        print(f"final_score after replay: gtp-rhino {scores[0]}, flank {scores[1]}")
        print(f"Quarry sent flank: {' '.join(sorted({c.split()[0] for c, _ in transcript}))}")
        if not re.fullmatch(r"B\+\d+|W\+\d+|0", scores[0]):
            fail("gtp-rhino does not see a finished game")
        if scores[0] != scores[1]:
            fail("flank and gtp-rhino score the game differently")
        if args.screenshot and kind == "engines":
            time.sleep(1.0)
            subprocess.run(["import", "-window", "root", "-crop", "790x590+0+0", args.screenshot],
                           env=env, check=True)
            print(f"screenshot: {args.screenshot}")
    except SystemExit:
        # What the next run cannot show: how far the game got, and what Quarry said.
        try:
            moves = moves_from(read_transcript(flank_log))
        except SystemExit:  # a refused command: already reported
            moves = []
        spent = time.monotonic() - deadline + SECONDS_PER_GAME
        print(f"{kind} game, after {spent:.1f} s of {SECONDS_PER_GAME}: {len(moves)} moves in "
              f"flank's log: {' '.join(v for _, v in moves)}", file=sys.stderr)
        with open(os.path.join(work, "quarry.stderr"), errors="replace") as f:
            said = [line for line in f.read().splitlines() if line.strip()][-10:]
        print("Quarry's stderr (last lines):\n" + "\n".join(said or ["(empty)"]), file=sys.stderr)
        raise
    finally:
        stop_quarry(quarry)
        display.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flank")
    parser.add_argument("workdir")
    parser.add_argument("--games", default="engines,human")
    parser.add_argument("--screenshot", help="PNG of the engine game's final window")
    parser.add_argument("--rhino", default="/usr/games/gtp-rhino")
    parser.add_argument("--seed", type=int, default=1, help="for the person's choice of moves")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import", "/usr/games/quarry", args.rhino):
        if not shutil.which(tool):
            fail(f"{tool} is not installed (scripts/setup.sh --test installs it)")
    for kind in args.games.split(","):
        if kind not in ("engines", "human"):
            fail(f"unknown game kind '{kind}'")
        run_game(kind, args, os.path.join(os.path.abspath(args.workdir), kind))
    print("Quarry played every game to the end and both engines agree on the scores")


if __name__ == "__main__":
    main()
