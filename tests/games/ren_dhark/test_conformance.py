"""The conformance kit on Ren Dhark with variants the default game rarely reaches.

The generic ``tests/test_conformance.py`` runs the kit on the default options; here a
custom card set gives activation rolls and G marks to more cards (so counter-strikes
with activation rolls happen), and custom D30 decks hold copies.
"""

from __future__ import annotations

import attrs

from boardrules.games import ren_dhark as rd
from boardrules.testing import check_game


def _variant() -> rd.CardSet:
    cards = []
    for card in rd.STARTER_I.cards:
        if card.number in ("I/11", "I/41", "I/45"):
            cards.append(attrs.evolve(card, g=True, activation=3))
        elif card.number in ("I/2", "I/35"):
            cards.append(attrs.evolve(card, activation=2))
        else:
            cards.append(card)
    return attrs.evolve(rd.STARTER_I, name="variant", house_values=True, cards=tuple(cards))


def test_kit_with_activation_and_counter_strike_cards() -> None:
    """More activation rolls and G cards: every promise still holds."""
    check_game(rd, 2, rd.Options(card_set=_variant()), playouts=3, observe_every=4)


def test_kit_with_custom_decks() -> None:
    """Custom decks with copies (D30): every promise still holds."""
    blue = (*tuple(n for n in rd.STARTER_I.starter_deck(rd.Side.BLUE) if n != "I/31"), "I/27")
    red = (*tuple(n for n in rd.STARTER_I.starter_deck(rd.Side.RED) if n != "I/62"), "I/55")
    check_game(rd, 2, rd.Options(decks=(blue, red), blue_player=1), playouts=2, observe_every=4)
