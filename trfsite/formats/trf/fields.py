"""Column slicing, numbers and dates for TRF lines, and the findings sink.

TRF is a fixed-column format: every field is sliced straight out of the
line (1-based, inclusive columns, as the FIDE tables give them). Fields
that do not parse are reported with the line and the field's first column
and read as "missing"; the reader never raises on bad input.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import field
from typing import NamedTuple

from trfsite.findings import Finding, Severity, capped_note
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
from trfsite.formats.numbers import decimal, expected_whole, whole
from trfsite.model import Span
from trfsite.model.frozen import mutable_record
from trfsite.results import Note


class SourceLine(NamedTuple):
    """One line of the file: its 1-based number and its text (tabs read as spaces)."""

    number: int
    text: str

    @property
    def code(self) -> str:
        return self.text[:3]

    def cut(self, first: int, last: int) -> str:
        """Columns ``first``..``last`` (1-based, inclusive), stripped."""
        return self.text[first - 1 : last].strip()

    def span(self, first: int = 1, last: int = 0) -> Span:
        return Span(self.number, first, last or len(self.text))


@mutable_record
class Sink:
    """Collects the findings of one file: at most MAX_FINDINGS_PER_CODE of a code, and how
    many more there were (a 2 MB file of damaged cells made 650,000 findings, 500 MB)."""

    file: str
    findings: list[Finding] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, severity: Severity, code: str, line: int, column: int, message: str) -> None:
        count = self.counts[code] = self.counts.get(code, 0) + 1
        if count <= MAX_FINDINGS_PER_CODE.limit:
            self.findings.append(Finding(severity, code, message, self.file, line, column))

    def over_budget(self, code: str) -> bool:
        """True (and one more finding of ``code`` counted) when no more of it are kept:
        the caller need not build the message of a finding that is only counted."""
        count = self.counts.get(code, 0)
        if count < MAX_FINDINGS_PER_CODE.limit:
            return False
        self.counts[code] = count + 1
        return True

    def kept(self) -> list[Finding]:
        """The findings, and a note for each code that had more than were kept."""
        limit = MAX_FINDINGS_PER_CODE.limit
        notes = [
            capped_note(code, count - limit, limit, self.file)
            for code, count in self.counts.items()
            if count > limit
        ]
        return self.findings + notes

    def error(self, code: str, line: int, column: int, message: str) -> None:
        self.add(Severity.ERROR, code, line, column, message)

    def warning(self, code: str, line: int, column: int, message: str) -> None:
        self.add(Severity.WARNING, code, line, column, message)

    def info(self, code: str, line: int, column: int, message: str) -> None:
        self.add(Severity.INFO, code, line, column, message)


# --------------------------------------------------------------------------- numbers
# A plain non-negative integer, or None if ``text`` is not one: numbers.whole itself, not a
# function calling it (the reader asks for 6,000 numbers in a 2,000-player file).
parse_int = whole


def parse_points(text: str) -> float | None:
    """A TRF points value (``11.5`` format; ``15``, ``-1.5`` and ``11,5`` accepted), or None."""
    return decimal(text.replace(",", "."))


def read_int(
    sink: Sink, line: SourceLine, first: int, last: int, code: str, what: str
) -> int | None:
    """Columns first..last as an integer; blank is None; garbage is an error and None."""
    raw = line.text[first - 1 : last].strip()  # line.cut(first, last), without the call
    if not raw:
        return None
    value = whole(raw)
    if value is None:
        sink.error(code, line.number, first, expected_whole(what, raw))
    return value


def read_points(
    sink: Sink, line: SourceLine, first: int, last: int, code: str, what: str
) -> float | None:
    """Columns first..last as points (``11.5``); blank is None; garbage is an error."""
    raw = line.cut(first, last)
    if not raw:
        return None
    value = parse_points(raw)
    if value is None:
        sink.error(
            code,
            line.number,
            first,
            Note(
                "{what} is {raw!r}; expected points like '11.5'",
                what=what,
                raw=raw,
            ),
        )
    return value


def tokens(text: str, start: int = 0) -> list[tuple[int, str]]:
    """Whitespace-separated tokens of ``text[start:]`` with their 1-based columns."""
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(text, start)]


_TOKEN = re.compile(r"\S+")


# --------------------------------------------------------------------------- dates
_DATE_PARTS = re.compile(r"^(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})\.?$", re.ASCII)


def _year(two_or_four: str) -> int:
    year = int(two_or_four)
    if len(two_or_four) <= 2:
        # Same pivot as strptime's %y: 69-99 are 19xx, 00-68 are 20xx.
        year += 1900 if year >= 69 else 2000
    return year


# Month names as exports write them: English (Lichess' "May 29, 2020"), and German.
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan", "januar", "jän"),
            ("february", "feb", "febr", "februar"),
            ("march", "mar", "märz", "maerz", "mär", "mrz"),
            ("april", "apr"),
            ("may", "mai"),
            ("june", "jun", "juni"),
            ("july", "jul", "juli"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct", "oktober", "okt"),
            ("november", "nov"),
            ("december", "dec", "dezember", "dez"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"([^\W\d_]{3,9})\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?\.?"
# "May 29, 2020", "May 29 2020"; "29 May 2020", "29. Mai 2020", "29-May-2020", "29-May-20".
# Compiled (and kept in re's cache) by the first date with a month name: most files have none.
_MONTH_FIRST = rf"^{_MONTH}\s*[ -]\s*{_DAY}\s*,?\s*[ -]?\s*(\d{{4}})$"
_DAY_FIRST = rf"^{_DAY}\s*[ -]?\s*{_MONTH}\s*,?\s*[ -]?\s*(\d{{2}}|\d{{4}})$"


def _month_name_parts(text: str) -> tuple[int, int, int] | None:
    match = re.match(_MONTH_FIRST, text, re.I)
    if match is not None:
        month, day, year = match.groups()
    else:
        match = re.match(_DAY_FIRST, text, re.I)
        if match is None:
            return None
        day, month, year = match.groups()
    number = _MONTHS.get(month.lower())
    return None if number is None else (_year(year), number, int(day))


def date_parts(text: str) -> tuple[int, int, int] | None:
    """(year, month, day) of a date written in any of the wild formats, unchecked.

    Accepts ``2024/08/01``, ``2024-08-01``, ``1969.12.06``, ``28. 07. 2005``,
    ``24/09/2010`` (day first when the year is last), 132's ``24/12/01``
    (``YY/MM/DD``), the European ``28.07.05`` (``DD.MM.YY``) and month names
    (``May 29, 2020``, ``29 May 2020``, ``29-May-2020``, ``29. Mai 2020``).
    Month and day may be 0 (partial birth dates).
    """
    text = text.strip()
    # The usual YYYY/MM/DD first: all digits, so no month name (birth dates of every player).
    if len(text) == 10 and text[4] in "/-." and text[7] == text[4]:
        year, month, day = text[:4], text[5:7], text[8:]
        if (year + month + day).isdigit() and (year + month + day).isascii():
            return int(year), int(month), int(day)
    if any(c.isalpha() for c in text):
        return _month_name_parts(text)
    match = _DATE_PARTS.match(text)
    if match is None:
        return None
    first, middle, last = match.groups()
    if len(first) >= 3:
        return int(first), int(middle), int(last)
    if len(last) >= 3:
        return int(last), int(middle), int(first)
    if len(first) == 2 and len(last) == 2:
        year_first = (_year(first), int(middle), int(last))
        day_first = (_year(last), int(middle), int(first))
        # Dots are the European dd.mm.yy; slashes and hyphens 132's YY/MM/DD. When only
        # the other reading is a real date, that one is meant.
        preferred, other = (day_first, year_first) if "." in text else (year_first, day_first)
        if not _is_date(preferred) and _is_date(other):
            return other
        return preferred
    return None


def _is_date(parts: tuple[int, int, int]) -> bool:
    try:
        dt.date(*parts)
    except ValueError:
        return False
    return True


def parse_date(text: str) -> dt.date | None:
    """A full calendar date, or None if ``text`` is not one."""
    parts = date_parts(text)
    if parts is None:
        return None
    try:
        return dt.date(*parts)
    except ValueError:
        return None


def normalise_birth_date(text: str) -> str | None:
    """A birth date as ``YYYY/MM/DD`` (``00`` allowed for unknown month/day), or None.

    A bare year (``1987``) is kept as ``1987/00/00``.
    """
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) == 4:
        return f"{text}/00/00"
    if len(text) == 10 and text[4] == "/" == text[7] and text.isascii():
        # Already written YYYY/MM/DD, as by most programs for every player: what the
        # checks below would make of it is the text itself, or None. From year 1000 on,
        # the month and day alone decide, but for 29 February.
        year_ = text[:4]
        if year_ >= "1000" and year_.isdigit():
            valid = _MONTH_DAYS.get(text[5:])
            if valid is not None:
                return text if valid else None
        month_, day_ = text[5:7], text[8:]
        if (year_ + month_ + day_).isdigit():
            return text if _is_birth_date(int(year_), int(month_), int(day_)) else None
    parts = date_parts(text)
    if parts is None:
        return None
    year, month, day = parts
    if not _is_birth_date(year, month, day):
        return None
    if parts == (0, 0, 0):
        return "0000/00/00"  # the usual way of writing "unknown"
    return f"{year:04d}/{month:02d}/{day:02d}"


def _is_birth_date(year: int, month: int, day: int) -> bool:
    """A date, or a year with month and day 0 (unknown), or all 0 (unknown)."""
    if year == month == day == 0:
        return True
    if not (0 <= month <= 12 and 0 <= day <= 31 and year >= 1000):
        return False
    if month and day:
        try:
            dt.date(year, month, day)
        except ValueError:
            return False
    return True


# "MM/DD" -> whether a birth date of any year from 1000 on may have it (00: unknown), as
# _is_birth_date answers; 29 February, whose answer depends on the year, is not a key.
_MONTH_LENGTHS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_TWO_DIGITS = tuple(str(number).zfill(2) for number in range(32))  # no format spec: cheaper
_MONTH_DAYS = {
    _TWO_DIGITS[month] + "/" + _TWO_DIGITS[day]: not (month and day)
    or day <= _MONTH_LENGTHS[month - 1]
    for month in range(13)
    for day in range(32)
    if (month, day) != (2, 29)
}


def format_points(value: float, width: int = 4) -> str:
    """Points as TRF writes them (``6.0``, ``12.5``), right-aligned in ``width``.

    Values that need more precision keep it, so that reading them back
    gives the same number.
    """
    text = f"{value:.1f}"
    if float(text) != value:
        text = repr(value)
    if width and len(text) > width and float(f"{value:.0f}") == value:
        text = f"{value:.0f}"
    return text.rjust(width)
