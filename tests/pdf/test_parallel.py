"""A long bulletin laid out by two processes (trfsite.pdf.parallel) is the very PDF
one process writes: every page, page number, table of contents entry, font
subset, link and bookmark. WeasyPrint's own one-piece render is the reference,
compared byte for byte; and whatever does not fit the two-process way falls
back to it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
import pytest
from pdfhelpers import read_pdf

from trfsite import pdf
from trfsite.pages.config import EventConfig
from trfsite.pages.gather import prepare_event
from trfsite.pages.plan import EventJob
from trfsite.pdf import paging, parallel
from trfsite.render.page_meta import SiteInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_individual_swiss, generate_team_swiss  # noqa: E402

DATE = "2024-05-01"


def _round(number: int, text: str = "") -> str:
    lines = "".join(
        f"<p>Board {board}: White {board} - Black {board} 1-0</p>" for board in range(70)
    )
    heading = f'<section class="round" id="round-{number}"><h2>Round {number}</h2>'
    return f"{heading}{text}{lines}</section>\n"


def handwritten(rounds: int = 4, back_text: str = "", page_css: str = "") -> str:
    """A bulletin in the theme's shape: cover, contents, standings, rounds of two pages."""
    toc = "".join(f'<li><a href="#round-{n}">Round {n}</a></li>' for n in range(1, rounds + 1))
    body = "".join(_round(n, back_text if n == rounds else "") for n in range(1, rounds + 1))
    style = f"<style>{page_css}</style>" if page_css else ""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test Open</title>'
        f'<link rel="stylesheet" href="bulletin.css">{style}</head><body>\n'
        '<section class="cover"><p class="running-labels" aria-hidden="true">'
        '<span class="label-page">page</span> <span class="label-of">of</span></p>'
        '<h1 class="event-name">Test Open</h1></section>\n'
        '<nav class="contents" id="contents"><h1>Contents</h1><ol class="toc">'
        '<li><a href="#standings">Final standings</a></li>'
        f'<li><a href="#rounds">Rounds</a><ol class="toc-sub">{toc}</ol></li></ol></nav>\n'
        '<section class="standings" id="standings"><h1>Final standings</h1>'
        + "".join(f"<p>{rank}. Player {rank}</p>" for rank in range(1, 120))
        + "</section>\n"
        f'<section class="rounds" id="rounds">\n<h1>Rounds</h1>\n{body}</section>\n'
        "</body>\n</html>\n"
    )


@pytest.fixture
def in_two(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Any bulletin is long enough; records how each two-process attempt ended."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_WEIGHT", 0)
    outcomes: list[str] = []
    real = parallel.render_in_two

    def spy(*args: Any) -> bytes:
        try:
            made = real(*args)
        except paging.NotParallel as exc:
            outcomes.append(f"not parallel: {exc}")
            raise
        outcomes.append("parallel")
        return made

    monkeypatch.setattr(parallel, "render_in_two", spy)
    yield outcomes


def _both(html: str, env: jinja2.Environment) -> tuple[bytes, bytes]:
    one = pdf.pdf_from_html(html, DATE, env)
    two = pdf.pdf_from_html(html, DATE, env, in_two=True)
    return one, two


def test_handwritten_bulletin_in_two_is_byte_identical(
    bulletin_env: jinja2.Environment, in_two: list[str]
) -> None:
    one, two = _both(handwritten(), bulletin_env)
    assert in_two == ["parallel"]
    assert two == one
    rendered = read_pdf(two)
    pages = len(rendered.pages)
    assert pages > 8  # cover, contents, standings, four rounds of two pages
    assert f"page {pages} of {pages}" in rendered.pages[-1]
    # the contents give each round (the back's too) its page in the whole bulletin
    reader = rendered.reader
    starts = {
        name: reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }
    toc = {
        line.split(" ")[1]: line.split(" ")[-1]
        for line in rendered.pages[1].splitlines()
        if line.startswith("Round ")
    }
    assert toc == {str(n): str(starts[f"round-{n}"]) for n in range(1, 5)}
    assert starts["round-4"] == rendered.page_of("Round 4")


@pytest.mark.parametrize(
    "name, make",
    [
        ("open.trf", lambda: generate_individual_swiss(60, 5, 3)),  # the back: rounds 3-5
        ("teams.trf", lambda: generate_team_swiss(12, 4, 5, 3)),  # and the team cards
    ],
)
def test_generated_events_in_two_are_byte_identical(
    name: str, make: Callable[[], str], bulletin_env: jinja2.Environment, in_two: list[str]
) -> None:
    site = SiteInfo("Results", "en", "", DATE, "trfsite")
    job = EventJob(make().encode("utf-8"), name, "event", "", EventConfig(), site, True)
    data = prepare_event(job, with_pages=False).bulletin
    assert data is not None
    html = pdf.bulletin_html(data, bulletin_env)
    one, two = _both(html, bulletin_env)
    assert in_two == ["parallel"]
    assert two == one


def test_a_failing_back_gives_the_one_piece_pdf(
    bulletin_env: jinja2.Environment, in_two: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(parallel, "_draw_back", broken)  # the forked back inherits it
    one, two = _both(handwritten(), bulletin_env)
    assert two == one
    assert in_two == ["not parallel: the other process: RuntimeError: drawing failed"]


def test_a_back_failing_before_the_exchange_gives_the_one_piece_pdf(
    bulletin_env: jinja2.Environment, in_two: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = paging.Exchange.paginated

    def paginated(self: paging.Exchange, pages: list[Any], context: Any) -> bool:
        if not self.front:
            raise RuntimeError("lost an anchor")
        return real(self, pages, context)

    # the front waits for the back's page count in the middle of its own layout
    monkeypatch.setattr(paging.Exchange, "paginated", paginated)
    one, two = _both(handwritten(), bulletin_env)
    assert two == one
    assert in_two == ["not parallel: the other process: RuntimeError: lost an anchor"]


def test_no_process_to_fork_gives_the_one_piece_pdf(
    bulletin_env: jinja2.Environment, in_two: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(parallel.os, "fork", fork)
    one, two = _both(handwritten(), bulletin_env)
    assert two == one
    assert in_two == [
        "not parallel: no second process: [Errno 11] Resource temporarily unavailable"
    ]


def test_a_font_only_the_back_uses_gives_the_one_piece_pdf(
    bulletin_env: jinja2.Environment, in_two: list[str]
) -> None:
    serif = "<p style=\"font-family: 'DejaVu Serif'\">Only here</p>"
    one, two = _both(handwritten(back_text=serif), bulletin_env)
    assert two == one
    assert in_two == ["not parallel: a font only the back uses"]


def test_pages_styled_by_their_place_are_not_cut(
    bulletin_env: jinja2.Environment, in_two: list[str]
) -> None:
    # a left page in the back would not be a left page in the bulletin
    one, two = _both(handwritten(page_css="@page :left { margin-left: 30mm; }"), bulletin_env)
    assert two == one
    assert in_two == ["not parallel: the stylesheet styles pages by their place"]


def test_the_cut_falls_between_two_rounds_about_halfway() -> None:
    html = handwritten(rounds=6)
    cut = parallel.cut(html, "")
    first = int(cut.back_ids[0].removeprefix("round-"))
    assert 1 < first <= 6
    assert cut.back_ids == tuple(f"round-{n}" for n in range(first, 7))

    # about halfway through the work: the tags and the text by 200s before the cut
    # are within half a round's of half the bulletin's
    def weight(text: str) -> int:
        return text.count("<") + len(text) // 200

    at = html.index(f'<section class="round" id="round-{first}"')
    assert abs(weight(html[:at]) - weight(html) / 2) <= weight(_round(1)) / 2 + 1
    # the front: everything up to the round before, the back's anchors as stand-ins
    before = f'<section class="round" id="round-{first - 1}">'
    assert before in cut.front
    assert "Board 69: White 69" in cut.front.split(before)[1]
    assert 'class="trfsite-part-anchors"' in cut.front
    assert cut.front.count(f'id="round-{first}"') == 1  # the stand-in only
    # the back: the cover (its running strings), no contents, then the later rounds
    assert '<h1 class="event-name">Test Open</h1>' in cut.back
    assert 'id="contents"' not in cut.back and before not in cut.back
    assert f'<section class="rounds">\n<section class="round" id="round-{first}">' in cut.back


@pytest.mark.parametrize(
    "html, reason",
    [
        (handwritten(rounds=1), "no rounds to cut between"),
        (handwritten().replace('class="rounds"', 'class="rounds compact"'), "no rounds"),
        ("<html><body><p>no sections</p></body></html>", "no rounds"),
    ],
)
def test_what_cannot_be_cut(html: str, reason: str) -> None:
    with pytest.raises(paging.NotParallel, match=reason):
        parallel.cut(html, "")
