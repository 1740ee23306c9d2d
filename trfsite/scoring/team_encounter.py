"""Direct encounter for teams (C.07 6, 13.3) and the team-knockout tie-breaks (Art. 12).

DE, EDE and the 2026 chains EDET/EDEB/EDEBT/EDEBB depend on which teams are
tied when the list reaches them, so they split a tied group into ordered
blocks; the value shown is the rank inside the group (1 + the number of
group members put ahead, lower is better; a team not tied gets 1, where the
individual DE prints 0 as FIDE's checker does for players).

* 6.1: the reference score (primary by default) of each team in its matches
  against the other members; a forfeited match is left out in Swiss events
  unless ``/P`` (15.2 makes it a match in pre-determined events); two teams
  that met more than once add the average of their matches (6.1.2).
* 6.2 all pairs met: the separate standings decide; 6.3 (Swiss) otherwise a
  team alone on top whatever the missing matches (each worth up to TW match
  points or boards × W game points) is ranked first, and so on.
* 13.3.1 EDE: DE on the primary score, then, if all are still tied, on the
  secondary score; 13.3.3 each new subset restarts from 13.3.1; 13.3.2
  exactly two teams still tied after both go to the Art. 12 tie-breaks of the
  chain - also two teams that never met, which DE leaves tied (6.1 has
  nothing to sum for them; trfsite reads 13.3.2 literally).
* Art. 12 (BC, TBR, BBE) use every match of the team: individual forfeits
  count as standard wins or losses, and a pairing-allocated bye as a win on
  every board. Other byes (FPB, HPB, ZPB) are no games played and add
  nothing: Art. 12 makes the exception for the PAB alone.
"""

from __future__ import annotations

from collections.abc import Callable

from trfsite.model import Outcome
from trfsite.results import SLASH_TEMPLATE, Note, join_notes
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.team_context import GP, MP, TeamContext
from trfsite.teams.data import RoundKind

_EPS = 1e-9
Blocks = list[list[int]]


class _Meetings:
    """Reference-score points of each group member against each other member."""

    def __init__(self, ctx: TeamContext, group: list[int], forfeits_played: bool) -> None:
        members = set(group)
        as_matches = ctx.forfeits_are_matches(forfeits_played)
        self.points: dict[tuple[int, int], list[tuple[float, float]]] = {}
        for team in group:
            for tr in ctx.team_rounds[team]:
                if tr.opponent not in members or tr.opponent == team:
                    continue
                if not (tr.kind.is_played or (tr.kind.is_forfeit and as_matches)):
                    continue
                self.points.setdefault((team, tr.opponent), []).append(
                    (tr.match_points, tr.game_points)
                )

    def score(self, team: int, among: list[int], which: str) -> float:
        total = 0.0
        for other in among:
            met = self.points.get((team, other))
            if met:
                values = [mp if which == MP else gp for mp, gp in met]
                total += sum(values) / len(values)
        return total

    def missing(self, team: int, among: list[int]) -> int:
        return sum(1 for o in among if o != team and (team, o) not in self.points)


def de_blocks(
    ctx: TeamContext, group: list[int], which: str, forfeits_played: bool, notes: list[str]
) -> Blocks:
    """One application of Art. 6 on one score: blocks of the group, best first."""
    if len(group) < 2:
        return [group]
    meet = _Meetings(ctx, group, forfeits_played)
    score = {team: meet.score(team, group, which) for team in group}
    missing = {team: meet.missing(team, group) for team in group}
    ids = ", ".join(map(str, sorted(group)))
    if not any(missing.values()):
        levels = sorted({round(v, 9) for v in score.values()}, reverse=True)
        if len(levels) > 1:
            separate = [
                Note("{id}: {score:g}", id=team, score=score[team]) for team in sorted(group)
            ]
            notes.append(
                Note(
                    "teams {ids} all met; {which} among them: {scores} (C.07 6.2)",
                    ids=ids,
                    which=Note(which),
                    scores=join_notes(separate),
                )
            )
        return [[team for team in group if round(score[team], 9) == lv] for lv in levels]
    most = ctx.most_per_match.get(which)
    least = ctx.least_per_match.get(which)
    ranked: list[int] = []
    remaining = sorted(group, key=lambda team: (-score[team], team))
    while len(remaining) > 1:
        top = remaining[0]
        worst_top = score[top] + least * missing[top]
        best_other = max(score[o] + most * missing[o] for o in remaining[1:])
        if worst_top <= best_other + _EPS:
            break
        notes.append(
            Note(
                "team {team} stays alone on top of {ids} in {which} whatever the missing "
                "matches: {worst:g} > {best:g} (C.07 6.3)",
                team=top,
                ids=ids,
                which=Note(which),
                worst=worst_top,
                best=best_other,
            )
        )
        ranked.append(top)
        remaining = remaining[1:]
    if not ranked:
        return [group]
    return [[team] for team in ranked] + [remaining]


def _refine(group: list[int], step: Callable[[list[int]], Blocks]) -> Blocks:
    """Apply ``step``; every new, smaller tied block is refined again from the start."""
    blocks = step(group)
    if len(blocks) == 1:
        return blocks
    out: Blocks = []
    for block in blocks:
        out.extend(_refine(block, step) if len(block) > 1 else [block])
    return out


def direct_encounter(
    ctx: TeamContext, spec: TiebreakSpec, group: list[int], notes: list[str]
) -> Blocks:
    """DE (Art. 6) on the reference score."""
    which = ctx.reference(spec.score)
    return _refine(group, lambda g: de_blocks(ctx, g, which, spec.forfeits_played, notes))


def _chain(name: str) -> tuple[str, ...]:
    return {
        "EDE": (),
        "EDET": ("TBR",),
        "EDEB": ("BBE",),
        "EDEBT": ("BC", "TBR"),
        "EDEBB": ("BC", "BBE"),
    }[name]


def extended_direct_encounter(
    ctx: TeamContext, spec: TiebreakSpec, group: list[int], notes: list[str]
) -> Blocks:
    """EDE (13.3) and its 2026 chains."""
    chain = _chain(spec.name)

    def step(g: list[int]) -> Blocks:
        blocks = de_blocks(ctx, g, ctx.primary, spec.forfeits_played, notes)
        if len(blocks) == 1:
            blocks = de_blocks(ctx, g, ctx.secondary, spec.forfeits_played, notes)
        if len(blocks) == 1 and len(g) == 2 and chain:
            blocks = _knockout_chain(ctx, g, chain, notes)
        return blocks

    return _refine(group, step)


def _knockout_chain(
    ctx: TeamContext, pair: list[int], chain: tuple[str, ...], notes: list[str]
) -> Blocks:
    """13.3.2: two teams still tied in MP and GP go through the chain's Art. 12 tie-breaks."""
    for name in chain:
        keys = {team: knockout_key(ctx, team, name) for team in pair}
        a, b = pair
        if keys[a] != keys[b]:
            lower = name == "BC"
            better = a if (keys[a] < keys[b]) == lower else b
            worse = b if better == a else a
            notes.append(
                Note(
                    "teams {a} and {b} still tied after DE on MP and GP; {name} decides: "
                    "{a}: {a_values}, {b}: {b_values} (C.07 13.3.2, 12)",
                    a=a,
                    b=b,
                    name=name,
                    a_values=_show(keys[a]),
                    b_values=_show(keys[b]),
                )
            )
            return [[better], [worse]]
    return [pair]


def _show(key: tuple[float, ...]) -> str:
    return join_notes([Note("{value:g}", value=v) for v in key], SLASH_TEMPLATE)


# --------------------------------------------------------------------------- Art. 12
def board_totals(ctx: TeamContext, team: int) -> list[float]:
    """Game points per board over every round, as Art. 12 counts them."""
    t = ctx.t
    scoring = t.scoring
    totals = [0.0] * ctx.boards
    for tr in ctx.team_rounds[team]:
        per_board: list[float]
        if tr.kind is RoundKind.PAIRING_BYE:
            per_board = [scoring.win] * ctx.boards
        elif tr.kind.is_bye:
            per_board = [0.0] * ctx.boards
        else:
            per_board = _match_boards(ctx, team, tr.round)
        for i, value in enumerate(per_board[: ctx.boards]):
            totals[i] += value
    return totals


def _match_boards(ctx: TeamContext, team: int, round_no: int) -> list[float]:
    match = ctx.data.match_in(round_no, team)
    if match is None:
        return [0.0] * ctx.boards
    scoring = ctx.t.scoring
    white = match.white_team == team
    out = []
    for board in match.boards:
        player = board.white_player if white else board.black_player
        result = board.white_result if white else board.black_result
        if player is None or result is None:
            out.append(scoring.loss)
        elif result is Outcome.FORFEIT_WIN:
            out.append(scoring.win)
        elif result is Outcome.FORFEIT_LOSS:
            out.append(scoring.loss)
        else:
            out.append(scoring.points(result))
    return out


def knockout_key(ctx: TeamContext, team: int, name: str) -> tuple[float, ...]:
    """Comparison key of BC (lower better), TBR and BBE (higher better, lexicographic)."""
    totals = board_totals(ctx, team)
    if name == "BC":
        return (sum((i + 1) * v for i, v in enumerate(totals)),)
    if name == "TBR":
        return tuple(totals)
    # BBE: all boards but the bottom one, then all but the two bottom ones, ...
    return tuple(sum(totals[:n]) for n in range(len(totals) - 1, 0, -1))


PRIMARY_OF = {MP: "match points", GP: "game points"}
