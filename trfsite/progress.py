"""How far an event has got: the one place that decides which rounds are pending.

A file exported during an event holds the next round's pairings before its
results (opponent and colour, no result), sometimes a few results of it, and
byes requested for later rounds. Standings, tie-breaks, cards, charts, the
pages and the validation report all read :func:`round_progress`, so that they
agree on "standings after round 6, round 7 in progress".
"""

from typing import NamedTuple

from trfsite.memo import ByIdentity
from trfsite.model import Game, Outcome, Player, RoundEntry, Tournament

# Byes that a pairing program writes ahead of a round (TRF 0000 - H/F/U/Z).
# By id(): enum members are singletons, and Enum.__hash__ runs in Python.
_ANNOUNCED_BYES = frozenset(map(id, (Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.PAIRING_BYE)))


def result_missing(entry: RoundEntry) -> bool:
    """The cell names an opponent but has no result yet (TRF blank result, EGF ``?``)."""
    return entry.opponent is not None and entry.outcome is Outcome.UNKNOWN


def announced(entry: RoundEntry) -> bool:
    """The cell says something about its round: a pairing or a bye written on purpose.

    A blank cell and ``0000 - -`` are read as zero-point byes too; they say nothing.
    """
    outcome = entry.outcome
    if entry.opponent is not None or id(outcome) in _ANNOUNCED_BYES:
        return True
    return outcome is Outcome.ZERO_BYE and entry.raw.strip().upper().endswith("Z")


def known(entry: RoundEntry | None, pending: bool) -> RoundEntry | None:
    """The cell as pages show it: in a pending round a cell that says nothing is no cell."""
    if entry is None or not pending or announced(entry):
        return entry
    return None


class PendingRound(NamedTuple):
    """A round after the last complete one: pairings or byes known, results not all in."""

    round: int
    games: int  # games paired in this round
    missing: int  # of those, games without a result yet

    @property
    def entered(self) -> int:
        return self.games - self.missing


class RoundProgress(NamedTuple):
    """``complete``: the last complete round, the one standings are after (0: none yet)."""

    complete: int
    pending: tuple[PendingRound, ...] = ()

    @property
    def in_progress(self) -> PendingRound | None:
        """The round being played: the first pending one."""
        return self.pending[0] if self.pending else None

    def is_pending(self, round_no: int) -> bool:
        return any(p.round == round_no for p in self.pending)

    @property
    def pending_rounds(self) -> frozenset[int]:
        return frozenset(p.round for p in self.pending)


def _progress(t: Tournament) -> RoundProgress:
    if t.game is Game.GO:
        # EGF's '?' is OpenGotha's unknown result, which its own score columns count
        # in every round; a Go file keeps all its rounds.
        return RoundProgress(t.rounds)
    # First the rounds alone: which have games, which a game without a result, which say
    # anything at all. Games are counted (once per pair) only in the rounds after the last
    # complete one, which a finished event has none of.
    played: set[int] = set()
    unfinished: set[int] = set()
    seen: set[int] = set()
    unknown = Outcome.UNKNOWN
    for player in t.players:
        for entry in player.rounds:
            if entry.opponent is None:
                if announced(entry):
                    seen.add(entry.round)
            else:  # a pairing is announced()
                played.add(entry.round)
                if entry.outcome is unknown:  # result_missing()
                    unfinished.add(entry.round)
    # A round with results and none missing is complete; a missing result before the
    # last complete round is a mistake in the file (a warning), not a pending round.
    complete = max(played - unfinished, default=0)
    later = sorted(r for r in seen | played if r > complete)
    if not later:
        return RoundProgress(complete)
    games, missing = _games(t, frozenset(later))
    pending = tuple(PendingRound(r, len(games.get(r, ())), len(missing.get(r, ()))) for r in later)
    return RoundProgress(complete, pending)


def _games(
    t: Tournament, rounds: frozenset[int]
) -> tuple[dict[int, set[tuple[int, int]]], dict[int, set[tuple[int, int]]]]:
    """Per round of ``rounds``: its games, and those without a result, as pairs of ids
    (whichever side's cell is read)."""
    games: dict[int, set[tuple[int, int]]] = {}
    missing: dict[int, set[tuple[int, int]]] = {}
    unknown = Outcome.UNKNOWN
    for player in t.players:
        pid = player.id
        for entry in player.rounds:
            opponent = entry.opponent
            round_no = entry.round
            if opponent is None or round_no not in rounds:
                continue
            pair = (pid, opponent) if pid < opponent else (opponent, pid)
            games.setdefault(round_no, set()).add(pair)
            if entry.outcome is unknown:
                missing.setdefault(round_no, set()).add(pair)
    return games, missing


_cached: ByIdentity[Tournament, RoundProgress] = ByIdentity(_progress, keep=8)


def known_entry(t: Tournament, player: Player, round_no: int) -> RoundEntry | None:
    """``player``'s cell of ``round_no``, None when the round is pending and it says nothing."""
    return known(player.entry(round_no), round_progress(t).is_pending(round_no))


def round_progress(t: Tournament) -> RoundProgress:
    """Which round the standings are after, and which rounds are pending."""
    return _cached(t)


def pending_after_round_error(t: Tournament, after: int) -> str:
    """Why standings after round ``after`` cannot be made ("" when they can)."""
    progress = round_progress(t)
    for pending in progress.pending:
        # A round of byes entered ahead has no result missing: asked for, it can count.
        if after >= pending.round and pending.missing:
            return (
                f"round {pending.round} is in progress ({pending.missing} of its "
                f"{pending.games} games without a result); expected a number from 1 to "
                f"{progress.complete}, the last complete round"
            )
    return ""


def default_after_round(t: Tournament, total: int) -> int:
    """The round standings are after when the user names none: the last complete one.

    ``total`` is the engine's own count of rounds; a file with no result at all
    (a starting list) keeps it, so that nothing changes for files without cells.
    """
    progress = round_progress(t)
    if t.game is Game.GO or (progress.complete == 0 and not progress.pending):
        return total
    return min(progress.complete, total)
