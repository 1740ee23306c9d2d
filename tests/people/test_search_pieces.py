"""A search piece is the JSON list of its people's rows, each row's text kept in the
build state (``search.row_text``) and joined by a rebuild (``search.joined_piece``):
the joined text is the one a cold build dumps as one list, "</" made inert."""

from __future__ import annotations

from trfsite.people.rows import PersonRow
from trfsite.people.search import joined_piece, piece_text, row_text, search_pieces


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


def test_the_pieces_are_made_one_at_a_time() -> None:
    # A first build made every piece's text at once (4 MiB per 1,000 events); each is
    # now made when the people step asks for it, and written before the next.
    rows = [
        PersonRow("a", "pa", "Anna", "anna", "DEN", 3, None, pieces=("an",)),
        PersonRow("b", "pb", "Bert", "bert", "DEN", 1, 2020, pieces=("be",)),
        PersonRow("c", "pc", "Carl", "carl", "DEN", 2, 2021, pieces=("ca",)),
    ]
    made = search_pieces(rows, "search")
    first = next(made)
    assert first == (
        "people/search/an.js",
        'trfsitePeople.add("an",[["Anna","anna","pa","DEN",3,null]]);\n',
    )
    assert [path for path, _ in made] == ["people/search/be.js", "people/search/ca.js"]
