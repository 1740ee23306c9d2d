"""Reading rendered PDFs back (a plain module: test modules import it by name)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pypdf


@dataclass(frozen=True)
class RenderedPdf:
    data: bytes
    reader: pypdf.PdfReader
    pages: tuple[str, ...]  # extracted text, page 1 first

    def page_of(self, heading: str) -> int:
        """1-based number of the first page after the cover with a line ``heading``."""
        for number, text in enumerate(self.pages[1:], start=2):
            if any(line.strip() == heading for line in text.splitlines()):
                return number
        raise AssertionError(f"no page has a line {heading!r}")


def read_pdf(data: bytes) -> RenderedPdf:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return RenderedPdf(data, reader, tuple(p.extract_text() for p in reader.pages))
