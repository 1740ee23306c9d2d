"""The norms pages of an event: norms.html, the arbiter's report (norms-report.html,
printable) and its data (norms.json). Made only when there is a norm or, during a
live event, a chance of one; the overview links them then."""

from __future__ import annotations

from functools import partial

from trfsite.model import Tournament
from trfsite.norms.check import Requirement
from trfsite.norms.conditions import conditions
from trfsite.norms.event import NormsReport, PlayerNorm
from trfsite.norms.forecast import Forecast
from trfsite.norms.output import norms_json
from trfsite.norms.rules import NORM_NAMES, TITLE_ORDER
from trfsite.norms.settings import OPEN_POINTS
from trfsite.pages.common import RESULT_SYMBOL, display_title, player_refs, ref_in
from trfsite.pages.contexts import NormsDataPage, NormsPage, NormsReportPage
from trfsite.pages.norm_rows import (
    ConditionRow,
    EventFacts,
    ForecastRow,
    NormGameRow,
    NormLeftRow,
    NormView,
    RequirementRow,
    SettingRow,
)
from trfsite.pages.plan import EventData, PagePlan, meta_for
from trfsite.pages.rows import Ref
from trfsite.results import N_, Note, NoteValue

# The settings that are no open point, with what they decide.
_SETTING_QUESTIONS = (
    ("edition", N_("Edition of the title regulations (auto: by the start date)")),
    ("competition", N_("Kind of competition (the minimum number of games)")),
    ("exemption", N_("Federation exemption the file cannot show")),
)


def norm_pages(data: EventData) -> list[PagePlan]:
    report = data.norms
    if report is None or not report.worth_a_page:
        return []
    slug = data.job.slug
    pages = [
        PagePlan(f"{slug}/norms.html", "norms.html", partial(norms_page, data)),
        PagePlan(f"{slug}/norms.json", "norms.json", partial(norms_data_page, data)),
    ]
    if report.norms:
        pages.append(
            PagePlan(
                f"{slug}/norms-report.html", "norms_report.html", partial(norms_report_page, data)
            )
        )
    return pages


def _levels(titles: frozenset[str]) -> str:
    return ", ".join(t for t in TITLE_ORDER if t in titles)


def _left_rows(norm: PlayerNorm, refs: dict[int, Ref]) -> tuple[NormLeftRow, ...]:
    """The rounds the norm does not use: no game, or a game left out (and why)."""
    a = norm.assessment
    rows: list[NormLeftRow] = []
    for item in norm.not_counted:
        opponent = ref_in(refs, item.opponent_id) if item.opponent_id is not None else None
        result = RESULT_SYMBOL.get(item.outcome, "") if item.outcome is not None else ""
        rows.append(NormLeftRow(item.round, Note(item.reason.label), opponent, result))
    left = set(a.left_out)
    for game in norm.games:
        if game.round not in left:
            continue
        why = (
            Note("a win left out: the norm is met without it")
            if game.round <= a.last_round
            else Note("after round {n}: the norm was met by then", n=a.last_round)
        )
        rows.append(
            NormLeftRow(
                game.round, why, ref_in(refs, game.opponent.id), RESULT_SYMBOL[game.outcome]
            )
        )
    return tuple(sorted(rows, key=lambda row: row.round))


def _requirement_rows(norm: PlayerNorm) -> tuple[RequirementRow, ...]:
    rows = []
    for check in norm.assessment.checks:
        detail = ""
        if check.requirement is Requirement.LEVEL:
            detail = _levels(norm.rule.level_titles)
        elif check.requirement is Requirement.OWN_FEDERATION:
            detail = norm.player.federation.strip()
        rows.append(
            RequirementRow(
                check.requirement.label,
                detail,
                check.actual,
                check.needed,
                check.at_most,
                check.met,
                check.exempt,
            )
        )
    return tuple(rows)


def norm_view(t: Tournament, norm: PlayerNorm) -> NormView:
    refs = player_refs(t)
    a = norm.assessment
    player = norm.player
    used = tuple(
        NormGameRow(
            g.round,
            ref_in(refs, g.opponent.id),
            g.opponent.title,
            g.opponent.federation,
            g.opponent.fide_id,
            g.opponent.rating,
            rating,
            g.round == a.raised,
            RESULT_SYMBOL[g.outcome],
        )
        for g, rating in zip(a.games, a.ratings, strict=True)
    )
    fide_id = player.fide_id.strip()
    return NormView(
        anchor=f"norm-{player.id}",
        player=ref_in(refs, player.id),
        title=display_title(player.title),
        federation=player.federation.strip(),
        fide_id=fide_id if fide_id not in ("", "0") else "",
        rating=player.rating or None,
        norm=NORM_NAMES[norm.rule.norm],
        code=norm.rule.code,
        games=len(a.games),
        score=a.half_points / 2,
        percent=a.percent,
        ra=a.ra,
        rp=a.rp,
        performance=norm.rule.performance,
        average=norm.rule.average,
        least_score=None if a.least_half_points is None else a.least_half_points / 2,
        credited=a.credited_games,
        eight_of_nine=a.eight_of_nine,
        share_games=a.share_games,
        exempt=norm.exempt,
        used=used,
        left=_left_rows(norm, refs),
        requirements=_requirement_rows(norm),
    )


def _forecast_row(t: Tournament, f: Forecast) -> ForecastRow:
    refs = player_refs(t)
    player = ref_in(refs, f.player_id)
    return ForecastRow(
        player=player,
        title=player.title,
        norm=NORM_NAMES[f.rule.norm],
        code=f.rule.code,
        points=f.half_points / 2,
        games=f.games,
        first_round=f.first_round,
        last_round=f.last_round,
        ra=f.ra,
        assumed_rating=f.assumed_rating,
        titled_more=f.titled_more,
        level_more=f.level_more,
        level_titles=_levels(f.rule.level_titles),
        other_federations_more=f.other_federations_more,
    )


def _swiss_line(report: NormsReport) -> str:
    swiss = report.swiss
    if swiss.why:
        return Note("No Swiss exemption: {why}.", why=swiss.why)
    values: dict[str, NoteValue] = {
        "players": swiss.players,
        "federations": swiss.federations,
        "titled": swiss.titled,
        "host": swiss.host,
    }
    if swiss.applies:
        return Note(
            "The federation rules are lifted for every player (Swiss exemption): {players} "
            "rated players from {federations} federations other than the host's ({host}), "
            "{titled} of them GM, IM, WGM or WIM, each missing at most one round (at least "
            "20, 3 and 10 needed).",
            **values,
        )
    return Note(
        "No Swiss exemption: {players} rated players from {federations} federations other "
        "than the host's ({host}), {titled} of them GM, IM, WGM or WIM, each missing at "
        "most one round (at least 20, 3 and 10 needed).",
        **values,
    )


def _settings(report: NormsReport) -> tuple[SettingRow, ...]:
    values = report.settings.as_json()
    questions = [*_SETTING_QUESTIONS, *((p.key, p.question) for p in OPEN_POINTS)]
    return tuple(SettingRow(key, question, _toml(values[key])) for key, question in questions)


def _toml(value: object) -> str:
    """A setting's value as ``trfsite.toml`` spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def _conditions(t: Tournament) -> tuple[ConditionRow, ...]:
    return tuple(ConditionRow(c.asked, c.shown) for c in conditions(t))


def norms_page(data: EventData) -> NormsPage:
    report = data.norms
    assert report is not None
    t = data.tournament
    return NormsPage(
        meta=meta_for(data.job, data.header.name, "norms.html", "norms"),
        event=data.header,
        edition=report.edition.name if report.edition else "",
        not_checked=report.not_checked,
        complete=report.complete,
        rounds=report.rounds,
        round_robin=report.round_robin,
        swiss_exemption="" if report.round_robin else _swiss_line(report),
        norms=tuple(norm_view(t, n) for n in report.norms),
        forecasts=tuple(_forecast_row(t, f) for f in report.forecasts),
        conditions=_conditions(t),
        settings=_settings(report),
        cut=bool(report.cut),
    )


def norms_report_page(data: EventData) -> NormsReportPage:
    report = data.norms
    assert report is not None
    t = data.tournament
    return NormsReportPage(
        meta=meta_for(data.job, data.header.name, "norms-report.html", "norms"),
        event=data.header,
        facts=EventFacts(
            name=data.header.name,
            city=t.city.strip(),
            federation=t.federation.strip(),
            rounds=t.rounds,
            system="round-robin" if report.round_robin else "swiss",
            chief_arbiter=t.chief_arbiter.strip(),
            deputy_arbiters=tuple(a.strip() for a in t.deputy_arbiters if a.strip()),
            time_control=t.time_control.strip(),
        ),
        edition=report.edition.name if report.edition else "",
        norms=tuple(norm_view(t, n) for n in report.norms),
        conditions=_conditions(t),
    )


def norms_data_page(data: EventData) -> NormsDataPage:
    report = data.norms
    assert report is not None
    return NormsDataPage(
        meta=meta_for(data.job, data.header.name, "norms.json", "norms"),
        event=data.header,
        text=norms_json(data.tournament, report),
    )
