"""What the i18n tests of engine notes share: every standings of a set of files, and
the fields of a message template."""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator
from pathlib import Path

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.results import Standings
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions


def every_standings(
    events: Iterable[Path], options: Iterable[StandingsOptions]
) -> Iterator[tuple[str, Tournament, Standings]]:
    """(file name, tournament, standings) for each readable file under each option set
    that applies to it (an option for another kind of event is skipped)."""
    chosen = list(options)
    for path in events:
        t = read_bytes(path.read_bytes(), path.name).tournament
        if t is None:
            continue
        for option in chosen:
            try:
                standings = compute_standings(t, option)
            except Exception:  # e.g. a Go option on a chess file
                continue
            yield path.name, t, standings


def template_fields(template: str) -> set[str]:
    """The ``{names}`` a template fills: a translation must fill the same ones."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
