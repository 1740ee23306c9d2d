"""Standings as computed: the shapes every engine (chess, team, Go) returns.

The site, the PDF and the JSON output read only these, so that each engine
stays free to compute however it likes.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import field, fields
from typing import NamedTuple, cast

from trfsite.model import EventKind, Tournament
from trfsite.model.frozen import frozen_record

# What a note's placeholders take: numbers and dates are spelled by the page that
# shows the note (decimal mark, month names); a Note value is translated on its own.
NoteValue = str | int | float | _dt.date


def N_(message: str) -> str:
    """Marks an English text for the catalogs (``pybabel extract -k N_``) where it is
    translated later, by the page that shows it: a Note's template, a label."""
    return message


_new_str = str.__new__
_PLAIN = frozenset({str, int, float})


class Note(str):
    """A note for readers: its English text, plus the template and values it came
    from, so that a page in another language can translate it (``catalog.gettext``).

    A ``str`` subclass, so JSON, CSV and every caller that reads notes as text
    see the English text unchanged.
    """

    template: str
    values: dict[str, NoteValue]
    # A date somewhere in it (nested notes included): even an English page must
    # spell it (its English text has the ISO date). Set only when true.
    dated: bool = False

    def __new__(cls, template: str, **values: NoteValue) -> Note:
        # Engines make ~900,000 notes for a 300-event archive: the instance dict is
        # filled directly, and plain strings and numbers (nearly every value) are
        # passed over without isinstance tests.
        note = _new_str(cls, template.format_map(values) if values else template)
        own = note.__dict__
        own["template"] = template
        own["values"] = values
        for value in values.values():
            if type(value) in _PLAIN:
                continue
            if isinstance(value, _dt.date) or (isinstance(value, Note) and value.dated):
                own["dated"] = True
                break
        return note

    def __reduce__(self) -> tuple[object, ...]:
        # The site's process pool and cache pickle standings: keep the template.
        return (_make_note, (self.template, self.values))


def _make_note(template: str, values: dict[str, NoteValue]) -> Note:
    return Note(template, **values)


# The most parts :func:`join_notes` lists; the others are counted.
JOINED_AT_MOST = 20
# The language-neutral templates :func:`join_notes` builds lists with.
LIST_TEMPLATE = "{first}, {rest}"
SLASH_TEMPLATE = "{first}/{rest}"


def join_notes(parts: Sequence[str], template: str = LIST_TEMPLATE) -> str:
    """Parts joined as one Note (``"a, b, c"``), each part still translated on its own.

    ``template`` is :data:`LIST_TEMPLATE` or :data:`SLASH_TEMPLATE`; an empty list
    gives ``""``.
    """
    if not parts:
        return ""
    if len(parts) > JOINED_AT_MOST:
        # A damaged table contradicted its header in thousands of games: each was listed,
        # and each part of the list copied the rest (quadratic). The count says the rest.
        parts = [*parts[:JOINED_AT_MOST], Note("{count} more", count=len(parts) - JOINED_AT_MOST)]
    joined: str = parts[-1]
    for part in reversed(parts[:-1]):
        joined = Note(template, first=part, rest=joined)
    return joined


# A dataclass: its ``count`` would hide tuple.count in a NamedTuple.
@frozen_record
class Contribution:
    """One line of a tie-break explanation ("round 3: opponent 17 scored 4.5").

    ``cut`` says the value was dropped by a cut or median modifier, ``why``
    gives the reason (e.g. ``"C.07 16.5: forfeit loss cut first"``).
    """

    round: int
    value: float | None
    label: str
    cut: bool = False
    why: str = ""
    # A summary line (see ``summarise``): every round it stands for; () for one round.
    rounds: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        return len(self.rounds) or 1

    @property
    def rounds_text(self) -> str:
        """``7``, or ``12-1000`` and ``4, 6-9`` for a summary line."""
        if not self.rounds:
            return str(self.round) if self.round else ""
        runs: list[str] = []
        first = last = self.rounds[0]
        for number in (*self.rounds[1:], 0):
            if number == last + 1:
                last = number
                continue
            runs.append(str(first) if first == last else f"{first}-{last}")
            first = last = number
        return ", ".join(runs)


class _ContributionBuilder:
    """A line of one round, not cut, without a reason: nearly every line an explanation
    has. Made as ``_IndividualRowBuilder`` makes rows (the slots written without the
    frozen guard, then the class becomes Contribution); ``tests/test_model_init.py``
    keeps them equal."""

    __slots__ = tuple(f.name for f in fields(Contribution))

    def __init__(self, round: int, value: float | None, label: str) -> None:
        self.round = round
        self.value = value
        self.label = label
        self.cut = False
        self.why = ""
        self.rounds = ()
        self.__class__ = Contribution  # type: ignore[assignment]


# Called as Contribution is, with its first three fields: the lines of a part's 1,000
# cards of an open (47,000: Buchholz, SB, WIN, TPR and ARO) in 0.3 us each rather
# than 0.8 (object.__setattr__ per field).
new_contribution = cast("type[Contribution]", _ContributionBuilder)


def summarise(contributions: Sequence[Contribution]) -> tuple[Contribution, ...]:
    """Rounds with the same account (an unplayed round's dummy opponent, say) as one line.

    A file declaring 999 rounds gives a player hundreds of identical unplayed rounds;
    one line per kind with its count keeps explanations in proportion to the games.
    Cut rounds stay single lines: each cut drops one round. The line's value is the
    group's total, so sums over the lines still add up.
    """
    # Nearly every explanation (~250,000 in a 300-event archive) has no two alike:
    # a set tells so without building the groups. Its lines' labels first (each one's
    # hash made once, most are shared): all distinct, no two lines can be alike.
    if len({item.label for item in contributions}) == len(contributions):
        return tuple(contributions)
    keys = [
        (item.label, item.value, item.why)
        for item in contributions
        if not item.cut and not item.rounds and item.value is not None
    ]
    if len(set(keys)) == len(keys):
        return tuple(contributions)
    groups: dict[tuple[str, float | None, str], list[Contribution]] = {}
    for item in contributions:
        if not item.cut and not item.rounds and item.value is not None:
            groups.setdefault((item.label, item.value, item.why), []).append(item)
    out: list[Contribution] = []
    for item in contributions:
        group = groups.get((item.label, item.value, item.why)) if not item.cut else None
        if group is None or len(group) < 2 or item.value is None:
            out.append(item)
        elif group[0] is item:
            out.append(
                Contribution(
                    item.round,
                    item.value * len(group),
                    Note(
                        "{label} ({count} rounds x {each:g})",
                        label=item.label,
                        count=len(group),
                        each=item.value,
                    ),
                    why=item.why,
                    rounds=tuple(member.round for member in group),
                )
            )
    return tuple(out)


@frozen_record
class Explanation:
    """Where one participant's value of one tie-break came from."""

    code: str
    value: float | None
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()

    def __init__(
        self,
        code: str,
        value: float | None,
        contributions: tuple[Contribution, ...] = (),
        notes: tuple[str, ...] = (),
    ) -> None:
        # Every engine's explanation is summarised here, in one place.
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "contributions", summarise(contributions))
        object.__setattr__(self, "notes", notes)


class _ExplanationBuilder:
    """An Explanation made as ``_ContributionBuilder`` makes lines: its contributions
    summarised as its ``__init__`` does, the slots written without the frozen guard."""

    __slots__ = tuple(f.name for f in fields(Explanation))

    def __init__(
        self,
        code: str,
        value: float | None,
        contributions: tuple[Contribution, ...] = (),
        notes: tuple[str, ...] = (),
    ) -> None:
        self.code = code
        self.value = value
        self.contributions = summarise(contributions)
        self.notes = notes
        self.__class__ = Explanation  # type: ignore[assignment]


# Called as Explanation is: seven a player of an open's cards (1.8 us each through the
# type's __init__, four object.__setattr__).
new_explanation = cast("type[Explanation]", _ExplanationBuilder)


class TiebreakColumn(NamedTuple):
    """One tie-break of the list: as the user spelled it, and its full name."""

    code: str  # exactly as spelled by the user or the file (JSON key)
    name: str  # Handbook name, e.g. "Buchholz Cut 1"
    short: str  # Handbook short form, e.g. "BH-C1"
    lower_is_better: bool = False


@frozen_record
class StandingRow:
    """One participant's line of the standings: place, points, tie-break values."""

    rank: int
    id: int
    name: str
    points: float
    tiebreaks: tuple[float | None, ...]  # aligned with Standings.columns
    match_points: float | None = None  # team events
    game_points: float | None = None  # team events
    explanations: tuple[Explanation, ...] = field(default=(), compare=False)
    extra: tuple[tuple[str, str], ...] = ()  # e.g. rating, federation, grade for display
    start_points: float = 0.0  # the score before round 1: a McMahon start score, else 0


class _IndividualRowBuilder:
    """A chess player's row (no match, game or start points), made as formats/builders.py
    makes cells: the same slots written without the frozen guard, then the class becomes
    StandingRow (``tests/test_model_init.py`` keeps them equal)."""

    __slots__ = tuple(f.name for f in fields(StandingRow))

    def __init__(
        self,
        rank: int,
        id: int,
        name: str,
        points: float,
        tiebreaks: tuple[float | None, ...],
        explanations: tuple[Explanation, ...],
        extra: tuple[tuple[str, str], ...],
    ) -> None:
        self.rank = rank
        self.id = id
        self.name = name
        self.points = points
        self.tiebreaks = tiebreaks
        self.match_points = None
        self.game_points = None
        self.explanations = explanations
        self.extra = extra
        self.start_points = 0.0
        self.__class__ = StandingRow  # type: ignore[assignment]


# Called as StandingRow is, with these seven fields: a 2,000-player open's rows in 0.8 ms
# rather than 2.1 (object.__setattr__ per field).
new_individual_row = cast("type[StandingRow]", _IndividualRowBuilder)


@frozen_record
class Standings:
    """What an engine returns: the rows in order, the columns and the choices made."""

    tournament: Tournament
    rules: str  # "2023", "2026", or "egf"
    columns: tuple[TiebreakColumn, ...]
    after_round: int
    rows: tuple[StandingRow, ...]
    kind: EventKind = EventKind.INDIVIDUAL
    notes: tuple[str, ...] = ()  # choices made (rule set, unrated rating, system), shown to readers
    points_label: str = "Pts"
    # The engine ranked the event as a round robin (C.07 15.2): pages print its grid.
    round_robin: bool = False

    def as_json(self, fmt: str = "") -> dict[str, object]:
        """The JSON contract of ``trfsite standings --format json``."""
        t = self.tournament
        tournament: dict[str, object] = {
            "name": t.name,
            "kind": self.kind.value,
            "format": fmt or t.source_format.value,
            "rounds": t.rounds,
        }
        if self.kind is EventKind.TEAM:
            tournament["boards"] = len(t.board_colors) or None
        rows: list[dict[str, object]] = []
        for row in self.rows:
            item: dict[str, object] = {
                "rank": row.rank,
                "id": row.id,
                "name": row.name,
                "points": row.points,
            }
            if row.match_points is not None or row.game_points is not None:
                item["match_points"] = row.match_points
                item["game_points"] = row.game_points
            pairs = zip(self.columns, row.tiebreaks, strict=True)
            item["tiebreaks"] = {column.code: value for column, value in pairs}
            rows.append(item)
        return {
            "tournament": tournament,
            "rules": self.rules,
            "tiebreaks": [c.code for c in self.columns],
            "after_round": self.after_round,
            "notes": list(self.notes),
            "standings": rows,
        }
