#!/usr/bin/env python3
"""A full 8x8 game between flank and gtp-rhino (a real peer), once with each
colour. The referee forwards moves but never passes (as Quarry does), so both
engines must handle the other colour moving after a pass. At the end both
engines must agree that the game is over and on the score.

Usage: vs_rhino.py FLANK [GTP_RHINO]"""
import subprocess
import sys
import time

DEADLINE = time.monotonic() + 100  # seconds for both games together


class Engine:
    def __init__(self, argv):
        self.name = argv[0]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)

    def send(self, command):
        if time.monotonic() > DEADLINE:
            sys.exit(f"FAIL: out of time at '{command}'")
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"FAIL: {self.name} closed its output after '{command}'")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line or lines:
                lines.append(line)
        reply = "\n".join(lines)
        if not reply.startswith("="):
            sys.exit(f"FAIL: {self.name} answered '{command}' with '{reply}'")
        return reply[1:].strip()

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def play_game(flank_argv, rhino_argv, flank_colour):
    flank, rhino = Engine(flank_argv), Engine(rhino_argv)
    for e in (flank, rhino):
        e.send("boardsize 8")
        e.send("clear_board")
    engines = {flank_colour: flank, ("w" if flank_colour == "b" else "b"): rhino}
    colour, passes, moves = "b", 0, []
    while passes < 2 and len(moves) < 130:
        mover, other = engines[colour], engines["w" if colour == "b" else "b"]
        move = mover.send("genmove " + colour).lower()
        moves.append(move)
        if move == "pass":
            passes += 1
        else:
            passes = 0
            other.send(f"play {colour} {move}")
        colour = "w" if colour == "b" else "b"
    scores = [e.send("final_score") for e in (flank, rhino)]
    print(f"flank as {flank_colour}: {' '.join(moves)}")
    print(f"final_score: flank {scores[0]}, gtp-rhino {scores[1]}")
    if passes < 2:
        sys.exit("FAIL: the game did not end")
    if scores[0] != scores[1]:
        sys.exit("FAIL: the engines disagree on the score")
    # A game can end early only by a wipe-out (flank's weak level 3 walks into
    # one against some of gtp-rhino's lines: c4 e3 f5 e6 f4 c5 c6 d6 f6 f3 c3
    # d3 g3 g4 h4 g5 h5); any other short game means a protocol fault.
    wiped_out = scores[0] in ("B+64", "W+64")
    if len([m for m in moves if m != "pass"]) < 20 and not wiped_out:
        sys.exit("FAIL: implausibly short game")
    for e in (flank, rhino):
        e.close()
    return scores[0]


def main():
    flank_argv = [sys.argv[1], "--level", "3"]
    rhino_argv = [sys.argv[2] if len(sys.argv) > 2 else "/usr/games/gtp-rhino"]
    for colour in ("b", "w"):
        play_game(flank_argv, rhino_argv, colour)
    print("both games finished and were scored alike")


if __name__ == "__main__":
    main()
