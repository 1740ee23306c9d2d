"""The explicit registry of individual tie-breaks (FIDE C.07, 2023 and 2026).

``TIEBREAKS`` lists every tie-break with its Handbook name, the modifiers it
accepts and how it is computed; :func:`find_tiebreak` looks one up by acronym
and fails listing the known ones; :func:`resolve` parses a code and checks its
modifiers against the registry.
"""

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol, TypeVar

from trfsite.results import N_, Note
from trfsite.scoring import buchholz, counts, koya, progressive, ratings, sonneborn
from trfsite.scoring.codes import (
    ALIASES,
    TiebreakSpec,
    UnknownTiebreakError,
    parse_tiebreak,
)
from trfsite.scoring.context import Article, EventContext, TiebreakValues

Compute = Callable[[EventContext, TiebreakSpec], TiebreakValues]

_CUTS = frozenset({"C", "M"})


class Tiebreak(NamedTuple):
    """One tie-break of C.07. ``compute`` is None for DE, which the ranker applies per group."""

    acronym: str
    name: str
    article: str
    compute: Compute | None
    modifiers: frozenset[str] = frozenset({"R"})
    lower_is_better: bool = False
    since: str = "2023"  # first rule set that defines it
    family: Article | None = None

    @property
    def per_group(self) -> bool:
        return self.compute is None


def _mods(*letters: str) -> frozenset[str]:
    return frozenset(letters) | {"R"}


TIEBREAKS: list[Tiebreak] = [
    Tiebreak("DE", N_("Direct Encounter"), "6", None, _mods("P"), lower_is_better=True),
    Tiebreak("WIN", N_("Number of Wins"), "7.1", counts.wins),
    Tiebreak("WON", N_("Number of Games Won"), "7.2", counts.games_won, _mods("P")),
    Tiebreak(
        "BPG", N_("Number of Games Played with Black"), "7.3", counts.games_with_black, _mods("P")
    ),
    Tiebreak(
        "BWG", N_("Number of Games Won with Black"), "7.4", counts.wins_with_black, _mods("P")
    ),
    Tiebreak(
        "PS", N_("Progressive Scores"), "7.5", progressive.progressive_scores, _mods("C", "M")
    ),
    Tiebreak("GE", N_("Games One Elected to Play"), "7.6", counts.games_elected, _mods("P")),
    Tiebreak("BH", N_("Buchholz"), "8.1", buchholz.buchholz, _mods("C", "M", "P", "F")),
    Tiebreak(
        "AOB",
        N_("Average of Opponents' Buchholz"),
        "8.2",
        buchholz.average_of_opponents_buchholz,
        _mods("C", "M", "P", "F"),
    ),
    Tiebreak("FB", N_("Fore Buchholz"), "8.3", buchholz.buchholz, _mods("C", "M", "P", "F")),
    Tiebreak(
        "SB", N_("Sonneborn-Berger"), "9.1", sonneborn.sonneborn_berger, _mods("C", "M", "P", "F")
    ),
    Tiebreak("KS", N_("Koya System"), "9.2", koya.koya, _mods("L", "P")),
    Tiebreak(
        "ARO",
        N_("Average Rating of Opponents"),
        "10.1",
        ratings.average_rating_of_opponents,
        _mods("C", "M", "P"),
    ),
    Tiebreak(
        "TPR",
        N_("Tournament Performance Rating"),
        "10.2",
        ratings.tournament_performance,
        _mods("P"),
    ),
    Tiebreak(
        "PTP", N_("Perfect Tournament Performance"), "10.3", ratings.perfect_performance, _mods("P")
    ),
    Tiebreak(
        "APRO",
        N_("Average Performance Rating of Opponents"),
        "10.4",
        ratings.average_performance_of_opponents,
        _mods("C", "M", "P"),
    ),
    Tiebreak(
        "APPO",
        N_("Average Perfect Performance of Opponents"),
        "10.5",
        ratings.average_perfect_performance_of_opponents,
        _mods("C", "M", "P"),
    ),
    Tiebreak("STD", N_("Standard Points"), "2026", counts.standard_points, since="2026"),
    Tiebreak(
        "TPN",
        N_("Tournament Pairing Number"),
        "2026",
        counts.pairing_number,
        lower_is_better=True,
        since="2026",
    ),
    Tiebreak("RTNG", "Rating", "2026", counts.rating, since="2026"),
]

RATING_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})

# How each modifier letter is named in error messages (individual and team registries).
MODIFIER_TEXT = {
    "C": "cut (/C1, /C2)",
    "M": "median (/M1, /M2)",
    "L": "Koya limit (/L±n)",
    "K": "normalising factor (/Kn)",
    "P": "forfeits as played (/P)",
    "F": "Fore (/F)",
    "R": "reverse (/R)",
}


def known_codes() -> list[str]:
    return [tb.acronym for tb in TIEBREAKS] + sorted(ALIASES)


class _HasAcronym(Protocol):
    @property
    def acronym(self) -> str: ...


_Entry = TypeVar("_Entry", bound=_HasAcronym)


def find_by_acronym(registry: Sequence[_Entry], name: str) -> _Entry:
    """The entry of ``registry`` with this acronym (any case; ``REP`` is ``GE``)."""
    key = name.strip().upper()
    key = ALIASES.get(key, key)
    for entry in registry:
        if entry.acronym == key:
            return entry
    raise UnknownTiebreakError(name, [e.acronym for e in registry] + sorted(ALIASES))


def find_tiebreak(name: str) -> Tiebreak:
    """The tie-break with this acronym (any case; ``REP`` is ``GE``)."""
    return find_by_acronym(TIEBREAKS, name)


def resolve(code: str, where: str = "") -> tuple[TiebreakSpec, Tiebreak]:
    """Parse a code and check that its tie-break and modifiers exist."""
    spec = parse_tiebreak(code, where)
    try:
        tb = find_tiebreak(spec.name)
    except UnknownTiebreakError as exc:
        raise UnknownTiebreakError(code, exc.known, where) from None
    bad = sorted(spec.modifiers - tb.modifiers)
    if spec.score is not None:
        bad.append("score")
    if bad:
        allowed = ", ".join(MODIFIER_TEXT[m] for m in sorted(tb.modifiers)) or "none"
        used = ", ".join(MODIFIER_TEXT.get(m, ":MP/:GP (team events only)") for m in bad)
        raise UnknownTiebreakError(
            code,
            known_codes(),
            where,
            f"tie-break {code!r}: {tb.acronym} takes no {used}; it accepts {allowed}",
        )
    return spec, tb


def display_name(spec: TiebreakSpec, tb: Tiebreak) -> str:
    """Handbook-style full name, e.g. "Buchholz Cut 1", "Koya System (limit +1 half point)".

    A Note built from the name and each modifier, so that pages can show it in
    their own language.
    """
    text: str = Note(tb.name)
    if spec.fore and tb.acronym != "FB":
        template = N_("Fore {name}") if tb.acronym in {"BH", "SB"} else N_("{name} (Fore)")
        text = Note(template, name=text)
    return with_modifiers(text, spec)


def with_modifiers(text: str, spec: TiebreakSpec) -> str:
    """``text`` with the cut, median, limit, forfeit and reverse modifiers spelled out."""
    if spec.cut:
        text = Note("{name} Cut {n}", name=text, n=spec.cut)
    if spec.median:
        text = Note("{name} Median {n}", name=text, n=spec.median)
    if spec.limit is not None:
        text = Note("{name} (limit {limit:+d} half points)", name=text, limit=spec.limit)
    if spec.k is not None:
        text = Note("{name} (factor {k:g})", name=text, k=spec.k)
    if spec.forfeits_played:
        text = Note("{name} (forfeits as played)", name=text)
    if spec.reverse:
        text = Note("{name} (reversed)", name=text)
    return text
