"""Line tables cut into pages (trfsite.pdf.sheets) and a bulletin cut into documents.

Sizes are in the module's own units (LINE, HEAD, GAP points); every expected cut
is worked out by hand in the comments.
"""

from __future__ import annotations

from trfsite.pdf import sheets
from trfsite.pdf.documents import Piece, documents
from trfsite.pdf.line_views import LineTable

L = sheets.LINE
# Room for a head, the gap below the table, and ten lines (a hair more, for rounding).
ROOM = sheets.HEAD + sheets.GAP + 10 * L + 0.01
FIVE = "\n".join(["x"] * 5)
THREE = "\n".join(["x"] * 3)
TABLE = LineTable("head", (FIVE, FIVE, FIVE, FIVE, THREE))  # bands b0-b4: 23 lines


def _cut(found: tuple[tuple[object, ...], ...]) -> list[int]:
    return [sum(len(chunk.bands) for chunk in sheet) for sheet in found]  # type: ignore[attr-defined]


def test_two_bands_of_five_to_a_sheet_of_ten_lines() -> None:
    # 5 + 5 lines fill a sheet; the last sheet has b4 alone
    assert _cut(sheets.paginate([TABLE], ROOM)) == [2, 2, 1]


def test_what_comes_before_takes_room_on_the_first_sheet() -> None:
    # 5 lines of headings leave room for b0; then b1 b2, then b3 (5) and b4 (3)
    assert _cut(sheets.paginate([TABLE], ROOM, before=5 * L)) == [1, 2, 2]


def test_what_comes_after_takes_room_on_the_last_sheet() -> None:
    # as above, but b3 + b4 (8 lines) and a 3-line legend do not fit ten: b4 moves on
    assert _cut(sheets.paginate([TABLE], ROOM, before=5 * L, after=3 * L)) == [1, 2, 1, 1]


def test_heads_repeat_and_shading_runs_on_across_sheets() -> None:
    found = sheets.paginate([TABLE], ROOM)
    assert all(chunk.head == "head" for sheet in found for chunk in sheet)
    shading = [shaded for sheet in found for chunk in sheet for _, shaded in chunk.bands]
    assert shading == [False, True, False, True, False]  # every other band of the table


def test_a_second_table_follows_on_the_same_sheet() -> None:
    small = LineTable("other", (THREE,))
    # b0 b1 | b2 b3 | b4 (3 lines) and the other table (3 lines) with a head and gap each:
    # 2 * (9.7 + 8.5) + 6 * 9.1 = 91 points, within ROOM's 18.2 + 91 + 0.01
    found = sheets.paginate([TABLE, small], ROOM)
    assert [[chunk.head for chunk in sheet] for sheet in found] == [
        ["head"],
        ["head"],
        ["head", "other"],
    ]


def test_an_empty_section_still_takes_its_page() -> None:
    assert sheets.paginate([], ROOM, before=5 * L) == ((),)


def _piece(name: str, pages: int | None, weight: int) -> Piece:
    return Piece((name,), pages, {}, weight)


def test_a_run_of_known_pieces_is_cut_in_two_halves_of_about_the_same_weight() -> None:
    found = [
        _piece("front", 2, 100),
        _piece("standings", 27, 2700),
        _piece("ratings", 27, 2700),
        _piece("crosstable", 41, 4500),
        _piece("rounds", 11, 500),
    ]
    # total 10,500; cut after 1, 2, 3 or 4 pieces: 100 | 2,800 | 5,500 | 10,000 before it,
    # off the half (5,250) by 5,150, 2,450, 250, 4,750: after the ratings
    cut = documents(found)
    assert [[p.sections[0] for p in doc] for doc in cut] == [
        ["front", "standings", "ratings"],
        ["crosstable", "rounds"],
    ]


def test_a_piece_of_unknown_length_is_a_document_of_its_own() -> None:
    found = [
        _piece("front", None, 100),
        _piece("standings", 27, 2700),
        _piece("awards", None, 100),
        _piece("ratings", 27, 2700),
        _piece("crosstable", 41, 4500),
    ]
    # standings alone between the two unknown ones; the last run: 2,700 | 4,500
    cut = documents(found)
    assert [[p.sections[0] for p in doc] for doc in cut] == [
        ["front"],
        ["standings"],
        ["awards"],
        ["ratings"],
        ["crosstable"],
    ]
