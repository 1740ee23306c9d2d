"""A rebuild's plan shows the settings its events share once, not once per event
(issue 46, site.cache.KeyParts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rebuildhelpers import (
    MakeSrc,
    built,
    named_round_robin,
    settled,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)

from trfsite.pages.config import EventConfig, SiteConfig
from trfsite.render.page_meta import SiteInfo


class _Shown:
    """Counts ``repr`` of every event's settings and of the site, as cache keys take them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.configs = self.sites = 0
        config_repr, site_repr = EventConfig.__repr__, SiteInfo.__repr__

        def config(value: EventConfig) -> str:
            self.configs += 1
            return config_repr(value)

        def site(value: SiteInfo) -> str:
            self.sites += 1
            return site_repr(value)

        monkeypatch.setattr(EventConfig, "__repr__", config)
        monkeypatch.setattr(SiteInfo, "__repr__", site)


def test_events_without_settings_of_their_own_share_one_config() -> None:
    config = SiteConfig()
    assert config.for_stem("spring") is config.for_stem("autumn")


def test_a_rebuilds_keys_show_the_shared_settings_once(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ("Spring Open", "Summer Open", "Autumn Open", "Winter Open")
    src = make_src(
        {f"2024/{name.split()[0].lower()}.trf": named_round_robin(name) for name in names}
    )
    out = tmp_path / "out"
    settled(src, out)
    (src / "2024/summer.trf").write_text(
        named_round_robin("Summer Open, corrected"), encoding="utf-8"
    )
    cold = built(src, tmp_path / "cold")
    shown = _Shown(monkeypatch)
    rebuilt = built(src, out)
    # The four events' keys: their one shared config and the site shown once each (main:
    # four times each). The people step shows the site once more for its pages' digest.
    assert shown.configs == 1
    assert shown.sites == 2
    assert rebuilt == cold
