"""What every team tie-break reads: scores, rounds and unplayed-round handling.

A team has two scores, match points (MP) and game points (GP) (C.07 11.1);
a tie-break uses one of them as its reference score (``:MP``/``:GP``, the
primary score by default, C.07 13). Unplayed rounds (Art. 16) are handled as
for individuals, with "points" meaning both MP and GP (16.4 note):

* 16.3, opponents' view: a requested bye (HPB/ZPB, or a round without a
  match) with no available-to-play round after it counts as a draw: TD match
  points and ½×boards game points; every other round counts as awarded.
* 16.4, own tie-break: each unplayed round is a match against a dummy team
  with the team's own MP and GP (``2023``); ``2026`` caps the dummy's MP and
  GP separately: for a forfeit at the scheduled opponent's 16.3 score
  (16.4.1), for a bye at the draw's MP × rounds and the draw's GP × rounds
  (16.4.2), rounds being those the standings cover.
* 15.2, round robins: forfeits are matches against the scheduled opponent; a
  rest round has no opponent and contributes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trfsite.model import Tournament
from trfsite.results import N_, Note
from trfsite.teams.data import RoundKind, TeamEventData, TeamRound

MP = "MP"
GP = "GP"

CATEGORY_TEXT = {
    1: Note("16.2.1 pairing-allocated or full-point bye"),
    2: Note("16.2.2 forfeit win"),
    3: Note("16.2.3 requested bye followed by an available-to-play round"),
    4: Note("16.2.4 forfeit loss"),
    5: Note("16.2.5 requested bye not followed by an available-to-play round"),
}
CUT_FIRST = frozenset({3, 4, 5})  # 16.5: forfeit losses and requested byes
_AVAILABLE = frozenset(
    {RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.PAIRING_BYE, RoundKind.FULL_BYE}
)


@dataclass(frozen=True, slots=True)
class Score:
    """Match points and game points together."""

    mp: float
    gp: float

    def get(self, which: str) -> float:
        return self.mp if which == MP else self.gp

    def capped(self, cap: Score) -> Score:
        """Each component capped separately (2026 16.4 for teams)."""
        return Score(min(self.mp, cap.mp), min(self.gp, cap.gp))


@dataclass(frozen=True, slots=True)
class Encounter:
    """One round as a Buchholz/Sonneborn-Berger-type tie-break sees it."""

    round: int
    opponent: int | None  # None: a dummy (16.4)
    opponent_score: Score  # the opponent's 16.3 score, or the dummy's
    scored: Score  # what the team scored in the round
    category: int  # 16.2 category, 0 for a match played (or counted as played)
    dummy_text: str = ""  # how a dummy's score was found; empty for a real opponent

    @property
    def label(self) -> str:
        # Formatted on demand: only explanations read it, and most standings have none.
        if self.opponent is None:
            return self.dummy_text
        return Note(
            "team {team} ({score}); scored {scored}",
            team=self.opponent,
            score=_fmt(self.opponent_score),
            scored=_fmt(self.scored),
        )

    @property
    def cut_first(self) -> bool:
        return self.category in CUT_FIRST


@dataclass(frozen=True)
class TeamContext:
    """One standings computation's view of a team event (after round ``rounds``)."""

    t: Tournament
    data: TeamEventData
    rules: str  # "2023" or "2026"
    primary: str  # MP or GP
    swiss: bool
    rounds: int  # rounds the standings cover
    fore: bool  # scores as if every match of the last round had been drawn
    team_ids: tuple[int, ...]
    team_rounds: dict[int, tuple[TeamRound, ...]]
    scores: dict[int, Score]
    adjusted: dict[int, Score]  # 16.3
    categories: dict[int, tuple[int, ...]]  # 16.2, aligned with team_rounds
    explain: bool = True  # False: tie-breaks skip the per-round labels nobody will read

    @property
    def secondary(self) -> str:
        return GP if self.primary == MP else MP

    @property
    def boards(self) -> int:
        return self.data.boards

    @property
    def draw(self) -> Score:
        """Points of a drawn match: TD match points, ½ (162's D) per board."""
        return Score(self.t.team_scoring.draw, self.t.scoring.draw * self.boards)

    @property
    def most_per_match(self) -> Score:
        return Score(
            max(self.t.team_scoring.win, self.t.team_scoring.draw, self.t.team_scoring.loss),
            self.t.scoring.win * self.boards,
        )

    @property
    def least_per_match(self) -> Score:
        return Score(min(self.t.team_scoring.loss, 0.0), 0.0)

    def reference(self, spec_score: str | None) -> str:
        return spec_score or self.primary

    def score(self, team: int, which: str | None = None) -> float:
        return self.scores[team].get(self.reference(which))

    def forfeits_are_matches(self, forfeits_played: bool) -> bool:
        """/P, or a pre-determined event (15.2)."""
        return forfeits_played or not self.swiss

    def dummy(self, team: int, index: int) -> tuple[Score, str]:
        """16.4: the dummy opponent's score for an unplayed round, and the account of it."""
        own = self.scores[team]
        tr = self.team_rounds[team][index]
        cat = self.categories[team][index]
        head = Note("unplayed ({category})", category=CATEGORY_TEXT.get(cat, Note(tr.kind.value)))
        if self.rules == "2023":
            return own, Note(
                N_("{head}: dummy team with own score (Fore-adjusted) {own} (C.07 16.4, 2023)")
                if self.fore
                else N_("{head}: dummy team with own score {own} (C.07 16.4, 2023)"),
                head=head,
                own=_fmt(own),
            )
        own_text = Note(N_("own (Fore-adjusted)") if self.fore else N_("own"))
        if tr.opponent is not None:
            cap = self.adjusted[tr.opponent]
            return own.capped(cap), Note(
                "{head}: dummy = min({own_text} {own}, scheduled opponent {team} adjusted {cap}) "
                "= {dummy} (C.07 16.4.1, 2026, MP and GP capped separately)",
                head=head,
                own_text=own_text,
                own=_fmt(own),
                team=tr.opponent,
                cap=_fmt(cap),
                dummy=_fmt(own.capped(cap)),
            )
        cap = Score(self.draw.mp * self.rounds, self.draw.gp * self.rounds)
        return own.capped(cap), Note(
            "{head}: dummy = min({own_text} {own}, draw × {rounds} rounds {cap}) = {dummy} "
            "(C.07 16.4.2, 2026, MP and GP capped separately)",
            head=head,
            own_text=own_text,
            own=_fmt(own),
            rounds=self.rounds,
            cap=_fmt(cap),
            dummy=_fmt(own.capped(cap)),
        )

    def encounters(self, team: int, forfeits_played: bool) -> list[Encounter]:
        """Every round that feeds an opponent-based tie-break (BH, SB, ESB, AOB...)."""
        found: list[Encounter] = []
        as_matches = self.forfeits_are_matches(forfeits_played)
        for index, tr in enumerate(self.team_rounds[team]):
            scored = Score(tr.match_points, tr.game_points)
            counted = tr.kind.is_played or (tr.kind.is_forfeit and as_matches)
            if counted and tr.opponent is not None:
                opp = self.adjusted[tr.opponent]
                found.append(Encounter(tr.round, tr.opponent, opp, scored, 0))
            elif self.swiss:
                dummy, text = self.dummy(team, index)
                found.append(
                    Encounter(tr.round, None, dummy, scored, self.categories[team][index], text)
                )
        return found


def _fmt(score: Score) -> Note:
    return Note("{mp:g} MP, {gp:g} GP", mp=score.mp, gp=score.gp)


def categories(rounds: tuple[TeamRound, ...]) -> tuple[int, ...]:
    """C.07 16.2 category of each round (0: a match played)."""
    cats = [0] * len(rounds)
    available_later = False
    for i in range(len(rounds) - 1, -1, -1):
        kind = rounds[i].kind
        if kind.is_requested_bye:
            cats[i] = 3 if available_later else 5
        elif kind in (RoundKind.PAIRING_BYE, RoundKind.FULL_BYE):
            cats[i] = 1
        elif kind is RoundKind.FORFEIT_WIN:
            cats[i] = 2
        elif kind is RoundKind.FORFEIT_LOSS:
            cats[i] = 4
        if kind in _AVAILABLE:
            available_later = True
    return tuple(cats)


def build_team_context(
    t: Tournament,
    data: TeamEventData,
    rules: str,
    primary: str,
    swiss: bool,
    rounds: int,
    fore: bool = False,
    explain: bool = True,
) -> TeamContext:
    team_ids = data.team_ids
    team_rounds = {team: data.team_rounds(team, rounds) for team in team_ids}
    if fore:
        draw = Score(t.team_scoring.draw, t.scoring.draw * data.boards)
        team_rounds = {
            team: tuple(_drawn(tr, draw) if tr.round == rounds else tr for tr in trs)
            for team, trs in team_rounds.items()
        }
    bonus = {
        team: Score(
            sum(a.match_points for a in data.adjustments if a.team == team and a.round <= rounds),
            sum(a.game_points for a in data.adjustments if a.team == team and a.round <= rounds),
        )
        for team in team_ids
    }
    scores = {
        team: Score(
            sum(tr.match_points for tr in trs) + bonus[team].mp,
            sum(tr.game_points for tr in trs) + bonus[team].gp,
        )
        for team, trs in team_rounds.items()
    }
    cats = {team: categories(trs) for team, trs in team_rounds.items()}
    adjusted = dict(scores)
    if swiss:
        draw_score = Score(t.team_scoring.draw, t.scoring.draw * data.boards)
        for team, trs in team_rounds.items():
            mp, gp = scores[team].mp, scores[team].gp
            for tr, cat in zip(trs, cats[team], strict=True):
                if cat == 5:
                    mp += draw_score.mp - tr.match_points
                    gp += draw_score.gp - tr.game_points
            adjusted[team] = Score(mp, gp)
    return TeamContext(
        t,
        data,
        rules,
        primary,
        swiss,
        rounds,
        fore,
        team_ids,
        team_rounds,
        scores,
        adjusted,
        cats,
        explain,
    )


def _drawn(tr: TeamRound, draw: Score) -> TeamRound:
    """Fore Buchholz (8.3): a match of the last round counted as drawn."""
    if tr.opponent is None:
        return tr
    return replace(
        tr,
        kind=RoundKind.PLAYED,
        match_points=draw.mp,
        game_points=draw.gp,
        opponent_match_points=draw.mp,
        opponent_game_points=draw.gp,
    )
