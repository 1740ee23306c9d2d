"""Fixed-column layouts of the numeric records, with a check that a line really fits one.

A line "fits" a layout when every word from ``check_from`` on lies inside
one of the layout's fields: no letter outside a field, no field holding two
words. That tells a TRF-2026 line from a draft-layout line (whose fields sit
on other columns) without guessing, and sends lines that fit neither to the
word-by-word fallback.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.formats.trf.fields import parse_int, parse_points


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
            raise FieldError(self.column, f"{what} is {self.text!r}; expected a whole number")
        return value

    def int(self, what: str) -> int:
        value = self.int_or_none(what)
        if value is None:
            raise FieldError(self.column, f"{what} is missing; expected a whole number")
        return value

    def points(self, what: str) -> float | None:
        if not self.text:
            return None
        value = parse_points(self.text)
        if value is None:
            raise FieldError(self.column, f"{what} is {self.text!r}; expected points like '1.5'")
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
        covered = bytearray(end + 1)
        fixed: list[Field] = []
        for first, last in self.fixed:
            fixed.append(self._field(text, first, last, covered))
        blocks: list[tuple[Field, ...]] = []
        if self.unit:
            start = self.unit_first
            while start <= end:
                block = tuple(
                    self._field(text, start + offset, start + offset + width - 1, covered)
                    for offset, width in self.unit
                )
                blocks.append(block)
                start += self.unit_stride
        for index in range(self.check_from - 1, end):
            if not covered[index] and not text[index].isspace():
                return None
        for item in fixed + [f for block in blocks for f in block]:
            if item.column >= self.check_from and any(ch.isspace() for ch in item.text):
                return None
        return Cut(tuple(fixed), tuple(blocks))

    @staticmethod
    def _field(text: str, first: int, last: int, covered: bytearray) -> Field:
        for index in range(first - 1, min(last, len(covered))):
            covered[index] = 1
        return Field(first, text[first - 1 : last].strip())


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
