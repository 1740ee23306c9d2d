"""Time reading EGD-archive layouts: unnamed columns whose meaning is inferred.

Writes a generated McMahon table as the EGD archive holds many: no column
header, the results first, then MMS, SOS and SOSOS, then ``|PIN``. Prints the
seconds to read it, to rank it once (which infers the columns) and to validate
it, against the same table with a named header. Nothing is asserted.

    python benchmarks/bench_go_columns.py [players] [rounds]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generate_go import generate_mcmahon  # noqa: E402

from trfsite.formats.egf import read_egf  # noqa: E402
from trfsite.model import ReadResult  # noqa: E402
from trfsite.standings.go import compute_go_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate  # noqa: E402


def archive_layout(text: str) -> str:
    """The table rewritten results-first with its own MMS, SOS, SOSOS and a PIN."""
    result = read_egf(text, "g.h9")
    assert result.tournament is not None
    t = result.tournament
    ranked = compute_go_standings(t, StandingsOptions(tiebreaks=("SOS", "SOSOS")))
    values = {row.id: (row.points, *row.tiebreaks) for row in ranked.rows}
    lines = []
    for player in t.players:
        cells = " ".join(e.raw for e in player.rounds)
        numbers = " ".join(f"{v:g}" for v in values[player.id])
        lines.append(
            f"{player.id} {player.name.replace(' ', '_')} {player.grade} {player.federation} "
            f"{player.club or 'xxxx'} {cells} {numbers} |{10_000_000 + player.id}"
        )
    return "\n".join(lines) + "\n"


def timed(label: str, text: str) -> None:
    start = time.perf_counter()
    result = read_egf(text, "g.h9")
    read_at = time.perf_counter()
    assert result.tournament is not None
    standings = compute_go_standings(result.tournament, StandingsOptions())
    ranked_at = time.perf_counter()
    findings = validate(ReadResult(result.tournament, result.findings), "g.h9")
    done = time.perf_counter()
    print(
        f"{label:28} read {read_at - start:6.3f} s  rank {ranked_at - read_at:6.3f} s  "
        f"validate {done - ranked_at:6.3f} s  ({standings.points_label}, "
        f"{len(findings)} findings)"
    )


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    plain = generate_mcmahon(players, rounds)
    archive = archive_layout(plain)
    print(f"{players} players, {rounds} rounds")
    timed("header, no score columns", plain)
    timed("EGD archive (inferred)", archive)


if __name__ == "__main__":
    main()
