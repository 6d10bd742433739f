"""Captain Bluff events: what an action caused, as each viewer saw it (B10-B18).

A challenge's revealed destination, bluff or honest, and who takes how many cards (B13);
a play that stands when nobody challenges; a conveyor closed (B10); the destinations a
player looked at (B8, `eye`); the players a `plus_one` makes draw (B12); the discard pile
shuffled into a new draw pile (B15); an empty hand and the end of the game (B16, B17); for
whoever may know it, the destination card a swap took into the swapper's hand (B9).
Read only from what the viewer sees: the observations before and after, and the kind of
action (which the announcement names).
"""

from __future__ import annotations

from collections import Counter

from boardrules._events import check_objects, count_cards, game_over, name_players
from boardrules.game import Event
from boardrules.games.captain_bluff.actions import (
    Action,
    Challenge,
    CheckDestination,
    CloseConveyor,
    Pass,
    PlayEye,
    PlayPlusOne,
    TakeDestination,
)
from boardrules.games.captain_bluff.cards import (
    card_name,
)
from boardrules.games.captain_bluff.notation import card_words
from boardrules.games.captain_bluff.observe import Observation, announce, observe
from boardrules.games.captain_bluff.rules import is_terminal, result
from boardrules.games.captain_bluff.state import State

__all__ = ["events"]


def _active(view: Observation) -> int:
    return (view.options.first_player + view.turn) % view.players


def _challenge(old: Observation, new: Observation) -> Event:
    conveyor = old.window
    assert conveyor is not None and old.polled is not None
    challenger, challenged = old.polled, _active(old)
    taker = next(p for p in range(old.players) if new.hand_sizes[p] > old.hand_sizes[p])
    row = old.rows[conveyor]
    taken = Counter(new.exposed[taker]) - Counter(old.exposed[taker]) - Counter(row)
    (card,) = taken.elements()  # the destination card: in the taker's hand, known to all
    bluff = taker == challenged
    count = new.hand_sizes[taker] - old.hand_sizes[taker]
    return Event(
        "challenge",
        f"Player {challenger} challenges player {challenged}: conveyor {conveyor}'s "
        f"destination is {card_words(card)}, {'a bluff' if bluff else 'honest'}; "
        f"player {taker} takes {count_cards(count)}.",
        {"challenger": challenger, "challenged": challenged, "conveyor": conveyor,
         "card": card_name(card), "bluff": bluff, "taker": taker, "cards": count})


def _looked(old: Observation, new: Observation) -> list[Event]:
    return [Event("destination_seen",
                  f"Conveyor {v}'s destination is {card_words(card)}.",
                  {"conveyor": v, "card": card_name(card)})
            for v, card in enumerate(new.destinations)
            if card is not None and old.destinations[v] is None]


def events(before: State, action: Action, after: State, viewer: int | None) -> tuple[Event, ...]:
    """Return what `viewer` (``None``: a spectator) saw `action` cause, `before` → `after`.

    >>> import random
    >>> from boardrules.games import captain_bluff as cb
    >>> from boardrules import CHANCE
    >>> rng, state = random.Random(1), cb.new_game(3)
    >>> while not isinstance(action := (cb.sample_chance(state, rng)
    ...         if cb.to_move(state) is CHANCE else rng.choice(cb.legal_actions(state))),
    ...         cb.Challenge):
    ...     state = cb.apply(state, action)
    >>> (event,) = events(state, action, cb.apply(state, action), None)
    >>> event.text[:60], event.fields["taker"]
    ("Player 1 challenges player 0: conveyor 5's destination is re", 0)
    """
    check_objects("captain_bluff.events", before, action, after, state=State, actions=Action)
    announce(before, action, viewer)  # the viewer check
    old, new = observe(before, viewer), observe(after, viewer)
    told: list[Event] = []
    kind = type(action)
    if kind is Challenge:
        told.append(_challenge(old, new))
    elif kind is Pass and old.window is not None and new.window is None:
        told.append(Event(
            "play_stands", f"Nobody challenges: the play at conveyor {old.window} stands.",
            {"conveyor": old.window, "player": _active(old)}))
    elif isinstance(action, CloseConveyor):
        conveyor = action.conveyor
        count = len(old.rows[conveyor]) + old.has_destination[conveyor]
        told.append(Event(
            "closed",
            f"Conveyor {conveyor} closes: its {count_cards(count)} go to the discard pile.",
            {"conveyor": conveyor, "cards": count}))
    elif kind in (CheckDestination, PlayEye):
        told += _looked(old, new)
    elif isinstance(action, TakeDestination) and new.swap is not None and new.swap[1] is not None:
        taken, taker = new.swap[1], _active(old)
        told.append(Event(
            "destination_taken",
            f"Player {taker} takes conveyor {action.conveyor}'s destination into hand: "
            f"{card_words(taken)}.",
            {"player": taker, "conveyor": action.conveyor, "card": card_name(taken)}))
    elif kind is PlayPlusOne and new.draws:
        told.append(Event(
            "plus_one", f"{name_players(new.draws).capitalize()} each draw a luggage card.",
            {"players": list(new.draws)}))
    if new.draw_size > old.draw_size and old.stage is new.stage:
        told.append(Event(
            "reshuffle",
            f"The discard pile is shuffled into a new draw pile of {count_cards(new.draw_size)}.",
            {"cards": new.draw_size}))
    if new.winner is not None and old.winner is None:
        told.append(Event("hand_empty", f"Player {new.winner}'s hand is empty.",
                          {"player": new.winner}))
    if is_terminal(after):
        told.append(game_over(result(after)))
    return tuple(told)
