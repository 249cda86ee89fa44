#!/usr/bin/env python3
"""Scripted sessions piped into build/flank-hangman (and one on a pseudo-terminal).

Usage: sessions_e2e.py FLANK_HANGMAN WORD_BANK_FILE SCENARIO
Word files are written to a temporary folder, so every result is fixed by the
file and --seed; the program also runs from that folder, to show it needs no
data files beside it.
"""
import atexit
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

BINARY, BANK_FILE = (os.path.abspath(p) for p in sys.argv[1:3])
SCENARIO = sys.argv[3]
TMP = tempfile.mkdtemp(prefix="flank_hangman_e2e_")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def run(args, stdin=""):
    proc = subprocess.run([BINARY, *args], input=stdin, capture_output=True, encoding="utf-8",
                          errors="replace", cwd=TMP, timeout=20)
    return proc.returncode, proc.stdout, proc.stderr


def word_file(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    return path


def expect(condition, what, output=""):
    if not condition:
        sys.exit(f"FAIL [{SCENARIO}]: {what}\n--- output ---\n{output}")


def expect_in(part, text):
    expect(part in text, f"expected {part!r}", text)


def bank_words():
    words = []
    with open(BANK_FILE, encoding="ascii") as f:
        for line in f:
            words += line.split("#", 1)[0].upper().split()
    return words


def revealed_words(out):
    return re.findall(r"The word was ([A-Z]+)", out)


def help_and_bad_options():
    code, out, err = run(["--help"])
    expect(code == 0, "--help exits 0", out + err)
    for option in ("--words", "--seed", "--strikes", "--help", "--version"):
        expect_in(option, out)
    code, out, err = run(["--version"])
    expect(code == 0 and re.fullmatch(r"flank-hangman \d+\.\d+\.\d+\n", out) and err == "",
           "--version prints the name and version", out + err)
    for args, needle in ((["--strikes", "0"], "--strikes"), (["--strikes", "27"], "--strikes"),
                         (["--strikes", "x"], "strikes"), (["--seed", "-1"], "--seed"),
                         (["--seed", "12abc"], "--seed"), (["--colour", "red"], "colour"),
                         (["--words"], "words"), (["stray"], "positional")):
        code, out, err = run(args, "a\n")
        expect(code == 2, f"{args} exits 2, got {code}", out + err)
        expect(err.startswith("error: ") and err.count("\n") == 1 and needle in err,
               f"{args} gives one error line naming {needle}", err)
        expect(err.endswith(" (try --help)\n"), f"{args}: the error ends with the --help hint", err)
        expect(out == "", f"{args} prints nothing on stdout", out)


def eof_exits_cleanly():
    words = word_file("one.txt", "these\n")
    for stdin in ("", "t", "t\ne\n", "these\n", "these\nperhaps\n"):
        code, out, err = run(["--words", words], stdin)
        expect(code == 0 and err == "", f"EOF after {stdin!r} exits 0 quietly", out + err)
        expect(out.endswith("\nBye.\n"), f"EOF after {stdin!r} says goodbye", out)


def win_by_letters():
    words = word_file("one.txt", "these\n")
    code, out, _ = run(["--words", words], "t\ne\nh\ns\nn\n")
    expect(code == 0, "exit 0", out)
    expect_in("Word: *****  (5 letters)", out)
    expect_in("Yes! 1 T: position 1.", out)
    expect_in("Yes! 2 E's: positions 3 and 5.", out)
    expect_in("Word: T*E*E  (5 letters)", out)
    expect_in("You win! The word was THESE, with 0 strikes.", out)
    # Piped input is echoed after each prompt, so the transcript reads like a terminal.
    expect_in("Your guess: t\nYes! 1 T: position 1.\n", out)
    expect(out.endswith("Play again? (y/n): n\nBye.\n"), "n quits", out)


def win_by_word():
    words = word_file("one.txt", "these\n")
    code, out, _ = run(["--words", words], "a\nThese\nn\n")
    expect(code == 0, "exit 0", out)
    expect_in("No A. Strike 1 of 7.", out)
    expect_in("Yes! The word is THESE.", out)
    expect_in("You win! The word was THESE, with 1 strike.", out)


def loss():
    words = word_file("one.txt", "these\n")
    code, out, _ = run(["--words", words], "a\nb\nc\nd\nf\ng\ni\nn\n")
    expect(code == 0, "exit 0", out)
    expect_in("No I. Strike 7 of 7.", out)
    expect_in("Strikes left: 0 of 7", out)
    expect_in("Hanged! The word was THESE.", out)
    expect_in("  |   O\n  |  /|\\\n  |  / \\\n", out)
    code, out, _ = run(["--words", words, "--strikes", "2"], "those\nthorn\nn\n")
    expect(code == 0, "exit 0 (two words)", out)
    expect_in("No, the word is not THORN. Strike 2 of 2.", out)
    expect_in("Hanged! The word was THESE.", out)


def repeated_and_invalid():
    words = word_file("one.txt", "these\n")
    _, out, _ = run(["--words", words], "e\nE\nq\nq\n7\n?\nt h\n\u00e9\n\nthose\nTHOSE\n")
    expect_in("You already tried E; no strike for that.", out)
    expect_in("You already tried Q; no strike for that.", out)
    expect_in("You already tried THOSE; no strike for that.", out)
    expect_in("'7' is neither a letter nor a word; no strike for that.", out)
    expect_in("'?' is neither a letter nor a word", out)
    expect_in("'t h' is neither a letter nor a word", out)
    expect_in("'\u00e9' is neither a letter nor a word", out)
    expect_in("Type one letter (a-z) or the whole word.", out)
    expect_in("Strikes left: 5 of 7", out)
    expect("Strike 3 of 7" not in out, "only Q and THOSE were strikes", out)


def play_again():
    words = word_file("two.txt", "these those\n")
    _, out, _ = run(["--words", words, "--seed", "3"], "these\nthose\nwhat\ny\nthese\nthose\nn\n")
    expect_in("Please answer y or n.", out)
    expect_in("Games won: 1, lost: 0.", out)
    expect_in("Games won: 2, lost: 0.", out)
    expect(sorted(revealed_words(out)) == ["THESE", "THOSE"], "each word once", out)


def custom_word_file():
    # Six-letter words, so the six-letter wrong guesses below are strikes.
    text = "# my words\nKettle teapot\r\n\n  saucer # for tea\nkettle\n"
    words = word_file("custom.txt", text)
    wrong = "\n".join(["qqqqqa", "qqqqqb", "n"]) + "\n"
    seen = set()
    for seed in range(12):
        code, out, err = run(["--words", words, "--seed", str(seed), "--strikes", "2"], wrong)
        expect(code == 0 and err == "", "exit 0", out + err)
        [word] = revealed_words(out)
        expect(word in ("KETTLE", "TEAPOT", "SAUCER"), f"{word} comes from the file", out)
        _, again, _ = run(["--words", words, "--seed", str(seed), "--strikes", "2"], wrong)
        expect(again == out, f"seed {seed} repeats the session", again)
        seen.add(word)
    expect(len(seen) == 3, f"12 seeds draw all three words, got {seen}")
    # Three games in one session draw each word once.
    y = "qqqqqa\nqqqqqb\ny\n"
    _, out, _ = run(["--words", words, "--seed", "9", "--strikes", "2"], y * 3)
    expect(sorted(revealed_words(out)) == ["KETTLE", "SAUCER", "TEAPOT"], "a round of 3", out)


def bad_word_file():
    cases = {
        "missing": (os.path.join(TMP, "missing.txt"), "cannot open word file"),
        "empty": (word_file("empty.txt", ""), "no words"),
        "comments": (word_file("comments.txt", "# nothing here\n\n"), "no words"),
        "apostrophe": (word_file("apostrophe.txt", "apple\ndon't\n"), ":2: 'don't' is not a word"),
        "digits": (word_file("digits.txt", "abc123\n"), ":1: 'abc123' is not a word"),
        "accents": (word_file("accents.txt", "caf\u00e9\n"), ":1: 'caf\u00e9' is not a word"),
        "binary": (word_file("binary.txt", "\x00\x01\x02"), "is not a word"),
        "directory": (TMP, "is a directory"),
        "endless": ("/dev/zero", "larger than 16 MiB"),
    }
    for name, (path, needle) in cases.items():
        code, out, err = run(["--words", path], "a\n")
        expect(code != 0, f"{name}: non-zero exit, got {code}", out + err)
        expect(out == "", f"{name}: nothing on stdout", out)
        expect(err.count("\n") == 1 and err.startswith(f"error: {path}") and needle in err,
               f"{name}: one error line naming {path} and saying {needle!r}", err)
    code, out, err = run(["--words", ""], "a\n")
    expect(code != 0 and out == "" and err == "error: the word file name is empty\n",
           "an empty file name is refused", out + err)


def quit_and_wrong_length():
    words = word_file("one.txt", "these\n")
    for command in ("quit", "exit", "QUIT"):
        code, out, err = run(["--words", words], f"a\n{command}\nb\n")
        expect(code == 0 and err == "", f"{command}: exit 0 quietly", out + err)
        expect_in("Game left without a strike. The word was THESE.\nBye.\n", out)
        expect("Strike 2" not in out and "No B." not in out, f"{command}: no strike", out)
    code, out, _ = run(["--words", words], "thesis\nthese\nn\n")
    expect_in("THESIS has 6 letters but the word has 5 letters; no strike for that.", out)
    expect_in("You win! The word was THESE, with 0 strikes.", out)


def builtin_bank_seed():
    bank = set(bank_words())
    expect(len(bank) >= 300, f"the bank has {len(bank)} words")
    # Two of four rare letters miss in every word (a loss at 2 strikes); the
    # rest are answered at "Play again?" ("Please answer y or n.") before y.
    wrong = "j\nq\nx\nz\ny\n"
    code, out, _ = run(["--seed", "2026", "--strikes", "2"], wrong * 5)
    expect(code == 0, "exit 0", out)
    drawn = revealed_words(out)
    expect(len(drawn) == 5 and len(set(drawn)) == 5, f"five different words: {drawn}", out)
    expect(set(drawn) <= bank, f"{drawn} come from the bank file", out)
    _, again, _ = run(["--seed", "2026", "--strikes", "2"], wrong * 5)
    expect(again == out, "the same seed draws the same words", again)
    _, other, _ = run(["--seed", "2027", "--strikes", "2"], wrong * 5)
    expect(revealed_words(other) != drawn, "another seed draws other words", other)


def terminal():
    """On a terminal the typed lines are not repeated (the terminal echoes them)."""
    words = word_file("one.txt", "these\n")
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(BINARY, [BINARY, "--words", words])
    seen = b""

    def until(part):
        nonlocal seen
        deadline = time.monotonic() + 15
        while part.encode() not in seen:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            expect(ready, f"terminal shows {part!r} in time", seen.decode(errors="replace"))
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            expect(chunk, f"terminal shows {part!r} before the end", seen.decode(errors="replace"))
            seen += chunk

    until("Your guess: ")
    os.write(fd, b"q\n")
    until("Strike 1 of 7.")
    os.write(fd, b"these\n")
    until("Play again? (y/n): ")
    os.write(fd, b"\x04")  # Ctrl-D: end of input
    until("Bye.")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = seen.decode().replace("\r\n", "\n")
    expect(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "Ctrl-D exits 0", text)
    expect_in("Your guess: q\nNo Q. Strike 1 of 7.", text)
    expect(text.count("these\n") == 1, "the typed word shows once", text)


globals()[SCENARIO]()
print(f"ok {SCENARIO}")
