"""Issue 50: each class of hostile input is generated here, not only replayed.

Hypothesis draws mutated files (issue 22's mutations and issue 50's: record rounds,
tie-break lists, garbage lines, many rounds, hostile names), puts them into hostile
folders (a FIFO, a link to /dev/zero, a name that is not UTF-8, links out, an
unreadable neighbour), adds hostile configurations, and runs the commands on them;
it also draws configuration trees, file names of any bytes and spreadsheet cells.
The guards are issue 50's: no exception, exit codes 0-2, valid UTF-8 JSON, and
under 10 s of CPU per command (the long run in ``benchmarks/fuzz.py`` also checks
memory, per input in a process of its own).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfsite.formats.csv_cells import safe_cell
from trfsite.input_files import shown_name
from trfsite.pages.config import ConfigError, SiteConfig, parse_config

from .corpus import SAMPLES, TESTS
from .hostile import PLACEMENTS, hostile_config
from .mutations import EXIT_CODES, MUTATIONS, mutate, run_case

PATHOLOGICAL_SECONDS = 10.0  # CPU, see test_fuzz_cli.py
SOURCES = [
    TESTS / "data" / "trf" / "clean.trf",
    TESTS / "data" / "trf" / "team-2026.trf",
    TESTS / "data" / "trf" / "individual-2026.trf",
    SAMPLES / "opengotha-ioct_20_02.h9",
    TESTS / "data" / "egf" / "pairgoth.h9",
]
ISSUE_50 = ["record-rounds", "tiebreak-list", "garbage-lines", "many-rounds", "hostile-names"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(SOURCES),
    first=st.sampled_from(ISSUE_50),
    more=st.lists(st.sampled_from([m.name for m in MUTATIONS]), max_size=1),
    seed=st.integers(0, 2**32 - 1),
    placement=st.sampled_from(PLACEMENTS),
    with_config=st.booleans(),
)
def test_hostile_files_in_hostile_folders(
    source: Path,
    first: str,
    more: list[str],
    seed: int,
    placement: object,
    with_config: bool,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    work = tmp_path_factory.mktemp("hostile")
    folder = work / "src"
    folder.mkdir()
    text = source.read_bytes().decode("utf-8", errors="replace")
    data = mutate(text, [first, *more], seed).encode("utf-8")
    path = placement.place(folder, data, work)  # type: ignore[attr-defined]
    config = None
    if with_config:
        config = work / "trfsite.toml"
        config.write_bytes(hostile_config(random.Random(seed)))
    for outcome in run_case(folder, path, config, None, random.Random(seed), others=3):
        where = f"{source.name} {first}+{more} seed={seed}: {outcome.command}"
        assert not outcome.error, f"{where}: {outcome.error}"
        assert outcome.exit_code in EXIT_CODES, f"{where}: exit code {outcome.exit_code}"
        assert outcome.cpu_seconds < PATHOLOGICAL_SECONDS, f"{where}: did not finish in time"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_hostile_configs_are_read_or_refused(seed: int) -> None:
    text = hostile_config(random.Random(seed))
    try:
        parsed = parse_config(text.decode("utf-8", errors="replace"))
    except ConfigError as exc:
        assert exc.exit_code == 2 and exc.problems
    else:
        assert isinstance(parsed, SiteConfig)


_KEYS = st.sampled_from(
    [
        "title",
        "language",
        "languages",
        "theme",
        "base_url",
        "events",
        "people",
        "tiebreaks",
        "age_cutoff",
        "unrated_rating",
        "k_factor",
        "categories",
        "prizes",
        "team_bye",
        "merge",
        "split",
        "go_columns",
        "ranking_best",
        "a.b",
        "x",
    ]  # fmt: skip
)
_SCALARS = (
    st.text(max_size=20)
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True)
    | st.booleans()
    | st.dates(min_value=dt.date(1, 1, 1))
    | st.datetimes()
)
_TREES = st.recursive(
    _SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(_KEYS, children, max_size=4),
    max_leaves=25,
)


def _toml(value: object, key: str = "") -> str:
    """A TOML document for a tree of tables (each dict with a key path becomes a table)."""
    if isinstance(value, dict):
        lines = [f"{_key(k)} = {_inline(v)}" for k, v in value.items() if not isinstance(v, dict)]
        head = [f"[{key}]"] if key else []
        tables = [
            _toml(v, f"{key}.{_key(k)}" if key else _key(k))
            for k, v in value.items()
            if isinstance(v, dict)
        ]
        return "\n".join(head + lines + tables) + "\n"
    return f"x = {_inline(value)}\n"


def _key(key: str) -> str:
    return key if key.replace("_", "").isalnum() else f'"{key}"'


def _inline(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, float):
        return "nan" if value != value else repr(value).replace("inf", "inf")
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if isinstance(value, str):
        plain = string.printable[:-5]
        return (
            '"'
            + "".join(c if c in plain and c not in '"\\' else f"\\u{ord(c):04x}" for c in value)
            + '"'
        )
    return str(value)


@settings(max_examples=150, deadline=None)
@given(tree=st.dictionaries(_KEYS, _TREES, max_size=5), bom=st.booleans())
def test_every_config_value_is_checked_before_use(tree: dict[str, object], bom: bool) -> None:
    text = ("\ufeff" if bom else "") + _toml(tree)
    try:
        config = parse_config(text)
    except ConfigError as exc:
        assert exc.exit_code == 2
        return
    # What was accepted can be used: every event's options and awards settings.
    for stem, _ in config.events:
        config.for_stem(stem).options()


@settings(max_examples=300, deadline=None)
@given(raw=st.binary(min_size=1, max_size=40))
def test_any_file_name_becomes_printable_utf8_text(raw: bytes) -> None:
    name = os.fsdecode(raw.replace(b"/", b"_").replace(b"\x00", b"_"))
    shown = shown_name(name)
    shown.encode("utf-8")  # never a surrogate: stdout, JSON and pages take it
    assert shown.isprintable()
    if name.isprintable():
        assert shown == name  # a usual name is shown as it is


@settings(max_examples=300, deadline=None)
@given(cell=st.text(max_size=12) | st.from_regex(r"[=+\-@\t\r][\s\S]{0,8}", fullmatch=True))
def test_no_text_cell_starts_a_formula(cell: str) -> None:
    safe = safe_cell(cell)
    assert isinstance(safe, str)
    if safe[:1] in ("=", "+", "-", "@", "\t", "\r"):
        float(safe)  # only a number may (a spreadsheet reads it as that number)
