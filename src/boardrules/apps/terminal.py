"""Playing in the terminal: humans and bots at one table, records saved and replayed.

`play` runs a `boardrules.apps.match.Match` at the terminal: the match resolves chance
and lets the bots move; the terminal shows each human their own observation (through the
game's text renderer) and the match's log as that human may see it (``player 1
(ismcts): ?>2`` for a whale played face down, then what the move caused), and reads
their choice: a number, the notation, or a command (``help`` with the game's notation
legend, ``undo``, ``redo``, ``filter TEXT``, a group's name, ``q``). A large decision is
shown as groups of actions with their counts, so that the board stays on the screen.
With several humans at one screen (hot seat) the screen is cleared and the next player
confirms before their account of the moves since their last turn and their hand are
shown.

Colours (ANSI) are on when `use_color` says so: ``--color always``, or ``auto`` on a
terminal without ``NO_COLOR`` set.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, TextIO

import attrs

from boardrules.apps.match import HUMAN, Match, result_text
from boardrules.bots.spec import check_seed
from boardrules.errors import BoardrulesError, quote
from boardrules.game import TERMINAL, Game
from boardrules.pictures.text import render
from boardrules.records import Record
from boardrules.serialization import JSONValue, to_json

__all__ = ["COLOR_CHOICES", "HUMAN", "MAX_ROWS", "Paint", "game_over", "play", "replay_as",
           "use_color"]

AnyGame = Game[Any, Any, Any, Any]
CLEAR = "\033[2J\033[H"
WIDTH: Final = 96
"""The width the menus are laid out in."""
MAX_ROWS: Final = 12
"""The most rows a list of actions may take: a larger decision is shown as groups."""
COLOR_CHOICES: Final = ("auto", "always", "never")
"""The values of ``--color``."""
_SGR: Final = MappingProxyType({"bold": "1", "dim": "2", "red": "31", "green": "32",
                                "yellow": "33", "cyan": "36"})


def use_color(choice: str, stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what goes to `stream`: ``always``, ``never``, or ``auto``: when
    `stream` is a terminal and ``NO_COLOR`` is not set to a non-empty value
    (https://no-color.org) in `environ` (default: `os.environ`)."""
    if choice not in COLOR_CHOICES:
        raise BoardrulesError(f"--color must be one of {', '.join(COLOR_CHOICES)}, "
                              f"not {quote(choice)}")
    if choice != "auto":
        return choice == "always"
    environ = os.environ if environ is None else environ
    return not environ.get("NO_COLOR") and stream.isatty()


@attrs.frozen
class Paint:
    """Wraps text in ANSI colours when `on`, and leaves it alone otherwise."""

    on: bool
    """Whether to colour at all."""

    def __call__(self, text: str, style: str) -> str:
        """Return `text` in `style` (``bold``, ``dim``, ``red``, ``green``, ``yellow``,
        ``cyan``)."""
        return f"\033[{_SGR[style]}m{text}\033[0m" if self.on and text else text


# -- what a viewer is told --------------------------------------------------------------


def _events(entry: Mapping[str, JSONValue]) -> list[str]:
    """The texts of a log entry's events (plain strings, or event documents with a text)."""
    events = entry.get("events")
    if not isinstance(events, list):
        return []
    texts = [event.get("text") if isinstance(event, dict) else event for event in events]
    return [text for text in texts if isinstance(text, str) and text]


def _account(entries: Sequence[JSONValue], viewer: int | None, paint: Paint) -> str:
    """Return log entries (`Match.log`) as lines for `viewer`: ``who: text`` for each move
    of another seat and each chance event (chance events in a row share a line: ``chance:
    draw ?, draw ?, draw 5``), the viewer's own moves left out unless they caused events
    (``you: challenge``), and under each entry the events it caused, indented."""
    lines: list[str] = []
    joined = False  # the last line is a chance line more chance events may join
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        who, text = str(entry.get("who")), str(entry.get("text"))
        chance = entry.get("seat") is None
        events = _events(entry)
        if viewer is not None and entry.get("seat") == viewer:
            if events:
                lines.append(f"{paint('you:', 'cyan')} {text}")
            joined = False
        elif chance and joined:
            lines[-1] += f", {text}"
        else:
            lines.append(f"{paint(who + ':', 'dim' if chance else 'cyan')} {text}")
            joined = chance
        for event in events:
            lines.append("  " + paint(event, "yellow"))
            joined = False
    return "".join(f"{line}\n" for line in lines)


def replay_as(record: Record, viewer: int | None, out: TextIO) -> None:
    """Write the moves of a record as `viewer` (a seat, or None: the spectator) was told
    them (`Match.log`: the announcement, then the events indented), with the viewer's
    observation before each of their decisions (``boardrules replay --player``)."""
    match = Match.from_record(record, [HUMAN] * record.players)
    game = match.game
    # A match of humans plays nothing by itself, but chance after an unfinished record.
    for entry in match.log(viewer)[:len(record.actions)]:
        assert isinstance(entry, dict)
        step, seat = entry["step"], entry["seat"]
        assert isinstance(step, int)
        if viewer is not None and seat == viewer:
            out.write(render(game, game.observe(match.states[step], viewer)) + "\n")
        who = "chance" if seat is None else f"player {seat}"
        out.write(f"{step + 1:>4}. {who}: {entry['text']}\n")
        out.write("".join(f"        {text}\n" for text in _events(entry)))


def game_over(game: AnyGame, state: Any) -> str:
    """Return the line that ends a finished game: the scores and the winners."""
    return f"Game over. {result_text(game, state)}"


# -- the menu of a decision -------------------------------------------------------------

Choice = tuple[int, str, str]
"""An action as the menu shows it: its number (from 1), its notation and its label."""


def _grid(cells: Sequence[tuple[str, str, str]], paint: Paint) -> list[str]:
    """Lay out (number, text, style of the text or "") cells in columns across `WIDTH`."""
    digits = max(len(number) for number, _, _ in cells)
    width = max(len(text) for _, text, _ in cells) + 3
    per_row = max(1, (WIDTH - 2) // (digits + 1 + width))
    painted = [(paint(number.rjust(digits), "dim") if number else " " * digits) + " "
               + (paint(text, style) if style else text) + " " * (width - len(text))
               for number, text, style in cells]
    return ["  " + "".join(painted[start:start + per_row]).rstrip()
            for start in range(0, len(cells), per_row)]


def _groups(choices: Sequence[Choice], depth: int) -> dict[str, list[Choice]]:
    """Group choices by the first ``depth + 1`` words of their notation, in order."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        key = " ".join(choice[1].split()[:depth + 1])
        groups.setdefault(key, []).append(choice)
    return groups


def _menu(choices: Sequence[Choice], paint: Paint, *, depth: int = 0) -> str:
    """Return the menu of `choices` (number, notation, label).

    Few labelled choices are shown one a line with their label, others numbered in
    columns; when that takes more than `MAX_ROWS` rows, the choices are grouped by the
    next word of their notation after the first `depth` (``play (98)``; a group of one
    shows its action), and a group's name is what the player types to list it.
    """
    if not choices:
        return "  (none)\n"
    if any(label != notation for _, notation, label in choices) and len(choices) <= MAX_ROWS:
        digits = len(str(max(number for number, _, _ in choices)))
        width = max(len(notation) for _, notation, _ in choices)
        return "".join(
            "  " + paint(f"{number:>{digits}}.", "dim") + " "
            + (f"{notation.ljust(width)}   {label}" if label != notation else notation)
            + "\n" for number, notation, label in choices)
    grid = _grid([(f"{number}.", notation, "") for number, notation, _ in choices], paint)
    if len(grid) <= MAX_ROWS:
        return "".join(f"{row}\n" for row in grid)
    groups = _groups(choices, depth)
    while len(groups) == 1 and any(len(c[1].split()) > depth + 1 for c in choices):
        depth += 1  # every choice shares this word: group by the next one
        groups = _groups(choices, depth)
    if len(groups) in (1, len(choices)):
        return "".join(f"{row}\n" for row in grid)  # grouping would not help
    cells = [(f"{members[0][0]}.", members[0][1], "") if len(members) == 1
             else ("", f"{key} ({len(members)})", "bold")
             for key, members in groups.items()]
    example = next(key for key, members in groups.items() if len(members) > 1)
    hint = (f"{len(choices)} actions: type a group's name ('{example}') to list it, or "
            "'filter TEXT' to search.")
    return "".join(f"{row}\n" for row in _grid(cells, paint)) + "  " + paint(hint, "dim") + "\n"


def _matching(choices: Sequence[Choice], text: str) -> list[Choice]:
    """The choices whose notation begins with the words of `text` (a group's name); case
    is free."""
    words = text.casefold().split()
    return [c for c in choices if c[1].casefold().split()[:len(words)] == words] if words \
        else []


# -- the table --------------------------------------------------------------------------

COMMANDS: Final = (
    "Type an action's number or its notation (below). A group's name (the first words of its\n"
    "actions) lists them; 'filter TEXT' lists the actions containing TEXT; 'list' shows all\n"
    "again; 'undo' takes back your last move and 'redo' plays it again; 'q' ends the game.")


class _Quit(Exception):
    """The human asked to stop."""


class _Table:
    """One game at the terminal: the match, and what each viewer has been shown.

    The viewers are every human, or the public when no human plays; with several humans
    at one screen (hot seat) the public too, to tell everyone the moves after the last
    human turn at the end.
    """

    def __init__(self, game: AnyGame, seats: Sequence[str], *, read: Callable[[str], str],
                 out: TextIO, paint: Paint) -> None:
        self.game = game
        self.read = read
        self.out = out
        self.paint = paint
        humans = [i for i, spec in enumerate(seats) if spec == HUMAN]
        self.hot_seat = len(humans) > 1
        viewers: list[int | None] = [*humans, None] if self.hot_seat else [*humans] or [None]
        self.seen: dict[int | None, int] = dict.fromkeys(viewers, 0)
        """How many steps of the log each viewer has been shown."""
        self.match: Match | None = None
        self.last_human: int | None = None

    def tell(self, viewer: int | None) -> str:
        """The log since `viewer` was last told, as lines; they count as told now."""
        assert self.match is not None
        start = min(self.seen[viewer], len(self.match.actions))  # less after an undo
        self.seen[viewer] = len(self.match.actions)
        return _account(self.match.log(viewer, start), viewer, self.paint)

    def on_move(self, match: Match) -> None:
        """Show a bot's move at once to the one viewer (chance waits for the next move)."""
        self.match = match
        if not self.hot_seat and self.game.to_move(match.states[-2]) in match.bots:
            (viewer,) = self.seen
            self.out.write(self.tell(viewer))

    def turn(self, seat: int) -> None:
        """Show `seat` their account and view, and play their choice (or undo, redo)."""
        assert self.match is not None
        game, out, read = self.game, self.out, self.read
        if self.hot_seat and self.last_human != seat:
            out.write(CLEAR)
            with contextlib.suppress(UnicodeDecodeError):  # any line will do
                read(f"Pass the screen to player {seat} and press Enter. ")
            out.write(CLEAR)
        out.write(self.tell(seat))
        if self.hot_seat:
            self.tell(None)  # the moves before this turn: told already
        self.last_human = seat
        out.write(render(game, game.observe(self.match.state, seat)) + "\n")
        self.choose(seat)

    def choose(self, seat: int) -> None:
        """Read `seat`'s choice until the match takes it."""
        assert self.match is not None
        match, game, out, paint = self.match, self.game, self.out, self.paint
        label: Callable[[Any], object] = getattr(game, "label", str)
        choices = [(number, str(action), str(label(action)))
                   for number, action in enumerate(game.legal_actions(match.state), 1)]
        out.write(_menu(choices, paint))
        while True:
            try:
                text = self.read(f"player {seat}, your move (number or notation, "
                                 "? for help): ").strip()
            except UnicodeDecodeError:  # a terminal that is not UTF-8, or stray bytes
                out.write(paint("That line is not UTF-8 text; type it again.", "red") + "\n")
                continue
            command, _, rest = text.partition(" ")
            command = command.casefold()
            if text.casefold() in ("q", "quit", "exit"):
                raise _Quit
            if text.casefold() in ("?", "help"):
                legend = getattr(game, "NOTATION_HELP", "")
                out.write(COMMANDS + "\n\n" + (legend or f"{game.TITLE}: no legend") + "\n")
            elif text.casefold() in ("list", "ls"):
                out.write(_menu(choices, paint))
            elif command == "filter" and not rest.strip():
                out.write(paint("Filter by what? For example: filter "
                                f"{choices[0][1].split()[-1]}", "red") + "\n")
            elif command == "filter":
                found = [c for c in choices if rest.strip().casefold() in c[1].casefold()
                         or rest.strip().casefold() in c[2].casefold()]
                out.write(f"{len(found)} of {len(choices)} actions contain "
                          f"{quote(rest.strip())}:\n" + _menu(found, paint))
            elif text.casefold() in ("undo", "redo"):
                if self.undo(seat, redo=text.casefold() == "redo"):
                    return
            elif text.isascii() and text.isdigit():
                number = int(text) if len(text) <= 12 else 0  # int() refuses 4,300+ digits
                if 1 <= number <= len(choices):
                    match.act(seat, number - 1)
                    return
                shown = text if len(text) <= 12 else text[:12] + "…"
                out.write(paint(f"There is no action {shown}: choose 1 to {len(choices)}.",
                                "red") + "\n")
            else:
                try:
                    match.act(seat, text)
                except BoardrulesError as exc:
                    group = _matching(choices, text)
                    if group:
                        out.write(_menu(group, paint, depth=len(text.split())))
                    else:
                        out.write(paint(str(exc), "red") + "\n")
                    continue
                return

    def undo(self, seat: int, *, redo: bool) -> bool:
        """Take back `seat`'s last move (or play it again); say why not and return False
        if it cannot be done."""
        assert self.match is not None
        match, paint = self.match, self.paint
        if self.hot_seat:
            problem = "Undo and redo are for one human against bots, not at a hot seat."
        elif redo and not match.can_redo():
            problem = "There is no move to redo."
        elif not redo and not match.can_undo(seat):
            problem = "There is no move of yours to undo."
        else:
            if redo:
                match.redo(seat)
            else:
                match.undo(seat)
                self.out.write(paint("Took back your last move.", "yellow") + "\n")
            return True
        self.out.write(paint(problem, "red") + "\n")
        return False


def play(
    game: AnyGame,
    seats: Sequence[str],
    *,
    seed: int,
    read: Callable[[str], str],
    out: TextIO,
    record_path: str | None = None,
    options: object = None,
    color: bool = False,
) -> int:
    """Run one game at the terminal; return the exit status (0 done, 130 stopped early,
    1 when the record cannot be saved).

    `seats` names each seat: ``human`` or a bot (see `make_bot`); the game is a `Match`
    with this `seed`. `read(prompt)` reads a line (like `input`); EOF or Ctrl-C ends the
    game cleanly. The record, finished or not, is written to `record_path` when given.
    `color` turns on ANSI colours (see `use_color`).
    """
    check_seed(seed)
    paint = Paint(color)
    table = _Table(game, seats, read=read, out=out, paint=paint)
    status = 0
    out.write(paint(f"{game.TITLE}: " + ", ".join(f"player {i} = {s}"
                                                   for i, s in enumerate(seats)), "bold")
              + "\n")
    try:
        table.match = Match(game, seats, seed=seed, options=options, on_move=table.on_move)
        while (mover := table.match.to_move) is not TERMINAL:
            table.turn(mover)
        if table.hot_seat:
            out.write(CLEAR + "Since the last turn:\n" + table.tell(None))
        else:
            out.write("".join(table.tell(viewer) for viewer in table.seen))
    except (_Quit, EOFError, KeyboardInterrupt):
        out.write("\n" + paint("Game stopped.", "yellow") + "\n")
        status = 130
    match = table.match
    if status == 0 and match is not None:
        out.write(render(game, game.observe(match.state, None)) + "\n"
                  + paint(game_over(game, match.state), "green") + "\n")
    if record_path is not None:
        record = match.record() if match is not None else Record.start(
            game.NAME, len(seats), options)
        if not _save(record, record_path, out):
            return status or 1
    return status


def _save(record: Record, path: str, out: TextIO) -> bool:
    """Write the record to `path` and say so; say why not and return False if it fails."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(to_json(record, indent=1) + "\n")
    except OSError as exc:
        out.write(f"Cannot save the record to {path}: {exc.strerror}.\n")
        return False
    out.write(f"Record saved to {path} ({len(record.actions)} actions).\n")
    return True
