"""The default crosstable written in Python (site/crosstable_body.py, issue 39).

While ``crosstable.html`` and ``macros.html`` are the default theme's, an event's
crosstable is the shared frame filled with parts written in Python, compared first on
the crosstable cut to its first rows (an event has one crosstable: rendered whole to be
compared, it would cost what it saves). The parts must give the template's bytes for any
crosstable (Swiss chess, team and Go events; round robins' grids with shared ranks,
forfeits, unrated and unplayed games, double round robins; names that need escaping;
each language), a large crosstable must not be rendered whole, and a theme's own
templates must still be rendered as they are.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from framehelpers import AWKWARD, CountingLookups, built_with, event_pages, own_theme
from lxml import html

from trfsite.pages.contexts import CrosstablePage
from trfsite.pages.grid import GridGame
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Note
from trfsite.site.crosstable_body import CrosstableFrames

EVENTS = (
    "trf/individual-2026.trf",  # Swiss, ratings
    "teams/hand-built-team.trf",  # a team event
    "standings_go/mcmahon-handicap.h9",  # Go
    "standings/roundrobin-forfeit.trf",  # a round robin's grid, a forfeit
    "trf/trf16-legacy.trf",  # a grid with shared ranks, unrated and unplayed games
)
TEMPLATE = "crosstable.html"


def _page(event: str, language: str) -> CrosstablePage:
    (page,) = event_pages(event, language, TEMPLATE)
    assert isinstance(page, CrosstablePage)
    return page


def variants(page: CrosstablePage) -> list[CrosstablePage]:
    """The page, and the page with its optional parts present, absent or awkward."""
    rows = tuple(
        row._replace(
            ref=row.ref._replace(name=AWKWARD, title="<GM>") if index % 2 else row.ref,
            rating=None if index % 3 == 1 else row.rating,
            cells=tuple(
                cell._replace(title=Note("bye & <more>") if i % 2 else AWKWARD, game=i % 3 == 0)
                for i, cell in enumerate(row.cells)
            ),
            tiebreaks=tuple(
                None if i == index % 3 else value for i, value in enumerate(row.tiebreaks)
            ),
        )
        for index, row in enumerate(page.rows)
    )
    columns = tuple(
        column._replace(points=i % 2 == 0, short=f"<{column.short}>")
        for i, column in enumerate(page.columns)
    )
    made = [page, page._replace(rows=rows, columns=columns)]
    grid = page.grid
    if grid is not None:
        games = (
            GridGame(1, "½", "draw", "", unrated=True),
            GridGame(2, "+", "win", "w", forfeit=True, game="games/2-1.html"),
        )
        grid_rows = tuple(
            row._replace(
                ref=row.ref._replace(name=AWKWARD) if index % 2 else row.ref,
                title="<IM>" if index % 2 else row.title,
                rating=None if index % 2 else row.rating,
                cells=tuple(
                    cell._replace(games=games) if not cell.diagonal and i % 2 else cell
                    for i, cell in enumerate(row.cells)
                ),
            )
            for index, row in enumerate(grid.rows)
        )
        heads = tuple(
            head._replace(points=i % 2 == 1, name=f"{head.name} & more")
            for i, head in enumerate(grid.heads)
        )
        made.append(
            page._replace(
                grid=grid._replace(
                    rows=grid_rows,
                    heads=heads,
                    games_per_pair=2,
                    shared_ranks=not grid.shared_ranks,
                    points_label="MMS",
                ),
            )
        )
        made.append(page._replace(grid=grid._replace(is_team=not grid.is_team)))
    return made


def _long(page: CrosstablePage) -> CrosstablePage:
    """The crosstable with its rows 25 times over: more than the rows compared."""
    return page._replace(rows=page.rows * 25)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_the_written_crosstable_is_the_template_s_bytes(event: str, language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    page = _page(event, language)
    frames = CrosstableFrames(env)
    assert frames.render(page) == render_page(env, TEMPLATE, page)
    # Long enough to be filled (a small one is rendered whole), its first rows compared.
    long = _long(page)
    assert frames.render(long) == render_page(env, TEMPLATE, long)
    assert frames.shared  # else each page below would be compared with itself
    made = []
    for variant in map(_long, variants(page)):
        made.append(frames.render(variant))
        assert made[-1] == render_page(env, TEMPLATE, variant)
    assert frames.shared
    joined = "".join(made)
    for shown in ("O&#39;Brien &amp; &lt;Sons&gt;", "\ufffd", "bye &amp; &lt;more&gt;"):
        assert shown in joined, shown
    if page.grid is not None:
        assert 'class="crossgrid multi"' in joined
        assert "&lt;IM&gt;" in joined
        assert 'href="../games/2-1.html"' not in joined  # the event's own folder
        assert '<a class="game" href="games/2-1.html">' in joined


def test_each_crosstable_kind_is_compared() -> None:
    """The events above hold what the comparison must see as they come."""
    swiss, team, go, forfeit, legacy = (_page(event, "en") for event in EVENTS)
    assert swiss.grid is None and not swiss.is_team and not swiss.is_go
    assert team.is_team and go.is_go
    assert forfeit.grid is not None
    assert any(g.forfeit for row in forfeit.grid.rows for c in row.cells for g in c.games)
    assert legacy.grid is not None and legacy.grid.shared_ranks
    assert any(g.unrated for row in legacy.grid.rows for c in row.cells for g in c.games)


def test_a_large_crosstable_is_compared_on_its_first_rows() -> None:
    """A crosstable of 240 rows is filled once its first 24 rows gave the template's
    bytes: the template looks up what those rows hold, not what the page holds. A small
    one, a later event's, is filled too: only its frame is looked up (it was rendered
    whole)."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    page = _page(EVENTS[0], "en")
    large = page._replace(rows=page.rows * 40)
    assert len(large.rows) == 240
    CountingLookups.lookups = 0
    render_page(env, TEMPLATE, large)
    whole = CountingLookups.lookups
    frames = CrosstableFrames(env)
    CountingLookups.lookups = 0
    assert frames.render(large) == render_page(made, TEMPLATE, large)
    assert frames.shared
    assert CountingLookups.lookups < whole / 5
    CountingLookups.lookups = 0
    render_page(env, TEMPLATE, page)
    whole = CountingLookups.lookups
    CountingLookups.lookups = 0
    assert CrosstableFrames(env).render(page) == render_page(made, TEMPLATE, page)
    assert CountingLookups.lookups < whole / 2  # the frame's lookups alone


@pytest.mark.parametrize("template", ["crosstable.html", "macros.html"])
def test_a_theme_s_own_crosstable_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written crosstable copies gets its
    copy, not the written parts."""
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":  # every player's link says it is the theme's
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
    else:
        text = default.replace("<tbody>", '<tbody id="mine">')
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = CrosstableFrames(env)
    page = _page(EVENTS[0], "en")
    assert frames.render(_long(page)) == render_page(env, TEMPLATE, _long(page))
    assert not frames.shared
    out = built_with(tmp_path, theme, EVENTS[0])
    doc = html.fromstring((out / "event/crosstable.html").read_bytes())
    if template == "macros.html":
        names = doc.xpath("//th[@class='name']/a/text()")
        assert names and all(name.endswith("!") for name in names)
    else:
        assert doc.xpath("//tbody[@id='mine']")
