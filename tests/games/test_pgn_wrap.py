"""The PGN downloads' movetext lines: at most 80 characters (PGN standard 8.2.6, export
format), broken between tokens, a long comment at its spaces. Expected lines by hand."""

from __future__ import annotations

from trfsite.formats.pgn.writer import wrap


def test_lines_break_between_tokens_at_the_width() -> None:
    # "1. e4 e5" is 8 characters; with " 2." it would be 11 > 10: a new line.
    assert wrap(["1.", "e4", "e5", "2.", "Nf3", "Nc6"], width=10) == "1. e4 e5\n2. Nf3 Nc6"
    # Exactly the width fits: "1. e4 e5 2" is 10.
    assert wrap(["1.", "e4", "e5", "2"], width=10) == "1. e4 e5 2"


def test_a_comment_breaks_at_its_spaces_and_a_long_word_stands_alone() -> None:
    assert wrap(["{a bb", "ccc}"], width=4) == "{a\nbb\nccc}"
    # A word longer than the width gets a line of its own, not cut.
    assert wrap(["x", "y" * 6, "z"], width=4) == "x\nyyyyyy\nz"


def test_spaces_inside_a_comment_are_kept_and_nothing_is_empty() -> None:
    assert wrap(["{a  b}"]) == "{a  b}"  # two spaces: an empty word between them
    assert wrap([]) == ""
    assert wrap(["", ""]) == ""  # only empty words: no line
    assert wrap(["", "e4"]) == "e4"  # an empty first word does not start the line
