"""boardrules — typed, pure-Python rules engines for tabletop games.

Every game is a module with the same functions (the `Game` contract): immutable
states, legal actions in a stable order, `apply`, explicit chance nodes with exact
probabilities, per-player observations that never leak, `resample` for
information-set search, JSON round-trips and readable notation.

>>> import random, boardrules
>>> kivi = boardrules.load("kivi")
>>> rng = random.Random(7)
>>> state = boardrules.resolve_chance(kivi.new_game(2), rng)
>>> while not kivi.is_terminal(state):
...     state = kivi.apply(state, rng.choice(kivi.legal_actions(state)))
...     state = boardrules.resolve_chance(state, rng)
>>> kivi.result(state).finished
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules._lazy import lazy_members
from boardrules.chance import playout, resolve_chance, sample_chance
from boardrules.errors import (
    BoardrulesError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    UnknownActionError,
    WrongGameError,
)
from boardrules.game import (
    CHANCE,
    TERMINAL,
    Chance,
    Event,
    Game,
    Result,
    Terminal,
    ToMove,
)
from boardrules.records import Record, replay, replay_states
from boardrules.registry import GAMES, game_of, load, register
from boardrules.serialization import FORMAT_VERSION, from_data, from_json, to_data, to_json

if TYPE_CHECKING:
    from boardrules.apps.match import Match

__version__ = "0.1.0"

# `Match` lives with the apps (it uses the bots): loaded on first use, so that
# ``import boardrules`` stays light.
__getattr__, __dir__ = lazy_members(__name__, globals(), {"apps.match": ("Match",)})

__all__ = [
    "CHANCE",
    "FORMAT_VERSION",
    "GAMES",
    "TERMINAL",
    "BoardrulesError",
    "Chance",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidStateError",
    "Match",
    "Record",
    "Result",
    "Terminal",
    "ToMove",
    "UnknownActionError",
    "WrongGameError",
    "from_data",
    "from_json",
    "game_of",
    "load",
    "playout",
    "register",
    "replay",
    "replay_states",
    "resolve_chance",
    "sample_chance",
    "to_data",
    "to_json",
]
