#!/usr/bin/env python3
"""A tiny GTP Othello engine for testing flank-referee: it plays legal moves
(random from --seed, or the first in a1..h8 order) and can misbehave on
purpose at its Nth genmove (--fault, --after)."""
import argparse
import os
import random
import sys
import time

FAULTS = ["none", "illegal", "off-board", "garbage", "crash", "stall", "error", "slow", "resign",
          "wrong-score", "no-reply-end", "flood"]

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--name", default="fake")
parser.add_argument("--seed", type=int, default=None, help="random legal moves (default: first legal)")
parser.add_argument("--fault", choices=FAULTS, default="none")
parser.add_argument("--after", type=int, default=1, help="genmove number that misbehaves (1 = first)")
parser.add_argument("--slow", type=float, default=2.5, help="seconds a 'slow' move takes")
parser.add_argument("--delay", type=float, default=0, metavar="SECONDS",
                    help="wait this long before every genmove reply (a steadily slow engine)")
parser.add_argument("--reject-pass", action="store_true", help="refuse 'play C pass' like gtp-rhino")
parser.add_argument("--implicit-pass", action="store_true",
                    help="refuse 'play C pass', and answer '?' to genmove without a legal move")
parser.add_argument("--pid-file", help="append this process's id to the file")
parser.add_argument("--integer-times", action="store_true",
                    help="refuse clock commands with fractional seconds, as gtp-rhino does")
parser.add_argument("--command-log", help="append each command and the reply status to the file")
parser.add_argument("--sizes", default="4,6,8,10,12", help="board sizes accepted by boardsize")
parser.add_argument("--no-clock", action="store_true", help="refuse time_settings and time_left")
parser.add_argument("--die-at-start", metavar="MESSAGE", help="print MESSAGE on stderr and exit 1 at once")
args = parser.parse_args()
if args.die_at_start:
    sys.stderr.write(args.die_at_start + "\n")
    sys.exit(1)
args.reject_pass = args.reject_pass or args.implicit_pass
if args.pid_file:
    with open(args.pid_file, "a") as f:
        f.write(f"{os.getpid()}\n")
rng = random.Random(args.seed)

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class Board:
    def __init__(self, n):
        self.n = n
        self.cells = [["." for _ in range(n)] for _ in range(n)]
        h = n // 2
        self.cells[h - 1][h - 1] = self.cells[h][h] = "O"
        self.cells[h - 1][h] = self.cells[h][h - 1] = "X"

    def flips(self, r, c, me):
        if self.cells[r][c] != ".":
            return []
        opp = "O" if me == "X" else "X"
        out = []
        for dr, dc in DIRS:
            line, rr, cc = [], r + dr, c + dc
            while 0 <= rr < self.n and 0 <= cc < self.n and self.cells[rr][cc] == opp:
                line.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if line and 0 <= rr < self.n and 0 <= cc < self.n and self.cells[rr][cc] == me:
                out += line
        return out

    def moves(self, me):
        return [(r, c) for r in range(self.n) for c in range(self.n) if self.flips(r, c, me)]

    def play(self, r, c, me):
        f = self.flips(r, c, me)
        if not f:
            return False
        self.cells[r][c] = me
        for rr, cc in f:
            self.cells[rr][cc] = me
        return True

    def score(self):
        b = sum(row.count("X") for row in self.cells)
        w = sum(row.count("O") for row in self.cells)
        e = self.n * self.n - b - w
        d = b - w
        return d + e if d > 0 else d - e if d < 0 else 0


def color(text):
    t = text.lower()
    if t in ("b", "black"):
        return "X"
    if t in ("w", "white"):
        return "O"
    raise ValueError("invalid color")


def vertex(text, n):
    t = text.lower()
    col = ord(t[0]) - ord("a")
    row = int(t[1:]) - 1
    if not (0 <= col < n and 0 <= row < n):
        raise ValueError("invalid vertex")
    return row, col


def name_of(r, c):
    return chr(ord("A") + c) + str(r + 1)


board = Board(8)
genmoves = 0


current_command = ""


def reply(ok, text=""):
    if args.command_log:
        with open(args.command_log, "a") as f:
            f.write(("= " if ok else "? ") + current_command + "\n")
    sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    cmd, rest = words[0], words[1:]
    current_command = " ".join(words)
    if cmd == "name":
        reply(True, args.name)
    elif cmd == "version":
        reply(True, "1")
    elif cmd == "protocol_version":
        reply(True, "2")
    elif cmd == "boardsize":
        if rest and rest[0] in args.sizes.split(","):
            board = Board(int(rest[0]))
            reply(True)
        else:
            reply(False, "unacceptable size")
    elif cmd == "clear_board":
        board = Board(board.n)
        reply(True)
    elif cmd in ("time_settings", "time_left"):
        numbers = rest if cmd == "time_settings" else rest[1:]
        if args.no_clock:
            reply(False, "unknown command")
        else:
            reply(not args.integer_times or all(n.isdigit() for n in numbers), "syntax error")
    elif cmd == "komi":
        reply(True)
    elif cmd == "play":
        try:
            me = color(rest[0])
            if rest[1].lower() == "pass":
                reply(not args.reject_pass, "" if not args.reject_pass else "syntax error")
                continue
            r, c = vertex(rest[1], board.n)
            reply(board.play(r, c, me), "" if True else "")
        except (ValueError, IndexError):
            reply(False, "syntax error")
    elif cmd == "genmove":
        me = color(rest[0])
        genmoves += 1
        time.sleep(args.delay)
        legal = board.moves(me)
        fault = args.fault if genmoves == args.after else "none"
        if fault == "illegal":
            occupied = [(r, c) for r in range(board.n) for c in range(board.n) if board.cells[r][c] != "."]
            reply(True, name_of(*occupied[0]))
        elif fault == "off-board":  # the column past the last one, e.g. I1 on 8x8
            reply(True, name_of(0, board.n))
        elif fault == "garbage":
            reply(True, "banana")
        elif fault == "crash":
            sys.exit(3)
        elif fault == "stall":
            time.sleep(3600)
        elif fault == "error":
            reply(False, "internal error")
        elif fault == "resign":
            reply(True, "resign")
        elif fault == "flood":  # endless output without a line break
            while True:
                sys.stdout.write("x" * 65536)
                sys.stdout.flush()
        elif fault == "no-reply-end":
            sys.stdout.write("this is not GTP\n\n")
            sys.stdout.flush()
        else:
            if fault == "slow":
                time.sleep(args.slow)
            if not legal:
                reply(not args.implicit_pass, "pass" if not args.implicit_pass else "no legal move")
            else:
                r, c = rng.choice(legal) if args.seed is not None else legal[0]
                board.play(r, c, me)
                reply(True, name_of(r, c))
    elif cmd == "final_score":
        s = board.score()
        if args.fault == "wrong-score":
            s = -s + 2
        reply(True, "0" if s == 0 else ("B+%d" % s if s > 0 else "W+%d" % -s))
    elif cmd == "quit":
        reply(True)
        break
    else:
        reply(False, "unknown command")
