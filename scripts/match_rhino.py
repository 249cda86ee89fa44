#!/usr/bin/env python3
"""Plays flank against gtp-rhino (Debian grhino) over GTP from XOT openings.

Each game starts from a different opening of ../shared/reference/xot-large.txt;
flank takes black in even-numbered games and white in odd ones. A game ends
after two passes in a row; the score comes from both engines' final_score and
must agree. Prints one line per game and a summary; exit status 1 if an engine
misbehaved (illegal move, crash, timeout, score disagreement).
"""
import argparse
import os
import select
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, name, command, timeout):
        self.name = name
        self.timeout = timeout
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.pending = b""  # read from the pipe but not yet consumed (select sees only the fd)

    def readline(self, deadline):
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return ""
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode(errors="replace") + "\n"

    def send(self, command):
        """Sends one command; returns (ok, reply text)."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines, deadline = [], time.monotonic() + self.timeout
        while True:
            line = self.readline(deadline)
            if line is None:
                raise RuntimeError(f"{self.name}: no answer to '{command}' in {self.timeout} s")
            if not line:
                raise RuntimeError(f"{self.name}: exited during '{command}'")
            line = line.rstrip("\r\n")
            if not line and lines:
                break
            if line:
                lines.append(line)
        text = "\n".join(lines)
        return text.startswith("="), text[1:].strip()

    def must(self, command):
        ok, reply = self.send(command)
        if not ok:
            raise RuntimeError(f"{self.name}: '{command}' failed: {reply}")
        return reply

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, OSError, ValueError):
            pass
        self.proc.kill()
        self.proc.wait()


def black_margin(score):
    """'B+12' -> 12, 'W+4' -> -4, '0' -> 0."""
    score = score.strip().upper()
    if score in ("0", "DRAW"):
        return 0
    return int(score[2:]) * (1 if score.startswith("B") else -1)


def play_game(flank, rhino, opening, flank_black):
    for engine in (flank, rhino):
        engine.must("boardsize 8")
        engine.must("clear_board")
    colours = ("black", "white")
    to_move = 0
    for i in range(0, len(opening), 2):
        move = opening[i:i + 2]
        for engine in (flank, rhino):
            engine.must(f"play {colours[to_move]} {move}")
        to_move ^= 1
    passes = 0
    while passes < 2:
        flank_turn = (to_move == 0) == flank_black
        mover, other = (flank, rhino) if flank_turn else (rhino, flank)
        move = mover.must(f"genmove {colours[to_move]}").lower()
        if move == "resign":
            return (-64 if flank_turn else 64) * (1 if flank_black else -1), "resign"
        ok, reply = other.send(f"play {colours[to_move]} {move}")
        # gtp-rhino passes for a side with no move by itself and refuses "play X pass".
        if not ok and move != "pass":
            raise RuntimeError(f"{other.name}: 'play {colours[to_move]} {move}' failed: {reply}")
        passes = passes + 1 if move == "pass" else 0
        to_move ^= 1
    margin = black_margin(flank.must("final_score"))
    ok, rhino_score = rhino.send("final_score")
    if ok and black_margin(rhino_score) != margin:
        raise RuntimeError(f"final scores disagree: flank {margin}, rhino {rhino_score}")
    return margin, ""


def main():
    default_flank = os.path.join(ROOT, "build", "flank")
    if not os.path.exists(default_flank):
        default_flank = os.path.join(ROOT, "build", "flank-bench") + " gtp"
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--first", type=int, default=0, help="index of the first opening used")
    parser.add_argument("--flank", default=default_flank,
                        help="flank GTP command (default: build/flank, else build/flank-bench gtp)")
    parser.add_argument("--rhino", default="/usr/games/gtp-rhino -l 4",
                        help="opponent GTP command (default: /usr/games/gtp-rhino -l 4)")
    parser.add_argument("--openings", default=os.path.join(ROOT, "..", "shared", "reference",
                                                           "xot-large.txt"))
    parser.add_argument("--timeout", type=float, default=60, help="seconds allowed per command")
    args = parser.parse_args()

    with open(args.openings) as f:
        openings = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    wins = draws = losses = 0
    errors = 0
    for game in range(args.games):
        opening = openings[(args.first + game) % len(openings)]
        flank_black = game % 2 == 0
        flank = Engine("flank", shlex.split(args.flank), args.timeout)
        rhino = Engine("rhino", shlex.split(args.rhino), args.timeout)
        try:
            margin, note = play_game(flank, rhino, opening, flank_black)
        except RuntimeError as e:
            print(f"game {game + 1}: {opening}: ERROR {e}", flush=True)
            errors += 1
            continue
        finally:
            flank.close()
            rhino.close()
        mine = margin if flank_black else -margin
        wins += mine > 0
        draws += mine == 0
        losses += mine < 0
        result = "win" if mine > 0 else "draw" if mine == 0 else "loss"
        print(f"game {game + 1}: {opening} flank {'black' if flank_black else 'white'}: "
              f"{result} {mine:+d} {note}".rstrip(), flush=True)
    played = wins + draws + losses
    rate = 100.0 * (wins + 0.5 * draws) / played if played else 0.0
    print(f"flank vs rhino: {wins} wins, {draws} draws, {losses} losses, {errors} errors; "
          f"score {rate:.1f}%")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
