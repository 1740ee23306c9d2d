"""Pair two line-ups board by board and check each board against both cells."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Color, Outcome, RoundEntry
from trfsite.results import Note
from trfsite.teams.data import Board
from trfsite.teams.index import EventIndex, finding
from trfsite.teams.lineups import Lineup


def build_boards(
    ix: EventIndex, round_no: int, white: Lineup, black: Lineup, findings: list[Finding]
) -> tuple[Board, ...]:
    boards: list[Board] = []
    for number in range(1, ix.boards + 1):
        w_pid = white.players[number - 1]
        b_pid = black.players[number - 1]
        w_entry = _cell(ix, w_pid, round_no, white.team, findings)
        b_entry = _cell(ix, b_pid, round_no, black.team, findings)
        color = ix.colors[number - 1]
        _check_side(ix, round_no, number, w_pid, w_entry, b_pid, black, color, findings)
        _check_side(ix, round_no, number, b_pid, b_entry, w_pid, white, color.opposite, findings)
        if w_entry is not None and b_entry is not None:
            _check_results(round_no, number, w_pid, w_entry, b_pid, b_entry, findings)
        w_result = w_entry.outcome if w_entry is not None else None
        b_result = b_entry.outcome if b_entry is not None else None
        boards.append(
            Board(
                number,
                color,
                w_pid,
                b_pid,
                w_result,
                b_result,
                ix.t.scoring.points(w_result) if w_result is not None else 0.0,
                ix.t.scoring.points(b_result) if b_result is not None else 0.0,
            )
        )
    return tuple(boards)


def _cell(
    ix: EventIndex, pid: int | None, round_no: int, team: int, findings: list[Finding]
) -> RoundEntry | None:
    if pid is None:
        return None
    entry = ix.entry(pid, round_no)
    if entry is None:
        player = ix.players.get(pid)
        findings.append(
            finding(
                Severity.ERROR,
                "team-board-no-cell",
                Note(
                    "round {round_no}: player {pid} sits on a board of team {team} but has no "
                    "round-{round_no} cell in their 001 record; the board counts as lost",
                    round_no=round_no,
                    pid=pid,
                    team=team,
                ),
                player.source if player else ix.t.teams[0].source,
            )
        )
    return entry


def _check_side(
    ix: EventIndex,
    round_no: int,
    number: int,
    pid: int | None,
    entry: RoundEntry | None,
    other_pid: int | None,
    other: Lineup,
    expected: Color,
    findings: list[Finding],
) -> None:
    """The cell must name the player on the other side of the board (or nobody)."""
    if pid is None or entry is None:
        return
    if other_pid is not None and entry.opponent != other_pid:
        named = (
            Note("no opponent")
            if entry.opponent is None
            else Note("opponent {opponent}", opponent=entry.opponent)
        )
        findings.append(
            finding(
                Severity.ERROR,
                "team-board-mismatch",
                Note(
                    "round {round_no}, board {number}: player {pid} faces player {other_pid} of "
                    "team {team} by the board order, but the cell {cell!r} "
                    "names {named}",
                    round_no=round_no,
                    number=number,
                    pid=pid,
                    other_pid=other_pid,
                    team=other.team,
                    cell=entry.raw.strip(),
                    named=named,
                ),
                entry.source,
            )
        )
    elif other_pid is None:
        stray = entry.opponent is not None and entry.opponent in other.players
        if stray or entry.outcome.is_game:
            findings.append(
                finding(
                    Severity.ERROR,
                    "team-board-mismatch",
                    Note(
                        "round {round_no}, board {number}: team {team} leaves this board "
                        "empty, but player {pid}'s cell {cell!r} shows a game; "
                        "expected a forfeit win ('+')",
                        round_no=round_no,
                        number=number,
                        team=other.team,
                        pid=pid,
                        cell=entry.raw.strip(),
                    ),
                    entry.source,
                )
            )
    # Without a 352 record the colours are trfsite's assumption, not the file's: no finding.
    if ix.t.board_colors and entry.color is not Color.NONE and entry.color is not expected:
        findings.append(
            finding(
                Severity.WARNING,
                "team-board-colour",
                Note(
                    "round {round_no}, board {number}: player {pid} has colour "
                    "{colour!r}, but record 352 ({board_colors!r}) gives "
                    "{expected!r} on this board for their team",
                    round_no=round_no,
                    number=number,
                    pid=pid,
                    colour=entry.color.value,
                    board_colors=ix.t.board_colors,
                    expected=expected.value,
                ),
                entry.source,
            )
        )


def _check_results(
    round_no: int,
    number: int,
    w_pid: int | None,
    w_entry: RoundEntry,
    b_pid: int | None,
    b_entry: RoundEntry,
    findings: list[Finding],
) -> None:
    if w_entry.opponent != b_pid or b_entry.opponent != w_pid:
        return  # already reported as a board mismatch
    both_lost = w_entry.outcome is b_entry.outcome is Outcome.FORFEIT_LOSS
    if w_entry.outcome.complement is b_entry.outcome or both_lost:
        return
    findings.append(
        finding(
            Severity.ERROR,
            "team-board-results",
            Note(
                "round {round_no}, board {number}: player {w_pid} has result "
                "{white_result!r} and player {b_pid} has {black_result!r}; "
                "expected complementary results (1/0, =/=, +/-, W/L, D/D)",
                round_no=round_no,
                number=number,
                w_pid=str(w_pid),
                white_result=w_entry.outcome.value,
                b_pid=str(b_pid),
                black_result=b_entry.outcome.value,
            ),
            w_entry.source,
        )
    )
