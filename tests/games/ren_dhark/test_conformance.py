"""The conformance kit on Ren Dhark with every combination of its options.

The generic ``tests/test_conformance.py`` runs the kit on the default options; here it
runs once per combination of `dash_cards_deployable` (both ways), `blue_player` (drawn, 0,
1), `decks` (the starter decks, custom D30 decks with copies) and `card_set` (Starter I,
a custom set that gives activation rolls, G marks and ``-`` to more cards, so that
counter-strikes with activation rolls, defences refused by a ``-`` and missing defences
happen). One playout per combination keeps the 24 runs within about a minute of CPU time
(the default options get more playouts in ``tests/test_conformance.py``).
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest

from boardrules.games import ren_dhark as rd
from boardrules.testing import check_game

# Every option combination: a slow sweep (the quick tier runs the kit on the default
# configuration in tests/test_conformance.py).
pytestmark = pytest.mark.slow


def _variant() -> rd.CardSet:
    changes: dict[str, dict[str, Any]] = {
        # G cards with activation rolls; the swarm and Crekker also with a '-'.
        "I/11": {"g": True, "activation": 3, "strength": (5, None, 4)},
        "I/41": {"g": True, "activation": 3, "strength": (None, 5, 4)},
        "I/45": {"g": True, "activation": 3},
        "I/2": {"activation": 2},
        "I/35": {"activation": 2},
        # Persons and units that cannot meet a ship.
        "I/6": {"strength": (None, 3, 3)},
        "I/44": {"strength": (None, 3, 3)},
    }
    cards = tuple(attrs.evolve(card, **changes.get(card.number, {}))
                  for card in rd.STARTER_I.cards)
    return attrs.evolve(rd.STARTER_I, name="variant", house_values=True, cards=cards)


def _decks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    blue = (*tuple(n for n in rd.STARTER_I.starter_deck(rd.Side.BLUE) if n != "I/31"), "I/27")
    red = (*tuple(n for n in rd.STARTER_I.starter_deck(rd.Side.RED) if n != "I/62"), "I/55")
    return blue, red


CARD_SETS = {"starter": None, "variant": _variant()}
DECKS = {"starter": None, "custom": _decks()}
COMBINATIONS = list(itertools.product((False, True), (None, 0, 1), DECKS, CARD_SETS))


@pytest.mark.parametrize(
    ("dash", "blue_player", "decks", "card_set"), COMBINATIONS,
    ids=[f"dash={d}-blue={b}-decks={k}-cards={c}" for d, b, k, c in COMBINATIONS])
def test_kit_on_every_option_combination(dash: bool, blue_player: int | None, decks: str,
                                         card_set: str) -> None:
    """Every promise holds under every combination of the options."""
    options = rd.Options(card_set=CARD_SETS[card_set], blue_player=blue_player,
                         decks=DECKS[decks], dash_cards_deployable=dash)
    # A custom card set is written out in every state's JSON, which makes each step of the
    # kit several times slower: its observations are checked less often.
    check_game(rd, 2, options, playouts=1, observe_every=4 if card_set == "starter" else 8)
