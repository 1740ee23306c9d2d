"""The usual parts of a 001 line are read without calls of Python functions.

A 2,000-player open has 22,000 round cells and 2,000 birth dates: each Python call
there (a builder's ``__init__``, a check of the date) is paid that often. Counted with
``sys.setprofile``, which sees every call of a Python function (no time is measured).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import trfsite
from trfsite.formats.trf.fields import Sink, SourceLine, normalise_birth_date
from trfsite.formats.trf.round_cells import read_cells

_LINE = (
    "001    1      Fox1314, Dora                     2755 FID      100001 1990/01/01  9.0"
    "    7   915 b 1   475 w 1  1857 b =   138 w 0     0 - H    21 w +     4 w -     0 - U"
)


_PACKAGE = str(Path(trfsite.__file__).parent)


@contextmanager
def _python_calls() -> Iterator[Counter[str]]:
    calls: Counter[str] = Counter()

    def count(frame: FrameType, event: str, arg: object) -> None:
        # trfsite's functions only: not this test's lambdas, nor the context manager's exit.
        if event == "call" and frame.f_code.co_filename.startswith(_PACKAGE):
            calls[frame.f_code.co_name] += 1

    sys.setprofile(count)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def _calls_of(read: Callable[[], object]) -> Counter[str]:
    read()  # what is read once a process (an opponent's field) is read before counting
    with _python_calls() as calls:
        read()
    return calls


def test_usual_cells_are_made_without_a_python_call() -> None:
    line = SourceLine(14, _LINE)
    cells = read_cells(line, Sink("f"))
    assert [cell.outcome.value for cell in cells] == ["1", "1", "=", "0", "H", "+", "-", "U"]
    assert [(cell.source.line, cell.source.column) for cell in cells][:2] == [(14, 92), (14, 102)]
    sink = Sink("f")
    calls = _calls_of(lambda: read_cells(line, sink))
    # Main: two __init__ a cell (its Span's and its RoundEntry's), three guards a line.
    assert calls == Counter({"read_cells": 1}), calls


def test_a_usual_birth_date_is_judged_without_a_python_call() -> None:
    assert normalise_birth_date("1990/01/01") == "1990/01/01"
    for text in ("1990/01/01", "1987/00/00", "2001/12/31"):
        calls = _calls_of(lambda text=text: normalise_birth_date(text))  # type: ignore[misc]
        # Main: _is_birth_date, which makes a datetime.date.
        assert calls == Counter({"normalise_birth_date": 1}), (text, calls)
    # Where the month and day alone do not decide, the complete check still does.
    assert normalise_birth_date("2000/02/29") == "2000/02/29"
    assert normalise_birth_date("2001/02/29") is None
    assert normalise_birth_date("0999/01/01") is None
    assert normalise_birth_date("0000/00/00") == "0000/00/00"
