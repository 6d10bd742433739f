"""Whales Rivals events: what an action caused, as each viewer saw it (W10, W11, W15-W20).

A whale turned face up by an Exploration and the grey cards a peek showed (W10); the whale
a turtle removed (W11); the end of a round — the whales revealed at each pack, their sums,
who captured the pack or that it stays or goes unclaimed (W15, W16) — and the end of the
game (W20). Read only from what the viewer sees: the observations before and after (the
whales revealed at the last end of a round stay in the observation, `revealed`), and the
kind of action (which the announcement names).
"""

from __future__ import annotations

from collections import Counter

from boardrules._events import check_objects, count_cards, game_over
from boardrules.game import Event
from boardrules.games.whales_rivals.actions import Action, Flip, Peek, PlayTurtle
from boardrules.games.whales_rivals.cards import ROUNDS
from boardrules.games.whales_rivals.observe import Observation, announce, observe
from boardrules.games.whales_rivals.rules import is_terminal, result
from boardrules.games.whales_rivals.state import Phase, State

__all__ = ["events"]


def _values(values: list[int | None]) -> str:
    return ", ".join("?" if v is None else str(v) for v in values) or "none"


def _sum(values: tuple[int, ...]) -> str:
    """Whales and their sum for people: ``3+1 = 4``, ``10``, ``0``."""
    return f"{'+'.join(map(str, values))} = {sum(values)}" if len(values) > 1 else str(
        sum(values))


def _round_end(old: Observation, new: Observation) -> list[Event]:
    last = old.round == ROUNDS
    told = [Event("round_end", f"Round {old.round} ends: the whales are revealed.",
                  {"round": old.round})]
    for index, (pack, (mine, theirs)) in enumerate(zip(old.packs, new.revealed, strict=True)):
        sums = (sum(mine), sum(theirs))
        cards: list[int | None] = [g.value for g in pack.grey]
        taker = 0 if sums[0] > sums[1] else 1 if sums[1] > sums[0] else None
        if taker is not None:
            outcome = f"player {taker} captures {count_cards(len(cards))} ({_values(cards)})"
        elif last:
            outcome = f"a tie: {count_cards(len(cards))} go unclaimed"
        else:
            outcome = "a tie: the pack stays"
        told.append(Event(
            "pack",
            f"Pack {index + 1}: {_sum(mine)} against {_sum(theirs)}; {outcome}.",
            {"pack": index, "whales": [list(mine), list(theirs)], "sums": list(sums),
             "captured_by": taker, "cards": list(cards), "stays": taker is None and not last}))
    return told


def events(before: State, action: Action, after: State, viewer: int | None) -> tuple[Event, ...]:
    """Return what `viewer` (``None``: a spectator) saw `action` cause, `before` → `after`.

    >>> import random
    >>> from boardrules import CHANCE
    >>> from boardrules.games import whales_rivals as wr
    >>> rng, state = random.Random(1), wr.new_game(2)
    >>> while wr.END_ROUND not in wr.legal_actions(state):
    ...     state = wr.apply(state, wr.sample_chance(state, rng) if wr.to_move(state) is CHANCE
    ...                      else rng.choice(wr.legal_actions(state)))
    >>> [e.kind for e in events(state, wr.END_ROUND, wr.apply(state, wr.END_ROUND), None)]
    ['round_end', 'pack', 'pack', 'pack']
    """
    check_objects("whales_rivals.events", before, action, after, state=State, actions=Action)
    announce(before, action, viewer)  # the viewer check
    old, new = observe(before, viewer), observe(after, viewer)
    told: list[Event] = []
    mover = old.to_act
    ended = new.round != old.round or (new.phase is Phase.OVER and old.phase is not Phase.OVER)
    if isinstance(action, Flip):
        # the whale lies face up where it was, or was revealed there if the round ended
        value = (new.revealed[action.pack][1 - mover][action.slot] if ended
                 else new.packs[action.pack].whales[1 - mover][action.slot].value)
        told.append(Event(
            "flipped",
            f"Player {1 - mover}'s whale {action.slot + 1} at pack {action.pack + 1} "
            f"is a {value}.",
            {"player": 1 - mover, "pack": action.pack, "slot": action.slot, "value": value}))
    elif isinstance(action, Peek) and viewer == mover and not ended:
        seen = [g.value for g in new.packs[action.pack].grey if not g.shown]
        told.append(Event(
            "peeked", f"Pack {action.pack + 1}'s face-down grey cards: {_values(seen)}.",
            {"pack": action.pack, "cards": list(seen)}))
    elif isinstance(action, PlayTurtle) and action.pack is not None:
        gone = Counter(new.discards[1 - mover]) - Counter(old.discards[1 - mover])
        if ended:  # the whales revealed at the end went to the discard pile too
            gone -= Counter(v for pair in new.revealed for v in pair[1 - mover])
        (value,) = gone.elements()
        told.append(Event(
            "removed",
            f"The turtle removes player {1 - mover}'s {value} from pack {action.pack + 1}.",
            {"player": 1 - mover, "pack": action.pack, "value": value}))
    if ended:
        told += _round_end(old, new)
    if is_terminal(after):
        told.append(game_over(result(after)))
    return tuple(told)
