"""Look-up tables over a team tournament, built once per reconstruction."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trfsite.findings import Finding, Severity
from trfsite.model import (
    ByeRecord,
    Color,
    ForfeitedMatch,
    Outcome,
    OutOfOrder,
    PairingByeRecord,
    Player,
    RoundEntry,
    Span,
    Tournament,
)
from trfsite.results import Note

DEFAULT_BOARDS = 4


@dataclass(frozen=True)
class EventIndex:
    """Indices by (round, team) over the records that shape a team round."""

    t: Tournament
    boards: int
    rounds: int
    players: dict[int, Player]
    player_team: dict[int, int]
    roster: dict[int, tuple[int, ...]]
    out_of_order: dict[tuple[int, int], OutOfOrder]
    forfeits: dict[tuple[int, int], ForfeitedMatch]
    pairing_byes: dict[tuple[int, int], PairingByeRecord]
    byes: dict[tuple[int, int], ByeRecord]
    # Every (player, round) and (team, round) question is asked many times per match,
    # so both answers are tabled once: cells[player][round], seated[(team, round)].
    cells: dict[int, tuple[RoundEntry | None, ...]]
    seated: dict[tuple[int, int], tuple[int, ...]]
    colors: tuple[Color, ...]  # the white team's colour on each board (352), board 1 first

    def entry(self, player: int, round_no: int) -> RoundEntry | None:
        row = self.cells.get(player)
        return row[round_no] if row is not None and 0 <= round_no < len(row) else None

    def roster_position(self, team: int, player: int) -> int | None:
        """1-based position of the player on the team's roster (801's RID)."""
        roster = self.roster.get(team, ())
        return roster.index(player) + 1 if player in roster else None


def finding(severity: Severity, code: str, message: str, where: Span) -> Finding:
    """A finding at a source span; the file name is filled in by the caller's check."""
    return Finding(severity, code, message, "", where.line, where.column)


def build_index(t: Tournament, findings: list[Finding]) -> EventIndex:
    players = {p.id: p for p in t.players}
    player_team: dict[int, int] = {}
    roster: dict[int, tuple[int, ...]] = {}
    for team in t.teams:
        roster[team.id] = team.roster
        for pid in team.roster:
            if pid in player_team and player_team[pid] != team.id:
                findings.append(
                    finding(
                        Severity.ERROR,
                        "team-player-two-rosters",
                        Note(
                            "player {pid} is on the roster of team {team} and again on "
                            "team {id}; expected each player on one roster only",
                            pid=pid,
                            team=player_team[pid],
                            id=team.id,
                        ),
                        team.source,
                    )
                )
                continue
            player_team[pid] = team.id
            if pid not in players:
                findings.append(
                    finding(
                        Severity.ERROR,
                        "team-roster-unknown-player",
                        Note(
                            "team {id} ({name!r}) lists player {pid}, who has no 001 "
                            "record; expected the starting rank of a player",
                            id=team.id,
                            name=team.name,
                            pid=pid,
                        ),
                        team.source,
                    )
                )
    out_of_order: dict[tuple[int, int], OutOfOrder] = {}
    for rec in t.out_of_order:
        key = (rec.round, rec.team)
        if key in out_of_order:
            findings.append(
                finding(
                    Severity.WARNING,
                    "team-300-duplicate",
                    Note(
                        "a second 300 record for team {team} in round {round}; "
                        "the later one is used",
                        team=rec.team,
                        round=rec.round,
                    ),
                    rec.source,
                )
            )
        out_of_order[key] = rec
    forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
    for fm in t.forfeited_matches:
        for team_id in (fm.white_team, fm.black_team):
            forfeits[(fm.round, team_id)] = fm
    pairing_byes: dict[tuple[int, int], PairingByeRecord] = {}
    for pab in t.pairing_byes:
        for offset, pab_team in enumerate(pab.teams):
            if pab_team:
                pairing_byes[(offset + 1, pab_team)] = pab
    byes: dict[tuple[int, int], ByeRecord] = {}
    for bye in t.byes:
        for team_id in bye.ids:
            if (bye.round, team_id) in byes:
                findings.append(
                    finding(
                        Severity.WARNING,
                        "team-bye-duplicate",
                        Note(
                            "team {team_id} has two 240 byes in round {round}; "
                            "the later one is used",
                            team_id=team_id,
                            round=bye.round,
                        ),
                        bye.source,
                    )
                )
            byes[(bye.round, team_id)] = bye
    boards = _board_count(t, out_of_order, roster, players, findings)
    rounds = max(
        t.rounds,
        max((r for r, _ in out_of_order), default=0),
        max((fm.round for fm in t.forfeited_matches), default=0),
        max((b.round for b in t.byes), default=0),
        max((len(p.teams) for p in t.pairing_byes if any(p.teams)), default=0),
    )
    cells = {p.id: _cell_row(p) for p in t.players}
    seated: dict[tuple[int, int], tuple[int, ...]] = {}
    for team_id, ids in roster.items():
        rows = [(pid, cells.get(pid, ())) for pid in ids]
        for round_no in range(1, rounds + 1):
            seated[(team_id, round_no)] = tuple(
                pid for pid, row in rows if round_no < len(row) and is_seated(row[round_no])
            )
    return EventIndex(
        t,
        boards,
        rounds,
        players,
        player_team,
        roster,
        out_of_order,
        forfeits,
        pairing_byes,
        byes,
        cells,
        seated,
        tuple(board_color(t, board) for board in range(1, boards + 1)),
    )


def _cell_row(player: Player) -> tuple[RoundEntry | None, ...]:
    """The player's cells by round number (index 0 unused); the first cell of a round wins."""
    row: list[RoundEntry | None] = [None] * (max((c.round for c in player.rounds), default=0) + 1)
    for cell in player.rounds:
        if cell.round > 0 and row[cell.round] is None:
            row[cell.round] = cell
    return tuple(row)


def is_seated(entry: RoundEntry | None) -> bool:
    """The player took a board: named an opponent, or has a game or a forfeit win."""
    if entry is None:
        return False
    return (
        entry.opponent is not None or entry.outcome is Outcome.FORFEIT_WIN or entry.outcome.is_game
    )


def _board_count(
    t: Tournament,
    out_of_order: dict[tuple[int, int], OutOfOrder],
    roster: dict[int, tuple[int, ...]],
    players: dict[int, Player],
    findings: list[Finding],
) -> int:
    """The boards per match, at most the players of the largest team (a stretched 352 or
    300 line gave thousands of boards to every match, and pages of them)."""
    boards = _declared_board_count(t, out_of_order, roster, players, findings)
    largest = max((len({pid for pid in ids if pid in players}) for ids in roster.values()),
                  default=0)  # fmt: skip
    if 0 < largest < boards:
        findings.append(
            Finding(
                Severity.ERROR,
                "team-boards-too-many",
                Note(
                    "the file gives {boards:,} boards per match (record 352 or 300), but no "
                    "team has more than {largest} players; expected at most {largest} boards: "
                    "{largest} are used",
                    boards=boards,
                    largest=largest,
                ),
            )
        )
        return largest
    return boards


def _declared_board_count(
    t: Tournament,
    out_of_order: dict[tuple[int, int], OutOfOrder],
    roster: dict[int, tuple[int, ...]],
    players: dict[int, Player],
    findings: list[Finding],
) -> int:
    """Record 352's length; without it the longest 300 record, else the most common
    number of players a team seated in a round (TRF16 files have no 352)."""
    if t.board_colors:
        return len(t.board_colors)
    boards = max((len(rec.boards) for rec in out_of_order.values()), default=0)
    if not boards:
        seated: Counter[int] = Counter()
        for ids in roster.values():
            for round_no in range(1, t.rounds + 1):
                count = sum(
                    1 for pid in ids if pid in players and is_seated(players[pid].entry(round_no))
                )
                if count:
                    seated[count] += 1
        boards = max(seated, key=lambda n: (seated[n], n)) if seated else DEFAULT_BOARDS
    findings.append(
        Finding(
            Severity.INFO,
            "team-boards-unknown",
            Note(
                "the file has no 352 record (board colours); {boards} boards per match assumed, "
                "the white team's player having White on odd boards",
                boards=boards,
            ),
        )
    )
    return boards


def board_color(t: Tournament, board: int) -> Color:
    """The white team's colour on a 1-based board (record 352; WBWB... when absent)."""
    colors = t.board_colors.upper()
    if board <= len(colors):
        return Color.WHITE if colors[board - 1] == "W" else Color.BLACK
    return Color.WHITE if board % 2 == 1 else Color.BLACK
