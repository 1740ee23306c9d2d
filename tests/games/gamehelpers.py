"""A hand-made event for the games tests (imported as games.gamehelpers).

Four players, three rounds, all games played, FIDE ids 24000001-24000004:
R1: 1-4 1-0, 2-3 ½-½; R2: 4-3 0-1, 1-2 ½-½; R3: 2-4 1-0, 3-1 0-1.
Boards are numbered by the score before the round, then the higher rating in the pair
(pages/pairings.round_cells): R1 board 1 is 1-4 (Anna 2000), board 2 is 2-3; R2 board 1
is 1-2 (Anna 1 and Bert ½ against Gus ½ and Dora 0); R3 board 1 is 3-1 (Anna 1.5 and
Gus 1.5), board 2 is 2-4 (Bert 1, Dora 0).
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "games"
NAMES = ("Alpha,Anna", "Beta,Bert", "Gamma,Gus", "Delta,Dora")


def _line(
    number: int, name: str, rating: int, points: float, cells: list[tuple[int, str, str]]
) -> str:
    fide = 24000000 + number
    head = (
        f"001 {number:>4} m    {name:<33} {rating:>4} GER {fide:>11} {'':<10} "
        f"{points:>4.1f} {number:>4}"
    )
    return head + "".join(f"  {opp:>4} {colour} {result}" for opp, colour, result in cells)


def small_event(names: tuple[str, ...] = NAMES) -> str:
    lines = [
        "012 Small Test Round Robin",
        "022 Teststadt",
        "042 2024/05/01",
        "052 2024/05/03",
        "092 Individual: Round Robin",
        _line(1, names[0], 2000, 2.5, [(4, "w", "1"), (2, "w", "="), (3, "b", "1")]),
        _line(2, names[1], 1900, 2.0, [(3, "w", "="), (1, "b", "="), (4, "w", "1")]),
        _line(3, names[2], 1800, 1.5, [(2, "b", "="), (4, "b", "1"), (1, "w", "0")]),
        _line(4, names[3], 1700, 0.0, [(1, "b", "0"), (3, "w", "0"), (2, "b", "0")]),
    ]
    return "\n".join(lines) + "\n"


def pgn(name: str) -> bytes:
    return (DATA / name).read_bytes()
