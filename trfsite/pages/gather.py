"""Per-event work: read, validate, compute standings, build every page context.

``gather_event`` is a pure function of its ``EventJob`` (bytes and settings
in, contexts out, no disk), so any ``concurrent.futures`` executor (threads,
processes, or a Dask client later) can run it. A file that cannot be read or
ranked never stops the build: it becomes an event with only its overview and
validation pages, and a message for the summary.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import replace
from functools import partial
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from trfsite.findings import Finding, Severity, sort_findings
from trfsite.model import EventKind, Game, Tournament
from trfsite.model.frozen import frozen_record
from trfsite.pages import reading
from trfsite.pages.common import warn_part_failed
from trfsite.pages.contexts import BulletinData, BulletinGame, EventHeader
from trfsite.pages.detail_budget import detail_omitted
from trfsite.pages.event_standings import compute_final
from trfsite.pages.forked_call import ForkedCall
from trfsite.pages.game_types import NO_GAMES, EventGames
from trfsite.pages.plan import (
    EventData,
    EventJob,
    PageOut,
    PagePlan,
    build_plans,
    ready,
)
from trfsite.pages.rounds_beside import rank_rounds_beside, ranked_rounds
from trfsite.pages.rows import EventSummary
from trfsite.pages.share import headline, results_date
from trfsite.pages.validation_view import validation_page
from trfsite.results import N_, Standings
from trfsite.standings.event_cells import shown_in_full

if TYPE_CHECKING:
    from trfsite.norms.event import NormsReport
    from trfsite.pages.games import GameFiles
    from trfsite.render.page_meta import SiteInfo

logger = logging.getLogger(__name__)

STALE_NOTE = N_(
    "The latest version of this file could not be read as a tournament: its findings "
    "are below. The event's other pages show the version read before it."
)


@frozen_record
class EventResult:
    slug: str
    summary: EventSummary
    pages: tuple[PageOut, ...]  # the pages of the part asked for (all by default)
    bulletin: BulletinData | None
    errors: int
    warnings: int
    failure: str  # "" when the event built completely


def series_links(site: SiteInfo, file: str, slug: str) -> tuple[tuple[str, str], ...]:
    """The series pages (path under the site root, title) whose events include this one."""
    from trfsite.series.config import names_event

    return tuple(
        (f"series/{key}.html", title)
        for key, title, patterns in site.series
        if any(names_event(p, file, slug) for p in patterns)
    )


def event_kind(t: Tournament | None) -> str:
    if t is None:
        return "individual"
    if t.game is Game.GO:
        return "go"
    return "team" if t.kind is EventKind.TEAM else "individual"


def summary_for(
    job: EventJob,
    t: Tournament | None,
    errors: int,
    warnings: int,
    failed: bool,
    complete_rounds: int = 0,
) -> EventSummary:
    name = (t.name.strip() if t else "") or job.source_name
    kind = event_kind(t)
    participants = 0
    if t is not None:
        participants = len(t.teams) if kind == "team" else len(t.players)
    city = t.city if t else ""
    words = " ".join([name, city, t.federation if t else "", job.source_name, kind])
    return EventSummary(
        slug=job.slug,
        name=name,
        city=city,
        federation=t.federation if t else "",
        start_date=t.start_date if t else None,
        end_date=t.end_date if t else None,
        kind=kind,
        participants=participants,
        rounds=t.rounds if t else 0,
        errors=errors,
        warnings=warnings,
        failed=failed,
        source_name=job.source_name,
        search_text=words.lower(),
        complete_rounds=complete_rounds,
    )


@frozen_record
class PreparedEvent:
    """An event read, validated and ranked, with its pages planned but not yet built.

    A large event is prepared once and its ``plans`` built by several workers
    (``part_of``).
    """

    job: EventJob
    summary: EventSummary
    errors: int
    warnings: int
    plans: tuple[PagePlan, ...]
    bulletin: BulletinData | None
    failed: EventResult | None  # the event reduced to its overview and validation pages
    # What the overview and validation pages need, should a page fail to build:
    tournament: Tournament | None = None
    findings: tuple[Finding, ...] = ()
    notes_html: str = ""
    data: EventData | None = None  # what the pages are made of (the people are listed from it)


def prepare_event(
    job: EventJob, *, with_pages: bool = True, check_beside: bool = False
) -> PreparedEvent:
    """Read, validate and rank one file, and plan its pages. Never raises.

    ``with_pages`` False: for a bulletin alone (no pages, no explanations).
    ``check_beside``: the file's checks are made by a forked helper while this process
    ranks the event (a split build, whose other cores wait for this process), and each
    part explains the cards it builds.
    """
    from trfsite.pages.notes import markdown_to_html

    result, crashed = reading.read_file(job)
    latest: list[Finding] | None = None  # the latest version's findings, when unreadable
    if result.tournament is None and job.fallback is not None:
        # trfsite publish: the pages of the file's last readable version stay online;
        # the validation page says why the latest one is not shown.
        previous = job._replace(data=job.fallback.data, updated=job.fallback.updated)
        again, again_crashed = reading.read_file(previous)
        if again.tournament is not None:
            latest = crashed if crashed is not None else reading.validate_file(job, result)
            result, crashed = again, again_crashed
            job = job._replace(updated=job.fallback.updated)
    t = result.tournament
    bye = job.config.team_bye
    if t is not None and bye is not None:
        from trfsite.teams.configured_bye import apply_team_bye

        t = apply_team_bye(t, bye.match_points, bye.game_points)
    started: GameFiles | EventGames = NO_GAMES
    games_wanted = with_pages or bool(job.want_bulletin and job.config.games.bulletin)
    if games_wanted and t is not None and job.games and t.game is Game.CHESS:
        from trfsite.pages.games import start_games

        started = start_games(job)  # replayed beside the ranking, where it can be
    if t is not None and job.config.privacy.anonymise:
        t, started = _anonymised(job, t, started)  # every output gets it from here on
    # The findings: the latest version's (shown by the validation page), the reader's
    # crash, or the file's checks, made where they are first asked for.
    known = latest if latest is not None else crashed
    checks: ForkedCall[list[Finding]] | reading.ChecksApart
    if known is not None:
        checks = ForkedCall(known.copy)
    elif check_beside and t is not None:  # those that need no ranking start beside it
        checks = reading.ChecksApart(job, result)
    else:
        checks = ForkedCall(partial(reading.validate_file, job, result))
    stale = latest is not None
    notes_html = markdown_to_html(job.notes_markdown)
    failure = ""
    final_standings: tuple[Standings, Standings | None] | None = None
    # A split individual chess event's parts explain their cards' players alone
    # (cards.CardExplanations); built whole, it is ranked once, explained.
    individual_chess = t is not None and t.game is Game.CHESS and t.kind is EventKind.INDIVIDUAL
    cards_explain = with_pages and check_beside and individual_chess
    # Beyond MAX_EVENT_CELLS the cards explain nothing, so nothing is explained.
    in_full = t is None or shown_in_full(t)
    cards_explain = cards_explain and in_full
    explain = with_pages and not cards_explain and in_full
    if t is None:
        failure = N_("The file could not be read as a tournament; its validation findings say why.")
    else:
        try:
            # A bulletin alone skips what only the pages show: explanations, and the
            # rounds' tie-breaks (0.39 s of a 2000-player open, on the bulletin's path).
            final_standings = compute_final(t, job.config, for_pages=explain)
        except Exception as exc:
            failure = _standings_failure(job, exc)
    if t is None or final_standings is None:
        _stop_games(started)
        return _prepared_failure(job, gather_failed(job, t, checks.result(), notes_html, failure))
    final, individual = final_standings
    if check_beside and known is None:
        # Those that rank the event share the final ranking's search, made now.
        checks.fork()
    # A split build's first rounds are ranked by a forked helper beside the awards.
    split_rounds = check_beside and with_pages and individual_chess
    beside = rank_rounds_beside(t, job.config, final) if split_rounds else None
    from trfsite.awards.event import event_awards

    awards = event_awards(final, job.config.awards, explain, job.config.unrated_rating)
    try:
        after = ranked_rounds(t, job.config, final, with_pages, beside)
    except Exception as exc:
        failure = _standings_failure(job, exc)
        _stop_games(started)
        return _prepared_failure(job, gather_failed(job, t, checks.result(), notes_html, failure))
    chosen = job.config.games.bulletin
    games = started if isinstance(started, EventGames) else NO_GAMES
    bulletin_missing: list[Finding] = []
    if not isinstance(started, EventGames) or chosen:
        # The PGN reader and matcher, for an event with games (or games asked for) only.
        from trfsite.pages.games import event_games, missing_bulletin_games

        games = event_games(job, t, after, started)
        stem = PurePosixPath(job.source_name).stem
        bulletin_missing = missing_bulletin_games(games, chosen, stem)
    findings = checks.result()
    omitted = [] if in_full or not with_pages else [detail_omitted(t, job.source_name)]
    if games.findings or bulletin_missing or omitted:
        findings = sort_findings([*findings, *games.findings, *bulletin_missing, *omitted])
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    header = EventHeader(
        slug=job.slug,
        name=t.name.strip() or job.source_name,
        city=t.city,
        start_date=t.start_date,
        end_date=t.end_date,
        kind=event_kind(t),
        rounds=tuple(range(1, t.rounds + 1)),
        failed=False,
        pdf=f"{job.slug}.pdf" if job.want_bulletin else "",
        errors=errors,
        warnings=warnings,
        has_awards=bool(awards.categories or awards.prizes or awards.federations or awards.clubs),
        updated=job.updated,
        series=series_links(job.site, job.source_name, job.slug),
        headline=_headline(job, final, t),
    )
    # Stale: the findings are the latest version's, which has no format to show.
    shown = None if stale else t
    validation = validation_page(job, header, shown, findings, STALE_NOTE if stale else "")
    summary = summary_for(job, t, errors, warnings, False, final.after_round)._replace(
        headline=header.headline,
        results_date=results_date(t, final.after_round).isoformat(),
    )
    team_data = None
    if final.kind is EventKind.TEAM:
        from trfsite.pages.teamview import team_event_data

        team_data = team_event_data(t)
    data = EventData(
        job,
        t,
        final,
        after,
        individual,
        header,
        tuple(findings),
        notes_html,
        team_data,
        awards,
        cards_explain,
        games,
        _norms(job, t, final),
        in_full,
    )
    from trfsite.people.links import event_splits

    try:
        with event_splits(dict(job.config.people_splits), job.site.people):
            plans = _all_pages(data) if with_pages else []
    except Exception as exc:
        logger.debug("pages of %s failed:\n%s", job.source_name, traceback.format_exc())
        failure = f"The pages could not be built (internal error: {type(exc).__name__}: {exc})"
        return _prepared_failure(job, gather_failed(job, t, findings, notes_html, failure))
    plans += [ready(f"{job.slug}/validation.html", "validation.html", validation)]
    bulletin = None
    if job.want_bulletin:
        bulletin = BulletinData(
            tournament=t,
            standings=final,
            round_standings=after,
            findings_count=len(findings),
            title=header.name,
            build_date=job.site.build_date,
            notes_html=notes_html,
            language=job.site.language,
            awards=awards,
            norms=data.norms,
            games=_bulletin_games(t, games, job.config.games.bulletin),
        )
    return PreparedEvent(
        job,
        summary,
        errors,
        warnings,
        tuple(plans),
        bulletin,
        None,
        t,
        tuple(findings),
        notes_html,
        data,
    )


def _headline(job: EventJob, final: Standings, t: Tournament) -> str:
    from trfsite.render.i18n import load_catalog

    return headline(load_catalog(job.site.language), final, t.rounds)


def _bulletin_games(
    t: Tournament, games: EventGames, chosen: tuple[tuple[int, int], ...]
) -> tuple[BulletinGame, ...]:
    if not chosen or not games.games:
        return ()
    from trfsite.pages.game_pages import bulletin_games

    return bulletin_games(t, games, chosen)


def _stop_games(started: GameFiles | EventGames) -> None:
    """The games' replay helper ended: the event failed before its games were needed."""
    if not isinstance(started, EventGames):
        started.ahead.stop()


def _anonymised(
    job: EventJob, t: Tournament, games: GameFiles | EventGames
) -> tuple[Tournament, GameFiles | EventGames]:
    """The event's data (the tournament and its games) with the people ``[privacy]
    anonymise`` names shown as "Anonymous": once, right after reading."""
    from trfsite.people.privacy import ANONYMOUS, anonymise
    from trfsite.render.i18n import load_catalog

    label = load_catalog(job.site.language).translate(ANONYMOUS)
    hidden = anonymise(t, job.config.privacy, label)
    if not isinstance(games, EventGames):
        from trfsite.pages.games import anonymise_games

        games = anonymise_games(games, t, frozenset(hidden.anonymised), label)
    return hidden, games


def _norms(job: EventJob, t: Tournament, final: Standings) -> NormsReport | None:
    """The event's title norms (chess); None for Go, or when the check fails."""
    if t.game is not Game.CHESS:
        return None
    from trfsite.norms.event import event_norms

    try:
        return event_norms(t, final.round_robin, job.config.norms)
    except Exception as exc:  # the event's pages stand without its norms
        warn_part_failed(logger, job.source_name, "its title norms could not be checked", exc)
        return None


def _standings_failure(job: EventJob, exc: Exception) -> str:
    logger.debug("standings of %s failed:\n%s", job.source_name, traceback.format_exc())
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    return f"The standings could not be computed: {message}"


def _prepared_failure(job: EventJob, failed: EventResult) -> PreparedEvent:
    return PreparedEvent(
        job,
        failed.summary,
        failed.errors,
        failed.warnings,
        (),
        None,
        failed,
    )


def part_of(prepared: PreparedEvent, part: int = 0, parts: int = 1) -> EventResult:
    """The pages of part ``part`` of ``parts`` of a prepared event, built. Never raises."""
    if prepared.failed is not None:
        return replace(prepared.failed, pages=prepared.failed.pages[part::parts])
    job = prepared.job
    from trfsite.people.links import event_splits

    plans = prepared.plans
    try:
        with event_splits(dict(job.config.people_splits), job.site.people):
            pages = build_plans(plans[part::parts])
    except Exception as exc:
        logger.debug("pages of %s failed:\n%s", job.source_name, traceback.format_exc())
        failure = f"The pages could not be built (internal error: {type(exc).__name__}: {exc})"
        return gather_failed(
            job,
            prepared.tournament,
            list(prepared.findings),
            prepared.notes_html,
            failure,
            part,
            parts,
        )
    return EventResult(
        job.slug,
        prepared.summary,
        pages,
        prepared.bulletin,
        prepared.errors,
        prepared.warnings,
        "",
    )


def gather_failed(
    job: EventJob,
    t: Tournament | None,
    findings: list[Finding],
    notes_html: str,
    failure: str,
    part: int = 0,
    parts: int = 1,
) -> EventResult:
    """An event reduced to its overview and validation pages."""
    from trfsite.pages.event import failed_overview

    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    header = EventHeader(
        job.slug,
        (t.name.strip() if t else "") or job.source_name,
        t.city if t else "",
        t.start_date if t else None,
        t.end_date if t else None,
        event_kind(t),
        (),
        True,
        "",
        errors,
        warnings,
        updated=job.updated,
    )
    validation = validation_page(job, header, t, findings, failure)
    pages = (
        PageOut(
            f"{job.slug}/index.html",
            "overview.html",
            failed_overview(job, header, t, notes_html, failure),
        ),
        PageOut(f"{job.slug}/validation.html", "validation.html", validation),
    )
    summary = summary_for(job, t, errors, warnings, True)
    return EventResult(job.slug, summary, pages[part::parts], None, errors, warnings, failure)


def _all_pages(data: EventData) -> list[PagePlan]:
    from trfsite.pages import awards as pages_awards
    from trfsite.pages import cards as pages_cards
    from trfsite.pages import event as pages_event
    from trfsite.pages import norms as pages_norms
    from trfsite.pages import rounds as pages_rounds

    pages: list[PagePlan] = []
    pages.extend(pages_event.event_pages(data))
    pages.extend(pages_awards.award_pages(data))
    pages.extend(pages_norms.norm_pages(data))
    pages.extend(pages_rounds.round_pages(data))
    pages.extend(pages_cards.player_cards(data))
    if data.is_team:
        pages.extend(pages_cards.team_cards(data))
    if data.games.games:
        from trfsite.pages.game_pages import game_pages

        pages.extend(game_pages(data))
    from trfsite.pages.data_files import data_pages
    from trfsite.pages.share import feed_pages

    pages.extend(data_pages(data))
    pages.extend(feed_pages(data))
    return pages
