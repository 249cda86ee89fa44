#!/usr/bin/env python3
"""End to end with a real GUI: Quarry, under Xvfb, plays a full 8x8 Reversi
game between flank (black) and gtp-rhino (white), driven only through its New
Game dialog. Both engines run behind a wrapper that logs their GTP traffic;
afterwards the game read from the logs is replayed into a fresh gtp-rhino and
a fresh flank, and both must score it as finished, alike.

The engines are registered in a temporary HOME's ~/.quarry exactly as a user
would ([GTP Engine "..."] with Command line and Supported games = "Reversi").

Usage: quarry_game.py FLANK WORKDIR [--screenshot PNG] [--rhino PATH]"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time

DEADLINE_SECONDS = 100


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    raise SystemExit(1)


def quarry_config(flank_wrapper, rhino_wrapper, time_control):
    return f"""# Written by quarry_game.py for a throwaway HOME.
[GTP Engine "flank"]
Screen name format	= "%n %v"
Name			= "flank"
Command line		= "{flank_wrapper}"
Supported games		= "Reversi"

[GTP Engine "GRhino"]
Screen name format	= "%n %v"
Name			= "GRhino"
Command line		= "{rhino_wrapper}"
Supported games		= "Reversi"

[New Game Parameters]
Game			= "Reversi"
White player name	= "gtp-rhino"
White is computer	= true
Engine playing white	= "GRhino"
Black player name	= "flank"
Black is computer	= true
Engine playing black	= "flank"

[New Reversi Game Parameters]
Board size		= 8
Time control type	= {time_control}
Keep track of total time = 0
Time limit for game	= 05:00
Time limit for move	= 00:15
Main time		= 00:02
Overtime period length	= 00:05
Moves per overtime	= 25
"""


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


def wait_for_window(env, title, deadline):
    while time.monotonic() < deadline:
        ids = xdotool(env, "search", "--name", title).split()
        if ids:
            return ids[0]
        time.sleep(0.2)
    fail(f"no window named '{title}' appeared")


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
    repeated until the next window shows up."""
    control = wait_for_window(env, "Quarry Control Center", deadline)
    while not xdotool(env, "search", "--name", "^New Game$").split():
        click(env, control, 95, 25)  # "New Game", the top button
        time.sleep(0.7)
        if time.monotonic() > deadline:
            fail("the New Game dialog did not open")
    dialog = wait_for_window(env, "^New Game$", deadline)
    time.sleep(0.5)
    width, height = window_size(env, dialog)
    while not xdotool(env, "search", "--name", " vs. ").split():
        if xdotool(env, "search", "--name", "^New Game$").split():
            click(env, dialog, width - 60, height - 29)
        time.sleep(1.0)
        if time.monotonic() > deadline:
            fail("the game window did not open")


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


def judge(engine_argv, moves):
    """final_score from a fresh engine after replaying the moves (passes left out)."""
    script = "boardsize 8\nclear_board\n"
    script += "".join(f"play {c} {v}\n" for c, v in moves if v != "pass")
    script += "final_score\nquit\n"
    out = subprocess.run(engine_argv, input=script, capture_output=True, text=True, timeout=30).stdout
    replies = [r.strip() for r in out.split("\n\n") if r.strip()]
    bad = [r for r in replies[:-2] if not r.startswith("=")]
    if bad:
        fail(f"{engine_argv[0]} refused the replayed game: {bad[0]}")
    return replies[-2] if len(replies) >= 2 else "(no reply)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flank")
    parser.add_argument("workdir")
    parser.add_argument("--screenshot")
    parser.add_argument("--rhino", default="/usr/games/gtp-rhino")
    parser.add_argument("--time-control", type=int, default=3,
                        help="Quarry's time control type: 0 none, 1 game, 2 move, 3 Canadian")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import", "/usr/games/quarry", args.rhino):
        if not shutil.which(tool):
            fail(f"{tool} is not installed (scripts/setup.sh --test installs it)")
    flank = os.path.abspath(args.flank)
    work = os.path.abspath(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    home = os.path.join(work, "home")
    os.makedirs(home)
    flank_log, rhino_log = os.path.join(work, "flank"), os.path.join(work, "rhino")
    write_wrapper(os.path.join(work, "flank-logged"), [flank, "--level", "3"], flank_log)
    write_wrapper(os.path.join(work, "rhino-logged"), [args.rhino], rhino_log)
    with open(os.path.join(home, ".quarry"), "w") as f:
        f.write(quarry_config(os.path.join(work, "flank-logged"), os.path.join(work, "rhino-logged"),
                              args.time_control))

    deadline = time.monotonic() + DEADLINE_SECONDS
    display = Display()
    env = dict(os.environ, HOME=home, DISPLAY=display.name)
    quarry = subprocess.Popen(["/usr/games/quarry"], env=env, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(work, "quarry.stderr"), "w"),
                              start_new_session=True)
    try:
        start_game(env, deadline)

        # The game is over once both logs stop growing and the replay says so.
        last, quiet_since, result = None, time.monotonic(), None
        while time.monotonic() < deadline:
            time.sleep(0.5)
            moves = moves_from(read_transcript(flank_log))
            if moves != last:
                last, quiet_since = moves, time.monotonic()
            elif moves and time.monotonic() - quiet_since > 3:
                result = judge([args.rhino], moves)
                if re.fullmatch(r"= (B\+\d+|W\+\d+|0)", result):
                    break
        if not result or not result.startswith("= "):
            fail(f"the game did not finish in time; gtp-rhino says {result}")
        flank_result = judge([flank], moves)
        played = [v for _, v in moves if v != "pass"]
        flank_moves = sum(1 for c, r in read_transcript(flank_log) if c.startswith("genmove"))
        rhino_moves = sum(1 for c, r in read_transcript(rhino_log) if c.startswith("genmove"))
        print(f"Quarry game: {' '.join(played)}")
        print(f"{len(played)} moves (flank generated {flank_moves}, gtp-rhino {rhino_moves})")
        print(f"final_score after replay: gtp-rhino {result[2:]}, flank {flank_result[2:]}")
        commands = sorted({c.split()[0] for c, _ in read_transcript(flank_log)})
        print(f"Quarry sent flank: {' '.join(commands)}")
        if flank_result != result:
            fail("flank and gtp-rhino score the game differently")
        if flank_moves < 10 or rhino_moves < 10:
            fail("one engine hardly played: Quarry did not run an engine-against-engine game")
        if args.screenshot:
            time.sleep(1.0)
            subprocess.run(["import", "-window", "root", "-crop", "790x590+0+0", args.screenshot],
                           env=env, check=True)
            print(f"screenshot: {args.screenshot}")
    finally:
        os.killpg(quarry.pid, signal.SIGTERM)
        try:
            quarry.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(quarry.pid, signal.SIGKILL)
        display.close()
    print("Quarry played a full game and both engines agree on its score")


if __name__ == "__main__":
    main()
