"""Reading PGN text: tags, comments, NAGs, variations, several games, damaged files."""

from __future__ import annotations

from dataclasses import replace

from trfsite.formats.pgn import read_pgn
from trfsite.formats.pgn.reader import MAX_COMMENT, MAX_GAMES

TWO_GAMES = (
    '[Event "Club Open"]\r\n[Site "Town"]\r\n[Date "2025.03.01"]\r\n[Round "5.12"]\r\n'
    '[White "Novák, Jan"]\r\n[Black "Müller, Eva"]\r\n[Result "1/2-1/2"]\r\n'
    '[WhiteFideId "123456"]\r\n\r\n'
    "1. e4 $1 {Best by test} c5 2. Nf3!? (2. c3 d5 (2... Nf6) 3. exd5) d6 ; a note\r\n"
    "3. d4 1/2-1/2\r\n\r\n"
    '[Event "Club Open"]\r\n[Round "5.13"]\r\n[White "A"]\r\n[Black "B"]\r\n'
    '[Result "0-1"]\r\n\r\n{Before the first move} 1. d4 d5 0-1\r\n'
)


def test_tags_moves_comments_nags_and_variations() -> None:
    pgn = read_pgn(TWO_GAMES, "open.pgn")
    assert pgn.findings == ()
    first, second = pgn.games
    assert first.tag("White") == "Novák, Jan" and first.tag("Round") == "5.12"
    assert first.tag("WhiteFideId") == "123456"
    assert first.termination == "1/2-1/2" and first.line == 1
    moves = first.main_line.moves
    assert [m.san for m in moves] == ["e4", "c5", "Nf3", "d6", "d4"]
    assert moves[0].nags == (1,) and moves[0].comment == "Best by test"
    assert moves[2].nags == (5,)  # "!?" is NAG 5
    (variation,) = moves[2].variations
    assert [m.san for m in variation.moves] == ["c3", "d5", "exd5"]
    assert [m.san for m in variation.moves[1].variations[0].moves] == ["Nf6"]
    assert second.main_line.comment == "Before the first move"
    assert second.line == 13 and second.index == 1  # 8 tags, blank, 2 move lines, blank


def test_missing_result_is_a_warning_and_the_next_game_still_read() -> None:
    text = '[White "A"]\n\n1. e4 e5\n\n[White "C"]\n\n1. d4 *\n'
    pgn = read_pgn(text, "x.pgn")
    assert len(pgn.games) == 2
    (finding,) = pgn.findings
    assert finding.code == "pgn-result-missing" and finding.line == 1


def test_unclosed_comment_runs_to_the_end() -> None:
    pgn = read_pgn('[White "A"]\n\n1. e4 {never closed\n e5 2. Nf3\n', "x.pgn")
    codes = {f.code for f in pgn.findings}
    assert "pgn-comment-open" in codes
    assert [m.san for m in pgn.games[0].main_line.moves] == ["e4"]


def test_a_huge_comment_is_cut() -> None:
    pgn = read_pgn('[White "A"]\n\n1. e4 {' + "x" * 200_000 + "} e5 *\n")
    comment = pgn.games[0].main_line.moves[0].comment
    assert len(comment) <= MAX_COMMENT + 2 and comment.endswith("…")


def test_binary_data_stops_the_file_with_an_error() -> None:
    pgn = read_pgn('[White "A"]\n\n1. e4 \x00\x01\x02 e5 *\n', "x.pgn")
    assert [f.code for f in pgn.findings] == ["pgn-binary"]


def test_too_many_games_are_counted_not_read() -> None:
    one = '[White "A"]\n1. e4 *\n'
    pgn = read_pgn(one * (MAX_GAMES + 5))
    assert len(pgn.games) == MAX_GAMES
    (finding,) = pgn.findings
    assert finding.code == "pgn-games-too-many" and f"{MAX_GAMES + 5:,}" in finding.message


def test_escape_lines_and_move_numbers_with_black_dots() -> None:
    pgn = read_pgn('% exported by a program\n[White "A"]\n\n1. e4 1... e5 2.Nf3 *\n')
    assert [m.san for m in pgn.games[0].main_line.moves] == ["e4", "e5", "Nf3"]


def test_a_tag_is_found_by_name_the_first_of_a_name_kept() -> None:
    """``PgnGame.tag`` reads a dictionary made with the game (the first of a repeated
    tag, as the scan over the tags found it); a game with new tags gets its own."""
    text = '[White "First"]\n[Black "B"]\n[White "Second"]\n\n1. e4 e5 *\n'
    (game,) = read_pgn(text).games
    assert game.tag("White") == "First"
    assert game.tag("Black") == "B"
    assert game.tag("Round") == ""
    renamed = replace(game, tags=(("White", "Other"),))
    assert renamed.tag("White") == "Other"
    assert renamed.tag("Black") == ""
    assert renamed == replace(game, tags=(("White", "Other"),))
