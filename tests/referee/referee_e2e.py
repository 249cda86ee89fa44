#!/usr/bin/env python3
"""End-to-end checks of flank-referee: real matches between real processes
(fake test engines, gtp-rhino, flank), then the CSV and GGF files are read
back. Usage: referee_e2e.py --referee BIN --python PY --case NAME [--flank BIN]"""
import argparse
import csv
import math
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "engines", "fake_gtp_engine.py")
FAKE_NBOARD = os.path.join(HERE, "engines", "fake_nboard_engine.py")
RHINO = "/usr/games/gtp-rhino"
XOT = os.path.join(HERE, "..", "..", "data", "xot-openings.txt")  # built into the referee

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--referee", required=True)
parser.add_argument("--python", default=sys.executable)
parser.add_argument("--flank", default="")
parser.add_argument("--case", required=True)
opts = parser.parse_args()

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def fake(*args):
    return " ".join(shlex.quote(w) for w in [opts.python, FAKE, *args])


def fake_nboard(*args):
    return " ".join(shlex.quote(w) for w in [opts.python, FAKE_NBOARD, *args])


def run_match(tmp, black, white, *extra, expect_code=0):
    records = os.path.join(tmp, "games.ggf")
    results = os.path.join(tmp, "games.csv")
    cmd = [opts.referee, "--records", records, "--csv", results]
    if black or white:
        cmd += ["--black", black, "--white", white]
    cmd += list(extra)
    print("$", " ".join(shlex.quote(c) for c in cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(proc.stdout, proc.stderr, sep="")
    check(proc.returncode == expect_code, f"referee exit code {proc.returncode}, expected {expect_code}")
    rows = []
    if os.path.exists(results):
        with open(results, newline="") as f:
            rows = list(csv.DictReader(f))
    return proc, rows, records


def replay(records, expect_code=0):
    proc = subprocess.run([opts.referee, "--replay", records], capture_output=True, text=True, timeout=60)
    print(proc.stdout, proc.stderr, sep="")
    check(proc.returncode == expect_code, f"--replay exit code {proc.returncode}, expected {expect_code}")
    return proc


def case_fake_match(tmp):
    """Openings from the built-in XOT list (the default), colours alternating,
    two games at a time."""
    proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "alpha"),
                                    fake("--seed", "2", "--name", "beta"), "--games", "6", "--jobs", "2",
                                    "--hard-timeout", "20")
    check(len(rows) == 6, f"{len(rows)} CSV rows, expected 6")
    check([int(r["game"]) for r in rows] == list(range(1, 7)), "CSV rows not in game order")
    for i, r in enumerate(rows):
        check(r["reason"] == "normal", f"game {i + 1} ended {r['reason']}: {r['detail']}")
        check(r["black"] == ("alpha" if i % 2 == 0 else "beta"), f"game {i + 1}: colours not alternating")
        check(len(r["opening"]) == 16, f"game {i + 1}: opening '{r['opening']}' is not an XOT line")
        check(r["notes"] == "", f"game {i + 1} notes: {r['notes']}")
    check(rows[0]["opening"] == rows[1]["opening"] and rows[2]["opening"] == rows[3]["opening"],
          "each opening must be played twice")
    with open(XOT) as f:
        first_lines = [l.strip() for l in f if not l.startswith("#")][:3]
    check([rows[0]["opening"], rows[2]["opening"], rows[4]["opening"]] == first_lines,
          "without --seed openings come in file order")
    check("Elo difference alpha - beta" in proc.stdout, "no Elo line in the final table")
    check(proc.stdout.count("\ngame ") + proc.stdout.startswith("game ") == 6, "expected 6 progress lines")
    with open(records) as f:
        lines = [l for l in f if l.strip()]
    check(len(lines) == 6, f"{len(lines)} GGF records, expected 6")
    check(all(l.startswith("(;GM[Othello]") and l.rstrip().endswith(";)") for l in lines), "GGF shape")
    replay(records)
    # A record tampered with must fail the replay check.
    bad = os.path.join(tmp, "bad.ggf")
    with open(bad, "w") as f:
        f.write(lines[0].replace("RE[", "RE[1", 1) if "RE[-" not in lines[0] else lines[0].replace("RE[-", "RE[+"))
        f.writelines(lines[1:])
    out = replay(bad, expect_code=1)
    check("invalid game" in out.stdout, "replay did not name the invalid game")


def fault_case(fault, expected_reason, extra=(), after="3", detail_word="", restarts=True):
    """The faulty engine (white) loses with the reason; the match goes on. After
    a forfeit other than resigning the referee starts a fresh process, whose
    genmove count starts again, so game 2 fails the same way."""
    def run(tmp):
        proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "good"),
                                        fake("--seed", "2", "--name", "bad", "--fault", fault, "--after", after),
                                        "--games", "2", "--alternate", "false", *extra)
        check(len(rows) == 2, f"{len(rows)} games finished, expected 2")
        if not restarts and len(rows) == 2:
            check(rows[1]["reason"] == "normal", "a resigning engine keeps its process: no fault in game 2")
            rows = rows[:1]
        for r in rows:
            check(r["reason"] == expected_reason, f"reason {r['reason']}, expected {expected_reason}")
            check(r["forfeit_by"] == "white", f"forfeit_by '{r['forfeit_by']}', expected white")
            check(r["result"] == "1-0", f"result {r['result']}, expected 1-0")
            check(detail_word in r["detail"], f"detail '{r['detail']}' lacks '{detail_word}'")
        replay(records)
    return run


def case_passes_small_board(tmp):
    """4x4 games have many passes. One engine refuses explicit passes like
    gtp-rhino; another also answers "?" to genmove when it has no move."""
    for flag in ("--reject-pass", "--implicit-pass"):
        proc, rows, records = run_match(tmp, fake("--seed", "3", flag, "--name", "implicit"),
                                        fake("--seed", "4", "--name", "explicit"), "--games", "12", "--size",
                                        "4", "--alternate", "true", "--hard-timeout", "20")
        check(len(rows) == 12, f"{flag}: {len(rows)} games, expected 12")
        check(all(r["reason"] == "normal" and r["notes"] == "" for r in rows),
              f"{flag}: every 4x4 game must end normally")
        with open(records) as f:
            text = f.read()
        check("PA" in text, f"{flag}: no pass in twelve 4x4 games")
        check("BO[4 " in text and "TY[4]" in text, "4x4 board missing from the records")
        replay(records)


def case_rhino(tmp):
    """gtp-rhino (which rejects explicit passes) against the fake engine, both colours."""
    proc, rows, records = run_match(tmp, RHINO + " --level 1", fake("--seed", "5", "--name", "fake"),
                                    "--games", "2", "--alternate", "true", "--hard-timeout", "30")
    check(len(rows) == 2, f"{len(rows)} games, expected 2")
    for r in rows:
        check(r["reason"] == "normal", f"rhino game ended {r['reason']}: {r['detail']}")
        check(r["notes"] == "", f"final_score disagreement: {r['notes']}")
    check(rows[0]["black"] == "GTP GRhino" and rows[1]["white"] == "GTP GRhino", "gtp-rhino's GTP name")
    replay(records)


def case_flank(tmp):
    """A full small match between two flank processes at different levels (no
    clock: flank plays its level's depth only when no clock is set)."""
    proc, rows, records = run_match(tmp, opts.flank + " --level 1", opts.flank + " --level 2",
                                    "--games", "4", "--jobs", "2", "--hard-timeout", "60")
    check(len(rows) == 4, f"{len(rows)} games, expected 4")
    check(rows and rows[0]["black"] == "flank --level 1" and rows[0]["white"] == "flank --level 2",
          "default names must carry the level that tells the two flanks apart")
    for r in rows:
        check(r["reason"] == "normal", f"flank game ended {r['reason']}: {r['detail']}")
        check(r["notes"] == "", f"final_score disagreement: {r['notes']}")
    replay(records)
    # 4x4: passes are frequent, and flank takes them as explicit "play C pass".
    proc, rows, records = run_match(tmp, opts.flank + " --level 1", opts.flank + " --level 3",
                                    "--games", "4", "--size", "4", "--alternate", "true")
    check(len(rows) == 4 and all(r["reason"] == "normal" and r["notes"] == "" for r in rows),
          "4x4 flank games must end normally with agreeing final scores")
    with open(records) as f:
        check("PA" in f.read(), "no pass in four 4x4 games")
    replay(records)


def case_flank_rect(tmp):
    """Full games between two flank levels on a 10x6 rectangle (boardsize 10 6),
    colours alternating; the GGF records carry the shape and replay."""
    proc, rows, records = run_match(tmp, opts.flank + " --level 1", opts.flank + " --level 2",
                                    "--games", "4", "--jobs", "2", "--size", "10x6",
                                    "--alternate", "true", "--hard-timeout", "60")
    check(len(rows) == 4, f"{len(rows)} games, expected 4")
    for r in rows:
        check(r["reason"] == "normal", f"10x6 game ended {r['reason']}: {r['detail']}")
        check(r["notes"] == "", f"final_score disagreement: {r['notes']}")
        check(abs(int(r["score"])) <= 60, f"score {r['score']} is more than the 60 squares")
    check(rows[0]["black"] == rows[1]["white"], "colours must swap between games")
    with open(records) as f:
        text = f.read()
    check(text.count("TY[10x6]") == 4, "every record must name the 10x6 board")
    check("BO[10x6 " in text, "the start board must carry its shape")
    replay(records)
    # A shape outside 4..26 is refused before any engine starts.
    proc, rows, records = run_match(tmp, opts.flank, opts.flank, "--size", "10x5", expect_code=2)
    check("--size" in proc.stderr, "a bad --size must be named")


def case_flank_rhino(tmp):
    """flank against gtp-rhino under a 5 s game clock (time_settings and time_left);
    flank plans its time from the clock, so this stays short."""
    proc, rows, records = run_match(tmp, opts.flank, RHINO + " --level 1", "--games", "2", "--time", "5",
                                    "--seed", "11")
    check(len(rows) == 2, f"{len(rows)} games, expected 2")
    for r in rows:
        check(r["reason"] == "normal", f"game ended {r['reason']}: {r['detail']}")
        check(r["notes"] == "", f"final_score disagreement: {r['notes']}")
        check(float(r["black_seconds"]) < 5.1 and float(r["white_seconds"]) < 5.1, "clock overrun")
    check(rows[0]["black"] == rows[1]["white"], "colours must swap between the two games")
    with open(records) as f:
        check(all("TI[0:05]" in l for l in f if l.strip()), "records must carry the time control")
    replay(records)


def case_wrong_score(tmp):
    """An engine whose final_score disagrees with the board: noted, result unchanged."""
    proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "good"),
                                    fake("--seed", "2", "--name", "miscounts", "--fault", "wrong-score"),
                                    "--games", "2", "--alternate", "false")
    check(len(rows) == 2, f"{len(rows)} games, expected 2")
    for r in rows:
        check(r["reason"] == "normal" and r["forfeit_by"] == "", "a wrong final_score is no forfeit")
        check("white engine final_score" in r["notes"] and "disagrees" in r["notes"],
              f"notes '{r['notes']}' must name the disagreement")
        check("black engine" not in r["notes"], "the honest engine agreed")
    check("final_score disagreements: 2" in proc.stdout, "the table must count the disagreements")
    replay(records)


def case_clock_commands(tmp):
    """time_settings and time_left reach the engines: as decimals where taken,
    as whole seconds for an engine that, like gtp-rhino, only takes integers."""
    logs = {name: os.path.join(tmp, name + ".log") for name in ("decimal", "integer")}
    proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "decimal", "--command-log", logs["decimal"]),
                                    fake("--seed", "2", "--name", "integer", "--integer-times", "--command-log",
                                         logs["integer"]),
                                    "--games", "2", "--time", "30.5", "--byoyomi", "2", "--stones", "3")
    check(len(rows) == 2 and all(r["reason"] == "normal" for r in rows), "both games must end normally")
    for name, path in logs.items():
        with open(path) as f:
            lines = f.read().splitlines()
        # The check before the match sends the clock in whole seconds, which every engine must take.
        check(lines[:4] == ["= name", "= boardsize 8", "= clear_board", "= time_settings 30 2 3"],
              f"{name}: the engine check sent {lines[:4]}")
        lines = lines[lines.index("= quit") + 1:] if "= quit" in lines else lines
        settings = [l for l in lines if " time_settings " in l]
        lefts = [l for l in lines if " time_left " in l]
        accepted_settings = [l for l in settings if l.startswith("= ")]
        accepted_lefts = [l for l in lefts if l.startswith("= ")]
        check(len(accepted_settings) == 2, f"{name}: time_settings accepted {len(accepted_settings)} times")
        check(len(accepted_lefts) >= 40, f"{name}: only {len(accepted_lefts)} time_left accepted")
        if name == "decimal":
            check(accepted_settings[0] == "= time_settings 30.500 2 3", f"decimal: {accepted_settings[0]}")
            check(all(l.startswith("= ") for l in lines), "decimal: every command accepted")
        else:
            check(accepted_settings[0] == "= time_settings 30 2 3", f"integer: {accepted_settings[0]}")
            refused = [l for l in lines if l.startswith("? ")]
            # The first refusal teaches the referee: whole seconds from then on.
            check(refused == ["? time_settings 30.500 2 3"], f"integer: refused {refused}")
            check(all(l.split()[-2].isdigit() for l in accepted_lefts), "integer: whole seconds only")
    replay(records)
    # The longest times allowed (a year each) reach the engine intact and time nothing out.
    year = "31536000"
    log = os.path.join(tmp, "year.log")
    proc, rows, records = run_match(tmp, fake("--name", "a", "--command-log", log), fake("--name", "b"), "--games",
                                    "1", "--time", year, "--byoyomi", year, "--hard-timeout", year, "--grace", year)
    check(len(rows) == 1 and rows[0]["reason"] == "normal", f"a year's clock: {rows}")
    with open(log) as f:
        settings = [l for l in f.read().splitlines() if " time_settings " in l]
    check(settings and all(l == f"= time_settings {year} {year} 1" for l in settings), f"a year: sent {settings}")
    # A positive time under a millisecond goes out as 0.001, never as 0.000 ("no limit").
    log = os.path.join(tmp, "tiny.log")
    proc, rows, records = run_match(tmp, fake("--name", "a", "--command-log", log), fake("--name", "b"), "--games",
                                    "1", "--byoyomi", "0.0004")
    with open(log) as f:
        settings = [l for l in f.read().splitlines() if " time_settings " in l]
    check(settings and settings[-1] == "= time_settings 0 0.001 1", f"a tenth of a millisecond: sent {settings}")


def case_interrupt(tmp):
    """Ctrl-C (SIGINT) on the referee ends every engine process, even one busy thinking."""
    import signal
    import time
    pids = os.path.join(tmp, "pids")
    cmd = [opts.referee, "--black", fake("--fault", "stall", "--after", "2", "--pid-file", pids),
           "--white", fake("--pid-file", pids, "--name", "w"), "--games", "4", "--hard-timeout", "60"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 20
    started = []
    while time.time() < deadline and len(started) < 4:  # two name probes, then the two players
        time.sleep(0.2)
        if os.path.exists(pids):
            with open(pids) as f:
                started = [int(x) for x in f.read().split()]
    time.sleep(1.0)  # let black reach its stalling genmove
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=20)
    check(proc.returncode != 0, "an interrupted referee must not exit 0")
    check(len(started) >= 4, f"only {len(started)} engine processes started")
    time.sleep(0.3)
    alive = []
    for pid in started:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split()[2] != "Z":
                    alive.append(pid)
        except FileNotFoundError:
            pass
    check(not alive, f"engine processes still running after SIGINT: {alive}")


def case_bad_usage(tmp):
    def referee(*args):
        p = subprocess.run([opts.referee, *args], capture_output=True, text=True, timeout=30)
        return p.returncode, p.stderr
    code, err = referee("--black", "x")
    check(code == 2 and err.startswith("error:") and err.count("\n") == 1, f"missing --white: {code} {err!r}")
    code, err = referee("--black", "no-such-engine-xyz", "--white", "no-such-engine-xyz")
    check(code == 2 and "not found" in err, f"unknown program: {code} {err!r}")
    code, err = referee("--black", "a", "--white", "b", "--games", "0")
    check(code == 2 and "--games" in err, f"--games 0: {code} {err!r}")
    code, err = referee("--black", "a", "--white", "b", "--size", "7")
    check(code == 2 and "--size" in err, f"--size 7: {code} {err!r}")
    code, err = referee("--bogus")
    check(code == 2 and err.startswith("error:"), f"--bogus: {code} {err!r}")
    openings = os.path.join(tmp, "openings.txt")
    with open(openings, "w") as f:
        f.write("f5d6\nf5d6d6\n")
    code, err = referee("--black", "a", "--white", "b", "--openings", openings)
    check(code == 2 and "line 2" in err, f"illegal opening: {code} {err!r}")
    # Time options must be seconds up to a year: a huge one used to overflow on its way to the
    # engines (time_settings -9223372036854775808) or to a reply deadline (every engine "hung"
    # at once). Refused before any engine starts, like every bad option.
    for option, value in (("--time", "1e300"), ("--byoyomi", "1e300"), ("--time", "inf"),
                          ("--byoyomi", "nan"), ("--time", "31536000.5"), ("--hard-timeout", "1e10"),
                          ("--hard-timeout", "1e300"), ("--hard-timeout", "inf"), ("--hard-timeout", "nan"),
                          ("--grace", "1e300"), ("--grace", "nan"), ("--grace", "-1")):
        code, err = referee("--black", fake(), "--white", fake(), option, value)
        # nan and inf fall to every tool's finite-number check first.
        limit = "finite number" if value in ("inf", "nan") else "31536000"
        check(code == 2 and err.startswith(f"error: {option} must be ") and limit in err
              and err.count("\n") == 1, f"{option} {value}: {code} {err!r}")
    code, err = referee("--replay", os.path.join(tmp, "missing.ggf"))
    check(code == 2 and "cannot read" in err, f"missing records file: {code} {err!r}")
    code, out = subprocess.run([opts.referee, "--help"], capture_output=True, text=True).returncode, ""
    check(code == 0, "--help must exit 0")


def referee_run(*args, timeout=120):
    cmd = [opts.referee, *args]
    print("$", " ".join(shlex.quote(c) for c in cmd))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    print(p.stdout, p.stderr, sep="")
    return p


def table_lines(stdout):
    """The final table's engine lines without the time columns."""
    lines = stdout.split("\nengine ")[-1].splitlines()[1:3]
    return [" ".join(l.split()[:-2]) for l in lines]


def case_names(tmp):
    """Engines with the same GTP name are named by the arguments that differ;
    the same command twice gives A and B."""
    proc, rows, _ = run_match(tmp, fake("--name", "fake", "--seed", "1"), fake("--name", "fake", "--seed", "2"),
                              "--games", "2")
    check([r["black"] for r in rows] == ["fake --seed 1", "fake --seed 2"], f"names {[r['black'] for r in rows]}")
    check("Elo difference fake --seed 1 - fake --seed 2" in proc.stdout, "the table must use the names")
    proc, rows, _ = run_match(tmp, fake("--name", "twin"), fake("--name", "twin"), "--games", "2")
    check([r["black"] for r in rows] == ["twin A", "twin B"], f"names {[r['black'] for r in rows]}")


def case_engine_check(tmp):
    """An engine that cannot play the board size or the clock stops the match
    before the first game with one error, instead of a match of forfeits."""
    for extra, engine, words in ((["--size", "10"], fake("--sizes", "8", "--name", "small"), "boardsize 10"),
                                 (["--time", "5"], fake("--no-clock", "--name", "clockless"), "time_settings")):
        records = os.path.join(tmp, "none.ggf")
        p = referee_run("--black", fake("--name", "good"), "--white", engine, "--records", records, *extra)
        errors = [l for l in p.stderr.splitlines() if l.startswith("error:")]
        check(p.returncode == 2, f"{words}: exit code {p.returncode}, expected 2")
        check(len(errors) == 1 and words in errors[0] and "refused" in errors[0], f"{words}: errors {errors}")
        check("game 1" not in p.stdout and not os.path.exists(records), f"{words}: no game may be played")
    # With a clock, an engine that takes whole seconds only (like gtp-rhino) is fine.
    proc, rows, _ = run_match(tmp, fake("--name", "a"), fake("--integer-times", "--name", "b"), "--games", "2",
                              "--time", "30.5")
    check(len(rows) == 2, "an engine taking whole seconds must pass the check")


def case_start_failure(tmp):
    """An engine that dies at once: its stderr is shown, and kept in --engine-log."""
    log = os.path.join(tmp, "engines.log")
    p = referee_run("--black", fake("--die-at-start", "fatal: cannot open book.dat"), "--white", fake(),
                    "--engine-log", log)
    check(p.returncode == 2, f"exit code {p.returncode}, expected 2")
    check(p.stderr.startswith("error: engine ") and "exit code 1" in p.stderr, f"stderr {p.stderr!r}")
    check("fatal: cannot open book.dat" in p.stderr, "the engine's stderr must be shown")
    check(os.path.exists(log), "--engine-log must be created")
    with open(log) as f:
        check("fatal: cannot open book.dat" in f.read(), "the engine's stderr must be in --engine-log")
    p = referee_run("--black", fake("--die-at-start", "fatal: no weights"), "--white", fake())
    check(p.returncode == 2 and "fatal: no weights" in p.stderr, "without --engine-log stderr is still shown")


def case_no_openings(tmp):
    """--openings none (and sizes without built-in openings) warn that games repeat."""
    proc, rows, _ = run_match(tmp, fake("--name", "a"), fake("--name", "b"), "--games", "2", "--openings", "none")
    check("note: no openings" in proc.stderr and "repeat" in proc.stderr, f"stderr {proc.stderr!r}")
    check(len(rows) == 2 and rows[0]["opening"] == "" and rows[1]["opening"] == "", "no openings played")
    check(rows[0]["black"] == "a" and rows[1]["black"] == "a", "no alternating colours without openings")
    proc, rows, _ = run_match(tmp, fake("--name", "a"), fake("--name", "b"), "--games", "2", "--size", "6")
    check("note: no openings for this board size" in proc.stderr, f"6x6: stderr {proc.stderr!r}")
    proc, rows, _ = run_match(tmp, fake("--name", "a"), fake("--name", "b"), "--games", "2")
    check("note:" not in proc.stderr and rows[0]["opening"] != "", "8x8 defaults to the XOT openings")


def case_resume(tmp):
    """An interrupted match (records cut after two games and part of a third)
    is continued with --resume; the table counts every game once."""
    a, b = fake("--name", "a"), fake("--name", "b")  # first legal move: the games are deterministic
    full, _, full_records = run_match(tmp, a, b, "--games", "8", "--seed", "4")
    with open(full_records) as f:
        lines = f.readlines()
    check(len(lines) == 8 and "GN[1]" in lines[0] and "GN[8]" in lines[7], "records carry game numbers")
    cut = os.path.join(tmp, "cut.ggf")
    cut_text = "".join(lines[:2]) + lines[2][:50]  # killed while writing game 3
    # A refused resume (another --seed) leaves the file alone, its cut-off last line too.
    notes = os.path.join(tmp, "notes.txt")
    for path, text in ((cut, cut_text), (notes, "my notes\nimportant last line without newline")):
        with open(path, "w") as f:
            f.write(text)
        p = referee_run("--black", a, "--white", b, "--games", "8", "--seed", "5", "--resume", path)
        check(p.returncode == 2, f"{path}: a refused resume exits {p.returncode}")
        with open(path) as f:
            check(f.read() == text, f"{path}: a refused resume must leave the file as it was")
    p = referee_run("--black", a, "--white", b, "--games", "8", "--seed", "4", "--resume", cut)
    check(p.returncode == 0, f"resume exit code {p.returncode}")
    check("resuming from" in p.stdout and "2 games done, 6 to play" in p.stdout, "resume must say what it does")
    check(p.stdout.count("game ") >= 6 and "game 1/8" not in p.stdout, "games 1 and 2 must not be played again")
    with open(cut) as f:
        resumed = f.readlines()
    check(len(resumed) == 8, f"{len(resumed)} records after resuming, expected 8")
    check(table_lines(p.stdout) == table_lines(full.stdout), "the resumed table must equal the full match's")
    replay(cut)
    # Other options than the interrupted match's: refused, file untouched.
    p = referee_run("--black", a, "--white", b, "--games", "8", "--seed", "5", "--resume", cut)
    check(p.returncode == 2 and "opening" in p.stderr, f"other seed: {p.returncode} {p.stderr!r}")
    p = referee_run("--black", b, "--white", a, "--games", "8", "--seed", "4", "--resume", cut)
    check(p.returncode == 2 and "resume with the options" in p.stderr, f"swapped engines: {p.stderr!r}")
    with open(cut) as f:
        check(f.readlines() == resumed, "a refused resume must leave the records alone")
    p = referee_run("--black", a, "--white", b, "--games", "8", "--seed", "4", "--resume", cut)
    check(p.returncode == 0 and "8 games done, 0 to play" in p.stdout, "a finished match resumes to its table")


def case_shards(tmp):
    """Three shards of a match, merged, give the table of the whole match."""
    a, b = fake("--name", "a"), fake("--name", "b")
    full, _, _ = run_match(tmp, a, b, "--games", "10", "--seed", "7")
    shards = []
    for k in (1, 2, 3):
        path = os.path.join(tmp, f"shard{k}.ggf")
        # As the job scripts in docs/referee.md do: --resume, also for a shard not started yet.
        p = referee_run("--black", a, "--white", b, "--games", "10", "--seed", "7", "--shard", f"{k}/3",
                        "--resume", path)
        check(p.returncode == 0 and "starting the match" in p.stdout, f"shard {k}: exit code {p.returncode}")
        shards.append(path)
    merged = referee_run("--merge", *shards)
    check(merged.returncode == 0, f"--merge exit code {merged.returncode}")
    check("merged 10 finished games from 3 files\n" in merged.stdout, "every game once in the merge")
    check(table_lines(merged.stdout) == table_lines(full.stdout), "merged table must equal the full match's")
    # Shard 3 of 3 plays games 5 and 6: without it they are missing.
    partial = referee_run("--merge", shards[0], shards[1])
    check("missing game numbers: 5-6\n" in partial.stdout, "a missing shard's games must be listed")
    again = referee_run("--black", a, "--white", b, "--games", "10", "--seed", "7", "--shard", "1/3",
                        "--resume", shards[0])
    check(again.returncode == 0 and "4 games done, 0 to play" in again.stdout, "a finished shard plays nothing")
    twice = referee_run("--merge", shards[0], shards[0])
    check(twice.returncode == 1 and "is also" in twice.stdout, "a game twice must be refused")
    empty = referee_run("--black", a, "--white", b, "--games", "2", "--shard", "2/3")
    check(empty.returncode == 0 and "shard 2/3 of 2 games has no game to play" in empty.stdout,
          "a shard without games must say so")
    bad = referee_run("--black", a, "--white", b, "--shard", "4/3")
    check(bad.returncode == 2 and "--shard" in bad.stderr, "--shard 4/3 must be refused")


def case_slow_clock(tmp):
    """An engine 0.07 s late on every move, under the 0.1 s grace each time,
    runs out of a 1 s clock: the overruns add up against one grace."""
    proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "quick"),
                                    fake("--seed", "2", "--name", "late", "--delay", "0.07"),
                                    "--games", "2", "--alternate", "false", "--time", "1", "--grace", "0.1")
    check(len(rows) == 2, f"{len(rows)} games finished, expected 2")
    for r in rows:
        check(r["reason"] == "time-out" and r["forfeit_by"] == "white",
              f"reason {r['reason']} by '{r['forfeit_by']}', expected time-out by white")
        # Flagged once the clock was more than the grace past 0, and not much later.
        check(1.1 < float(r["white_seconds"]) < 1.5, f"white used {r['white_seconds']} s of a 1 s clock")
        check(float(r["black_seconds"]) < 1, f"black used {r['black_seconds']} s")
    replay(records)


def nboard_fault_case(fault, expected_reason, detail_word, extra=()):
    """An NBoard engine (white, fake_nboard_engine.py) misbehaving at its third
    go loses with the same reason as a GTP engine; a fresh process plays game 2."""
    def run(tmp):
        proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "good"),
                                        fake_nboard("--seed", "2", "--fault", fault, "--after", "3"),
                                        "--white-protocol", "nboard", "--games", "2", "--alternate", "false",
                                        *extra)
        check(len(rows) == 2, f"{len(rows)} games finished, expected 2")
        for r in rows:
            check(r["reason"] == expected_reason, f"reason {r['reason']}, expected {expected_reason}")
            check(r["forfeit_by"] == "white" and r["result"] == "1-0", f"forfeit {r['forfeit_by']} {r['result']}")
            check(detail_word in r["detail"], f"detail '{r['detail']}' lacks '{detail_word}'")
        replay(records)
    return run


def case_nboard(tmp):
    """The fake NBoard engine against the fake GTP engine in both colours: the
    greeting, set depth, a whole game as set game GGF and ping before every go."""
    log = os.path.join(tmp, "commands.txt")
    proc, rows, records = run_match(tmp, fake("--seed", "1", "--name", "gtp"),
                                    fake_nboard("--seed", "2", "--command-log", log),
                                    "--white-protocol", "nboard", "--white-depth", "7", "--games", "4",
                                    "--time", "30")  # one job: one engine writes the log
    check(len(rows) == 4, f"{len(rows)} games, expected 4")
    for r in rows:
        check(r["reason"] == "normal" and r["notes"] == "", f"game ended {r['reason']}: {r['detail']} {r['notes']}")
    check(rows[0]["white"] == "fakenb" and rows[1]["black"] == "fakenb", "the name is the engine's set myname")
    with open(log) as f:
        lines = f.read().splitlines()
    check(lines[:3] == ["nboard 2", "set depth 7", "ping 1"], f"greeting {lines[:3]}")
    games = [l for l in lines if l.startswith("set game ")]
    check(len(games) == lines.count("go") and games, "a set game before every go")
    check(all("TI[" in g for g in games), "the clock goes with every set game")
    gos = [i for i, l in enumerate(lines) if l == "go"]
    check(all(lines[i - 1].startswith("ping ") for i in gos), "a ping right before every go")
    replay(records)
    # What an NBoard engine cannot do is refused before any game.
    code = subprocess.run([opts.referee, "--black", fake(), "--white", fake_nboard(), "--white-protocol", "nboard",
                           "--size", "6"], capture_output=True, text=True, timeout=60)
    check(code.returncode == 2 and "8x8 only" in code.stderr, f"6x6 NBoard: {code.returncode} {code.stderr!r}")
    for args, word in ((["--white-depth", "3"], "--white-depth is for NBoard"),
                       (["--white-protocol", "uci"], "protocol must be gtp or nboard"),
                       (["--white-protocol", "nboard", "--white-depth", "0"], "1 to 60"),
                       (["--white-dir", os.path.join(tmp, "missing")], "not a directory")):
        p = subprocess.run([opts.referee, "--black", fake(), "--white", fake_nboard(), *args],
                           capture_output=True, text=True, timeout=60)
        check(p.returncode == 2 and p.stderr.startswith("error:") and word in p.stderr
              and p.stderr.count("\n") == 1, f"{args}: {p.returncode} {p.stderr!r}")


def case_engine_dir(tmp):
    """--black-dir/--white-dir: the engine starts in its folder, and a relative
    program path is taken from there."""
    folder = os.path.join(tmp, "engine-home")
    os.mkdir(folder)
    script = os.path.join(folder, "engine.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\npwd > started-in.txt\nexec %s %s --seed 3 \"$@\"\n"
                % (shlex.quote(opts.python), shlex.quote(FAKE_NBOARD)))
    os.chmod(script, 0o755)
    proc, rows, records = run_match(tmp, fake("--seed", "1"), "./engine.sh", "--white-protocol", "nboard",
                                    "--white-dir", folder, "--games", "2")
    check(len(rows) == 2 and all(r["reason"] == "normal" for r in rows), "games in the engine's folder")
    with open(os.path.join(folder, "started-in.txt")) as f:
        check(os.path.realpath(f.read().strip()) == os.path.realpath(folder), "the engine started elsewhere")


def case_flank_nboard(tmp):
    """flank against flank --nboard, colours alternating, with and without a clock."""
    for extra in ((), ("--time", "3")):
        proc, rows, records = run_match(tmp, opts.flank + " --level 2", opts.flank + " --nboard",
                                        "--white-protocol", "nboard", "--white-depth", "4", "--games", "4",
                                        "--jobs", "2", *extra)
        check(len(rows) == 4, f"{len(rows)} games, expected 4")
        for r in rows:
            check(r["reason"] == "normal", f"game ended {r['reason']}: {r['detail']}")
        check(rows and rows[0]["white"] == "flank --nboard", "default name from set myname and the arguments")
        if extra:
            check(all(float(r["black_seconds"]) < 3.1 and float(r["white_seconds"]) < 3.1 for r in rows),
                  "clock overrun")
        replay(records)


def independent_llr(pair_points, elo0, elo1):
    """The generalised (pentanomial) LLR written out here, apart from the
    referee's code: the largest-likelihood distribution with mean s on the
    pair scores x = points / 2 is p_i / (1 + lam (x_i - s)), lam found by
    Newton's method on sum p_i (x_i - s) / (1 + lam (x_i - s)) = 0; unseen
    outcomes count 0.001 as in Fishtest."""
    import math
    xs = [0, 0.25, 0.5, 0.75, 1]
    counts = [max(sum(1 for p in pair_points if abs(p / 2 - x) < 1e-9), 1e-3) for x in xs]
    n = sum(counts)
    p = [c / n for c in counts]

    def lam(s):
        value = 0.0
        for _ in range(100):
            f = sum(pi * (x - s) / (1 + value * (x - s)) for pi, x in zip(p, xs))
            df = -sum(pi * (x - s) ** 2 / (1 + value * (x - s)) ** 2 for pi, x in zip(p, xs))
            step = f / df
            # Damped: every weight 1 + lam (x - s) must stay positive.
            while any(1 + (value - step) * (x - s) <= 0 for x in xs):
                step /= 2
            value -= step
        return value

    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    l0, l1 = lam(s0), lam(s1)
    return n * sum(pi * (math.log(1 + l0 * (x - s0)) - math.log(1 + l1 * (x - s1))) for pi, x in zip(p, xs))


def case_flank_sprt(tmp):
    """An SPRT of flank level 4 against level 1 stops at the upper bound: the
    LLR printed equals the one computed here from the CSV's game pairs, the
    bound is crossed by the last pair and not before."""
    proc, rows, records = run_match(tmp, opts.flank + " --level 4 --threads 1", opts.flank + " --level 1 --threads 1",
                                    "--sprt", "0,150", "--games", "400", "--hard-timeout", "60")
    lines = [l for l in proc.stdout.splitlines() if l.startswith("SPRT ")]
    check(len(lines) == 1 and "H1 accepted" in lines[0], f"SPRT line {lines}")
    check(0 < len(rows) < 400 and len(rows) % 2 == 0, f"{len(rows)} games: the SPRT must stop the match on a pair")
    points = [1.0 if r["result"] == ("1-0" if i % 2 == 0 else "0-1") else 0.5 if r["result"] == "1/2-1/2" else 0.0
              for i, r in enumerate(rows)]
    pairs = [points[i] + points[i + 1] for i in range(0, len(points) - 1, 2)]
    bound = math.log(0.95 / 0.05)
    llr = independent_llr(pairs, 0, 150)
    before = independent_llr(pairs[:-1], 0, 150) if len(pairs) > 1 else 0
    check(llr >= bound > before, f"LLR {before:.3f} then {llr:.3f} around the bound {bound:.3f}")
    shown = lines[0].split("LLR ")[1].split()[0] if lines else "nan"
    check(abs(float(shown) - llr) < 0.006, f"printed LLR {shown}, computed {llr:.4f}")
    check(f"after {len(pairs)} game pairs" in lines[0], f"pairs counted {lines}")
    progress = [l for l in proc.stdout.splitlines() if l.startswith("game ")]
    check(progress and all(" | LLR " in l for l in progress), "every progress line shows the LLR")
    replay(records)
    for bad in ("0", "5,0", "0,5,0.7,0.05"):
        p = subprocess.run([opts.referee, "--black", opts.flank, "--white", opts.flank, "--sprt", bad],
                           capture_output=True, text=True, timeout=60)
        check(p.returncode == 2 and p.stderr.startswith("error: --sprt"), f"--sprt {bad}: {p.stderr!r}")


def write_engines(tmp, text):
    path = os.path.join(tmp, "engines.ini")
    with open(path, "w") as f:
        f.write(text)
    return path


def case_tournament(tmp):
    """A round robin of three fake engines (one NBoard) and a gauntlet: every
    pairing plays the same openings with colours alternating, the crosstable
    adds up to the CSV, the ratings order the engines by points, and a resumed
    tournament plays only the missing games."""
    engines = write_engines(tmp, f"""; three engines
[first]
command = {fake("--name", "first")}

[random]
command = {fake("--seed", "4", "--name", "random")}

[nb]
command = {fake_nboard("--seed", "5")}
protocol = nboard
""")
    proc, rows, records = run_match(tmp, "", "", "--engines", engines, "--round-robin", "--games", "4",
                                    "--jobs", "2")
    check(len(rows) == 12, f"{len(rows)} games, expected 12")
    pairs = [tuple(sorted((r["black"], r["white"]))) for r in rows]
    check(len(set(pairs)) == 3 and all(pairs.count(p) == 4 for p in set(pairs)), f"pairings {pairs}")
    for k in range(0, 12, 4):  # each pairing: the same openings, colours swapped within each pair
        block = rows[k:k + 4]
        check([r["opening"] for r in block] == [r["opening"] for r in rows[:4]], "same openings every pairing")
        check(block[0]["black"] == block[1]["white"] and block[2]["black"] == block[3]["white"], "colours alternate")
    points = {}
    for r in rows:
        for side, won in (("black", "1-0"), ("white", "0-1")):
            points[r[side]] = points.get(r[side], 0) + (1 if r["result"] == won else 0.5 if r["result"] == "1/2-1/2" else 0)
    table = [l.split() for l in proc.stdout.splitlines() if l[:4].strip().isdigit()]
    check(len(table) == 3, f"crosstable lines {table}")
    for line in table:
        check(float(line[4]) == points[line[1]] and line[5] == "8", f"crosstable {line} against CSV {points}")
    elos = [float(l[2]) for l in table]
    check(elos == sorted(elos, reverse=True) and abs(sum(elos)) < 0.2, f"ratings {elos}")
    ranked_points = [float(l[4]) for l in table]
    check(ranked_points == sorted(ranked_points, reverse=True), "more points, higher rating")
    replay(records)
    # Resume after losing the last five games: the same crosstable.
    with open(records) as f:
        lines = f.readlines()
    with open(records, "w") as f:
        f.writelines(lines[:7])
    cmd = [opts.referee, "--engines", engines, "--round-robin", "--games", "4", "--resume", records]
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(again.stdout, again.stderr)
    check("7 games done, 5 to play" in again.stdout, "resume counts the recorded games")
    # The seeded engine's moves depend on the games its process played before,
    # so only the counts are the same as in the uninterrupted run.
    resumed = [l.split() for l in again.stdout.splitlines() if l[:4].strip().isdigit()]
    check(len(resumed) == 3 and all(l[5] == "8" for l in resumed), f"resumed crosstable {resumed}")
    check(sum(float(l[4]) for l in resumed) == 12, "12 points in 12 games")
    with open(records) as f:
        check([int(l.split("GN[")[1].split("]")[0]) for l in f] == list(range(1, 13)), "games 1..12 recorded once")
    # Two shards of the round robin make up all twelve games.
    shards = []
    for k in (1, 2):
        shard = os.path.join(tmp, f"shard{k}.ggf")
        p = subprocess.run([opts.referee, "--engines", engines, "--round-robin", "--games", "4", "--shard", f"{k}/2",
                            "--records", shard], capture_output=True, text=True, timeout=300)
        check(p.returncode == 0, f"shard {k}: {p.stderr}")
        shards.append(shard)
    merged = subprocess.run([opts.referee, "--merge", *shards], capture_output=True, text=True, timeout=60)
    check(merged.returncode == 0 and "merged 12 finished games from 2 files" in merged.stdout
          and "missing" not in merged.stdout, f"--merge of tournament shards: {merged.stdout}")
    # A gauntlet: 'first' against each of the others.
    proc, rows, records = run_match(tmp, "", "", "--engines", engines, "--gauntlet", "first", "--games", "2")
    check(len(rows) == 4 and all("first" in (r["black"], r["white"]) for r in rows), "gauntlet pairings")
    check(rows[0]["black"] == "first" and rows[2]["black"] == "first", "the gauntlet engine is black first")


def case_engines_file(tmp):
    """A bad engines file: one error line naming the line, exit 2, no engine started."""
    pids = os.path.join(tmp, "pids")
    good = f"command = {fake('--pid-file', pids)}"
    for text, message in (
            (f"[a]\n{good}\nspeed = 3\n[b]\n{good}\n", ":3: engine 'a': unknown key 'speed'"),
            (f"[a]\nprotocol = nboard\n[b]\n{good}\n", ":1: engine 'a' has no command"),
            (f"[a]\n{good}\n[b]\n{good}\n\n[a]\n{good}\n", ":6: duplicate engine name"),
            (f"[a]\n{good}\nprotocol = uci\n[b]\n{good}\n", ":3: engine 'a': protocol must be gtp or nboard"),
            (f"{good}\n[a]\n{good}\n", ":1: 'command' is outside"),
            (f"[a]\n{good}\ndepth = 5\n[b]\n{good}\n", ":3: engine 'a': depth is for NBoard engines"),
            (f"[a]\n{good}\nprotocol = nboard\ndepth = 99\n[b]\n{good}\n", ":4: engine 'a': depth must be 1 to 60"),
            (f"[a]\n{good}\ndir = {tmp}/nowhere\n[b]\n{good}\n", ":3: engine 'a': dir"),
            (f"[a]\n{good}\n", "at least two engines"),
            (f"[a\n{good}\n", ":1: unmatched '['")):
        path = write_engines(tmp, text)
        p = subprocess.run([opts.referee, "--engines", path, "--round-robin"], capture_output=True, text=True,
                           timeout=60)
        check(p.returncode == 2 and p.stderr.startswith("error: " + path) and message in p.stderr
              and p.stderr.count("\n") == 1, f"{text!r}: {p.returncode} {p.stderr!r}")
    check(not os.path.exists(pids), "an engine was started despite a bad engines file")
    path = write_engines(tmp, f"[a]\n{good}\n[b]\n{good}\n")
    for args, message in ((["--engines", path], "--round-robin or --gauntlet"),
                          (["--engines", path, "--gauntlet", "zed"], "'zed' is not an engine"),
                          (["--engines", path, "--round-robin", "--sprt", "0,5"], "--sprt is for a match of two"),
                          (["--engines", path, "--round-robin", "--black", "x"], "either --engines or"),
                          (["--black", "x", "--white", "y", "--round-robin"], "need --engines"),
                          (["--engines", os.path.join(tmp, "none.ini"), "--round-robin"], "cannot read")):
        p = subprocess.run([opts.referee, *args], capture_output=True, text=True, timeout=60)
        check(p.returncode == 2 and message in p.stderr and p.stderr.count("\n") == 1, f"{args}: {p.stderr!r}")
    check(not os.path.exists(pids), "an engine was started despite bad options")


CASES = {
    "tournament": case_tournament,
    "engines-file": case_engines_file,
    "flank-sprt": case_flank_sprt,
    "nboard": case_nboard,
    "engine-dir": case_engine_dir,
    "flank-nboard": case_flank_nboard,
    "nboard-crash": nboard_fault_case("crash", "died", "exit code 3"),
    "nboard-hang": nboard_fault_case("hang", "hung", "genmove", extra=("--hard-timeout", "3")),
    "nboard-no-pong": nboard_fault_case("no-pong", "hung", "genmove", extra=("--hard-timeout", "3")),
    "nboard-illegal": nboard_fault_case("illegal", "illegal-move", "occupied"),
    "nboard-garbage": nboard_fault_case("garbage", "unparsable-move", "banana"),
    "nboard-malformed": nboard_fault_case("malformed", "protocol-error", "is not NBoard: '==="),
    "names": case_names,
    "engine-check": case_engine_check,
    "start-failure": case_start_failure,
    "no-openings": case_no_openings,
    "resume": case_resume,
    "shards": case_shards,
    "fake-match": case_fake_match,
    "passes": case_passes_small_board,
    "rhino": case_rhino,
    "flank": case_flank,
    "flank-rect": case_flank_rect,
    "flank-rhino": case_flank_rhino,
    "bad-usage": case_bad_usage,
    "interrupt": case_interrupt,
    "clock-commands": case_clock_commands,
    "slow-clock": case_slow_clock,
    "wrong-score": case_wrong_score,
    "illegal": fault_case("illegal", "illegal-move", detail_word="occupied"),
    "garbage": fault_case("garbage", "unparsable-move", detail_word="banana"),
    # A vertex off the board (I1 on 8x8) is a move, just not a legal one.
    "off-board": fault_case("off-board", "illegal-move", detail_word="played I1: i1 is off the 8x8 board"),
    "crash": fault_case("crash", "died", detail_word="exit code 3"),
    "error": fault_case("error", "error-reply"),
    "not-gtp": fault_case("no-reply-end", "protocol-error"),
    "resign": fault_case("resign", "resigned", after="1", restarts=False),
    "stall": fault_case("stall", "hung", extra=("--hard-timeout", "3"), detail_word="genmove"),
    # One second per move (byo-yomi, one stone); the slow move takes 2.5 s.
    "slow": fault_case("slow", "time-out", extra=("--byoyomi", "1", "--hard-timeout", "20")),
    "flood": fault_case("flood", "protocol-error", detail_word="1 MB"),
}

if opts.case not in CASES:
    sys.exit(f"unknown case {opts.case}; known: {', '.join(CASES)}")
with tempfile.TemporaryDirectory() as tmp:
    CASES[opts.case](tmp)
if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("ok")
