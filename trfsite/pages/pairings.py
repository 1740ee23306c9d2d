"""Who played whom in a round, read back from the participants' round cells.

TRF and EGF files store each game twice (once per player) and no board
numbers; boards are numbered here the way pairing programs publish them:
the pair with the most points first. The site's round pages, its statistics
and the PDF bulletin all number boards with :func:`round_cells`.
"""

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from trfsite.memo import ByIdentity, keep_within
from trfsite.model import Color, EventKind, Outcome, Player, RoundEntry, Tournament
from trfsite.pages.common import GO_SYMBOL, points_map
from trfsite.progress import announced, round_progress
from trfsite.results import N_, Standings


class Pairing(NamedTuple):
    white: int
    black: int
    white_outcome: Outcome  # the result from White's side
    black_outcome: Outcome
    handicap: int | None
    colours_known: bool  # False: the file gives no colours, "white" is the first listed


class RoundCells(NamedTuple):
    pairings: tuple[Pairing, ...]  # in board order
    byes: tuple[tuple[int, Outcome], ...]  # (id, outcome) for byes and forfeit wins alone
    absent: tuple[int, ...]  # not paired, or "0000 - -"


def points_before(after_round: Sequence[Standings], round_no: int) -> dict[int, float]:
    """Each player's score before ``round_no``, from the standings after each round.

    ``after_round[0]`` is the standings after round 1. Before round 1 the start
    scores (McMahon), else empty; empty too when the standings of the round before
    are missing, and for team events (their boards are ordered by match).
    """
    if round_no == 1 and after_round:
        starts = {row.id: row.start_points for row in after_round[0].rows}
        return starts if any(starts.values()) else {}
    if round_no <= 1 or len(after_round) < round_no - 1:
        return {}
    standings = after_round[round_no - 2]
    if standings.kind is EventKind.TEAM:
        return {}
    return points_map(standings)


def round_cells(
    t: Tournament, round_no: int, points_before: dict[int, float] | None = None
) -> RoundCells:
    """The round's pairings in board order: by the higher score before the round,
    then the lower score, then the higher rating in the pair, then the lower number."""
    unsorted = cells_by_number(t, round_no)
    pairings = list(unsorted.pairings)
    before = points_before or {}
    ratings = _ratings(t)

    def board_key(pair: Pairing) -> tuple[float, float, int, int]:
        a, b = before.get(pair.white, 0.0), before.get(pair.black, 0.0)
        best = max(ratings.get(pair.white, 0), ratings.get(pair.black, 0))
        return (-max(a, b), -min(a, b), -best, min(pair.white, pair.black))

    pairings.sort(key=board_key)
    return RoundCells(tuple(pairings), unsorted.byes, unsorted.absent)


def cells_by_number(t: Tournament, round_no: int) -> RoundCells:
    """The round's cells as ``round_cells`` has them, its pairings in start-number order
    of the first player met: for what counts them (the statistics), not in board order."""
    found = _unsorted_cells(t).get(round_no)
    if found is None:  # no such round: no cell names it, every player is absent
        return RoundCells((), (), tuple(sorted(player.id for player in t.players)))
    return found


# The round pages, the data files, the bulletin and the games' matching each put every
# round in board order by the same points before it: sorted once per event (the
# standings after each round are the key), not once for each of them. An empty
# ``after_round`` is one object for every event: the rounds kept for it are bounded.
_KEPT_ROUNDS = 1_000
_board_orders: ByIdentity[Sequence[Standings], dict[int, tuple[Tournament, RoundCells]]] = (
    ByIdentity(lambda after_round: {})
)


def cells_in_board_order(
    t: Tournament, after_round: Sequence[Standings], round_no: int
) -> RoundCells:
    """``round_cells`` by the points before ``round_no`` in ``after_round`` (the event's
    standings after each round), made once per event and round."""
    made = _board_orders(after_round)
    hit = made.get(round_no)
    if hit is None or hit[0] is not t:
        hit = (t, round_cells(t, round_no, points_before(after_round, round_no)))
        keep_within(made, round_no, hit, _KEPT_ROUNDS)
    return hit[1]


# Those alone in their round (no opponent, or one not in the event) who are not absent.
_ALONE = frozenset({*(outcome for outcome in Outcome if outcome.is_bye), Outcome.FORFEIT_WIN})
_OTHER_COLOUR = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
# A pairing's fields given whole, without the named tuple's constructor (some 11,000
# games in a 2000-player open; as awards/rating_change does).
_pairing = tuple.__new__
_round_of = attrgetter("round")


def _all_rounds(t: Tournament) -> dict[int, RoundCells]:
    """Every round's pairings in start-number order of the first player met, its byes
    and its absent players: one pass over the players sorted once, each player's
    cells by round looked up once (round by round, the players were sorted and every
    cell looked for again in each round: 11 passes over a 2,000-player open)."""
    last = t.rounds
    rounds = range(1, last + 1)
    progress = round_progress(t)
    pending = [progress.is_pending(round_no) for round_no in range(last + 1)]
    by_round = [(player, _cells_by_round(player, last)) for player in t.players]
    # An opponent's cells: the last player of an id, as players_by_id finds them.
    cells = {player.id: found for player, found in by_round}
    pairings: list[list[Pairing]] = [[] for _ in range(last + 1)]
    byes: list[list[tuple[int, Outcome]]] = [[] for _ in range(last + 1)]
    absent: list[list[int]] = [[] for _ in range(last + 1)]
    seen: list[set[tuple[int, int]]] = [set() for _ in range(last + 1)]
    for player, own in sorted(by_round, key=lambda pair: pair[0].id):
        pid = player.id
        for round_no in rounds:
            entry = own[round_no]
            if entry is None or (pending[round_no] and not announced(entry)):
                # In a pending round a blank cell is news to come, not an absence.
                if not pending[round_no]:
                    absent[round_no].append(pid)
                continue
            opponent = entry.opponent
            if opponent is None or opponent == pid or opponent not in cells:
                if entry.outcome in _ALONE:
                    byes[round_no].append((pid, entry.outcome))
                else:
                    absent[round_no].append(pid)
                continue
            key = (pid, opponent) if pid < opponent else (opponent, pid)
            if key in seen[round_no]:
                continue
            seen[round_no].add(key)
            other = cells[opponent][round_no]
            mirrored = other is not None and other.opponent == pid
            other_outcome = other.outcome if other and mirrored else entry.outcome.complement
            color = entry.color
            if color is Color.NONE and other is not None and mirrored:
                # only one of the two players' cells may carry the colours
                color = _OTHER_COLOUR.get(other.color, color)
            # Pairing's fields in order (white, black, white_outcome, black_outcome,
            # handicap, colours_known).
            if color is Color.BLACK:
                fields = (opponent, pid, other_outcome, entry.outcome, entry.handicap, True)
            else:
                white = color is Color.WHITE
                fields = (pid, opponent, entry.outcome, other_outcome, entry.handicap, white)
            pairings[round_no].append(_pairing(Pairing, fields))
    return {
        round_no: RoundCells(
            tuple(pairings[round_no]), tuple(byes[round_no]), tuple(absent[round_no])
        )
        for round_no in rounds
    }


def _cells_by_round(player: Player, last: int) -> list[RoundEntry | None]:
    """``player.entry(n)`` at index n, for every round n up to ``last``."""
    cells = player.rounds
    if list(map(_round_of, cells)) == list(range(1, len(cells) + 1)):  # the usual order
        return [None, *cells[:last], *[None] * (last - len(cells))]
    return [player.entry(round_no) for round_no in range(last + 1)]


# Round pages and the statistics page both read every round: extracted once per event
# (round_cells sorts a copy by the points before the round).
_unsorted_cells: ByIdentity[Tournament, dict[int, RoundCells]] = ByIdentity(_all_rounds)
_ratings: ByIdentity[Tournament, dict[int, int]] = ByIdentity(
    lambda t: {p.id: p.rating or 0 for p in t.players}
)


_HALF = "\u00bd"
_RESULT_TEXT = {
    Outcome.WIN: "1\u20130",
    Outcome.LOSS: "0\u20131",
    Outcome.DRAW: f"{_HALF}\u2013{_HALF}",
    Outcome.FORFEIT_WIN: "+\u2013\u2212",
    Outcome.FORFEIT_LOSS: "\u2212\u2013+",
    Outcome.WIN_UNRATED: "1\u20130",
    Outcome.LOSS_UNRATED: "0\u20131",
    Outcome.DRAW_UNRATED: f"{_HALF}\u2013{_HALF}",
}
_GO_WINS = {
    Outcome.WIN: True,
    Outcome.LOSS: False,
    Outcome.WIN_UNRATED: True,
    Outcome.LOSS_UNRATED: False,
}
_GO_DEFAULTS = {Outcome.FORFEIT_WIN: True, Outcome.FORFEIT_LOSS: False}


def result_text(
    white: Outcome, black: Outcome, go: bool = False, colours_known: bool = True
) -> str:
    """``1–0``, ``½–½``, ``+–−`` (forfeit), empty (not played yet; Go: ``?``).

    Go games read as in SGF: ``B+`` / ``W+`` for the winner's colour, ``B+F`` /
    ``W+F`` for a win by default, ``jigo`` for a draw. Without colours
    (``colours_known`` False) a Go result is the site's crosstable symbols of
    the first and the second player: ``+–−``, ``−–+``.
    """
    if white is Outcome.FORFEIT_LOSS and black is Outcome.FORFEIT_LOSS:
        return "\u2212\u2013\u2212"
    if go:
        return _go_result(white, colours_known)
    # A pending game (no result yet) shows an empty result, as on a pairing list.
    return _RESULT_TEXT.get(white, "")


def _go_result(first: Outcome, colours_known: bool) -> str:
    if first in (Outcome.DRAW, Outcome.DRAW_UNRATED):
        return N_("jigo")
    by_default = first in _GO_DEFAULTS
    won = _GO_DEFAULTS.get(first, _GO_WINS.get(first))
    if won is None:
        return "?"
    if not colours_known:
        win, loss = GO_SYMBOL[Outcome.WIN], GO_SYMBOL[Outcome.LOSS]
        return f"{win}\u2013{loss}" if won else f"{loss}\u2013{win}"
    return f"{'W' if won else 'B'}+{'F' if by_default else ''}"
