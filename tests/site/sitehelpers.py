"""Hand-made tournament files and helpers shared by the site tests (imported as sitehelpers)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfsite.site.event_build import EventTask

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_reports"


def player_line(
    number: int,
    name: str,
    rating: int,
    cells: list[tuple[int, str, str]],
    points: float,
    rank: int,
    fed: str = "GER",
    title: str = "",
) -> str:
    """A TRF16 001 line; cells are (opponent, colour, result) per round."""
    head = (
        f"001 {number:>4} m{title:>3} {name:<33} {rating:>4} {fed:<3} {'':>11} {'':<10} "
        f"{points:>4.1f} {rank:>4}"
    )
    return head + "".join(f"  {opp:>4} {colour} {result}" for opp, colour, result in cells)


def small_round_robin(name_of_first: str = "Alpha,Anna") -> str:
    """Four players, three rounds, all games played.

    R1: 1-4 1-0, 2-3 ½-½; R2: 4-3 0-1, 1-2 ½-½; R3: 2-4 1-0, 3-1 0-1.
    Scores by hand: Anna 1+½+1 = 2.5, Bert ½+½+1 = 2, Gus ½+1+0 = 1.5, Dora 0.
    """
    lines = [
        "012 Small Test Round Robin",
        "022 Teststadt",
        "032 GER",
        "042 2024/05/01",
        "052 2024/05/03",
        "092 Individual: Round Robin",
        "102 Chief Arbiter Person",
        "122 90 min + 30 s",
        player_line(1, name_of_first, 2000, [(4, "w", "1"), (2, "w", "="), (3, "b", "1")], 2.5, 1),
        player_line(2, "Beta,Bert", 1900, [(3, "w", "="), (1, "b", "="), (4, "w", "1")], 2.0, 2),
        player_line(3, "Gamma,Gus", 1800, [(2, "b", "="), (4, "b", "1"), (1, "w", "0")], 1.5, 3),
        player_line(4, "Delta,Dora", 1700, [(1, "b", "0"), (3, "w", "0"), (2, "b", "0")], 0.0, 4),
    ]
    return "\n".join(lines) + "\n"


def small_event_tasks(slugs: tuple[str, ...]) -> list[EventTask]:
    """The small round robin as one event per slug (``SLUG.trf``), to build in this
    process with ``site.events.build_events``."""
    from trfsite.pages.config import EventConfig
    from trfsite.pages.plan import EventJob
    from trfsite.render.page_meta import SiteInfo
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.site.event_build import EventTask

    paths = tuple(t.path for t in theme_chain(find_theme("default")))
    site = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
    job = small_round_robin().encode()
    return [
        EventTask(EventJob(job, f"{slug}.trf", slug, "", EventConfig(), site, False), paths)
        for slug in slugs
    ]
