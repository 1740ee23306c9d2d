"""EGF Go tournament tables (``.h9``, ``.h2``, EGD downloads), as real programs write them.

See ``../shared/spec/egf-format-notes.md``. ``read_egf`` turns the text into the
format-neutral model; player ids are row numbers, because opponent numbers in
result tokens are row numbers, not (tied) places.
"""

from __future__ import annotations

import re

from trfsite.formats.egf.reader import read_egf

__all__ = ["read_egf", "sniff"]

_TRF_RECORD = re.compile(r"^(?:001|012|013|022|032|042|052|062|072|082|092|102|112|122) ", re.M)
_TAG_COMMENT = re.compile(r"^\s*;.*\b(?:TC|CL|EV|PC|DT|HA|KM|TM|TA|CM)\[", re.M)
_PLAYER_LINE = re.compile(
    r"^\s*(?:\d+\s+)?\S.*?\s\d{1,2}[kKdDpP]\s.*\s\d+[-+=?](?:[/!][wWbB?]?[hH]?[\dOo]{0,2})?\s*"
    r"(?:\|\s*\d*\s*)?$",
    re.ASCII,
)


def sniff(text: str) -> bool:
    """Does this text look like an EGF table (and not like a TRF file)?"""
    head = text[:20000]
    if _TRF_RECORD.search(head):
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
