"""The ranks a file declares (001 columns 86-89) as evidence of how the event was ranked.

A TRF carries the ranks its program published. When trfsite's choice of rule
set and tie-break list does not reproduce them, a fixed list of candidates is
tried, and the first that reproduces every declared rank is adopted:

* rule sets: the one chosen, then those in force at the start date and the
  older ones (:func:`trfsite.standings.choices.plausible_rules`), unless the
  user fixed the rules (``--rules``, ``rules =``);
* tie-break lists: the one chosen, then, when neither the user nor the file
  (202/212) names a list, the usual ones (:data:`USUAL_SWISS_LISTS`,
  :data:`USUAL_ROUND_ROBIN_LISTS`).

Combinations outside the user's choices are tried too, but only to say in the
notes that they would reproduce the ranks. Where declared points (columns
81-84) contradict the cells, a candidate is judged by whichever of the two
fits the declared ranks better (the producer ranked by its own totals, or a
total is a typo in a file ranked by the real points); a place is reproduced
when the declared rank lies among the places of the player's group of
still-tied players (drawing of lots, 4.2, may order them any way).

Cost: up to 3 rule sets x 11 lists (twice, by both points, when declared totals
contradict the cells). Each context and tie-break is made once per rule set; a
list only reorders players within a points group, so the declared ranks outside
their group's places are counted once (a bound no candidate beats: the search
stops when the closest reaches it), and only groups some list may mend are
ranked, each prefix of a list once (see ``_Judge``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trfsite.memo import ByIdentity
from trfsite.model import EventKind, Tournament
from trfsite.progress import default_after_round, round_progress
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import EventContext, build_context
from trfsite.scoring.declared_points import declared_differences
from trfsite.scoring.registry import Tiebreak, resolve
from trfsite.scoring.rule_sets import rule_set_name
from trfsite.standings.choices import plausible_rules
from trfsite.standings.declared_places import count_differences, split_counting
from trfsite.standings.ranking import is_exact, rank_players

RANKS_SOURCES = ("computed", "declared")

# The lists programs and organisers use most, tried in this order after the chosen one.
USUAL_SWISS_LISTS: tuple[tuple[str, ...], ...] = (
    ("BH-C1", "BH", "SB"),
    ("BH", "SB"),
    ("SB", "BH"),
    ("BH", "PS"),
    ("BH-C1", "BH", "SB", "PS"),
    ("BH-M1", "BH", "SB"),
    ("BH", "BH-C1", "SB"),
    ("PS", "BH"),
    ("DE", "WIN", "BH", "SB"),
    ("ARO", "BH"),
)
USUAL_ROUND_ROBIN_LISTS: tuple[tuple[str, ...], ...] = (
    ("DE", "WIN", "SB", "KS"),
    ("SB", "DE", "WIN"),
    ("DE", "SB", "KS"),
    ("SB", "WIN"),
    ("SB", "KS"),
    ("KS", "SB"),
    ("SB", "DE"),
)


class Candidate(NamedTuple):
    """One way the event may have been ranked: a rule set and a tie-break list."""

    rules: str
    codes: tuple[str, ...]

    def describe(self) -> tuple[str, str]:
        """(the list, the rule set) as notes name them."""
        return ", ".join(self.codes) or "-", rule_set_name(self.rules)


class DeclaredOrder(NamedTuple):
    """What the search found."""

    base: Candidate  # the choice made without the evidence
    tried: int
    matched: Candidate | None = None  # the first that reproduces every declared rank
    adopted: bool = False  # matched lies within the user's choices, and is used
    closest: Candidate | None = None  # fewest places differ (when none matched)
    closest_differences: int = 0


def declared_ranks(t: Tournament) -> dict[int, int]:
    """Start number -> declared rank, for the players the file ranks (0 or blank: none)."""
    return {p.id: p.declared_rank for p in t.players if p.declared_rank}


def can_judge(t: Tournament) -> bool:
    """Declared ranks are final ranks: judged in an individual event with every result in."""
    if t.kind is not EventKind.INDIVIDUAL or not t.rounds:
        return False
    if len(declared_ranks(t)) < 2:
        return False
    current = round_progress(t).in_progress
    # Mid-round, programs rank by the results entered so far.
    return not (current is not None and current.entered)


# --------------------------------------------------------------------------- the search
_FOUND: ByIdentity[Tournament, dict[tuple[object, ...], DeclaredOrder]] = ByIdentity(lambda t: {})


def search_declared_order(
    t: Tournament,
    base: Candidate,
    swiss: bool,
    rules_open: bool,
    list_open: bool,
    unrated_rating: int | None,
) -> DeclaredOrder | None:
    """The first candidate reproducing every declared rank; None when there is nothing to
    judge. Made once per tournament and choices (the standings after each round share it).
    """
    if not can_judge(t):
        return None
    key = (base, swiss, rules_open, list_open, unrated_rating)
    made = _FOUND(t)
    found = made.get(key)
    if found is None:
        found = made[key] = _search(t, base, swiss, rules_open, list_open, unrated_rating)
    return found


def _candidates(
    t: Tournament, base: Candidate, swiss: bool, rules_open: bool, list_open: bool
) -> tuple[list[Candidate], list[Candidate]]:
    """(those within the user's choices, base first; the others), in the order tried."""
    rule_sets = list(dict.fromkeys((base.rules, *plausible_rules(t))))
    usual = USUAL_SWISS_LISTS if swiss else USUAL_ROUND_ROBIN_LISTS
    lists = list(dict.fromkeys((base.codes, *usual)))
    within: list[Candidate] = []
    others: list[Candidate] = []
    for rules in rule_sets:
        for codes in lists:
            fits = (rules_open or rules == base.rules) and (list_open or codes == base.codes)
            (within if fits else others).append(Candidate(rules, codes))
    return within, others


def _search(
    t: Tournament,
    base: Candidate,
    swiss: bool,
    rules_open: bool,
    list_open: bool,
    unrated_rating: int | None,
) -> DeclaredOrder:
    declared = declared_ranks(t)
    within, others = _candidates(t, base, swiss, rules_open, list_open)
    candidates = [(True, c) for c in within] + [(False, c) for c in others]
    judge = _Judge(t, swiss, unrated_rating, declared, base.rules)
    # A closest that misses more than three declared places in four (a 2,000-player open
    # whose file ranks by points and start number: 1,957 with the closest list) is no
    # evidence of how the event was ranked: not named, and no candidate is ranked
    # further once it cannot come within that.
    worth_naming = len(declared) * 3 // 4
    if judge.fewest_possible() > worth_naming:
        # The places no list can mend already miss more than that: no candidate matches
        # or is named, and none needs a column to show it.
        return DeclaredOrder(base, len(candidates))
    closest: tuple[int, Candidate] | None = None
    for tried, (adoptable, candidate) in enumerate(candidates, start=1):
        # No candidate places fewer than the bound, nor (a bound above 0) matches:
        # the rest are judged by it.
        if closest is not None and closest[0] <= judge.fewest_possible():
            break
        beaten = closest[0] if closest is not None else worth_naming + 1
        found = judge.differences(candidate, beaten)
        if found is None:
            continue
        differing, unseparated = found
        if differing == 0:
            return DeclaredOrder(base, tried, candidate, adoptable)
        # Closest as printed: a list that separates no one must not look close.
        if unseparated < beaten:
            closest = (unseparated, candidate)
    return DeclaredOrder(
        base,
        len(candidates),
        closest=closest[1] if closest else None,
        closest_differences=closest[0] if closest else 0,
    )


def points_groups_judged(
    declared: dict[int, int], groups: Sequence[list[int]]
) -> tuple[list[list[int]], int]:
    """The points groups (players by index, best first) with those no tie-break list
    can mend broken into single players, and how many declared ranks differ whatever
    the list.

    A list only reorders players within their points group (C.07 4.2): a declared rank
    outside the group's places differs under every list, and a group whose declared
    ranks all lie outside its places needs no ranking.
    """
    kept: list[list[int]] = []
    unmendable = 0
    position = 0
    for group in groups:
        ranks = [declared[i] for i in group if i in declared]
        first, last = position + 1, position + len(ranks)
        outside = sum(1 for rank in ranks if not first <= rank <= last)
        unmendable += outside
        if outside == len(ranks):
            kept.extend([i] for i in group)
        else:
            kept.append(group)
        position = last
    return kept, unmendable


# The columns the search computed, by context and spec: the standings of the same
# context (after the last round, not explained) take them instead of computing again.
_JUDGED: ByIdentity[Tournament, dict[tuple[object, ...], list[float | None]]] = ByIdentity(
    lambda t: {}
)


def _column_key(ctx: EventContext, spec: TiebreakSpec) -> tuple[object, ...]:
    """What a column's values depend on: the context's rounds, rules, system, ratings and
    points (bonus), and the spec."""
    return (ctx.rounds, ctx.rules, ctx.swiss, tuple(ctx.ratings), tuple(ctx.bonus), spec)


# The context the search built on the cells' points under the chosen rule set, by (rounds,
# rules, system, unrated rating): the final standings take it (once) instead of building it
# again. Kept for the last two events only: an unclaimed one is megabytes in a big open.
_CONTEXTS: ByIdentity[Tournament, dict[tuple[object, ...], EventContext]] = ByIdentity(
    lambda t: {}, keep=2
)


def judged_context(
    t: Tournament, rounds: int, rules: str, swiss: bool, unrated_rating: int | None
) -> EventContext | None:
    """The search's context for these choices, handed over once (the standings may add
    declared points to it); None when the search made none."""
    return _CONTEXTS(t).pop((rounds, rules, swiss, unrated_rating), None)


def judged_values(
    t: Tournament, ctx: EventContext, spec: TiebreakSpec
) -> list[float | None] | None:
    """The values the declared-ranks search computed for this column, if it did (None when
    the context explains: explanations are not kept)."""
    if ctx.explain:
        return None
    return _JUDGED(t).get(_column_key(ctx, spec))


# In a Swiss these read nothing the rule sets differ in (virtual opponents, opponents'
# unplayed games, forfeits as games: C.07 16 and 15.2): their values are the same under
# every rule set, computed once. The Buchholz and Sonneborn-Berger families are not.
RULES_FREE_IN_SWISS = frozenset(
    {"DE", "WIN", "WON", "BPG", "BWG", "PS", "GE", "KS", "ARO", "TPR", "PTP", "APRO", "APPO",
     "STD", "TPN", "RTNG"}
)  # fmt: skip


class _Judge:
    """Ranks the final round under candidates, sharing all it can between them.

    Where declared totals contradict the cells, each candidate is ranked by both and
    judged by the points that fit the declared ranks better: a producer may have
    ranked by its totals (which the cells lack), or a total may be a typo in a file
    ranked by the real points.

    Each context and tie-break is made once per rule set, the points groups once per
    points basis, and the blocks after each prefix of a list once: lists share prefixes
    (BH-C1, BH, SB and BH-C1, BH, SB, PS), and rule sets share the blocks where a
    column's values are the same under both (most events have few unplayed games).
    """

    def __init__(
        self,
        t: Tournament,
        swiss: bool,
        unrated_rating: int | None,
        declared: dict[int, int],
        rules: str,
    ) -> None:
        self.t = t
        self.rules = rules  # the chosen rule set
        self.swiss = swiss
        self.unrated_rating = unrated_rating
        self.after = default_after_round(t, t.rounds)
        self.contexts: dict[tuple[str, bool], EventContext] = {}
        self.differences_by_id: dict[int, float] = {}
        # By points basis: the points groups to rank, and how many places differ anyway.
        self.groups: dict[bool, list[list[int]]] = {}
        self.unmendable: dict[bool, int] = {}
        self.columns: dict[tuple[str, bool, str], tuple[list[float | None], int]] = {}
        self.named: list[list[float | None]] = []  # the columns' values, by name
        self.exact: dict[int, bool] = {}  # by name: the column is sorted by its values
        # (rule set, points basis, spec) of the columns handed to the standings (_JUDGED).
        self.handed: set[tuple[str, bool, TiebreakSpec]] = set()
        self.blocks: dict[tuple[object, ...], list[list[int]]] = {}
        self.counts: dict[tuple[object, ...], tuple[int, int]] = {}
        # Prefixes given up before their last column was split: the differences counted.
        self.dropped: dict[tuple[object, ...], int] = {}
        if self.after == t.rounds:  # declared totals are final totals
            ctx = self.context(rules, False)
            scores = {pid: ctx.score[i] for i, pid in enumerate(ctx.ids)}
            self.differences_by_id = declared_differences(t, scores)
        # The declared totals first: with equal counts they are the producer's order.
        self.by_declared_points = (True, False) if self.differences_by_id else (False,)
        # Every context lists the players in one order: blocks are judged by index.
        ids = self.context(rules, self.by_declared_points[0]).ids
        self.declared_by_index = {i: declared[pid] for i, pid in enumerate(ids) if pid in declared}
        for by in self.by_declared_points:
            # Points are the cells' (and the declared totals'): the same under every rule set.
            ctx = self.context(rules, by)
            groups = rank_players(ctx, [], [], [])
            self.groups[by], self.unmendable[by] = points_groups_judged(
                self.declared_by_index, groups
            )

    def fewest_possible(self) -> int:
        """A lower bound of the places any candidate leaves differing (shared or not)."""
        return min(self.unmendable.values())

    def context(self, rules: str, by_declared_points: bool) -> EventContext:
        key = (rules, by_declared_points)
        ctx = self.contexts.get(key)
        if ctx is None:
            # Another rule set's context on the same points lends what reads no rule.
            like = next(
                (c for (_, by), c in self.contexts.items() if by == by_declared_points), None
            )
            if like is not None:
                ctx = like.under(rules)
            else:
                ctx = build_context(self.t, self.after, rules, self.swiss, self.unrated_rating)
                if by_declared_points:
                    ctx.add_bonus(self.differences_by_id)
            if not by_declared_points and rules == self.rules:
                _CONTEXTS(self.t)[(self.after, rules, self.swiss, self.unrated_rating)] = ctx
            self.contexts[key] = ctx
        return ctx

    def name(self, values: list[float | None]) -> int:
        """Equal value lists get one name: the blocks they make are shared. Compared with
        each list named before, not hashed whole: unequal lists differ within their
        first few players."""
        for name, seen in enumerate(self.named):
            if seen == values:
                return name
        self.named.append(values)
        name = len(self.named) - 1
        self.exact[name] = is_exact(values)
        return name

    def rules_read(self, rules: str, spec: TiebreakSpec) -> str:
        """The rule set a column's values depend on ("" when on none)."""
        return "" if self.swiss and spec.name in RULES_FREE_IN_SWISS else rules

    def column(
        self, rules: str, by_declared_points: bool, spec: TiebreakSpec, tb: Tiebreak
    ) -> tuple[list[float | None], int]:
        """A tie-break's values under the context, and their name."""
        key = (self.rules_read(rules, spec), by_declared_points, spec.code.upper())
        ctx = self.context(rules, by_declared_points)
        found = self.columns.get(key)
        if found is None:
            assert tb.compute is not None
            values = tb.compute(ctx, spec).values
            found = self.columns[key] = (values, self.name(values))
        handed = (rules, by_declared_points, spec)
        if handed not in self.handed:  # once per context and column
            self.handed.add(handed)
            _JUDGED(self.t)[_column_key(ctx, spec)] = found[0]
        return found

    def differences(self, candidate: Candidate, beaten: int) -> tuple[int, int] | None:
        """How many declared ranks the candidate does not reproduce: with ties broken by
        lot (4.2) as the file likes, and as the standings print them (shared places).

        None when it can neither reproduce them all nor leave fewer than ``beaten``
        places differing as printed: a tie-break only splits blocks, so a place outside
        its block's places after a prefix of the list stays outside (the count with ties
        by lot never falls along the list, and the printed count is never below it).
        """
        found = [self._differences(candidate, by, beaten) for by in self.by_declared_points]
        return min((f for f in found if f is not None), default=None)

    def _differences(
        self, candidate: Candidate, by_declared_points: bool, beaten: int
    ) -> tuple[int, int] | None:
        ctx = self.context(candidate.rules, by_declared_points)
        blocks = self.groups[by_declared_points]
        prefix: tuple[object, ...] = (by_declared_points,)
        for code in candidate.codes:
            spec, tb = column = resolve(code, "")
            lower = tb.lower_is_better != spec.reverse
            if tb.compute is None:  # DE: filled per group by the ranking, from the context
                values: list[float | None] = [None] * ctx.size
                prefix = (*prefix, (spec.code.upper(), lower, self.rules_read(ctx.rules, spec)))
            else:
                values, name = self.column(candidate.rules, by_declared_points, spec, tb)
                before = self.counts.get(prefix)  # after the columns before it, if any
                prefix = (*prefix, (name, lower))
                if (
                    self.dropped.get(prefix, 0) >= beaten > 0
                ):  # as counted before: beaten only falls
                    return None
                if prefix not in self.blocks and not self._split(
                    ctx, prefix, blocks, values, lower, beaten, self.exact[name], before
                ):
                    return None
            found = self.blocks.get(prefix)
            if found is None:
                found = self.blocks[prefix] = rank_players(ctx, [column], [values], [None], blocks)
            blocks = found
            lenient = self.count(prefix, blocks)[0]
            if lenient and lenient >= beaten:
                return None
        return self.count(prefix, blocks)

    def _split(
        self,
        ctx: EventContext,
        prefix: tuple[object, ...],
        blocks: list[list[int]],
        values: list[float | None],
        lower: bool,
        beaten: int,
        exact: bool,
        before: tuple[int, int] | None,
    ) -> bool:
        """The blocks and counts after a list prefix ending in a computed column, kept;
        False when its count reached ``beaten`` before every block was split (the count
        so far is kept: ``beaten`` only falls, so the prefix stays dropped). ``before``:
        the counts of ``blocks``, known after a list's first column."""
        split = split_counting(self.declared_by_index, blocks, values, lower, beaten, exact, before)
        if isinstance(split, int):
            self.dropped[prefix] = split
            return False
        by_id = ctx.ids.__getitem__  # as rank_players leaves them: ties in start order
        self.blocks[prefix] = [b if len(b) == 1 else sorted(b, key=by_id) for b in split.blocks]
        self.counts[prefix] = (split.lenient, split.shared)
        return True

    def count(self, prefix: tuple[object, ...], blocks: list[list[int]]) -> tuple[int, int]:
        """``count_differences`` of the blocks after a list prefix, once per prefix."""
        found = self.counts.get(prefix)
        if found is None:
            found = self.counts[prefix] = count_differences(self.declared_by_index, blocks)
        return found
