"""The PGN downloads' movetext made with less work (issue 42: 2,000 games, 160,000
moves): ``wrap`` cuts the joined text a line at a time instead of looking at each
token word by word, and a line without notes is numbered a pair of moves at a time.
Expected texts by hand."""

from __future__ import annotations

from trfsite.formats.pgn.reader import Line
from trfsite.formats.pgn.writer import line_tokens, wrap


class CountedToken(str):
    """A token that counts how often ``wrap`` looks into it (a space test, a split)."""

    looks = 0

    def __contains__(self, part: object) -> bool:
        CountedToken.looks += 1
        return super().__contains__(part)  # type: ignore[operator]

    def split(self, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        CountedToken.looks += 1
        return super().split(*args, **kwargs)


def test_wrap_does_not_look_into_each_token() -> None:
    words = ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "3.", "Bb5", "a6"]
    tokens = [CountedToken(word) for word in words]
    CountedToken.looks = 0
    # "1. e4 e5" is 8 characters, " 2." would make 11; "2. Nf3 Nc6" is exactly 10.
    assert wrap(tokens, width=10) == "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6"
    # The old wrap tested every token for a space: 9 looks for 9 tokens.
    assert CountedToken.looks == 0


def test_a_long_first_word_stands_alone_and_the_rest_still_fills_lines() -> None:
    assert wrap(["{yyyyyy}", "z", "w", "vvvv"], width=4) == "{yyyyyy}\nz w\nvvvv"
    assert wrap(["abc"], width=3) == "abc"
    assert wrap(["a", "b"], width=3) == "a b"
    assert wrap(["a", "bc"], width=3) == "a\nbc"


def test_a_plain_line_is_numbered_by_pairs() -> None:
    line = Line(sans=("Kf7", "Ke3", "Ke7", "Kd4"))
    # Black moves first, at move 23: its number written with "...", then 24. for White.
    assert line_tokens(line, 0, white_first=False, first_number=23) == [
        "23...", "Kf7", "24.", "Ke3", "Ke7", "25.", "Kd4",
    ]  # fmt: skip
    # From the game's start, an odd count: the last White move stands alone.
    assert line_tokens(Line(sans=("e4", "e5", "Nf3"))) == ["1.", "e4", "e5", "2.", "Nf3"]
    # A variation from ply 3 (Black's second move) in a game White began.
    assert line_tokens(Line(sans=("Nc6", "Bb5")), 3) == ["2...", "Nc6", "3.", "Bb5"]
    assert line_tokens(Line()) == []
