"""Playing in the terminal: humans and bots at one table, records saved and replayed.

Humans see only their own observation (through the game's text renderer), choose
from numbered legal actions or type the notation, and get a clear message and a new
prompt for anything else. Every other move and chance event is told as the game's
`announce` lets that human see it (``player 1 (ismcts): ?>2`` for a whale played face
down). With several humans at one screen (hot seat) the screen is cleared and the next
player confirms before their account of the moves since their last turn and their hand
are shown.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from boardrules.bots import Decision
from boardrules.bots.spec import check_seed, make_bot
from boardrules.errors import InvalidNotationError
from boardrules.game import CHANCE, TERMINAL, Game
from boardrules.pictures.text import render
from boardrules.records import Record
from boardrules.serialization import to_json

__all__ = ["HUMAN", "game_over", "play"]

AnyGame = Game[Any, Any, Any, Any]
HUMAN = "human"
CLEAR = "\033[2J\033[H"


def _announcer(game: AnyGame) -> Callable[[Any, Any, int | None], str]:
    """Return the game's `announce`; without one, the notation in a game of perfect
    information and a bare "moved" otherwise (an action's text may show a hidden card)."""
    announce: Callable[[Any, Any, int | None], str] | None = getattr(game, "announce", None)
    if announce is not None:
        return announce
    if getattr(game, "PERFECT_INFORMATION", False):
        return lambda state, action, observer: str(action)
    return lambda state, action, observer: "moved"


class _Account:
    """The moves one viewer has not been shown yet, a line each; chance events in a row
    share one line (``chance: draw ?, draw ?, draw 5``)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.chance = False

    def add(self, who: str, text: str) -> None:
        if who == "chance" and self.chance:
            self.lines[-1] += f", {text}"
        else:
            self.lines.append(f"{who}: {text}")
        self.chance = who == "chance"

    def flush(self) -> str:
        text = "".join(f"{line}\n" for line in self.lines)
        self.lines.clear()
        self.chance = False
        return text


class _Quit(Exception):
    """The human asked to stop."""


def _ask(game: AnyGame, state: Any, seat: int, *, read: Callable[[str], str],
         out: TextIO) -> Any:
    """Show the seat's options and read a choice until it is a legal action."""
    legal = game.legal_actions(state)
    digits = len(str(len(legal)))
    cells = [f"{number:>{digits}}. {action}" for number, action in enumerate(legal, start=1)]
    width = max(len(c) for c in cells) + 3
    per_row = max(1, 96 // width)
    for start in range(0, len(cells), per_row):
        out.write("  " + "".join(c.ljust(width) for c in cells[start:start + per_row]).rstrip()
                  + "\n")
    while True:
        try:
            text = read(f"player {seat}, your move (number or notation, ? for help): ").strip()
        except UnicodeDecodeError:  # a terminal that is not UTF-8, or stray bytes
            out.write("That line is not UTF-8 text; type it again.\n")
            continue
        if text in ("q", "quit", "exit"):
            raise _Quit
        if text in ("?", "help"):
            out.write("Type the number of an action or its notation as listed; "
                      "'q' ends the game.\n")
            continue
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) <= 12 else 0  # int() refuses 4,300+ digits
            if 1 <= number <= len(legal):
                return legal[number - 1]
            shown = text if len(text) <= 12 else text[:12] + "…"
            out.write(f"There is no action {shown}: choose 1 to {len(legal)}.\n")
            continue
        try:
            action = game.parse_action(state, text)
        except InvalidNotationError as exc:
            out.write(f"{exc}\n")
            continue
        if action in legal:
            return action
        out.write(f"{action} is not legal now; choose one of the listed actions.\n")


def play(
    game: AnyGame,
    seats: Sequence[str],
    *,
    seed: int,
    read: Callable[[str], str],
    out: TextIO,
    record_path: str | None = None,
    options: object = None,
) -> int:
    """Run one game at the terminal; return the exit status (0 done, 130 stopped early,
    1 when the record cannot be saved).

    `seats` names each seat: ``human`` or a bot (see `make_bot`). `read(prompt)` reads
    a line (like `input`); EOF or Ctrl-C ends the game cleanly. The record, finished or
    not, is written to `record_path` when given.
    """
    check_seed(seed)
    rng = random.Random(seed)
    bots = {i: make_bot(spec, seed + i) for i, spec in enumerate(seats) if spec != HUMAN}
    humans = [i for i, spec in enumerate(seats) if spec == HUMAN]
    state = game.new_game(len(seats), options)
    record = Record.start(game.NAME, len(seats), options)
    actions: list[Any] = []
    last_human: int | None = None
    tell = _announcer(game)
    # What each viewer has not been shown yet: every human, or the public when no human
    # plays. With one viewer the account is printed before each decision of theirs and
    # after each move of another seat; with several humans at one screen each reads their
    # own account after the screen is passed to them.
    # At a hot seat the public account of the moves since the last human turn is shown
    # to everyone at the end.
    hot_seat = len(humans) > 1
    viewers: list[int | None] = [*humans, None] if hot_seat else [*humans] or [None]
    accounts = {viewer: _Account() for viewer in viewers}
    status = 0
    out.write(f"{game.TITLE}: " + ", ".join(f"player {i} = {s}" for i, s in enumerate(seats))
              + "\n")
    try:
        while (mover := game.to_move(state)) is not TERMINAL:
            if mover is CHANCE:
                action = game.sample_chance(state, rng)
            elif mover in bots:
                action = bots[mover].act(Decision(game, state, mover))
            else:
                if hot_seat and last_human != mover:
                    out.write(CLEAR)
                    with contextlib.suppress(UnicodeDecodeError):  # any line will do
                        read(f"Pass the screen to player {mover} and press Enter. ")
                    out.write(CLEAR)
                out.write(accounts[mover].flush())
                if hot_seat:
                    accounts[None].flush()  # the moves before this turn: told already
                last_human = mover
                out.write(render(game, game.observe(state, mover)) + "\n")
                action = _ask(game, state, mover, read=read, out=out)
            who = "chance" if mover is CHANCE else f"player {mover} ({seats[mover]})"
            for viewer, account in accounts.items():
                if viewer != mover:
                    account.add(who, tell(state, action, viewer))
                    if not hot_seat and mover is not CHANCE:
                        out.write(account.flush())
            state = game.apply(state, action)
            actions.append(action)
        if hot_seat:
            out.write(CLEAR + "Since the last turn:\n" + accounts[None].flush())
        else:
            out.write("".join(account.flush() for account in accounts.values()))
    except (_Quit, EOFError, KeyboardInterrupt):
        out.write("\nGame stopped.\n")
        status = 130
    if status == 0:
        out.write(render(game, game.observe(state, None)) + "\n" + game_over(game, state) + "\n")
    if record_path is not None and not _save(record.extended(actions), record_path, out):
        return status or 1
    return status


def game_over(game: AnyGame, state: Any) -> str:
    """Return the line that ends a finished game: the scores and the winners."""
    result = game.result(state)
    winners = ", ".join(f"player {w}" for w in result.winners) or "nobody"
    return f"Game over. Scores: {list(result.scores)}. Winner: {winners}."


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
