"""The default list of players and starting list written in Python (site/players_body.py).

While ``players.html`` (``startlist.html``) and ``macros.html`` are the default theme's,
and ``event.html`` and ``base.html``, which make the frame, an event's list is the
frame filled with parts written in Python, compared on its first rows. They must give
the templates' bytes for any list (chess, team and Go events, each optional column
present or absent, text that needs escaping or holds control characters, each
language), the templates' lookups must no longer run for each row, and a theme's own
templates must still be rendered as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from framehelpers import AWKWARD, CountingLookups, built_with, event_pages, own_theme
from lxml import html

from trfsite.pages.contexts import PlayersPage, StartListPage
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.page_frame import SAMPLE_ROWS
from trfsite.site.players_body import PlayersFrames, StartListFrames

EVENTS = (
    "trf/individual-2026.trf",
    "teams/hand-built-team.trf",
    "standings_go/mcmahon-handicap.h9",
    "samples/opengotha-tournoi-chinois.h9",
)
# Rows well past the sample compared with the whole render (its first SAMPLE_ROWS).
LONG = 11 * SAMPLE_ROWS


def _long(rows: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(rows[index % len(rows)] for index in range(LONG))


def players_variants(page: PlayersPage) -> list[PlayersPage]:
    """The list made long, with awkward names and every optional column, and without."""
    awkward = tuple(
        row._replace(
            ref=row.ref._replace(name=AWKWARD, person="people/o-brien.html"),
            title="<GM>",
            rating=None if index % 2 else 2400,
            federation="A&B",
            fide_id="1503014",
            birth="U18 & S50",
            grade="5k<",
            club="Club 'x'",
            team=row.team._replace(name="Team <&>") if row.team else None,
        )
        for index, row in enumerate(page.rows)
    )
    flags = {"has_teams", "has_fide_ids", "has_birth", "has_start_list", "birth_is_year"}
    return [
        page._replace(rows=_long(page.rows), alphabetical=_long(page.alphabetical)),
        page._replace(
            rows=_long(awkward),
            alphabetical=_long(awkward),
            **{flag: True for flag in flags},  # type: ignore[arg-type]
        ),
        page._replace(
            rows=_long(awkward),
            alphabetical=page.alphabetical,
            has_birth=True,
            birth_is_year=False,
        ),
        page._replace(
            rows=_long(page.rows),
            alphabetical=(),
            **{flag: False for flag in flags},  # type: ignore[arg-type]
        ),
    ]


def start_variants(page: StartListPage) -> list[StartListPage]:
    awkward = tuple(
        row._replace(
            ref=row.ref._replace(name=AWKWARD),
            title="<GM>",
            rating=None if index % 2 else row.rating,
            federation="A&B",
            fide_id="<1>",
            k=None if index % 3 == 0 else row.k,
            k_reason="40: born 2010 & <rated> under 2300",
        )
        for index, row in enumerate(page.rows)
    )
    return [
        page._replace(rows=_long(page.rows)),
        page._replace(rows=_long(awkward), has_fide_ids=not page.has_fide_ids),
    ]


def _compared(frames: Any, env: Any, template: str, pages: list[Any]) -> list[str]:
    """Each page rendered by ``frames`` (a new one each: an event has one such page),
    asserted to be its whole render's bytes, the frame shared."""
    made = []
    for page in pages:
        one = frames(env)
        made.append(one.render(page))
        assert made[-1] == render_page(env, template, page)
        assert one.shared
    return made


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_the_written_lists_are_the_templates_bytes(event: str, language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    players = event_pages(event, language, "players.html")
    assert len(players) == 1
    pages = players_variants(players[0])  # type: ignore[arg-type]
    joined = "".join(_compared(PlayersFrames, env, "players.html", pages))
    for shown in ("O&#39;Brien &amp; &lt;Sons&gt;", "\ufffd", "people/o-brien.html", "A&amp;B"):
        assert shown in joined, shown
    starts = event_pages(event, language, "startlist.html")
    for start in starts:
        made = _compared(StartListFrames, env, "startlist.html", start_variants(start))  # type: ignore[arg-type]
        assert "40: born 2010 &amp; &lt;rated&gt; under 2300" in "".join(made)
    assert bool(starts) == ("individual" in event)


def test_a_short_list_is_filled_once_a_list_was_compared() -> None:
    """A short list (the archive's events have 60-130 players) is compared whole on the
    first event of a process, and filled into its frame on the next: its rows no longer
    looked up through the template (it was rendered whole on every event)."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups
    first = event_pages(EVENTS[0], "en", "players.html")[0]
    rows = tuple(first.rows[i % len(first.rows)] for i in range(5 * SAMPLE_ROWS))  # type: ignore[attr-defined]
    page = first._replace(rows=rows, alphabetical=rows)
    render_page(env, "players.html", page)  # the templates loaded
    CountingLookups.lookups = 0
    whole = render_page(env, "players.html", page)
    alone = CountingLookups.lookups
    assert PlayersFrames(env).render(page) == whole  # the first event: compared
    later = PlayersFrames(env)  # another event's
    CountingLookups.lookups = 0
    assert later.render(page) == whole
    assert later.shared
    assert CountingLookups.lookups < alone / 10


def test_the_frame_s_lists_run_lookups_for_their_sample_only() -> None:
    """Only the sample compared (its first rows) is looked up through Jinja: through
    the templates each row took some ten lookups."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups
    page = players_variants(event_pages(EVENTS[0], "en", "players.html")[0])[1]  # type: ignore[arg-type]
    frames = PlayersFrames(env)
    CountingLookups.lookups = 0
    assert frames.render(page) == render_page(made, "players.html", page)
    written = CountingLookups.lookups
    CountingLookups.lookups = 0
    render_page(env, "players.html", page)
    whole = CountingLookups.lookups
    # The sample holds SAMPLE_ROWS of each list of LONG rows.
    assert written < whole / 2
    assert whole > 10 * 2 * LONG


@pytest.mark.parametrize("template", ["players.html", "startlist.html", "macros.html"])
def test_a_theme_s_own_list_template_is_rendered(tmp_path: Path, template: str) -> None:
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
    else:
        text = default.replace("<table", '<p id="mine">{{ page.rows|length }}</p><table', 1)
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    page = players_variants(event_pages(EVENTS[0], "en", "players.html")[0])[0]  # type: ignore[arg-type]
    frames = PlayersFrames(env)
    assert frames.render(page) == render_page(env, "players.html", page)
    out = built_with(tmp_path, theme, EVENTS[0], "open")
    name = "startlist.html" if template == "startlist.html" else "players.html"
    doc = html.fromstring((out / "open" / name).read_bytes())
    if template == "macros.html":
        assert not frames.shared
        assert all(text.endswith("!") for text in doc.xpath("//th[@class='name']/a/text()"))
    else:
        assert doc.xpath("//p[@id='mine']/text()") == ["6"]
