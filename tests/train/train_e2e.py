#!/usr/bin/env python3
"""End to end: a reduced flank-train run makes a loadable weights file and a
learning curve whose held-out error falls; a rerun resumes from the position
file; an interrupted game is dropped and replayed; bad input is refused."""
import os
import re
import struct
import subprocess
import sys
import tempfile

train = sys.argv[1]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args):
    r = subprocess.run([train, *args], capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "positions.txt")
    weights = os.path.join(tmp, "weights.bin")
    curve = os.path.join(tmp, "curve.md")
    base = ["--data", data, "--out", weights, "--curve", curve, "--seed", "7",
            "--exact-empties", "8", "--play-depth", "1", "--phases", "4", "--threads", "2",
            "--propagate-depth", "0"]

    rc, out, err = run(*base, "--games", "400", "--epochs", "6")
    check(rc == 0, "reduced training run exits 0 (stderr: %s)" % err.strip()[-200:])
    check("making 400 more" in out, "plays the 400 games")
    check("ETA" in err, "progress on stderr shows an ETA")
    check(os.path.getsize(weights) > 1000, "weights file written")
    table = open(curve).read()
    rows = [l for l in table.splitlines() if re.match(r"\| \d+ \|", l)]
    check(len(rows) == 7, "learning curve has epochs 0..6")
    held = [float(r.split("|")[4]) for r in rows]
    check(held[-1] < 0.8 * held[0], "held-out MAE falls: %s" % held)
    check(all(" ph%d " % k in table for k in range(4)), "curve reports every phase")
    games = sum(1 for l in open(data) if l.startswith("end "))
    check(games == 400, "position file holds 400 complete games")

    # Cut the file inside the last game: the resume drops it and plays it again.
    text = open(data).read()
    cut = text.rfind("end ")
    cut = text.rfind("\n", 0, cut - 10)
    open(data, "w").write(text[:cut + 1] + "p 12 00ff")
    rc, out, err = run(*base, "--games", "420", "--epochs", "1", "--init", weights)
    check(rc == 0, "resumed run exits 0 (stderr: %s)" % err.strip()[-200:])
    check("399 games" in out and "making 21 more" in out, "resume keeps 399 games, plays 21: " + out.splitlines()[0])
    ends = [l for l in open(data) if l.startswith("end ")]
    check(len(ends) == 420 and len(set(ends)) == 420, "420 distinct complete games after resume")

    # The same seed replays the same games: a fresh run matches the resumed file.
    data2 = os.path.join(tmp, "again.txt")
    rc, out, err = run(*(base[:1] + [data2] + base[2:]), "--games", "420", "--generate-only")
    same = sorted(open(data).read().splitlines()) == sorted(open(data2).read().splitlines())
    check(rc == 0 and same, "same seed gives the same positions")

    # Labels propagated by phase: depth-2 searches on the fitted weights.
    propagated = os.path.join(tmp, "propagated.bin")
    rc, out, err = run(*base[:2], "--out", propagated, "--curve", curve, "--fit-only",
                       "--init", weights, "--epochs", "2", "--propagate-depth", "2", "--threads", "2")
    phase_lines = [l for l in out.splitlines() if l.startswith("phase ")]
    check(rc == 0 and len(phase_lines) >= 2, "propagation relabels phase by phase: %s" % phase_lines)
    check("propagated by phase" in open(curve).read(), "the curve reports the propagation")
    finished = re.findall(r"positions searched (\d+)/(\d+) \(100%\)", err)
    relabelled = [int(l.split()[2]) for l in phase_lines]
    check([int(a) for a, b in finished] == relabelled and all(a == b for a, b in finished),
          "a progress line counts each phase's searches to its end: %s" % finished)

    # A thin phase (fewer positions than --thin-phase) is refitted by least
    # squares, which fits its positions closer than two epochs of descent.
    def first_phase_refit(thin):
        rc, out, err = run(*base[:2], "--out", propagated, "--curve", curve, "--fit-only",
                           "--init", weights, "--epochs", "2", "--propagate-depth", "2",
                           "--thin-phase", thin)
        row = [l for l in open(curve).read().split("propagated by phase")[-1].splitlines()
               if l.startswith("| 0 |")]
        after = float(row[0].split("|")[4].split("/")[0]) if rc == 0 and row else -1
        return after, "phase  0" in out and "least squares (thin phase)" in out.split("phase  0")[1]
    (sgd, sgd_said), (lsq, lsq_said) = first_phase_refit("0"), first_phase_refit("1000000")
    check(not sgd_said and lsq_said, "the output says which phases were thin")
    check(0 <= lsq < sgd, "phase 0 refitted by least squares fits closer: train MAE %.2f < %.2f"
          % (lsq, sgd))

    # --labels-out keeps the propagated labels: a later fit without searches
    # reads them back, and its thin phases are refitted by least squares too.
    labels = os.path.join(tmp, "labels.txt")
    rc, out, err = run(*base[:2], "--out", propagated, "--curve", curve, "--fit-only",
                       "--init", weights, "--epochs", "2", "--propagate-depth", "2",
                       "--labels-out", labels)
    kinds = [l.split()[5] for l in open(labels) if l.startswith("p ")] if rc == 0 else []
    deduplicated = re.search(r"-> (\d+) positions", out)
    check(rc == 0 and deduplicated and len(kinds) == int(deduplicated.group(1)),
          "--labels-out writes every deduplicated position (%d)" % len(kinds))
    check("s" in kinds and "e" in kinds and "o" not in kinds,
          "their labels are searches and exact scores, no game result left")
    # The same propagation sharded: the first fit alone (--propagate-phases 0),
    # then for each phase two workers (--propagate-shard K/2) and a merge
    # (--propagate-parts), which writes the outputs after the last phase: the
    # same bytes as the run on one machine just above.
    single = [open(f, "rb").read() for f in (propagated, labels)]
    sharded = [os.path.join(tmp, "sharded.bin"), os.path.join(tmp, "sharded-labels.txt")]
    checkpoint = os.path.join(tmp, "propagation.checkpoint")
    parts = [os.path.join(tmp, "part%d" % k) for k in (1, 2)]
    same = [*base[:2], "--out", sharded[0], "--curve", os.path.join(tmp, "sharded.md"),
            "--fit-only", "--init", weights, "--epochs", "2", "--propagate-depth", "2",
            "--labels-out", sharded[1], "--propagate-checkpoint", checkpoint]
    rc, out, err = run(*same, "--propagate-phases", "0")
    check(rc == 0 and "stopped with phases left" in out and not os.path.exists(sharded[1]),
          "--propagate-phases 0 fits, saves the checkpoint and stops: " + (err or out)[-200:])
    searched = merged = 0
    for phase in range(4):
        for k in (1, 2):
            rc, out, err = run(*same, "--propagate-shard", "%d/2" % k, "--propagate-part",
                               parts[k - 1])
            searched += rc == 0 and "positions searched" in out
        if phase == 0:
            before = open(checkpoint, "rb").read()
            rc, out, err = run(*same, "--propagate-parts", parts[0])
            check(rc == 1 and "shard 2/2 is missing" in err and
                  open(checkpoint, "rb").read() == before,
                  "a merge without every shard is refused, the checkpoint unchanged: " + err.strip())
        rc, out, err = run(*same, "--propagate-parts", *parts)
        merged += rc == 0 and "relabelled (merged)" in out
    check(searched == 8 and merged == 4, "2 workers and a merge for each of the 4 phases (%d, %d)"
          % (searched, merged))
    check([open(f, "rb").read() if os.path.exists(f) else b"" for f in sharded] == single,
          "the sharded propagation writes the same weights and labels as one machine")
    rc, out, err = run(*same, "--propagate-shard", "1/2", "--propagate-part", parts[0])
    check(rc == 0 and "nothing to search" in out, "a worker after the last phase has nothing to do")
    # Averaged labels are other labels: that run's checkpoint is not resumed.
    rc, out, err = run(*same, "--propagate-average", "--propagate-phases", "0")
    check(rc == 0 and "of other positions or settings: starting afresh" in out,
          "a checkpoint without --propagate-average is not resumed with it")
    rc, out, err = run(*base[:2], "--fit-only", "--propagate-depth", "2", "--propagate-phases", "1")
    check(rc == 2 and "--propagate-checkpoint" in err,
          "--propagate-phases without a checkpoint refused: " + err.strip())
    refit = os.path.join(tmp, "refit.bin")
    rc, out, err = run("--data", labels, "--out", refit, "--curve", curve, "--fit-only",
                       "--phases", "4", "--epochs", "2", "--propagate-depth", "0",
                       "--thin-phase", "1000000")
    check(rc == 0 and out.count("refitted by least squares (thin phase)") == 4,
          "without propagation every thin phase is refitted by least squares")
    rc, out, err = run("--data", labels, "--measure", refit, "--measure", weights, "--band", "61")
    errors = [l.split("|")[3:5] for l in out.split("All positions")[-1].splitlines()
              if l.startswith("| 0-60 |")]
    fitted, unfitted = (float(x) for x in errors[0]) if rc == 0 and errors else (0, 0)
    check(0 < fitted < unfitted, "the refit follows the written labels: MAE %.2f < %.2f"
          % (fitted, unfitted))
    rc, out, err = run(*base, "--fit-only", "--labels-out", data)
    check(rc == 2 and "--labels-out" in err, "--labels-out onto --data refused: " + err.strip())

    # --propagate-average: each search label is the mean of the last two
    # iterations (depths 1 and 2 here), so half discs appear, and the run
    # says so in its output and curve.
    averaged = os.path.join(tmp, "labels-averaged.txt")
    rc, out, err = run(*base[:2], "--out", propagated, "--curve", curve, "--fit-only",
                       "--init", weights, "--epochs", "2", "--propagate-depth", "2",
                       "--propagate-average", "--labels-out", averaged)
    rows = [l.split() for l in open(averaged) if l.startswith("p ")] if rc == 0 else []
    halves = sum(1 for r in rows if r[5] == "s" and float(r[4]) % 1 == 0.5)
    check(rc == 0 and halves > 0 and all(float(r[4]) % 1 == 0 for r in rows if r[5] == "e"),
          "--propagate-average: %d search labels on half discs, exact ones whole" % halves)
    check("mean of depths 1 and 2" in out and "mean of the last two" in open(curve).read(),
          "--propagate-average is said in the output and the curve")
    rc, out, err = run(*base[:4], "--fit-only", "--propagate-depth", "1", "--propagate-average")
    check(rc == 2 and "--propagate-average" in err,
          "--propagate-average with depth 1 refused: " + err.strip())

    # Multi-ProbCut in the propagation's searches (--propagate-mpc): the
    # labels follow the full-width ones closely but not exactly (cuts
    # happened), and they do not depend on the thread count.
    def mpc_labels(mpc, threads):
        path = os.path.join(tmp, "labels-mpc-%s-%d.txt" % (mpc, threads))
        rc, out, err = run(*base[:2], "--out", propagated, "--curve", curve, "--fit-only",
                           "--init", weights, "--epochs", "2", "--propagate-depth", "4",
                           "--propagate-mpc", mpc, "--threads", str(threads), "--labels-out", path)
        said = "Multi-ProbCut" in out and "Multi-ProbCut" in open(curve).read()
        labels = [float(l.split()[4]) for l in open(path) if l.startswith("p ")] if rc == 0 else []
        return rc, said, labels
    rc_off, said_off, full = mpc_labels("off", 2)
    rc_on, said_on, cut = mpc_labels("on", 2)
    rc_one, _, cut_one = mpc_labels("on", 1)
    check(rc_off == 0 and rc_on == 0 and said_on and not said_off,
          "--propagate-mpc on is said in the output and the curve, off is not")
    changed = sum(1 for a, b in zip(full, cut) if a != b)
    mean_gap = sum(abs(a - b) for a, b in zip(full, cut)) / max(1, len(full))
    check(len(full) == len(cut) > 0 and 0 < changed < len(full) and mean_gap < 2,
          "MPC labels differ on %d of %d positions, by %.2f discs on average"
          % (changed, len(full), mean_gap))
    check(rc_one == 0 and cut_one == cut, "MPC labels are the same with one thread and two")
    rc, out, err = run(*base, "--fit-only", "--propagate-mpc", "on")
    check(rc == 2 and "--propagate-mpc" in err, "--propagate-mpc without a propagation refused: "
          + err.strip())
    rc, out, err = run(*base[:4], "--fit-only", "--propagate-depth", "2", "--propagate-mpc", data)
    check(rc == 1 and err.count("\n") == 1 and data in err,
          "a bad statistics file gets one error line: " + err.strip())

    # --wld-empties: the positions just before the solve point get their
    # result proven (kind w), and the propagation's searches keep it.
    wld = os.path.join(tmp, "wld.txt")
    rc, out, err = run("--data", wld, "--seed", "3", "--games", "40", "--exact-empties", "6",
                       "--wld-empties", "10", "--play-depth", "1", "--generate-only")
    rows = [l.split() for l in open(wld) if l.startswith("p ")] if rc == 0 else []
    empties = lambda r: 64 - bin(int(r[2], 16) | int(r[3], 16)).count("1")
    sign = lambda x: (x > 0) - (x < 0)
    proven = {(r[2], r[3]): float(r[4]) for r in rows if r[5] == "w"}
    check(rc == 0 and len(proven) >= 40
          and all(6 < empties(r) <= 10 for r in rows if r[5] == "w")
          and all(r[5] == "w" for r in rows if 6 < empties(r) <= 10)
          and all(abs(float(r[4])) >= 2 for r in rows if r[5] == "w" and float(r[4]) != 0),
          "--wld-empties 10 proves the positions with 7-10 empties (%d)" % len(proven))
    wld_labels = os.path.join(tmp, "wld-labels.txt")
    rc, out, err = run("--data", wld, "--out", propagated, "--curve", curve, "--fit-only",
                       "--phases", "4", "--epochs", "2", "--propagate-depth", "2",
                       "--labels-out", wld_labels)
    kept = [(proven.get((r[2], r[3])), float(r[4])) for r in
            (l.split() for l in open(wld_labels) if l.startswith("p "))
            if r[5] == "w"] if rc == 0 else []
    searched = sum(1 for a, b in kept if a != b)
    check(rc == 0 and "win/loss/draw" in out and searched > 0
          and all(a is not None and sign(a) == sign(b) for a, b in kept),
          "the propagation searched %d of %d proven positions and kept every result"
          % (searched, len(kept)))
    for bad in (["--exact-empties", "8", "--wld-empties", "8"], ["--wld-empties", "37"]):
        rc, out, err = run("--data", wld, "--generate-only", *bad)
        check(rc == 2 and "--wld-empties" in err and err.count("\n") == 1,
              "%s refused with one line: %s" % (" ".join(bad), err.strip()))

    # The whole pipeline is reproducible: the same command with another thread
    # count writes the same weights, byte for byte (games, fit and propagation).
    def pipeline(threads):
        d = os.path.join(tmp, "repro%d.txt" % threads)
        w = os.path.join(tmp, "repro%d.bin" % threads)
        rc, out, err = run("--data", d, "--out", w, "--seed", "5", "--games", "60",
                           "--exact-empties", "10", "--play-depth", "2", "--phases", "4",
                           "--epochs", "2", "--propagate-depth", "2", "--threads", str(threads))
        return rc, open(w, "rb").read() if rc == 0 else b""
    (rc1, w1), (rc2, w2) = pipeline(1), pipeline(2)
    check(rc1 == 0 and rc2 == 0 and len(w1) > 1000 and w1 == w2,
          "one thread and two threads make identical weights (%d and %d bytes)" % (len(w1), len(w2)))

    # --measure compares weights files on held-out games (another seed).
    test = os.path.join(tmp, "test.txt")
    rc, out, err = run("--data", test, "--seed", "99", "--games", "40", "--exact-empties", "8",
                       "--play-depth", "1", "--generate-only")
    zero = os.path.join(tmp, "zero.bin")
    rc2, _, _ = run("--data", test, "--out", zero, "--fit-only", "--epochs", "0", "--phases", "4",
                   "--propagate-depth", "0")
    rc, out, err = run("--data", test, "--measure", weights, "--measure", zero, "--measure", "hand",
                       "--band", "20")
    exact_table = out.split("All positions")[0]
    rows = {l.split("|")[1].strip(): l.split("|")[3:5] for l in exact_table.splitlines()
            if re.match(r"\| \d+-\d+ \|", l)}
    check(rc == 0 and rc2 == 0 and "0-19" in rows, "--measure reports by empties: " + out[-300:])
    trained, untrained = (float(x) for x in rows.get("0-19", ["0", "0"]))
    check(trained < untrained,
          "trained weights beat zero weights on held-out exact scores: %.2f < %.2f" % (trained, untrained))
    # `pattern` names the weights built into the program, the shipped file's.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    shipped = os.path.join(root, "data", "pattern-weights.bin")
    rc, out, err = run("--data", test, "--measure", "pattern", "--measure", shipped,
                       "--measure", "hand", "--band", "20")
    cols = [l.split("|")[3:6] for l in out.split("All positions")[0].splitlines()
            if l.startswith("| 0-19 |")]
    check(rc == 0 and len(cols) == 1 and cols[0][0] == cols[0][1] != cols[0][2],
          "--measure pattern gives the shipped file's errors, not hand's: %s" % (cols or out[-300:]))

    # A blended fit (and a Huber one) writes its 4 control phases, marked as a
    # per-move blend (format version 2, flag 1), and measures as the same
    # weights expanded to one phase per move (--interpolate-phases 61 of it: a
    # plain 61-phase file, version 1, rounded again to the file's resolution).
    blended = os.path.join(tmp, "blended.bin")
    rc, out, err = run("--data", test, "--out", blended, "--fit-only", "--solver", "cg",
                       "--phases", "4", "--propagate-depth", "0", "--blend", "--huber", "4",
                       "--iterations", "20")
    per_move = os.path.join(tmp, "per-move.bin")
    rc2, out2, err2 = run("--init", blended, "--interpolate-phases", "61", "--out", per_move)
    rc3, out3, err3 = run("--data", test, "--measure", blended, "--measure", per_move, "--band", "20")
    def header(path):  # the weights file's version, phases and (version 2) flags
        data = open(path, "rb").read() if os.path.exists(path) else b"\0" * 40
        version, _, phases = struct.unpack_from("<3I", data, 8)
        return version, phases, struct.unpack_from("<I", data, 28)[0] if version == 2 else 0
    rows = [l.split("|")[3:5] for l in out3.splitlines() if l.startswith("| 0-19 |")]
    check(rc == 0 and rc2 == 0 and rc3 == 0 and header(blended) == (2, 4, 1) and
          header(per_move) == (1, 61, 0) and len(rows) == 2 and
          all(abs(float(a) - float(b)) <= 0.05 for a, b in rows),  # 1/128-disc roundings apart
          "--blend writes 4 control phases that measure as their 61-phase expansion: %s %s %s %s"
          % (header(blended), header(per_move), rows, (err + err2 + out3)[-300:]))
    for bad_args, name in ((["--blend", "--solver", "sgd", "--propagate-depth", "0"], "--blend"),
                           (["--huber", "-1"], "--huber"),
                           (["--reweights", "2"], "--reweights"),
                           (["--interpolate-phases", "62", "--init", weights, "--out", per_move],
                            "--interpolate-phases")):
        rc, out, err = run("--data", test, "--fit-only", *bad_args)
        check(rc == 2 and name in err and err.count("\n") == 1,
              "%s refused with one line: %s" % (" ".join(bad_args), err.strip()))

    # --net-only: its needs and the modes it does not go with.
    net = os.path.join(tmp, "net.bin")
    for bad_args, name in ((["--net-only", "--init", weights], "--net-out"),
                           (["--net-only", "--net-out", net], "--init"),
                           (["--net-only", "--init", weights, "--net-out", net, "--measure",
                             "pattern"], "--net-only"),
                           (["--net-only", "--init", weights, "--net-out", net, "--net-epochs",
                             "0"], "--net-epochs"),
                           (["--net-only", "--init", weights, "--net-out", net, "--net-decay",
                             "0"], "--net-decay"),
                           (["--net-only", "--init", weights, "--net-out", net, "--net-decay",
                             "1.5"], "--net-decay"),
                           (["--net-out", net], "--net-out")):
        rc, out, err = run("--data", test, *bad_args)
        check(rc == 2 and name in err and err.count("\n") == 1 and not os.path.exists(net),
              "%s refused with one line: %s" % (" ".join(bad_args), err.strip()))
    rc, out, err = run("--data", test, "--measure", "pattern", "--net", weights)
    check(rc == 1 and "not a flank net file" in err, "a weights file as --net refused: " +
          err.strip())

    bad = os.path.join(tmp, "bad.bin")
    open(bad, "wb").write(open(weights, "rb").read()[:-5])
    rc, out, err = run(*base, "--fit-only", "--init", bad)
    check(rc != 0 and bad in err and "truncated" in err, "truncated --init refused: " + err.strip())
    # A missing --init fails before any game is played (the data file is not even made).
    fresh = os.path.join(tmp, "never.txt")
    rc, out, err = run("--data", fresh, "--out", weights, "--games", "100000", "--init",
                       os.path.join(tmp, "nonexistent.bin"))
    check(rc == 1 and "nonexistent.bin" in err and err.count("\n") == 1 and
          not os.path.exists(fresh), "missing --init refused before the games: " + err.strip())
    rc, out, err = run(*base, "--games", "-3")
    check(rc != 0 and "--games" in err, "negative --games refused: " + err.strip())
    rc, out, err = run(*base, "--fit-only", "--thin-phase", "-1")
    check(rc == 2 and "--thin-phase" in err, "negative --thin-phase refused: " + err.strip())
    rc, out, err = run("--nonsense")
    check(rc == 2 and err.startswith("error:"), "unknown option gives one error line, exit 2")
    rc, out, err = run("--help")
    check(rc == 0 and "--seed" in out, "--help lists the options")

sys.exit(1 if failures else 0)
