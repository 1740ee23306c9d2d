"""The fast paths write the very bytes WeasyPrint does without them.

trfsite.pdf.fastdraw (drawing a line's glyphs), trfsite.pdf.fastlayout
(measuring a preserved line once), trfsite.pdf.fontdescriptions (one Pango
font description per font), trfsite.pdf.monolines (monospaced preserved lines
measured by counting), trfsite.pdf.widthcache (preferred widths measured once
per text), trfsite.pdf.pagestyles (one set of page styles per set of @page
declarations), trfsite.pdf.struts (a strut per style object) and
trfsite.pdf.nofloats (a line box placed where no float is) and trfsite.pdf.plainboxes
(boxes without backgrounds laid out in a step): each bulletin is drawn with WeasyPrint's
own
function and with the fast path, and the files compared byte for byte: small
individual and team events (ordinary tables and line mode), names in many
scripts (combining marks, right to left, characters no installed font has,
wide ones), a generated open in line mode, and hand-written HTML for what the
theme never does (ellipses, spacing, mixed fonts and sizes in a line).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import jinja2
import pytest
from pdf_events import INDIVIDUAL, INDIVIDUAL_DATA, INDIVIDUAL_STANDINGS, TEAM_DATA

from trfsite.pages.contexts import BulletinData
from trfsite.pdf import (
    fastdraw,
    fastlayout,
    fontdescriptions,
    monolines,
    nofloats,
    pagestyles,
    plainboxes,
    render_bulletin,
    struts,
    widthcache,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_individual_swiss  # noqa: E402

weasyprint = pytest.importorskip("weasyprint")
pytestmark = pytest.mark.skipif(
    weasyprint.__version__ != fastdraw.SUPPORTED_VERSION,
    reason="the fast paths are only installed on the WeasyPrint version they mirror",
)

# each fast path, with the WeasyPrint module and function it stands in for
FAST_PATHS = {
    "draw": (fastdraw, "weasyprint.draw.text", "draw_first_line"),
    "layout": (fastlayout, "weasyprint.text.line_break", "first_line_metrics"),
    "fonts": (fontdescriptions, "weasyprint.text.line_break", "get_font_description"),
    "monospaced": (monolines, "weasyprint.layout.inline", "split_first_line"),
    "widths": (widthcache, "weasyprint.layout.preferred", "split_first_line"),
    "page styles": (pagestyles, "weasyprint.layout.page", "set_page_type_computed_styles"),
    "struts": (struts, "weasyprint.layout.inline", "strut"),
    "no floats": (nofloats, "weasyprint.layout.inline", "avoid_collisions"),
    "plain boxes": (plainboxes, "weasyprint.layout.background", "layout_box_backgrounds"),
}
# a fast path that takes a line before another one could: left out while that one is compared
PRE_EMPTED_BY = {"layout": monolines}


def test_every_stand_in_the_bulletin_installs_is_compared_here() -> None:
    # one added to trfsite.pdf.FAST_PATHS without a row above would run unchecked
    from trfsite import pdf

    assert {module for module, _, _ in FAST_PATHS.values()} == set(pdf.FAST_PATHS)


@dataclass(frozen=True)
class Compared:
    slow: bytes
    fast: bytes
    calls: int  # calls of WeasyPrint's function without the fast path
    left_to_weasyprint: int  # of those, the ones the fast path passed on

    name: str  # a key of FAST_PATHS

    def check(self, preserved_lines: bool = True) -> None:
        """The same bytes, and the fast path did take over some calls."""
        assert self.slow == self.fast
        if self.name in ("draw", "fonts"):
            # most lines: every glyph met before in its font; the same few fonts
            assert self.left_to_weasyprint < self.calls / 2, self
        elif self.name in ("widths", "struts"):
            # the running header and footer, sized again on every page
            assert self.left_to_weasyprint < self.calls, self
        elif preserved_lines:
            assert self.left_to_weasyprint < self.calls, self


Compare = Callable[[Callable[[], bytes]], Compared]


@pytest.fixture(params=sorted(FAST_PATHS))
def both(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Compare]:
    """Render without the fast path, then with it; count WeasyPrint's own calls."""
    import importlib

    fast_path, module_name, function_name = FAST_PATHS[request.param]
    target: ModuleType = importlib.import_module(module_name)
    earlier = PRE_EMPTED_BY.get(request.param)
    if earlier is not None:
        earlier.uninstall()
        monkeypatch.setattr(earlier, "install", lambda: False)
    fast_path.uninstall()
    original = getattr(target, function_name)
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(target, function_name, counted)

    def compare(render: Callable[[], bytes]) -> Compared:
        fast_path.uninstall()
        calls[0] = 0
        with monkeypatch.context() as patch:
            # render_bulletin installs the fast paths itself: not this one, this time
            patch.setattr(fast_path, "install", lambda: False)
            slow = render()
        slow_calls = calls[0]
        assert fast_path.install()
        calls[0] = 0
        fast = render()
        return Compared(slow, fast, slow_calls, calls[0], request.param)

    yield compare
    fast_path.uninstall()
    monkeypatch.undo()
    fast_path.install()
    if earlier is not None:
        earlier.install()


def _bulletin(env: jinja2.Environment, data: BulletinData, line_mode: bool) -> Callable[[], bytes]:
    return lambda: render_bulletin(data, env, line_mode)


@pytest.mark.parametrize("line_mode", [False, True])
@pytest.mark.parametrize("data", [INDIVIDUAL_DATA, TEAM_DATA], ids=["individual", "team"])
def test_small_events_are_drawn_byte_for_byte_alike(
    both: Compare, bulletin_env: jinja2.Environment, data: BulletinData, line_mode: bool
) -> None:
    both(_bulletin(bulletin_env, data, line_mode)).check(preserved_lines=line_mode)


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
    both: Compare, bulletin_env: jinja2.Environment, line_mode: bool
) -> None:
    both(_bulletin(bulletin_env, _renamed(INDIVIDUAL_DATA), line_mode)).check(line_mode)


def test_a_generated_open_in_line_mode_is_drawn_byte_for_byte_alike(
    both: Compare, bulletin_env: jinja2.Environment
) -> None:
    from trfsite.formats import read_bytes
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    text = generate_individual_swiss(90, 7, seed=3)
    tournament = read_bytes(text.encode(), "open.trf").tournament
    assert tournament is not None
    standings = compute_standings(tournament, StandingsOptions())
    data = BulletinData(tournament, standings, (), 0, tournament.name, "2025-07-10", "", "en")
    both(_bulletin(bulletin_env, data, True)).check()


HAND_STYLE = """<style>
@page { @bottom-center { content: "page " counter(page); font-size: 7pt; } }
@page :first { @bottom-center { content: none; } }
@page :left { margin-left: 30mm; @top-left { content: "left"; } }
body { font: 9pt "DejaVu Sans"; }
.cut { width: 30mm; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.clamp { width: 30mm; line-clamp: 2; }
.spaced { letter-spacing: 0.3mm; word-spacing: 2mm; }
.mono { font-family: "DejaVu Sans Mono"; white-space: pre; }
.right { text-align: right; border: 0.2mm solid; display: inline-block; }
.right { border-radius: 1mm; background: #eef; }
.kern { font-kerning: normal; font-size: 14pt; }
</style>"""
# five times over, a page each (first, left and right pages differ): the first time a glyph
# is met (or a cell's text sized) is WeasyPrint's, the others the fast path's
HAND_BODY = """<p class="cut">A very long name that cannot fit in thirty millimetres at all</p>
<p class="clamp">Many words that run over two lines and must end with an ellipsis here and now</p>
<p class="spaced">Spaced letters and words, Łódź and Ørsted</p>
<p class="mono">  1  Müller, Hans       2400  GER   2½
  2  André, Jean        2350  FRA   2</p>
<p><span class="mono right">  12  Ito, Ken  2½
 3  Ek, Bo   10</span></p>
<p class="kern">AV To Wa Yo <b>bold</b> <i>italic</i> <small>small</small> x<sup>2</sup>
<span style="font-family: 'DejaVu Serif'">serif</span> 李 ff fi</p>
<p><span style="float: left; width: 25mm; height: 12mm">a float</span>Lines beside a float
are narrower, and the ones below it are not: several lines of words to see it here.</p>
<p dir="rtl" style="text-align: center">Centred, right to left: كهن 12</p>
<table><tr><td>Müller, Hans</td><td>2400</td><td>GER</td></tr></table>
<div style="break-after: page"></div>"""
HAND_WRITTEN = f"<!DOCTYPE html><html><head>{HAND_STYLE}</head><body>{HAND_BODY * 5}</body></html>"


def test_hand_written_text_is_drawn_byte_for_byte_alike(both: Compare) -> None:
    def render() -> bytes:
        pdf: bytes = weasyprint.HTML(string=HAND_WRITTEN).write_pdf(pdf_identifier=True)
        return pdf

    both(render).check()


@pytest.mark.parametrize("name", sorted(FAST_PATHS))
def test_another_weasyprint_is_left_alone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    fast_path, module_name, function_name = FAST_PATHS[name]
    target = importlib.import_module(module_name)
    fast_path.uninstall()
    original = getattr(target, function_name)
    monkeypatch.setattr(weasyprint, "__version__", "0.0")
    try:
        assert not fast_path.install()
        assert getattr(target, function_name) is original
    finally:
        monkeypatch.undo()
        fast_path.install()
    assert fast_path.install()  # idempotent
    assert getattr(target, function_name).trfsite_original is original  # wrapped once


def test_monospaced_lines_are_mostly_drawn_without_pango(
    bulletin_env: jinja2.Environment, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line measured by counting gets a Pango layout only if its drawing needs one:
    the first time a glyph is written, or a character the glyph context leaves out."""
    from weasyprint.text.line_break import Layout

    from trfsite.formats import read_bytes
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    counted = monolines._counted_layout()
    drawn, shaped = [0], [0]
    reactivate, setup = counted.reactivate, Layout.setup

    def counting_reactivate(self: Any, style: Any) -> None:
        drawn[0] += 1
        reactivate(self, style)

    def counting_setup(self: Any, style: Any) -> None:
        shaped[0] += isinstance(self, counted)
        setup(self, style)

    monkeypatch.setattr(counted, "reactivate", counting_reactivate)
    monkeypatch.setattr(Layout, "setup", counting_setup)
    text = generate_individual_swiss(90, 7, seed=3)
    tournament = read_bytes(text.encode(), "open.trf").tournament
    assert tournament is not None
    standings = compute_standings(tournament, StandingsOptions())
    data = BulletinData(tournament, standings, (), 0, tournament.name, "2025-07-10", "", "en")
    render_bulletin(data, bulletin_env, True)
    assert drawn[0] > 500  # the open's lines, in line mode
    assert shaped[0] < drawn[0] / 4
