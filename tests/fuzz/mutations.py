"""The ways issue 22's fuzzing broke files, as seeded mutations of sample files.

Shared by the suite's property test (``test_fuzz_cli.py``) and the long run in
``benchmarks/fuzz.py``: same seed and file, same bytes.
"""

from __future__ import annotations

import json
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


# Issue 50's classes of input whose cost was not proportional to their size.
_ROUND_RECORDS = ("240 F {r:>4}    1", "300 {r:>3}   1   2    1    2", "330 -+ {r:>3}   1   2",
                  "299 W   1.0  0.5 {r:>3}    1", "240 H {r}    2")  # fmt: skip


def record_rounds(lines: Lines, rng: random.Random) -> Lines:
    """A 240/299/300/330 record naming a round far beyond the event, or a 320 of many."""
    huge = rng.choice((50, 999, 1000, 99_999, 1_000_000, 10**12))
    if rng.random() < 0.25:
        record = "320  2.0  1.0" + "   1" * rng.choice((100, 999, 2000))
    else:
        record = rng.choice(_ROUND_RECORDS).format(r=huge)
    lines[rng.randrange(len(lines) + 1) if lines else 0 : 0] = [record]
    return lines


_TIEBREAK_NAMES = ("BH", "SB", "ARO", "AOB", "PS", "KS", "DE", "WIN", "BPG", "GE", "TPR", "FB")
_TIEBREAK_MODIFIERS = ("", "/P", "/C1", "/C2", "/M1", "/M2", "/L", "/K", "/U", "/W")


def tiebreak_list(lines: Lines, rng: random.Random) -> Lines:
    """Record 202 listing tens or hundreds of tie-break variants (repeats among them)."""
    count = rng.choice((21, 120, 940, 5000))
    codes = [rng.choice(_TIEBREAK_NAMES) + rng.choice(_TIEBREAK_MODIFIERS) for _ in range(count)]
    lines.insert(min(1, len(lines)), "202 " + ",".join(codes))
    return lines


_GARBAGE_CELLS = "0123456789 wb10=+-WLDHFUZ?/"


def garbage_lines(lines: Lines, rng: random.Random) -> Lines:
    """Long lines of cell-like garbage: 001 lines of TRF, rows of EGF tokens, or both."""
    egf = any(line.startswith(";") for line in lines[:20])
    made = []
    for _ in range(rng.choice((5, 50, 300))):
        if egf:
            tokens = "  ".join(
                f"{rng.randrange(1000)}{rng.choice('+-=?')}/{rng.choice('wb')}{rng.randrange(10)}"
                for _ in range(rng.randrange(10, 1500))
            )
            made.append(f"{rng.randrange(1, 9999):4d} Name{rng.randrange(99)}  3k XX C  {tokens}")
        else:
            cells = "".join(rng.choice(_GARBAGE_CELLS) for _ in range(rng.randrange(50, 3000)))
            made.append(f"001 {rng.randrange(1, 9999):4d} m    X{cells}")
    lines.extend(made)
    return lines


def many_rounds(lines: Lines, rng: random.Random) -> Lines:
    """Every player line (001 or an EGF row) repeats its cells up to hundreds of rounds."""
    times = rng.choice((10, 60, 300))
    for index, line in enumerate(lines):
        if line.startswith("001 ") and len(line) > 101:
            lines[index] = line + ("  " + line[91:99]) * times
        elif line[:4].strip().isdigit() and "/" in line:
            lines[index] = line + ("  " + line.split()[-1]) * times
    return lines


HOSTILE_NAMES = (
    "Index", "Findings", "Search", '=HYPERLINK("http://x")', "@SUM(A1)", "+1+1", "-2+3",
    "\u202eevil", "<script>x</script>", "a\x00b", "..", "../../etc",
)  # fmt: skip


def hostile_names(lines: Lines, rng: random.Random) -> Lines:
    """A player's name replaced by one that takes over pages, runs as a formula, or hides."""
    players = [i for i, line in enumerate(lines) if line.startswith("001 ") and len(line) > 47]
    if players:
        index = rng.choice(players)
        name = rng.choice(HOSTILE_NAMES)
        line = lines[index]
        lines[index] = line[:14] + f"{name:<33}" + line[47:]
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
    Mutation("record-rounds", record_rounds),
    Mutation("tiebreak-list", tiebreak_list),
    Mutation("garbage-lines", garbage_lines),
    Mutation("many-rounds", many_rounds),
    Mutation("hostile-names", hostile_names),
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
    return [
        _invoke([command[0], str(path), *command[1:]], " ".join(command)) for command in COMMANDS
    ]


def _invoke(args: list[str], label: str) -> Outcome:
    started, cpu_started = time.perf_counter(), time.process_time()
    result = CliRunner().invoke(cli, args)
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
    elif "--format" in args and "json" in args:
        try:  # JSON must be valid UTF-8 and valid JSON, whatever the file's name held
            json.loads(result.stdout_bytes.decode("utf-8")) if result.stdout_bytes else None
        except ValueError as exc:
            error = f"output is not valid UTF-8 JSON: {str(exc)[:120]}"
    return Outcome(label, result.exit_code, seconds, error, cpu_seconds)


# Issue 50: every command a user runs, on the file and on its folder (with its config).
def case_commands(
    folder: Path, path: Path, config: Path | None, out: Path | None
) -> list[tuple[str, list[str]]]:
    """(label, arguments) of every command run on one input; ``out``: also ``build``."""
    with_config = ["--config", str(config)] if config is not None else []
    found = [
        ("validate FILE", ["validate", str(path)]),
        ("validate FOLDER", ["validate", "--format", "json", str(folder)]),
        (
            "standings --explain --format json",
            ["standings", str(path), "--explain", "--format", "json"],
        ),  # fmt: skip
        ("standings --explain", ["standings", str(path), "--explain"]),
        ("standings --format csv", ["standings", str(path), "--format", "csv"]),
        ("awards", ["awards", str(path), *with_config]),
        ("people --format json", ["people", str(folder), "--format", "json", *with_config]),
        ("export", ["export", str(path)]),
    ]
    if out is not None:
        found.append(
            (
                "build --no-pdf",
                ["build", str(folder), "-o", str(out), "--no-pdf", "-j", "1", *with_config],
            )  # fmt: skip
        )
    return found


def run_case(
    folder: Path,
    path: Path,
    config: Path | None,
    out: Path | None,
    pick: random.Random | None = None,
    others: int = 2,
) -> list[Outcome]:
    """The commands of ``case_commands`` through click, as a user runs them: all of them,
    or with ``pick`` the two every input gets (validate, standings as JSON) and ``others``
    of the rest chosen by ``pick`` (build among them when ``out`` is given)."""
    chosen = case_commands(folder, path, config, out)
    if pick is not None:
        fixed, rest = [chosen[0], chosen[2]], [chosen[1], *chosen[3:]]
        chosen = fixed + pick.sample(rest, min(others, len(rest)))
    return [_invoke(args, label) for label, args in chosen]
