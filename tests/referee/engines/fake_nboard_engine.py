#!/usr/bin/env python3
"""A tiny NBoard-protocol Othello engine for testing flank-referee: it reads
`set game` GGF, answers `ping N` with `pong N` and `go` with a legal move
(random from --seed, or the first in a1..h8 order) as `=== MOVE/EVAL/TIME`,
with status and nodestats lines around it, and can misbehave on purpose at its
Nth go (--fault, --after)."""
import argparse
import os
import random
import re
import sys
import time

FAULTS = ["none", "illegal", "garbage", "malformed", "crash", "hang", "no-pong"]

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--name", default="fakenb")
parser.add_argument("--seed", type=int, default=None, help="random legal moves (default: first legal)")
parser.add_argument("--fault", choices=FAULTS, default="none")
parser.add_argument("--after", type=int, default=1, help="go number that misbehaves (1 = first)")
parser.add_argument("--command-log", help="append each command line to the file")
args = parser.parse_args()
rng = random.Random(args.seed)

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def start_board():
    cells = [["." for _ in range(8)] for _ in range(8)]
    cells[3][3] = cells[4][4] = "O"
    cells[3][4] = cells[4][3] = "X"
    return cells


def flips(cells, r, c, me):
    if cells[r][c] != ".":
        return []
    opp = "O" if me == "X" else "X"
    out = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and cells[rr][cc] == opp:
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and cells[rr][cc] == me:
            out += line
    return out


def legal(cells, me):
    return [(r, c) for r in range(8) for c in range(8) if flips(cells, r, c, me)]


def replay(ggf):
    """The board and the side to move after the GGF's moves (from the standard start)."""
    cells, me = start_board(), "X"
    for colour, move in re.findall(r"\b([BW])\[([^\]/]*)", ggf):
        me = "X" if colour == "B" else "O"
        if move.upper() != "PA":
            r, c = int(move[1:]) - 1, ord(move[0].upper()) - ord("A")
            for rr, cc in flips(cells, r, c, me) + [(r, c)]:
                cells[rr][cc] = me
        me = "O" if me == "X" else "X"
    return cells, me


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


cells, me = start_board(), "X"
goes = 0
for raw in sys.stdin:
    line = raw.strip()
    if args.command_log:
        with open(args.command_log, "a") as f:
            f.write(line + "\n")
    if line.startswith("nboard"):
        say("set myname " + args.name)
    elif line.startswith("set game "):
        cells, me = replay(line[len("set game "):])
    elif line.startswith("ping "):
        if not (args.fault == "no-pong" and goes + 1 == args.after):
            say("pong " + line.split()[1])
    elif line == "go":
        goes += 1
        fault = args.fault if goes == args.after else "none"
        say("status fakenb is thinking")
        moves = legal(cells, me)
        if fault == "crash":
            sys.exit(3)
        if fault == "hang":
            time.sleep(3600)
        if fault == "illegal":  # an occupied square
            r, c = next((r, c) for r in range(8) for c in range(8) if cells[r][c] != ".")
        elif moves:
            r, c = rng.choice(moves) if args.seed is not None else moves[0]
        else:
            r = c = None
        word = "PA" if r is None else chr(ord("A") + c) + str(r + 1)
        if fault == "garbage":
            word = "banana"
        say("search %s 0.00 0 1" % word)
        say("nodestats 1 0.00")
        say("===%s" % word if fault == "malformed" else "=== %s/0.00/0.001" % word)
        say("status")
    elif line == "quit":
        break
    # set depth, set contempt, move, hint, learn: accepted, nothing to do here
