"""A text picture of a Whales Rivals observation, for the terminal."""

from __future__ import annotations

from boardrules._owners import wrong_game
from boardrules.games.whales_rivals.cards import card_name
from boardrules.games.whales_rivals.observe import GreyView, Observation, WhaleView
from boardrules.games.whales_rivals.state import Phase

__all__ = ["render"]


def _grey(card: GreyView) -> str:
    text = "?" if card.value is None else str(card.value)
    return f"{text}^" if card.shown else text


def _whale(card: WhaleView) -> str:
    text = "?" if card.value is None else str(card.value)
    return f"{text}^" if card.face_up else text


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(map(card_name, cards)) or "-"


def render(observation: Observation) -> str:
    """Return the packs (``^`` marks a face-up card, ``?`` an unknown one), hands and piles.

    >>> from boardrules.games import whales_rivals as wr
    >>> state = wr.new_game(2)
    >>> for text in ("deal 4", "deal 1", "deal 2", "deal 3", "deal 6", "deal 5"):
    ...     state = wr.apply(state, wr.parse_action(state, text))
    >>> print(render(wr.observe(state, 1)))  # doctest: +NORMALIZE_WHITESPACE
    Whales Rivals - round 1, player 0 drawing
                  pack 1        pack 2        pack 3
    grey          4^            ? 2^          ? ? 5^
    player 0      -             -             -
    player 1      -             -             -
    you (player 1): hand - | deck 21
    player 0: hand 0 | deck 21 | discards -
    player 1: hand 0 | deck 21 | discards -
    grey deck 12 | captured: player 0 -, player 1 - | unclaimed -
    """
    if type(observation) is not Observation:
        raise wrong_game("whales_rivals.render", "whales_rivals.Observation", observation)
    o = observation
    who = f"player {o.to_act}"
    if o.phase is Phase.OVER:
        head = "game over"
    elif o.phase is Phase.DEAL:
        head = "dealing the packs"
    elif o.phase is Phase.DRAW:
        head = f"{who} drawing"
    elif o.phase is Phase.EXPLORE:
        head = f"{who} to explore"
    else:
        head = f"{who} to act ({o.actions_left} action{'s' if o.actions_left > 1 else ''} left)"
    lines = [f"Whales Rivals - round {o.round}, {head}",
             " " * 14 + "".join(f"pack {i + 1}".ljust(14) for i in range(3))]
    lines.append("grey".ljust(14) + "".join(
        (" ".join(_grey(g) for g in pack.grey) or "-").ljust(14) for pack in o.packs))
    for p in range(2):
        lines.append(f"player {p}".ljust(14) + "".join(
            (" ".join(_whale(w) for w in pack.whales[p]) or "-").ljust(14) for pack in o.packs))
    if o.player is not None:
        lines.append(f"you (player {o.player}): hand {_cards(o.hand)} | deck {len(o.deck)}")
    for p in range(2):
        lines.append(f"player {p}: hand {o.hand_sizes[p]} | deck {o.deck_sizes[p]} | "
                     f"discards {_cards(o.discards[p])}")
    captured = ", ".join(f"player {p} {' '.join(map(_grey, o.captured[p])) or '-'}"
                         for p in range(2))
    unclaimed = " ".join(map(_grey, o.unclaimed)) or "-"
    lines.append(f"grey deck {o.grey_deck_size} | captured: {captured} | unclaimed {unclaimed}")
    return "\n".join(line.rstrip() for line in lines)
