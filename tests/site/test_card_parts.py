"""The default player card written in Python (site/card_body.py, issue 39's cost goal).

While ``player.html``, ``rating_card.html``, ``gor_card.html`` and ``macros.html`` are
the default theme's, a card is the shared frame filled with parts written in Python.
They must give the templates' bytes for any card (chess, team and Go events, every
optional part present or absent, text that needs escaping or holds control
characters, each language), the templates' lookups must no longer run for each card,
and a theme's own templates must still be rendered as they are.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from framehelpers import (
    AWKWARD,
    CountingLookups,
    built_with,
    event_pages,
    own_theme,
    rendered_alike,
)
from lxml import html

from trfsite.pages.contexts import PlayerCardPage
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Contribution
from trfsite.site.card_body import CardFrames

# Chess with rating cards and cut tie-break rows; a team event; Go with GoR cards,
# handicaps and the reasons of its rows.
EVENTS = (
    "trf/individual-2026.trf",
    "teams/hand-built-team.trf",
    "standings_go/mcmahon-handicap.h9",
    "samples/opengotha-tournoi-chinois.h9",
)


def _cards(event: str, language: str) -> tuple[PlayerCardPage, ...]:
    cards = event_pages(event, language, "player.html")
    assert cards and all(isinstance(card, PlayerCardPage) for card in cards)
    return cards  # type: ignore[return-value]


def _cut(contribution: Contribution, index: int) -> Contribution:
    """Every third row cut (with or without a reason), every other one with a reason."""
    if index % 3 == 0:
        return replace(contribution, cut=True, why="C.07: cut <first>" if index % 2 else "")
    if index % 2:
        return replace(contribution, why="not played & 'counted'")
    return contribution


def variants(card: PlayerCardPage) -> list[PlayerCardPage]:
    """The card, and the card with each optional part present, absent or awkward."""
    player, record = card.player, card.record
    awkward_ref = player.ref._replace(name=AWKWARD, person="people/o-brien.html")
    opponents = [line.opponent for line in record if line.opponent is not None]
    named = {
        id(ref): ref._replace(name=f"{ref.name} <&>'\"", title="GM", person="people/x.html")
        for ref in opponents
    }
    return [
        card,
        # The last rounds alone (a large event), each game linked, notes on the lines.
        card._replace(
            record=tuple(
                line._replace(game=f"games/{line.round}-1.html", note="forfeit & <default>")
                for line in record[1:]
            ),
            player=player._replace(
                ref=awkward_ref, title="IM", fide_id="1503014", rating=2400, club="A&B"
            ),
        ),
        # Opponents whose names need escaping, with titles and person links.
        card._replace(
            record=tuple(
                line._replace(opponent=named[id(line.opponent)], opponent_federation="<X>")
                if line.opponent is not None
                else line
                for line in record
            ),
            explanations=tuple(
                ex._replace(
                    name=f"{ex.name} <&>",
                    notes=("A note & <more>", "\x02"),
                    contributions=tuple(_cut(c, index) for index, c in enumerate(ex.contributions)),
                )
                for ex in card.explanations
            ),
        ),
        # Nothing optional: no rank, points, charts, explanations nor rating card.
        card._replace(
            rank=None,
            points=None,
            rank_chart=None,
            score_chart=None,
            explanations=(),
            rating_card=None,
            gor_card=None,
            player=player._replace(federation="", fide_id="", team=None, grade="", club=""),
        ),
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_the_written_card_is_the_templates_bytes(event: str, language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    cards = _cards(event, language)
    frames = CardFrames(env)
    made = rendered_alike(frames, env, "player.html", cards, variants)
    assert len(made) == 4 * len(cards)
    # The variants do reach each part compared (each event has all of these).
    joined = "".join(made)
    for shown in ('<a class="game"', "O&#39;Brien &amp; &lt;Sons&gt;", "\ufffd", "people/x.html"):
        assert shown in joined, shown
    if "team" not in event:
        assert 'class="cut"' in joined
        assert '<p class="note">A note &amp; &lt;more&gt;</p>' in joined


def test_each_card_event_kind_is_compared() -> None:
    """The events above hold what the comparison must see: a chess event's rating
    cards, a team event's boards, Go's GoR cards and handicaps."""
    chess, team, go, _ = (_cards(event, "en") for event in EVENTS)
    assert all(card.rating_card for card in chess)
    assert all(card.is_team for card in team)
    assert all(card.gor_card for card in go)
    assert any(line.handicap for card in go for line in card.record)
    assert any(not line.opponent for card in team for line in card.record)


def test_the_frame_s_cards_run_no_template_lookups() -> None:
    """A default-theme card looks nothing up through Jinja once its opponents' links
    are made: through player.html each card took some 250 lookups here (and 500
    and more in a large open's)."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    frames = CardFrames(env)
    cards = [page for card in _cards(EVENTS[0], "en") for page in variants(card)]
    first = frames.render(cards[0])
    assert first == render_page(made, "player.html", cards[0])
    pages = [frames.render(card) for card in cards[1:]]  # the links made once
    CountingLookups.lookups = 0
    again = [frames.render(card) for card in cards[1:]]
    assert CountingLookups.lookups == 0
    assert frames.shared
    assert pages == again == [render_page(made, "player.html", card) for card in cards[1:]]
    # The same cards through the template: the lookups the written parts save.
    CountingLookups.lookups = 0
    for card in cards[1:]:
        render_page(env, "player.html", card)
    assert CountingLookups.lookups > 100 * len(cards[1:])


def _card_built_with(tmp_path: Path, theme: Path) -> html.HtmlElement:
    out = built_with(tmp_path, theme, EVENTS[0], "open")
    return html.fromstring((out / "open/players/2.html").read_bytes())


@pytest.mark.parametrize("template", ["player.html", "rating_card.html", "macros.html"])
def test_a_theme_s_own_card_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written card copies gets its copy
    on every card, not the written parts."""
    default = (find_theme("default").templates / template).read_text()
    mine = '<p id="mine">{{ page.player.ref.name }}</p>'
    if template == "macros.html":  # every opponent's link says it is the theme's
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
        assert text != default
    else:
        text = default.replace('<section aria-labelledby="', mine + '<section aria-labelledby="', 1)
        assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = CardFrames(env)
    card = _cards(EVENTS[0], "en")[1]
    assert frames.render(card) == render_page(env, "player.html", card)
    assert not frames.shared
    doc = _card_built_with(tmp_path, theme)
    if template == "macros.html":
        assert all(name.endswith("!") for name in doc.xpath("//td[@class='name']/a/text()"))
    else:
        assert doc.xpath("//p[@id='mine']/text()") == [_cards(EVENTS[0], "en")[1].player.ref.name]
