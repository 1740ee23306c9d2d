"""Who sat at which board: opponents and board order of each team in one round.

Board order is the roster order of the seated players (310, or the legacy
013) unless a 300 record gives it (TRF-2026, "Out-Of-(default)Order"). A
player is seated when their cell names an opponent, or shows a game or a
forfeit win: ``0000 - -`` is how exporters write a reserve who did not play.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trfsite.findings import Finding, Severity
from trfsite.model import OutOfOrder, Span
from trfsite.results import Note
from trfsite.teams.index import EventIndex, finding, is_seated


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's players in board order for one round (None: empty board)."""

    team: int
    players: tuple[int | None, ...]
    record: OutOfOrder | None  # the 300 record that gave the order, if any
    complete: bool  # every board taken, or the order comes from a 300 record

    @property
    def present(self) -> int:
        return sum(1 for p in self.players if p is not None)


def seated_players(ix: EventIndex, team: int, round_no: int) -> tuple[int, ...]:
    """The team's roster players seated in the round, in roster order."""
    found = ix.seated.get((team, round_no))
    if found is None:  # a round beyond the index's (no player has a cell there)
        found = tuple(p for p in ix.roster.get(team, ()) if is_seated(ix.entry(p, round_no)))
    return found


def claimed_opponent(
    ix: EventIndex, team: int, round_no: int, findings: list[Finding]
) -> int | None:
    """The team the records say this team met: 300, then 330, then the players' cells."""
    record = ix.out_of_order.get((round_no, team))
    if record is not None and record.opponent:
        return record.opponent
    forfeit = ix.forfeits.get((round_no, team))
    if forfeit is not None:
        return forfeit.black_team if forfeit.white_team == team else forfeit.white_team
    votes: Counter[int] = Counter()
    first_cell: dict[int, Span] = {}
    for pid in seated_players(ix, team, round_no):
        entry = ix.entry(pid, round_no)
        if entry is None or entry.opponent is None:
            continue
        other = ix.player_team.get(entry.opponent)
        if other is None:
            continue  # reported once per player by report_unrostered()
        votes[other] += 1
        first_cell.setdefault(other, entry.source)
    if not votes:
        return None
    ranked = votes.most_common()
    chosen = ranked[0][0]
    for other, count in ranked[1:]:
        findings.append(
            finding(
                Severity.ERROR,
                "team-opponent-mixed",
                Note(
                    "round {round_no}: {count} player(s) of team {team} are paired with players "
                    "of team {other}, but most face team {chosen}; expected one opponent team per "
                    "round",
                    round_no=round_no,
                    count=count,
                    team=team,
                    other=other,
                    chosen=chosen,
                ),
                first_cell[other],
            )
        )
    return chosen


def lineup(ix: EventIndex, team: int, round_no: int, findings: list[Finding]) -> Lineup:
    """The team's board order before it is matched against the opponent's."""
    record = ix.out_of_order.get((round_no, team))
    seated = seated_players(ix, team, round_no)
    if record is not None:
        return _from_record(ix, team, round_no, record, seated, findings)
    if len(seated) > ix.boards:
        entry = ix.entry(seated[ix.boards], round_no)
        findings.append(
            finding(
                Severity.ERROR,
                "team-too-many-players",
                Note(
                    "round {round_no}: team {team} has {count} players with a game on "
                    "{boards} boards (players {players}); the first "
                    "{boards} in roster order are kept",
                    round_no=round_no,
                    team=team,
                    count=len(seated),
                    boards=ix.boards,
                    players=", ".join(map(str, seated)),
                ),
                entry.source if entry else Span(0),
            )
        )
        seated = seated[: ix.boards]
    players: tuple[int | None, ...] = tuple(seated) + (None,) * (ix.boards - len(seated))
    return Lineup(team, players, None, len(seated) == ix.boards)


def _from_record(
    ix: EventIndex,
    team: int,
    round_no: int,
    record: OutOfOrder,
    seated: tuple[int, ...],
    findings: list[Finding],
) -> Lineup:
    boards = list(record.boards[: ix.boards])
    if len(record.boards) > ix.boards and any(record.boards[ix.boards :]):
        findings.append(
            finding(
                Severity.ERROR,
                "team-300-too-long",
                Note(
                    "the 300 record of team {team} in round {round_no} lists "
                    "{count} boards; the match has {boards} (record 352)",
                    team=team,
                    round_no=round_no,
                    count=len(record.boards),
                    boards=ix.boards,
                ),
                record.source,
            )
        )
    boards += [None] * (ix.boards - len(boards))
    for pid in boards:
        if pid is not None and ix.player_team.get(pid) != team:
            owner = ix.player_team.get(pid)
            where = (
                Note("on the roster of team {owner}", owner=owner)
                if owner
                else Note("on no team's roster")
            )
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-player-outside-roster",
                    Note(
                        "the 300 record of team {team} in round {round_no} seats player {pid}, "
                        "who is {where}; expected players of team {team}",
                        team=team,
                        round_no=round_no,
                        pid=pid,
                        where=where,
                    ),
                    record.source,
                )
            )
    for pid in seated:
        if pid not in boards:
            entry = ix.entry(pid, round_no)
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-300-missing-player",
                    Note(
                        "round {round_no}: player {pid} of team {team} has a game "
                        "({cell!r}) but the 300 record of the team "
                        "does not seat them",
                        round_no=round_no,
                        pid=pid,
                        team=team,
                        cell=entry.raw.strip() if entry else "",
                    ),
                    entry.source if entry else record.source,
                )
            )
    return Lineup(team, tuple(boards), record, True)


def align(short: Lineup, other: Lineup, ix: EventIndex, round_no: int) -> Lineup:
    """Seat a short default line-up where its players' opponents sit on the other side."""
    placed: list[int | None] = [None] * ix.boards
    rest: list[int] = []
    for pid in (p for p in short.players if p is not None):
        entry = ix.entry(pid, round_no)
        opponent = entry.opponent if entry else None
        if opponent is not None and opponent in other.players:
            board = other.players.index(opponent)
            if placed[board] is None:
                placed[board] = pid
                continue
        rest.append(pid)
    free = [i for i, p in enumerate(placed) if p is None]
    for pid, board in zip(rest, free, strict=False):
        placed[board] = pid
    return Lineup(short.team, tuple(placed), None, False)


def align_both(
    white: Lineup, black: Lineup, ix: EventIndex, round_no: int
) -> tuple[Lineup, Lineup]:
    """Two short line-ups: each game on one board, and every player without an opponent
    (a forfeit win on an empty board, ``0000 - +``) facing an empty board of its own, so
    that two such players never meet. Boards follow each side's roster order."""
    keyed: list[tuple[tuple[int, int], int | None, int | None]] = []
    black_left = [p for p in black.players if p is not None]
    for index, pid in enumerate(white.players):
        if pid is None:
            continue
        entry = ix.entry(pid, round_no)
        opponent = entry.opponent if entry else None
        if opponent is not None and opponent in black_left:
            black_left.remove(opponent)
        else:
            opponent = None
        keyed.append(((index, 0), pid, opponent))
    keyed += [((black.players.index(pid), 1), None, pid) for pid in black_left]
    if len(keyed) > ix.boards:  # more players than boards: reported by the caller's checks
        return align(white, black, ix, round_no), black
    rows = [(w, b) for _, w, b in sorted(keyed, key=lambda item: item[0])]
    rows += [(None, None)] * (ix.boards - len(rows))
    return (
        Lineup(white.team, tuple(w for w, _ in rows), None, False),
        Lineup(black.team, tuple(b for _, b in rows), None, False),
    )


def report_unrostered(ix: EventIndex, findings: list[Finding]) -> None:
    """Players with games who belong to no team: one finding at their first game."""
    for player in ix.t.players:
        if player.id in ix.player_team:
            continue
        for entry in player.rounds:
            if is_seated(entry):
                findings.append(
                    finding(
                        Severity.ERROR,
                        "team-player-outside-roster",
                        Note(
                            "player {id} ({name!r}) plays in round {round} "
                            "({cell!r}) but is on no team's roster (310/013)",
                            id=player.id,
                            name=player.name,
                            round=entry.round,
                            cell=entry.raw.strip(),
                        ),
                        entry.source,
                    )
                )
                break
