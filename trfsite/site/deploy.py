"""Publishing a built site: to a git branch (Pages style) or by rsync.

Both send only what changed and can list it first (a dry run). The folder
deployed is the one ``OUT`` points to when it is a symlink (the build flips
``OUT`` atomically). Only what a visitor may fetch leaves home: trfsite's own
bookkeeping (every ``.trfsite-*`` file or folder, at any depth) never does.
No value the user gives (repository, branch, destination) reaches git or rsync
as an option: one that starts with ``-`` is refused, and every one is passed
after ``--``.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import enum
import logging
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from trfsite import __version__
from trfsite.formats.numbers import is_whole
from trfsite.site.build import MARKER

logger = logging.getLogger(__name__)

# Every file trfsite keeps for itself in OUT starts so (.trfsite-build, -cache-id,
# -state-id, ...): it says how OUT was built, it is no page to publish.
PRIVATE_PREFIX = ".trfsite-"
# GitHub Pages would run Jekyll on the branch otherwise (MkDocs' gh-deploy adds it too).
NO_JEKYLL = ".nojekyll"
_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

Progress = Callable[[str, int, int], None]  # (stage, done, total), as the build's


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


class DeployError(click.ClickException):
    """A deploy that cannot be done; nothing was published."""


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
    files: int = 0  # the site's files published (or that would be)

    def counts(self) -> dict[ChangeKind, int]:
        found = {kind: 0 for kind in ChangeKind}
        for change in self.changes:
            found[change.kind] += 1
        return found

    def summary_line(self) -> str:
        if not self.changes:
            return f"nothing changed: {self.target} is up to date with {self.site}"
        counts = self.counts()
        what = ", ".join(f"{counts[k]} {k.value}" for k in ChangeKind)
        verb = "would deploy" if self.dry_run else "deployed"
        return f"{verb} {self.site} to {self.target}: {what} (of {self.files} files)"


def is_private(relative: str) -> bool:
    """A path under the site (POSIX) that is trfsite's bookkeeping, not for visitors."""
    return any(part.startswith(PRIVATE_PREFIX) for part in relative.split("/"))


def public_files(site: Path) -> list[str]:
    """The site's files a visitor may fetch, sorted, as POSIX paths under ``site``.

    Regular files only: a symbolic link is not the site's own (trfsite writes none),
    so it is left out and said, wherever it points.
    """
    found: list[str] = []
    for root, dirs, files in os.walk(site):
        base = Path(root).relative_to(site).as_posix()
        prefix = "" if base == "." else base + "/"
        for name in [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            logger.warning("deploy: %s%s is a link, not the site's; not published", prefix, name)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(PRIVATE_PREFIX) and not os.path.islink(os.path.join(root, d))
        )
        for name in sorted(files):
            relative = prefix + name
            if name.startswith(PRIVATE_PREFIX):
                continue
            if os.path.islink(os.path.join(root, name)) or "\n" in name:
                logger.warning("deploy: %s is no regular file of the site; not published", relative)
                continue
            found.append(relative)
    return sorted(found)


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


def refuse_option_like(value: str, option: str, example: str) -> None:
    """A user's value must never be read as an option of git or rsync (nor of ssh)."""
    host = _remote_host(value) if option == "--rsync" else ""
    if value.startswith("-") or host.startswith("-"):
        raise click.BadParameter(
            f"{value!r} starts with '-' and would be read as an option; expected {example}",
            param_hint=option,
        )


def check_branch(branch: str) -> None:
    """A branch name git takes (``git check-ref-format``'s rules), never an option."""
    refuse_option_like(branch, "--branch", "a branch name such as gh-pages")
    done = subprocess.run(
        [_tool("git"), "check-ref-format", f"refs/heads/{branch}"],
        capture_output=True,
        check=False,
        process_group=_OWN_GROUP,
    )
    if done.returncode != 0 or not branch:
        raise click.BadParameter(
            f"{branch!r} is not a branch name git accepts; expected e.g. gh-pages or pages",
            param_hint="--branch",
        )


def _remote_host(dest: str) -> str:
    """The host of an rsync ``[user@]host:path`` destination ("" for a local one)."""
    head, colon, _ = dest.partition(":")
    if not colon or "/" in head:
        return ""
    return head.rpartition("@")[2]


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise DeployError(
            f"{name!r} is not installed; expected it on PATH (apt-get install {name})"
        )
    return found


# git and rsync run in a process group of their own: Ctrl-C in the terminal reaches
# trfsite alone, which ends them itself (now for deploy; after the push for publish).
_OWN_GROUP = 0


def _run(args: list[str], env: dict[str, str] | None = None, check: bool = True) -> str:
    logger.debug("deploy: %s", " ".join(args))
    done = subprocess.run(
        args,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        process_group=_OWN_GROUP,
    )
    if check and done.returncode != 0:
        raise DeployError(
            f"{' '.join(args[:3])}... failed (exit {done.returncode}): "
            f"{done.stderr.strip() or done.stdout.strip()}"
        )
    return done.stdout if done.returncode == 0 else ""


# --------------------------------------------------------------------------- git
def deploy_git(
    out: Path,
    repo: str,
    branch: str = "gh-pages",
    message: str = "",
    dry_run: bool = False,
    progress: Progress = _no_progress,
    workspace: Path | None = None,
) -> DeployReport:
    """Commit the site as the whole content of ``branch`` of ``repo`` and push it.

    The site becomes one new commit on top of the branch (or the first commit of
    a new branch); when its files are those of the branch already, nothing is
    committed or pushed. ``repo`` is anything ``git push`` takes (a path, a URL,
    a remote name is not: it needs a repository around it). ``workspace``: a folder
    kept from one deploy to the next (``trfsite publish``), where the branch's last
    commit is already known and not fetched again.
    """
    refuse_option_like(repo, "--git", "a repository path or URL (write ./-name for such a folder)")
    check_branch(branch)
    site = site_folder(out)
    git = _tool("git")
    target = f"{repo} branch {branch}"
    with contextlib.ExitStack() as stack:
        if workspace is None:
            workspace = Path(
                stack.enter_context(tempfile.TemporaryDirectory(prefix="trfsite-deploy-"))
            )
        scratch = str(workspace)
        env = _git_env(workspace)
        Path(env["GIT_INDEX_FILE"]).unlink(missing_ok=True)  # the tree is the site alone
        if not (workspace / "repo.git" / "HEAD").is_file():
            _run([git, "init", "-q", "--bare", scratch + "/repo.git"], env)
        gitdir = ["--git-dir", scratch + "/repo.git"]
        parent = _fetch_branch(git, gitdir, repo, branch, env)
        files = public_files(site)
        tree = _site_tree(git, gitdir, site, files, env, progress)
        base = _run([git, *gitdir, "rev-parse", parent + "^{tree}"], env).strip() if parent else ""
        changes = _tree_changes(git, gitdir, base or _EMPTY_TREE, tree, env)
        if dry_run or not changes:
            progress("push", 1, 1)
            return DeployReport(site, target, changes, dry_run, files=len(files))
        text = message or f"Deploy the results site with trfsite {__version__}"
        commit_args = [git, *gitdir, "commit-tree", tree, "-m", text]
        if parent:
            commit_args += ["-p", parent]
        commit = _run(commit_args, env).strip()
        progress("push", 0, 1)
        _run([git, *gitdir, "push", "-q", "--", repo, f"{commit}:refs/heads/{branch}"], env)
        progress("push", 1, 1)
        # A kept workspace gathers the objects of every deploy: packed now and then.
        _run([git, *gitdir, "gc", "--auto", "--quiet"], env, check=False)
        return DeployReport(site, target, changes, dry_run, commit, len(files))


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
        ["git", "config", "--global", "--get", key],
        capture_output=True,
        text=True,
        check=False,
        process_group=_OWN_GROUP,
    )
    return done.stdout.strip()


def _fetch_branch(git: str, gitdir: list[str], repo: str, branch: str, env: dict[str, str]) -> str:
    """The branch's last commit ("" when the branch does not exist yet)."""
    ref = f"refs/heads/{branch}"
    listed = _run([git, *gitdir, "ls-remote", "--heads", "--", repo, ref], env)
    if not listed.strip():
        # ls-remote prints nothing for a missing branch but fails for a missing repository.
        _run([git, *gitdir, "ls-remote", "--", repo], env)
        return ""
    head = listed.split()[0]
    known = _run([git, *gitdir, "cat-file", "-t", head], env, check=False).strip()
    if known == "commit":  # pushed from this workspace last time: nothing to fetch
        return head
    _run([git, *gitdir, "fetch", "-q", "--depth=1", "--", repo, ref], env)
    return _run([git, *gitdir, "rev-parse", "FETCH_HEAD"], env).strip()


def _site_tree(
    git: str,
    gitdir: list[str],
    site: Path,
    files: list[str],
    env: dict[str, str],
    progress: Progress,
) -> str:
    """The tree of ``files`` (the site's public files) with ``.nojekyll``."""
    hashes = list(_hash_files(git, gitdir, site, files, env, progress))
    blob = _run_input([git, *gitdir, "hash-object", "-w", "--stdin"], "", env).strip()
    entries = [f"100644 blob {sha}\t{path}\0" for sha, path in zip(hashes, files, strict=True)]
    entries.append(f"100644 blob {blob}\t{NO_JEKYLL}\0")
    _run_input([git, *gitdir, "update-index", "--add", "-z", "--index-info"], "".join(entries), env)
    return _run([git, *gitdir, "write-tree"], env).strip()


def _hash_files(
    git: str,
    gitdir: list[str],
    site: Path,
    files: list[str],
    env: dict[str, str],
    progress: Progress,
) -> Iterator[str]:
    """Each file's blob, stored; read as git hashes them, for the progress bar."""
    args = [git, *gitdir, "hash-object", "-w", "--no-filters", "--stdin-paths"]
    with subprocess.Popen(
        args,
        cwd=site,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=_OWN_GROUP,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        stdin = proc.stdin

        def feed() -> None:  # a thread: git's answers must be read while it is fed
            try:
                stdin.write("".join(path + "\n" for path in files))
            except BrokenPipeError:
                pass
            finally:
                stdin.close()

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        done = 0
        progress("files", 0, len(files))
        try:
            for line in proc.stdout:
                done += 1
                progress("files", done, len(files))
                yield line.strip()
        except BaseException:
            proc.kill()  # Popen's exit would wait for it
            raise
        feeder.join()
        error = proc.stderr.read()
    if proc.returncode != 0 or done != len(files):
        raise DeployError(f"git hash-object failed (exit {proc.returncode}): {error.strip()}")


def _run_input(args: list[str], text: str, env: dict[str, str]) -> str:
    logger.debug("deploy: %s", " ".join(args))
    done = subprocess.run(
        args,
        input=text,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        process_group=_OWN_GROUP,
    )
    if done.returncode != 0:
        raise DeployError(
            f"{' '.join(args[:3])}... failed (exit {done.returncode}): {done.stderr.strip()}"
        )
    return done.stdout


_GIT_STATUS = {"A": ChangeKind.ADDED, "M": ChangeKind.CHANGED, "D": ChangeKind.DELETED}


def _tree_changes(
    git: str, gitdir: list[str], old: str, new: str, env: dict[str, str]
) -> tuple[Change, ...]:
    listed = _run(
        [git, *gitdir, "diff-tree", "-r", "-z", "--no-renames", "--name-status", old, new], env
    )
    fields = listed.split("\0")
    changes = [
        Change(_GIT_STATUS.get(status[:1], ChangeKind.CHANGED), path)
        for status, path in zip(fields[0::2], fields[1::2], strict=False)
        if status
    ]
    return tuple(sorted(changes, key=lambda c: c.path))


# --------------------------------------------------------------------------- rsync
def deploy_rsync(
    out: Path, dest: str, dry_run: bool = False, progress: Progress = _no_progress
) -> DeployReport:
    """Make ``dest`` (a folder, or ``host:path``) hold exactly the site, sending what changed.

    Files are compared by content, not time: every rebuild rewrites every file,
    and only those whose bytes differ are sent. trfsite's bookkeeping is excluded,
    and removed from ``dest`` should an older deploy have sent it.
    """
    refuse_option_like(dest, "--rsync", "a folder or host:path (write ./-name for such a folder)")
    site = site_folder(out)
    rsync = _tool("rsync")
    if not _remote_host(dest) and Path(dest).resolve() == site:
        raise DeployError(f"--rsync {dest!r} is the site itself; expected another folder")
    # No --links: a symbolic link is no file of the site (public_files leaves it out too).
    # --delay-updates, --delete-delay: every file is sent first and all are put in place
    # at the end, so a transfer cut short leaves the previous site, not a mix of two.
    args = [rsync, "-r", "--checksum", "--delete", "--delete-excluded"]
    args += ["--delay-updates", "--delete-delay"]
    # Twice: unchanged files are listed too, so that the progress bar counts every file.
    args += ["--itemize-changes", "--itemize-changes", f"--exclude={PRIVATE_PREFIX}*"]
    if dry_run:
        args.append("--dry-run")
    total = len(public_files(site))
    listed = _stream([*args, "--", f"{site}/", dest], lambda n: progress("files", n, total))
    return DeployReport(site, dest, _rsync_changes(listed), dry_run, files=total)


def _stream(args: list[str], seen: Callable[[int], None]) -> str:
    """rsync's output, its files counted as they come; fails as ``_run`` does."""
    logger.debug("deploy: %s", " ".join(args))
    lines: list[str] = []
    with subprocess.Popen(
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=_OWN_GROUP,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        files = 0
        try:
            for line in proc.stdout:
                lines.append(line)
                if _RSYNC_FILE.match(line):
                    files += 1
                    seen(files)
        except BaseException:
            proc.kill()  # Popen's exit would wait for it
            raise
        error = proc.stderr.read()
    if proc.returncode != 0:
        raise DeployError(
            f"{' '.join(args[:3])}... failed (exit {proc.returncode}): {error.strip()}"
        )
    return "".join(lines)


_RSYNC_FILE = re.compile(r"^[.<>ch]f")


def _rsync_changes(listed: str) -> tuple[Change, ...]:
    """Changes from rsync's ``--itemize-changes`` (``>f+++++++++ path``, ``*deleting path``)."""
    changes = []
    for line in listed.splitlines():
        code, _, path = line.partition(" ")
        if not path or path.endswith("/"):
            continue  # folders come and go with their files
        if code == "*deleting":
            changes.append(Change(ChangeKind.DELETED, path.strip()))
        elif code[1:2] == "f" and not code.startswith("."):  # ".f": unchanged
            kind = ChangeKind.ADDED if "+++" in code else ChangeKind.CHANGED
            changes.append(Change(kind, path))
    return tuple(sorted(changes, key=lambda c: c.path))
