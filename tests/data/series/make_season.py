"""Writes the hand-made season of tests/series (run once; the files are committed).

Three four-player round robins, decisive games: a player beats everyone below them
in the event's order, so the ranks are that order and the scores 3, 2, 1, 0.
"""

from pathlib import Path

PEOPLE = {  # start number: (sex, name, rating, federation, FIDE id, birth)
    1: ("m", "Müller, Jürgen", 2000, "GER", "", "1980/01/01"),
    2: ("m", "Kowalski, Jan", 1800, "POL", "1100001", "1990/00/00"),
    3: ("f", "Smith, Anna", 1900, "ENG", "400001", "2008/00/00"),
    4: ("m", "Nagy, Peter", 1700, "HUN", "700001", "1970/00/00"),
}
PAIRS = {1: ((1, 4), (2, 3)), 2: ((4, 3), (1, 2)), 3: ((2, 4), (3, 1))}  # white first
EVENTS = {
    "gp-1": ("Grand Prix 1", "2025/01/11", (1, 2, 3, 4), {}),
    "gp-2": ("Grand Prix 2", "2025/02/08", (3, 1, 4, 2), {}),
    "gp-3": ("Grand Prix 3", "2025/03/08", (2, 1, 3, 4), {1: "Mueller, Jurgen"}),
}

for stem, (title, day, order, names) in EVENTS.items():
    place = {pid: i for i, pid in enumerate(order)}
    lines = [f"012 {title}", f"042 {day}", f"052 {day}", "062 4", "072 4", "092 Round robin"]
    for pid, (sex, name, rating, fed, fide, born) in PEOPLE.items():
        cells = []
        for rnd in (1, 2, 3):
            white, black = next(p for p in PAIRS[rnd] if pid in p)
            opponent = black if pid == white else white
            won = place[pid] < place[opponent]
            cells.append(f"{opponent:4d} {'w' if pid == white else 'b'} {'1' if won else '0'}")
        points = 3 - place[pid]
        head = (
            f"001 {pid:4d} {sex}    {names.get(pid, name):<33} {rating:4d} {fed} {fide:>11} "
            f"{born} {points:4.1f} {place[pid] + 1:4d}"
        )
        lines.append(head + "".join(f"  {c}" for c in cells))
    Path(__file__).with_name("season").joinpath(f"{stem}.trf").write_text(
        "\n".join(lines) + "\n", encoding="utf-8"
    )
