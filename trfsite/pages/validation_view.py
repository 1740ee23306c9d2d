"""The validation page of one event: each finding beside the line of the file it is about."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import Tournament
from trfsite.pages.contexts import EventHeader, ValidationPage
from trfsite.pages.plan import EventJob, meta_for
from trfsite.pages.rows import FindingView


def finding_views(
    findings: list[Finding] | tuple[Finding, ...], text: str
) -> tuple[FindingView, ...]:
    from trfsite.formats.text import split_lines

    lines = split_lines(text) if text else []
    views = []
    for f in findings:
        source = lines[f.line - 1] if 0 < f.line <= len(lines) else ""
        views.append(FindingView(f.severity.value, f.code, f.line, f.column, f.message, source))
    return tuple(views)


def decoded_text(data: bytes, name: str) -> str:
    from trfsite.formats.text import NotTextError, decode

    try:
        return decode(data, name).text
    except NotTextError:
        return ""


def validation_page(
    job: EventJob,
    header: EventHeader,
    t: Tournament | None,
    findings: list[Finding],
    failure: str,
) -> ValidationPage:
    return ValidationPage(
        meta_for(job, header.name, "validation.html", "validation"),
        header,
        job.source_name,
        t.source_format.value if t else "",
        finding_views(findings, decoded_text(job.data, job.source_name)),
        sum(1 for f in findings if f.severity is Severity.ERROR),
        sum(1 for f in findings if f.severity is Severity.WARNING),
        sum(1 for f in findings if f.severity is Severity.INFO),
        failure,
    )
