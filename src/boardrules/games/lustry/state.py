"""Lustry options and state.

Zones are flat tuples indexed by colour (``0`` red, ``1`` green, ``2`` blue) and, for the
zones each player owns, by ``3 * player + colour``::

    draw[0..2]                       the three draw piles (multisets, sorted)
    discards[0..5], seen[0..5]       discard piles: player 0 red, green, blue, then player 1
    sequences[0..5], steals[0..5]    laid sequences and laid steal cards, the same order

While an exchange is completed (L14), the cards of the replaced sequence wait in
`State.exchanged` until the player has put them under their discard piles.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from boardrules._caches import Memo
from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.registry import picture

__all__ = ["NO_SEQUENCE", "Options", "Phase", "Protection", "Sequence", "State"]


def _check_first(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise InvalidOptionsError("first_player", f"expected 0 or 1, got {value!r}")
    return value


def _check_stall(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOptionsError("stall_turns", f"expected a whole number >= 1 or None, "
                                  f"got {value!r}")
    return value


def _check_limit(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise InvalidOptionsError("turn_limit", f"expected a whole number from 1 to 100000, "
                                  f"got {value!r}")
    return value


class Protection(enum.Enum):
    """What an unblocking card protects from further blocks (L13)."""

    SEQUENCE = "sequence"
    """The whole sequence it lies beside: the rulebook's rule (default)."""
    CARD = "card"
    """Only the card it unblocked: a variant (rules version 1 played it)."""


def _to_protection(value: Protection | str) -> Protection:
    if isinstance(value, Protection):
        return value
    try:
        return Protection(value)
    except ValueError:
        raise InvalidOptionsError(
            "unblock_protects", f"{value!r} is not one of 'sequence', 'card'") from None


@rebuilt_from_init
@attrs.frozen
class Options:
    """Lustry options: the rulebook's variant `unblock_protects` (L13) and engine rulings
    (L5, L18).

    >>> Options(stall_turns=None).turn_limit
    500
    >>> Options(unblock_protects="card").unblock_protects
    <Protection.CARD: 'card'>
    """

    first_player: int = attrs.field(default=0, converter=_check_first)
    """The player who takes the first turn, 0 or 1 (L5; the rulebook: the last game's loser);
    default 0."""
    stall_turns: int | None = attrs.field(default=10, converter=_check_stall)
    """The deadlock draw (L18): once each player has one closed sequence and all nine steal
    cards are laid, the game is drawn after this many consecutive such turns in which no card
    was added to any sequence; ``None`` turns the rule off; default 10."""
    turn_limit: int = attrs.field(default=500, converter=_check_limit)
    """The game is drawn when this many turns have been completed without a winner (L18,
    safety bound); default 500."""
    unblock_protects: Protection = attrs.field(default=Protection.SEQUENCE,
                                               converter=_to_protection)
    """What an unblocking card protects from further blocks (L13): ``"sequence"``, the whole
    sequence it lies beside, as the rulebook says (default); or ``"card"``, only the card it
    unblocked (a variant)."""
    numeric: Memo[int, object] = attrs.field(
        init=False, eq=False, repr=False, metadata=DERIVED, factory=lambda: Memo(1))
    """Memo of the numeric layer (derived, not serialized): the tables of the tensors and
    the action space of these options (`lustry.numeric`, two players), built on first use;
    they live and die with the options."""


class Phase(enum.Enum):
    """The part of the game in progress."""

    DRAW = "draw"
    """Phase 1: the player to move draws up to seven cards (L6, L7)."""
    PLAY = "play"
    """Phase 2: the player to move plays cards, then ends the turn (L9–L15)."""
    EXCHANGE = "exchange"
    """Phase 2, completing an exchange: the player to move puts the cards of the replaced
    sequence under their discard piles, one at a time, in the order they choose (L14)."""
    DEFEND = "defend"
    """A steal is announced: the opponent defends or allows it (L15)."""
    OVER = "over"
    """The game has ended: a win (L17) or a draw (L18)."""


@rebuilt_from_init
@attrs.frozen
class Sequence:
    """A laid sequence (L9) with the cards beside it.

    The three tuples run in parallel, one entry per laid card (a *slot*).
    """

    cards: tuple[str, ...]
    """The sequence's cards in canonical order (by value, the 1 first); all of one colour
    and one branch."""
    blockers: tuple[str | None, ...]
    """For each slot, the opponent's card blocking it (L12), or ``None``."""
    unblockers: tuple[str | None, ...]
    """For each slot, the owner's card that unblocked it and lies beside it (L13), or
    ``None``."""
    closed: bool = False
    """Whether the sequence is closed (L16)."""
    free: frozenset[str] = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """The cards of an open sequence with nothing beside them: neither blocked nor unblocked
    (derived, not serialized). Under ``unblock_protects="card"`` these are the cards the
    opponent may block; under the rulebook's rule, only while the sequence is not
    `guarded`."""
    guarded: bool = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """Whether an unblocking card lies beside the sequence: under the rulebook's rule
    (``unblock_protects="sequence"``, L13) none of its cards may be blocked (derived, not
    serialized)."""

    @free.default
    def _free(self) -> frozenset[str]:
        if self.closed:
            return frozenset()
        return frozenset(card for card, blocker, unblocker
                         in zip(self.cards, self.blockers, self.unblockers, strict=False)
                         if blocker is None and unblocker is None)

    @guarded.default
    def _guarded(self) -> bool:
        return self.unblockers.count(None) != len(self.unblockers)

    @property
    def laid(self) -> bool:
        """Whether this is a laid sequence (`NO_SEQUENCE` is not)."""
        return bool(self.cards)

    @property
    def blocked(self) -> bool:
        """Whether any card of the sequence is blocked."""
        return any(b is not None for b in self.blockers)

    @property
    def complete(self) -> bool:
        """Whether the sequence holds every value 1–5 (L16)."""
        return len({card[1] for card in self.cards}) == 5


NO_SEQUENCE: Final = Sequence((), (), ())
"""The empty sequence: the place of a colour where a player has laid no sequence."""


@attrs.frozen
class State:
    """A Lustry position (the public position format; see the docs page).

    The state is a chance node exactly when ``source`` is set (a card comes off that draw pile).
    """

    options: Options
    """The options of the game."""
    phase: Phase
    """What is happening: drawing, playing, a steal defence, or the end."""
    player: int
    """The player whose turn it is (during a steal defence: the stealer)."""
    turn: int
    """Turns completed so far."""
    draw: tuple[tuple[str, ...], ...]
    """The three draw piles (red, green, blue), each a sorted multiset: no order exists
    until a card is drawn (L4, L7)."""
    discards: tuple[tuple[str, ...], ...]
    """The six discard piles, index ``3 * owner + colour``, each listed from the top (drawn
    next) to the bottom (where cards are put) (L11)."""
    seen: tuple[tuple[bool, ...], ...]
    """For each discard pile and position, whether the owner's opponent knows the card there
    (the owner always does) (L19)."""
    hands: tuple[tuple[str, ...], ...]
    """Each player's hand, sorted."""
    exposed: tuple[tuple[str, ...], ...]
    """For each hand, the sorted sub-multiset of cards the opponent knows are there (L19)."""
    pending: tuple[str, ...]
    """Cards drawn this turn and not yet looked at, in the order drawn (L7)."""
    pending_known: tuple[int, ...]
    """For each pending card, who knows it: bit 0 player 0, bit 1 player 1."""
    source: str | None
    """The colour letter of the draw pile a card is being drawn from (a chance node), or
    ``None``."""
    sequences: tuple[Sequence, ...]
    """The laid sequences, index ``3 * player + colour`` (`NO_SEQUENCE` where none is laid)."""
    steals: tuple[int, ...]
    """Laid steal cards, index ``3 * player + colour`` (a steal card lies in front of its own
    colour's sequence area) (L15)."""
    exchanged: tuple[str, ...]
    """During an exchange (phase `Phase.EXCHANGE`), the sorted cards of the replaced sequence
    — its cards, blockers and unblockers, all public — still to be put under the player's
    discard piles of their colours; ``()`` otherwise (L14). Only colours holding two
    different kinds wait here: the others need no choice and go under at once."""
    named: str | None
    """During a steal defence, the colour letter the stealer named; else ``None``."""
    progress: bool
    """Whether a card has been added to a sequence this turn (L18)."""
    stall: int
    """Consecutive completed turns counted towards the deadlock draw (L18)."""
    winner: int | None
    """The winner once the game is over (``None``: not over, or a draw)."""

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        return picture(self)
