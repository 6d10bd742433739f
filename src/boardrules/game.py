"""The one contract every game module meets.

A game is a *module* (for example `boardrules.games.kivi`) whose functions and
constants satisfy the `Game` protocol; mypy checks every registered module
against it. States, actions, observations and options are frozen attrs classes.

Optional members, looked up with `getattr` by the tools that use them:
``announce(state, action, player) -> str`` (what a player sees of an action, for
frontends and ``boardrules play``), ``events(before, action, after, player) ->
tuple[Event, ...]`` (what a player saw the action cause: a revealed card, a round's
scoring; see `Event`), ``render(observation) -> str`` (a text picture),
``svg(observation, *, size=None, last_move=None) -> str`` (a picture, below),
``validate_observation(observation) -> None`` (raise `InvalidStateError` naming the
problem unless some possible state shows exactly this observation to its observer;
`from_json` calls it on every observation it loads, so that everything taking an
observation either works or the document was refused), ``heuristic(state)`` (an
estimate of `returns` for cut-short rollouts), ``ROLLOUT_LIMIT`` (the steps
`boardrules.bots.ISMCTSBot` plays before it scores a rollout by ``heuristic``), ``WIDEN_FROM``
(the fewest legal actions at which `ISMCTSBot` widens a node progressively),
``playout(state, rng, max_steps=None)`` (random play to the end, the same game as
`boardrules.playout`'s reference loop but faster: see there), ``PERFECT_INFORMATION``,
``label(action) -> str`` (an English label for an action or chance outcome, distinct
among the legal actions at a node), ``action_fields(action) -> dict[str, JSONValue]``
(its parts for a user interface's picker: a snake-case ``"kind"``, then fields named from
the vocabulary every game shares, listed on the concepts page under "Labels and fields":
``card``, ``cards``, ``target``, ``conveyor``…, places and players numbered from 0; distinct
among the legal actions at a node) and ``NOTATION_HELP`` (the notation's legend as
plain text, for a player's help screen: ``boardrules play`` shows it).

``svg`` returns a standalone SVG document of what the observation shows — hidden
things drawn as card backs or counts — with no external fonts, images or scripts;
the same observation always gives the same bytes. ``size`` is the width in pixels
(``None``: the picture's natural size); ``last_move``, the action that led to the
position, is highlighted by its place only (a square, a pack, a conveyor), never by a
value the observer may not know. A game with ``svg`` gives its ``State`` and
``Observation`` a ``_repr_svg_`` method (the spectator's view for a state), so a
Jupyter notebook shows the picture; ``boardrules render`` writes it from the command
line; the conformance kit checks that it parses as SVG, stands alone, is deterministic
and is the same in every world `resample` draws for the observer.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Final, Protocol, TypeAlias, TypeVar

import attrs

from boardrules._convert import JSONValue

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Chance",
    "Event",
    "Game",
    "Result",
    "Terminal",
    "ToMove",
]


class Chance(enum.Enum):
    """The marker `to_move` returns when chance acts (a shuffle, a draw, a die roll)."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


class Terminal(enum.Enum):
    """The marker `to_move` returns when nobody acts because the game is over."""

    TERMINAL = "terminal"

    def __repr__(self) -> str:
        return "TERMINAL"


CHANCE: Final = Chance.CHANCE
"""Chance acts: the legal actions are the chance outcomes."""
TERMINAL: Final = Terminal.TERMINAL
"""Nobody acts: the game is over."""

ToMove: TypeAlias = int | Chance | Terminal
"""Who acts: a player index (``0 <= p < players``), `CHANCE` or `TERMINAL`."""


@attrs.frozen
class Result:
    """The outcome of a game in the game's own terms."""

    scores: tuple[int, ...]
    """Each player's score as the rulebook counts it (a game without scores uses 1 for a win)."""
    winners: tuple[int, ...]
    """The players who won, ascending; several means they share the win; ``()`` means nobody
    won (or the game is not over yet)."""
    finished: bool
    """Whether the game is over; scores of an unfinished game are the current standings."""
    truncated: bool = False
    """Whether the game was cut off by an engine bound (a turn limit, a safety bound) rather
    than ended by its rules; then nobody won, and learning code should treat the end as a
    truncation (the value of the position is unknown), not as a draw. ``False`` before the
    end and whenever the rules ended the game, a draw the rules call included."""

    def returns(self) -> tuple[float, ...]:
        """Return the contract's returns: 1.0 for a sole winner, 0.0 for each player sharing
        the win (a draw) and for everyone when nobody won, -1.0 for a loss; all 0.0 before
        the end. A truncated game returns 0.0 for everyone too: tell it from a draw by
        `truncated`.

        >>> Result((5, 9, 9), (1, 2), finished=True).returns()
        (-1.0, 0.0, 0.0)
        >>> Result((5, 9), (1,), finished=True).returns()
        (-1.0, 1.0)
        """
        players = len(self.scores)
        if not self.finished or not self.winners:
            return (0.0,) * players
        won = 0.0 if len(self.winners) > 1 else 1.0
        return tuple(won if p in self.winners else -1.0 for p in range(players))


@attrs.frozen(hash=False)
class Event:
    """One thing a viewer saw an action *cause* (a revealed card, a round's scoring).

    A game's ``events(before, action, after, viewer)`` returns a tuple of these: what
    the viewer (a player, or ``None`` for a spectator) saw happen when `action` took
    `before` to `after`, beyond the action itself (which ``announce`` describes). Events
    are leak-free: two transitions the viewer cannot tell apart (same observation before
    and after, same announcement) give the same events; the conformance kit checks it.

    >>> e = Event("challenge", "Player 1 reveals a 7: a bluff; player 1 takes 3 cards.",
    ...           {"challenger": 0, "challenged": 1, "card": 7, "bluff": True})
    >>> e.to_json()["kind"]
    'challenge'
    """

    kind: str
    """What happened, in snake case (``"challenge"``, ``"round_end"``, ``"duel"``)."""
    text: str
    """One short English sentence for a log (players numbered from 0, as everywhere)."""
    fields: Mapping[str, JSONValue] = attrs.field(factory=dict)
    """The same facts as JSON-able values."""

    def to_json(self) -> dict[str, JSONValue]:
        """Return ``{"kind", "text", "fields"}`` as plain JSON-able data."""
        return {"kind": self.kind, "text": self.text, "fields": dict(self.fields)}


S = TypeVar("S")
A = TypeVar("A")
O_co = TypeVar("O_co", covariant=True)
P = TypeVar("P")


class Game(Protocol[S, A, O_co, P]):
    """The functions and constants of a game module.

    Type parameters: ``S`` the state, ``A`` the action union, ``O_co`` the observation,
    ``P`` the options class. Every function given another game's state, action,
    observation or options raises a typed error naming both games (`WrongGameError`
    for most), except `apply_unchecked`, which trusts its caller.
    """

    @property
    def NAME(self) -> str:
        """The registry name, e.g. ``"kivi"``."""

    @property
    def TITLE(self) -> str:
        """The game's title for people."""

    @property
    def RULES_VERSION(self) -> str:
        """Version of the rules implementation; bumped when a record may replay differently."""

    @property
    def MIN_PLAYERS(self) -> int:
        """Fewest players."""

    @property
    def MAX_PLAYERS(self) -> int:
        """Most players."""

    @property
    def State(self) -> type[S]:
        """The state class."""

    @property
    def Observation(self) -> type[O_co]:
        """The observation class."""

    @property
    def Options(self) -> type[P]:
        """The options class (all fields have documented defaults)."""

    @property
    def ACTION_TYPES(self) -> tuple[type[A], ...]:
        """Every action class of the game, chance outcomes included."""

    def new_game(self, players: int, options: P | None = None) -> S:
        """Return the initial state (usually a chance node)."""

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Return every legal action of whoever acts, in the documented stable order."""

    def apply(self, state: S, action: A) -> S:
        """Return the state after `action`; raise `IllegalActionError` if it is not legal."""

    def apply_unchecked(self, state: S, action: A) -> S:
        """Return the state after `action`, trusting that it is legal (the fast path:
        nothing is checked, not even that the state and the action are this game's)."""

    def to_move(self, state: S) -> ToMove:
        """Return who acts."""

    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]:
        """Return the chance outcomes with exact probabilities summing to 1."""

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw one chance outcome with the distribution of `chance_outcomes`."""

    def is_terminal(self, state: S) -> bool:
        """Return whether the game is over."""

    def returns(self, state: S) -> tuple[float, ...]:
        """Return each player's return: 1 win, 0 shared win or draw, -1 loss; 0 before the end."""

    def result(self, state: S) -> Result:
        """Return the scores and winners in the game's own terms."""

    def observe(self, state: S, player: int | None) -> O_co:
        """Return what `player` may know (``None``: a spectator)."""

    def resample(self, state: S, player: int, rng: random.Random) -> S:
        """Return a state `player` cannot tell from `state`, hidden information redrawn."""

    def parse_action(self, state: S, text: str) -> A:
        """Read the notation of an action; raise `InvalidNotationError` on bad text. It
        does not check legality: `apply` judges the action it returns."""

    def validate_state(self, state: S) -> None:
        """Raise `InvalidStateError` unless `state` is a possible state of the game."""

    def inventory(self, state: S) -> Counter[str]:
        """Return the multiset of every component in the game, wherever it lies."""

    def action_bound(self, players: int, options: P) -> int:
        """Return an upper bound on the number of actions (chance included) in one game."""
