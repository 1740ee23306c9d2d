"""A config's tie-break lists checked against every engine's registry, within a budget."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

import click

from trfsite.formats.limits import MAX_TIEBREAKS


def within_budget(where: str, codes: tuple[str, ...], problems: list[str]) -> tuple[str, ...]:
    """The codes once each (as record 202's are); more than MAX_TIEBREAKS is a problem,
    reported before each code is parsed (a list of 100,000 took 38 s and 1.15 GB)."""
    unique = tuple(dict.fromkeys(codes))
    if len(unique) <= MAX_TIEBREAKS.limit:
        return unique
    problems.append(
        f"{where}tiebreaks: {len(unique):,} different tie-breaks; expected at most "
        f"{MAX_TIEBREAKS.limit} (each one is a column of every standings table)"
    )
    return ()


# Every engine's tie-break registry, chess first: most configs name only chess
# tie-breaks, found there, so the team and Go registries (and the contexts they
# import) are imported only for a code chess does not know. ``trfsite standings`` of a
# small chess file with a trfsite.toml spent a fifth of its time importing them.
_REGISTRIES = (
    ("trfsite.scoring.registry", "find_tiebreak"),
    ("trfsite.scoring.team_tiebreaks", "find_team_tiebreak"),
    ("trfsite.scoring.go", "find_go_tiebreak"),
)


def _finders() -> Iterator[Callable[[str], object]]:
    """Each engine's finder, its module imported when the finders before it are done."""
    for module_name, finder in _REGISTRIES:
        yield getattr(importlib.import_module(module_name), finder)


def check_tiebreaks(where: str, codes: tuple[str, ...], problems: list[str]) -> None:
    """A code must parse and name a tie-break of some engine (chess, team or Go).

    Whether its modifiers suit the event's kind is decided per event, where the
    engine knows the kind; a mismatch there fails that event only.
    """
    from trfsite.scoring.codes import parse_tiebreak

    for code in codes:
        try:
            spec = parse_tiebreak(code, f"{where}tiebreaks")
        except click.ClickException as exc:
            problems.append(f"{where}tiebreaks: {exc.format_message()}")
            continue
        if not any(_finds(fn, spec.name) for fn in _finders()):
            names = ", ".join(sorted(_known_names()))
            problems.append(f"{where}tiebreaks: unknown tie-break {code!r}; known: {names}")


def _known_names() -> set[str]:
    """Every engine's tie-break names, for the message about one none knows."""
    from trfsite.scoring.go import GO_TIEBREAKS
    from trfsite.scoring.registry import known_codes
    from trfsite.scoring.team_tiebreaks import known_team_codes

    go = {str(tb.short) for tb in GO_TIEBREAKS} - {""}
    return {*known_codes(), *known_team_codes(), *go}


def _finds(finder: Callable[[str], object], name: str) -> bool:
    try:
        finder(name)
    except (click.ClickException, KeyError, ValueError, LookupError):
        return False
    return True
