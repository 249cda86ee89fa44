#!/usr/bin/env python3
"""Drives `flank --nboard` the way the NBoard GUI does: set game, ping before
every change of the board, hint, go (the GUI sends the engine's move back with
"move MOVE/EVAL/TIME"), learn and analyze at the end of a game. A second flank
process speaking GTP referees: it checks that every move flank names is legal,
that hints come best first, and replays the finished game. Also: a forced pass,
a 10x10 game, a deep hint stopped by ping, and malformed lines.

Usage: nboard_client.py FLANK"""
import queue
import re
import subprocess
import sys
import threading
import time

FLANK = sys.argv[1]
START8 = "---------------------------O*------*O--------------------------- *"


def fail(message):
    sys.exit("FAIL: " + message)


class NBoardEngine:
    def __init__(self, *options):
        # Without the opening book, so hints and go always search (the book is tested in tests/book/).
        self.proc = subprocess.Popen([FLANK, "--nboard", "--book", "off", *options],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines, self.errors = queue.Queue(), queue.Queue()
        for stream, sink in ((self.proc.stdout, self.lines), (self.proc.stderr, self.errors)):
            threading.Thread(target=self._pump, args=(stream, sink), daemon=True).start()
        self.ping_number = 0

    @staticmethod
    def _pump(stream, sink):
        for line in stream:
            sink.put(line.rstrip("\r\n"))
        sink.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout=60):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            fail("no answer from flank within %d s" % timeout)
        if line is None:
            fail("flank closed its output")
        return line

    def until(self, predicate, timeout=60):
        """Lines up to and including the first one the predicate accepts."""
        seen, deadline = [], time.monotonic() + timeout
        while True:
            line = self.read(max(0.1, deadline - time.monotonic()))
            seen.append(line)
            if predicate(line):
                return seen

    def ping(self):
        """As NBoard does before every change: nothing may come after the pong
        that belongs to an earlier command."""
        self.ping_number += 1
        self.send("ping %d" % self.ping_number)
        seen = self.until(lambda l: l.startswith("pong "))
        if seen[-1] != "pong %d" % self.ping_number:
            fail("expected pong %d, got %s" % (self.ping_number, seen[-1]))
        return seen[:-1]

    def error_lines(self, wait=0.5):
        time.sleep(wait)
        out = []
        while not self.errors.empty():
            out.append(self.errors.get())
        return out

    def close(self):
        self.send("quit")
        if self.proc.wait(timeout=20) != 0:
            fail("flank --nboard exited with status %d" % self.proc.returncode)


class Referee:
    """flank over GTP, for the rules."""

    def __init__(self):
        self.proc = subprocess.Popen([FLANK], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline().rstrip("\n")
            if line == "" and lines:
                break
            lines.append(line)
        reply = "\n".join(lines)
        if not reply.startswith("="):
            fail("referee: '%s' -> '%s'" % (command, reply))
        return reply[1:].strip()

    def setup(self, size, moves):
        self.send("boardsize %d" % size)
        if moves:
            self.send("flank-play_sequence " + " ".join(moves))

    def legal(self):
        return self.send("flank-legal_moves").split()

    def close(self):
        self.send("quit")


def first_move(pv):
    """The first move of a PV such as 'E10F9' or 'PAC1'."""
    if pv.startswith("PA"):
        return "PA"
    return re.match(r"[A-Z][0-9]+", pv).group(0)


def nboard_move(text):
    """'F5' -> 'f5', 'PA' -> 'pass'."""
    text = text.lower()
    return "pass" if text == "pa" else text


def ggf(size, board, moves, clock="15:00"):
    return "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[%s]TY[%d]BO[%d %s]%s;)" % (
        clock, size, size, board, "".join(moves))


def hint_lines(engine, n):
    engine.send("hint %d" % n)
    seen = engine.until(lambda l: l == "status", timeout=120)
    if seen[0] != "status flank is thinking":
        fail("hint did not start with a status line: %s" % seen[0])
    if not seen[-2].startswith("nodestats "):
        fail("no nodestats after the hint search: %s" % seen)
    return [l.split() for l in seen if l.startswith("search ")]


def check_hints(engine, referee, n):
    searches = hint_lines(engine, n)
    legal = referee.legal()
    want = min(n, len(legal))
    if not searches:
        fail("hint %d gave no search lines" % n)
    last_depth_lines = searches[-want:]
    evals = [float(w[2]) for w in last_depth_lines]
    if evals != sorted(evals, reverse=True):
        fail("hints are not best first: %s" % last_depth_lines)
    for w in searches:
        if len(w) != 5 or w[3] != "0":
            fail("malformed search line %s" % w)
        if nboard_move(first_move(w[1])) not in legal:
            fail("hint names %s, not legal (%s)" % (first_move(w[1]), legal))
    return last_depth_lines


def play_game(size, depth):
    """flank plays both sides through go, the GUI way; returns the GGF moves."""
    engine, referee = NBoardEngine(), Referee()
    engine.send("nboard 2")
    if engine.read() != "set myname flank":
        fail("nboard 2 was not answered with set myname flank")
    engine.send("set depth %d" % depth)
    start = "-" * (size * size)
    mid = size // 2
    cells = list(start)
    for r, c, v in ((mid - 1, mid - 1, "O"), (mid - 1, mid, "*"), (mid, mid - 1, "*"), (mid, mid, "O")):
        cells[r * size + c] = v
    board = "".join(cells) + " *"
    engine.ping()
    engine.send("set game " + ggf(size, board, []))
    engine.ping()
    referee.setup(size, [])
    moves, ggf_moves, colour = [], [], "B"
    while True:
        legal = referee.legal()
        if not legal:
            break
        if len(moves) % 7 == 3:
            check_hints(engine, referee, 3)
        engine.send("go")
        seen = engine.until(lambda l: l.startswith("=== "))
        move, evaluation, seconds = seen[-1][4:].split("/")
        if nboard_move(move) not in legal:
            fail("go answered %s, not legal (%s)" % (move, legal))
        if engine.read() != "status":
            fail("no status after ===")
        engine.ping()
        engine.send("move %s/%s/%s" % (move, evaluation, seconds))
        referee.send("flank-play_sequence " + nboard_move(move))
        moves.append(nboard_move(move))
        side = referee.send("gogui-rules_side_to_move")
        ggf_moves.append("%s[%s/%s/%s]" % (colour, move, evaluation, seconds))
        colour = "B" if side == "black" else "W"
    if referee.send("gogui-rules_final_result") == "unknown":
        fail("the game did not end")
    # At the end NBoard sends the whole game back, asks to learn it and may analyse it.
    engine.ping()
    engine.send("set game " + ggf(size, board, ggf_moves))
    engine.send("learn")
    if engine.read() != "learned":
        fail("learn was not answered with learned")
    engine.send("analyze")
    seen = engine.until(lambda l: l == "status", timeout=120)
    analysis = [l for l in seen if l.startswith("analysis ")]
    plies = len(referee.send("flank-history").split())
    if len(analysis) != plies + 1:
        fail("analyze gave %d positions for %d moves" % (len(analysis), plies))
    if analysis[0].split()[1] != str(plies):
        fail("analyze should go from the end back: %s" % analysis[0])
    errors = engine.error_lines(0.1)
    if errors:
        fail("unexpected errors: %s" % errors)
    engine.close()
    referee.close()
    print("ok: %dx%d game at depth %d, %d moves, %s" % (size, size, depth, plies,
                                                        analysis[0]))


def forced_pass():
    engine, referee = NBoardEngine(), Referee()
    board = "*O" + "-" * 62 + " O"
    engine.send("set game " + ggf(8, board, []))
    engine.ping()
    engine.send("go")
    played = engine.until(lambda l: l.startswith("=== "))[-1]
    if not played.startswith("=== PA/"):
        fail("white must pass but go answered %s" % played)
    engine.read()
    engine.ping()
    engine.send("move PA")
    engine.send("move C1/64/0.1")
    engine.ping()
    engine.send("hint 1")
    time.sleep(0.5)
    engine.ping()
    errors = engine.error_lines()
    if len(errors) != 1 or "game is over" not in errors[0]:
        fail("hint after the game's end should report it once on stderr: %s" % errors)
    engine.close()
    referee.close()
    print("ok: forced pass, then the game is over")


def ping_stops_a_deep_hint():
    engine = NBoardEngine("--hash", "16")
    engine.send("set depth 60")  # level 10: minutes for every move of an opening position
    engine.send("set game " + ggf(8, START8, ["B[F5]", "W[D6]"]))
    engine.ping()
    engine.send("hint 4")
    engine.until(lambda l: l.startswith("search "), timeout=30)  # level 1 is quick
    time.sleep(1.0)
    started = time.monotonic()
    before = engine.ping()
    waited = time.monotonic() - started
    if waited > 10:
        fail("ping took %.1f s to stop the search" % waited)
    if before[-1] != "status":
        fail("the hint must end (status) before the pong: %s" % before[-3:])
    searched = float(before[-2].split()[2])  # nodestats NODES SECONDS
    if searched < 0.5:
        fail("the hint should still have been searching when the ping came: %s" % before)
    engine.close()
    print("ok: ping stopped a level-10 hint after %.2f s" % waited)


def malformed_lines():
    engine = NBoardEngine()
    engine.send("set game " + ggf(8, START8, ["B[F5]"]))
    engine.ping()
    bad = ["bogus", "set depth 0", "set depth x", "set game (;GM[Othello]B[A1];)",
           "move Z9", "move A1", "hint 0", "ping x", "nboard 7", "go now", "\x01hint\x02 2x",
           "set game " + "(" * 5000]
    for line in bad:
        engine.send(line)
    engine.ping()
    errors = engine.error_lines()
    if len(errors) != len(bad):
        fail("expected %d error lines, got %d: %s" % (len(bad), len(errors), errors))
    # Nothing changed: the game is still after F5, with white to move.
    referee = Referee()
    referee.setup(8, ["f5"])
    check_hints(engine, referee, 4)
    engine.close()
    referee.close()
    print("ok: %d malformed lines, each reported, none changed the game" % len(bad))


if __name__ == "__main__":
    forced_pass()
    malformed_lines()
    ping_stops_a_deep_hint()
    play_game(8, 4)
    play_game(10, 2)
    print("PASS")
