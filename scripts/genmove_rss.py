#!/usr/bin/env python3
"""Memory soak: one flank process plays GENMOVES genmoves in a row, whole games
against itself with clear_board between them, and reports its resident size
(VmRSS) after the first game, at every 10% and at the end. Fails (exit 1) when
the end RSS exceeds the first game's by more than --tolerance MB, or when any
reply is an error. Usage: genmove_rss.py FLANK [--genmoves N] [flank options]"""
import argparse
import subprocess
import sys


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flank")
    parser.add_argument("--genmoves", type=int, default=10000)
    parser.add_argument("--tolerance", type=float, default=2.0, help="MB of growth allowed")
    args, engine_args = parser.parse_known_args()
    engine = subprocess.Popen([args.flank, *engine_args], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(command):
        engine.stdin.write(command + "\n")
        lines = []
        while True:
            line = engine.stdout.readline()
            if line == "":
                sys.exit(f"flank exited during '{command}'")
            if line == "\n" and lines:
                break
            lines.append(line.strip())
        reply = " ".join(lines)
        if not reply.startswith("="):
            sys.exit(f"'{command}' failed: {reply}")
        return reply[1:].strip()

    ask("name")
    print(f"before any genmove: RSS {rss_kb(engine.pid)} kB", flush=True)
    done, games, passes, color = 0, 0, 0, "b"
    first = None
    report_every = max(1, args.genmoves // 10)
    while done < args.genmoves:
        move = ask(f"genmove {color}")
        done += 1
        passes = passes + 1 if move.lower() == "pass" else 0
        color = "w" if color == "b" else "b"
        if passes == 2:
            games += 1
            passes, color = 0, "b"
            ask("clear_board")
            if first is None:
                first = rss_kb(engine.pid)
                print(f"after game 1 ({done} genmoves): RSS {first} kB", flush=True)
        if done % report_every == 0:
            print(f"{done} genmoves, {games} games: RSS {rss_kb(engine.pid)} kB", flush=True)
    end = rss_kb(engine.pid)
    ask("quit")
    engine.wait()
    growth = (end - first) / 1024
    print(f"start RSS {first} kB, end RSS {end} kB ({growth:+.1f} MB) after {done} genmoves, {games} games")
    sys.exit(0 if growth <= args.tolerance else 1)


if __name__ == "__main__":
    main()
