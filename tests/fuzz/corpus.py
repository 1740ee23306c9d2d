"""Where the fuzz tests find their samples and the corpus of inputs that once failed."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
SAMPLES = TESTS / "data" / "samples"
CORPUS = TESTS / "data" / "fuzz"
