"""The validation page of one event: each finding beside the line of the file it is about."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Tournament
from trfsite.pages.contexts import EventHeader, ValidationPage
from trfsite.pages.plan import EventJob, meta_for
from trfsite.pages.rows import FindingView


def finding_views(
    findings: list[Finding] | tuple[Finding, ...],
    text: str,
    name: str = "",
    others: tuple[tuple[str, bytes], ...] = (),
) -> tuple[FindingView, ...]:
    """Each finding with its line; one about another file than ``name`` (a PGN file of
    ``others``) names that file, and its line is read from it."""
    from trfsite.formats.text import split_lines

    lines = split_lines(text) if text else []
    other_lines: dict[str, list[str]] = {}
    views = []
    for f in findings:
        elsewhere = bool(name and f.file and f.file != name)
        shown = lines
        if elsewhere:
            if f.file not in other_lines:
                data = next((data for other, data in others if other == f.file), b"")
                other_text = decoded_text(data, f.file, "latin-1") if f.line else ""
                other_lines[f.file] = split_lines(other_text) if other_text else []
            shown = other_lines[f.file]
        source = shown[f.line - 1] if 0 < f.line <= len(shown) else ""
        views.append(
            FindingView(
                f.severity.value,
                f.code,
                f.line,
                f.column,
                f.message,
                source,
                f.file if elsewhere else "",
            )
        )
    return tuple(views)


def decoded_text(data: bytes, name: str, fallback: str = "cp1252") -> str:
    from trfsite.formats.text import NotTextError, decode

    try:
        return decode(data, name, fallback).text
    except NotTextError:
        return ""


def validation_page(
    job: EventJob,
    header: EventHeader,
    t: Tournament | None,
    findings: list[Finding],
    failure: str,
) -> ValidationPage:
    views = finding_views(
        findings, decoded_text(job.data, job.source_name), job.source_name, job.games
    )
    return ValidationPage(
        meta_for(job, header.name, "validation.html", "validation"),
        header,
        job.source_name,
        t.source_format.value if t else "",
        _private(views, job, t),
        sum(1 for f in findings if f.severity is Severity.ERROR),
        sum(1 for f in findings if f.severity is Severity.WARNING),
        sum(1 for f in findings if f.severity is Severity.INFO),
        failure,
    )


def _private(
    views: tuple[FindingView, ...], job: EventJob, t: Tournament | None
) -> tuple[FindingView, ...]:
    """The views without birth dates and anonymised people ([privacy])."""
    from trfsite.pages.privacy_view import redacted, redaction
    from trfsite.people.privacy import ANONYMOUS
    from trfsite.render.i18n import load_catalog

    original = t
    if t is not None and t.anonymised:
        from trfsite.formats import read_bytes

        # The names and ids as the file writes them, which ``t`` no longer has.
        original = read_bytes(job.data, job.source_name).tournament
    anonymised = t.anonymised if t is not None else ()
    label = load_catalog(job.site.language).translate(ANONYMOUS)
    return redacted(views, redaction(original, anonymised, job.config.privacy, label))
