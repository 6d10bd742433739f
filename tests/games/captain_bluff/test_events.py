"""Captain Bluff events, checked against the true states of random games: a challenge
reveals its destination and says who takes the conveyor (B13), a play stands when all pass
(B13), a closed conveyor (B10), a look at a destination (B8), a reshuffle (B15), the empty
hand that wins (B16)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from boardrules import CHANCE, Event
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff.cards import card_name


def transitions(seed: int, players: int = 3) -> Iterator[tuple[cb.State, Any, cb.State]]:
    rng, state = random.Random(seed), cb.new_game(players, cb.Options(turn_limit=200))
    while not cb.is_terminal(state):
        action = (cb.sample_chance(state, rng) if cb.to_move(state) is CHANCE
                  else rng.choice(cb.legal_actions(state)))
        after = cb.apply(state, action)
        yield state, action, after
        state = after


def first(kind: str, seeds: range = range(40)) -> tuple[cb.State, Any, cb.State, Event]:
    for seed in seeds:
        for before, action, after in transitions(seed):
            for event in cb.events(before, action, after, None):
                if event.kind == kind:
                    return before, action, after, event
    raise AssertionError(f"no {kind} event in {len(seeds)} random games")


@pytest.mark.parametrize("bluff", [True, False])
def test_b13_a_challenge_reveals_the_destination_and_who_takes_the_cards(bluff: bool) -> None:
    for seed in range(60):
        for before, action, after in transitions(seed):
            if not isinstance(action, cb.Challenge):
                continue
            conveyor, challenger = before.window, before.polled
            assert conveyor is not None and challenger is not None
            active = (before.turn + before.options.first_player) % before.players
            card = before.destinations[conveyor]
            assert card is not None
            (event,) = [e for e in cb.events(before, action, after, challenger)
                        if e.kind == "challenge"]
            if event.fields["bluff"] is not bluff:
                continue
            taker = active if bluff else challenger
            count = len(before.rows[conveyor]) + 1
            assert event.fields == {
                "challenger": challenger, "challenged": active, "conveyor": conveyor,
                "card": card_name(card), "bluff": bluff, "taker": taker, "cards": count}
            assert len(after.hands[taker]) == len(before.hands[taker]) + count
            assert f"player {taker} takes {count} cards" in event.text
            return
    raise AssertionError("no such challenge in 60 random games")


def test_b13_a_play_stands_when_everybody_passes() -> None:
    _, _, after, event = first("play_stands")
    conveyor = event.fields["conveyor"]
    assert isinstance(conveyor, int) and after.window is None and after.rows[conveyor]


def test_b10_a_closed_conveyor_sends_its_cards_to_the_discard_pile() -> None:
    before, action, after, event = first("closed")
    conveyor = action.conveyor
    assert event.fields == {"conveyor": conveyor, "cards": len(before.rows[conveyor]) + 1}
    assert not after.rows[conveyor] and after.destinations[conveyor] is None


def test_b8_only_the_checker_sees_the_destination() -> None:
    for seed in range(40):
        for before, action, after in transitions(seed):
            if isinstance(action, cb.CheckDestination) and not before.main_done:
                checker = cb.to_move(before)
                assert isinstance(checker, int)
                seen = cb.events(before, action, after, checker)
                card = before.destinations[action.conveyor]
                if checker in before.knowers[action.conveyor]:
                    assert seen == ()  # known already: nothing new
                    continue
                assert card is not None
                assert [e.fields for e in seen] == [{"conveyor": action.conveyor,
                                                     "card": card_name(card)}]
                assert cb.events(before, action, after, None) == ()
                return
    raise AssertionError("no check in 40 random games")


def test_b9_the_swapper_is_told_the_destination_taken() -> None:
    swaps = 0
    for before, action, after in transitions(0):
        if isinstance(action, cb.TakeDestination):
            swapper = cb.to_move(before)
            assert isinstance(swapper, int)
            card = before.destinations[action.conveyor]
            assert card is not None
            (event,) = cb.events(before, action, after, swapper)
            assert event.kind == "destination_taken"
            assert event.fields == {"player": swapper, "conveyor": action.conveyor,
                                    "card": card_name(card)}
            for viewer in (None, *(p for p in range(3) if p != swapper)):
                # the others are told the card only when the observation shows it to them
                shown = cb.observe(after, viewer).swap
                assert shown is not None
                told = cb.events(before, action, after, viewer)
                assert told == ((event,) if shown[1] is not None else ())
            swaps += 1
    assert swaps


def test_b15_a_reshuffle_is_told() -> None:
    before, _, after, event = first("reshuffle", range(60))
    assert event.fields["cards"] == len(after.draw) > len(before.draw)


def test_b16_an_empty_hand_wins_and_ends_the_game() -> None:
    # Player 0 plays as many cards as it can and never challenges: it wins seed 4 fast.
    rng, state = random.Random(4), cb.new_game(2, cb.Options(turn_limit=300))
    while True:
        legal = cb.legal_actions(state) if cb.to_move(state) is not CHANCE else ()
        plays = [a for a in legal if isinstance(a, cb.PlayLuggage)]
        action = (cb.sample_chance(state, rng) if not legal
                  else max(plays, key=lambda a: len(a.cards)) if plays
                  else cb.Pass() if cb.Pass() in legal else rng.choice(legal))
        before, after = state, cb.apply(state, action)
        if after.winner is not None:
            break
        state = after
    event = next(e for e in cb.events(before, action, after, 1) if e.kind == "hand_empty")
    assert after.winner == event.fields["player"] and not after.hands[after.winner]
    last = cb.events(before, action, after, 0)[-1]
    assert last.kind == "game_over" and last.fields["winners"] == [after.winner]
