"""Game pages (``EVENT/games/R-B.html``) and the games as PGN downloads.

Each page draws the final position on the server (readers without JavaScript and
the print view see it) and embeds what each move does (``Replay.steps``), from which
the theme's viewer script steps through the main line without chess rules of its own.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from html import escape

from trfsite.formats.pgn import Line
from trfsite.formats.pgn.writer import game_text, line_tokens, move_number, nag_text
from trfsite.model import Tournament
from trfsite.pages.common import player_refs, ref_in
from trfsite.pages.contexts import BoardView, BulletinGame, DownloadFile, GamePage
from trfsite.pages.game_types import EventGame, EventGames, event_pgn
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData, PagePlan, meta_for

FILES = "abcdefgh"
# White's pieces outlined, Black's filled, as diagrams print them; U+FE0E asks for the
# text form, lest a phone draw the black pawn as an emoji.
GLYPHS = {
    letter: glyph + "\ufe0e" for letter, glyph in zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟", strict=True)
}


def board_view(placement: str) -> BoardView:
    """The 64 squares of a FEN placement, from a8 to h1 as a board is read."""
    squares: list[tuple[str, str]] = []
    white: list[tuple[str, str]] = []
    black: list[tuple[str, str]] = []
    for row, rank_text in enumerate(placement.split("/")):
        file = 0
        for char in rank_text:
            if char.isdigit():
                for _ in range(int(char)):
                    squares.append((f"{FILES[file]}{8 - row}", ""))
                    file += 1
                continue
            name = f"{FILES[file]}{8 - row}"
            squares.append((name, GLYPHS.get(char, "")))
            (white if char.isupper() else black).append((char.upper(), name))
            file += 1
    order = "KQRBNP"
    white.sort(key=lambda piece: (order.index(piece[0]), piece[1]))
    black.sort(key=lambda piece: (order.index(piece[0]), piece[1]))
    return BoardView(placement, tuple(squares), tuple(white), tuple(black))


def _first_move(fen: str) -> tuple[bool, int]:
    """Whether White moves first from the FEN ``fen``, and the first move's number."""
    fields = fen.split()
    number = fields[5] if len(fields) > 5 and fields[5].isdigit() else "1"
    return (len(fields) < 2 or fields[1] != "b"), max(1, int(number[:6]))


def score_html(
    line: Line, sans: tuple[str, ...], white_first: bool, first_number: int
) -> tuple[str, str]:
    """The main line as the page's score, and its last move played (``"17.Rd8#"``).

    Written here rather than in the template: a game of 80 moves is some 500 small
    pieces, and a 2,000-game event must not double its build (issue 42). ``sans``:
    the moves the board could play, as the replay writes them (check signs); the
    moves after them are shown as written, greyed, without a position.
    """
    parts: list[str] = []
    if line.comment:
        parts.append(f'<span class="comment">{escape(line.comment)}</span> ')
    notes = dict(line.annotations)
    offset = 0 if white_first else 1
    played = len(sans)
    numbered = False
    last = ""
    for index, written in enumerate(line.sans):
        number, black = divmod(offset + index, 2)
        number += first_number
        san = escape(sans[index] if index < played else written)
        note = notes.get(index)
        nags = escape(nag_text(note.nags)) if note is not None and note.nags else ""
        label = f"{number}...{san}" if black else f"{number}.{san}"
        shown = "" if black and numbered else (f"{number}..." if black else f"{number}.")
        head = f'<span class="num">{shown}</span> ' if shown else ""
        if index < played:
            last = label
            move = (
                f'<button type="button" class="mv" data-ply="{index + 1}" '
                f'data-move="{label}">{san}{nags}</button>'
            )
        else:
            move = f'<span class="mv unplayed">{san}{nags}</span>'
        parts.append(f'<span class="m">{head}{move}</span> ')
        numbered = True
        if note is None:
            continue
        if note.comment:
            parts.append(f'<span class="comment">{escape(note.comment)}</span> ')
            numbered = False
        for variation in note.variations:
            text = " ".join(line_tokens(variation, index, white_first, first_number, glyphs=True))
            parts.append(f'<span class="variation">({escape(text)})</span> ')
            numbered = False
    return "".join(parts), last


def _stop_label(line: Line, ply: int, white_first: bool, first_number: int) -> str:
    """``"5.Ke3"``: the move the board stops before, "" when none."""
    if not 0 <= ply < len(line.sans):
        return ""
    number, white = move_number(ply, white_first, first_number)
    return f"{number}.{'' if white else '..'}{line.sans[ply]}"


def board_html(view: BoardView) -> str:
    """The 64 squares of the server-drawn board, light and dark as on a board."""
    return "".join(
        f'<span class="sq {"d" if (index // 8 + index % 8) % 2 else "l"}">{piece}</span>'
        for index, (_, piece) in enumerate(view.squares)
    )


def bulletin_games(
    t: Tournament, games: EventGames, chosen: tuple[tuple[int, int], ...]
) -> tuple[BulletinGame, ...]:
    """The games ``chosen`` ((round, board), as ``bulletin_games`` names them) that the
    event has, in that order, for the PDF."""
    by_key = {(game.round, game.board): game for game in games.games}
    players = players_by_id(t)
    made = []
    for key in chosen:
        game = by_key.get(key)
        if game is None:
            continue
        replayed = game.replayed
        white_first, first_number = _first_move(replayed.start)
        main = game.game.main_line
        shown = replace(main, sans=replayed.sans + main.sans[len(replayed.sans) :])
        tokens = line_tokens(shown, 0, white_first, first_number, glyphs=True)
        view = board_view(replayed.final)
        glyphs = [piece.replace("\ufe0e", "") for _, piece in view.squares]
        white, black = players.get(game.white), players.get(game.black)
        made.append(
            BulletinGame(
                round=game.round,
                board=game.board,
                white=white.name.strip() if white else game.game.tag("White"),
                black=black.name.strip() if black else game.game.tag("Black"),
                result=game.result,
                opening=_opening(game),
                ranks=tuple(tuple(glyphs[rank * 8 : rank * 8 + 8]) for rank in range(8)),
                score=" ".join([*tokens, game.result]),
                stop=_stop_label(main, replayed.stop_ply, white_first, first_number),
                placement=replayed.final,
            )
        )
    return tuple(made)


def _opening(game: EventGame) -> str:
    names = (game.game.tag("Opening"), game.game.tag("Variation"))
    named = " – ".join(part for part in names if part.strip())
    return " ".join(part for part in (game.game.tag("ECO").strip(), named) if part)


def game_page(data: EventData, game: EventGame, previous: str, following: str) -> GamePage:
    t = data.tournament
    refs = player_refs(t)
    players = players_by_id(t)
    white, black = players.get(game.white), players.get(game.black)
    replayed = game.replayed
    white_first, first_number = _first_move(replayed.start)
    main = game.game.main_line
    score, last = score_html(main, replayed.sans, white_first, first_number)
    final = board_view(replayed.final)
    source = f"{game.source}:{game.game.line}"
    return GamePage(
        meta=meta_for(data.job, data.header.name, f"{game.path}", "rounds"),
        event=data.header,
        round=game.round,
        board=game.board,
        white=ref_in(refs, game.white),
        black=ref_in(refs, game.black),
        white_rating=(white.rating or None) if white else None,
        black_rating=(black.rating or None) if black else None,
        result=game.result,
        eco=game.game.tag("ECO").strip(),
        opening=" – ".join(
            part for part in (game.game.tag("Opening"), game.game.tag("Variation")) if part.strip()
        ),
        date=game.game.tag("Date").strip().replace("??", "").strip(".") or "",
        score=score,
        last_move=last,
        final=final,
        squares=board_html(final),
        start=replayed.start.split()[0],
        steps=" ".join(replayed.steps),
        stop=_stop_label(main, replayed.stop_ply, white_first, first_number),
        source=source,
        download=f"games/round-{game.round}.pgn",
        previous=previous,
        next=following,
    )


def pgn_of(data: EventData, games: tuple[EventGame, ...]) -> str:
    """The games in export format, with the event's own names and FIDE ids (and a FIDE
    id's rating) where the PGN lacked them. [privacy] is done by then: an anonymised
    player has neither name nor id here, and the game no tag that names them."""
    players = players_by_id(data.tournament)
    texts = []
    for game in games:
        overrides = {"Round": f"{game.round}.{game.board}"}
        if not game.game.tag("Event").strip("? "):
            overrides["Event"] = data.header.name
        for colour, pid in (("White", game.white), ("Black", game.black)):
            player = players.get(pid)
            if player is None:
                continue
            overrides[colour] = player.name.strip()
            if not player.fide_id.strip().strip("0"):
                continue  # a rating without a FIDE id is not an Elo
            if not game.game.tag(f"{colour}FideId"):
                overrides[f"{colour}FideId"] = player.fide_id.strip()
            if player.rating and not game.game.tag(f"{colour}Elo"):
                overrides[f"{colour}Elo"] = str(player.rating)
        white_first = _first_move(game.replayed.start)[0]
        texts.append(game_text(game.game, overrides, white_first))
    return "\n".join(texts)


def game_pages(data: EventData) -> list[PagePlan]:
    """A page per game, and the PGN of each round and of the event."""
    games = data.games
    if not games.games:
        return []
    slug = data.job.slug
    plans: list[PagePlan] = []
    for round_no in data.header.rounds:
        in_round = games.of_round(round_no)
        paths = [game.path for game in in_round]
        for index, game in enumerate(in_round):
            previous = paths[index - 1] if index else ""
            following = paths[index + 1] if index + 1 < len(paths) else ""
            plans.append(
                PagePlan(
                    f"{slug}/{game.path}",
                    "game.html",
                    partial(game_page, data, game, previous, following),
                )
            )
    plans.append(PagePlan(f"{slug}/{event_pgn(slug)}", "", partial(_downloads, data)))
    return plans


def _downloads(data: EventData) -> DownloadFile:
    """The event's PGN, and each round's beside it: every game exported once."""
    slug = data.job.slug
    rounds = []
    for round_no in data.header.rounds:
        in_round = data.games.of_round(round_no)
        if in_round:
            rounds.append((f"{slug}/games/round-{round_no}.pgn", pgn_of(data, in_round)))
    return DownloadFile("\n".join(text for _, text in rounds), tuple(rounds))
