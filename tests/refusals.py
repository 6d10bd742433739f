"""A check shared by the games' refusal tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardrules import IllegalActionError, WrongGameError
from boardrules.games import GAMES


def assert_refused(game: Any, state: object, action: object, reason: str, rule: str) -> None:
    """Check that `game.apply` refuses `action` in `state` with exactly `reason` and `rule`,
    naming the state and the action it was given."""
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, action)
    assert (err.value.reason, err.value.rule) == (reason, rule)
    assert err.value.state is state and err.value.action is action


STATE_FUNCTIONS = (
    ("legal_actions", ()), ("to_move", ()), ("chance_outcomes", ()), ("is_terminal", ()),
    ("returns", ()), ("result", ()), ("inventory", ()), ("scores", ()), ("heuristic", ()),
    ("chance_probabilities", ()), ("observe", (0,)), ("resample", (0, random.Random(0))),
    ("sample_chance", (random.Random(0),)), ("playout", (random.Random(0),)),
    ("apply", (None,)),
)
"""The public functions of a game that take a state first, with their other arguments."""


def assert_foreign_states_refused(game: Any) -> None:
    """Check that each public function of `game` that takes a state refuses another game's
    with `WrongGameError`, naming itself (``game.function``) and both state classes, and
    that ``action_bound`` refuses another game's options likewise."""
    other = GAMES["kivi" if game.NAME != "kivi" else "lustry"]
    foreign = other.new_game(other.MIN_PLAYERS)
    checked = 0
    for name, args in STATE_FUNCTIONS:
        function = getattr(game, name, None)
        if function is None:
            continue
        with pytest.raises(WrongGameError) as err:
            function(foreign, *args)
        assert str(err.value) == (f"{game.NAME}.{name}: expected a {game.NAME}.State, got a "
                                  f"{other.NAME}.State"), name
        checked += 1
    assert checked >= 11
    with pytest.raises(WrongGameError) as err:
        game.action_bound(game.MIN_PLAYERS, other.Options())
    assert str(err.value) == (f"{game.NAME}.action_bound: expected a {game.NAME}.Options, got a "
                              f"{other.NAME}.Options")
