"""WeasyPrint's part of the bulletin: one document of HTML laid out and written as PDF.

Only WeasyPrint's documented API is used: ``HTML(...).render()``, the pages'
``anchors`` and ``bookmarks``, ``Document.metadata`` and ``write_pdf``, and a
``urls.URLFetcher`` that serves the theme's files and refuses everything else, so
no network access happens and the output depends only on the input.

:func:`lay_out` takes and returns plain data, so that it can run in a worker process.
"""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Relative links in the template (``bulletin.css``) resolve under this made-up
# folder; the fetcher maps it onto the theme chain's static folders.
STATIC_BASE = "file:///trfsite-theme-static/"
GENERATOR = "trfsite"
PX = 0.75  # PDF points per CSS pixel
_W3C_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?)?)?)?$")


@dataclass(frozen=True, slots=True)
class Place:
    """A point of a page: its index in the document, x and y in PDF points (y upwards)."""

    page: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Bookmark:
    level: int
    label: str
    place: Place
    open: bool


@dataclass(frozen=True, slots=True)
class LaidOut:
    """A document's PDF, with what merging it with others needs to know of it."""

    pdf: bytes
    pages: int
    anchors: dict[str, Place]  # each id's first place
    bookmarks: tuple[Bookmark, ...]


def theme_file(folders: tuple[Path, ...], name: str) -> Path | None:
    """A file of the theme chain by relative name; never outside a static folder."""
    for folder in folders:
        candidate = (folder / name).resolve()
        if candidate.is_relative_to(folder) and candidate.is_file():
            return candidate
    return None


def make_fetcher(folders: tuple[Path, ...]) -> Any:
    """A WeasyPrint URL fetcher that serves theme files and refuses everything else."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ThemeFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if url.startswith(STATIC_BASE):
                name = url[len(STATIC_BASE) :].split("?", 1)[0].split("#", 1)[0]
                found = theme_file(folders, name)
                if found is None:
                    searched = ", ".join(str(f) for f in folders) or "no static folder"
                    raise ValueError(f"theme file {name!r} not found in {searched}")
                kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
                return URLFetcherResponse(url, found.read_bytes(), headers={"Content-Type": kind})
            # The bulletin must print the same offline as online: no fetching.
            raise ValueError(f"refused to fetch {url!r}: the bulletin only uses theme files")

    return ThemeFetcher(allowed_protocols={"file", "data"})


def pdf_date(build_date: str) -> str | None:
    """The build date as the PDF's dates, when it is an ISO date."""
    text = build_date.strip()
    return text if _W3C_DATE.match(text) else None


def render(html: str, folders: tuple[Path, ...]) -> Any:
    """WeasyPrint's document of ``html``, its files from the theme's ``folders`` only."""
    from weasyprint import HTML

    return HTML(string=html, base_url=STATIC_BASE, url_fetcher=make_fetcher(folders)).render()


def write(document: Any, build_date: str) -> bytes:
    """The document's PDF, dated by the build and the same bytes for the same document."""
    # WeasyPrint dates the PDF only from the HTML's meta tags; set them here so
    # a theme cannot make the output depend on the clock.
    date = pdf_date(build_date)
    document.metadata.created = date
    document.metadata.modified = date
    document.metadata.generator = GENERATOR
    # the /ID is a hash of the content, not random
    pdf: bytes = document.write_pdf(pdf_identifier=True)
    return pdf


def lay_out(html: str, folders: tuple[Path, ...], build_date: str) -> LaidOut:
    """One document laid out and written, with its anchors and bookmarks."""
    document = render(html, folders)
    anchors: dict[str, Place] = {}
    bookmarks: list[Bookmark] = []
    for index, page in enumerate(document.pages):
        height = page.height * PX

        def place(x: float, y: float, index: int = index, height: float = height) -> Place:
            return Place(index, round(x * PX, 6), round(height - y * PX, 6))

        for name, (x, y, *_) in page.anchors.items():
            anchors.setdefault(name, place(x, y))
        for level, label, (x, y), state in page.bookmarks:
            bookmarks.append(Bookmark(level, label, place(x, y), state != "closed"))
    return LaidOut(write(document, build_date), len(document.pages), anchors, tuple(bookmarks))
