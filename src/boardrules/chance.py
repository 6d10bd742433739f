"""Randomness lives here, outside the rules.

Rules functions are pure: a chance node (shuffle, draw, die roll) lists its outcomes
with exact probabilities, and `apply` takes the chosen outcome like any action.
These helpers draw outcomes with a caller-supplied `random.Random`.
"""

from __future__ import annotations

import random
from typing import TypeVar

from boardrules.game import CHANCE
from boardrules.games import game_of

__all__ = ["resolve_chance", "sample_chance"]

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
