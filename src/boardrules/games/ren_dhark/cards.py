"""Ren Dhark cards: the card-data schema, its loader and validator, and deck building.

All card data lives in one JSON file per card set (D2). The bundled set
``starter_I.json`` holds the 68 cards of Starter I, "Road to the stars", with
**house values**: the printed numbers (resource points, strengths, A, para, G) are
not available in any source we have, so the bundled numbers are our own, chosen to
meet the constraints of rule D2. Users with the printed cards load their own file::

    from boardrules.games import ren_dhark
    cards = ren_dhark.load_card_set("my_starter_I.json")
    state = ren_dhark.new_game(2, card_set=cards)

A file that breaks the schema is refused with `InvalidCardSetError`, which lists
every problem found (not only the first).

The file schema (``"schema": "boardrules/ren_dhark-card-set/1"``)::

    {
      "schema": "boardrules/ren_dhark-card-set/1",
      "name": "starter_I",                      # short identifier
      "title": "...",                           # for people
      "house_values": true,                     # whether the numbers are house values
      "source": "...",                          # where the numbers come from
      "cards": [ CARD, ... ]
    }

    CARD = {
      "number": "I/4",                 # unique in the set
      "name": "Ömer Giray",
      "side": "blue" | "red",
      "race": "terra",                 # lower case; "" for none (action targets, bonuses)
      "kind": "ship" | "person" | "unit" | "ship-or-unit" | "action" | "planet",
      "ship_class": null | "s-cruiser" | "ring-ship",     # ships only (optional)
      "resources": 3,                  # resource points, 0-20 (not for planets)
      "strength": {"ship": 1, "person": 4, "unit": 3},    # combat cards: 0-9 or "-"
      "a": null | 2-6,                 # yellow A value: wards off an action on this roll+
      "para": false,                   # red para mark
      "g": false,                      # green G counter-strike mark
      "activation": null | 2-6,        # must roll this or more when committed (D12)
      "bonuses": [ {"amount": 1, "against": FILTER} ],     # + strength against cards
      "action": null | ACTION,         # action cards only (required for them)
      "text": "..."                    # the card text, for people (optional)
    }

    ACTION = {
      "effect": "weaken" | "strengthen" | "destroy",
      "amount": 2,                     # weaken/strengthen: points; destroy: roll needed
      "defender_only": false,          # playable only by the defender
      "target": FILTER,                # the opposing card must match to play it
      "amount_against": [ {"amount": 2, "against": FILTER} ]  # first match overrides amount
    }

    FILTER = {                         # every given key must hold; lists mean "any of"
      "types": ["ship", ...],          # the card's type in this duel
      "races": ["tel", ...],
      "classes": ["s-cruiser", ...],
      "not_classes": ["ring-ship", ...],
      "para": true
    }

Optional keys may be left out (defaults: ``null``, ``false``, ``[]``, ``{}``, ``""``).
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Final, TypeVar

import attrs

from boardrules.errors import InvalidOptionsError, quote

__all__ = [
    "COMBAT_TYPES",
    "SCHEMA",
    "STARTER_I",
    "ActionEffect",
    "Bonus",
    "Card",
    "CardFilter",
    "CardSet",
    "CombatType",
    "Effect",
    "InvalidCardSetError",
    "Kind",
    "ShipClass",
    "Side",
    "card_set_from_data",
    "card_set_to_data",
    "deck_problems",
    "load_card_set",
]

_E = TypeVar("_E", bound=enum.Enum)

SCHEMA: Final = "boardrules/ren_dhark-card-set/1"
"""The schema identifier every card-set file must carry."""


class Side(enum.Enum):
    """The two factions (D1)."""

    BLUE = "blue"
    """Terra and its allies; attacks first."""
    RED = "red"
    """Terra's enemies."""


class Kind(enum.Enum):
    """What a card is (D1)."""

    SHIP = "ship"
    """A ship: fights as a ship."""
    PERSON = "person"
    """A person: fights as a person."""
    UNIT = "unit"
    """A unit (troop): fights as a unit."""
    SHIP_OR_UNIT = "ship-or-unit"
    """Fights as a ship or a unit, declared when committed (the Synthetic swarm)."""
    ACTION = "action"
    """An action card, added to a combat card in the action window (D10)."""
    PLANET = "planet"
    """The faction's home planet; never in a deck or hand."""


class CombatType(enum.Enum):
    """The type a combat card fights as; strengths are given against each type."""

    # Members are singletons compared by identity: hash them by identity too (C speed;
    # Enum's own hash hashes the name in Python, and the engine looks types up often).
    __hash__ = object.__hash__

    SHIP = "ship"
    """A ship."""
    PERSON = "person"
    """A person."""
    UNIT = "unit"
    """A unit."""


COMBAT_TYPES: Final = (CombatType.SHIP, CombatType.PERSON, CombatType.UNIT)
"""The combat types in the order of `Card.strength`."""


class ShipClass(enum.Enum):
    """Ship classes named by action cards (D3)."""

    S_CRUISER = "s-cruiser"
    """An S-cruiser."""
    RING_SHIP = "ring-ship"
    """A ring ship."""


class Effect(enum.Enum):
    """What an action card does (D11)."""

    WEAKEN = "weaken"
    """The opposing card loses `amount` strength for this duel (aims at it: may be warded off)."""
    STRENGTHEN = "strengthen"
    """The owner's card gains `amount` strength for this duel (aims at no enemy card)."""
    DESTROY = "destroy"
    """On a roll of `amount` or more the opposing card is destroyed (aims at it)."""


@attrs.frozen
class CardFilter:
    """A condition on a card as it fights in a duel; every non-empty field must hold."""

    types: tuple[CombatType, ...] = ()
    """The card fights as one of these types (empty: any)."""
    races: tuple[str, ...] = ()
    """The card is of one of these races (empty: any)."""
    classes: tuple[ShipClass, ...] = ()
    """The card is of one of these ship classes (empty: any)."""
    not_classes: tuple[ShipClass, ...] = ()
    """The card is of none of these ship classes."""
    para: bool | None = None
    """The card has (True) or lacks (False) the para mark (None: either)."""


@attrs.frozen
class Bonus:
    """Extra strength (or an overriding action amount) against cards matching a filter."""

    amount: int
    """The bonus, in strength points (or the overriding amount of an action effect)."""
    against: CardFilter
    """The opposing cards it applies to."""


@attrs.frozen
class ActionEffect:
    """The effect and conditions of an action card, interpreted by the engine (D3, D11)."""

    effect: Effect
    """What the card does."""
    amount: int
    """Strength points for weaken/strengthen; the roll needed (n or more) for destroy."""
    defender_only: bool = False
    """Playable only by the defender (Global protective shield)."""
    target: CardFilter = CardFilter()
    """Playable only when the opposing card matches (D3: "playable only when its condition
    can apply to the current opposing card")."""
    amount_against: tuple[Bonus, ...] = ()
    """Overriding amounts against particular cards; the first match wins."""

    @property
    def aims_at_enemy(self) -> bool:
        """Whether the effect aims at the opposing card, so its A value may ward it off (D11)."""
        return self.effect is not Effect.STRENGTHEN


@attrs.frozen
class Card:
    """One card of a card set, with every fact the engine uses."""

    number: str
    """The card number, e.g. ``"I/18"``; unique in its set."""
    name: str
    """The card's name."""
    side: Side
    """The faction colour."""
    race: str
    """The race or people, lower case (``"terra"``, ``"tel"``, ``"robon"``, ``"grak"`` …);
    ``""`` for none."""
    kind: Kind
    """Ship, person, unit, ship-or-unit, action or planet."""
    ship_class: ShipClass | None = None
    """S-cruiser or ring ship, for ships that are."""
    resources: int = 0
    """Resource points (only used by deck building, D30)."""
    strength: tuple[int | None, int | None, int | None] | None = None
    """Strength against a ship, a person, a unit; ``None`` in a slot is the printed ``-``
    (D9); ``None`` as a whole for action and planet cards."""
    a: int | None = None
    """The yellow A value: an enemy action aimed at this card is warded off on a roll of
    this or more (D11)."""
    para: bool = False
    """The red para mark."""
    g: bool = False
    """The green G mark: may counter-strike (D15)."""
    activation: int | None = None
    """Activation roll needed when committed (D12), or None."""
    bonuses: tuple[Bonus, ...] = ()
    """Strength bonuses against matching opposing cards (D3); all matching ones add up."""
    action: ActionEffect | None = None
    """The effect and conditions of an action card (None for other cards)."""
    text: str = ""
    """The card text, for people; the engine reads only the structured fields."""

    @property
    def label(self) -> str:
        """The number and name, as notation writes them (``"I/18 STAHLTANGO"``)."""
        return f"{self.number} {self.name}"

    @property
    def types(self) -> tuple[CombatType, ...]:
        """The types this card may fight as (empty for action and planet cards)."""
        return _TYPES_OF_KIND[self.kind]

    @property
    def is_combat(self) -> bool:
        """Whether this is a combat card (ship, person, unit or ship-or-unit)."""
        return bool(_TYPES_OF_KIND[self.kind])

    @property
    def is_ship(self) -> bool:
        """Whether the card can fight as a ship (the Synthetic swarm counts, D1/D5/D7)."""
        return self.kind is Kind.SHIP or self.kind is Kind.SHIP_OR_UNIT


_TYPES_OF_KIND: Final[Mapping[Kind, tuple[CombatType, ...]]] = {
    Kind.SHIP: (CombatType.SHIP,),
    Kind.PERSON: (CombatType.PERSON,),
    Kind.UNIT: (CombatType.UNIT,),
    Kind.SHIP_OR_UNIT: (CombatType.SHIP, CombatType.UNIT),
    Kind.ACTION: (),
    Kind.PLANET: (),
}


class InvalidCardSetError(InvalidOptionsError):
    """A card set (file or data) that breaks the schema; lists every problem found."""

    problems: tuple[str, ...]
    """Every problem, each naming the card (by position and number) and the field."""

    def __init__(self, problems: tuple[str, ...] | list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("card_set", "; ".join(self.problems))


def _semantic_problems(cards: tuple[Card, ...]) -> list[str]:
    """Return the problems of cards that are well-typed (the checks beyond types)."""
    problems = _set_problems(cards)
    for i, card in enumerate(cards):
        problems += _card_problems(i, card)
    return problems


def _set_problems(cards: tuple[Card, ...]) -> list[str]:
    """Return the problems of a whole set: repeated numbers, planets, combat cards."""
    problems: list[str] = []
    counts = Counter(c.number for c in cards)
    for number, n in sorted(counts.items()):
        if n > 1:
            problems.append(f"card number {number!r} appears {n} times")
    for side in Side:
        planets = [c.number for c in cards if c.side is side and c.kind is Kind.PLANET]
        if len(planets) != 1:
            problems.append(f"side {side.value} needs exactly one planet, found {len(planets)}")
        if not any(c.side is side and c.is_combat for c in cards):
            problems.append(f"side {side.value} has no combat card")
    return problems


def _card_problems(i: int, card: Card) -> list[str]:
    """Return the problems of one well-typed card at position `i`."""
    problems: list[str] = []
    where = f"cards[{i}] ({card.number})"
    if not card.number.strip() or card.number != card.number.strip() or " " in card.number:
        problems.append(f"{where}: number must be non-empty without spaces")
    if not card.name.strip():
        problems.append(f"{where}: name must not be empty")
    if card.race != card.race.lower():
        problems.append(f"{where}: race must be lower case")
    if not 0 <= card.resources <= 20:
        problems.append(f"{where}: resources must be 0-20, got {card.resources}")
    if card.is_combat:
        if card.strength is None:
            problems.append(f"{where}: a combat card needs strengths")
        else:
            for t, s in zip(COMBAT_TYPES, card.strength, strict=True):
                if s is not None and not 0 <= s <= 9:
                    problems.append(f"{where}: strength against {t.value} must be 0-9 "
                                    f"or '-', got {s}")
            if all(card.strength[COMBAT_TYPES.index(t)] is None for t in COMBAT_TYPES):
                problems.append(f"{where}: a combat card needs a strength against "
                                "at least one type")
    else:
        for name, value, empty in (("strength", card.strength, None), ("a", card.a, None),
                                   ("para", card.para, False), ("g", card.g, False),
                                   ("activation", card.activation, None),
                                   ("bonuses", card.bonuses, ())):
            if value != empty:
                problems.append(f"{where}: a {card.kind.value} card cannot have {name}")
    if card.kind is Kind.PLANET and card.resources:
        problems.append(f"{where}: a planet has no resource points")
    for name, value in (("a", card.a), ("activation", card.activation)):
        if value is not None and not 2 <= value <= 6:
            problems.append(f"{where}: {name} must be 2-6, got {value}")
    if card.ship_class is not None and not card.is_ship:
        problems.append(f"{where}: only ships have a ship class")
    if card.kind is Kind.ACTION:
        if card.action is None:
            problems.append(f"{where}: an action card needs an action")
        else:
            act = card.action
            if act.effect is Effect.DESTROY:
                if not 2 <= act.amount <= 6:
                    problems.append(f"{where}: action.amount of a destroy effect is the "
                                    f"roll needed, 2-6, got {act.amount}")
            elif not 1 <= act.amount <= 9:
                problems.append(f"{where}: action.amount must be 1-9, got {act.amount}")
            if act.effect is Effect.DESTROY and act.amount_against:
                problems.append(f"{where}: a destroy effect takes no amount_against")
            for k, bonus in enumerate(act.amount_against):
                if not 1 <= bonus.amount <= 9:
                    problems.append(f"{where}: action.amount_against[{k}].amount must be "
                                    f"1-9, got {bonus.amount}")
    elif card.action is not None:
        problems.append(f"{where}: only action cards have an action")
    for k, bonus in enumerate(card.bonuses):
        if not 1 <= bonus.amount <= 9:
            problems.append(f"{where}: bonuses[{k}].amount must be 1-9, got {bonus.amount}")
    return problems


@attrs.frozen
class CardSet:
    """A validated set of cards (the contents of one card-set file).

    Creating one checks everything (numbers unique, one planet per side, value ranges,
    kinds and their fields) and raises `InvalidCardSetError` listing every problem.
    """

    name: str
    """Short identifier, e.g. ``"starter_I"``."""
    title: str
    """Title for people."""
    house_values: bool
    """Whether the numbers are house values rather than the printed ones (D2)."""
    source: str
    """Where the numbers come from; says "house values" for the bundled set."""
    cards: tuple[Card, ...]
    """Every card, in the file's order; a card's index here identifies it in states."""

    def __attrs_post_init__(self) -> None:
        problems = _semantic_problems(self.cards)
        if problems:
            raise InvalidCardSetError(problems)

    def __repr__(self) -> str:
        return f"<CardSet {self.name!r}: {len(self.cards)} cards>"

    def card(self, number: str) -> Card:
        """Return the card with this number; raise `KeyError` if there is none."""
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)

    def planet(self, side: Side) -> Card:
        """Return the planet of `side`."""
        return next(c for c in self.cards if c.side is side and c.kind is Kind.PLANET)

    def starter_deck(self, side: Side) -> tuple[str, ...]:
        """Return the numbers of every non-planet card of `side`: that faction's starter deck."""
        return tuple(c.number for c in self.cards if c.side is side and c.kind is not Kind.PLANET)


# ---------------------------------------------------------------------------------------
# Reading and writing the file format (a friendlier format than the generic JSON codec).

_CARD_KEYS: Final = {"number", "name", "side", "race", "kind", "ship_class", "resources",
                     "strength", "a", "para", "g", "activation", "bonuses", "action", "text"}
_REQUIRED: Final = ("number", "name", "side", "kind")
_FILTER_KEYS: Final = {"types", "races", "classes", "not_classes", "para"}
_ACTION_KEYS: Final = {"effect", "amount", "defender_only", "target", "amount_against"}


class _Reader:
    """Collects every problem while reading untyped data."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def fail(self, where: str, problem: str) -> None:
        self.problems.append(f"{where}: {problem}")

    def keys(self, data: Mapping[str, object], allowed: set[str], where: str) -> None:
        for key in sorted(set(data) - allowed):
            self.fail(where, f"unknown key {key!r}")

    def int_(self, value: object, where: str, *, optional: bool = False) -> int | None:
        if value is None and optional:
            return None
        if type(value) is not int:
            self.fail(where, f"expected an integer{' or null' if optional else ''}, "
                      f"got {value!r}")
            return None
        return value

    def str_(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            self.fail(where, f"expected a string, got {value!r}")
            return ""
        return value

    def bool_(self, value: object, where: str) -> bool:
        if type(value) is not bool:
            self.fail(where, f"expected true or false, got {value!r}")
            return False
        return value

    def enum_(self, cls: type[_E], value: object, where: str) -> _E | None:
        try:
            return cls(value)
        except (ValueError, TypeError):
            choices = ", ".join(repr(m.value) for m in cls)
            self.fail(where, f"expected one of {choices}, got {quote(value)}")
            return None

    def list_(self, value: object, where: str) -> list[object]:
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {value!r}")
            return []
        return value

    def filter_(self, data: object, where: str) -> CardFilter:
        if not isinstance(data, dict):
            self.fail(where, f"expected an object, got {data!r}")
            return CardFilter()
        self.keys(data, _FILTER_KEYS, where)
        types = tuple(t for k, v in enumerate(self.list_(data.get("types", []), f"{where}.types"))
                      if (t := self.enum_(CombatType, v, f"{where}.types[{k}]")) is not None)
        races = tuple(self.str_(v, f"{where}.races[{k}]")
                      for k, v in enumerate(self.list_(data.get("races", []), f"{where}.races")))
        classes = tuple(
            c for k, v in enumerate(self.list_(data.get("classes", []), f"{where}.classes"))
            if (c := self.enum_(ShipClass, v, f"{where}.classes[{k}]")) is not None)
        not_classes = tuple(
            c for k, v in enumerate(self.list_(data.get("not_classes", []),
                                               f"{where}.not_classes"))
            if (c := self.enum_(ShipClass, v, f"{where}.not_classes[{k}]")) is not None)
        para = data.get("para")
        if para is not None:
            para = self.bool_(para, f"{where}.para")
        return CardFilter(types, races, classes, not_classes, para)

    def bonuses(self, data: object, where: str) -> tuple[Bonus, ...]:
        out = []
        for k, item in enumerate(self.list_(data, where)):
            at = f"{where}[{k}]"
            if not isinstance(item, dict):
                self.fail(at, f"expected an object, got {item!r}")
                continue
            self.keys(item, {"amount", "against"}, at)
            amount = self.int_(item.get("amount"), f"{at}.amount")
            against = self.filter_(item.get("against", {}), f"{at}.against")
            out.append(Bonus(amount or 0, against))
        return tuple(out)

    def action(self, data: object, where: str) -> ActionEffect | None:
        if data is None:
            return None
        if not isinstance(data, dict):
            self.fail(where, f"expected an object, got {data!r}")
            return None
        self.keys(data, _ACTION_KEYS, where)
        effect = self.enum_(Effect, data.get("effect"), f"{where}.effect")
        amount = self.int_(data.get("amount"), f"{where}.amount")
        defender_only = self.bool_(data.get("defender_only", False), f"{where}.defender_only")
        target = self.filter_(data.get("target", {}), f"{where}.target")
        amount_against = self.bonuses(data.get("amount_against", []), f"{where}.amount_against")
        if effect is None or amount is None:
            return None
        return ActionEffect(effect, amount, defender_only, target, amount_against)

    def strength(self, data: object, where: str) -> tuple[int | None, int | None, int | None]:
        if not isinstance(data, dict):
            self.fail(where, f"expected an object with ship, person and unit, got {data!r}")
            return (None, None, None)
        self.keys(data, {t.value for t in COMBAT_TYPES}, where)
        values: list[int | None] = []
        for t in COMBAT_TYPES:
            if t.value not in data:
                self.fail(where, f"missing {t.value!r}")
                values.append(None)
                continue
            v = data[t.value]
            if v == "-":
                values.append(None)
            elif type(v) is int:
                values.append(v)
            else:
                self.fail(f"{where}.{t.value}", f"expected an integer or '-', got {v!r}")
                values.append(None)
        return (values[0], values[1], values[2])

    def card(self, data: object, where: str) -> Card | None:
        if not isinstance(data, dict):
            self.fail(where, f"expected an object, got {data!r}")
            return None
        number = data.get("number")
        if isinstance(number, str):
            where = f"{where} ({number})"
        self.keys(data, _CARD_KEYS, where)
        before = len(self.problems)
        for key in _REQUIRED:
            if key not in data:
                self.fail(where, f"missing {key!r}")
        if len(self.problems) > before:
            return None
        kind = self.enum_(Kind, data["kind"], f"{where}.kind")
        side = self.enum_(Side, data["side"], f"{where}.side")
        ship_class = data.get("ship_class")
        cls = None if ship_class is None else self.enum_(ShipClass, ship_class,
                                                          f"{where}.ship_class")
        strength = (None if data.get("strength") is None
                    else self.strength(data["strength"], f"{where}.strength"))
        card = Card(
            number=self.str_(data["number"], f"{where}.number"),
            name=self.str_(data["name"], f"{where}.name"),
            side=side or Side.BLUE,
            race=self.str_(data.get("race", ""), f"{where}.race"),
            kind=kind or Kind.SHIP,
            ship_class=cls,
            resources=self.int_(data.get("resources", 0), f"{where}.resources") or 0,
            strength=strength,
            a=self.int_(data.get("a"), f"{where}.a", optional=True),
            para=self.bool_(data.get("para", False), f"{where}.para"),
            g=self.bool_(data.get("g", False), f"{where}.g"),
            activation=self.int_(data.get("activation"), f"{where}.activation", optional=True),
            bonuses=self.bonuses(data.get("bonuses", []), f"{where}.bonuses"),
            action=self.action(data.get("action"), f"{where}.action"),
            text=self.str_(data.get("text", ""), f"{where}.text"),
        )
        return card if len(self.problems) == before else None


def card_set_from_data(data: object) -> CardSet:
    """Build a `CardSet` from parsed file data; raise `InvalidCardSetError` listing every problem.

    >>> card_set_from_data({"schema": SCHEMA, "name": "x", "title": "x", "source": "x",
    ...                     "house_values": True, "cards": []})
    Traceback (most recent call last):
    ...
    boardrules.games.ren_dhark.cards.InvalidCardSetError: invalid option 'card_set': side blue \
needs exactly one planet, found 0; side blue has no combat card; side red needs exactly one \
planet, found 0; side red has no combat card
    """
    reader = _Reader()
    if not isinstance(data, dict):
        raise InvalidCardSetError([f"card set: expected an object, got {type(data).__name__}"])
    reader.keys(data, {"schema", "name", "title", "source", "house_values", "cards"}, "card set")
    if data.get("schema") != SCHEMA:
        reader.fail("card set.schema", f"expected {SCHEMA!r}, got {data.get('schema')!r}")
    name = reader.str_(data.get("name"), "card set.name")
    title = reader.str_(data.get("title"), "card set.title")
    source = reader.str_(data.get("source"), "card set.source")
    house = reader.bool_(data.get("house_values"), "card set.house_values")
    cards = [reader.card(item, f"cards[{i}]")
             for i, item in enumerate(reader.list_(data.get("cards"), "card set.cards"))]
    if reader.problems:
        # Name the problems of the cards that could be read too, so one pass finds all.
        for i, card in enumerate(cards):
            if card is not None:
                reader.problems += _card_problems(i, card)
        raise InvalidCardSetError(reader.problems)
    return CardSet(name, title, house, source, tuple(c for c in cards if c is not None))


def _filter_data(f: CardFilter) -> dict[str, object]:
    out: dict[str, object] = {}
    if f.types:
        out["types"] = [t.value for t in f.types]
    if f.races:
        out["races"] = list(f.races)
    if f.classes:
        out["classes"] = [c.value for c in f.classes]
    if f.not_classes:
        out["not_classes"] = [c.value for c in f.not_classes]
    if f.para is not None:
        out["para"] = f.para
    return out


def _bonus_data(bonuses: tuple[Bonus, ...]) -> list[object]:
    return [{"amount": b.amount, "against": _filter_data(b.against)} for b in bonuses]


def card_set_to_data(card_set: CardSet) -> dict[str, object]:
    """Return the file data of a card set (inverse of `card_set_from_data`)."""
    cards: list[object] = []
    for c in card_set.cards:
        item: dict[str, object] = {"number": c.number, "name": c.name, "side": c.side.value,
                                   "race": c.race, "kind": c.kind.value}
        if c.ship_class is not None:
            item["ship_class"] = c.ship_class.value
        if c.kind is not Kind.PLANET:
            item["resources"] = c.resources
        if c.strength is not None:
            item["strength"] = {t.value: ("-" if s is None else s)
                                for t, s in zip(COMBAT_TYPES, c.strength, strict=True)}
        for key, value, empty in (("a", c.a, None), ("para", c.para, False), ("g", c.g, False),
                                  ("activation", c.activation, None)):
            if value != empty:
                item[key] = value
        if c.bonuses:
            item["bonuses"] = _bonus_data(c.bonuses)
        if c.action is not None:
            act: dict[str, object] = {"effect": c.action.effect.value, "amount": c.action.amount}
            if c.action.defender_only:
                act["defender_only"] = True
            if c.action.target != CardFilter():
                act["target"] = _filter_data(c.action.target)
            if c.action.amount_against:
                act["amount_against"] = _bonus_data(c.action.amount_against)
            item["action"] = act
        if c.text:
            item["text"] = c.text
        cards.append(item)
    return {"schema": SCHEMA, "name": card_set.name, "title": card_set.title,
            "house_values": card_set.house_values, "source": card_set.source, "cards": cards}


def load_card_set(source: str | Path | bytes) -> CardSet:
    """Load a card-set file (a path, or the JSON text itself); refuse it listing every problem.

    >>> cards = load_card_set(STARTER_PATH)
    >>> len(cards.cards), cards.house_values
    (68, True)
    """
    try:
        if isinstance(source, bytes):
            text = source.decode("utf-8")
        elif isinstance(source, Path) or not source.lstrip().startswith("{"):
            text = Path(source).read_text(encoding="utf-8")
        else:
            text = source
    except UnicodeDecodeError:
        raise InvalidCardSetError(["card set file: not UTF-8 text"]) from None
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL in it
        raise InvalidCardSetError([f"card set file: cannot read {source!r}: {exc}"]) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InvalidCardSetError([f"card set file: not JSON ({exc})"]) from None
    return card_set_from_data(data)


STARTER_PATH: Final = Path(str(resources.files(__package__).joinpath("starter_I.json")))
"""Path of the bundled Starter I file (house values)."""


STARTER_I: Final = load_card_set(
    resources.files(__package__).joinpath("starter_I.json").read_bytes())
"""The bundled Starter I card set: 68 cards with **house values** (D2)."""


# ---------------------------------------------------------------------------------------
# Deck building (D30)

DECK_MIN_RESOURCES: Final = 109
DECK_MAX_RESOURCES: Final = 112
DECK_MIN_SHIPS: Final = 15
DECK_MIN_GROUND: Final = 12
DECK_MAX_ACTIONS: Final = 6
DECK_MAX_COPIES: Final = 2


def deck_problems(card_set: CardSet, side: Side, numbers: tuple[str, ...]) -> list[str]:
    """Return every way a custom deck of `side` breaks the deck-building rule D30.

    A deck lists card numbers (repeats for copies), without the planet; (R) every card
    must be of the deck's side.
    """
    problems: list[str] = []
    by_number = {c.number: c for c in card_set.cards}
    cards: list[Card] = []
    for number in numbers:
        card = by_number.get(number)
        if card is None:
            problems.append(f"no card {number!r} in card set {card_set.name!r}")
        elif card.kind is Kind.PLANET:
            problems.append(f"{card.label} is a planet; the planet is not listed in a deck")
        elif card.side is not side:
            problems.append(f"{card.label} is a {card.side.value} card, not {side.value}")
        else:
            cards.append(card)
    for number, n in sorted(Counter(numbers).items()):
        if n > DECK_MAX_COPIES:
            problems.append(f"{number} appears {n} times (at most {DECK_MAX_COPIES})")
    total = sum(c.resources for c in cards)
    if not DECK_MIN_RESOURCES <= total <= DECK_MAX_RESOURCES:
        problems.append(f"resource points total {total}, not {DECK_MIN_RESOURCES}-"
                        f"{DECK_MAX_RESOURCES}")
    ships = sum(1 for c in cards if c.is_ship)
    ground = sum(1 for c in cards if c.kind in (Kind.PERSON, Kind.UNIT))
    actions = sum(1 for c in cards if c.kind is Kind.ACTION)
    if ships < DECK_MIN_SHIPS:
        problems.append(f"{ships} ships, fewer than {DECK_MIN_SHIPS}")
    if ground < DECK_MIN_GROUND:
        problems.append(f"{ground} persons/units, fewer than {DECK_MIN_GROUND}")
    if actions > DECK_MAX_ACTIONS:
        problems.append(f"{actions} action cards, more than {DECK_MAX_ACTIONS}")
    return problems
