"""Go grades (``20k``, ``1d``, ``3p``) and their place on OpenGotha's scale.

OpenGotha numbers ranks from 30k = -30 to 9d = 8 (1d = 0, 1k = -1) and starts
the McMahon score at rank + 30, so that 1d = 30 and 30k = 0. The EGD scale
differs by a constant, which cancels out of every comparison trfsite makes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GRADE = re.compile(r"^(\d{1,2})([kKdDpP])$", re.ASCII)
_BARE_NUMBER = re.compile(r"^\d{1,2}$", re.ASCII)

MMS_OF_1D = 30  # OpenGotha's scale: the start McMahon score of a 1d without bar or floor
HIGHEST_RANK = 8  # 9d, OpenGotha's strongest rank; professional grades are placed here
LOWEST_RANK = -30  # 30k


@dataclass(frozen=True, slots=True)
class Grade:
    """A readable grade. ``rank`` is OpenGotha's (1d = 0, 1k = -1, 9d = 8)."""

    text: str  # as written
    number: int
    kind: str  # "k", "d" or "p"

    @property
    def rank(self) -> int:
        if self.kind == "k":
            return -self.number
        if self.kind == "d":
            return self.number - 1
        # OpenGotha knows no professional grades; every pro sits at its top rank.
        return HIGHEST_RANK

    @property
    def mms(self) -> int:
        """Start McMahon score without bar or floor (1d = 30)."""
        return MMS_OF_1D + self.rank

    @property
    def label(self) -> str:
        return f"{self.number}{self.kind}"


def parse_grade(text: str, bare_number_is_kyu: bool = True) -> Grade | None:
    """Read ``20k``, ``1D``, ``3p`` (any case); ``15`` as 15k if allowed; else None."""
    match = _GRADE.match(text)
    if match:
        number, kind = int(match.group(1)), match.group(2).lower()
    elif bare_number_is_kyu and _BARE_NUMBER.match(text):
        number, kind = int(text), "k"
    else:
        return None
    if number < 1:
        return None
    if (kind == "k" and number > -LOWEST_RANK) or (kind in "dp" and number > 9):
        return None
    return Grade(text, number, kind)


def looks_like_grade(text: str) -> bool:
    """A grade with its letter (the bare-number form is only accepted in context)."""
    return _GRADE.match(text) is not None
