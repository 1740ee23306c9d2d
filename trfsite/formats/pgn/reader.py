"""PGN text to games: tags, the main line with its comments, NAGs and variations.

Text in, games and findings out, as every reader. Games are replayed separately
(``replay``), so that a reader of the tags alone (matching games to pairings)
never pays for the moves.

Every size is bounded by the file's own length and the budgets below: a PGN from
the wild may be truncated, binary, one comment of megabytes, or a million games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from trfsite.findings import Finding, Severity
from trfsite.results import Note

# A large open publishes some 10,000 games in one file; more is damage or a database.
MAX_GAMES = 20_000
# The longest tournament game on record has 269 moves (538 plies).
MAX_PLIES = 1_200
# Comments are shown on the page; a longer one is cut there.
MAX_COMMENT = 4_000
# Variations inside variations: annotators rarely go below 4 levels.
MAX_DEPTH = 16
# Moves and variations of all lines of one game, shown on its page.
MAX_NODES = 20_000

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

_TOKEN = re.compile(
    r"""
      (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*"(?P<value>(?:[^"\\\n]|\\.)*)"[ \t]*\])
    | (?P<comment>\{[^}]*\}?)
    | (?P<line_comment>;[^\n]*)
    | (?P<escape>^%[^\n]*)
    | (?P<nag>\$\d{1,3})
    | (?P<open>\()
    | (?P<close>\))
    | (?P<result>1-0|0-1|1/2-1/2|½-½|\*)(?![\w/-])
    | (?P<number>\d+\s*\.+)
    | (?P<suffix>[!?]{1,2})
    | (?P<san>[A-Za-z0-9][A-Za-z0-9=+#:\-./]*[!?]{0,2})
    | (?P<newline>\n)
    | (?P<space>[ \t\r\f\v]+)
    | (?P<other>.)
    """,
    re.VERBOSE | re.MULTILINE,
)


@dataclass(frozen=True, slots=True)
class PlyNode:
    """One move of a line, as written, with what follows it in the file."""

    san: str
    nags: tuple[int, ...] = ()
    comment: str = ""
    variations: tuple[Line, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """A main line or a variation; ``comment`` stands before its first move."""

    moves: tuple[PlyNode, ...] = ()
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One game of a PGN file: its tags in file order, its moves, and where it starts."""

    tags: tuple[tuple[str, str], ...]
    main_line: Line
    termination: str  # the result written after the moves, "" when missing
    line: int  # 1-based line of the game's first tag (or first move)
    index: int  # 0-based position in the file

    def tag(self, name: str) -> str:
        for key, value in self.tags:
            if key == name:
                return value
        return ""


@dataclass(frozen=True, slots=True)
class PgnFile:
    games: tuple[PgnGame, ...]
    findings: tuple[Finding, ...] = ()


@dataclass(slots=True)
class _LineBuilder:
    moves: list[PlyNode] = field(default_factory=list)
    comment: str = ""
    # The last move's pending parts, kept mutable until the next move arrives.
    nags: list[int] = field(default_factory=list)
    after: str = ""
    variations: list[Line] = field(default_factory=list)
    san: str = ""
    # A variation too deep, past the game's budget, or before any move: read, not kept.
    skipped: bool = False

    def flush(self) -> None:
        if self.san:
            node = PlyNode(self.san, tuple(self.nags), self.after, tuple(self.variations))
            self.moves.append(node)
        self.san, self.nags, self.after, self.variations = "", [], "", []

    def line(self) -> Line:
        self.flush()
        return Line(tuple(self.moves), self.comment)


def _join(first: str, second: str) -> str:
    return f"{first} {second}" if first else second


class _Reader:
    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.findings: list[Finding] = []
        self.games: list[PgnGame] = []

    def warn(self, code: str, message: Note, line: int, severity: Severity) -> None:
        self.findings.append(Finding(severity, code, message, self.name, line, 0))

    def read(self) -> PgnFile:
        tags: list[tuple[str, str]] = []
        stack: list[_LineBuilder] = [_LineBuilder()]
        nodes = 0
        plies = 0
        line_number = 1
        game_line = 0
        dropped = 0
        binary = False

        def finish(termination: str) -> None:
            nonlocal stack, tags, nodes, plies, game_line, dropped
            while len(stack) > 1:  # variations left open at the end of the game
                variation = stack.pop()
                if not variation.skipped:
                    stack[-1].variations.append(variation.line())
            main = stack[0].line()
            if main.moves and not termination:
                self.warn(
                    "pgn-result-missing",
                    Note("the game's moves end without a result; expected 1-0, 0-1, 1/2-1/2 or *"),
                    game_line or line_number,
                    Severity.WARNING,
                )
            if plies > MAX_PLIES:
                self.warn(
                    "pgn-game-too-long",
                    Note(
                        "the game has {count:,} moves in its main line; only the first {limit:,}"
                        " are read",
                        count=plies,
                        limit=MAX_PLIES,
                    ),
                    game_line or line_number,
                    Severity.WARNING,
                )
            if main.moves or tags or termination:
                if len(self.games) < MAX_GAMES:
                    self.games.append(
                        PgnGame(
                            tuple(tags),
                            main,
                            termination,
                            game_line or line_number,
                            len(self.games),
                        )  # fmt: skip
                    )
                else:
                    dropped += 1
            tags, stack, nodes, plies, game_line = [], [_LineBuilder()], 0, 0, 0

        for match in _TOKEN.finditer(self.text):
            kind = match.lastgroup
            if kind == "newline":
                line_number += 1
                continue
            if kind == "space" or kind == "escape" or kind == "line_comment":
                continue
            current = stack[-1]
            if kind == "tag":
                if current.san or current.moves or len(stack) > 1:
                    finish("")  # a tag after moves: the previous game lacked its result
                if not game_line:
                    game_line = line_number
                value = match["value"].replace('\\"', '"').replace("\\\\", "\\")
                tags.append((match["name"], value))
                continue
            if not game_line:
                game_line = line_number
            if kind == "comment":
                body = match["comment"]
                line_number += body.count("\n")
                closed = body.endswith("}")
                text = " ".join(body[1 : -1 if closed else None].split())
                if not closed:
                    self.warn(
                        "pgn-comment-open",
                        Note("a comment '{' is never closed; expected '}' before the end"),
                        line_number,
                        Severity.WARNING,
                    )
                if len(text) > MAX_COMMENT:
                    text = text[:MAX_COMMENT] + " …"
                if current.san:
                    current.after = _join(current.after, text)
                else:
                    current.comment = _join(current.comment, text)
            elif kind == "nag":
                if current.san:
                    current.nags.append(int(match["nag"][1:]))
            elif kind == "suffix":
                if current.san:
                    current.nags.append(_SUFFIX_NAGS.get(match["suffix"], 0))
            elif kind == "open":
                skipped = (
                    current.skipped or len(stack) > MAX_DEPTH or nodes >= MAX_NODES
                    or not current.san
                )  # fmt: skip
                stack.append(_LineBuilder(skipped=skipped))
            elif kind == "close":
                if len(stack) == 1:
                    self.warn(
                        "pgn-unbalanced",
                        Note("')' closes no variation"),
                        line_number,
                        Severity.WARNING,
                    )
                    continue
                variation = stack.pop()
                if not variation.skipped:
                    stack[-1].variations.append(variation.line())
            elif kind == "result":
                if len(stack) > 1:
                    continue  # a result inside a variation ends that line only
                result = "1/2-1/2" if match["result"] == "½-½" else match["result"]
                finish(result)
            elif kind == "number":
                continue
            elif kind == "san":
                token = match["san"]
                san, suffix = token.rstrip("!?"), token[len(token.rstrip("!?")) :]
                nodes += 1
                if len(stack) == 1:
                    plies += 1
                    if plies > MAX_PLIES:
                        continue
                elif nodes > MAX_NODES:
                    continue
                current.flush()
                current.san = san
                if suffix:
                    current.nags.append(_SUFFIX_NAGS.get(suffix, 0))
            else:
                if match.group() in "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f":
                    self.warn(
                        "pgn-binary",
                        Note("the file holds binary data; expected PGN text"),
                        line_number,
                        Severity.ERROR,
                    )
                    binary = True
                    break
        if not binary:
            finish("")
        if dropped:
            self.warn(
                "pgn-games-too-many",
                Note(
                    "the file holds {count:,} games; only the first {limit:,} are read",
                    count=dropped + MAX_GAMES,
                    limit=MAX_GAMES,
                ),
                0,
                Severity.WARNING,
            )
        games = [game for game in self.games if game.main_line.moves or game.tags]
        return PgnFile(tuple(games), tuple(self.findings))


def read_pgn(text: str, name: str = "") -> PgnFile:
    """The games of a PGN text, with findings naming ``name`` and the line."""
    return _Reader(text, name).read()
