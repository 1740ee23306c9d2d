"""Each game of a chess file on both players' lines: opposite colours, complementary results."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import (
    Color,
    Game,
    Outcome,
    Player,
    RoundEntry,
    Span,
    Tournament,
)
from trfsite.results import Note, join_notes
from trfsite.validate.structure import cell_span, finding


def _show(entry: RoundEntry | None) -> str:
    if entry is None:
        return Note("no cell")
    return repr(entry.raw.strip() or f"{entry.opponent or 0:04d} {entry.color.value} "
                f"{entry.outcome.value}")  # fmt: skip


def check_games(t: Tournament, name: str) -> list[Finding]:
    """Each game is on both players' lines, with opposite colours and complementary results."""
    if t.game is not Game.CHESS:
        return []
    out: list[Finding] = []
    # Round cells by (player, round); TRF lines hold round r at index r - 1.
    cells: dict[int, tuple[RoundEntry, ...]] = {p.id: p.rounds for p in t.players}
    by_id = {p.id: p for p in t.players}
    cut_short: dict[int, list[tuple[int, int]]] = {}  # player -> (round, opponent naming them)
    for player in t.players:
        pid = player.id
        for entry in player.rounds:
            opponent = entry.opponent
            if opponent is None or opponent == pid:
                continue
            line = cells.get(opponent)
            if line is None:
                continue
            # The usual cells inline (22,000 in a large open): round r at index r - 1, and
            # both sides agree (opposite colours, complementary results).
            r = entry.round
            if 0 < r <= len(line) and line[r - 1].round == r:
                other: RoundEntry | None = line[r - 1]
            else:
                other = _cell_of_round(line, r)
            if other is not None and other.opponent == pid:
                if pid < opponent and not (
                    other.color is _OPPOSITE.get(id(entry.color))
                    and other.outcome is _COMPLEMENT[id(entry.outcome)]
                ):
                    out += _compare_sides(player, entry, opponent, other, name)
            elif other is not None and _beyond_line(by_id[opponent], other):
                cut_short.setdefault(opponent, []).append((entry.round, player.id))
            else:
                out.append(
                    finding(
                        Severity.ERROR,
                        "game-not-reciprocal",
                        Note(
                            "round {round}: player {id} plays {opponent}, but "
                            "player {opponent}'s cell for that round is {other}; "
                            "expected it to name {id}",
                            round=entry.round,
                            id=player.id,
                            opponent=opponent,
                            other=_show(other),
                        ),
                        name,
                        cell_span(player, entry),
                    )
                )
    out += [_cut_short(by_id[pid], named, name) for pid, named in sorted(cut_short.items())]
    return out


def _beyond_line(player: Player, cell: RoundEntry) -> bool:
    """The cell was not written: the reader filled in a round the line does not reach."""
    return (
        cell.opponent is None and not cell.raw and 0 < player.source.end_column < cell.source.column
    )


def _cut_short(player: Player, named: list[tuple[int, int]], name: str) -> Finding:
    """One error at the cause: the line ends where other players' games with it begin."""
    end = player.source.end_column
    rounds = sorted({r for r, _ in named})
    others = join_notes(
        [Note("{opponent} (round {round})", opponent=o, round=r) for r, o in sorted(named)]
    )
    last = max(cell.source.end_column for cell in player.rounds)
    return finding(
        Severity.ERROR,
        "player-line-cut-short",
        Note(
            "the 001 line of player {id} ends at column {end}, but players {others} "
            "name player {id} as their opponent; the line looks cut short: expected "
            "its round cells up to round {rounds} (to column {last})",
            id=player.id,
            end=end,
            others=others,
            rounds=rounds[-1],
            last=last,
        ),
        name,
        Span(player.source.line, end + 1, end + 1),
    )


def _cell_of_round(cells: tuple[RoundEntry, ...], round_no: int) -> RoundEntry | None:
    if 0 < round_no <= len(cells) and cells[round_no - 1].round == round_no:
        return cells[round_no - 1]
    return next((cell for cell in cells if cell.round == round_no), None)


# Whether two sides agree (opposite colours, complementary results), keyed by id():
# enum members are singletons, and Enum.__hash__ runs in Python.
_OPPOSITE = {id(Color.WHITE): Color.BLACK, id(Color.BLACK): Color.WHITE}
_COMPLEMENT = {id(outcome): outcome.complement for outcome in Outcome}


def _compare_sides(
    player: Player, entry: RoundEntry, second: int, other: RoundEntry, name: str
) -> list[Finding]:
    out: list[Finding] = []
    span = cell_span(player, entry)
    played = entry.outcome.is_game or other.outcome.is_game
    where = Note(
        "round {round}: player {id} has {cell} and player {second} has {other}",
        round=entry.round,
        id=player.id,
        cell=_show(entry),
        second=second,
        other=_show(other),
    )
    colours = {entry.color, other.color}
    if played and Color.NONE in colours:
        out.append(
            finding(
                Severity.ERROR,
                "game-colour-missing",
                Note("{where}; expected 'w' and 'b' for a game that was played", where=where),
                name,
                Span(span.line, span.column + 5),
            )
        )
    elif len(colours) == 1 and Color.NONE not in colours:
        out.append(
            finding(
                Severity.ERROR,
                "game-colour-mismatch",
                Note("{where}; expected opposite colours", where=where),
                name,
                Span(span.line, span.column + 5),
            )
        )
    double_forfeit = entry.outcome is other.outcome is Outcome.FORFEIT_LOSS
    if other.outcome is not entry.outcome.complement and not double_forfeit:
        out.append(
            finding(
                Severity.ERROR,
                "game-result-mismatch",
                Note(
                    "{where}; expected complementary results (1/0, =/=, +/-, -/-, W/L, D/D)",
                    where=where,
                ),
                name,
                Span(span.line, span.column + 7),
            )
        )
    return out
