"""Lines that are no TRF record, each reported once and kept as written.

Loaded by the reader only for a file that has such lines.
"""

from __future__ import annotations

import re

from trfsite.formats.numbers import is_whole
from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.results import Note

# Swiss-Manager writes a column ruler and a template of the 001 columns above the players.
_RULER = re.compile(r"^[\d\s.+|-]+$")
_TEMPLATE = re.compile(r"^DDD SSSS sTTT NNNN")


def _exporter_guide(text: str) -> str:
    """'a column ruler' or 'a template of the 001 columns', or '' for any other line."""
    if _TEMPLATE.match(text):
        return "a template of the 001 columns"
    stripped = text.strip()
    if len(stripped) >= 10 and _RULER.match(text):
        return "a column ruler"
    return ""


def report_unknown(line: SourceLine, sink: Sink) -> None:
    code = line.code
    guide = _exporter_guide(line.text)
    if guide:
        sink.info(
            "line-column-guide",
            line.number,
            1,
            Note(
                "the line is {guide}, as Swiss-Manager writes above the players; it is not "
                "a record and is kept as written",
                guide=guide,
            ),
        )
        return
    if is_whole(code) and len(code) == 3:
        sink.info(
            "record-unknown",
            line.number,
            1,
            Note(
                "record {code!r} is not a TRF16 or TRF-2026 record; it is kept as written",
                code=code,
            ),
        )
    else:
        sink.warning(
            "line-not-a-record",
            line.number,
            1,
            Note(
                "the line starts with {code!r}; expected a record code such as '001', "
                "'###' for a comment, or a 3-letter federation for National Rating Support: "
                "it is kept as written",
                code=code,
            ),
        )
