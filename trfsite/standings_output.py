"""Text renderings of :class:`~trfsite.results.Standings`: table, CSV, JSON, explanations.

The JSON is ``Standings.as_json()``; with ``--explain`` each row also gets an
``explanations`` object (an addition, the contract's keys are unchanged).
The explanation text lists, per player and tie-break, every round's value,
what was cut and why, and the sum, so an arbiter can redo it on paper.
"""

from __future__ import annotations

import csv
import io
import json

from trfsite.results import Explanation, StandingRow, Standings


def number(value: float | None) -> str:
    """``12`` for 12.0, ``6.75``, ``-`` for undefined."""
    if value is None:
        return "-"
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def render_table(s: Standings) -> str:
    headers = ["Rk", "No", "Name", s.points_label] + [c.short for c in s.columns]
    body = [
        [str(r.rank), str(r.id), r.name, number(r.points)] + [number(v) for v in r.tiebreaks]
        for r in s.rows
    ]
    widths = [max(len(row[k]) for row in [headers, *body]) for k in range(len(headers))]
    left = {2}

    def line(cells: list[str]) -> str:
        parts = [
            c.ljust(widths[k]) if k in left else c.rjust(widths[k]) for k, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [_title(s), "", line(headers), line(["-" * w for w in widths])]
    out.extend(line(row) for row in body)
    out.append("")
    for col in s.columns:
        direction = " (lower is better)" if col.lower_is_better else ""
        out.append(f"{col.short}: {col.name}{direction}")
    out.extend(f"Note: {n}" for n in s.notes)
    return "\n".join(out) + "\n"


def _title(s: Standings) -> str:
    t = s.tournament
    name = t.name or "Tournament"
    return f"{name}: standings after round {s.after_round} of {t.rounds} (rules {s.rules})"


def render_csv(s: Standings) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "points", *(c.code for c in s.columns)])
    for r in s.rows:
        writer.writerow(
            [r.rank, r.id, r.name, number(r.points), *("" if v is None else number(v)
                                                        for v in r.tiebreaks)]
        )
    return buffer.getvalue()


def render_json(s: Standings, explain: bool = False) -> str:
    data = s.as_json()
    if explain:
        rows = data["standings"]
        assert isinstance(rows, list)
        for item, row in zip(rows, s.rows, strict=True):
            item["explanations"] = {
                e.code: _explanation_json(e) for e in row.explanations
            }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _explanation_json(e: Explanation) -> dict[str, object]:
    return {
        "value": e.value,
        "notes": list(e.notes),
        "contributions": [
            {"round": c.round, "value": c.value, "label": c.label, "cut": c.cut, "why": c.why}
            | ({"rounds": c.rounds_text} if c.rounds else {})
            for c in e.contributions
        ],
    }


def render_explanations(s: Standings) -> str:
    """Pen-and-paper account of every value of every player."""
    out = [f"Explanations ({_title(s)})", ""]
    for row in s.rows:
        out.extend(_explain_row(s, row))
    return "\n".join(out) + "\n"


def _explain_row(s: Standings, row: StandingRow) -> list[str]:
    lines = [f"#{row.rank}  {row.id} {row.name}: {number(row.points)} points"]
    for col, e in zip(s.columns, row.explanations, strict=False):
        lines.append(f"  {col.short} = {number(e.value)}")
        kept: list[float] = []
        for c in e.contributions:
            mark = f"  [cut: {c.why}]" if c.cut else ""
            rounds = f"rounds {c.rounds_text}" if c.rounds else f"round {c.round}"
            lines.append(f"    {rounds}: {number(c.value)}  {c.label}{mark}")
            if not c.cut and c.value is not None:
                kept.append(c.value)
        if kept and col.short.split("-")[0].split("/")[0] in _SUMS:
            total = sum(kept)
            lines.append(f"    sum: {' + '.join(number(v) for v in kept)} = {number(total)}")
        lines.extend(f"    {n}" for n in e.notes)
    lines.append("")
    return lines


# Tie-breaks whose value is the plain sum of their kept contributions.
_SUMS = frozenset({"BH", "FB", "SB", "PS", "KS", "STD", "WIN", "WON", "BPG", "BWG"})
