"""Ren Dhark options, state and the lookup tables derived from a card set.

Cards in a state are **indices** into ``options.cards.cards`` (Starter I: index
``k`` is card ``I/{k+1}``). Multisets (hands, decks) are ascending tuples of indices;
out-of-game piles keep the order in which cards left the game.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from typing import Final

import attrs

from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.games.ren_dhark.actions import Attack, CounterStrike, Defend, Draw, PlayAction
from boardrules.games.ren_dhark.cards import (
    COMBAT_TYPES,
    STARTER_I,
    ActionEffect,
    CardFilter,
    CardSet,
    CombatType,
    Kind,
    Side,
    deck_problems,
)

__all__ = [
    "ATTACKER",
    "DEFENDER",
    "HAND_SIZE",
    "NO_DUEL",
    "Duel",
    "Landing",
    "Options",
    "Phase",
    "Played",
    "State",
    "Status",
    "Tables",
]

HAND_SIZE: Final = 7
"""Cards in a full hand (D4, D17)."""
ATTACKER: Final = 0
"""Role index of the attacker in a duel."""
DEFENDER: Final = 1
"""Role index of the defender in a duel."""

TYPE_INDEX: Final[Mapping[CombatType, int]] = {t: i for i, t in enumerate(COMBAT_TYPES)}
"""Position of each combat type in `Card.strength`."""


class Tables:
    """Per-card lookup tables of a card set and its two decks, built once per options."""

    __slots__ = ("a", "activation", "attack", "attack_as_ship", "card_set", "cards", "counter",
                 "counter_as_ship", "decks", "defend", "draw", "effect", "g", "index",
                 "is_action", "is_combat", "is_ship", "para", "planets", "play", "race",
                 "ship_class", "strength", "surely_ship")

    def __init__(self, card_set: CardSet, decks: tuple[tuple[str, ...], tuple[str, ...]]):
        cards = card_set.cards
        self.card_set = card_set
        self.cards = cards
        self.index: Mapping[str, int] = {c.number: i for i, c in enumerate(cards)}
        self.strength = tuple(c.strength for c in cards)
        self.is_ship = tuple(c.is_ship for c in cards)
        self.is_combat = tuple(c.is_combat for c in cards)
        self.is_action = tuple(c.kind is Kind.ACTION for c in cards)
        self.a = tuple(c.a for c in cards)
        self.g = tuple(c.g for c in cards)
        self.activation = tuple(c.activation for c in cards)
        self.para = tuple(c.para for c in cards)
        self.race = tuple(c.race for c in cards)
        self.ship_class = tuple(c.ship_class for c in cards)
        self.effect: tuple[ActionEffect | None, ...] = tuple(c.action for c in cards)
        self.attack = tuple(tuple(Attack(c.number, c.name, t) for t in c.types) for c in cards)
        self.attack_as_ship = tuple(tuple(a for a in acts if a.as_type is CombatType.SHIP)
                                    for acts in self.attack)
        self.defend = tuple(tuple(Defend(c.number, c.name, t) for t in c.types) for c in cards)
        self.counter = tuple(tuple(CounterStrike(c.number, c.name, t) for t in c.types)
                             if c.g else () for c in cards)
        self.counter_as_ship = tuple(tuple(a for a in acts if a.as_type is CombatType.SHIP)
                                     for acts in self.counter)
        self.play = tuple(PlayAction(c.number, c.name) for c in cards)
        self.draw = tuple(Draw(c.number, c.name) for c in cards)
        self.decks = tuple(tuple(sorted(self.index[n] for n in deck)) for deck in decks)
        self.planets = (self.index[card_set.planet(Side.BLUE).number],
                        self.index[card_set.planet(Side.RED).number])
        combat = [c for c in cards if c.is_combat]
        self.surely_ship: Mapping[tuple[CombatType | None, bool, bool], bool] = {
            (as_type, activated, g): all(
                c.is_ship for c in combat
                if (as_type is None or as_type in c.types)
                and (c.activation is not None) == activated and (c.g or not g))
            for as_type in (None, *COMBAT_TYPES) for activated in (False, True)
            for g in (False, True)}
        """Whether every combat card of the set that fits what the opponent sees of a
        face-down committed card is a ship: key (declared type, None when undeclared;
        whether it makes an activation roll; whether it needs a G mark). The opponent's
        count of known non-ships in the hand (`State.shown_nonships`) may only change by
        what they see (D31)."""

    def matches(self, f: CardFilter, card: int, as_type: CombatType) -> bool:
        """Return whether `card`, fighting as `as_type`, matches the filter `f`."""
        if f.types and as_type not in f.types:
            return False
        if f.races and self.race[card] not in f.races:
            return False
        cls = self.ship_class[card]
        if f.classes and cls not in f.classes:
            return False
        if f.not_classes and cls in f.not_classes:
            return False
        return f.para is None or self.para[card] == f.para

    def base_strength(self, card: int, against: CombatType) -> int | None:
        """Return the printed strength of `card` against a card of type `against` (None: ``-``)."""
        values = self.strength[card]
        assert values is not None
        return values[TYPE_INDEX[against]]

    def bonus(self, card: int, other: int, other_type: CombatType) -> int:
        """Return the card bonuses of `card` against `other` fighting as `other_type` (D3)."""
        return sum(b.amount for b in self.cards[card].bonuses
                   if self.matches(b.against, other, other_type))

    def effect_amount(self, action: int, target: int, target_type: CombatType) -> int:
        """Return the amount of action card `action` against `target` (first override wins)."""
        effect = self.effect[action]
        assert effect is not None
        for override in effect.amount_against:
            if self.matches(override.against, target, target_type):
                return override.amount
        return effect.amount


@functools.lru_cache(maxsize=32)
def _tables(card_set: CardSet, decks: tuple[tuple[str, ...], tuple[str, ...]]) -> Tables:
    return Tables(card_set, decks)


def _to_card_set(value: CardSet | None) -> CardSet | None:
    if value is None:
        return None
    if not isinstance(value, CardSet):
        raise InvalidOptionsError("card_set", f"expected a CardSet (see load_card_set) or "
                                  f"None, got {type(value).__name__}")
    # The bundled set is always written as None, so that equal options compare equal and
    # states and records of the standard game stay small in JSON.
    return None if value is STARTER_I or value == STARTER_I else value


def _to_blue(value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise InvalidOptionsError("blue_player", f"expected 0, 1 or None, got {value!r}")
    return value


def _to_decks(
    value: tuple[tuple[str, ...], tuple[str, ...]] | None,
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    if value is None:
        return None
    if (not isinstance(value, tuple | list) or len(value) != 2
            or not all(isinstance(d, tuple | list) for d in value)
            or not all(isinstance(n, str) for d in value for n in d)):
        raise InvalidOptionsError("decks", "expected two lists of card numbers (blue, red)")
    return (tuple(value[0]), tuple(value[1]))


@rebuilt_from_init
@attrs.frozen
class Options:
    """Ren Dhark options.

    >>> Options().cards.house_values
    True
    >>> Options(blue_player=2)
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionsError: invalid option 'blue_player': expected 0, 1 or None, \
got 2
    """

    card_set: CardSet | None = attrs.field(default=None, converter=_to_card_set)
    """The cards (D2); ``None`` (default) is the bundled Starter I set with house values,
    `STARTER_I`. Load the printed values with `load_card_set`."""
    blue_player: int | None = attrs.field(default=None, converter=_to_blue)
    """The player who plays blue, or ``None`` (default) to draw sides by chance (D4)."""
    decks: tuple[tuple[str, ...], tuple[str, ...]] | None = attrs.field(
        default=None, converter=_to_decks)
    """Custom decks (D30): the blue and the red deck as card numbers (repeats for copies,
    planet not listed); ``None`` (default) plays each faction's 33 starter cards."""
    tables: Tables = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """Lookup tables of the card set (derived, not serialized)."""

    @tables.default
    def _tables(self) -> Tables:
        cards = self.cards
        decks = self.decks
        if decks is None:
            decks = (cards.starter_deck(Side.BLUE), cards.starter_deck(Side.RED))
        else:
            problems = [f"{side.value} deck: {p}" for side, deck in zip(Side, decks, strict=True)
                        for p in deck_problems(cards, side, deck)]
            if problems:
                raise InvalidOptionsError("decks", "; ".join(problems))
        return _tables(cards, decks)

    @property
    def cards(self) -> CardSet:
        """The card set in use: `card_set`, or `STARTER_I` when that is None."""
        return STARTER_I if self.card_set is None else self.card_set


class Phase(enum.Enum):
    """What happens next."""

    SIDES = "sides"
    """Chance: which player draws blue (D4)."""
    DEAL = "deal"
    """Chance: a player draws a card (opening hand, redraw, or up to 7 after a battle)."""
    MULLIGAN = "mulligan"
    """A player keeps the opening hand or redraws (D5), blue first."""
    ATTACK = "attack"
    """The attacker commits a card (D7)."""
    ACTIVATE = "activate"
    """Chance: the activation roll of a just-committed card (D12)."""
    DEFEND = "defend"
    """The defender commits a card (D8)."""
    WINDOW = "window"
    """The action window (D10): a player adds an action card or passes."""
    WARD = "ward"
    """Chance: the ward-off roll against an action card (D11)."""
    DESTROY = "destroy"
    """Chance: the roll of a destroy effect (D11)."""
    COMBAT = "combat"
    """Chance: the two combat dice (D13)."""
    COUNTER = "counter"
    """The loser of the duel may counter-strike with a G card (D15)."""
    OVER = "over"
    """The game is over."""


class Status(enum.Enum):
    """What became of a played action card."""

    PENDING = "pending"
    """Not resolved yet."""
    WARDED = "warded"
    """Warded off by the A value of the card it aimed at (D11)."""
    APPLIED = "applied"
    """Its effect applied (a destroy effect: the opposing card was destroyed)."""
    FAILED = "failed"
    """A destroy effect whose roll failed."""
    VOID = "void"
    """Never resolved: the duel was decided first (it still leaves the game)."""


@attrs.frozen
class Landing:
    """A card on the enemy planet (D14): it can never be attacked again."""

    card: int
    """The card index."""
    as_type: CombatType
    """The type it fought as (the Synthetic swarm may land as a ship or a unit)."""


@attrs.frozen
class Played:
    """An action card added to a combat card in the current duel (D10)."""

    role: int
    """Whose: 0 the attacker, 1 the defender."""
    card: int
    """The card index."""
    status: Status
    """What became of it."""


@attrs.frozen
class Duel:
    """The current duel of a battle: the committed cards and the action window.

    Between battles the state holds `NO_DUEL` (no card committed).
    """

    counter: bool
    """Whether this duel is a counter-strike (D15)."""
    attack: int | None
    """The attacker's committed card, or None."""
    attack_type: CombatType | None
    """Its declared type (public as soon as committed, D7)."""
    defense: int | None
    """The defender's committed card, or None."""
    defense_type: CombatType | None
    """The type it fights as (public from the reveal)."""
    attack_activated: bool
    """Whether the attacker's committed card made an activation roll (public, D12)."""
    defense_activated: bool
    """Whether the defender's committed card made an activation roll (public, D12)."""
    revealed: bool
    """Whether both cards are face up (D9)."""
    window: int
    """Action window step (D10): 0 the attacker acts, 1 the defender, 2 the attacker again,
    3 closed."""
    played: tuple[Played, ...]
    """Action cards in the order they were played."""
    resolving: int
    """Index in `played` of the action card being resolved."""
    attack_mod: int
    """Sum of action modifiers on the attacker's card in this duel."""
    defense_mod: int
    """Sum of action modifiers on the defender's card in this duel."""
    loser: int | None
    """In the counter-strike decision: the role that lost (its card has left the game)."""


NO_DUEL: Final = Duel(False, None, None, None, None, False, False, False, 0, (), 0, 0, 0, None)
"""The duel record when no card is committed."""


@attrs.frozen
class State:
    """A Ren Dhark position (see the docs page for the JSON format)."""

    options: Options
    """The options of the game."""
    phase: Phase
    """What happens next."""
    blue: int | None
    """The player who plays blue (None until sides are drawn)."""
    attacker: int
    """The player who attacks in the current battle (blue in the first, D17 alternates)."""
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's hand, ascending card indices."""
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's face-down deck, an ascending multiset (no order exists, D4)."""
    landed: tuple[tuple[Landing, ...], tuple[Landing, ...]]
    """The cards each player has on the **enemy** planet, in landing order (D14, D18)."""
    out: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's out-of-game pile, in the order cards left (D16)."""
    duel: Duel
    """The current duel (`NO_DUEL` outside a duel)."""
    battle: int
    """Battles begun so far, skipped ones included."""
    skipped: bool
    """Whether the last battle was skipped (D6); a second skip in a row ends the game (D22)."""
    mulligans: int
    """How many players have decided on a redraw (D5): 0 blue next, 1 red next, 2 done."""
    redrew: tuple[bool, bool]
    """Which players redrew their opening hand (D5)."""
    shown_nonships: tuple[int, int]
    """Per player: cards in hand the opponent knows are not ships (from a skip, D6)."""
    shown_actions: tuple[int, int]
    """Per player: cards in hand the opponent knows are action cards (from a skip or a
    missing defender, D6/D8)."""
    winner: int | None
    """The winner once the game is over (None: a draw, or not over)."""

    @property
    def defender(self) -> int:
        """The player defending in the current battle."""
        return 1 - self.attacker

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        from boardrules.games.ren_dhark.observe import observe
        from boardrules.games.ren_dhark.svg import svg

        return svg(observe(self, None))
