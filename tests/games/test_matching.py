"""Games matched to pairings, and each finding the issue asks for (file and line).

The event is ``small_event()`` (gamehelpers): its pairings and boards are worked out
by hand in that module's docstring.
"""

from __future__ import annotations

from games.gamehelpers import pgn, small_event
from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.limits import MAX_PGN_BYTES
from trfsite.model import Tournament
from trfsite.pages.games import EventGames, name_words, read_games


def event(names: tuple[str, ...] | None = None) -> Tournament:
    text = small_event(names) if names else small_event()
    t = read_bytes(text.encode(), "small.trf").tournament
    assert t is not None
    return t


def games_of(*files: tuple[str, bytes], t: Tournament | None = None) -> EventGames:
    return read_games(t or event(), list(files), ())


def codes(games: EventGames) -> list[tuple[str, str, int]]:
    return [(f.code, f.file, f.line) for f in games.findings]


def test_names_fold_as_the_people_archive_folds_them() -> None:
    assert name_words("Müller, Jürgen") == name_words("Mueller,Jurgen") == ("jurgen", "muller")
    assert name_words("Jürgen Müller") == name_words("MÜLLER, Jürgen")


def test_games_match_by_round_and_names_in_any_order() -> None:
    found = games_of(("small.pgn", pgn("small.pgn")))
    # R1: "Alpha, Anna"-"Delta, Dora" is board 1 (1-4), "Bert Beta"-"GAMMA, Gus" board 2 (2-3).
    # R2: Dora-Gus (4-3) is board 2: board 1 is 1-2 (more points before the round).
    assert [(g.round, g.board, g.white, g.black) for g in found.games] == [
        (1, 1, 1, 4),
        (1, 2, 2, 3),
        (2, 2, 4, 3),
    ]
    assert found.findings == ()
    assert found.page_of(1, 4) == "games/1-1.html" and found.page_of(2, 3) == "games/2-2.html"
    assert found.page_of(2, 1) == ""


def test_fide_ids_decide_when_both_tags_are_there() -> None:
    text = (
        '[Round "2"]\n[White "D. Delta"]\n[Black "G. Gamma"]\n[Result "0-1"]\n'
        '[WhiteFideId "24000004"]\n[BlackFideId "24000003"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
    )
    found = games_of(("ids.pgn", text.encode()))
    assert [(g.round, g.white, g.black) for g in found.games] == [(2, 4, 3)]
    # One id alone does not decide: the names (which match nobody here) do.
    one = text.replace('[BlackFideId "24000003"]\n', "")
    assert codes(games_of(("one.pgn", one.encode()))) == [("pgn-game-unmatched", "one.pgn", 1)]


def test_latin1_and_crlf_are_read() -> None:
    found = games_of(("latin1.pgn", pgn("latin1-crlf.pgn")))
    (game,) = found.games
    assert (game.round, game.board, game.white, game.black) == (2, 1, 1, 2)
    assert game.game.main_line.moves[3].comment == "Sizilianisch für Anfänger"


def test_each_finding_names_file_and_line() -> None:
    found = games_of(("findings.pgn", pgn("findings.pgn")))
    assert codes(found) == [
        ("pgn-result-mismatch", "findings.pgn", 1),  # 0-1 written, the file says 2-4 1-0
        ("pgn-game-unmatched", "findings.pgn", 9),  # "Nobody, Nemo" plays in no pairing
        ("pgn-move-illegal", "findings.pgn", 23),  # 5. Ke3 (its line): the king cannot go so
        ("pgn-game-unmatched", "findings.pgn", 25),  # "Twin, Tom" is nobody here
        ("pgn-game-twice", "findings.pgn", 33),  # R3 board 2 had its game at line 1
    ]
    assert all(f.severity is Severity.WARNING for f in found.findings)
    # The game with the illegal move is still listed; its board stops before move 5
    # (ply index 8: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 are plies 0-7).
    illegal = next(g for g in found.games if g.round == 3 and g.board == 1)
    assert illegal.replayed.stop_ply == 8 and len(illegal.replayed.sans) == 8


def test_an_illegal_move_is_found_at_its_line_and_column() -> None:
    """The finding points at the move itself, not at the game's first tag."""
    found = games_of(("findings.pgn", pgn("findings.pgn")))
    (illegal,) = [f for f in found.findings if f.code == "pgn-move-illegal"]
    # Line 23 is "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke3 Qd4 0-1": before Ke3
    # stand "1. e4 e5 " (9), "2. Nf3 Nc6 " (11), "3. Bb5 a6 " (10), "4. Bxc6 dxc6 " (13)
    # and "5. " (3), 46 characters, so Ke3 is at column 47.
    assert (illegal.line, illegal.column) == (23, 47)
    # In a variation and after a comment, counted on the main line alone.
    text = (
        '[Round "3"]\n[White "Gamma, Gus"]\n[Black "Alpha, Anna"]\n\n'
        "1. e4 {fine} (1. d4 d5) e5\n2. Nf3 (2. Ke3) Nc6 3. Bb5 a6\n4. Bxc6 dxc6 5. Ke3 0-1\n"
    )
    found = games_of(("var.pgn", text.encode()))
    (illegal,) = [f for f in found.findings if f.code == "pgn-move-illegal"]
    # Line 7 is "4. Bxc6 dxc6 5. Ke3 0-1": "4. Bxc6 dxc6 5. " is 16 characters.
    assert (illegal.file, illegal.line, illegal.column) == ("var.pgn", 7, 17)


def test_a_game_matching_two_pairings_is_ambiguous() -> None:
    twins = ("Alpha,Anna", "Twin,Tom", "Twin,Tom", "Delta,Dora")
    found = games_of(("findings.pgn", pgn("findings.pgn")), t=event(twins))
    # Round "?" and two players named Tom Twin: Anna met both (R2 and R3).
    assert ("pgn-game-ambiguous", "findings.pgn", 25) in codes(found)


def test_a_missing_game_is_told_where_most_games_are_present() -> None:
    found = games_of(("small.pgn", pgn("small.pgn")), ("findings.pgn", pgn("findings.pgn")))
    # 5 of the 6 games came (R1 boards 1-2, R2 board 2, R3 boards 1-2): R2 board 1 is missing.
    missing = [f for f in found.findings if f.code == "pgn-game-missing"]
    assert [(f.severity, f.message) for f in missing] == [
        (
            Severity.INFO,
            "round 2, board 1 (Alpha,Anna – Beta,Bert) has no game in the PGN files, though "
            "most games have one",
        )
    ]
    # Three of six is not most: nothing is said.
    assert not [f for f in games_of(("small.pgn", pgn("small.pgn"))).findings]


def test_damaged_files_give_findings_and_the_rest_is_read() -> None:
    binary = b"\x00\x01\x02PK\x03\x04" * 100
    truncated = b'[Round "1"]\n[White "Alpha, Anna"]\n[Black "Delta, Dora"]\n\n1. e4 e5 2. Nf'
    found = games_of(
        ("binary.pgn", binary),
        ("big.pgn", b" " * (MAX_PGN_BYTES.limit + 1)),
        ("cut.pgn", truncated),
        ("small.pgn", pgn("small.pgn")),
    )
    # The cut game has no result, and its last move "Nf" cannot be played; it is R1
    # board 1, so small.pgn's game of that board comes second.
    assert codes(found) == [
        ("file-binary", "binary.pgn", 0),
        ("pgn-too-large", "big.pgn", 0),
        ("pgn-result-missing", "cut.pgn", 1),
        ("pgn-move-illegal", "cut.pgn", 5),  # "Nf", on the moves' line
        ("pgn-game-twice", "small.pgn", 1),
    ]
    assert [(g.source, g.round, g.board) for g in found.games] == [
        ("cut.pgn", 1, 1),
        ("small.pgn", 1, 2),
        ("small.pgn", 2, 2),
    ]
