#!/usr/bin/env python3
"""End to end: `flank-train sizes` in a reduced run (a few self-play games on
6x6 and 10x10, search labels) writes size weights that flank plays with
(--size-weights); the same seed gives the same file; balanced openings load
in the referee's format; bad input is refused with a one-line error."""
import os
import subprocess
import sys
import tempfile

train, flank = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(cmd, stdin=""):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as tmp:
    a, b = os.path.join(tmp, "a.bin"), os.path.join(tmp, "b.bin")
    base = [train, "sizes", "--sizes", "6,10", "--games", "6", "--label-depth", "2",
            "--exact-empties", "8", "--seed", "5"]
    rc, out, err = run(base + ["--out", a])
    check(rc == 0, "reduced size training exits 0 (stderr: %s)" % err.strip()[-200:])
    check("12 games" in out and "held out" in out, "reports games and errors: " + out.strip())
    rc, _, _ = run(base + ["--out", b, "--threads", "2"])
    check(rc == 0 and open(a, "rb").read() == open(b, "rb").read(),
          "the same seed gives the same weights (one or two threads)")

    rc, out, err = run([flank, "--size", "10", "--size-weights", a, "--threads", "1"],
                       "genmove b\nquit\n")
    check(rc == 0 and out.startswith("= ") and len(out.split()[1]) >= 2,
          "flank plays 10x10 with the trained file: " + out.strip()[:20])

    bad = os.path.join(tmp, "bad.bin")
    with open(bad, "wb") as f:
        f.write(open(a, "rb").read()[:-3])
    rc, out, err = run([flank, "--size-weights", bad], "quit\n")
    check(rc == 2 and bad in err and len(err.strip().splitlines()) == 1,
          "a truncated size weights file is refused in one line: " + err.strip())
    rc, out, err = run([flank, "--eval", "hand", "--size-weights", a], "quit\n")
    check(rc == 2 and "--size-weights" in err, "--size-weights with --eval hand is refused")
    for bad_option in (["--ridge", "nan"], ["--smooth", "inf"], ["--seed", "-1"], ["--bogus"]):
        rc, out, err = run([train, "sizes", *bad_option, "--out", a])
        check(rc == 2 and err.startswith("error: " ) and err.count("\n") == 1 and
              err.endswith("(try flank-train sizes --help)\n"),
              "flank-train sizes %s is refused in one line: %s" % (" ".join(bad_option), err.strip()))
    rc, out, err = run([train, "sizes", "--sizes", "8", "--out", a])
    check(rc == 2 and "--sizes" in err, "8x8 in --sizes is refused: " + err.strip())

    openings = os.path.join(tmp, "open.txt")
    rc, out, err = run([train, "sizes", "--sizes", "10", "--openings-out", openings,
                        "--count", "5", "--plies", "6", "--opening-depth", "2", "--balance", "6"])
    lines = [l for l in open(openings).read().splitlines() if not l.startswith("#")]
    check(rc == 0 and len(lines) == 5 and all(len(l.split()) == 6 for l in lines),
          "writes 5 openings of 6 moves")

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
