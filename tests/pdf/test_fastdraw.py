"""The fast ``draw_first_line`` (trfsite.pdf.fastdraw) writes the very bytes WeasyPrint does.

Each bulletin is drawn twice, with WeasyPrint's own function and with the fast
path, and the files compared byte for byte: small individual and team events
(ordinary tables and line mode), names in many scripts (combining marks, right
to left, characters no installed font has, wide ones), a generated open in line
mode, and hand-written HTML for what the theme never does (ellipses, spacing,
mixed fonts and sizes in a line).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import jinja2
import pytest
from pdf_events import INDIVIDUAL, INDIVIDUAL_DATA, INDIVIDUAL_STANDINGS, TEAM_DATA

from trfsite.pages.contexts import BulletinData
from trfsite.pdf import fastdraw, render_bulletin

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_individual_swiss  # noqa: E402

weasyprint = pytest.importorskip("weasyprint")
pytestmark = pytest.mark.skipif(
    weasyprint.__version__ != fastdraw.SUPPORTED_VERSION,
    reason="the fast path is only installed on the WeasyPrint version it mirrors",
)

Draw = Callable[[Callable[[], bytes]], tuple[bytes, bytes]]


@pytest.fixture()
def both(monkeypatch: pytest.MonkeyPatch) -> Iterator[Draw]:
    """Render with WeasyPrint's function, then with the fast path; count the slow calls."""
    from weasyprint.draw import text

    fastdraw.uninstall()
    original = text.draw_first_line
    slow_calls = [0]

    def counted(*args: Any) -> Any:
        slow_calls[0] += 1
        return original(*args)

    monkeypatch.setattr(text, "draw_first_line", counted)

    def draw(render: Callable[[], bytes]) -> tuple[bytes, bytes]:
        fastdraw.uninstall()
        slow_calls[0] = 0
        with monkeypatch.context() as patch:
            # render_bulletin installs the fast path itself: not this time
            patch.setattr(fastdraw, "install", lambda: False)
            slow = render()
        lines = slow_calls[0]
        assert fastdraw.install()
        slow_calls[0] = 0
        fast = render()
        # the fast path must have drawn most lines itself, or this compares nothing
        assert slow_calls[0] < lines / 2, (slow_calls[0], lines)
        return slow, fast

    yield draw
    fastdraw.uninstall()
    monkeypatch.undo()
    fastdraw.install()


def _bulletin(env: jinja2.Environment, data: BulletinData, line_mode: bool) -> Callable[[], bytes]:
    return lambda: render_bulletin(data, env, line_mode)


@pytest.mark.parametrize("line_mode", [False, True])
@pytest.mark.parametrize("data", [INDIVIDUAL_DATA, TEAM_DATA], ids=["individual", "team"])
def test_small_events_are_drawn_byte_for_byte_alike(
    both: Draw, bulletin_env: jinja2.Environment, data: BulletinData, line_mode: bool
) -> None:
    slow, fast = both(_bulletin(bulletin_env, data, line_mode))
    assert slow == fast


# names no Latin font draws alike: combining marks (offsets), Arabic and Hebrew
# (right to left), Chinese and an emoji (no installed font has them: .notdef),
# Greek, Cyrillic, Devanagari
SCRIPTS = (
    "Mu\u0308ller, Zoe\u0301",
    "محمد, علي",
    "כהן, דוד",
    "李, 小龍",
    "Ἀλέξανδρος, Ὀδυσσεύς",
    "Иванов, Пётр",
    "शर्मा, राहुल 🙂",
)


def _renamed(data: BulletinData) -> BulletinData:
    players = tuple(
        replace(p, name=SCRIPTS[i % len(SCRIPTS)]) for i, p in enumerate(INDIVIDUAL.players)
    )
    names = {p.id: p.name for p in players}
    tournament = replace(INDIVIDUAL, players=players)
    rows = tuple(replace(r, name=names[r.id]) for r in INDIVIDUAL_STANDINGS.rows)
    standings = replace(INDIVIDUAL_STANDINGS, tournament=tournament, rows=rows)
    return replace(data, tournament=tournament, standings=standings, round_standings=())


@pytest.mark.parametrize("line_mode", [False, True])
def test_names_in_many_scripts_are_drawn_byte_for_byte_alike(
    both: Draw, bulletin_env: jinja2.Environment, line_mode: bool
) -> None:
    slow, fast = both(_bulletin(bulletin_env, _renamed(INDIVIDUAL_DATA), line_mode))
    assert slow == fast


def test_a_generated_open_in_line_mode_is_drawn_byte_for_byte_alike(
    both: Draw, bulletin_env: jinja2.Environment
) -> None:
    from trfsite.formats import read_bytes
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    text = generate_individual_swiss(90, 7, seed=3)
    tournament = read_bytes(text.encode(), "open.trf").tournament
    assert tournament is not None
    standings = compute_standings(tournament, StandingsOptions())
    data = BulletinData(tournament, standings, (), 0, tournament.name, "2025-07-10", "", "en")
    slow, fast = both(_bulletin(bulletin_env, data, True))
    assert slow == fast


HAND_STYLE = """<style>
body { font: 9pt "DejaVu Sans"; }
.cut { width: 30mm; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.clamp { width: 30mm; line-clamp: 2; }
.spaced { letter-spacing: 0.3mm; word-spacing: 2mm; }
.mono { font-family: "DejaVu Sans Mono"; white-space: pre; }
.kern { font-kerning: normal; font-size: 14pt; }
</style>"""
# five times over: the first time a glyph is met is WeasyPrint's, the others the fast path's
HAND_BODY = """<p class="cut">A very long name that cannot fit in thirty millimetres at all</p>
<p class="clamp">Many words that run over two lines and must end with an ellipsis here and now</p>
<p class="spaced">Spaced letters and words, Łódź and Ørsted</p>
<p class="mono">  1  Müller, Hans       2400  GER   2½
  2  André, Jean        2350  FRA   2</p>
<p class="kern">AV To Wa Yo <b>bold</b> <i>italic</i> <small>small</small> x<sup>2</sup>
<span style="font-family: 'DejaVu Serif'">serif</span> 李 ff fi</p>"""
HAND_WRITTEN = f"<!DOCTYPE html><html><head>{HAND_STYLE}</head><body>{HAND_BODY * 5}</body></html>"


def test_hand_written_text_is_drawn_byte_for_byte_alike(both: Draw) -> None:
    def render() -> bytes:
        pdf: bytes = weasyprint.HTML(string=HAND_WRITTEN).write_pdf(pdf_identifier=True)
        return pdf

    slow, fast = both(render)
    assert slow == fast


def test_another_weasyprint_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from weasyprint.draw import text

    fastdraw.uninstall()
    original = text.draw_first_line
    monkeypatch.setattr(weasyprint, "__version__", "0.0")
    try:
        assert not fastdraw.install()
        assert text.draw_first_line is original
    finally:
        monkeypatch.undo()
        fastdraw.install()
    assert fastdraw.install()  # idempotent
    assert text.draw_first_line.trfsite_original is original  # wrapped once
