"""Lustry events: what an action caused, as each viewer saw it (L7, L12-L18).

The cards a draw brought into the hand once drawing is over (L7: the drawer sees them
then); a block and the sequence it stops from closing (L12); an unblock — the blocker to
the unblocking player's discard pile, the protection it gives (L13); an exchange sending a
sequence to the discard piles (L14); a steal defended, or the cards it took (L15); a
sequence closed and its victory point (L16); the end of the game, a win or a draw (L17,
L18). Read only from what the viewer sees: the observations before and after, and the
action (each of these is announced in full).
"""

from __future__ import annotations

from collections import Counter

from boardrules._events import check_objects, game_over
from boardrules.game import Event
from boardrules.games.lustry.actions import Action, Allow, Block, Defend, Exchange, Unblock
from boardrules.games.lustry.cards import COLOUR_NAMES, COLOURS
from boardrules.games.lustry.observe import Observation, announce, observe
from boardrules.games.lustry.rules import is_terminal, result
from boardrules.games.lustry.state import Phase, State

__all__ = ["events"]

def _list(cards: list[str]) -> str:
    return ", ".join(cards) or "none"


def _drawn(old: Observation, new: Observation) -> list[Event]:
    """The pending cards joined the drawer's hand (L7): what the viewer sees of them."""
    if not old.pending or new.pending:
        return []
    p = old.current
    cards = sorted((Counter(new.hands[p]) - Counter(old.hands[p])).elements())
    return [Event("drawn", f"Player {p}'s drawing is over; into the hand: {_list(cards)}.",
                  {"player": p, "cards": list(cards)})]


def _closed(old: Observation, new: Observation) -> list[Event]:
    told = []
    for slot, (was, now) in enumerate(zip(old.sequences, new.sequences, strict=True)):
        if now.closed and not was.closed:
            p, colour = divmod(slot, 3)
            points = sum(s.closed for s in new.sequences[3 * p:3 * p + 3])
            told.append(Event(
                "closed",
                f"Player {p} closes the {COLOUR_NAMES[COLOURS[colour]]} sequence: "
                f"{points} of 2 closed sequences.",
                {"player": p, "colour": COLOURS[colour], "points": points}))
    return told


def events(before: State, action: Action, after: State, viewer: int | None) -> tuple[Event, ...]:
    """Return what `viewer` (``None``: a spectator) saw `action` cause, `before` → `after`.

    >>> from boardrules.games.lustry import Draw, Drawn, apply, new_game
    >>> state = apply(new_game(2), Draw("r"))
    >>> events(state, Drawn("r5cf"), apply(state, Drawn("r5cf")), 0)
    ()
    """
    check_objects("lustry.events", before, action, after, state=State, actions=Action)
    announce(before, action, viewer)  # the viewer check
    old, new = observe(before, viewer), observe(after, viewer)
    mover = old.current if old.phase is not Phase.DEFEND else 1 - old.current
    told: list[Event] = _drawn(old, new)
    if isinstance(action, Block):
        owner = 1 - mover
        told.append(Event(
            "blocked",
            f"Player {mover} blocks player {owner}'s {action.target}: that sequence "
            "cannot close until it is unblocked.",
            {"player": mover, "owner": owner, "card": action.card, "target": action.target}))
    elif isinstance(action, Unblock):
        protects = ("the sequence" if old.options.unblock_protects.value == "sequence"
                    else "the unblocked card")
        told.append(Event(
            "unblocked",
            f"The blocker {action.blocker} goes to player {mover}'s discard pile; "
            f"{action.card} protects {protects} from further blocks.",
            {"player": mover, "card": action.card, "blocker": action.blocker}))
    elif isinstance(action, Exchange):
        colour = action.first[0]
        slot = 3 * mover + COLOURS.index(colour)
        gone = old.sequences[slot]
        cards = [*gone.cards, *(c for c in gone.blockers if c), *(c for c in gone.unblockers
                                                                  if c)]
        told.append(Event(
            "exchanged",
            f"Player {mover}'s {COLOUR_NAMES[colour]} sequence ({_list(cards)}) goes to the "
            "discard piles.",
            {"player": mover, "colour": colour, "cards": [*cards]}))
    elif isinstance(action, Defend):
        told.append(Event("steal_defended", f"Player {mover} defends: the steal fails.",
                          {"player": mover, "colour": old.named}))
    elif isinstance(action, Allow):
        stealer = old.current
        taken = sorted((Counter(new.hands[stealer]) - Counter(old.hands[stealer])).elements())
        colour = COLOUR_NAMES[str(old.named)]
        told.append(Event(
            "stolen",
            f"Player {stealer} takes {len(taken)} {colour} card"
            f"{'s' if len(taken) != 1 else ''} from player {mover}: {_list(taken)}."
            if taken else f"Player {stealer} takes no {colour} card: player {mover} "
            "holds none.",
            {"player": stealer, "from": mover, "colour": old.named, "cards": list(taken)}))
    told += _closed(old, new)
    if is_terminal(after):
        told.append(game_over(result(after)))
    return tuple(told)
