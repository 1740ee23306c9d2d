"""The installed package carries its themes: build a wheel, install it, build the samples."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from sitehelpers import ROOT, SAMPLES

pytestmark = pytest.mark.slow


def _run(
    args: list[str], cwd: Path, ok: tuple[int, ...] = (0,)
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode in ok, done.stdout + done.stderr
    return done


def test_wheel_ships_themes_and_builds_samples(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # Build isolation fetches setuptools and wheel, as any user's pip would.
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "-q",
            "-w",
            str(dist),
        ],
        tmp_path,
    )
    wheel = next(dist.glob("trfsite-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in (
        "trfsite/themes/default/theme.toml",
        "trfsite/themes/default/static/style.css",
        "trfsite/themes/default/templates/base.html",
        "trfsite/render/locale/de/LC_MESSAGES/trfsite.mo",
    ):
        assert needed in names, needed
    venv = tmp_path / "venv"
    # The running interpreter's packages (jinja2, weasyprint, ...) are lent to the new venv
    # by a .pth file: --system-site-packages would lend the *base* interpreter's, which has
    # none of them when the tests themselves run inside a venv. Every site folder on the
    # path is lent: a venv made with --system-site-packages finds click in the system's.
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    python = venv / "bin" / "python"
    venv_site = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path
    ).stdout.strip()
    lent = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    lent |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    Path(venv_site, "lent-test-deps.pth").write_text("\n".join(sorted(lent)) + "\n", "utf-8")
    _run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], tmp_path
    )
    where = _run([str(python), "-c", "import trfsite; print(trfsite.__file__)"], tmp_path)
    assert str(venv) in where.stdout, "the wheel, not the source tree, is imported"
    themes = _run([str(venv / "bin" / "trfsite"), "themes"], tmp_path)
    assert "default" in themes.stdout and str(venv) in themes.stdout
    out = tmp_path / "site"
    # Exit 1 is fine: FIDE's own team sample has findings of severity error.
    _run(
        [str(venv / "bin" / "trfsite"), "build", str(SAMPLES), "-o", str(out), "--no-pdf"],
        tmp_path,
        ok=(0, 1),
    )
    assert (out / "static/style.css").is_file()
    assert (out / "club-championship-2024/standings.html").is_file()
    assert (out / "grandmommys-cup-2024/teams/1.html").is_file()
