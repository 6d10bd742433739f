"""A text picture of a Captain Bluff observation, for the terminal."""

from __future__ import annotations

from boardrules._owners import wrong_game
from boardrules.games.captain_bluff.cards import CONVEYORS, DESTINATION_NAMES, STAR, card_name
from boardrules.games.captain_bluff.observe import Observation
from boardrules.games.captain_bluff.rows import row_info
from boardrules.games.captain_bluff.state import Stage

__all__ = ["render"]


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(map(card_name, cards)) or "-"


def _row(row: tuple[int, ...], stars: tuple[int, ...]) -> str:
    """Return a row in notation, each star with the value it stands for (``star=7``)."""
    values = iter(stars)
    return " ".join(f"star={next(values)}" if c == STAR else card_name(c) for c in row) or "-"


def _who(players: frozenset[int]) -> str:
    return ",".join(map(str, sorted(players)))


def _head(o: Observation, active: int) -> str:
    """The first line: the stage, the turn and its progress, or the end."""
    if o.winner is not None:
        return f"Captain Bluff - player {o.winner} wins"
    if o.stage is Stage.PLAY and o.turn >= o.options.turn_limit:
        return f"Captain Bluff - stopped after {o.turn} turns, no winner"
    if o.stage is Stage.DEAL:
        return "Captain Bluff - dealing the cards"
    if o.stage is Stage.PLACE:
        return "Captain Bluff - setup: placing destinations"
    done = ("swapping a destination" if o.swap is not None
            else "main action taken" if o.main_done else "main action to take")
    special = "special played" if o.special_used else "special unused"
    return f"Captain Bluff - turn {o.turn + 1}, player {active} ({done}, {special})"


def render(observation: Observation) -> str:
    """Return the conveyors (destination as known, who knows it, the row with the values
    of its stars and what comes next), the hands (with the cards known to be in them and
    those picked up, not usable yet), the piles, whose decision it is and a swap in
    progress (B9).

    >>> from boardrules.games import captain_bluff as cb
    >>> print(render(cb.observe(cb.new_game(2), 0)).splitlines()[0])
    Captain Bluff - dealing the cards
    """
    if type(observation) is not Observation:
        raise wrong_game("captain_bluff.render", "captain_bluff.Observation", observation)
    o = observation
    n = o.players
    active = (o.options.first_player + o.turn) % n
    head = _head(o, active)
    lines = [head]
    swap = o.swap
    for v in range(CONVEYORS):
        row = o.rows[v]
        if swap is not None and swap[0] == v:
            text = f"  conveyor {v}: [taken, a card goes back]; row: {_row(row, o.star_values[v])}"
        elif not o.has_destination[v]:
            lines.append(f"  conveyor {v}: -")
            continue
        else:
            card = o.destinations[v]
            dest = f"[{card_name(card)}]" if card is not None else "[??]"
            text = f"  conveyor {v}: {dest} known by {_who(o.knowers[v])}; " \
                f"row: {_row(row, o.star_values[v])}"
        if row:
            info = row_info(row, o.star_values[v])
            way = {1: "up", -1: "down", 0: "no direction yet"}[info.direction]
            nxt = "any value" if info.free else way
            text += f" ({DESTINATION_NAMES[info.destination]}, {nxt})"
        lines.append(text)
    for p in range(n):
        you = " (you)" if p == o.player else ""
        known = f", known: {_cards(o.exposed[p])}" if o.exposed[p] else ""
        if o.picked_up[p]:
            known += f" (picked up, usable from their next turn: {_cards(o.picked_up[p])})"
        lines.append(f"  player {p}{you}: {o.hand_sizes[p]} cards{known}")
    if o.hand is not None:
        lines.append(f"your hand: {_cards(o.hand)}")
    buried = [card_name(b.card) if b.card is not None else "??" for b in o.buried]
    lines.append(f"draw pile: {o.draw_size}; discard: {_cards(o.discard)}"
                 + (f" + face down {' '.join(buried)}" if buried else "")
                 + (f"; out of the game: {_cards(o.removed)}" if o.removed else ""))
    if o.window is not None:
        lines.append(f"challenge? conveyor {o.window}: player {o.polled} to answer")
    if o.draws:
        lines.append("to draw: " + ", ".join(f"player {p}" for p in o.draws))
    if swap is not None:
        seen = "" if swap[1] is None else f" ({card_name(swap[1])})"
        lines.append(f"swap: player {active} took the destination card of conveyor "
                     f"{swap[0]}{seen}; another card of their hand goes there")
    return "\n".join(lines)
