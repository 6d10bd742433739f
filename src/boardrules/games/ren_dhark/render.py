"""A text picture of a Ren Dhark observation, for terminal play."""

from __future__ import annotations

from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.ren_dhark.cards import Card, Kind
from boardrules.games.ren_dhark.observe import Observation
from boardrules.games.ren_dhark.state import ATTACKER, Phase, Tables

__all__ = ["describe", "render"]

_KIND: Final = {Kind.SHIP: "ship", Kind.PERSON: "person", Kind.UNIT: "unit",
                Kind.SHIP_OR_UNIT: "ship/unit", Kind.ACTION: "action", Kind.PLANET: "planet"}


def describe(card: Card) -> str:
    """Return a card with its values, e.g. ``I/20 TERRA [ship 5/3/3 A5 ring-ship]``.

    >>> from boardrules.games.ren_dhark.cards import STARTER_I
    >>> describe(STARTER_I.card("I/41"))
    'I/41 Crekker [unit 1/5/4 para]'
    """
    parts = [_KIND[card.kind]]
    if card.strength is not None:
        parts.append("/".join("-" if s is None else str(s) for s in card.strength))
    if card.a is not None:
        parts.append(f"A{card.a}")
    for flag, text in ((card.para, "para"), (card.g, "G")):
        if flag:
            parts.append(text)
    if card.ship_class is not None:
        parts.append(card.ship_class.value)
    if card.activation is not None:
        parts.append(f"activation {card.activation}+")
    if card.kind is Kind.ACTION and card.text:
        parts.append(card.text.split(". ")[-1].rstrip("."))
    return f"{card.label} [{' '.join(parts)}]"


def _side(o: Observation, player: int) -> str:
    if o.blue is None:
        return f"player {player}"
    return f"player {player} ({'blue' if player == o.blue else 'red'})"


def _cards(tables: Tables, cards: tuple[int, ...]) -> str:
    return ", ".join(tables.cards[c].label for c in cards) or "-"


def render(o: Observation) -> str:
    """Return the observation as text: the battle, the planets, the hand, the duel, the piles."""
    if type(o) is not Observation:
        raise wrong_game("ren_dhark.render", "ren_dhark.Observation", o)
    tables = o.options.tables
    if o.phase is Phase.OVER:
        who = "a draw" if o.winner is None else f"{_side(o, o.winner)} wins"
        head = f"Ren Dhark - game over: {who}"
    elif o.blue is None:
        head = "Ren Dhark - drawing sides"
    else:
        head = (f"Ren Dhark - battle {o.battle + 1}: {_side(o, o.attacker)} attacks "
                f"- {o.phase.value}")
    lines = [head]
    for p in (0, 1):
        landed = ", ".join(f"{tables.cards[x.card].label} ({x.as_type.value})"
                           for x in o.landed[p]) or "-"
        lines.append(f"{_side(o, p)}: hand {o.hand_sizes[p]}, deck {o.deck_sizes[p]}, "
                     f"on the enemy planet: {landed}")
    if o.player is not None:
        lines.append(f"your hand: {'; '.join(describe(tables.cards[c]) for c in o.hand) or '-'}")
    d = o.duel
    if d.attack_committed or d.defense_committed or d.loser is not None:
        def slot(card: int | None, committed: bool, label: str) -> str:
            if card is not None:
                return describe(tables.cards[card])
            return f"face down{label}" if committed else "-"
        attack_label = f", declared {d.attack_type.value}" if d.attack_type else ""
        lines.append(f"{'counter-strike ' if d.counter else ''}duel: attacker "
                     f"{slot(d.attack, d.attack_committed, attack_label)} "
                     f"({d.attack_mod:+d}) vs defender "
                     f"{slot(d.defense, d.defense_committed, '')} ({d.defense_mod:+d})")
        for entry in d.played:
            owner = "attacker" if entry.role == ATTACKER else "defender"
            lines.append(f"  {owner} played {tables.cards[entry.card].label}: "
                         f"{entry.status.value}")
    for p in (0, 1):
        if o.out[p]:
            lines.append(f"out of game ({_side(o, p)}): {_cards(tables, o.out[p])}")
    return "\n".join(lines)
