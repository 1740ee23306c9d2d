"""A search piece is the JSON list of its people's rows, each row's text kept in the
build state (``search.row_text``) and joined by a rebuild (``search.joined_piece``):
the joined text is the one a cold build dumps as one list, "</" made inert."""

from __future__ import annotations

from trfsite.people.rows import PersonRow
from trfsite.people.search import joined_piece, piece_text, row_text


def test_a_piece_joined_from_row_texts_is_the_list_written_by_hand() -> None:
    rows = [
        PersonRow("a", "pa", "Ø</b>", "o</b>", "DEN", 3, None),
        PersonRow("b", "pb", 'A "B" <', "a b <", "/", 1, 2020),
    ]
    expected = (
        'trfsitePeople.add("ab",['
        '["Ø<\\/b>","o<\\/b>","pa","DEN",3,null],'
        '["A \\"B\\" <","a b <","pb","/",1,2020]'
        "]);\n"
    )
    assert piece_text("ab", rows) == expected
    assert joined_piece("ab", [row_text(r) for r in rows]) == expected
    assert joined_piece("zz", []) == 'trfsitePeople.add("zz",[]);\n'
