"""Writes the FIDE-example cuts of this folder (run once; the outputs are committed).

``python3 tests/data/live/make_cuts.py`` from the repository root. Each cut keeps
every cell's opponent and colour and blanks results, as a pairing program
exports a file right after pairing a round; see README.md for what each holds.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "samples" / "fide-example1-trf16.trf"
VALUE = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}
ROUND7 = 92 + 60 - 1  # 0-based index of round 7's cell


def cut(keep_result: set[int]) -> str:
    """Round 7's results blanked except for the players in ``keep_result``.

    Declared points: those of rounds 1-6 plus the results kept (what the
    pairing program shows); ranks: the order by those points, then start number,
    which lies inside each score group as the validation asks when no
    tie-break list is given.
    """
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    players: list[tuple[int, float]] = []
    for i, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        cell = line[ROUND7 : ROUND7 + 8]
        points = float(line[80:84])
        paired = cell[:4].strip() not in ("", "0000", "0")
        if paired and number not in keep_result:
            points -= VALUE.get(cell[7], 0.0)
            line = line[: ROUND7 + 7] + " " + line[ROUND7 + 8 :]
        lines[i] = line[:80] + f"{points:4.1f}" + line[84:]
        players.append((number, points))
    order = sorted(players, key=lambda p: (-p[1], p[0]))
    rank = {number: place for place, (number, _) in enumerate(order, start=1)}
    for i, line in enumerate(lines):
        if line.startswith("001"):
            lines[i] = line[:85] + f"{rank[int(line[4:8])]:4d}" + line[89:]
    return "\n".join(lines)


def main() -> None:
    (HERE / "fide-round7-pending.trf").write_text(cut(set()), encoding="utf-8")
    # Boards 1-5 of round 7 entered: the games of players 1-5 and 10, 13, 14, 16, 31.
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    kept: set[int] = set()
    for line in lines:
        if line.startswith("001") and int(line[4:8]) <= 5:
            kept |= {int(line[4:8]), int(line[ROUND7 : ROUND7 + 4])}
    (HERE / "fide-round7-partial.trf").write_text(cut(kept), encoding="utf-8")


if __name__ == "__main__":
    main()
