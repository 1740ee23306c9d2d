"""A click progress bar on stderr, for commands that report ``(stage, done, total)``."""

from __future__ import annotations

import sys
from typing import Any

import click


class ProgressBar:
    """One bar per stage, shown only when enabled (a terminal, not ``-q``)."""

    def __init__(self, enabled: bool, labels: dict[str, str] | None = None) -> None:
        self.enabled = enabled
        self.labels = labels or {}
        self.stage = ""
        self.bar: Any = None
        self.shown = 0

    @classmethod
    def on_terminal(cls, ctx: click.Context, labels: dict[str, str] | None = None) -> ProgressBar:
        """A bar on stderr when it is a terminal and the command is not ``-q``."""
        root = ctx.find_root().obj or {}
        return cls(not root.get("quiet") and sys.stderr.isatty(), labels)

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if stage != self.stage:
            self.close()
            self.bar = click.progressbar(
                length=total, label=self.labels.get(stage, stage), file=sys.stderr
            )
            self.bar.__enter__()
            self.stage, self.shown = stage, 0
        self.bar.update(done - self.shown)
        self.shown = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
