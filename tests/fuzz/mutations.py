"""The ways issue 22's fuzzing broke files, as seeded mutations of sample files.

Shared by the suite's property test (``test_fuzz_cli.py``) and the long run in
``benchmarks/fuzz.py``: same seed and file, same bytes.
"""

from __future__ import annotations

import random
import re
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

# str.isdigit() accepts all of them; int() raises on the first two and reads the rest.
FOREIGN_DIGITS = "²⁰³¹３٣०൩"
CONTROLS = "\x01\x07\x0b\x0c\x1b\x1c\x1e\x7f\x85\u2028\u202e\ufeff\x1a"

Lines = list[str]


def _line(lines: Lines, rng: random.Random) -> int:
    return rng.randrange(len(lines)) if lines else 0


def foreign_digits(lines: Lines, rng: random.Random) -> Lines:
    """An ASCII digit replaced by a look-alike (superscript, fullwidth, Arabic-Indic...)."""
    for _ in range(20):
        index = _line(lines, rng)
        text = lines[index] if lines else ""
        spots = [i for i, char in enumerate(text) if char.isascii() and char.isdigit()]
        if spots:
            at = rng.choice(spots)
            lines[index] = text[:at] + rng.choice(FOREIGN_DIGITS) + text[at + 1 :]
            break
    return lines


def stretch_line(lines: Lines, rng: random.Random) -> Lines:
    """A line whose tail repeats hundreds of times (lines run together, a runaway export)."""
    index = _line(lines, rng)
    text = lines[index] if lines else ""
    start = rng.randrange(len(text)) if text else 0
    tail = text[start:] or "  12 w 1  "
    times = rng.choice((10, 100, 1000)) // max(1, len(tail) // 10)
    lines[index : index + 1] = [text + tail * max(times, 1)] if lines else [tail * 100]
    return lines


def huge_number(lines: Lines, rng: random.Random) -> Lines:
    """A digit run made hundreds or thousands of digits long."""
    index = _line(lines, rng)
    text = lines[index] if lines else ""
    spots = [i for i, char in enumerate(text) if char.isascii() and char.isdigit()]
    at = rng.choice(spots) if spots else len(text)
    digits = "9" * rng.choice((20, 400, 5000))
    if lines:
        lines[index] = text[:at] + digits + text[at:]
    return lines


def cut_line(lines: Lines, rng: random.Random) -> Lines:
    """A line cut at a random column (a truncated upload)."""
    index = _line(lines, rng)
    if lines:
        lines[index] = lines[index][: rng.randrange(len(lines[index]) + 1)]
        if rng.random() < 0.3:
            del lines[index + 1 :]  # the rest of the file lost too
    return lines


def control_chars(lines: Lines, rng: random.Random) -> Lines:
    """A control or invisible character somewhere (escape, form feed, RLO, BOM, ^Z...)."""
    index = _line(lines, rng)
    if lines:
        text = lines[index]
        at = rng.randrange(len(text) + 1)
        lines[index] = text[:at] + rng.choice(CONTROLS) + text[at:]
    return lines


def duplicate_lines(lines: Lines, rng: random.Random) -> Lines:
    """A line repeated, once or hundreds of times (a player entered twice, a paste gone wrong)."""
    index = _line(lines, rng)
    if lines:
        lines[index:index] = [lines[index]] * rng.choice((1, 2, 50, 500))
    return lines


@dataclass(frozen=True, slots=True)
class Mutation:
    name: str
    apply: Callable[[Lines, random.Random], Lines]


MUTATIONS: tuple[Mutation, ...] = (
    Mutation("foreign-digits", foreign_digits),
    Mutation("stretch-line", stretch_line),
    Mutation("huge-number", huge_number),
    Mutation("cut-line", cut_line),
    Mutation("control-chars", control_chars),
    Mutation("duplicate-lines", duplicate_lines),
)


def find_mutation(name: str) -> Mutation:
    for mutation in MUTATIONS:
        if mutation.name == name:
            return mutation
    known = ", ".join(m.name for m in MUTATIONS)
    raise KeyError(f"unknown mutation {name!r}; known mutations: {known}")


# Issue 22's promise is for files up to 1 MB; larger mutants are cut there.
MAX_INPUT_CHARS = 1_000_000


def mutate(text: str, names: list[str], seed: int) -> str:
    rng = random.Random(seed)
    lines = re.split(r"\r\n|\r|\n", text)
    for name in names:
        lines = find_mutation(name).apply(lines, rng)
    return "\n".join(lines)[:MAX_INPUT_CHARS]


# Each command a user or an archive runs on one file; build is checked on the corpus.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate",),
    ("standings", "--explain", "--format", "json"),
    ("standings", "--explain"),
)
EXIT_CODES = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Outcome:
    command: str
    exit_code: int
    seconds: float  # wall time
    error: str  # "" unless an exception escaped (its type and message)
    cpu_seconds: float = 0.0  # this process's CPU time: what a busy machine does not inflate


def _forget_click_streams() -> None:
    """Empty click's cache of text streams after a CliRunner call.

    click caches a wrapper per stream in a WeakKeyDictionary whose value is, for a
    text stream such as CliRunner's, the stream itself: the key never dies, and
    every captured output of a long fuzz run stayed in memory (0.1 MB an input,
    11 GB after 50,000). A trfsite process runs one command, so only the harness leaks.
    """
    import click._compat as compat

    for name in ("_default_text_stdin", "_default_text_stdout", "_default_text_stderr"):
        for cell in getattr(getattr(compat, name, None), "__closure__", None) or ():
            if isinstance(cell.cell_contents, weakref.WeakKeyDictionary):
                cell.cell_contents.clear()


def run_commands(path: Path) -> list[Outcome]:
    """Every command on one file, through click as a user runs it."""
    out: list[Outcome] = []
    runner = CliRunner()
    for command in COMMANDS:
        started, cpu_started = time.perf_counter(), time.process_time()
        result = runner.invoke(cli, [command[0], str(path), *command[1:]])
        seconds = time.perf_counter() - started
        cpu_seconds = time.process_time() - cpu_started
        _forget_click_streams()
        escaped = result.exception
        error = ""
        if escaped is not None and not isinstance(escaped, SystemExit):
            error = f"{type(escaped).__name__}: {str(escaped)[:200]}"
        elif "Traceback (most recent call last)" in result.output:
            error = "a traceback was printed"
        elif "[internal-check-failed]" in result.output:
            error = "a check crashed (internal-check-failed)"
        out.append(Outcome(" ".join(command), result.exit_code, seconds, error, cpu_seconds))
    return out
