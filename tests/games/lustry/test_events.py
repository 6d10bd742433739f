"""Lustry events, checked against the true states of random games: a block (L12), an unblock
(L13), an exchange (L14), a steal defended or taking the named colour (L15), a closed
sequence (L16), the cards a draw brought once drawing is over (L7)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from boardrules import CHANCE, Event
from boardrules.games import lustry as lu


def transitions(seeds: range = range(4)) -> Iterator[tuple[lu.State, Any, lu.State]]:
    for seed in seeds:
        rng = random.Random(seed)
        state = lu.new_game(2, lu.Options(turn_limit=80))
        while not lu.is_terminal(state):
            action = (lu.sample_chance(state, rng) if lu.to_move(state) is CHANCE
                      else rng.choice(lu.legal_actions(state)))
            after = lu.apply(state, action)
            yield state, action, after
            state = after


def kinds_seen() -> dict[str, list[tuple[lu.State, Any, lu.State, Event]]]:
    found: dict[str, list[tuple[lu.State, Any, lu.State, Event]]] = {}
    for before, action, after in transitions():
        for event in lu.events(before, action, after, None):
            found.setdefault(event.kind, []).append((before, action, after, event))
    return found


FOUND = kinds_seen()


def cards(event: Event) -> list[str]:
    value = event.fields["cards"]
    assert isinstance(value, list)
    return [str(c) for c in value]


def test_l12_l13_block_and_unblock() -> None:
    for _, action, _, event in FOUND["blocked"]:
        assert (event.fields["card"], event.fields["target"]) == (action.card, action.target)
    for before, action, after, event in FOUND["unblocked"]:
        mover = before.player
        assert event.fields["blocker"] == action.blocker
        gained = Counter(after.discards[3 * mover + "rgb".index(action.blocker[0])])
        assert gained[action.blocker] > Counter(
            before.discards[3 * mover + "rgb".index(action.blocker[0])])[action.blocker]


def test_l14_an_exchange_lists_the_replaced_sequence() -> None:
    for before, action, _, event in FOUND["exchanged"]:
        gone = before.sequences[3 * before.player + "rgb".index(action.first[0])]
        assert Counter(cards(event)) == Counter(
            [*gone.cards, *(c for c in gone.blockers if c), *(c for c in gone.unblockers if c)])


def test_l15_an_allowed_steal_lists_the_cards_taken() -> None:
    for before, _, after, event in FOUND["stolen"]:
        named = before.named
        assert named is not None
        victim = 1 - before.player
        taken = sorted(c for c in before.hands[victim] if c[0] == named)
        assert event.fields["cards"] == taken
        assert not any(c[0] == named for c in after.hands[victim])


def test_l16_a_closed_sequence_is_told() -> None:
    for _, _, after, event in FOUND["closed"]:
        player = event.fields["player"]
        assert isinstance(player, int)
        colour = "rgb".index(str(event.fields["colour"]))
        assert after.sequences[3 * player + colour].closed
        assert event.fields["points"] == sum(s.closed for s in after.sequences[
            3 * player:3 * player + 3])


def test_l7_the_drawer_sees_the_drawn_cards_once_drawing_is_over() -> None:
    for before, action, after, _ in FOUND["drawn"][:20]:
        drawer = before.player
        (mine,) = [e for e in lu.events(before, action, after, drawer) if e.kind == "drawn"]
        new = Counter(after.hands[drawer]) - Counter(before.hands[drawer])
        assert sorted(cards(mine)) == sorted(new.elements())
        (theirs,) = [e for e in lu.events(before, action, after, 1 - drawer)
                     if e.kind == "drawn"]
        assert len(cards(theirs)) == len(cards(mine))


def test_every_kind_of_event_happens() -> None:
    assert {"blocked", "unblocked", "exchanged", "stolen", "closed", "drawn",
            "game_over"} <= set(FOUND)
