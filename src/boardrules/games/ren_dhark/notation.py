"""Ren Dhark action notation: cards by number and name.

==========================================  ==============================================
text                                        action
==========================================  ==============================================
``blue 0``                                  chance: player 0 draws blue (D4)
``draw I/18 STAHLTANGO``                    chance: the drawing player takes this card
``keep`` / ``redraw``                       keep or redraw the opening hand (D5)
``attack I/18 STAHLTANGO as ship``          commit a card as the attacker (D7)
``defend I/42 Cerash as unit``              commit a card as the defender (D8)
``play I/32 Antisphere``                    add an action card (D10)
``pass``                                    no action card (D10) / no counter-strike (D15)
``counter I/19 PASADENA as ship``           counter-strike with a G card (D15)
``roll 4``                                  chance: an activation, ward-off or destroy die
``combat 5:3``                              chance: attacker's and defender's combat dice
==========================================  ==============================================

Reading is tolerant: case and spaces are free, the name may be left out (``attack i/18``),
and ``as TYPE`` may be left out for a card that fights as one type only.

`label` gives each action in words ("Attack with I/18 STAHLTANGO as a ship") and
`action_fields` its parts for a picker (``{"kind": "attack", "card": "I/18", "as":
"ship"}``), players numbered from 0.
"""

from __future__ import annotations

import re
from typing import Final

from boardrules._convert import JSONValue
from boardrules._owners import wrong_game
from boardrules.errors import InvalidNotationError, quote
from boardrules.games.ren_dhark.actions import (
    COMBAT_ROLLS,
    KEEP,
    PASS,
    REDRAW,
    ROLLS,
    SIDES,
    Action,
    AssignSides,
    Attack,
    CombatRoll,
    CounterStrike,
    Defend,
    Draw,
    Keep,
    Pass,
    PlayAction,
    Redraw,
    Roll,
)
from boardrules.games.ren_dhark.cards import Card, CombatType
from boardrules.games.ren_dhark.state import State

__all__ = ["action_fields", "label", "parse_action"]

_SIMPLE: Final[dict[str, Action]] = {"keep": KEEP, "redraw": REDRAW, "pass": PASS,
                                     "blue 0": SIDES[0], "blue 1": SIDES[1]}
_ROLL: Final = re.compile(r"roll ([1-6])")
_COMBAT: Final = re.compile(r"combat ([1-6]) ?: ?([1-6])")
_CARD: Final = re.compile(r"(draw|attack|defend|play|counter) (\S+)(?: (.+))?")
_TYPE: Final = re.compile(r" as (ship|person|unit)$")


def _card(state: State, text: str, number: str, name: str | None) -> Card:
    tables = state.options.tables
    index = tables.index.get(number)
    if index is None:
        folded = {n.casefold(): i for n, i in tables.index.items()}
        index = folded.get(number.casefold())
    if index is None:
        raise InvalidNotationError(text, f"no card numbered {quote(number, 40)} in card set "
                                   f"{tables.card_set.name!r}")
    card = tables.cards[index]
    if name is not None and " ".join(name.split()).casefold() != card.name.casefold():
        raise InvalidNotationError(
            text, f"card {card.number} is {card.name!r}, not {quote(name, 60)}")
    return card


def parse_action(state: State, text: str) -> Action:
    """Read an action from its notation (see the module docstring).

    The text is read, not judged: an illegal but well-formed action is returned and
    `apply` refuses it with the reason.

    >>> from boardrules.games.ren_dhark import new_game
    >>> parse_action(new_game(2), "Attack i/18 stahltango")
    Attack(card='I/18', name='STAHLTANGO', as_type=<CombatType.SHIP: 'ship'>)
    >>> str(parse_action(new_game(2), "counter I/11 as unit"))
    'counter I/11 Synthetic swarm as unit'
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.parse_action", "ren_dhark.State", state)
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "expected a string")
    clean = " ".join(text.split())
    low = clean.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]
    if m := _ROLL.fullmatch(low):
        return ROLLS[int(m.group(1)) - 1]
    if m := _COMBAT.fullmatch(low):
        return COMBAT_ROLLS[(int(m.group(1)) - 1) * 6 + int(m.group(2)) - 1]
    typed = _TYPE.search(low)
    if typed:
        clean, low = clean[:typed.start()], low[:typed.start()]
    if m := _CARD.fullmatch(low):
        verb, number = m.group(1), m.group(2)
        # Take the name from the original text (names keep their case).
        start, end = m.span(3) if m.group(3) is not None else (0, 0)
        name = clean[start:end] if m.group(3) is not None else None
        card = _card(state, text, number, name)
        if verb == "draw":
            return Draw(card.number, card.name)
        if verb == "play":
            if typed:
                raise InvalidNotationError(text, "an action card is played without a type")
            return PlayAction(card.number, card.name)
        types = card.types
        if typed:
            as_type = CombatType(typed.group(1))
        elif len(types) == 1:
            as_type = types[0]
        elif not types:
            raise InvalidNotationError(text, f"{card.label} is not a combat card")
        else:
            raise InvalidNotationError(text, f"{card.label} fights as "
                                       f"{' or '.join(t.value for t in types)}: add 'as TYPE'")
        if verb == "attack":
            return Attack(card.number, card.name, as_type)
        if verb == "defend":
            return Defend(card.number, card.name, as_type)
        return CounterStrike(card.number, card.name, as_type)
    raise InvalidNotationError(
        text, "expected e.g. 'attack I/18 STAHLTANGO as ship', 'defend I/42', 'play I/32', "
        "'counter I/19', 'pass', 'keep', 'redraw', 'draw I/5', 'roll 4', 'combat 5:3', 'blue 0'")


def label(action: Action) -> str:
    """Say an action in words, cards by number and name, players numbered from 0.

    >>> label(Attack("I/18", "STAHLTANGO", CombatType.SHIP)), label(COMBAT_ROLLS[26])
    ('Attack with I/18 STAHLTANGO as a ship', 'Combat roll: attacker 5, defender 3')
    """
    match action:
        case AssignSides(blue):
            return f"Player {blue} plays blue"
        case Draw(card, name):
            return f"Draw {card} {name}"
        case Roll(value):
            return f"Roll {value}"
        case CombatRoll(attacker, defender):
            return f"Combat roll: attacker {attacker}, defender {defender}"
        case Keep():
            return "Keep the opening hand"
        case Redraw():
            return "Redraw the opening hand"
        case Attack(card, name, as_type):
            return f"Attack with {card} {name} as a {as_type.value}"
        case Defend(card, name, as_type):
            return f"Defend with {card} {name} as a {as_type.value}"
        case PlayAction(card, name):
            return f"Play {card} {name}"
        case CounterStrike(card, name, as_type):
            return f"Counter-strike with {card} {name} as a {as_type.value}"
        case Pass():
            return "Pass"
    raise wrong_game("ren_dhark.label", "ren_dhark action", action)


def action_fields(action: Action) -> dict[str, JSONValue]:
    """The parts of an action a picker groups by: its ``kind``, then card and type, or dice.

    >>> action_fields(Attack("I/18", "STAHLTANGO", CombatType.SHIP))
    {'kind': 'attack', 'card': 'I/18', 'as': 'ship'}
    >>> action_fields(SIDES[1]), action_fields(COMBAT_ROLLS[26])
    ({'kind': 'sides', 'player': 1}, {'kind': 'combat_roll', 'dice': [5, 3]})
    """
    match action:
        case AssignSides(blue):
            return {"kind": "sides", "player": blue}
        case Draw(card, _):
            return {"kind": "draw", "card": card}
        case Roll(value):
            return {"kind": "roll", "value": value}
        case CombatRoll(attacker, defender):
            return {"kind": "combat_roll", "dice": [attacker, defender]}
        case Keep():
            return {"kind": "keep"}
        case Redraw():
            return {"kind": "redraw"}
        case Attack(card, _, as_type):
            return {"kind": "attack", "card": card, "as": as_type.value}
        case Defend(card, _, as_type):
            return {"kind": "defend", "card": card, "as": as_type.value}
        case PlayAction(card, _):
            return {"kind": "play", "card": card}
        case CounterStrike(card, _, as_type):
            return {"kind": "counter_strike", "card": card, "as": as_type.value}
        case Pass():
            return {"kind": "pass"}
    raise wrong_game("ren_dhark.action_fields", "ren_dhark action", action)
