"""The layouts of the earlier TRF extensions draft (``trf-extensions-draft.md``).

The draft numbered and placed some records differently: 330 held the
half/full-point byes (TRF-2026: 240), 340 the forfeited matches (TRF-2026:
330), and 250, 299, 310, 320 and 802 had narrower fields. A line is read the
draft's way only when it fits the draft's columns exactly (see ``layout.py``),
and every such line is reported with a warning naming the draft.
"""

from __future__ import annotations

from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.formats.trf.layout import Layout
from trfsite.results import Note

DRAFT_NAME = (
    "the TRF extensions draft "
    "('TRF Extensions to support Acceleration, Tie-Breaks and Team Pairing')"
)

# 250: two-digit match points at 5-6, game points 8-11, rounds 13-15 and 17-19,
# ids 21-24 and 26-29.
LAYOUT_250 = Layout(((5, 6), (8, 11), (13, 15), (17, 19), (21, 24), (26, 29)))
# 299: match points at 8-9, points 12-15, round 18-20, ids from 22.
LAYOUT_299 = Layout(((5, 5), (8, 9), (12, 15), (18, 20)), ((0, 4),), 22, 5)
# 310: match points 55-58 (no decimals), game points 60-65, rank 67-69, players from 72.
LAYOUT_310 = Layout(
    ((5, 7), (9, 40), (42, 46), (48, 53), (55, 58), (60, 65), (67, 69)), ((0, 4),), 72, 5, 48
)
# 320: two-digit match points at 5-6, game points 8-11, one team per round from 13.
LAYOUT_320 = Layout(((5, 6), (8, 11)), ((0, 3),), 13, 4)
# 330 of the draft = TRF-2026's 240 (byes) with three-digit team numbers from 11.
LAYOUT_330_BYES = Layout(((5, 5), (7, 9)), ((0, 3),), 11, 4)
# 802: nickname 9-14, match points 16-19, game points 21-26, rounds from 28.
LAYOUT_802 = Layout(((5, 7), (9, 14), (16, 19), (21, 26)), ((0, 3), (4, 1), (6, 5)), 28, 13)


def is_draft_bye_330(line: SourceLine) -> bool:
    """A 330 record of the draft's "byes" kind (``330 H 003 026 047``)."""
    text = line.text
    return len(text) > 5 and text[4] in "FHZfhz" and text[5] == " "


def report(sink: Sink, line: SourceLine, meaning: str = "") -> None:
    """Warn that ``line`` uses a draft layout; ``meaning`` says what it was read as."""
    read_as = (
        Note(" It was read as {meaning}.", meaning=meaning)
        if meaning
        else Note(" It was read the draft's way.")
    )
    sink.warning(
        "record-draft-layout",
        line.number,
        1,
        Note(
            "record {code} ({text!r}) uses the layout of {draft_name}, "
            "not TRF-2026's; expected the TRF-2026 layout.{read_as}",
            code=line.code,
            text=line.text.rstrip()[:40],
            draft_name=DRAFT_NAME,
            read_as=read_as,
        ),
    )
