"""Publishing a built site: to a git branch (Pages style) or by rsync.

Both send only what changed and can list it first (a dry run). The folder
deployed is the one ``OUT`` points to when it is a symlink (the build flips
``OUT`` atomically), and trfsite's own bookkeeping files stay at home.
"""

from __future__ import annotations

import datetime as _dt
import enum
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import click

from trfsite import __version__
from trfsite.formats.numbers import is_whole
from trfsite.site.build import MARKER
from trfsite.site.cache import MANIFEST

logger = logging.getLogger(__name__)

# trfsite's bookkeeping in OUT: it says how OUT was built, it is no page to publish.
PRIVATE_FILES = (MARKER, MANIFEST)
# GitHub Pages would run Jekyll on the branch otherwise (MkDocs' gh-deploy adds it too).
NO_JEKYLL = ".nojekyll"
_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


class DeployError(click.ClickException):
    """A deploy that cannot be done; nothing was published."""


class DeployValueError(DeployError):
    """A repository, branch or destination that git or rsync would read as an option."""

    exit_code = 2


def refuse_options(program: str, **values: str) -> None:
    """Refuse a user value that starts with ``-`` (or is empty): git and rsync would
    take ``--upload-pack=CMD`` or ``-e CMD`` as an option and run the command. The
    values are passed after ``--`` too; this says what went wrong instead of
    deploying into a folder named ``-x``."""
    for option, value in values.items():
        if value.startswith("-") or not value.strip():
            raise DeployValueError(
                f"--{option} {value!r} would reach {program} as an option (it is empty or "
                f"starts with '-'); expected a repository, branch or destination name "
                "(write ./-name for a folder whose name starts with '-')"
            )


class ChangeKind(enum.Enum):
    ADDED = "added"
    CHANGED = "changed"
    DELETED = "deleted"


@dataclass(frozen=True, slots=True)
class Change:
    kind: ChangeKind
    path: str


@dataclass(frozen=True, slots=True)
class DeployReport:
    site: Path  # the folder deployed (OUT resolved)
    target: str  # "REPO branch gh-pages" or the rsync destination
    changes: tuple[Change, ...]
    dry_run: bool
    commit: str = ""  # git: the commit pushed, "" when nothing was

    def summary_line(self) -> str:
        counts = {kind: 0 for kind in ChangeKind}
        for change in self.changes:
            counts[change.kind] += 1
        what = ", ".join(f"{counts[k]} {k.value}" for k in ChangeKind)
        if not self.changes:
            return f"nothing changed: {self.target} is up to date with {self.site}"
        verb = "would deploy" if self.dry_run else "deployed"
        return f"{verb} {self.site} to {self.target}: {what}"


def site_folder(out: Path) -> Path:
    """The built site OUT is, or points to; refuses a folder trfsite did not build."""
    site = out.resolve()
    if not site.is_dir():
        raise DeployError(f"{str(out)!r} is no folder; expected the OUT of 'trfsite build'")
    if not (site / MARKER).is_file():
        raise DeployError(
            f"{str(out)!r} has no {MARKER} file: trfsite did not build it; "
            "expected the OUT folder of 'trfsite build'"
        )
    return site


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise DeployError(
            f"{name!r} is not installed; expected it on PATH (apt-get install {name})"
        )
    return found


def _run(args: list[str], env: dict[str, str] | None = None, check: bool = True) -> str:
    logger.debug("deploy: %s", " ".join(args))
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if check and done.returncode != 0:
        raise DeployError(
            f"{' '.join(args[:3])}... failed (exit {done.returncode}): "
            f"{done.stderr.strip() or done.stdout.strip()}"
        )
    return done.stdout if done.returncode == 0 else ""


# --------------------------------------------------------------------------- git
def deploy_git(
    out: Path, repo: str, branch: str = "gh-pages", message: str = "", dry_run: bool = False
) -> DeployReport:
    """Commit the site as the whole content of ``branch`` of ``repo`` and push it.

    The site becomes one new commit on top of the branch (or the first commit of
    a new branch); when its files are those of the branch already, nothing is
    committed or pushed. ``repo`` is anything ``git push`` takes (a path, a URL,
    a remote name is not: it needs a repository around it).
    """
    refuse_options("git", git=repo, branch=branch)
    site = site_folder(out)
    git = _tool("git")
    target = f"{repo} branch {branch}"
    with tempfile.TemporaryDirectory(prefix="trfsite-deploy-") as scratch:
        env = _git_env(Path(scratch))
        _run([git, "init", "-q", "--bare", scratch + "/repo.git"], env)
        gitdir = ["--git-dir", scratch + "/repo.git"]
        parent = _fetch_branch(git, gitdir, repo, branch, env)
        tree = _site_tree(git, gitdir, site, env)
        base = _run([git, *gitdir, "rev-parse", parent + "^{tree}"], env).strip() if parent else ""
        changes = _tree_changes(git, gitdir, base or _EMPTY_TREE, tree, env)
        if dry_run or not changes:
            return DeployReport(site, target, changes, dry_run)
        text = message or f"Deploy the results site with trfsite {__version__}"
        commit_args = [git, *gitdir, "commit-tree", tree, "-m", text]
        if parent:
            commit_args += ["-p", parent]
        commit = _run(commit_args, env).strip()
        _run([git, *gitdir, "push", "-q", "--", repo, f"{commit}:refs/heads/{branch}"], env)
        return DeployReport(site, target, changes, dry_run, commit)


def _git_env(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_INDEX_FILE"] = str(scratch / "index")
    env.setdefault("GIT_TERMINAL_PROMPT", "0")
    # A deploy machine often has no git identity; the commit still needs one.
    for role in ("AUTHOR", "COMMITTER"):
        env.setdefault(f"GIT_{role}_NAME", _git_config("user.name") or "trfsite deploy")
        env.setdefault(f"GIT_{role}_EMAIL", _git_config("user.email") or "trfsite@localhost")
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if is_whole(epoch):  # reproducible commits, as the build itself
        stamp = _dt.datetime.fromtimestamp(int(epoch), _dt.UTC).strftime("%Y-%m-%dT%H:%M:%S+0000")
        env.setdefault("GIT_AUTHOR_DATE", stamp)
        env.setdefault("GIT_COMMITTER_DATE", stamp)
    return env


def _git_config(key: str) -> str:
    done = subprocess.run(
        ["git", "config", "--global", "--get", key], capture_output=True, text=True, check=False
    )
    return done.stdout.strip()


def _fetch_branch(git: str, gitdir: list[str], repo: str, branch: str, env: dict[str, str]) -> str:
    """The branch's last commit ("" when the branch does not exist yet)."""
    head = f"refs/heads/{branch}"
    listed = _run([git, *gitdir, "ls-remote", "--heads", "--", repo, head], env)
    if not listed.strip():
        # ls-remote prints nothing for a missing branch but fails for a missing repository.
        _run([git, *gitdir, "ls-remote", "--", repo], env)
        return ""
    _run([git, *gitdir, "fetch", "-q", "--depth=1", "--", repo, head], env)
    return _run([git, *gitdir, "rev-parse", "FETCH_HEAD"], env).strip()


def _site_tree(git: str, gitdir: list[str], site: Path, env: dict[str, str]) -> str:
    """The tree of the site's files, without trfsite's bookkeeping, with ``.nojekyll``."""
    # Run inside the site: git takes "." relative to the current folder.
    work = ["-C", str(site), *gitdir, "--work-tree", str(site)]
    _run([git, *work, "add", "-A", "--force", "."], env)
    for name in PRIVATE_FILES:
        _run([git, *work, "rm", "-q", "--cached", "--ignore-unmatch", name], env)
    blob = subprocess.run(
        [git, *gitdir, "hash-object", "-w", "--stdin"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.strip()
    _run([git, *gitdir, "update-index", "--add", "--cacheinfo", f"100644,{blob},{NO_JEKYLL}"], env)
    return _run([git, *gitdir, "write-tree"], env).strip()


_GIT_STATUS = {"A": ChangeKind.ADDED, "M": ChangeKind.CHANGED, "D": ChangeKind.DELETED}


def _tree_changes(
    git: str, gitdir: list[str], old: str, new: str, env: dict[str, str]
) -> tuple[Change, ...]:
    listed = _run([git, *gitdir, "diff-tree", "-r", "--no-renames", "--name-status", old, new], env)
    changes = []
    for line in listed.splitlines():
        status, _, path = line.partition("\t")
        changes.append(Change(_GIT_STATUS.get(status[:1], ChangeKind.CHANGED), path))
    return tuple(sorted(changes, key=lambda c: c.path))


# --------------------------------------------------------------------------- rsync
def deploy_rsync(out: Path, dest: str, dry_run: bool = False) -> DeployReport:
    """Make ``dest`` (a folder, or ``host:path``) hold exactly the site, sending what changed.

    Files are compared by content, not time: every rebuild rewrites every file,
    and only those whose bytes differ are sent.
    """
    refuse_options("rsync", rsync=dest)
    site = site_folder(out)
    rsync = _tool("rsync")
    if ":" not in dest and Path(dest).resolve() == site:
        raise DeployError(f"--rsync {dest!r} is the site itself; expected another folder")
    args = [rsync, "-r", "--links", "--checksum", "--delete", "--itemize-changes"]
    args += [f"--exclude=/{name}" for name in PRIVATE_FILES]
    if dry_run:
        args.append("--dry-run")
    listed = _run([*args, "--", f"{site}/", dest])
    return DeployReport(site, dest, _rsync_changes(listed), dry_run)


def _rsync_changes(listed: str) -> tuple[Change, ...]:
    """Changes from rsync's ``--itemize-changes`` (``>f+++++++++ path``, ``*deleting path``)."""
    changes = []
    for line in listed.splitlines():
        code, _, path = line.partition(" ")
        if not path or path.endswith("/"):
            continue  # folders come and go with their files
        if code == "*deleting":
            changes.append(Change(ChangeKind.DELETED, path.strip()))
        elif code[1:2] == "f":
            kind = ChangeKind.ADDED if "+++" in code else ChangeKind.CHANGED
            changes.append(Change(kind, path))
    return tuple(sorted(changes, key=lambda c: c.path))
