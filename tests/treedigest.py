"""One way to compare output folders byte for byte (every test folder imports it)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path


def tree_digest(folder: Path, ignore: Callable[[str], bool] = lambda name: False) -> dict[str, str]:
    """Every file under ``folder`` (hidden ones too, links followed) with its SHA-256.

    ``ignore`` gets each file's name and leaves out those it returns true for.
    """
    root = folder.resolve()  # OUT may be a link to the live build
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not ignore(p.name)
    }
