"""The bulletin's streams are compressed, at zlib level 6 (trfsite.pdf.compression)."""

from __future__ import annotations

import zlib

import pypdf
from pdfhelpers import RenderedPdf

from trfsite.pdf.compression import LEVEL, LeveledZlib


def _flate_streams(pdf: RenderedPdf) -> list[bytes]:
    """The raw (still compressed) bytes of every FlateDecode stream of the file."""
    found = []
    for number in range(1, int(pdf.reader.trailer["/Size"])):
        obj = pdf.reader.get_object(number)
        if isinstance(obj, pypdf.generic.StreamObject) and obj.get("/Filter") == "/FlateDecode":
            found.append(obj._data)
    return found


def test_every_stream_is_compressed_at_the_fixed_level(individual_pdf: RenderedPdf) -> None:
    streams = _flate_streams(individual_pdf)
    assert len(streams) >= 6  # at least one content stream a page (6 pages)
    for raw in streams:
        # zlib is deterministic: the same data at the same level gives the same bytes
        assert zlib.compress(zlib.decompress(raw), LEVEL) == raw
    # the test tells the levels apart: pydyf's own level 9 would give other bytes
    assert any(zlib.compress(zlib.decompress(raw), 9) != raw for raw in streams)


def test_the_stand_in_passes_other_names_on_to_zlib() -> None:
    stand_in = LeveledZlib(1)
    assert stand_in.crc32(b"abc") == zlib.crc32(b"abc")
    packer = stand_in.compressobj(level=9)
    data = b"trfsite " * 100
    assert packer.compress(data) + packer.flush() == zlib.compress(data, 1)
    assert stand_in.compress(data) == zlib.compress(data, 1)
