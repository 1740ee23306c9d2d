"""The choices behind any chess standings: rule set, pairing system, tie-break list.

The individual and the team engine both make them here, and every choice is
written into ``Standings.notes``:

* Rule set: ``--rules`` wins; otherwise the start date (042) decides: before
  2024-04-01 ``pre2023`` (C.07 2023 became binding for every FIDE-rated event on
  1 April 2024; trfsite takes every event as
  FIDE-rated, so FIDE's own competitions, on C.07 2023 from 1 September 2023,
  need ``--rules 2023`` unless their declared ranks show it), before
  2026-03-01 ``2023``, else ``2026``; no readable start date means ``2026``.
  The ranks the file declares may then overrule an ``auto`` choice
  (``trfsite.standings.declared_ranks``).
* Pairing system: ``--system``; else the reader's hint; else records 192 and
  092 (words such as "Swiss", "Dutch" or "round robin", "Berger"); else a round
  robin when every two participants met equally often (``scoring.round_robin``,
  rest rounds and double round robins included); else Swiss.
* Tie-break list: ``--tiebreaks`` (or the config), else record 202/212, else
  the default: Swiss ``BH-C1, BH, SB, DE, WIN``; round robin ``DE, WIN, SB, KS``.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import TypeVar

import click

from trfsite.model import EventKind, PairingSystem, Tournament
from trfsite.progress import round_progress
from trfsite.results import N_, Note, TiebreakColumn
from trfsite.scoring.codes import TiebreakSpec, split_tiebreak_list, strip_pts
from trfsite.scoring.declared_points import POINTS_SOURCES
from trfsite.scoring.round_robin import individual_pairings, meetings_per_pair
from trfsite.scoring.rule_sets import PRE2023, RULE_SETS, RULES_2023, RULES_2026
from trfsite.standings.options import StandingsOptions

# C.07 2023: FIDE's own competitions (EVE, GSC) from 1 September 2023, every FIDE-rated
# event from 1 April 2024; C.07 2026 from 1 March 2026.
RULES_2023_FIDE_EVENTS_FROM = _dt.date(2023, 9, 1)
RULES_2023_FROM = _dt.date(2024, 4, 1)
RULES_2026_FROM = _dt.date(2026, 3, 1)
DEFAULT_SWISS: tuple[str, ...] = ("BH-C1", "BH", "SB", "DE", "WIN")
DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("DE", "WIN", "SB", "KS")

_ROUND_ROBIN_WORDS = re.compile(
    r"round[\s_-]*robin|\brr\b|berger|scheveningen|all[\s-]*play[\s-]*all|rundenturnier",
    re.IGNORECASE,
)
_SWISS_WORDS = re.compile(
    r"swiss|schweizer|dutch|burstein|dubov|\blim\b|monrad|mcmahon", re.IGNORECASE
)


class StandingsError(click.ClickException):
    """Standings cannot be computed as asked (bad option or list)."""


# --------------------------------------------------------------------------- choices
def asked_rules(options: StandingsOptions) -> str | None:
    """The rule set the user fixed (``--rules``, ``rules =``), None for ``auto``."""
    asked = (options.rules or "auto").strip().lower()
    if asked in RULE_SETS:
        return asked
    if asked != "auto":
        raise StandingsError(f"--rules {options.rules!r}: expected auto, {', '.join(RULE_SETS)}")
    return None


def choose_rules(t: Tournament, options: StandingsOptions) -> tuple[str, str]:
    """(rule set, note explaining why)."""
    asked = asked_rules(options)
    if asked == PRE2023:
        return asked, Note(
            "Tie-break rules: the FIDE tie-break rules before 2023 (chosen with --rules)."
        )
    if asked is not None:
        return asked, Note("Tie-break rules: FIDE C.07 {rules} (chosen with --rules).", rules=asked)
    if t.start_date is None:
        return RULES_2026, Note(
            "Tie-break rules: FIDE C.07 2026, because the file has no readable start "
            "date (record 042); use --rules 2023 for an older event."
        )
    if t.start_date < RULES_2023_FROM:
        return PRE2023, Note(
            "Tie-break rules: the FIDE tie-break rules before 2023, because the event started "
            "on {date}, before C.07 2023 became binding for FIDE-rated events on {binding} "
            "(FIDE's own competitions applied it from {fide}: use --rules 2023 for one).",
            date=t.start_date,  # dates: pages spell them in their language
            binding=RULES_2023_FROM,
            fide=RULES_2023_FIDE_EVENTS_FROM,
        )
    if t.start_date < RULES_2026_FROM:
        return RULES_2023, Note(
            "Tie-break rules: FIDE C.07 2023 (as amended to 2024, same values), because "
            "the event started on {date}, before 2026-03-01.",
            date=t.start_date,  # a date: pages spell it in their language
        )
    return RULES_2026, Note(
        "Tie-break rules: FIDE C.07 2026, because the event started on {date}, "
        "on or after 2026-03-01.",
        date=t.start_date,  # a date: pages spell it in their language
    )


def plausible_rules(t: Tournament) -> tuple[str, ...]:
    """The rule sets the event may have been ranked under, the likeliest first.

    Those in force (for any kind of event) on its start date, newest first, then
    the older ones: programs and organisers lag behind FIDE, never ahead of it.
    """
    start = t.start_date
    if start is None or start >= RULES_2026_FROM:
        return (RULES_2026, RULES_2023, PRE2023)
    if start >= RULES_2023_FROM:
        return (RULES_2023, PRE2023)
    if start >= RULES_2023_FIDE_EVENTS_FROM:
        return (PRE2023, RULES_2023)  # rated events kept the old rules; FIDE's own did not
    return (PRE2023,)


def _record_source(record: str, text: str) -> Note:
    """``record 092 'Swiss'``: where the system was read, for the pairing-system note."""
    return Note("record {record} {text!r}", record=record, text=text)


def choose_system(
    t: Tournament, options: StandingsOptions, meetings: Callable[[], int] | None = None
) -> tuple[bool, str]:
    """(is Swiss, note). Round robins are pre-determined events (C.07 15.2).

    ``meetings`` tells how often every two participants met (0: not all of
    them met equally often); it decides when no record names the system.
    """
    if options.system:
        asked = options.system.strip().lower()
        if asked in ("swiss",):
            return True, Note(_SWISS_NOTE, source="--system")
        if asked in ("round-robin", "roundrobin", "rr"):
            return False, Note(_ROUND_ROBIN_NOTE, source="--system")
        raise StandingsError(f"--system {options.system!r}: expected swiss or round-robin")
    named = t.type_code.strip() or t.tournament_type.strip()
    source = (
        _record_source("192" if t.type_code.strip() else "092", named)
        if named
        else Note("the file")
    )
    if t.pairing_system is PairingSystem.ROUND_ROBIN:
        return False, Note(_ROUND_ROBIN_NOTE, source=source)
    if t.pairing_system in (PairingSystem.SWISS, PairingSystem.MCMAHON):
        return True, Note(_SWISS_NOTE, source=source)
    for record, text in (("192", t.type_code), ("092", t.tournament_type)):
        if _ROUND_ROBIN_WORDS.search(text):
            return False, Note(_ROUND_ROBIN_NOTE, source=_record_source(record, text.strip()))
        if _SWISS_WORDS.search(text):
            return True, Note(_SWISS_NOTE, source=_record_source(record, text.strip()))
    times = (meetings or (lambda: meetings_per_pair(*individual_pairings(t))))()
    if times:
        team = t.kind is EventKind.TEAM and not options.individual
        return False, Note(
            _INFERRED_TEAMS if team else _INFERRED_PLAYERS,
            times=Note(_MET_TIMES.get(times, _MET_N_TIMES), n=times),
        )
    return True, Note(
        "Pairing system: Swiss, assumed because neither record 092 nor 192 names the "
        "system; use --system round-robin otherwise."
    )


_SWISS_NOTE = N_("Pairing system: Swiss ({source}); unplayed rounds per C.07 16.")
_INFERRED_PLAYERS = N_(
    "Pairing system: round robin, inferred from the pairings because neither record 092 nor "
    "192 names the system: every player met every other {times}; forfeits per C.07 15.2. "
    "Use --system swiss otherwise."
)
_INFERRED_TEAMS = N_(
    "Pairing system: round robin, inferred from the pairings because neither record 092 nor "
    "192 names the system: every team met every other {times}; forfeits per C.07 15.2. "
    "Use --system swiss otherwise."
)
_ROUND_ROBIN_NOTE = N_("Pairing system: round robin ({source}); forfeits per C.07 15.2.")
# The same choices, said without C.07 2023's articles: the rules before 2023 had neither
# Art. 16 nor 15.2 (their unplayed games are in a note of their own).
_BEFORE_2023 = {
    _SWISS_NOTE: N_("Pairing system: Swiss ({source})."),
    _ROUND_ROBIN_NOTE: N_("Pairing system: round robin ({source})."),
    _INFERRED_PLAYERS: N_(
        "Pairing system: round robin, inferred from the pairings because neither record 092 "
        "nor 192 names the system: every player met every other {times}. Use --system swiss "
        "otherwise."
    ),
    _INFERRED_TEAMS: N_(
        "Pairing system: round robin, inferred from the pairings because neither record 092 "
        "nor 192 names the system: every team met every other {times}. Use --system swiss "
        "otherwise."
    ),
}


def system_note_under(rules: str, note: str) -> str:
    """``choose_system``'s note as the rule set finally chosen reads it."""
    template = getattr(note, "template", None)
    if rules != PRE2023 or template not in _BEFORE_2023:
        return note
    assert isinstance(note, Note)
    return Note(_BEFORE_2023[template], **note.values)


_MET_TIMES = {1: N_("once"), 2: N_("twice")}
_MET_N_TIMES = N_("{n} times")


def choose_tiebreaks(
    t: Tournament, options: StandingsOptions, swiss: bool
) -> tuple[list[str], str, str]:
    """(codes as spelled, where they came from for error messages, note)."""
    if options.tiebreaks is not None:
        codes = [c.strip() for item in options.tiebreaks for c in split_tiebreak_list(item)]
        return (
            codes,
            "--tiebreaks",
            given_list_note(codes),
        )
    if t.tiebreaks and t.kind is EventKind.TEAM:
        codes = list(DEFAULT_SWISS if swiss else DEFAULT_ROUND_ROBIN)
        return (
            codes,
            "the default list",
            Note(
                "Tie-breaks for the players of a team event: record 202/212 ranks the "
                "teams, so trfsite's default applies: {codes}.",
                codes=", ".join(codes),
            ),
        )
    if t.tiebreaks:
        record = t.tiebreak_record or "202"
        codes = strip_pts([c.strip() for c in t.tiebreaks if c.strip()])
        return (
            codes,
            f"record {record}",
            file_list_note(record, codes),
        )
    codes = list(DEFAULT_SWISS if swiss else DEFAULT_ROUND_ROBIN)
    template = (
        N_(
            "Tie-breaks: the file names none (record 202/212), so trfsite's default for "
            "Swiss events applies: {codes}."
        )
        if swiss
        else N_(
            "Tie-breaks: the file names none (record 202/212), so trfsite's default for "
            "round-robin events applies: {codes}."
        )
    )
    return codes, "the default list", Note(template, codes=", ".join(codes))


# Notes that the individual and the team engine both write.
def given_list_note(codes: list[str]) -> Note:
    return Note("Tie-breaks as given: {codes}.", codes=", ".join(codes) or "none")


def file_list_note(record: str, codes: list[str]) -> Note:
    return Note("Tie-breaks from record {record}: {codes}.", record=record, codes=", ".join(codes))


def after_round_note(after: int, total: int, t: Tournament | None = None) -> Note:
    current = round_progress(t).in_progress if t is not None else None
    if current is not None and current.round > after:
        return Note(
            "Standings after round {after} of {total}: round {current} is in progress and "
            "counts once all its results are in; 'number of rounds' in C.07 16.4.2 is {after}.",
            after=after,
            total=total,
            current=current.round,
        )
    return Note(
        "Standings after round {after} of {total}: later rounds are ignored, and "
        "'number of rounds' in C.07 16.4.2 is {after}.",
        after=after,
        total=total,
    )


def abnormal_points_note(t: Tournament) -> Note:
    return Note("{n} record(s) 299 change the points awarded.", n=len(t.abnormal_points))


def since_2026_note(code: str, rules: str = RULES_2023) -> Note:
    if rules == PRE2023:
        return Note(
            "{code} is a 2026 tie-break, computed here under the rules before 2023.", code=code
        )
    return Note("{code} is a 2026 tie-break, computed here under the 2023 rules.", code=code)


_Column = TypeVar("_Column")


def resolve_columns(
    codes: list[str], where: str, resolver: Callable[[str, str], _Column]
) -> tuple[list[_Column], list[str]]:
    """Resolve every code; a bad code in the FILE's list is skipped with a note.

    A code the user typed is an error (they can retype it); a code in record
    202/212 is already a validation error, and dropping the whole event's
    standings for it would punish readers for the organiser's typo.
    """
    if not where.startswith("record"):
        return [resolver(code, where) for code in codes], []
    columns: list[_Column] = []
    notes: list[str] = []
    seen: set[str] = set()
    repeated: list[str] = []
    for code in codes:
        # The same tie-break again gives the same values and cannot break a tie the
        # first one left; a damaged record may repeat one hundreds of times.
        spelled = code.strip().upper()
        if spelled in seen:
            repeated.append(code)
            continue
        seen.add(spelled)
        try:
            columns.append(resolver(code, where))
        except click.ClickException as exc:
            notes.append(
                Note(
                    "Tie-break {code!r} from {where} skipped: {reason}",
                    code=code,
                    where=where,
                    reason=exc.format_message(),
                )
            )
    if repeated:
        notes.append(
            Note(
                "Tie-breaks repeated in {where} skipped ({count}): the same tie-break again "
                "cannot break a tie the first one left.",
                where=where,
                count=len(repeated),
            )
        )
    return columns, notes


def check_points_source(options: StandingsOptions) -> str:
    if options.points_source not in POINTS_SOURCES:
        raise StandingsError(
            f"points_source {options.points_source!r}: expected one of " + ", ".join(POINTS_SOURCES)
        )
    return options.points_source


def tiebreak_column(spec: TiebreakSpec, name: str, lower_is_better: bool) -> TiebreakColumn:
    """A standings column as spelled by the user; ``/R`` turns the ranking direction."""
    return TiebreakColumn(
        code=spec.code,
        name=name,
        short=spec.short,
        lower_is_better=lower_is_better != spec.reverse,
    )
