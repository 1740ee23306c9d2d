"""The offline people search: compact index pieces as ``.js`` files.

A page opened from ``file://`` may not fetch JSON, but it may load scripts: each
piece is a script that hands its rows to ``trfsitePeople.add``. A person is in
the piece of the first two letters of each word of their folded name, so the
search page loads one small piece for what was typed, even for 100,000 people.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator

from trfsite.people.report import PEOPLE_FOLDER
from trfsite.people.rows import PersonRow, piece_name

__all__ = ["joined_piece", "piece_name", "piece_path", "piece_text", "row_text", "search_pieces"]


def piece_path(folder: str, piece: str) -> str:
    return f"{PEOPLE_FOLDER}/{folder}/{piece}.js"


def piece_text(piece: str, rows: Iterable[PersonRow]) -> str:
    """One piece's script; ``rows`` by person key."""
    return joined_piece(piece, (row_text(r) for r in rows))


def row_text(row: PersonRow) -> str:
    """A person's row in a piece: ``[name, folded name, page, federation, events, last
    year]`` as JSON (kept in the build state, so a rebuild joins stored texts)."""
    shown = [row.name, row.folded, row.page, row.federation, row.events, row.last_year]
    # "</" cannot end a script early in a .js file, but keep the text inert anyway.
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def joined_piece(piece: str, texts: Iterable[str]) -> str:
    """One piece's script from its rows' ``row_text``, by person key: the JSON list
    of them (no "</" spans two rows, each being a list)."""
    return f'trfsitePeople.add("{piece}",[{",".join(texts)}]);\n'


def search_pieces(rows: Iterable[PersonRow], folder: str) -> Iterator[tuple[str, str]]:
    """(path under OUT, script text) for every piece of ``rows`` (by person key),
    sorted by path; each text made when asked for (all of them at once were
    4 MiB per 1,000 events of a first build's people step)."""
    pieces: dict[str, list[PersonRow]] = defaultdict(list)
    for row in rows:
        for piece in sorted(row.pieces):
            pieces[piece].append(row)
    for piece in sorted(pieces):
        yield piece_path(folder, piece), piece_text(piece, pieces[piece])
