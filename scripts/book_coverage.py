#!/usr/bin/env python3
"""How many plies of each game of a GGF records file (flank-referee --records)
stay in flank's opening book: from the start, the moves played while the
position has book moves (asked with flank-book over GTP). Prints the mean.
Usage: scripts/book_coverage.py build/flank GAMES.ggf [FLANK OPTIONS...]"""
import re, subprocess, sys
flank, records = sys.argv[1], sys.argv[2]
proc = subprocess.Popen([flank, *sys.argv[3:]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def ask(cmd):
    proc.stdin.write(cmd + "\n"); proc.stdin.flush()
    lines = []
    while True:
        l = proc.stdout.readline().rstrip("\n")
        if l == "": return lines
        lines.append(l)
covered = []
for game in open(records):
    moves = re.findall(r"([BW])\[([A-Za-z]+\d*)", game)
    moves = [(c, m) for c, m in moves if m == "PA" or m[1:].isdigit()]  # not PB[name]
    ask("clear_board")
    n = 0
    for colour, move in moves:
        if ask("flank-book")[0] == "=":  # empty reply: out of the book
            break
        ask("play %s %s" % (colour.lower(), "pass" if move == "PA" else move.lower()))
        n += 1
    covered.append(n)
print("games %d, plies in the book: mean %.1f, min %d, max %d" % (
    len(covered), sum(covered) / len(covered), min(covered), max(covered)))
