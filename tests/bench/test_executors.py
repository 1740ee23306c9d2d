"""``--executor``: the same site from this process, a process pool and a Dask cluster."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from generate import generate_individual_swiss, generate_mcmahon, generate_team_swiss
from treedigest import tree_digest

from trfsite.cli import cli
from trfsite.site.executors import ExecutorError, find_scheme


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "open.trf").write_text(generate_individual_swiss(10, 4, 1), "utf-8")
    (folder / "teams.trf").write_text(generate_team_swiss(6, 4, 4, 2), "utf-8")
    (folder / "go.h9").write_text(generate_mcmahon(8, 3, 3), "utf-8")
    return folder


def _build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["build", *args], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address.removeprefix("tcp://")


def test_dask_builds_the_same_site(src: Path, tmp_path: Path, dask_address: str) -> None:
    local, remote = tmp_path / "local", tmp_path / "dask"
    assert _build(str(src), "-o", str(local), "--no-pdf")[0] == 0
    code, output = _build(
        str(src), "-o", str(remote), "--no-pdf", "--executor", f"dask://{dask_address}"
    )
    assert code == 0, output
    assert tree_digest(local) == tree_digest(remote)
    # A second run on the cluster reuses everything; a changed file goes to the cluster.
    (src / "go.h9").write_text(generate_mcmahon(8, 3, 4), "utf-8")
    code, output = _build(
        str(src), "-o", str(remote), "--no-pdf", "--executor", f"dask://{dask_address}"
    )
    assert code == 0 and "(2 unchanged)" in output
    fresh = tmp_path / "fresh"
    _build(str(src), "-o", str(fresh), "--no-pdf", "--no-cache")
    assert tree_digest(remote) == tree_digest(fresh)


def test_process_pool_builds_the_same_site(src: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert _build(str(src), "-o", str(one), "--no-pdf")[0] == 0
    pool = ("--jobs", "2", "--executor", "local")
    assert _build(str(src), "-o", str(two), "--no-pdf", *pool)[0] == 0
    assert tree_digest(one) == tree_digest(two)


def test_unknown_executor_is_a_usage_error(src: Path, tmp_path: Path) -> None:
    code, output = _build(str(src), "-o", str(tmp_path / "out"), "--executor", "spark://x:1")
    assert code == 2
    assert "'spark://x:1'" in output and "dask://HOST:PORT" in output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("spec", ["dask://", "dask://host", "dask://host:port"])
def test_dask_address_needs_host_and_port(src: Path, tmp_path: Path, spec: str) -> None:
    code, output = _build(str(src), "-o", str(tmp_path / "out"), "--executor", spec)
    assert code == 2 and "expected dask://HOST:PORT" in output


def test_scheme_registry() -> None:
    assert find_scheme("local").prefix == "local"
    assert find_scheme("dask://127.0.0.1:8786").prefix == "dask://"
    with pytest.raises(ExecutorError, match="expected one of: local, dask://HOST:PORT"):
        find_scheme("threads")


def test_jobs_default_to_the_cores_this_process_may_use(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trfsite.site.build as build_module
    import trfsite.site.executors as executors

    # Three cores allowed by the affinity mask, whatever os.cpu_count() says.
    monkeypatch.setattr(executors.os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    monkeypatch.setattr(executors.os, "cpu_count", lambda: 64)
    assert executors.available_cores() == 3
    seen: list[int] = []
    real = build_module.build_site

    def spy(options: build_module.BuildOptions, **kwargs: object) -> build_module.BuildReport:
        seen.append(options.jobs)
        return real(options, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(build_module, "build_site", spy)
    assert _build(str(src), "-o", str(tmp_path / "a"), "--no-pdf")[0] == 0
    assert _build(str(src), "-o", str(tmp_path / "b"), "--no-pdf", "--jobs", "1")[0] == 0
    assert seen == [3, 1]
    assert tree_digest(tmp_path / "a") == tree_digest(tmp_path / "b")


def test_cores_without_an_affinity_mask_come_from_cpu_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import trfsite.site.executors as executors

    monkeypatch.delattr(executors.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(executors.os, "cpu_count", lambda: None)
    assert executors.available_cores() == 1
