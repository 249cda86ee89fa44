#!/usr/bin/env python3
"""Runs every example of Markdown files (README.md, docs/*.md) against the built programs,
so the documentation cannot drift from what they do.

Usage: readme_examples.py BUILD_DIR SOURCE_DIR [FILE.md ...]   (default: README.md)

Each fenced code block is one of:
  - a GTP session: it starts with `$ build/flank ARGS` (no redirection), or has
    no `$` line but reply lines (`=` or `?` at the start of a line). The command
    lines are piped into that flank (plain `build/flank` when no `$` line), and
    every reply must equal the one written, in order;
  - a command transcript: `$ COMMAND` lines, each followed by its exact stdout;
    a command that fails shows what the terminal shows (its stdout, then its
    stderr) with an `error:` line, and must exit with a non-zero status;
  - a shell block (```sh): every command (a line ending in `\` continues on the
    next; a compound command such as `for ... done` runs whole) is run and must
    exit with status 0; a trailing comment `# = REPLY`
    (then two spaces before any remark) says what the last GTP reply of its
    output must be;
  - anything else (a configuration file, a format) is not a command and only listed.
A block right after a line `<!-- not run: REASON -->` is skipped, with its reason
printed: for commands that install, build, take long or open windows.

Replies legitimately vary in one place only: the `seconds T` of flank-analyze and
flank-solve replies (a measured time), which is compared as a plain decimal.

Commands run in a scratch directory holding copies of data/, docs/, scripts/ and
tests/ and a link build -> BUILD_DIR, so an example that writes files changes no
file of the repository.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 120  # seconds for one example
SKIP = re.compile(r"^\s*<!--\s*not run:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
REPLY_START = re.compile(r"^[=?]\d*(?: |$)")
SECONDS = re.compile(r"\bseconds (\d+\.\d+)\b")

failures = []


def fail(where, message):
    failures.append(f"{where}: {message}")
    print(f"FAIL {where}: {message}")


def blocks(path):
    """(line number, info string, lines, skip reason or None) per fenced block."""
    with open(path) as f:
        lines = f.read().split("\n")
    i, previous = 0, ""
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                previous = lines[i]
            i += 1
            continue
        indent, info, start = m.group(1), m.group(2), i + 1
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        skip = SKIP.match(previous)
        yield start, info, body, skip.group(1) if skip else None
        previous = ""
        i += 1


def normalise(reply):
    """A measured time must be a plain decimal; its value may differ."""
    if re.search(r"\bseconds \S*e[-+]", reply):
        return reply  # scientific notation: left as it is, so it never matches
    return SECONDS.sub("seconds T", reply)


def run(command, work, stdin=None):
    try:
        return subprocess.run(command, shell=True, cwd=work, input=stdin, capture_output=True,
                              text=True, timeout=TIMEOUT, executable="/bin/bash")
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, 124, "", f"no answer in {TIMEOUT} s")


def gtp_session(where, command, body, work):
    """Pairs of (command line, expected reply) from a transcript, run through command."""
    pairs, i = [], 0
    while i < len(body):
        if not body[i].strip():
            i += 1
            continue
        if REPLY_START.match(body[i]):
            fail(where, f"a reply without a command: {body[i]!r}")
            return
        line, reply = body[i], []
        i += 1
        while i < len(body) and body[i].strip():
            reply.append(body[i])
            i += 1
        pairs.append((line, "\n".join(reply)))
    script = "".join(line + "\n" for line, _ in pairs)
    r = run(command, work, script)
    actual = [x for x in r.stdout.split("\n\n") if x.strip()]
    before = len(failures)
    if r.returncode != 0:
        fail(where, f"`{command}` exited {r.returncode}: {r.stderr.strip()}")
    for n, (line, expected) in enumerate(pairs):
        got = actual[n].strip("\n") if n < len(actual) else "(no reply)"
        if normalise(got) != normalise(expected):
            fail(where, f"`{line}` replied\n{got}\nbut the example shows\n{expected}")
    if len(failures) == before:
        print(f"ok   {where}: GTP session of {len(pairs)} commands through `{command}`")


def transcript(where, body, work):
    """`$ command` lines each followed by their exact output."""
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            fail(where, f"expected a `$ command` line, not {body[i]!r}")
            return
        command, expected = body[i][2:], []
        i += 1
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        r = run(command, work)
        want = "\n".join(expected).rstrip("\n")
        shows_error = any(line.startswith("error:") for line in expected)
        printed = (r.stdout + r.stderr if shows_error else r.stdout).rstrip("\n")
        if shows_error and r.returncode == 0:
            fail(where, f"`{command}` succeeded; the example shows an error")
        elif r.returncode != 0 and not shows_error:
            fail(where, f"`{command}` exited {r.returncode}: {r.stderr.strip()}")
        elif printed != want:
            fail(where, f"`{command}` printed\n{printed}\nbut the example shows\n{want}")
        else:
            print(f"ok   {where}: `{command}`" + (f" (exit {r.returncode})" if shows_error else ""))


def joined(body):
    """The block's lines with each `\\`-continued line joined to the next."""
    out, pending = [], ""
    for line in body:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1].rstrip() + " "
            continue
        out.append(pending + line.strip() if pending else line)
        pending = ""
    if pending:
        out.append(pending.rstrip())
    return out


def commands(body):
    """The block's commands: joined lines, a compound one (for ... done) whole."""
    out, pending = [], []
    for line in joined(body):
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending.append(line)
        check = subprocess.run(["bash", "-n", "-c", "\n".join(pending)], capture_output=True,
                               text=True)
        if "unexpected end of file" not in check.stderr:
            out.append("\n".join(pending))
            pending = []
    if pending:
        out.append("\n".join(pending))
    return out


def shell_block(where, body, work):
    for line in commands(body):
        m = re.match(r"^(.*?)\s+#\s?(.*)$", line) if "\n" not in line else None
        command, comment = (m.group(1), m.group(2)) if m else (line, "")
        expected = re.split(r"\s{2,}", comment)[0].strip() if comment.startswith("=") else None
        r = run(command, work, "")
        if r.returncode != 0:
            fail(where, f"`{command}` exited {r.returncode}: {r.stderr.strip()}")
            continue
        if expected is not None:
            replies = [x.strip("\n") for x in r.stdout.split("\n\n") if x.strip()]
            last = replies[-1] if replies else "(no reply)"
            if normalise(last) != normalise(expected):
                fail(where, f"`{command}` replied {last!r}, the example says {expected!r}")
                continue
        print(f"ok   {where}: `{command}`" + (f" {expected}" if expected else ""))


def check_file(path, work):
    name = os.path.basename(path)
    for start, info, body, skip in blocks(path):
        where = f"{name}:{start}"
        began = time.monotonic()
        check_block(where, info, body, skip, work)
        if time.monotonic() - began > 2:  # the test run's budget: docs/reliability.md
            print(f"     {where} took {time.monotonic() - began:.1f} s")


def check_block(where, info, body, skip, work):
    first = next((l for l in body if l.strip()), "")
    if skip is not None:
        print(f"skip {where}: {skip}")
    elif first.startswith("$ "):
        command = first[2:]
        words = shlex.split(command)
        if words and words[0] == "build/flank" and not re.search(r"[<>|]", command):
            gtp_session(where, command, body[body.index(first) + 1:], work)
        else:
            transcript(where, body[body.index(first):], work)
    elif any(REPLY_START.match(l) for l in body):
        gtp_session(where, "build/flank", body, work)
    elif info == "sh":
        shell_block(where, body, work)
    else:
        print(f"info {where}: not a command ({first.strip()[:50]!r})")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    files = sys.argv[3:] or [os.path.join(source, "README.md")]
    with tempfile.TemporaryDirectory() as work:
        for folder in ("data", "docs", "scripts", "tests"):
            shutil.copytree(os.path.join(source, folder), os.path.join(work, folder), symlinks=True)
        os.symlink(build, os.path.join(work, "build"))
        for path in files:
            check_file(path, work)
    if failures:
        print(f"{len(failures)} example(s) differ from what the programs do")
        sys.exit(1)
    print("every example runs as written")


if __name__ == "__main__":
    main()
