"""``bulletin_games`` (issue 42): the PDF prints the chosen games with a diagram and the
score; none by default. Read back with pypdf (text and page count)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from games.gamehelpers import pgn, small_event
from trfsite.site.build import BuildOptions, build_site


def _bulletin(tmp_path: Path, config: str) -> PdfReader:
    monkey = pytest.MonkeyPatch()
    monkey.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    src.mkdir(parents=True)
    (src / "small.trf").write_text(small_event())
    (src / "small.pgn").write_bytes(pgn("small.pgn"))
    (src / "trfsite.toml").write_text(config)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=True))
    monkey.undo()
    return PdfReader(io.BytesIO((out / "small" / "small.pdf").read_bytes()))


def _text(reader: PdfReader) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_chosen_games_are_printed_with_diagram_and_score(tmp_path: Path) -> None:
    plain = _bulletin(tmp_path / "plain", "")
    chosen = _bulletin(tmp_path / "chosen", '[events.small]\nbulletin_games = ["1.1", "9.9"]\n')
    # One game (9.9 is no game of the event): one page more, the games' section.
    assert len(chosen.pages) == len(plain.pages) + 1
    assert "Opera" not in _text(plain)
    last = " ".join((chosen.pages[-1].extract_text() or "").split())
    assert "Games" in last and "Alpha,Anna – Delta,Dora 1-0" in last
    # The score as the replay writes it: the mate sign, and the Opera game's last move.
    assert "17. Rd8# 1-0" in last
    # The diagram: the final position (small.pgn's Opera game, test_game_site's
    # OPERA_FINAL, worked out by hand): White has one rook (d8) and 7 pawns, Black a king.
    assert last.count("♖") == 1 and last.count("♚") == 1 and last.count("♙") == 7
    assert "C41" in last  # the opening, as tagged
