"""The offline people search: compact index pieces as ``.js`` files.

A page opened from ``file://`` may not fetch JSON, but it may load scripts: each
piece is a script that hands its rows to ``trfsitePeople.add``. A person is in
the piece of the first two letters of each word of their folded name, so the
search page loads one small piece for what was typed, even for 100,000 people.
"""

from __future__ import annotations

import json
from collections import defaultdict

from trfsite.people.identity import Resolution
from trfsite.people.names import fold_name
from trfsite.people.report import PEOPLE_FOLDER

_PIECE_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def piece_name(word: str) -> str:
    """``"mu"`` for ``"muller"``; letters outside a-z and 0-9 become ``_``."""
    return "".join(ch if ch in _PIECE_LETTERS else "_" for ch in word[:2]).ljust(2, "_")


def search_pieces(resolution: Resolution, folder: str) -> list[tuple[str, str]]:
    """(path under OUT, script text) for every piece, sorted by path.

    A row is ``[name, folded name, page, federation, events, last year]``.
    """
    rows: dict[str, list[list[object]]] = defaultdict(list)
    for person in resolution.people:
        folded = fold_name(person.name)
        years = [
            resolution.events[ref.event].date.year  # type: ignore[union-attr]
            for ref in person.entries
            if resolution.events[ref.event].date is not None
        ]
        row: list[object] = [
            person.name,
            folded,
            person.page,
            person.federation,
            len(person.entries),
            max(years) if years else None,
        ]
        for piece in sorted({piece_name(word) for word in folded.split()}):
            rows[piece].append(row)
    pieces = []
    for piece in sorted(rows):
        body = json.dumps(rows[piece], ensure_ascii=False, separators=(",", ":"))
        # "</" cannot end a script early in a .js file, but keep the text inert anyway.
        body = body.replace("</", "<\\/")
        text = f'trfsitePeople.add("{piece}",{body});\n'
        pieces.append((f"{PEOPLE_FOLDER}/{folder}/{piece}.js", text))
    return pieces
