"""Player cards and team cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from trfsite.memo import ByIdentity
from trfsite.model import Outcome, Player
from trfsite.pages.awards import rating_card, rating_changes
from trfsite.pages.common import (
    BYE_NAMES,
    COLOUR_LETTER,
    GO_SYMBOL,
    RESULT_SYMBOL,
    outcome_css,
    player_refs,
    player_row,
    team_of_players,
    team_ref,
)
from trfsite.pages.contexts import PlayerCardPage, TeamCardPage
from trfsite.pages.lookups import board_of_player, players_by_id, rows_by_id, teams_by_id
from trfsite.pages.plan import EventData, PagePlan, meta_for
from trfsite.pages.rows import ExplanationView, RecordLine, Ref, RosterLine
from trfsite.progress import known, round_progress
from trfsite.render.charts import line_chart, rank_axis_end
from trfsite.results import N_, Explanation, StandingRow, Standings
from trfsite.standings.event_cells import first_round_shown

if TYPE_CHECKING:
    from trfsite.awards.performance import PlayerRatings


class CardExplanations:
    """The tie-break, TPR and ARO explanations on the player cards of a ``cards_explain``
    event (split between processes: an event built whole is ranked explained, once).

    The event's process ranks it without them: explaining all 2000 players of an open
    took 0.26 s of the 0.6 s before the page workers start, and made 55 MB that each
    worker copied as it read them. Each part ranks the event once more (0.02 s),
    explaining only the players whose cards it builds (``prepare``, which
    ``build_plans`` calls); a card built without it has every player not yet
    explained explained at once.
    """

    def __init__(self, data: EventData) -> None:
        self._data = data
        self._tiebreaks: dict[int, tuple[Explanation, ...]] = {}
        self._ratings: dict[int, PlayerRatings] = {}
        self._done: set[int] = set()
        self._taken: set[int] = set()  # handed over to their cards
        # Start numbers on several 001 lines (a damaged file's duplicated lines): each
        # line's card takes the same explanations, kept, not a ranking per line (500
        # duplicated lines of FIDE's 284-player example took 75 s of CPU to build).
        lines = Counter(p.id for p in data.tournament.players)
        self._repeated = {player_id for player_id, count in lines.items() if count > 1}

    def prepare(self, keys: Sequence[int]) -> None:
        wanted = frozenset(keys) - self._done
        if not wanted:
            return
        from trfsite.awards.performance import event_ratings
        from trfsite.standings.individual import explain_individual

        data = self._data
        config = data.job.config
        options = replace(config.options(explain=True), explained=wanted)
        self._tiebreaks.update(explain_individual(data.tournament, options))
        awards = data.awards
        if awards is not None and awards.ratings:
            # The awards' rating changes are already complete (games and notes).
            changes = {pid: found.change for pid, found in awards.ratings.items()}
            k_overrides = awards.settings.k_overrides
            self._ratings.update(
                event_ratings(data.final, k_overrides, True, config.unrated_rating, wanted, changes)
            )
        self._done |= wanted

    def _ready(self, player_id: int) -> None:
        if player_id not in self._done:
            players = self._data.tournament.players
            self.prepare([p.id for p in players if p.id not in self._done])

    def take(self, player_id: int) -> tuple[tuple[Explanation, ...], PlayerRatings | None]:
        """The player's tie-break explanations and ratings, handed over to the card.

        Kept here after the card was made, they outlived the part's pages: 180,000
        objects per worker, that the collector went over once it was back on (0.03 s
        at the end of each worker of the open). A card made again is explained again.
        """
        if player_id in self._repeated:
            self._ready(player_id)
            return self._tiebreaks.get(player_id, ()), self._ratings.get(player_id)
        if player_id in self._taken:  # made again: explained again, alone
            self._done.discard(player_id)
            self.prepare([player_id])
        self._ready(player_id)
        self._taken.add(player_id)
        return self._tiebreaks.pop(player_id, ()), self._ratings.pop(player_id, None)


# A card's lines and views made from their fields given whole, in order, without the
# keyword handling of their constructors (six times the cost; as pgn/board makes
# moves): a part's 1,000 cards of an open make 11,000 record lines.
_line = tuple.__new__


def explanation_views(
    standings: Standings,
    row: StandingRow | None,
    explanations: tuple[Explanation, ...] | None = None,
) -> tuple[ExplanationView, ...]:
    """The row's explanations (or ``explanations``, made for its card), for a page."""
    if row is None:
        return ()
    names = {c.code: c.name or c.code for c in standings.columns}
    # ExplanationView's fields given whole, in order (code, name, value, contributions,
    # notes): five a card, made without the keyword handling (see ``_line``).
    return tuple(
        _line(
            ExplanationView,
            (e.code, names.get(e.code, e.code), e.value, e.contributions, e.notes),
        )
        for e in (row.explanations if explanations is None else explanations)
    )


def _row_of(standings: Standings | None, pid: int) -> StandingRow | None:
    if standings is None:
        return None
    return rows_by_id(standings).get(pid)


@dataclass(frozen=True, slots=True)
class _CardKit:
    """What every card of one event looks up, made once per event instead of per card."""

    team_of: dict[int, int]
    pending: frozenset[int]  # rounds whose silent cells are no cells (progress.known)
    # Each round's rows by player id, from the after-round standings (none in a team
    # event): a card reads its player's (``_progress``), where a part's 1,000 cards
    # of an open read 11,000 rows rather than all 22,000 put by player first.
    after: tuple[tuple[int, dict[int, StandingRow]], ...]
    boards: dict[tuple[int, int], int]  # (round, player) -> board, team events
    first_round: int  # the first round a card lists (standings/event_cells.first_round_shown)
    # A record line's parts, made once per event (the open: 22,000 lines, 2,000
    # opponents, a dozen outcomes): an opponent's link, rating and federation, and an
    # outcome's points, result symbol, style and notes.
    opponents: dict[int, _OpponentParts]
    outcomes: dict[Outcome, _OutcomeParts]


class _OpponentParts(NamedTuple):
    ref: Ref
    rating: int | None
    federation: str


class _OutcomeParts(NamedTuple):
    points: float  # to the running score (0 in a Go event)
    result: str
    css: str
    note_alone: str  # with no opponent: the bye's kind, or absent
    note_paired: str  # against an opponent: forfeit or nothing


def _card_kit(data: EventData) -> _CardKit:
    t = data.tournament
    after = () if data.is_team else tuple((a.after_round, rows_by_id(a)) for a in data.after_round)
    players = players_by_id(t)
    refs = player_refs(t)
    symbols = GO_SYMBOL if data.is_go else RESULT_SYMBOL
    return _CardKit(
        team_of=team_of_players(t),
        pending=round_progress(t).pending_rounds,
        after=after,
        boards=board_of_player(data.team_data) if data.team_data is not None else {},
        first_round=first_round_shown(t),
        opponents={
            pid: _OpponentParts(refs[pid], p.rating or None, p.federation.strip())
            for pid, p in players.items()
        },
        outcomes={
            outcome: _OutcomeParts(
                0.0 if data.is_go else t.scoring.points(outcome),
                symbols.get(outcome, RESULT_SYMBOL[outcome]),
                outcome_css(outcome),
                BYE_NAMES.get(outcome, N_("Absent")),
                "Forfeit" if outcome.is_forfeit else "",
            )
            for outcome in Outcome
        },
    )


# A few events at a time: the one being built (per worker) and the bulletin's.
card_kit: ByIdentity[EventData, _CardKit] = ByIdentity(_card_kit, keep=4)


def _progress(kit: _CardKit, player_id: int) -> dict[int, tuple[float, int]]:
    """The player's (points, rank) after each round, by round."""
    return {
        round_no: (row.points, row.rank)
        for round_no, rows in kit.after
        if (row := rows.get(player_id)) is not None
    }


# A round without a pairing: RecordLine's fields after its round.
_NOT_PAIRED = (None, None, "", "", "", "none", "Not paired", None, None, None, None, None, "")


def _record(
    data: EventData,
    kit: _CardKit,
    player: Player,
    changes: dict[int, float],
    progress: dict[int, tuple[float, int]],
) -> list[RecordLine]:
    is_go = data.is_go
    is_team = data.is_team
    record = []
    running = 0.0
    first = kit.first_round
    opponents = kit.opponents
    outcomes = kit.outcomes
    for round_no in data.header.rounds:
        entry = known(player.entry(round_no), round_no in kit.pending)
        if round_no < first:  # beyond MAX_EVENT_CELLS: the last rounds alone
            running += outcomes[entry.outcome].points if entry else 0.0
            continue
        if entry is None:
            record.append(_line(RecordLine, (round_no, *_NOT_PAIRED)))
            continue
        parts = outcomes[entry.outcome]
        running += parts.points
        opponent = opponents.get(entry.opponent) if entry.opponent is not None else None
        after_points, after_rank = progress.get(round_no, (None, None))
        if after_points is None and is_team:
            after_points = running
        # RecordLine's fields in order (round, opponent, opponent_rating,
        # opponent_federation, color, result, css, note, points_after, rank_after,
        # board, handicap, rating_change, game).
        record.append(
            _line(
                RecordLine,
                (
                    round_no,
                    opponent.ref if opponent else None,
                    opponent.rating if opponent else None,
                    opponent.federation if opponent else "",
                    COLOUR_LETTER.get(entry.color, ""),
                    parts.result,
                    parts.css,
                    parts.note_paired if opponent else parts.note_alone,
                    after_points,
                    after_rank,
                    kit.boards.get((round_no, player.id)) if is_team else None,
                    entry.handicap if is_go else None,
                    changes.get(round_no),
                    data.games.page_of(round_no, player.id),
                ),
            )
        )
    return record


def player_card(
    data: EventData, player: Player, explained: CardExplanations | None = None
) -> PlayerCardPage:
    """``explained``: for a ``cards_explain`` event, where its explanations are made."""
    t = data.tournament
    kit = card_kit(data)
    standings = data.individual if data.is_team else data.final
    row = _row_of(standings, player.id)
    progress = _progress(kit, player.id)
    tiebreaks, ratings = explained.take(player.id) if explained else ((), None)
    card = rating_card(data, player.id, ratings)
    go_card = None
    changes = rating_changes(card)
    if data.is_go:
        from trfsite.pages.go_view import gor_card, round_changes

        go_card = gor_card(data, player.id)
        changes = round_changes(go_card)
    record = _record(data, kit, player, changes, progress)
    rank_chart = score_chart = None
    if progress and data.in_full:
        ranks = [(r, float(rank)) for r, (_, rank) in sorted(progress.items())]
        rank_chart = line_chart(
            N_("Rank after each round"),
            ranks,
            "Round",
            "Rank",
            inverted=True,
            y_min=1,
            y_max=rank_axis_end(max(rank for _, rank in ranks), len(data.final.rows)),
            dot_label="{x}: {y}",
            distinct_points=True,  # a rank after a round is one player's
        )
    score_values = [
        (line.round, line.points_after) for line in record if line.points_after is not None
    ]
    if data.in_full:
        score_chart = line_chart(
            N_("Score after each round"),
            [(r, float(p)) for r, p in score_values if p is not None],
            "Round",
            data.final.points_label if not data.is_team else "Pts",
            y_min=0,
            dot_label="{x}: {y}",
        )
    explanations: tuple[ExplanationView, ...] = ()
    if explained is not None:
        explanations = explanation_views(data.final, row, tiebreaks)
    elif not data.is_team and data.in_full:
        explanations = explanation_views(data.final, row)
    return PlayerCardPage(
        meta=meta_for(data.job, data.header.name, f"players/{player.id}.html", "players"),
        event=data.header,
        player=player_row(t, player, kit.team_of),
        rank=row.rank if row else None,
        points=row.points if row else None,
        points_label=standings.points_label if standings else "Pts",
        record=tuple(record),
        rank_chart=rank_chart,
        score_chart=score_chart,
        explanations=explanations,
        is_go=data.is_go,
        is_team=data.is_team,
        rating_card=card,
        gor_card=go_card,
    )


def player_cards(data: EventData) -> list[PagePlan]:
    explained = CardExplanations(data) if data.cards_explain else None
    return [
        PagePlan(
            f"{data.job.slug}/players/{p.id}.html",
            "player.html",
            partial(player_card, data, p, explained),
            explained,
            p.id,
        )
        for p in sorted(data.tournament.players, key=lambda p: p.id)
    ]


def team_card(data: EventData, team_id: int) -> TeamCardPage:
    from trfsite.pages.teamview import team_matches

    t = data.tournament
    team = teams_by_id(t)[team_id]
    players = players_by_id(t)
    refs = player_refs(t)
    row = _row_of(data.final, team_id)
    roster = []
    for board, pid in enumerate(team.roster, start=1):
        player = players.get(pid)
        if player is None:
            continue
        played = [e for e in player.rounds if e.opponent is not None and e.outcome.is_game]
        points = sum(t.scoring.points(e.outcome) for e in played)
        roster.append(
            RosterLine(
                board,
                refs[pid],
                player.rating or None,
                player.federation.strip(),
                len(played),
                points,
                points / len(played) if played else None,
            )
        )
    return TeamCardPage(
        meta=meta_for(data.job, data.header.name, f"teams/{team_id}.html", "standings"),
        event=data.header,
        team=team_ref(t, team_id),
        nickname=team.nickname.strip(),
        rank=row.rank if row else None,
        match_points=row.match_points if row else None,
        game_points=row.game_points if row else None,
        roster=tuple(roster),
        matches=team_matches(data, team_id),
        explanations=explanation_views(data.final, row),
    )


def team_cards(data: EventData) -> list[PagePlan]:
    # One page per team number: a 310 record repeated (reported as team-id-duplicate)
    # names the same page, which was rendered again for every copy.
    return [
        PagePlan(
            f"{data.job.slug}/teams/{team_id}.html", "team.html", partial(team_card, data, team_id)
        )
        for team_id in sorted({team.id for team in data.tournament.teams})
    ]
