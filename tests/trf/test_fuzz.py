"""Hypothesis: arbitrary bytes and mutated lines never make the reader or the checks raise.

The only documented outcome for unreadable input is a ReadResult without a
model and with error findings. Whatever the reader does read, the writer
must give back: read(write(t)) == t.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.formats.trf.writer import write_trf
from trfsite.model import ReadResult, SourceFormat
from trfsite.validate import find_check

from .lines import DATA, SAMPLES

MY_CHECKS = ("unique-ids", "references", "games", "pairing-byes", "rounds", "counts", "points")
MY_CHECKS += ("round-dates", "bye-records", "mandatory")
SMALL = ["individual-2026.trf", "team-2026.trf", "trf16-legacy.trf", "draft-layouts.trf"]
SMALL += ["broken-fields.trf", "broken-structure.trf", "clean.trf"]
TRF_CHARS = st.sampled_from(list(" 0123456789wbWB-+=ZUHFDLzuhfdl./:,\tXx#é"))


@cache
def _lines(path: str) -> list[str]:
    text = Path(path).read_bytes().decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _files() -> list[str]:
    names = [str(DATA / name) for name in SMALL]
    names += [str(p) for p in SAMPLES.glob("fide-*.trf")]
    return names


def _check_everything(result: ReadResult) -> None:
    assert result.tournament is not None or any(
        f.severity is Severity.ERROR for f in result.findings
    )
    t = result.tournament
    if t is None:
        return
    for name in MY_CHECKS:  # run directly: a crash must fail the test, not become a finding
        find_check(name).run(t, "fuzz.trf")
    if t.source_format is SourceFormat.EGF:
        return  # bytes that the EGF reader took: no TRF round trip to check
    again = read_trf(write_trf(t), "again.trf").tournament
    assert again == t


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
def test_arbitrary_bytes(data: bytes) -> None:
    _check_everything(read_bytes(data, "fuzz.trf"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(TRF_CHARS, max_size=140).map(lambda s: "001 " + s), max_size=8))
def test_random_player_lines(lines: list[str]) -> None:
    _check_everything(read_trf("012 Fuzz\n" + "\n".join(lines), "fuzz.trf"))


def _mutate(line: str, position: int, cut: int, insert: str, mode: int) -> str:
    position = min(position, len(line))
    if mode == 0:  # overwrite some columns
        return line[:position] + insert + line[position + len(insert) :]
    if mode == 1:  # insert (shifts the columns after it)
        return line[:position] + insert + line[position:]
    if mode == 2:  # delete some columns
        return line[:position] + line[position + cut :]
    return line[:position]  # truncate


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    file=st.sampled_from(SMALL),
    data=st.data(),
)
def test_mutated_lines_of_the_test_files(file: str, data: st.DataObject) -> None:
    _mutated(str(DATA / file), data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_lines_of_the_samples(data: st.DataObject) -> None:
    samples = sorted(str(p) for p in SAMPLES.glob("fide-*.trf"))
    if samples:
        _mutated(data.draw(st.sampled_from(samples)), data)


def _mutated(path: str, data: st.DataObject) -> None:
    lines = list(_lines(path))
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        lines[index] = _mutate(
            lines[index],
            data.draw(st.integers(0, 160)),
            data.draw(st.integers(1, 12)),
            data.draw(st.text(TRF_CHARS, min_size=1, max_size=12)),
            data.draw(st.integers(0, 3)),
        )
    _check_everything(read_trf("\n".join(lines), "fuzz.trf"))
