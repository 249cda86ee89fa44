#!/usr/bin/env python3
"""End to end on WTHOR games (tests/data/wthor-2024-300.pgn, 300 games of 2024):
bad records are skipped and counted, sharded generation merged equals one run,
positions are deduplicated, the reduced pipeline (fit, propagation,
Multi-ProbCut statistics) writes files flank reads, and so does the one-command
recipe tools/train/train-shipped.sh (weights, residual net, statistics) run
reduced, reproducibly."""
import os
import re
import subprocess
import sys
import tempfile

train, flank, pgn = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def deduplicated(out):
    """The (before, after) counts of each "deduplicated ...: A -> B positions" line."""
    return [tuple(int(x) for x in l.split(": ")[1].split(" positions")[0].split(" -> "))
            for l in out.splitlines() if l.startswith("deduplicated")]


def run(*args, exe=None, stdin=None):
    r = subprocess.run([exe or train, *args], capture_output=True, text=True, timeout=600,
                       input=stdin)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as tmp:
    # A directory with the sample and a copy of it with two broken records.
    games_dir = os.path.join(tmp, "wthor")
    os.mkdir(games_dir)
    text = open(pgn).read()
    open(os.path.join(games_dir, "a.pgn"), "w").write(text)
    records = text.split("[Event ")
    broken = "[Event " + records[1].replace("1. F5", "1. A1", 1) + "[Event " + \
        records[2].replace("2. ", "2. Z9 ", 1)
    open(os.path.join(games_dir, "b.pgn"), "w").write(broken)
    open(os.path.join(games_dir, "notes.txt"), "w").write("not a game file\n")

    common = ["--games-pgn", games_dir, "--exact-empties", "10"]
    whole = os.path.join(tmp, "whole.txt")
    rc, out, err = run("--data", whole, *common, "--generate-only", "--threads", "2")
    check(rc == 0 and "300 legal, 2 records skipped" in out,
          "the directory's files are read, bad records skipped and counted: " + out[:300])
    check("illegal move A1" in out, "the first skipped records are named with their reason")
    ends = sum(1 for l in open(whole) if l.startswith("end "))
    check(ends == 300, "every legal game is in the position file (%d)" % ends)
    exact = sum(1 for l in open(whole) if l.startswith("p ") and l.rstrip().endswith(" e"))
    check(exact > 300 * 5, "positions from 10 empties on are solved exactly (%d)" % exact)

    # --wld-empties: the positions before the solve point get their result
    # proven; where the run above solved them exactly (9-10 empties) the
    # signs agree.
    proven = os.path.join(tmp, "proven.txt")
    rc, out, err = run("--data", proven, "--games-pgn", games_dir, "--exact-empties", "8",
                       "--wld-empties", "12", "--shard", "1/6", "--generate-only")
    def rows(path, kind):
        return {(r[1], r[2], r[3]): float(r[4]) for r in
                (l.split() for l in open(path) if l.startswith("p ")) if r[5] == kind}
    wld, solved = (rows(proven, "w"), rows(whole, "e")) if rc == 0 else ({}, {})
    sign = lambda x: (x > 0) - (x < 0)
    both = [k for k in wld if k in solved]
    check(rc == 0 and len(wld) > 50 * 3 and len(both) > 50
          and all(sign(wld[k]) == sign(solved[k]) for k in both),
          "WTHOR positions with 9-12 empties get proven results (%d), agreeing with the exact "
          "solves of 9-10 empties (%d)" % (len(wld), len(both)))

    parts = []
    for k in (1, 2):
        part = os.path.join(tmp, "part%d.txt" % k)
        rc, out, err = run("--data", part, *common, "--generate-only", "--shard", "%d/2" % k,
                           "--threads", "1")
        check(rc == 0 and "making 150 more" in out, "shard %d/2 makes half the games" % k)
        parts.append(part)
    merged = os.path.join(tmp, "merged.txt")
    rc, out, err = run("--data", merged, "--merge", *parts)
    check(rc == 0 and "300 games" in out, "merge combines the parts: " + out.strip())
    whole_lines = sorted(open(whole).read().splitlines())
    check(sorted(open(merged).read().splitlines()) == whole_lines,
          "the merged parts equal the unsharded run")
    # Random children: a share of the positions above the exact ones, chosen by
    # seed, game and position, so the sharded parts give the whole run's.
    with_children = []
    for name, sources in (("children.txt", parts), ("children-whole.txt", [whole])):
        path = os.path.join(tmp, name)
        rc, out, err = run("--data", path, "--merge", *sources, "--children", "0.5",
                           "--exact-empties", "10", "--seed", "3")
        added = re.search(r"(\d+) positions \((\d+) of them random children\)", out)
        check(rc == 0 and added and int(added.group(2)) > 300,
              "merge --children adds random children: " + out.strip())
        with_children.append(sorted(open(path).read().splitlines()) if rc == 0 else [])
    check(with_children[0] == with_children[1] and len(with_children[0]) > len(whole_lines),
          "the children of the merged parts equal the unsharded run's")
    for bad in (["--children", "1.5", "--merge", parts[0]], ["--children", "0.5"]):
        rc, out, err = run("--data", os.path.join(tmp, "x.txt"), *bad)
        check(rc == 2 and "--children" in err, "a bad --children is refused: " + err.strip())
    rc, out, err = run("--data", os.path.join(tmp, "x.txt"), "--merge", parts[0], parts[0])
    check(rc == 1 and "in two parts" in err, "a game in two parts is refused: " + err.strip())
    rc, out, err = run("--data", whole, *common, "--shard", "3/2", "--generate-only")
    check(rc == 2 and "--shard" in err, "a bad shard is refused: " + err.strip())

    weights = os.path.join(tmp, "w.bin")
    stats = os.path.join(tmp, "mpc.bin")
    rc, out, err = run("--data", merged, "--fit-only", "--out", weights, "--phases", "6",
                       "--smooth", "0.3", "--epochs", "3", "--propagate-depth", "2",
                       "--mpc-out", stats, "--mpc-positions", "120", "--mpc-depth", "5",
                       # endgame pairs up to 14 empties: the default, 22, solves
                       # 1,100 positions and took 4 of this test's 4.5 minutes
                       "--mpc-endgame-max", "14", "--mpc-endgame-positions", "30",
                       "--threads", "2")
    dedup = deduplicated(out)
    check(rc == 0 and dedup, "the reduced pipeline runs: " + (err.strip()[-300:] or out[-300:]))
    if dedup:
        before, after = dedup[0]
        check(after < before, "duplicate positions (the openings) are dropped: %d -> %d" %
              (before, after))
    check("| 30-39 | 5 | 3 |" in out, "Multi-ProbCut statistics are fitted per empties and depth")
    gtp = "boardsize 8\nclear_board\ngenmove b\nquit\n"
    rc, out, err = run("--weights", weights, "--mpc", stats, "--level", "3", exe=flank, stdin=gtp)
    check(rc == 0 and out.count("=") >= 3 and "?" not in out,
          "flank plays with the new weights and statistics: " + out.replace("\n", " "))
    bad = os.path.join(tmp, "bad.mpc")
    data = bytearray(open(stats, "rb").read())
    data[30] ^= 1
    open(bad, "wb").write(bytes(data))
    rc, out, err = run("--mpc", bad, exe=flank, stdin="quit\n")
    check(rc == 2 and "checksum" in err, "a corrupt statistics file is refused: " + err.strip())

    # The one-command recipe (tools/train/train-shipped.sh), reduced to seconds:
    # every step runs, the files load in flank, and the same command run again
    # (nothing left to generate) writes the same bytes: once with the
    # propagation done again (its checkpoint deleted), once resuming from it.
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                          "train", "train-shipped.sh")
    env = dict(os.environ, FLANK_TRAIN=train, SELFPLAY_GAMES="40", WTHOR_DIR=pgn, WTHOR_SHARD="1/3",
               EXACT_EMPTIES="10", PHASES="4", EPOCHS="2", PROPAGATE_DEPTH="2",
               MPC_POSITIONS="100", MPC_DEPTH="5", MPC_ENDGAME_MAX="13",
               MPC_ENDGAME_POSITIONS="30", CHILDREN="0.3")
    recipe = os.path.join(tmp, "recipe")
    outputs = [os.path.join(recipe, f)
               for f in ("pattern-weights.bin", "mpc-stats.bin", "pattern-net.bin")]
    checkpoint = os.path.join(recipe, "propagation.checkpoint")
    first = []
    for attempt in (1, 2, 3):
        if attempt == 2:
            check(os.path.exists(checkpoint), "the recipe saves the propagation's checkpoint")
            if os.path.exists(checkpoint):
                os.remove(checkpoint)
        r = subprocess.run(["sh", script, recipe, "2"], capture_output=True, text=True,
                           timeout=600, env=env)
        check(r.returncode == 0 and all(os.path.exists(f) for f in outputs),
              "train-shipped.sh (reduced, run %d) writes the weights, net and statistics: %s" %
              (attempt, (r.stderr.strip()[-300:] or r.stdout[-300:])))
        if r.returncode != 0:
            break
        if attempt == 1:
            check("140 games" in r.stdout and "random children)" in r.stdout and
                  "classic patterns" in r.stdout,
                  "it merges 40 self-play and 100 WTHOR games, gives positions random children "
                  "and fits the classic set")
            check("| 12 | exact |" in r.stdout and "| 13 | exact |" in r.stdout,
                  "it fits the selective endgame pairs for 12 and 13 empties")
            labels = os.path.join(recipe, "labels.txt")
            dedup = deduplicated(r.stdout)
            count = sum(1 for l in open(labels) if l.startswith("p ")) \
                if os.path.exists(labels) else 0
            check(len(dedup) == 2 and dedup[0][1] == count and dedup[1] == (count, count),
                  "the final fit reads the propagation's %d positions with their labels (%s)" %
                  (count, dedup))
            first = [open(f, "rb").read() for f in outputs]
            curve = os.path.join(recipe, "pattern-net.bin.curve.md")
            rows = [l for l in open(curve)] if os.path.exists(curve) else []
            check(any(l.startswith("| as written |") for l in rows) and
                  "fitting a residual net" in r.stdout and "with the residual net" in r.stdout and
                  "epoch 6/6" in r.stdout,
                  "it fits the residual net with its learning curve")
        else:
            resumed = "resuming from propagation checkpoint" in r.stdout
            check(resumed == (attempt == 3),
                  "run %d %s the propagation's checkpoint" %
                  (attempt, "resumes from" if attempt == 3 else "does not use"))
            check([open(f, "rb").read() for f in outputs] == first,
                  "run again (%s), the same command writes the same files" %
                  ("resuming" if resumed else "propagating again"))
    rc, out, err = run("--weights", outputs[0], "--net", outputs[2], "--mpc", outputs[1],
                       "--level", "3", exe=flank, stdin=gtp)
    check(rc == 0 and out.count("=") >= 3 and "?" not in out,
          "flank plays with the recipe's files: " + out.replace("\n", " "))
    rc, out, err = run("--net", outputs[2], exe=flank, stdin="quit\n")
    check(rc == 2 and "fitted over other weights" in err,
          "the recipe's net is refused with the shipped weights: " + err.strip())

sys.exit(1 if failures else 0)
