"""The links and title badges of the page parts written in Python (site/card_text.py).

Every line of a standings page, a crosstable, a round page or a card links a player:
a 2,000-player open's worker made 4,000 links and titled links by ``macros.html``'s
macros (issue 39). They are written in Python while ``macros.html`` is the default
theme's: the macros' bytes, without a macro call.
"""

from __future__ import annotations

import pytest
from framehelpers import AWKWARD, CountingLookups

from trfsite.pages.rows import Ref
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_text import CardText

REFS = [
    None,
    Ref(1, "Smith,John", "players/1.html", "GM"),
    Ref(2, "Nobody", "", ""),
    Ref(3, AWKWARD, "players/3.html?a=1&b=<2>", 'I"M&'),
    Ref(4, "A,B,,C", "players/4.html", "", person="people/a-b.html"),
    Ref(5, "Ünal,Çiğdem\u00a0Ş", "players/5.html", "WFM", person="people/u&n.html"),
    Ref(6, ",", "", "CM\x02"),
]


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("base", ["", "../", "a&b/"])
def test_links_are_the_macros_bytes(language: str, base: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    macros = env.get_template("macros.html").module
    parts = CardText(env)
    for ref in REFS:
        assert parts.link(ref, base) == parts.out(macros.ref_link(ref, base))  # type: ignore[attr-defined]
        if ref is not None:
            titled = macros.titled_link(ref.title, ref, base)  # type: ignore[attr-defined]
            assert parts.link(ref, base, titled=True) == parts.out(titled)


def test_an_events_links_run_no_template_lookups() -> None:
    """2,000 players linked, plain and with their titles: no macro runs (through
    ``macros.html`` each link looked up the Ref's name, link and person page)."""
    env = make_environment(theme_chain(find_theme("default")), "en").overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    parts = CardText(env)
    refs = [
        Ref(i, f"Player,No {i}", f"players/{i}.html", "FM" if i % 3 else "") for i in range(2000)
    ]
    CountingLookups.lookups = 0
    links = [parts.link(ref, "../") for ref in refs] + [
        parts.link(ref, "../", titled=True) for ref in refs
    ]
    assert CountingLookups.lookups == 0
    # Spelled out by hand: the first player's links.
    assert links[0] == '<a href="../players/0.html">Player,<wbr>No 0</a>'
    assert links[2001] == (
        '<abbr class="title" title="FM">FM</abbr> <a href="../players/1.html">Player,<wbr>No 1</a>'
    )
