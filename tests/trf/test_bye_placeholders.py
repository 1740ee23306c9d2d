"""A line named like a bye ("spielfrei") with no games is the bye's placeholder, no player.

The 2005 open of sample_reports/ (FIDE's TRF16 example, a Swiss-Manager export) ends
with line 297, start number 284 ``spielfrei``: no game, 0.0 points, rank 0. Its 062
says 284 players, counting that line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.formats.trf.bye_lines import BYE_NAMES, folded
from trfsite.formats.trf.writer import write_trf
from trfsite.validate import validate

ROOT = Path(__file__).resolve().parents[2]
OPEN_2005 = ROOT / "sample_reports" / "karl-mala-open-2005.trf"


def _line(number: int, name: str, cells: str, points: float = 0.0) -> str:
    head = (
        f"001 {number:>4} m    {name:<33} {'':>4} {'':<3} {'':>11} {'':<10} {points:>4.1f} {0:>4}"
    )
    return head + cells


def test_the_2005_opens_spielfrei_is_no_player() -> None:
    result = read_bytes(OPEN_2005.read_bytes(), OPEN_2005.name)
    t = result.tournament
    assert t is not None
    assert len(t.players) == 283  # 284 lines, the last one the placeholder
    assert 284 not in {p.id for p in t.players}
    assert [p.id for p in t.bye_placeholders] == [284]
    found = [f for f in validate(result, OPEN_2005.name) if f.code == "player-bye-placeholder"]
    assert [(f.severity, f.line, f.column) for f in found] == [(Severity.INFO, 297, 15)]
    assert "'spielfrei'" in found[0].message and "not as a player" in found[0].message
    # 062 says 284: the file counts its placeholder, which is no mismatch.
    codes = {f.code for f in validate(result, OPEN_2005.name)}
    assert "players-count-mismatch" not in codes


def test_export_writes_the_placeholder_back() -> None:
    t = read_bytes(OPEN_2005.read_bytes(), OPEN_2005.name).tournament
    assert t is not None
    written = write_trf(t)
    assert sum(1 for line in written.splitlines() if line.startswith("001 ")) == 284
    again = read_trf(written, "again.trf").tournament
    assert again is not None and [p.id for p in again.bye_placeholders] == [284]


# One spelling per language of the site, as programs and arbiters write them.
SPELLINGS = [
    "spielfrei",  # de
    "Freilos",  # de
    "BYE",  # en
    "Exempt",  # fr
    "exempté",  # fr
    "libre",  # es
    "Riposo",  # it
    "vrij",  # nl
    "Pauza",  # pl
    "wolny los",  # pl
    "Folga",  # pt
    "volný los",  # cs
    "erőnyerő",  # hu
    "СВОБОДЕН",  # ru
    "bay",  # tr
    "Бай",  # ru
    "- spielfrei -",
]


@pytest.mark.parametrize("name", SPELLINGS)
def test_each_languages_bye_name_without_games_is_a_placeholder(name: str) -> None:
    text = "\n".join(
        [
            "012 Placeholder test",
            _line(1, "Alpha,Anna", "     0000 - U", 1.0),
            _line(2, name, "     0000 - -"),
        ]
    )
    t = read_trf(text + "\n", "p.trf").tournament
    assert t is not None
    assert [p.id for p in t.players] == [1]
    assert [p.id for p in t.bye_placeholders] == [2]


def test_a_player_named_like_a_bye_who_played_stays_a_player() -> None:
    text = "\n".join(
        [
            "012 Placeholder test",
            _line(1, "Alpha,Anna", "     2 w 1", 1.0),
            _line(2, "Bye", "     1 b 0"),
            _line(3, "Freilos", "  0000 - F", 1.0),  # a full-point bye is a result
        ]
    )
    t = read_trf(text + "\n", "p.trf").tournament
    assert t is not None
    assert [p.id for p in t.players] == [1, 2, 3]
    assert t.bye_placeholders == ()


def test_folding_keeps_letters_only() -> None:
    assert folded("- Spielfrei -") == "spielfrei"
    assert folded("volný los") == folded("VOLNY LOS") == "volnylos"
    assert folded("Müller,Hans") not in BYE_NAMES


def test_ascii_names_are_folded_without_taking_accents_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # NFKD leaves ASCII as it is: of "- Spielfrei -", "Kern, Gus" and "Exempté" only
    # the last is decomposed (main: all three), and each folds as before.
    import unicodedata

    decomposed: list[str] = []
    normalize = unicodedata.normalize

    def counted(form: str, text: str) -> str:
        decomposed.append(text)
        return normalize(form, text)  # type: ignore[arg-type]

    monkeypatch.setattr(unicodedata, "normalize", counted)
    assert [folded(n) for n in ("- Spielfrei -", "Kern, Gus", "Exempté")] == [
        "spielfrei",
        "kerngus",
        "exempte",
    ]
    assert decomposed == ["Exempté"]
