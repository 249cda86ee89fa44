#!/usr/bin/env python3
"""Checks a soak run: every GGF record is replayed here with the rules written
again in Python (independent of the C++ engine and referee), and every CSV line
is classified. Prints one line per problem, then the summary line
  N games, I illegal, F forfeits, C crashes, D disagreements
Usage: soak_check.py DIR EXPECTED_GAMES   (DIR holds *.ggf, *.csv, *.status)"""
import glob
import os
import re
import sys

DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def flips(cells, r, c, me):
    if cells[r][c] != "-":
        return []
    other = "O" if me == "*" else "*"
    out = []
    rows, cols = len(cells), len(cells[0])
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and cells[rr][cc] == other:
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < rows and 0 <= cc < cols and cells[rr][cc] == me:
            out += line
    return out


def has_move(cells, me):
    return any(flips(cells, r, c, me) for r in range(len(cells)) for c in range(len(cells[0])))


def replay(record):
    """Black's final score (empties to the winner) or raises ValueError."""
    props = dict(re.findall(r"([A-Z]+)\[([^\]]*)\]", record))
    size_text, cells_text, side = props["BO"].split()
    # "8" (GGF) or flank's "10x6" (columns x rows).
    cols, _, rows = size_text.partition("x")
    cols = int(cols)
    rows = int(rows) if rows else cols
    cells = [list(cells_text[i * cols:(i + 1) * cols]) for i in range(rows)]
    me = side
    for color, value in re.findall(r"(?<![A-Z])([BW])\[([^\]]*)\]", record):
        want = "*" if color == "B" else "O"
        square = value.split("/")[0].upper()
        if me != want:  # the record left out a forced pass
            if has_move(cells, me):
                raise ValueError(f"{color} moved out of turn")
            me = want
        if square == "PA":
            if has_move(cells, me):
                raise ValueError("pass with a move left")
        else:
            c, r = ord(square[0]) - ord("A"), int(square[1:]) - 1
            if not (0 <= r < rows and 0 <= c < cols):
                raise ValueError(f"{square} off the board")
            flipped = flips(cells, r, c, me)
            if not flipped:
                raise ValueError(f"{square} illegal")
            for rr, cc in flipped + [(r, c)]:
                cells[rr][cc] = me
        me = "O" if me == "*" else "*"
    over = not has_move(cells, "*") and not has_move(cells, "O")
    flat = sum(cells, [])
    diff, empties = flat.count("*") - flat.count("O"), flat.count("-")
    score = diff + empties if diff > 0 else diff - empties if diff < 0 else 0
    return over, score


def main():
    directory, expected = sys.argv[1], int(sys.argv[2])
    games = illegal = forfeits = crashes = disagreements = 0
    for status in sorted(glob.glob(os.path.join(directory, "*.status"))):
        text = open(status).read().strip()
        if text != "0":  # the referee itself failed or was killed
            crashes += 1
            print(f"{status}: referee exit {text}")
    for log in sorted(glob.glob(os.path.join(directory, "*.log"))):
        for line in open(log, errors="replace"):
            if "ERROR: AddressSanitizer" in line or "runtime error:" in line:
                crashes += 1
                print(f"{log}: {line.strip()}")
    for csv in sorted(glob.glob(os.path.join(directory, "*.csv"))):
        stem = csv[:-4]
        rows = [line.rstrip("\n").split(",") for line in open(csv)][1:]
        records = [line for line in open(stem + ".ggf")] if os.path.exists(stem + ".ggf") else []
        if len(records) != len(rows):
            disagreements += 1
            print(f"{csv}: {len(rows)} results but {len(records)} records")
        for row, record in zip(rows, records):
            games += 1
            reason, notes = row[6], ",".join(row[12:])
            # forfeit_by is the side ("black"/"white"); the player's name says who.
            forfeit_by = {"black": row[2], "white": row[3]}.get(row[7], row[7])
            where = f"{os.path.basename(csv)} game {row[0]}"
            if reason in ("illegal-move", "unparsable-move"):
                illegal += 1
                print(f"{where}: {reason} by {forfeit_by}")
            elif reason in ("time-out", "error-reply", "protocol-error", "hung"):
                if "flank" in forfeit_by:
                    forfeits += 1
                    print(f"{where}: {reason} by {forfeit_by}")
            elif reason in ("died", "start-failed"):
                crashes += 1
                print(f"{where}: {reason} ({forfeit_by})")
            if "disagrees" in notes or "unreadable" in notes or "refused" in notes:
                disagreements += 1
                print(f"{where}: {notes}")
            try:
                over, score = replay(record)
                if reason == "normal" and (not over or score != int(row[5])):
                    disagreements += 1
                    print(f"{where}: replay gives {score} (over: {over}), referee {row[5]}")
            except (ValueError, KeyError, IndexError) as error:
                disagreements += 1
                print(f"{where}: record does not replay: {error}")
    if games != expected:
        crashes += 1
        print(f"{games} games recorded, {expected} asked for")
    print(f"{games} games, {illegal} illegal, {forfeits} forfeits, {crashes} crashes, "
          f"{disagreements} disagreements")
    return 0 if illegal == forfeits == crashes == disagreements == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
