"""Lustry action notation.

==========================  ==========================================================
text                        action
==========================  ==========================================================
``draw r``                  draw the top card of the red draw pile (phase 1)
``draw g@1``                draw the top card of player 1's green discard pile
``drawn r3cf``              chance: the card that came off the draw pile
``lay r1c r2cf``            lay a sequence of two cards (any order in the text)
``exchange r4se r5se``      discard one's red sequence and lay this one instead
``under r2cf``              after an exchange: put r2cf under one's red discard pile next
``extend r4cf``             add a card to one's sequence of its colour
``block g3ce>r3cf``         block the opponent's r3cf with g3ce
``unblock r3ce>g3ce``       unblock one's card blocked by g3ce, laying r3ce
``steal b0 r``              lay the steal card b0 and name red
``defend g0``               out of turn: stop the steal with g0
``allow``                   out of turn: let the steal happen
``discard r5cf``            put r5cf at the bottom of one's red discard pile
``end``                     end the turn
==========================  ==========================================================

Cards are written as in `cards` (``r3cf``: red, 3, circle, full; ``r1c``; ``r0`` a steal
card); colours as ``r``, ``g``, ``b`` (or ``red``, ``green``, ``blue``).

`label` gives each action in words, cards as the rules name them ("Block red full-circle 3
with green empty-circle 3") and `action_fields` its parts for a picker (``{"kind": "block",
"card": "g3ce", "target": "r3cf"}``), cards and colours written as in the notation and
players numbered from 0.
"""

from __future__ import annotations

import re
from typing import Final

from boardrules._convert import JSONValue
from boardrules._legend import legend
from boardrules._owners import wrong_game
from boardrules.errors import InvalidNotationError, quote
from boardrules.games.lustry.actions import (
    BY_TEXT,
    Action,
    Allow,
    Block,
    Defend,
    Discard,
    Draw,
    Drawn,
    EndTurn,
    Exchange,
    Extend,
    Lay,
    PutUnder,
    Steal,
    Unblock,
)
from boardrules.games.lustry.cards import COLOUR_NAMES, ORDER
from boardrules.games.lustry.state import State

__all__ = ["NOTATION_HELP", "action_fields", "card_words", "label", "parse_action"]

NOTATION_HELP: Final = legend(__doc__)
"""The notation above as plain text, for a player's help screen (``boardrules play``)."""

_COLOUR_WORDS: Final = {"red": "r", "green": "g", "blue": "b"}
_TWO: Final = re.compile(r"(lay|exchange) (\S+) (\S+)")
_AROUND: Final = re.compile(r"\s*([@>])\s*")
_ALIASES: Final = {"end turn": "end", "endturn": "end"}


def parse_action(state: State, text: str) -> Action:
    """Read an action from its notation (see the module docstring); case and spaces are free.

    The text is read, not judged: a well-formed action that is illegal now is returned and
    `apply` refuses it with the reason. Cards that do not exist, or pairs that no rule
    could ever allow, are notation errors.

    >>> from boardrules.games.lustry import new_game
    >>> parse_action(new_game(2), "Lay R2CF  r1c")
    Lay(first='r1c', second='r2cf')
    >>> parse_action(new_game(2), "draw green @ 1")
    Draw(colour='g', owner=1)
    >>> parse_action(new_game(2), "Block G3CE > r3cf")
    Block(card='g3ce', target='r3cf')
    """
    if type(state) is not State:
        raise wrong_game("lustry.parse_action", "lustry.State", state)
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "expected a string")
    spaced = _AROUND.sub(r"\1", text.lower().strip())
    words = [_COLOUR_WORDS.get(w, w) for w in spaced.split()]
    if len(words) == 2 and words[0] == "draw" and "@" in words[1]:
        colour, _, owner = words[1].partition("@")
        words[1] = f"{_COLOUR_WORDS.get(colour, colour)}@{owner}"
    clean = " ".join(words)
    clean = _ALIASES.get(clean, clean)
    if m := _TWO.fullmatch(clean):
        kind, a, b = m.groups()
        if a in ORDER and b in ORDER and ORDER[b] < ORDER[a]:
            a, b = b, a
        clean = f"{kind} {a} {b}"
    action = BY_TEXT.get(clean)
    if action is None:
        raise InvalidNotationError(text, _problem(clean))
    return action


def _problem(clean: str) -> str:
    verb = clean.split(" ", 1)[0]
    if verb in ("lay", "exchange"):
        return "expected two cards of one branch with consecutive values, or two 5s"
    if verb == "block":
        return ("expected 'block CARD>TARGET': another colour, the same shape and value, the "
                "inverse fill, value 2 or more")
    if verb == "unblock":
        return ("expected 'unblock CARD>BLOCKER': the same shape, value and fill, the card of "
                "the blocked colour")
    if verb in _VERBS:
        return f"no such card, colour or pile in {quote(clean, 40)}"
    return f"unknown action; expected one of: {', '.join(_VERBS)}"


_VERBS: Final = tuple(sorted({text.split(" ", 1)[0] for text in BY_TEXT}))
"""The first word of every action's notation, in alphabetical order."""



_SHAPE_WORDS: Final = {"c": "circle", "s": "square"}
_FILL_WORDS: Final = {"f": "full-", "e": "empty-"}


def card_words(card: str) -> str:
    """Name a card in words (L1, L2).

    >>> card_words("r3cf"), card_words("g1s"), card_words("b0")
    ('red full-circle 3', 'green square 1', 'blue steal card')
    """
    colour = COLOUR_NAMES[card[0]]
    if card[1] == "0":
        return f"{colour} steal card"
    fill = _FILL_WORDS[card[3]] if len(card) > 3 else ""
    return f"{colour} {fill}{_SHAPE_WORDS[card[2]]} {card[1]}"


def label(action: Action) -> str:
    """Say an action in words, cards named by `card_words` and players numbered from 0.

    >>> label(BY_TEXT["block g3ce>r3cf"]), label(BY_TEXT["draw g@1"])
    ('Block red full-circle 3 with green empty-circle 3', "Draw from player 1's green discard pile")
    """
    match action:
        case Draw(colour, None):
            return f"Draw from the {COLOUR_NAMES[colour]} draw pile"
        case Draw(colour, owner):
            return f"Draw from player {owner}'s {COLOUR_NAMES[colour]} discard pile"
        case Drawn(card):
            return f"Card drawn: {card_words(card)}"
        case Lay(first, second):
            return f"Lay {card_words(first)} and {card_words(second)}"
        case Exchange(first, second):
            return f"Exchange for {card_words(first)} and {card_words(second)}"
        case PutUnder(card):
            return f"Put {card_words(card)} under the discard pile"
        case Extend(card):
            return f"Extend with {card_words(card)}"
        case Block(card, target):
            return f"Block {card_words(target)} with {card_words(card)}"
        case Unblock(card, blocker):
            return f"Unblock with {card_words(card)}, removing {card_words(blocker)}"
        case Steal(card, colour):
            return f"Steal {COLOUR_NAMES[colour]} with {card_words(card)}"
        case Discard(card):
            return f"Discard {card_words(card)}"
        case Defend(card):
            return f"Defend with {card_words(card)}"
        case Allow():
            return "Allow the steal"
        case EndTurn():
            return "End the turn"
    raise wrong_game("lustry.label", "lustry action", action)


def action_fields(action: Action) -> dict[str, JSONValue]:
    """The parts of an action a picker groups by: its ``kind``, then cards, colour, player.

    >>> action_fields(BY_TEXT["block g3ce>r3cf"])
    {'kind': 'block', 'card': 'g3ce', 'target': 'r3cf'}
    >>> action_fields(BY_TEXT["draw g@1"])
    {'kind': 'draw', 'colour': 'g', 'player': 1}
    """
    match action:
        case Draw(colour, None):
            return {"kind": "draw", "colour": colour}
        case Draw(colour, owner):
            return {"kind": "draw", "colour": colour, "player": owner}
        case Drawn(card):
            return {"kind": "drawn", "card": card}
        case Lay(first, second):
            return {"kind": "lay", "cards": [first, second]}
        case Exchange(first, second):
            return {"kind": "exchange", "cards": [first, second]}
        case PutUnder(card):
            return {"kind": "put_under", "card": card}
        case Extend(card):
            return {"kind": "extend", "card": card}
        case Block(card, target):
            return {"kind": "block", "card": card, "target": target}
        case Unblock(card, blocker):
            return {"kind": "unblock", "card": card, "target": blocker}
        case Steal(card, colour):
            return {"kind": "steal", "card": card, "colour": colour}
        case Discard(card):
            return {"kind": "discard", "card": card}
        case Defend(card):
            return {"kind": "defend", "card": card}
        case Allow():
            return {"kind": "allow"}
        case EndTurn():
            return {"kind": "end_turn"}
    raise wrong_game("lustry.action_fields", "lustry action", action)
