"""Text renderings of an event's norms: table, JSON and CSV (``trfsite norms``).

The JSON is also the arbiter's report the site publishes beside the norms page
(``norms.json``): for each norm the data the FIDE norm certificate asks for.
"""

from __future__ import annotations

import csv
import io
import json

from trfsite.model import Tournament
from trfsite.norms.conditions import conditions
from trfsite.norms.event import NormsReport, PlayerNorm
from trfsite.norms.forecast import Forecast
from trfsite.norms.games import NotCounted
from trfsite.norms.settings import OPEN_POINTS

_RESULT = {2: 1.0, 1: 0.5, 0: 0.0}


def _points(half_points: int) -> float:
    return half_points / 2


def _norm_json(norm: PlayerNorm) -> dict[str, object]:
    a = norm.assessment
    player = norm.player
    return {
        "id": player.id,
        "name": player.name,
        "norm": norm.rule.code,
        "games": len(a.games),
        "score": _points(a.half_points),
        "ra": a.ra,
        "rp": a.rp,
        "left_out": list(a.left_out),
        "credited_games": a.credited_games,
        "title": player.title.strip(),
        "federation": player.federation.strip(),
        "fide_id": player.fide_id.strip(),
        "rating": player.rating,
        "sex": player.sex.strip(),
        "percent": a.percent,
        "least_score": None if a.least_half_points is None else _points(a.least_half_points),
        "eight_of_nine": a.eight_of_nine,
        "share_games": a.share_games,
        "raised_to_floor": a.raised,
        "federation_exemption": str(norm.exempt),
        "requirements": [
            {
                "requirement": c.requirement.value,
                "actual": c.actual,
                "needed": c.needed,
                "at_most": c.at_most,
                "exempt": c.exempt,
                "met": c.met,
            }
            for c in a.checks
        ],
        "opponents": [
            {
                "round": g.round,
                "id": g.opponent.id,
                "name": g.opponent.name,
                "title": g.opponent.title,
                "federation": g.opponent.federation,
                "fide_id": g.opponent.fide_id,
                "rating": g.opponent.rating,
                "rating_used": rating,
                "result": _RESULT[g.half_points],
            }
            for g, rating in zip(a.games, a.ratings, strict=True)
        ],
        "not_counted": [_not_counted_json(item) for item in norm.not_counted],
    }


def _not_counted_json(item: NotCounted) -> dict[str, object]:
    return {
        "round": item.round,
        "reason": item.reason.value,
        "opponent": item.opponent_id,
        "result": item.outcome.value if item.outcome is not None else None,
    }


def _forecast_json(t: Tournament, f: Forecast) -> dict[str, object]:
    names = {p.id: p.name for p in t.players}
    return {
        "id": f.player_id,
        "name": names.get(f.player_id, ""),
        "norm": f.rule.code,
        "rounds": list(range(f.first_round, f.last_round + 1)),
        "games_left": f.games,
        "points_needed": _points(f.half_points),
        "final_games": f.final_games,
        "ra": f.ra,
        "unknown_opponents": f.unknown,
        "assumed_rating": f.assumed_rating,
        "titled_needed": f.titled_more,
        "level_needed": f.level_more,
        "other_federations_needed": f.other_federations_more,
    }


def norms_data(t: Tournament, report: NormsReport) -> dict[str, object]:
    """The JSON contract of ``trfsite norms --format json`` (and the site's norms.json)."""
    settings = report.settings.as_json()
    swiss = report.swiss
    return {
        "event": {
            "name": t.name.strip(),
            "city": t.city.strip(),
            "federation": t.federation.strip(),
            "start_date": t.start_date.isoformat() if t.start_date else None,
            "end_date": t.end_date.isoformat() if t.end_date else None,
            "rounds": report.rounds,
            "complete_rounds": report.complete,
            "system": "round-robin" if report.round_robin else "swiss",
            "double_round_robin": report.double_round_robin,
            "chief_arbiter": t.chief_arbiter.strip(),
            "time_control": t.time_control.strip(),
        },
        "edition": report.edition.name if report.edition else None,
        "not_checked": str(report.not_checked) or None,
        "settings": settings,
        "open_points": [
            {"key": p.key, "question": p.question, "value": settings[p.key]} for p in OPEN_POINTS
        ],
        "swiss_exemption": {
            "applies": swiss.applies,
            "host_federation": swiss.host,
            "players": swiss.players,
            "federations": swiss.federations,
            "titled": swiss.titled,
            "why_not_decided": str(swiss.why) or None,
        },
        "norms": [_norm_json(n) for n in report.norms],
        "forecasts": [_forecast_json(t, f) for f in report.forecasts],
        "search_cut": list(report.cut),
        "cannot_verify": [
            {"key": c.key, "asked": c.asked, "file_shows": str(c.shown) or None}
            for c in conditions(t)
        ],
    }


def norms_json(t: Tournament, report: NormsReport) -> str:
    return json.dumps(norms_data(t, report), ensure_ascii=False, indent=2) + "\n"


def norms_csv(t: Tournament, report: NormsReport) -> str:
    """One row per norm."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["id", "name", "norm", "games", "score", "ra", "rp", "left_out", "credited_games"]
    )
    for norm in report.norms:
        a = norm.assessment
        writer.writerow(
            [
                norm.player.id,
                norm.player.name,
                norm.rule.code,
                len(a.games),
                f"{_points(a.half_points):g}",
                a.ra,
                a.rp,
                " ".join(map(str, a.left_out)),
                a.credited_games,
            ]
        )
    return buffer.getvalue()


def forecast_text(f: Forecast) -> str:
    """``IM norm: 1.5 from 2 games (rounds 8-9), opponents rated about 2350 on average``."""
    rounds = (
        f"{f.first_round}-{f.last_round}" if f.last_round > f.first_round else str(f.last_round)
    )
    points = f"{_points(f.half_points):g}"
    text = f"{f.rule.code} norm: {points} from {f.games} game(s) (rounds {rounds})"
    if f.assumed_rating is not None:
        text += f", opponents rated about {f.assumed_rating} on average"
    needs = []
    if f.titled_more:
        needs.append(f"{f.titled_more} more titled opponent(s)")
    if f.level_more:
        needs.append(f"{f.level_more} of them {'/'.join(sorted(f.rule.level_titles))}")
    if f.other_federations_more:
        needs.append(f"{f.other_federations_more} more federation(s)")
    return text + (f"; needs {', '.join(needs)}" if needs else "")


def norms_table(t: Tournament, report: NormsReport) -> str:
    out: list[str] = []
    edition = report.edition.name if report.edition else "none"
    state = "final" if not report.live else f"after round {report.complete}"
    out.append(
        f"Title norms (FIDE B.01, edition {edition}), rounds 1-{report.complete} "
        f"of {report.rounds} ({state})"
    )
    if report.not_checked:
        out.append(f"Not checked: {report.not_checked}")
    swiss = report.swiss
    if swiss.applies:
        out.append(
            f"Federation rules lifted (Swiss exemption): {swiss.players} foreign rated "
            f"players, {swiss.federations} federations, {swiss.titled} GM/IM/WGM/WIM"
        )
    settings = report.settings.as_json()
    # As trfsite.toml writes them (true, "auto"), so that a line can be copied back.
    out.append("Settings: " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in settings.items()))
    out.append("")
    if report.norms:
        out.append(
            f"{'id':>4}  {'name':<30} {'norm':<4} {'games':>5} {'score':>5} {'Ra':>5} "
            f"{'Rp':>5} {'credited':>8}  left out"
        )
        for norm in report.norms:
            a = norm.assessment
            left = " ".join(map(str, a.left_out)) or "-"
            out.append(
                f"{norm.player.id:>4}  {norm.player.name[:30]:<30} {norm.rule.code:<4} "
                f"{len(a.games):>5} {_points(a.half_points):>5g} {a.ra:>5} {a.rp:>5} "
                f"{a.credited_games:>8}  {left}"
            )
    elif not report.not_checked:
        out.append("No title norm.")
    if report.forecasts:
        out.append("")
        out.append("Still in reach:")
        names = {p.id: p.name for p in t.players}
        for f in report.forecasts:
            out.append(
                f"{f.player_id:>4}  {names.get(f.player_id, '')[:30]:<30} {forecast_text(f)}"
            )
    if report.cut:
        out.append("")
        out.append(
            f"Search cut after {len(report.cut)} player(s) reached the bound: "
            + " ".join(map(str, report.cut))
        )
    return "\n".join(out) + "\n"
