"""No birth date is published (issue 41, item 1): not on a page, in a bulletin, in a data
file, nor in the commands' JSON and CSV. An age group shows its label; ``[privacy]
birth = "year"`` allows the year alone.

The birth dates are those of the sample files' player lines (001, columns 70-79) and
National Rating Support lines, as written (``1969.12.06``) and as read
(``1969/12/06``); the year-only ``1987/00/00`` of the team cup included.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from lxml import html
from sitehelpers import SAMPLES

from trfsite.cli import cli
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow

KARL = "karl-mala-open-2005"


def _is_nrs(line: str) -> bool:
    return line[:3].isalpha() and line[:3].isupper() and line[3:4] == " " and len(line) >= 79


def sample_birth_dates() -> set[str]:
    found: set[str] = set()
    for path in sorted(SAMPLES.glob("*.trf")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("001") or _is_nrs(line):
                written = line[69:79].strip()
                if written:
                    found |= {written, written.replace(".", "/")}
    return found


def test_the_samples_have_birth_dates() -> None:
    dates = sample_birth_dates()
    assert {"1969.12.06", "1969/12/06", "1987/00/00", "1987/07/05"} <= dates
    assert len(dates) > 500


def _texts(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` as text; PDFs by their extracted text."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        if path.suffix == ".pdf":
            reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
            text = "\n".join(page.extract_text() for page in reader.pages)
        else:
            text = path.read_bytes().decode("utf-8", "replace")
        found[path.relative_to(folder).as_posix()] = text
    return found


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("samples") / "site"
    build_site(BuildOptions(SAMPLES, out, pdf=True))
    return out


def test_no_birth_date_in_any_output_file(sample_site: Path) -> None:
    dates = sample_birth_dates()
    texts = _texts(sample_site)
    assert any(name.endswith(".pdf") for name in texts)
    assert any(name.endswith(".js") for name in texts)
    leaks = {name: sorted(d for d in dates if d in text)[:3] for name, text in texts.items()}
    assert {name: found for name, found in leaks.items() if found} == {}


@pytest.mark.parametrize(
    "args",
    [
        ["standings", f"{KARL}.trf", "--format", "json", "--explain"],
        ["standings", f"{KARL}.trf", "--format", "csv"],
        ["awards", f"{KARL}.trf", "--format", "json"],
        ["awards", f"{KARL}.trf", "--format", "csv"],
        ["people", ".", "--format", "json"],
        ["people", ".", "--format", "csv"],
    ],
)
def test_no_birth_date_in_the_commands_data(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(SAMPLES)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert [d for d in sample_birth_dates() if d in result.stdout] == []


def _column(page: html.HtmlElement, table: str, head: str) -> dict[int, str]:
    heads = [th.text_content().strip() for th in page.xpath(f"{table}/thead/tr/th")]
    index = heads.index(head)
    return {
        int(tr.xpath("td[1]")[0].text_content()): tr.xpath("td|th")[index].text_content().strip()
        for tr in page.xpath(f"{table}/tbody/tr")
    }


def test_players_show_their_age_group(sample_site: Path) -> None:
    # 2005 (S50: born 1955 or earlier; U18: born 1987 or later, the config's groups):
    # 6 Donchenko 1940.09.01 -> S50; 19 Becker 1987.09.20 -> U18; 1 Vasquez 1969 -> none.
    page = html.fromstring((sample_site / KARL / "players.html").read_bytes())
    groups = _column(page, "//table[contains(@class,'players')]", "Age group")
    assert (groups[6], groups[19], groups[1]) == ("S50", "U18", "")


def test_the_year_alone_when_the_config_allows_it(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SAMPLES / f"{KARL}.trf", src / f"{KARL}.trf")
    config = (SAMPLES / "trfsite.toml").read_text(encoding="utf-8")
    config = config.split("[events.club-championship-2024]")[0] + '\n[privacy]\nbirth = "year"\n'
    config += '\n[events.karl-mala-open-2005]\ncategories = ["women", "U18", "S50"]\n'
    (src / "trfsite.toml").write_text(config, encoding="utf-8")
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    page = html.fromstring((out / KARL / "players.html").read_bytes())
    born = _column(page, "//table[contains(@class,'players')]", "Born")
    assert (born[1], born[6], born[19]) == ("1969", "1940", "1987")
    awards = (out / KARL / "awards.html").read_text(encoding="utf-8")
    assert "1940" in awards  # the S50 table shows years: Donchenko, born 1940
    dates = sample_birth_dates()
    leaks = {n: t for n, t in _texts(out).items() if any(d in t for d in dates)}
    assert sorted(leaks) == []


def test_birth_accepts_none_or_year_only(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SAMPLES / f"{KARL}.trf", src / f"{KARL}.trf")
    (src / "trfsite.toml").write_text('[privacy]\nbirth = "full"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(src), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "privacy.birth: 'full' is not a choice" in result.output
