"""Text renderings of an event's awards: table, JSON and CSV (``trfsite awards``)."""

from __future__ import annotations

import io
import json

from trfsite.awards.categories import parse_category
from trfsite.awards.event import EventAwards
from trfsite.awards.rankings import GroupLine
from trfsite.formats.csv_cells import csv_writer
from trfsite.model import Tournament


def _names(t: Tournament) -> dict[int, str]:
    return {p.id: p.name for p in t.players}


def awards_json(t: Tournament, awards: EventAwards) -> str:
    names = _names(t)
    prizes: list[dict[str, object]] = []
    if awards.prizes is not None:
        for a in awards.prizes.awards:
            prizes.append(
                {
                    "category": a.prize.category,
                    "place": a.prize.place,
                    "prize": a.prize.name if a.prize.money is None else float(a.prize.money),
                    "id": a.player_id,
                    "name": names.get(a.player_id, ""),
                    "points": a.points,
                    "amount": None if a.amount is None else float(a.amount),
                    "how": str(a.how),
                }
            )
        for p in awards.prizes.unawarded:
            prizes.append(
                {
                    "category": p.category,
                    "place": p.place,
                    "prize": p.name or float(p.money or 0),
                    "id": None,
                    "name": "",
                    "points": None,
                    "amount": None,
                    "how": "nobody qualified",
                }
            )
    data = {
        "tournament": {"name": t.name, "rounds": t.rounds},
        "prize_rule": awards.prizes.rule.value if awards.prizes else None,
        "prizes": prizes,
        "categories": [
            {
                "code": c.category.code,
                "label": str(c.category.label),
                "standings": [
                    {
                        "category_rank": x.category_rank,
                        "overall_rank": x.overall_rank,
                        "id": x.player_id,
                        "name": names.get(x.player_id, ""),
                        "points": x.points,
                    }
                    for x in c.lines
                ],
            }
            for c in awards.categories
        ],
        "ranking_best": awards.settings.ranking_best,
        "federations": [_group_json(g) for g in awards.federations],
        "clubs": [_group_json(g) for g in awards.clubs],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _group_json(g: GroupLine) -> dict[str, object]:
    return {
        "rank": g.rank,
        "name": g.name,
        "points": g.total,
        "counted": [{"id": pid, "points": pts} for pid, pts in g.counted],
        "not_counted": [{"id": pid, "points": pts} for pid, pts in g.others],
    }


def awards_csv(t: Tournament, awards: EventAwards) -> str:
    """One table: prize lines, then each category's lines, then federations and clubs."""
    names = _names(t)
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(
        ["section", "category", "rank", "overall_rank", "id", "name", "points", "prize", "amount"]
    )
    if awards.prizes is not None:
        for a in awards.prizes.awards:
            writer.writerow(
                [
                    "prize",
                    a.prize.category,
                    a.prize.place,
                    "",
                    a.player_id,
                    names.get(a.player_id, ""),
                    a.points,
                    a.prize.text,
                    "" if a.amount is None else f"{a.amount:.2f}",
                ]
            )
    for c in awards.categories:
        for x in c.lines:
            writer.writerow(
                [
                    "category",
                    c.category.code,
                    x.category_rank,
                    x.overall_rank,
                    x.player_id,
                    names.get(x.player_id, ""),
                    x.points,
                    "",
                    "",
                ]
            )
    for section, groups in (("federation", awards.federations), ("club", awards.clubs)):
        for g in groups:
            writer.writerow([section, "", g.rank, "", "", g.name, g.total, "", ""])
    return buffer.getvalue()


def awards_table(t: Tournament, awards: EventAwards) -> str:
    names = _names(t)
    out: list[str] = []
    if awards.prizes is not None:
        out.append(f"Prizes ({awards.prizes.rule.value})")
        for a in awards.prizes.awards:
            amount = a.prize.name if a.amount is None else f"{a.amount:.2f}"
            label = parse_category(a.prize.category).label
            out.append(
                f"  {label} {a.prize.place}: {names.get(a.player_id, '')} "
                f"({a.points:g}) {amount}  [{a.how}]"
            )
        for p in awards.prizes.unawarded:
            out.append(f"  {parse_category(p.category).label} {p.place}: nobody qualified")
        out.append("")
    for c in awards.categories:
        out.append(f"{c.category.label} ({c.category.code})")
        for x in c.lines:
            out.append(
                f"  {x.category_rank:>3} ({x.overall_rank:>3})  "
                f"{names.get(x.player_id, '')}  {x.points:g}"
            )
        out.append("")
    for title, groups in (("Federations", awards.federations), ("Clubs", awards.clubs)):
        if groups:
            out.append(f"{title} (best {awards.settings.ranking_best or 'all'})")
            for g in groups:
                counted = " + ".join(f"{pts:g}" for _, pts in g.counted)
                out.append(f"  {g.rank:>3}  {g.name}  {g.total:g}  ({counted})")
            out.append("")
    return "\n".join(out) + ("\n" if out else "No awards: not an individual chess event.\n")
