"""A match to embed in a frontend: seats, bots, chance, each viewer's log, undo and a
client view in JSON.

A `Match` holds one game between seats that are humans or bots. It resolves chance
with its own seeded random numbers and lets bots move, so that whenever it waits, a
human must decide (or the game is over). Everything a frontend shows one player comes
from `Match.view`, which holds only what that player may see: their observation and its
picture, their account of the moves, and their legal actions when it is their turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from boardrules.bots import Bot, Decision
from boardrules.bots.spec import check_seed, make_bot
from boardrules.errors import BoardrulesError, IllegalActionError
from boardrules.game import CHANCE, TERMINAL, Game
from boardrules.records import Record, replay_states
from boardrules.serialization import JSONValue, to_data

__all__ = ["HUMAN", "Match", "announcer", "result_text"]

AnyGame = Game[Any, Any, Any, Any]
HUMAN = "human"
"""The seat name of a person (any other seat name is a bot's spec, see `make_bot`)."""


def announcer(game: AnyGame) -> Callable[[Any, Any, int | None], str]:
    """Return the game's `announce`; without one, the notation in a game of perfect
    information and a bare "moved" otherwise (an action's text may show a hidden card)."""
    announce: Callable[[Any, Any, int | None], str] | None = getattr(game, "announce", None)
    if announce is not None:
        return announce
    if getattr(game, "PERFECT_INFORMATION", False):
        return lambda state, action, observer: str(action)
    return lambda state, action, observer: "moved"


def result_text(game: AnyGame, state: Any) -> str:
    """Return the scores and the winners of a finished game as a sentence."""
    result = game.result(state)
    winners = ", ".join(f"player {w}" for w in result.winners) or "nobody"
    return f"Scores: {list(result.scores)}. Winner: {winners}."


class Match:
    """One game between humans and bots, played step by step.

    Args:
        game: the game module (``boardrules.load("kivi")``).
        seats: one per player: ``"human"``, a bot's spec string (``"random"``,
            ``"ismcts:200"``, see `boardrules.bots.spec.make_bot`) or a `Bot`.
        seed: the seed (a whole number >= 0) of chance and of the bots built from specs;
            the same seed and the same human choices give the same game.
        options: the game's `Options` (``None``: the defaults).
        actions: actions to replay first (a saved game: see `from_record`).

    After construction and after every human action the match plays chance and the bots
    until a human must decide or the game ends. Bad input raises a `BoardrulesError` and
    leaves the match as it was.
    """

    def __init__(self, game: AnyGame, seats: Sequence[str | Bot], *, seed: int = 0,
                 options: object = None, actions: Sequence[Any] = ()) -> None:
        check_seed(seed)
        self.game = game
        self.seed = seed
        self.seat_names = tuple(s if isinstance(s, str) else s.name for s in seats)
        """Each seat's name: ``human``, a bot's spec or a bot's `name`."""
        self.bots: dict[int, Bot] = {
            i: make_bot(s, seed + i) if isinstance(s, str) else s
            for i, s in enumerate(seats) if s != HUMAN}
        state = game.new_game(len(seats), options)
        self.record_start = Record.start(game.NAME, len(seats), options)
        """The record of the game before its first action."""
        self.states: list[Any] = [state]
        """The initial state and the state after every action (states never change)."""
        self.actions: list[Any] = []
        """Every action played, chance outcomes included."""
        self._redo: list[Any] = []
        for action in actions:
            self.states.append(game.apply(self.state, action))  # checked: it may be wrong
            self.actions.append(action)
        self.advance()

    @classmethod
    def from_record(cls, record: Record, seats: Sequence[str | Bot], *,
                    seed: int = 0) -> Match:
        """Continue a saved game: replay `record` (raising `InvalidStateError` on a bad
        one), then play on with `seats`."""
        from boardrules.registry import load  # noqa: PLC0415 - boardrules.load, a core name

        game = load(record.game)
        if len(seats) != record.players:
            raise BoardrulesError(f"the record has {record.players} players, "
                                  f"not {len(seats)} seats")
        states = list(replay_states(record))
        actions = [game.parse_action(s, t) for s, t in zip(states, record.actions,
                                                           strict=False)]
        return cls(game, seats, seed=seed, options=record.options, actions=actions)

    # -- the state of play ------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state (for the embedding program; never show it to a player)."""
        return self.states[-1]

    @property
    def to_move(self) -> Any:
        """Who acts now: a seat, or `TERMINAL` (a match never waits at a chance node)."""
        return self.game.to_move(self.state)

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats."""
        return tuple(i for i in range(len(self.seat_names)) if i not in self.bots)

    @property
    def last_move(self) -> Any:
        """The last action played (a chance outcome included), or None."""
        return self.actions[-1] if self.actions else None

    def record(self) -> Record:
        """The game so far as a `Record` (to save; `from_record` continues it)."""
        return self.record_start.extended(self.actions)

    # -- playing -----------------------------------------------------------------------

    def advance(self) -> None:
        """Play chance and bots until a human must decide or the game is over."""
        game = self.game
        while (mover := game.to_move(self.state)) is not TERMINAL:
            if mover is CHANCE:
                action = game.sample_chance(self.state, self._chance_rng())
            elif mover in self.bots:
                action = self.bots[mover].act(Decision(game, self.state, mover))
            else:
                return
            self.actions.append(action)
            self.states.append(game.apply_unchecked(self.state, action))

    def _chance_rng(self) -> random.Random:
        """The random numbers of the chance event at this step: they depend on the seed and
        the step only, so undoing a move and playing it again meets the same dice."""
        return random.Random(f"boardrules.Match:{self.seed}:{len(self.actions)}")

    def act(self, seat: int, choice: int | str | object) -> None:
        """Play `seat`'s choice: the index of one of its legal actions, the notation of one,
        or an action object; then let chance and the bots move. Undone moves can no longer
        be redone.

        Raises `BoardrulesError` (`IllegalActionError` for an action that is not legal) if
        it is not `seat`'s turn or the choice is not one of its legal actions.
        """
        action = self._choose(seat, choice)
        self.actions.append(action)
        self.states.append(self.game.apply_unchecked(self.state, action))
        self._redo.clear()
        self.advance()

    def _choose(self, seat: int, choice: object) -> Any:
        if self.to_move != seat or seat in self.bots:
            raise BoardrulesError(f"it is not player {seat}'s turn to choose")
        legal = self.game.legal_actions(self.state)
        if type(choice) is int:
            if not 0 <= choice < len(legal):
                raise BoardrulesError(f"there is no action {choice}: choose 0 to "
                                      f"{len(legal) - 1}")
            return legal[choice]
        action = self.game.parse_action(self.state, choice) if isinstance(choice, str) \
            else choice
        if action not in legal:
            raise IllegalActionError(self.state, action, f"{action} is not legal now")
        return action

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` (a human) has a decision of its own to go back to."""
        return self._undo_point(seat) is not None

    def _undo_point(self, seat: int) -> int | None:
        """The number of actions before `seat`'s last decision, or None."""
        if seat in self.bots:
            return None
        game = self.game
        for step in range(len(self.actions) - 1, -1, -1):
            if game.to_move(self.states[step]) == seat:
                return step
        return None

    def undo(self, seat: int) -> None:
        """Go back to `seat`'s previous decision: take back its last action and every action
        after it; `redo` plays them again. Raise `BoardrulesError` if there is none."""
        step = self._undo_point(seat)
        if step is None:
            raise BoardrulesError(f"player {seat} has no move to undo")
        self._redo += reversed(self.actions[step:])  # popped in order of play
        del self.actions[step:]
        del self.states[step + 1:]

    def can_redo(self) -> bool:
        """Whether undone moves can be played again."""
        return bool(self._redo)

    def redo(self, seat: int) -> None:
        """Play again the moves `undo` took back, up to `seat`'s next decision."""
        if not self._redo or self.to_move != seat:
            raise BoardrulesError(f"player {seat} has no move to redo")
        while self._redo:
            self.actions.append(self._redo.pop())
            self.states.append(self.game.apply_unchecked(self.state, self.actions[-1]))
            if self.to_move == seat:
                return
        self.advance()

    # -- what a viewer sees -------------------------------------------------------------

    def who(self, mover: Any) -> str:
        """The name of a mover in the log: ``chance`` or ``player 1 (ismcts:200)``."""
        return "chance" if mover is CHANCE else f"player {mover} ({self.seat_names[mover]})"

    def log(self, viewer: int | None) -> list[JSONValue]:
        """Each action as `viewer` (a seat, or None: the public) was told of it: the step,
        the mover's seat (None for chance), their name, the text (`announce`) and, when the
        game defines `events`, what the action caused as that viewer saw it: a list of
        ``{"kind", "text", "fields"}`` documents (`boardrules.Event.to_json`)."""
        game = self.game
        tell = announcer(game)
        events: Callable[..., Any] | None = getattr(game, "events", None)
        entries: list[JSONValue] = []
        for step, action in enumerate(self.actions):
            before = self.states[step]
            mover = game.to_move(before)
            entry: dict[str, JSONValue] = {
                "step": step, "seat": mover if isinstance(mover, int) else None,
                "who": self.who(mover), "text": tell(before, action, viewer)}
            if events is not None:
                entry["events"] = [e.to_json() for e in events(before, action,
                                                               self.states[step + 1], viewer)]
            entries.append(entry)
        return entries

    def legal_actions_view(self) -> list[JSONValue]:
        """The legal actions now, each with its index (what `act` takes), notation, label
        (the game's `label`, else the notation), kind (its class's name), fields (the game's
        `action_fields`, else ``{"kind": kind}``) and JSON document."""
        label: Callable[[Any], object] = getattr(self.game, "label", str)
        fields: Callable[[Any], JSONValue] = getattr(
            self.game, "action_fields", lambda a: {"kind": type(a).__name__})
        return [{"index": i, "notation": str(a), "label": str(label(a)),
                 "kind": type(a).__name__, "fields": fields(a), "action": to_data(a)}
                for i, a in enumerate(self.game.legal_actions(self.state))]

    def view(self, viewer: int | None) -> dict[str, JSONValue]:
        """The client view of `viewer` (a seat, or None: a spectator) as JSON data.

        Holds only what the viewer may see: the game, seats and status (``your move``,
        ``waiting``, ``game over``), the result text, the viewer's observation
        (``boardrules.to_data``) and its SVG picture, the viewer's log and last entry, and
        on the viewer's turn the legal actions (see `legal_actions_view`).
        """
        game = self.game
        if viewer is not None and not 0 <= viewer < len(self.seat_names):
            raise BoardrulesError(f"there is no seat {viewer}")
        observation = game.observe(self.state, viewer)
        mover = self.to_move
        over = mover is TERMINAL
        mine = not over and mover == viewer
        log = self.log(viewer)
        draw: Callable[..., str] | None = getattr(game, "svg", None)
        picture = None
        if draw is not None:
            # The last move's highlight may show where a hidden card went: only the
            # viewer's own moves, and every move in a game of perfect information.
            last = self.last_move
            shown = last is not None and (
                getattr(game, "PERFECT_INFORMATION", False)
                or game.to_move(self.states[-2]) == viewer)
            picture = draw(observation, last_move=last if shown else None)
        return {
            "game": game.NAME, "title": game.TITLE, "viewer": viewer,
            "seats": list(self.seat_names),
            "status": "game over" if over else "your move" if mine else "waiting",
            "to_move": mover if isinstance(mover, int) else None,
            "result": result_text(game, self.state) if over else None,
            "observation": to_data(observation),
            "svg": picture,
            "log": log,
            "last_move": log[-1] if log else None,
            "actions": self.legal_actions_view() if mine else [],
            "can_undo": viewer is not None and self.can_undo(viewer),
            "can_redo": mine and self.can_redo(),
        }
