"""CSV that a spreadsheet opens as data: no cell of it runs as a formula.

A player named ``=HYPERLINK("http://x")`` in a tournament file became a live
formula in the standings CSV. A cell of text that starts with ``=``, ``+``,
``-``, ``@`` (or a tab or carriage return, which some spreadsheets skip first)
gets a leading ``'``, which spreadsheets show as text; numbers such as ``-12``
or ``+3.5`` stay numbers. Every CSV trfsite writes goes through ``csv_writer``
(the standings, awards and people; the published open data too), a cell made safe
by ``writerow`` or, for a large table, by ``safe_cell`` before ``writerows_made_safe``.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import TextIO

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def safe_cell(value: object) -> object:
    """``value``, or its text after a ``'`` when a spreadsheet would read it as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class CsvWriter:
    """``csv.writer`` with every cell made safe (see the module's docstring)."""

    def __init__(self, stream: TextIO) -> None:
        self._writer = csv.writer(stream, lineterminator="\n")

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([safe_cell(value) for value in row])

    def writerows_made_safe(self, rows: Iterable[Iterable[object]]) -> None:
        """``rows`` whose cells went through ``safe_cell`` already, written as they are:
        a large table's repeated texts (names, results) made safe once each, not per cell."""
        self._writer.writerows(rows)


def csv_writer(stream: TextIO) -> CsvWriter:
    return CsvWriter(stream)
