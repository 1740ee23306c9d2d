"""``[privacy]`` in ``trfsite.toml``: what the site publishes about a person.

    [privacy]
    birth = "year"       # default "none": no birth date at all; "year": the year alone
    anonymise = ["4612345", "Müller, Hans"]   # FIDE id (or EGD PIN) or name

Birth dates stay in the model (age groups and K need them); every page shows an
age group's label (U18, S50) instead, or the year when ``birth = "year"``.

An anonymised person keeps their place, points and every value computed from
their games: ``anonymise`` turns the read tournament into one where that player
is named "Anonymous" (in the page's language) and has no FIDE id, EGD PIN,
national rating line or title, and lists the player in ``Tournament.anonymised``,
which leaves them out of the people pages. A name is matched folded
(``Müller, Hans`` = ``Mueller,Hans``), in every event. The event's games get the same
step (``anonymised_tags``): a side of a game that names the person is "Anonymous" and
carries none of the tags that identify a player (issue 42).
"""

from __future__ import annotations

import enum
from dataclasses import replace
from typing import NamedTuple

from trfsite.formats.numbers import is_whole
from trfsite.model import Tournament
from trfsite.people.names import fold_name
from trfsite.results import N_

_KEYS = ("anonymise", "birth")
ANONYMOUS = N_("Anonymous")


class BirthShown(enum.Enum):
    NONE = "none"  # an age group's label (U18, S50), never the date
    YEAR = "year"  # the year of birth alone


class PrivacySettings(NamedTuple):
    birth: BirthShown = BirthShown.NONE
    anonymise: tuple[str, ...] = ()  # FIDE ids / EGD PINs (digits) or names, as written


def parse_privacy(data: object, problems: list[str]) -> PrivacySettings:
    """The ``[privacy]`` table; every problem is appended to ``problems``."""
    if data is None:
        return PrivacySettings()
    if not isinstance(data, dict):
        problems.append(f"privacy: {data!r} is not a table; expected [privacy]")
        return PrivacySettings()
    for key in sorted(data):
        if key not in _KEYS:
            problems.append(f"privacy.{key}: unknown key; expected one of: {', '.join(_KEYS)}")
    birth = BirthShown.NONE
    raw_birth = data.get("birth", "none")
    try:
        birth = BirthShown(raw_birth)
    except ValueError:
        problems.append(
            f'privacy.birth: {raw_birth!r} is not a choice; expected "none" (no birth date, '
            'the default) or "year" (the year alone)'
        )
    raw = data.get("anonymise", [])
    people: list[str] = []
    if not isinstance(raw, list):
        problems.append(
            f'privacy.anonymise: {raw!r} is not a list; expected ["FIDE id or name", ...]'
        )
        raw = []
    for number, entry in enumerate(raw):
        if not isinstance(entry, str | int) or isinstance(entry, bool) or not str(entry).strip():
            problems.append(
                f"privacy.anonymise[{number}]: {entry!r} is neither a FIDE id nor a name; "
                'expected e.g. "4612345" or "Müller, Hans"'
            )
            continue
        people.append(str(entry).strip())
    return PrivacySettings(birth, tuple(people))


def _id_digits(text: str) -> str:
    digits = text.strip()
    return str(int(digits)) if is_whole(digits) and int(digits) > 0 else ""


def anonymised_ids(t: Tournament, settings: PrivacySettings) -> tuple[int, ...]:
    """The start numbers of ``t`` that ``settings.anonymise`` names."""
    if not settings.anonymise:
        return ()
    numbers = {_id_digits(entry) for entry in settings.anonymise} - {""}
    names = {fold_name(entry) for entry in settings.anonymise if not _id_digits(entry)}
    names.discard("")
    return tuple(
        p.id
        for p in t.players
        if (_id_digits(p.fide_id) or "-") in numbers
        or (_id_digits(p.egd_pin) or "-") in numbers
        or fold_name(p.name) in names
    )


# The tags a PGN may carry about a player besides the name (White..., Black...).
PERSONAL_TAGS = ("FideId", "Elo", "Title", "Team", "TeamCountry", "USCF", "NA", "Type")


def anonymised_tags(
    tags: tuple[tuple[str, str], ...], colours: frozenset[str], label: str = ANONYMOUS
) -> tuple[tuple[str, str], ...]:
    """A game's tags with each side of ``colours`` ("White", "Black") named ``label``
    and without the tags that identify that player."""
    personal = {f"{colour}{tag}" for colour in colours for tag in PERSONAL_TAGS}
    return tuple(
        (key, label if key in colours else value) for key, value in tags if key not in personal
    )


def anonymise(t: Tournament, settings: PrivacySettings, label: str = ANONYMOUS) -> Tournament:
    """``t`` with the people ``settings`` names shown as ``label`` (see the module)."""
    chosen = frozenset(anonymised_ids(t, settings))
    if not chosen:
        return t
    players = tuple(
        replace(p, name=label, fide_id="", egd_pin="", title="") if p.id in chosen else p
        for p in t.players
    )
    national = tuple(n for n in t.national_ratings if n.player_id not in chosen)
    return replace(t, players=players, national_ratings=national, anonymised=tuple(sorted(chosen)))
