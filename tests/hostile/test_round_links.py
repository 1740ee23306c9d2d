"""Issue 50: the pages of the standings after each round link the rounds near them.

Fuzz input 29,932 of seed 2026 (a 33 KB Go table of 6 rows and 731 rounds) made a page
of the standings after each round, and each linked every other round: 731 x 732 links,
10 of its 14 s of CPU to build. Like the round pages (``rounds_near``), an event of more
than ALL_ROUNDS_LINKED rounds now links the first, the last and the ten on each side of
the page's own round. Counts links, not time.
"""

from __future__ import annotations

from pathlib import Path

from lxml import html

from trfsite.pages.common import ALL_ROUNDS_LINKED

from .data import build_go_table


def _standings_links(page: Path) -> list[str]:
    """The rounds the page's navigation links to, "final" for the final standings."""
    hrefs = html.fromstring(page.read_bytes()).xpath("//nav[@class='round-nav']//a/@href")
    names = [href.rsplit("/", 1)[-1].removesuffix(".html") for href in hrefs]
    return [name.removeprefix("standings-") if name != "standings" else "final" for name in names]


def test_a_long_event_links_the_ends_and_the_rounds_near_each_page(tmp_path: Path) -> None:
    assert ALL_ROUNDS_LINKED == 30
    event = build_go_table(tmp_path, 4, 60)  # 4 x 60 = 240 rows: every round has its page
    after_30 = _standings_links(event / "standings-30.html")
    assert after_30 == ["1", *(str(r) for r in range(20, 41)), "60", "final"]
    after_3 = _standings_links(event / "standings-3.html")
    assert after_3 == [*(str(r) for r in range(1, 14)), "60", "final"]
    final = _standings_links(event / "standings.html")  # its own round is the last, 60
    assert final == ["1", *(str(r) for r in range(50, 61)), "final"]
    # Every page: at most 2 ends + 21 near + the final = 24 links, not 61.
    pages = [event / f"standings-{r}.html" for r in range(1, 61)]
    assert all(page.is_file() for page in pages)
    assert max(len(_standings_links(page)) for page in pages) == 24


def test_an_event_of_thirty_rounds_links_every_round_on_each_page(tmp_path: Path) -> None:
    event = build_go_table(tmp_path, 4, 30)
    every = [*(str(r) for r in range(1, 31)), "final"]
    assert _standings_links(event / "standings-15.html") == every
    assert _standings_links(event / "standings.html") == every


def _navigation(page: Path, nav_class: str) -> list[str]:
    """The navigation's items in order: a round's label, or "…" for a gap mark."""
    items = html.fromstring(page.read_bytes()).xpath(f"//nav[@class='{nav_class}']//li")
    return ["…" if "gap" in (li.get("class") or "") else li.text_content().strip() for li in items]


def test_a_jump_between_linked_rounds_is_marked_and_hidden_from_screen_readers(
    tmp_path: Path,
) -> None:
    event = build_go_table(tmp_path, 4, 60)
    near = [str(r) for r in range(20, 41)]
    # Standings after round 30: 1 … 20-40 … 60, then the final standings.
    assert _navigation(event / "standings-30.html", "round-nav") == [
        "1",
        "…",
        *near,
        "…",
        "60",
        "Final",
    ]
    # No gap between 1 and 2-13: only before the last round.
    assert _navigation(event / "standings-3.html", "round-nav")[12:15] == ["13", "…", "60"]
    gaps = html.fromstring((event / "standings-30.html").read_bytes()).xpath("//li[@class='gap']")
    assert [g.get("aria-hidden") for g in gaps] == ["true", "true"]


def test_the_round_pages_mark_their_gaps_too(tmp_path: Path) -> None:
    event = build_go_table(tmp_path, 4, 60)
    assert _navigation(event / "rounds" / "30.html", "round-nav") == [
        "1",
        "…",
        *(str(r) for r in range(20, 41)),
        "…",
        "60",
    ]


def test_an_event_of_thirty_rounds_has_no_gap_mark(tmp_path: Path) -> None:
    event = build_go_table(tmp_path, 4, 30)
    assert "…" not in _navigation(event / "standings-15.html", "round-nav")
    assert not html.fromstring((event / "rounds" / "15.html").read_bytes()).xpath(
        "//li[@class='gap']"
    )
