"""Fixed-column layouts of the numeric records, with a check that a line really fits one.

A line "fits" a layout when every word from ``check_from`` on lies inside
one of the layout's fields: no letter outside a field, no field holding two
words. That tells a TRF-2026 line from a draft-layout line (whose fields sit
on other columns) without guessing, and sends lines that fit neither to the
word-by-word fallback.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.formats.numbers import expected_whole
from trfsite.formats.trf.fields import parse_int, parse_points
from trfsite.results import Note


class FieldError(ValueError):
    """A field that does not hold what its layout says (column, message)."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


@dataclass(frozen=True, slots=True)
class Field:
    """One field's text and its first column."""

    column: int
    text: str  # stripped

    def int_or_none(self, what: str) -> int | None:
        if not self.text:
            return None
        value = parse_int(self.text)
        if value is None:
            raise FieldError(self.column, expected_whole(what, self.text))
        return value

    def int(self, what: str) -> int:
        value = self.int_or_none(what)
        if value is None:
            raise FieldError(
                self.column, Note("{what} is missing; expected a whole number", what=what)
            )
        return value

    def points(self, what: str) -> float | None:
        if not self.text:
            return None
        value = parse_points(self.text)
        if value is None:
            raise FieldError(
                self.column,
                Note("{what} is {text!r}; expected points like '1.5'", what=what, text=self.text),
            )
        return value


@dataclass(frozen=True, slots=True)
class Cut:
    fixed: tuple[Field, ...]
    blocks: tuple[tuple[Field, ...], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """Fixed fields (first, last columns) then a repeated block of sub-fields.

    ``unit`` lists (offset, width) of the sub-fields of one block; blocks start
    at ``unit_first`` and every ``unit_stride`` columns until the line ends.
    """

    fixed: tuple[tuple[int, int], ...]
    unit: tuple[tuple[int, int], ...] = ()
    unit_first: int = 0
    unit_stride: int = 0
    check_from: int = 5

    def cut(self, text: str) -> Cut | None:
        """The fields of ``text``, or None when the line does not fit this layout."""
        end = len(text.rstrip())
        spans = list(self.fixed)
        if self.unit and self.unit_stride > 0:
            for start in range(self.unit_first, end + 1, self.unit_stride):
                spans.extend((start + o, start + o + width - 1) for o, width in self.unit)
        # From column check_from on, every character outside the fields must be blank.
        position = self.check_from - 1  # 0-based index of the first unchecked character
        for first, last in sorted(spans):
            if first - 1 > position and text[position : min(first - 1, end)].strip():
                return None
            position = max(position, last)
        if text[position:end].strip():
            return None
        fields = [Field(first, text[first - 1 : last].strip()) for first, last in spans]
        for item in fields:
            if item.column >= self.check_from and len(item.text.split()) > 1:
                return None  # a field with a blank inside: the line is off its columns
        size = len(self.fixed)
        unit = len(self.unit)
        steps = range(size, len(fields), unit) if unit else range(0)
        blocks = tuple(tuple(fields[i : i + unit]) for i in steps)
        return Cut(tuple(fields[:size]), blocks)


def words(text: str, start_column: int = 5) -> list[Field]:
    """The words of ``text`` from ``start_column`` on, as fields."""
    out: list[Field] = []
    index = start_column - 1
    length = len(text)
    while index < length:
        while index < length and text[index].isspace():
            index += 1
        if index >= length:
            break
        begin = index
        while index < length and not text[index].isspace():
            index += 1
        out.append(Field(begin + 1, text[begin:index]))
    return out
