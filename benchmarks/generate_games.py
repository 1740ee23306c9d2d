"""Seeded PGN of legal games for a generated event's pairings (issue 42's benchmark).

Each game is random legal moves played on trfsite's own board (``formats.pgn``),
of a length drawn around 80 plies (a tournament game's usual 40 moves), ending
with the result the event's file gives that pairing. Games are taken round by
round, board by board in start-number order, until ``count``; every other game
names its players by FIDE id too, the rest by name alone, so that both ways of
matching are timed. Same seed, same bytes.

    python benchmarks/generate_games.py open.trf 2000 --seed 1 > open.pgn
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trfsite.formats import read_bytes  # noqa: E402
from trfsite.formats.pgn.board import Position  # noqa: E402
from trfsite.formats.pgn.moves import legal_moves, write_san  # noqa: E402
from trfsite.model import Color, Outcome, Tournament  # noqa: E402

_RESULTS = {Outcome.WIN: "1-0", Outcome.LOSS: "0-1", Outcome.DRAW: "1/2-1/2"}


def random_game(rng: random.Random, plies: int) -> list[str]:
    """Up to ``plies`` random legal moves from the standard start, in SAN (fewer when a
    mate or stalemate comes first)."""
    position = Position.from_fen()
    sans: list[str] = []
    for _ in range(plies):
        moves = legal_moves(position)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        sans.append(write_san(position, move))
        position.push(move)
    return sans


def pairings(t: Tournament) -> Iterator[tuple[int, int, int, str]]:
    """(round, white, black, result) of every game played over the board."""
    players = {p.id: p for p in t.players}
    for round_no in range(1, t.rounds + 1):
        for player in sorted(t.players, key=lambda p: p.id):
            entry = player.entry(round_no)
            if (
                entry is None
                or entry.color is not Color.WHITE
                or entry.opponent not in players
                or entry.outcome not in _RESULTS
            ):
                continue
            yield round_no, player.id, entry.opponent, _RESULTS[entry.outcome]


def movetext(sans: list[str], result: str) -> str:
    """The moves with their numbers, wrapped at 80 columns as export format asks."""
    words = []
    for ply, san in enumerate(sans):
        words.append(f"{ply // 2 + 1}. {san}" if ply % 2 == 0 else san)
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def generate_games(trf_text: str, count: int, seed: int = 1) -> str:
    t = read_bytes(trf_text.encode("utf-8"), "event.trf").tournament
    if t is None:
        raise SystemExit("the tournament file could not be read")
    players = {p.id: p for p in t.players}
    rng = random.Random(seed)
    games = []
    for number, (round_no, white, black, result) in enumerate(pairings(t)):
        if number >= count:
            break
        w, b = players[white], players[black]
        tags = [
            ("Event", t.name),
            ("Site", t.city),
            ("Date", "????.??.??"),
            ("Round", str(round_no)),
            ("White", w.name),
            ("Black", b.name),
            ("Result", result),
        ]
        if number % 2 == 0 and w.fide_id and b.fide_id:
            tags += [("WhiteFideId", w.fide_id), ("BlackFideId", b.fide_id)]
        plies = max(20, min(200, int(rng.gauss(80, 25))))
        sans = random_game(rng, plies)
        head = "\n".join(f'[{name} "{value}"]' for name, value in tags)
        games.append(f"{head}\n\n{movetext(sans, result)}\n")
    return "\n".join(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trf", type=Path)
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.stdout.write(generate_games(args.trf.read_text(encoding="utf-8"), args.count, args.seed))


if __name__ == "__main__":
    main()
