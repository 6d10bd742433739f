"""Every game's objects, and each public function of a game called with another game's
(issue #31 item 7, issue #29): what the cross-game tests and the fuzz suite share."""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from boardrules.chance import resolve_chance
from boardrules.game import CHANCE
from boardrules.games import GAMES, AnyGame

SECONDS: Final = 5.0
"""The most one call may take (a cross-game call once looped forever)."""


@attrs.frozen
class Objects:
    """A game's objects of each kind, taken from a random game a few decisions in."""

    game: Any
    state: Any
    chance: Any
    """A chance node (the first state of a new game), or the same as `state`."""
    action: Any
    observation: Any
    options: Any


def objects(name: str, seed: int = 0, steps: int = 6) -> Objects:
    """Return `name`'s objects at a decision `steps` decisions into a seeded random game."""
    game: Any = GAMES[name]
    rng = random.Random(seed)
    start = game.new_game(game.MIN_PLAYERS)
    state = resolve_chance(start, rng)
    for _ in range(steps):
        nxt = resolve_chance(game.apply(state, rng.choice(game.legal_actions(state))), rng)
        if game.is_terminal(nxt):
            break
        state = nxt
    chance = start if game.to_move(start) is CHANCE else state
    return Objects(game, state, chance, game.legal_actions(state)[0], game.observe(state, 0),
                   game.Options())


Call = Callable[[], object]


def calls(own: Objects, other: Objects) -> Iterator[tuple[str, Call]]:
    """Yield ``(function name, call)`` for every public function of `own.game` given
    `other`'s objects where its own belong (the trusted ``apply_unchecked`` aside)."""
    g, o = own.game, other
    rng = random.Random(1)
    table: list[tuple[str, Call]] = [
        ("new_game", lambda: g.new_game(g.MIN_PLAYERS, o.options)),
        ("legal_actions", lambda: g.legal_actions(o.state)),
        ("apply", lambda: g.apply(o.state, own.action)),
        ("apply", lambda: g.apply(own.state, o.action)),
        ("to_move", lambda: g.to_move(o.state)),
        ("chance_outcomes", lambda: g.chance_outcomes(o.chance)),
        ("sample_chance", lambda: g.sample_chance(o.chance, rng)),
        ("is_terminal", lambda: g.is_terminal(o.state)),
        ("returns", lambda: g.returns(o.state)),
        ("result", lambda: g.result(o.state)),
        ("observe", lambda: g.observe(o.state, 0)),
        ("resample", lambda: g.resample(o.state, 0, rng)),
        ("parse_action", lambda: g.parse_action(o.state, str(own.action))),
        ("validate_state", lambda: g.validate_state(o.state)),
        ("inventory", lambda: g.inventory(o.state)),
        ("action_bound", lambda: g.action_bound(g.MIN_PLAYERS, o.options)),
    ]
    optional: list[tuple[str, Call]] = [
        ("playout", lambda: g.playout(o.state, rng, 50)),
        ("chance_probabilities", lambda: g.chance_probabilities(o.chance)),
        ("announce", lambda: g.announce(o.state, own.action, 0)),
        ("announce", lambda: g.announce(own.state, o.action, 0)),
        ("events", lambda: g.events(o.state, own.action, g.apply(own.state, own.action), 0)),
        ("events", lambda: g.events(own.state, o.action, g.apply(own.state, own.action), 0)),
        ("events", lambda: g.events(own.state, own.action, o.state, 0)),
        ("label", lambda: g.label(o.action)),
        ("action_fields", lambda: g.action_fields(o.action)),
        ("heuristic", lambda: g.heuristic(o.state)),
        ("believe", lambda: g.believe(o.state, 0, rng)),
        ("scores", lambda: g.scores(o.state)),
        ("render", lambda: g.render(o.observation)),
        ("svg", lambda: g.svg(o.observation)),
        ("svg", lambda: g.svg(own.observation, last_move=o.action)),
        ("validate_observation", lambda: g.validate_observation(o.observation)),
        ("observe_tensor", lambda: g.observe_tensor(o.state, 0)),
        ("observation_tensor", lambda: g.observation_tensor(o.observation)),
        ("action_space", lambda: g.action_space(g.MIN_PLAYERS, o.options)),
        ("tensor_layout", lambda: g.tensor_layout(g.MIN_PLAYERS, o.options)),
        ("observation_shape", lambda: g.observation_shape(g.MIN_PLAYERS, o.options)),
        ("info_state_layout", lambda: g.info_state_layout(g.MIN_PLAYERS, o.options)),
        ("info_state_shape", lambda: g.info_state_shape(g.MIN_PLAYERS, o.options)),
        ("info_state_tensor", lambda: g.info_state_tensor(_info(o))),
        ("player_cards", lambda: g.player_cards(o.options, 0)),
        ("combat_totals", lambda: g.combat_totals(o.state, 1, 1)),
        ("has_landed_ship", lambda: g.has_landed_ship(o.state, 0)),
    ]
    yield from table
    yield from ((name, call) for name, call in optional if callable(getattr(g, name, None)))


def _info(objects: Objects) -> object:
    """Player 0's information state at `objects`' state (the numeric layer, loaded here)."""
    from boardrules.numeric.spaces import InfoState

    return InfoState.initial(objects.game, objects.state, 0)


FUNCTIONS: Final = (
    "new_game", "legal_actions", "apply", "to_move", "chance_outcomes", "sample_chance",
    "is_terminal", "returns", "result", "observe", "resample", "parse_action",
    "validate_state", "inventory", "action_bound", "playout", "chance_probabilities",
    "announce", "events", "heuristic", "scores", "render", "svg", "validate_observation",
    "observe_tensor", "observation_tensor", "action_space", "tensor_layout", "observation_shape",
    "info_state_layout", "info_state_shape", "info_state_tensor", "player_cards",
    "combat_totals", "has_landed_ship", "label", "action_fields", "believe",
)
"""The functions `calls` covers, in its order."""
NO_GAME_OBJECTS: Final = frozenset((
    "analyse", "analyse_row", "can_end_round", "can_redraw", "card_code", "card_colour",
    "card_name", "card_set_from_data", "card_set_to_data", "card_value", "deck_problems",
    "describe", "destination_of", "has_won", "is_card", "is_luggage", "load_card_set",
    "luggage", "row_info", "square_index", "square_name", "star_choices", "value_of",
    "victory_progress",
))
"""The public functions of the games that take no state, action, observation or options
(card codes, board squares, a card set's data): nothing of another game to refuse."""


class Overtime(Exception):
    """A call ran past `SECONDS`."""


def bounded(call: Call, seconds: float = SECONDS) -> object:
    """Return ``call()``; raise `Overtime` if it runs past `seconds` (where the platform
    has SIGALRM; elsewhere the call is not bounded)."""
    if not hasattr(signal, "setitimer"):  # pragma: no cover - Windows
        return call()

    def ring(number: int, frame: object) -> None:
        raise Overtime(f"still running after {seconds} s")

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def others(name: str) -> list[str]:
    """The registered games other than `name`."""
    return [other for other in GAMES if other != name]


def module(name: str) -> AnyGame:
    """The game module registered as `name`."""
    return GAMES[name]
