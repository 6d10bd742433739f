"""Ren Dhark options, state and the lookup tables derived from a card set.

Cards in a state are **indices** into ``options.cards.cards`` (Starter I: index
``k`` is card ``I/{k+1}``). Multisets (hands, decks) are ascending tuples of indices;
out-of-game piles keep the order in which cards left the game.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final, TypeVar

import attrs

from boardrules._caches import Memo
from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.games.ren_dhark.actions import Attack, CounterStrike, Defend, Draw, PlayAction
from boardrules.games.ren_dhark.cards import (
    COMBAT_TYPES,
    STARTER_I,
    ActionEffect,
    Card,
    CardFilter,
    CardSet,
    CombatType,
    Kind,
    Side,
    deck_problems,
)
from boardrules.registry import picture

__all__ = [
    "ACTION",
    "ALL_KINDS",
    "ATTACKER",
    "DEFENDER",
    "HAND_SIZE",
    "NONSHIP",
    "NO_DUEL",
    "TYPE_INDEX",
    "UNDEPLOYABLE",
    "Duel",
    "Landing",
    "Options",
    "Phase",
    "Played",
    "Seen",
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

NONSHIP: Final = 0
"""Bit of `Tables.kinds`: the card is no ship (known non-ships, `State.shown_nonships`)."""
ACTION: Final = 1
"""Bit of `Tables.kinds`: an action card (known action cards, `State.shown_actions`)."""
UNDEPLOYABLE: Final = 2
"""First of three bits of `Tables.kinds` (one per type, `COMBAT_TYPES` order): the card
cannot be committed against that type (known such cards, `State.shown_undeployable`)."""
ALL_KINDS: Final = (1 << (UNDEPLOYABLE + len(COMBAT_TYPES))) - 1
"""Every bit of `Tables.kinds`."""

Seen = tuple[CombatType | None, bool, bool, CombatType | None]
"""What the opponent sees of a combat card committed face down: its declared type (None:
not declared, a defence), whether it makes an activation roll, whether it needs a G mark
(a counter-strike), and the type it must be deployable against (None: none, an attack)."""


def _deployable(card: Card, against: CombatType, dash_deployable: bool) -> bool:
    """Whether `card` may be committed against a card of type `against` (D8, D15)."""
    if not card.is_combat:
        return False
    assert card.strength is not None
    return dash_deployable or card.strength[TYPE_INDEX[against]] is not None


_A = TypeVar("_A")


def _per_type(actions: tuple[tuple[_A, ...], ...],
              allowed: tuple[tuple[bool, ...], ...]) -> tuple[tuple[tuple[_A, ...], ...], ...]:
    """Per type, per card: the card's `actions` where `allowed` lets the card be committed."""
    return tuple(tuple(acts if ok else () for acts, ok in zip(actions, row, strict=True))
                 for row in allowed)


def _surely_outside(tables: Tables, fitting: list[int]) -> int:
    """Return the bit mask of knowledge kinds that none of the `fitting` cards counts for."""
    inside = 0
    for k in fitting:
        inside |= tables.kinds[k]
    return ALL_KINDS & ~inside


class Tables:
    """Per-card lookup tables of a card set and its two decks, built once per options."""

    __slots__ = ("a", "activation", "attack", "attack_as_ship", "attack_duels", "card_set",
                 "cards", "counter_as_ship_vs", "counter_vs", "decks", "defend_vs", "deployable",
                 "draw", "effect", "g", "index", "is_action", "is_combat", "is_ship", "kinds",
                 "numeric", "para", "planets", "play", "playable", "race", "ship_class", "strength",
                 "strengths", "surely_outside")

    def __init__(self, card_set: CardSet, decks: tuple[tuple[str, ...], tuple[str, ...]], *,
                 dash_deployable: bool = False):
        cards = card_set.cards
        self.card_set = card_set
        self.cards = cards
        self.playable: Memo[tuple[int, int, CombatType], frozenset[int]] = Memo(2048)
        """Memo of the rules: per (role, target card, its type), the action cards that role
        may add (a few hundred a card set); it lives and dies with these tables."""
        self.strengths: Memo[tuple[int, CombatType, int, CombatType],
                             tuple[int | None, int | None]] = Memo(8192)
        """Memo of the rules: the strengths of each pairing of cards and types (a few
        thousand a card set)."""
        self.attack_duels: Memo[tuple[int, CombatType], Duel] = Memo(1024)
        """Memo of the rules: per (attacking card, declared type), the duel an attack opens
        (a duel is immutable, so every attack with that card and type shares one)."""
        self.numeric: object = None
        """The tables of the tensors and the action space (`boardrules.games.ren_dhark.numeric`),
        built there on first use (None until then); they live and die with these tables."""
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
        self.deployable = tuple(tuple(_deployable(c, t, dash_deployable) for c in cards)
                                for t in COMBAT_TYPES)
        """Per type (in `COMBAT_TYPES` order), per card: whether the card may be committed
        against a card of that type by a player who sees its type (the defender, a
        counter-strike): a combat card whose strength against it is no ``-`` (D8, D15), or
        any combat card under option `Options.dash_cards_deployable`."""
        self.attack = tuple(tuple(Attack(c.number, c.name, t) for t in c.types) for c in cards)
        self.attack_as_ship = tuple(tuple(a for a in acts if a.as_type is CombatType.SHIP)
                                    for acts in self.attack)
        defend = tuple(tuple(Defend(c.number, c.name, t) for t in c.types) for c in cards)
        counter = tuple(tuple(CounterStrike(c.number, c.name, t) for t in c.types)
                        if c.g else () for c in cards)
        counter_as_ship = tuple(tuple(a for a in acts if a.as_type is CombatType.SHIP)
                                for acts in counter)
        self.defend_vs = _per_type(defend, self.deployable)
        """Per type of the attacking card, per card: the defences it allows (D8)."""
        self.counter_vs = _per_type(counter, self.deployable)
        """Per type of the winning card, per card: the counter-strikes it allows (D15)."""
        self.counter_as_ship_vs = _per_type(counter_as_ship, self.deployable)
        """`counter_vs` for an attacker without a ship on the enemy planet (D7)."""
        self.play = tuple(PlayAction(c.number, c.name) for c in cards)
        self.draw = tuple(Draw(c.number, c.name) for c in cards)
        self.decks = tuple(tuple(sorted(self.index[n] for n in deck)) for deck in decks)
        self.planets = (self.index[card_set.planet(Side.BLUE).number],
                        self.index[card_set.planet(Side.RED).number])
        self.kinds = tuple(
            (not c.is_ship) << NONSHIP | (c.kind is Kind.ACTION) << ACTION
            | sum((c.kind is not Kind.PLANET and not self.deployable[i][k]) << (UNDEPLOYABLE + i)
                  for i in range(len(COMBAT_TYPES)))
            for k, c in enumerate(cards))
        """Per card, a bit mask of the kinds of public knowledge about a hand it counts for
        (`NONSHIP`, `ACTION`, `UNDEPLOYABLE` + type index): see `State.shown_nonships`,
        `State.shown_actions`, `State.shown_undeployable`."""
        combat = [k for k, c in enumerate(cards) if c.is_combat]
        self.surely_outside: Mapping[Seen, int] = {
            (as_type, activated, g, against): _surely_outside(
                self, [k for k in combat
                       if (as_type is None or as_type in cards[k].types)
                       and (cards[k].activation is not None) == activated
                       and (cards[k].g or not g)
                       and (against is None or self.deployable[TYPE_INDEX[against]][k])])
            for as_type in (None, *COMBAT_TYPES) for activated in (False, True)
            for g in (False, True) for against in (None, *COMBAT_TYPES)}
        """Per `Seen` key (what the opponent sees of a combat card committed face down), a bit
        mask of the kinds of knowledge that no fitting combat card of the set counts for:
        the opponent's counts of known cards in the hand (`State.shown_nonships`,
        `State.shown_undeployable`) fall by that card unless what they see rules the kind
        out; they never depend on a hidden card (D31)."""

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


def _check_bool(_: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(attribute.name, f"expected True or False, got {value!r}")


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
    dash_cards_deployable: bool = attrs.field(default=False, validator=_check_bool)
    """Whether a card with ``-`` against a type may still be committed against it by a
    player who sees that type. ``False`` (default, the rulebook: "nemůže být karta nasazena
    proti odpovídajícímu protivníkovi"): the defender may not commit it (D8), nor a
    counter-strike its G card against the winning card (D15), and a defender without a
    deployable card cannot defend. ``True`` (rules version 1): the defender may commit it
    and loses with it at the reveal (D9); both ``-``: both are destroyed. The attacker,
    who commits blind, may always attack with it and loses with it at the reveal."""
    tables: Tables = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """Lookup tables of the card set, decks and options (derived, not serialized): built
    with the options, once, and gone with them (keep one options object for many games)."""

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
        return Tables(cards, decks, dash_deployable=self.dash_cards_deployable)

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
    """Per player: cards in hand the opponent knows are action cards (from a skip after a
    ship has landed, D6)."""
    shown_undeployable: tuple[tuple[int, int, int], tuple[int, int, int]]
    """Per player and per type (ship, person, unit): cards in hand the opponent knows
    cannot be committed against that type — action cards and, unless option
    `Options.dash_cards_deployable`, cards with ``-`` against it (from a missing defence,
    D8)."""
    winner: int | None
    """The winner once the game is over (None: a draw, or not over)."""

    @property
    def defender(self) -> int:
        """The player defending in the current battle."""
        return 1 - self.attacker

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        return picture(self)
