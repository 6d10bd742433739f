"""Randomness lives here, outside the rules.

Rules functions are pure: a chance node (shuffle, draw, die roll) lists its outcomes
with exact probabilities, and `apply` takes the chosen outcome like any action.
These helpers draw outcomes with a caller-supplied `random.Random`; `playout` plays
random games, the inner loop of simulators and of search bots' rollouts: one loop for
every game, over the game's own `sample_chance`, `legal_actions` and `apply_unchecked`.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from boardrules._owners import wrong_game
from boardrules.errors import InvalidArgumentError, quote
from boardrules.game import CHANCE, TERMINAL, Game
from boardrules.registry import game_of

__all__ = ["playout", "resolve_chance", "sample_chance"]

S = TypeVar("S")


def sample_chance(state: object, rng: random.Random) -> object:
    """Draw one chance outcome of `state` (a chance node of any registered game).

    The draw follows exactly the probabilities of the game's `chance_outcomes`
    without listing them.
    """
    game, _ = game_of(state)
    return game.sample_chance(state, rng)


def resolve_chance(state: S, rng: random.Random) -> S:
    """Apply sampled chance outcomes until a player must decide or the game is over.

    >>> import random
    >>> from boardrules.games import kivi
    >>> state = resolve_chance(kivi.new_game(2), random.Random(1))
    >>> kivi.to_move(state), len(state.dice)
    (0, 6)
    """
    game, _ = game_of(state)
    while game.to_move(state) is CHANCE:
        state = game.apply_unchecked(state, game.sample_chance(state, rng))
    return state


def playout(game: Game[S, Any, Any, Any], state: S, rng: random.Random,
            max_steps: int | None = None) -> S:
    """Play uniformly random legal actions, chance sampled, from `state` to the end.

    Stops at the end of the game, or once `max_steps` actions (chance outcomes
    included) have been applied. Returns the state reached; `state` never changes.
    A state of another game raises `WrongGameError` naming both games. This is the
    inner loop of simulators and of search bots' rollouts, the same for every game; it
    draws from `rng` in this order::

        while not terminal and steps < max_steps:
            if to_move(state) is CHANCE: action = sample_chance(state, rng)
            else: action = rng.choice(legal_actions(state))
            state = apply_unchecked(state, action)

    A `random.Random` draws the same number for ``rng.choice(legal)`` as for
    ``legal[rng.randrange(len(legal))]``, so a loop written either way (the conformance
    kit's `random_playout` uses `choice`) plays the same game from the same seed; `choice`
    is the cheaper call.

    >>> import random
    >>> from boardrules.games import kivi
    >>> end = playout(kivi, kivi.new_game(2), random.Random(7))
    >>> kivi.is_terminal(end)
    True
    >>> end == playout(kivi, kivi.new_game(2), random.Random(7))
    True
    >>> playout(kivi, kivi.new_game(2), random.Random(7), max_steps=1).dice != ()
    True
    """
    if max_steps is not None and (type(max_steps) is not int or max_steps < 0):
        raise InvalidArgumentError(
            f"max_steps must be None or a whole number >= 0, got {quote(max_steps)}")
    if not isinstance(state, game.State):
        raise wrong_game(f"playout({game.NAME})", f"{game.NAME}.State", state)
    to_move, legal_actions = game.to_move, game.legal_actions
    apply, sample, choice = game.apply_unchecked, game.sample_chance, rng.choice
    steps = -1 if max_steps is None else max_steps
    while steps and (mover := to_move(state)) is not TERMINAL:
        if mover is CHANCE:
            state = apply(state, sample(state, rng))
        else:
            state = apply(state, choice(legal_actions(state)))
        steps -= 1
    return state

