"""A long bulletin laid out as separate documents, in parallel, then merged into one PDF.

WeasyPrint lays a document out on one core. A long bulletin (line mode) is cut
at its sections into documents that WeasyPrint, as it comes, lays out and writes
each in a process of its own; :mod:`trfsite.pdf.merge` makes one PDF of them.

Each document must print the bulletin's page numbers ("page 58 of 109") and the
contents the page of every section, so the page counts must be known before
the documents are laid out. They are, by design: the big sections come as sheets
of a page each (:mod:`trfsite.pdf.sheets`), and the cover and contents take a page
each. A section whose length is not known so (the organiser's notes, the prizes)
is laid out once first, to count its pages, and again with the numbers. Every
document's pages and sections are checked once it is laid out; were one longer
than planned, the documents are numbered again from what was counted and laid
out anew, so that the numbers are right whatever happens, only slower.

How the bulletin is cut depends on its content alone, never on the cores, so the
same event gives the same bytes laid out in parallel or one document after another.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from trfsite.pdf.layout import LaidOut, lay_out
from trfsite.pdf.line_views import Sheet
from trfsite.pdf.merge import merge
from trfsite.pdf.view import BulletinView, PartView

logger = logging.getLogger(__name__)

# Processes a long bulletin is laid out in, at most: it is cut in two halves.
WORKERS = 2
# Round entries the contents page holds with the other entries (two columns).
CONTENTS_ROUNDS = 60
# A page number the first count of a document prints, as wide as any real one.
PLACEHOLDER = 888
ATTEMPTS = 3


@dataclass(frozen=True, slots=True)
class Piece:
    """One or more sections of the bulletin, laid out together."""

    sections: tuple[str, ...]
    pages: int | None  # known before layout, or None: counted by laying it out
    anchors: dict[str, int]  # the contents' anchors in it -> page index, when known
    weight: int  # lines of text, to deal the pieces out evenly


def _sheet_lines(sheets: Sequence[Sheet]) -> int:
    return sum(band.count("\n") + 1 for sheet in sheets for c in sheet for band, _ in c.bands)


def pieces(view: BulletinView) -> list[Piece] | None:
    """The bulletin cut at its sections; None when it is laid out as one document.

    Only a bulletin in line mode is cut (its big tables are sheets), and only when
    its sections of unknown length are short: team cards, which fill most of a team
    event's bulletin, keep it in one document.
    """
    lines = view.lines
    present = view.sections()
    if lines is None or "teams" in present or view.compact_rounds:
        return None
    front = ("cover", "contents", "notes") if "notes" in present else ("cover", "contents")
    known = "notes" not in present and len(view.rounds) <= CONTENTS_ROUNDS
    made = [Piece(front, 2 if known else None, {}, 100)]
    standings = lines.standings
    made.append(Piece(("standings",), len(standings), {"standings": 0}, _sheet_lines(standings)))
    if "awards" in present:
        made.append(Piece(("awards",), None, {}, 100))
    if "ratings" in present:
        ratings = lines.ratings
        made.append(Piece(("ratings",), len(ratings), {"rating-changes": 0}, _sheet_lines(ratings)))
    cross = [sheet for part in lines.crosstable for sheet in part]
    # a landscape line is half as long again as a portrait one
    weight = _sheet_lines(cross) * 3 // 2
    if view.grid is None:
        made.append(Piece(("crosstable",), len(cross), {"crosstable": 0}, weight))
    else:  # a round robin's grid: an ordinary table
        made.append(Piece(("crosstable",), None, {}, weight))
    if "rounds" in present:
        anchors = {"rounds": 0}
        page = 0
        for r, sheets in zip(view.rounds, lines.rounds, strict=True):
            anchors[f"round-{r.number}"] = page
            page += len(sheets)
        weight = sum(_sheet_lines(sheets) for sheets in lines.rounds)
        made.append(Piece(("rounds",), page, anchors, weight))
    if "norms" in present:
        made.append(Piece(("norms",), None, {}, 100))
    if "games" in present:
        made.append(Piece(("games",), None, {}, 100))
    return made


def documents(found: Sequence[Piece]) -> list[tuple[Piece, ...]]:
    """The pieces as documents: each piece of unknown length alone, each run of the
    others in two halves of about the same weight, cut between two pieces."""
    made: list[tuple[Piece, ...]] = []
    run: list[Piece] = []
    for piece in [*found, None]:
        if piece is not None and piece.pages is not None:
            run.append(piece)
            continue
        if run:
            made.extend(_halves(run))
            run = []
        if piece is not None:
            made.append((piece,))
    return made


def _halves(run: Sequence[Piece]) -> list[tuple[Piece, ...]]:
    if len(run) < 2:
        return [tuple(run)]
    total = sum(p.weight for p in run)
    before = [sum(p.weight for p in run[:cut]) for cut in range(1, len(run))]
    cut = 1 + min(range(len(before)), key=lambda i: abs(total - 2 * before[i]))
    return [tuple(run[:cut]), tuple(run[cut:])]


@dataclass(frozen=True, slots=True)
class _Document:
    sections: tuple[str, ...]
    pages: int | None
    anchors: dict[str, int]
    weight: int


def _document(group: tuple[Piece, ...]) -> _Document:
    anchors: dict[str, int] = {}
    offset: int | None = 0
    for piece in group:
        if offset is not None:
            anchors.update({name: offset + index for name, index in piece.anchors.items()})
        offset = None if offset is None or piece.pages is None else offset + piece.pages
    return _Document(
        tuple(s for p in group for s in p.sections), offset, anchors, sum(p.weight for p in group)
    )


def _parts(
    plan: Sequence[_Document], counts: Sequence[int], wanted: dict[str, str]
) -> list[PartView]:
    """Each document's part of the bulletin, numbered from the pages counted."""
    total = sum(counts)
    starts = [1 + sum(counts[:index]) for index in range(len(plan))]
    numbers = {
        name: start + index
        for document, start in zip(plan, starts, strict=True)
        for name, index in document.anchors.items()
    }
    contents = {name: numbers.get(name, PLACEHOLDER) for name in wanted}
    parts = []
    for document, start in zip(plan, starts, strict=True):
        if "contents" in document.sections:
            elsewhere = tuple(n for n, s in wanted.items() if s not in document.sections)
            parts.append(PartView(document.sections, start, total, contents, elsewhere))
        else:
            parts.append(PartView(document.sections, start, total))
    return parts


def contents_anchors(view: BulletinView) -> dict[str, str]:
    """The anchors the contents page links to (bulletin/contents.html), in order, each
    with its section."""
    present = view.sections()
    names = {"notes": "notes"} if "notes" in present else {}
    names["standings"] = "standings"
    if "awards" in present:
        names["awards"] = "awards"
    if "ratings" in present:
        names["rating-changes"] = "ratings"
    names["crosstable"] = "crosstable"
    if view.rounds:
        names["rounds"] = "rounds"
        names.update({f"round-{r.number}": "rounds" for r in view.rounds})
    if view.teams:
        names["teams"] = "teams"
        names.update({team.anchor: "teams" for team in view.teams})
    if "norms" in present:
        names["norms"] = "norms"
    if "games" in present:
        names["games"] = "games"
    return names


LayOut = Callable[[Sequence[str]], list[LaidOut]]


def render(
    view: BulletinView,
    found: Sequence[Piece],
    html: Callable[[BulletinView], str],
    folders: tuple[Path, ...],
    build_date: str,
    parallel: bool,
) -> bytes:
    """The bulletin's PDF from its pieces, laid out in parallel when ``parallel``."""
    if parallel:
        try:
            return _render(view, found, html, folders, build_date, True)
        except BrokenProcessPool as exc:  # a worker died (out of memory, killed)
            logger.warning("bulletin laid out in one process: a worker stopped (%s)", exc)
    return _render(view, found, html, folders, build_date, False)


def _render(
    view: BulletinView,
    found: Sequence[Piece],
    html: Callable[[BulletinView], str],
    folders: tuple[Path, ...],
    build_date: str,
    parallel: bool,
) -> bytes:
    plan = [_document(group) for group in documents(found)]
    wanted = contents_anchors(view)
    with _laying_out(folders, build_date, parallel, [d.weight for d in plan]) as lay:
        counts = [d.pages for d in plan]
        anchors = [dict(d.anchors) for d in plan]
        unknown = [index for index, count in enumerate(counts) if count is None]
        if unknown:  # laid out once to count them, numbered at a guess
            guess = [count or PLACEHOLDER for count in counts]
            parts = _parts(plan, guess, wanted)
            laid = lay([html(replace(view, part=parts[index])) for index in unknown])
            for index, document in zip(unknown, laid, strict=True):
                counts[index] = document.pages
                anchors[index] = _pages_of(document, wanted, parts[index])
        for _attempt in range(ATTEMPTS):
            known = [count or 0 for count in counts]
            plan = [replace(d, anchors=a) for d, a in zip(plan, anchors, strict=True)]
            parts = _parts(plan, known, wanted)
            laid = lay([html(replace(view, part=part)) for part in parts])
            found_counts = [document.pages for document in laid]
            found_anchors = [
                _pages_of(document, wanted, part)
                for document, part in zip(laid, parts, strict=True)
            ]
            if found_counts == known and found_anchors == anchors:
                skip = [frozenset(part.elsewhere) for part in parts]
                return merge(laid, skip)
            logger.debug(
                "bulletin pages %s, not %s as planned: numbered again", found_counts, known
            )
            counts, anchors = list(found_counts), found_anchors
    raise RuntimeError(f"the bulletin's page numbers did not settle in {ATTEMPTS} layouts")


def _pages_of(document: LaidOut, wanted: dict[str, str], part: PartView) -> dict[str, int]:
    """Where the document has the contents' anchors (its own, not stand-ins)."""
    return {
        name: document.anchors[name].page
        for name in wanted
        if name in document.anchors and name not in part.elsewhere
    }


@contextmanager
def _laying_out(
    folders: tuple[Path, ...], build_date: str, parallel: bool, weights: Sequence[int]
) -> Iterator[LayOut]:
    """A function laying documents out: here, or in worker processes (forked)."""
    if not parallel or len(weights) < 2 or "fork" not in multiprocessing.get_all_start_methods():

        def here(htmls: Sequence[str]) -> list[LaidOut]:
            return [lay_out(text, folders, build_date) for text in htmls]

        yield here
        return
    # Imported here, before the workers fork, so that they start with it: WeasyPrint's
    # import takes 0.7 s of CPU and more of waiting (cffi finds its libraries by
    # running ldconfig), which each worker would pay again.
    import weasyprint  # noqa: F401

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(min(WORKERS, len(weights)), mp_context=context) as pool:

        def apart(htmls: Sequence[str]) -> list[LaidOut]:
            # the heaviest first, so that the last to start is a light one
            order = sorted(range(len(htmls)), key=lambda i: -len(htmls[i]))
            futures = {i: pool.submit(lay_out, htmls[i], folders, build_date) for i in order}
            return [futures[i].result() for i in range(len(htmls))]

        yield apart
