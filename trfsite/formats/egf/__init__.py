"""EGF Go tournament tables (``.h9``, ``.h2``, EGD downloads), as real programs write them.

See ``../shared/spec/egf-format-notes.md``. ``read_egf`` turns the text into the
format-neutral model; player ids are row numbers, because opponent numbers in
result tokens are row numbers, not (tied) places.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfsite.model import ReadResult

__all__ = ["read_egf", "sniff"]

_TRF_RECORD = re.compile(r"^(?:001|012|013|022|032|042|052|062|072|082|092|102|112|122) ", re.M)
_TAG_COMMENT = re.compile(r"^\s*;.*\b(?:TC|CL|EV|PC|DT|HA|KM|TM|TA|CM)\[", re.M)
# A grade, then somewhere after it a result cell (the results may come before the scores).
_PLAYER_LINE = re.compile(
    r"^\s*(?:\d+\s+)?\S.*?\s\d{1,2}[kKdDpP]\s.*\s(?:\d+[-+=?](?:[/!][wWbB?]?[hH]?[\dOo]{0,2})?|\?)"
    r"(?:\s|$)",
    re.ASCII,
)


def read_egf(text: str, name: str = "") -> ReadResult:
    """Read an EGF tournament table; never raises on bad input."""
    # Sniffing runs on every file, TRF included: the reader's modules load only for Go.
    from trfsite.formats.egf.reader import read_egf as read

    return read(text, name)


def sniff(text: str) -> bool:
    """Does this text look like an EGF table (and not like a TRF file)?"""
    head = text[:20000]
    # Row 102 of a table without padding starts like TRF's record 102: a TRF record
    # counts only when the line is not a Go player line.
    for match in _TRF_RECORD.finditer(head):
        end = head.find("\n", match.start())
        if not _PLAYER_LINE.match(head[match.start() : end if end >= 0 else len(head)]):
            return False
    if _TAG_COMMENT.search(head):
        return True
    lines = [
        line for line in head.splitlines() if line.strip() and not line.lstrip().startswith(";")
    ]
    if not lines:
        return False
    players = sum(1 for line in lines if _PLAYER_LINE.match(line))
    return players * 2 > len(lines)
