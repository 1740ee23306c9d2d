"""A config's tie-break lists checked against every engine's registry, within a budget."""

from __future__ import annotations

import importlib

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


def _tiebreak_finders() -> list[tuple[str, object]]:
    """(module, finder name) of every engine's tie-break registry that is installed."""
    found: list[tuple[str, object]] = []
    for module_name, finder in (
        ("trfsite.scoring.registry", "find_tiebreak"),
        ("trfsite.scoring.team_tiebreaks", "find_team_tiebreak"),
        ("trfsite.scoring.go", "find_go_tiebreak"),
    ):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        found.append((module_name, getattr(module, finder, None)))
    return [(name, fn) for name, fn in found if callable(fn)]


def check_tiebreaks(where: str, codes: tuple[str, ...], problems: list[str]) -> None:
    """A code must parse and name a tie-break of some engine (chess, team or Go).

    Whether its modifiers suit the event's kind is decided per event, where the
    engine knows the kind; a mismatch there fails that event only.
    """
    finders = _tiebreak_finders()
    if not finders:
        return
    try:
        codes_module = importlib.import_module("trfsite.scoring.codes")
    except ImportError:
        return
    known: set[str] = set()
    for module_name in ("trfsite.scoring.registry", "trfsite.scoring.team_tiebreaks"):
        module = importlib.import_module(module_name)
        lister = getattr(module, "known_codes", None) or getattr(module, "known_team_codes", None)
        if callable(lister):
            known.update(lister())
    for code in codes:
        try:
            spec = codes_module.parse_tiebreak(code, f"{where}tiebreaks")
        except click.ClickException as exc:
            problems.append(f"{where}tiebreaks: {exc.format_message()}")
            continue
        if not any(_finds(fn, spec.name) for _, fn in finders):
            names = ", ".join(sorted(known | _go_names()))
            problems.append(f"{where}tiebreaks: unknown tie-break {code!r}; known: {names}")


def _go_names() -> set[str]:
    try:
        go = importlib.import_module("trfsite.scoring.go")
    except ImportError:
        return set()
    return {str(getattr(tb, "short", "")) for tb in getattr(go, "GO_TIEBREAKS", [])} - {""}


def _finds(finder: object, name: str) -> bool:
    try:
        finder(name)  # type: ignore[operator]
    except (click.ClickException, KeyError, ValueError, LookupError):
        return False
    return True
