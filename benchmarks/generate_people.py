"""A federation's archive for the people pages (issue 12): events drawn from one pool.

``generate_people_archive(folder, n_events, n_people, seed)`` writes ``n_events``
individual Swiss events (one year folder each, 20 years) whose players come from
a pool of ``n_people`` people, so the same people recur across events. As in
real archives, about a fifth of the pool has no FIDE id, one entry in twelve
drops its id anyway, and one in eight spells the name another way (umlauts
written out or dropped, upper case, no space after the comma).

    python benchmarks/generate_people.py 300 --people 6000 --out archive/
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_individual_swiss  # noqa: E402

_LAST = (
    "Müller",
    "Schäfer",
    "Groß",
    "Weiß",
    "Köhler",
    "Jäger",
    "Öztürk",
    "Łukasiewicz",
    "Østergaard",
    "Nagy",
    "Kovács",
    "Novák",
    "Dvořák",
    "Smith",
    "Brown",
    "Martin",
    "Bernard",
    "Rossi",
    "Russo",
    "García",
    "López",
    "Silva",
    "Santos",
    "Ivanov",
    "Petrov",
    "Kowalski",
    "Nowak",
    "Horvat",
    "Jensen",
    "Hansen",
    "Larsen",
    "Berg",
    "Lund",
    "Dahl",
    "Holm",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schulz",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Krause",
    "Meier",
    "Lehmann",
    "Schmid",
    "Schulze",
    "Maier",
    "Köster",
    "Böhm",
)
_FIRST = (
    "Jürgen",
    "Jörg",
    "Günter",
    "Anna",
    "Lena",
    "Björn",
    "Zoë",
    "Łukasz",
    "Æsa",
    "Petr",
    "John",
    "Maria",
    "Paul",
    "Eva",
    "Karl",
    "Lisa",
    "Tomás",
    "Inés",
    "Ivan",
    "Olga",
    "Piotr",
    "Marek",
    "Hans",
    "Uwe",
    "Jan",
    "Max",
    "Emma",
    "Mia",
    "Noah",
    "Ben",
    "Lea",
    "Finn",
    "Lara",
    "Timo",
    "Nina",
    "Ole",
    "Ida",
    "Kai",
    "Jonas",
    "Sara",
)
_FEDERATIONS = ("GER", "GER", "GER", "AUT", "SUI", "POL", "CZE", "HUN", "DEN", "NED", "FRA")
_UMLAUT = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
)


@dataclass(frozen=True, slots=True)
class PoolPerson:
    name: str  # "Last, First"
    federation: str
    birth: str
    fide_id: str  # "" for none


def make_pool(n_people: int, rng: random.Random) -> list[PoolPerson]:
    pool = []
    for number in range(n_people):
        name = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
        fide = str(4_000_000 + number * 7) if rng.random() > 0.2 else ""
        birth = f"{rng.randint(1940, 2014)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
        pool.append(PoolPerson(name, rng.choice(_FEDERATIONS), birth, fide))
    return pool


def spelled(name: str, rng: random.Random) -> str:
    """The same name as another file may write it."""
    roll = rng.random()
    if roll < 0.4:
        return name.translate(_UMLAUT)
    if roll < 0.7:
        return name.replace(", ", ",")
    return name.upper()


def _player_line(line: str, person: PoolPerson, rng: random.Random) -> str:
    name = spelled(person.name, rng) if rng.random() < 0.125 else person.name
    fide = person.fide_id if rng.random() > 1 / 12 else ""
    return (
        f"{line[:14]}{name[:33]:<33} {line[48:52]} {person.federation:>3} {fide:>11} "
        f"{person.birth:<10}{line[79:]}"
    )


def generate_people_archive(
    folder: Path, n_events: int, n_people: int = 6000, seed: int = 1
) -> list[Path]:
    """Write the archive; returns the files written, sorted."""
    rng = random.Random(seed)
    pool = make_pool(n_people, rng)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for number in range(1, n_events + 1):
        year = 2005 + number % 20
        players = int(rng.triangular(10, 160, 30))
        text = generate_individual_swiss(players, rng.randint(5, 9), rng.randrange(1 << 30))
        text = text.replace("2025/07/", f"{year}/07/").replace("25/07/", f"{year % 100:02d}/07/")
        text = text.replace("012 Synthetic Open", f"012 Club Open {number}:")
        chosen = iter(rng.sample(pool, players))
        lines = [
            _player_line(line, next(chosen), rng) if line.startswith("001 ") else line
            for line in text.splitlines()
        ]
        path = folder / str(year) / f"open-{number:05d}.trf"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written.append(path)
    return sorted(written)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("events", type=int)
    parser.add_argument("--people", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    files = generate_people_archive(args.out, args.events, args.people, args.seed)
    print(f"{len(files)} events under {args.out}")


if __name__ == "__main__":
    main()


def synthetic_entries(n_events: int, n_people: int = 6000, seed: int = 1) -> list[object]:
    """Every event's people entries made in memory, without files or standings.

    For the identity figure on 10,000 events: the same pool, variants and missing
    ids as the archive, and random pairings (``collect_event`` on model objects).
    """
    import datetime as dt

    from trfsite.model import Color, Outcome, Player, RoundEntry, SourceFormat, Tournament
    from trfsite.people.collect import collect_event

    rng = random.Random(seed)
    pool = make_pool(n_people, rng)
    events: list[object] = []
    outcomes = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
    for number in range(1, n_events + 1):
        size = int(rng.triangular(10, 160, 30)) // 2 * 2
        chosen = rng.sample(pool, size)
        rounds: dict[int, list[RoundEntry]] = {n: [] for n in range(1, size + 1)}
        for r in range(1, rng.randint(5, 9) + 1):
            order = list(range(1, size + 1))
            rng.shuffle(order)
            for white, black in zip(order[::2], order[1::2], strict=True):
                result = rng.choice(outcomes)
                rounds[white].append(RoundEntry(r, black, Color.WHITE, result))
                rounds[black].append(RoundEntry(r, white, Color.BLACK, result.complement))
        players = []
        for n, person in enumerate(chosen, start=1):
            name = spelled(person.name, rng) if rng.random() < 0.125 else person.name
            fide = person.fide_id if rng.random() > 1 / 12 else ""
            players.append(
                Player(
                    n,
                    name,
                    rating=1500 + n,
                    federation=person.federation,
                    fide_id=fide,
                    birth_date=person.birth,
                    rounds=tuple(rounds[n]),
                )
            )
        t = Tournament(
            SourceFormat.TRF16,
            name=f"Club Open {number}",
            start_date=dt.date(2005 + number % 20, 7, 1),
            players=tuple(players),
        )
        file = f"{2005 + number % 20}/open-{number:05d}.trf"
        events.append(collect_event(t, None, file, f"open-{number:05d}"))
    return events
