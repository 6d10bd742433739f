"""Captain Bluff's heuristic: what a player could shed next turn (`ready`), a stall's worth
and a bluff's price (`at_stake`), the things that keep ISMCTS self-play from stalling or
bluffing to the turn limit (#30)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import attrs
import pytest

from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import (
    Challenge,
    CheckDestination,
    CloseConveyor,
    Pass,
    PlayLuggage,
    SetDestination,
    TakeDestination,
)
from boardrules.games.captain_bluff.heuristic import at_stake, believe, heuristic, ready
from boardrules.games.captain_bluff.rules import is_bluff
from boardrules.serialization import from_json

STALL = Path(__file__).with_name("stall.json")
"""Turn 31 of a two-player self-play game of the search before #30 (it checked conveyor 0
from here to the turn limit): all three rows are red and hold no next card of either
hand; player 0 (10 cards, to move) holds no red, knows conveyors 0, 2, 3 (g2) and 5 (r4)."""


def stall() -> cb.State:
    state = from_json(STALL.read_text(encoding="utf-8"), cb.State)
    assert cb.to_move(state) == 0
    return state


def test_ready_is_the_longest_honest_row_start_halved_while_the_rows_are_full() -> None:
    state = stall()
    # Player 0: g3 on conveyor 3 (g2, known); player 1: r15 or r17 on conveyor 4 (r14).
    assert [ready(state, p) for p in (0, 1)] == [0.5, 0.5]  # B6: no fourth row until one closes
    closed = cb.apply(state, CloseConveyor(2))  # B10
    assert [ready(closed, p) for p in (0, 1)] == [1, 1]
    # B9: b2 in place of r4 makes conveyor 5 blue, known to player 0, who keeps b3 b4 b5.
    swapped = cb.apply(cb.apply(state, TakeDestination(5)),
                       SetDestination(5, cb.card_code("b2")))
    assert ready(swapped, 0) == 1.5


def test_a_destination_the_player_does_not_know_is_no_start() -> None:
    state = stall()
    blind = attrs.evolve(state, knowers=tuple(frozenset() for _ in state.knowers))
    assert [ready(blind, p) for p in (0, 1)] == [0, 0]
    # Conveyor 4 (r14, player 1's): player 0 learning it holds no red to start it with.
    told = attrs.evolve(blind, knowers=(*blind.knowers[:4], frozenset({0}), blind.knowers[5]))
    assert ready(told, 0) == 0


def test_the_estimate_halves_a_lead_while_the_rows_are_full() -> None:
    state = stall()
    # Counts: 10 - 0.5 * 0.5 and 12 - 0.5 * 0.5; a lead of 2 over 6, halved.
    lead = 0.5 * math.tanh(2 / 6)
    assert heuristic(state) == pytest.approx((lead, -lead))
    closed = cb.apply(state, CloseConveyor(2))
    assert heuristic(closed) == pytest.approx((math.tanh(2 / 6), -math.tanh(2 / 6)))


def full_rows_of_three() -> cb.State:
    """The first position of a seeded random three-player game where all three rows hold
    luggage and the player to move may close one (B6, B10)."""
    rng = random.Random(1)
    state = cb.new_game(3)
    while True:
        mover = cb.to_move(state)
        if isinstance(mover, int):
            legal = cb.legal_actions(state)
            if (state.window is None and sum(1 for row in state.rows if row) == 3
                    and any(isinstance(a, CloseConveyor) for a in legal)):
                return state
            state = cb.apply(state, rng.choice(legal))
        else:
            state = cb.apply(state, cb.sample_chance(state, rng))


def test_full_rows_leave_three_players_a_whole_estimate_less_0_2() -> None:
    """With three players a halved estimate made full rows look good to the players behind
    (a smaller deficit), so nobody closed a row and one game at 1,000 iterations ran to the
    turn limit (issue #30): the estimate stays whole and costs everyone 0.2, which closing
    a row takes back."""
    state = full_rows_of_three()
    counts = [len(state.hands[p]) - 0.5 * ready(state, p) for p in range(3)]
    assert heuristic(state) == pytest.approx(tuple(
        max(-1.0, math.tanh(((sum(counts) - own) / 2 - own) / 6) - 0.2) for own in counts))
    close = next(a for a in cb.legal_actions(state) if isinstance(a, CloseConveyor))
    closed = cb.apply(state, close)
    counts = [len(closed.hands[p]) - 0.5 * ready(closed, p) for p in range(3)]
    assert heuristic(closed) == pytest.approx(tuple(
        math.tanh(((sum(counts) - own) / 2 - own) / 6) for own in counts))
    assert heuristic(closed)[state.active] > heuristic(state)[state.active]


def test_re_checking_a_known_destination_is_worth_nothing_and_closing_is() -> None:
    state = stall()
    checked = cb.apply(state, CheckDestination(2))  # B8: player 0 knows it already
    assert heuristic(checked) == heuristic(state)
    assert heuristic(cb.apply(state, CloseConveyor(2)))[0] > heuristic(checked)[0]


def test_the_end_is_scored_by_returns() -> None:
    won = attrs.evolve(stall(), winner=1)
    assert heuristic(won) == cb.returns(won) == (-1.0, 1.0)


def two_rows() -> cb.State:
    """The stall with conveyor 2's row (r10) gone: player 0 may start a row on conveyor 3
    (destination g2, which player 0 knows) or 4 (r14, player 1's)."""
    state = stall()
    return attrs.evolve(state, rows=(*state.rows[:2], (), *state.rows[3:]))


def codes(*names: str) -> tuple[int, ...]:
    return tuple(cb.card_code(name) for name in names)


def test_a_bluff_in_an_open_challenge_window_counts_as_caught() -> None:
    state = two_rows()
    bluff = cb.apply(state, PlayLuggage(3, codes("b2", "b3", "b4", "b5")))  # onto g2: B6 allows
    assert bluff.window == 3
    assert at_stake(bluff) == 5  # B13: the four cards and the destination card come back
    # Counts: player 0 holds 6 cards, 11 once caught; all three rows are taken (halved).
    counts = [6 + 5 - 0.5 * ready(bluff, 0), 12 - 0.5 * ready(bluff, 1)]
    lead = 0.5 * math.tanh((counts[1] - counts[0]) / 6)
    assert heuristic(bluff) == pytest.approx((lead, -lead))
    assert heuristic(bluff)[0] < heuristic(state)[0]  # a bluff a challenge catches is a loss
    caught = cb.apply(bluff, Challenge())
    assert len(caught.hands[0]) == 11 and at_stake(caught) == 0
    stands = cb.apply(bluff, Pass())  # once the window closes, the play stands
    assert stands.window is None and at_stake(stands) == 0
    assert heuristic(stands)[0] > heuristic(state)[0]


def test_an_honest_play_in_an_open_window_counts_as_shed() -> None:
    state = two_rows()
    honest = cb.apply(state, PlayLuggage(3, codes("g3")))  # onto g2
    assert honest.window == 3 and at_stake(honest) == 0
    counts = [9 - 0.5 * ready(honest, 0), 12 - 0.5 * ready(honest, 1)]  # g3 shed
    lead = 0.5 * math.tanh((counts[1] - counts[0]) / 6)  # three rows taken again: halved
    assert heuristic(honest) == pytest.approx((lead, -lead))


def test_a_special_card_as_destination_makes_every_play_a_bluff() -> None:
    assert is_bluff(cb.STAR, codes("r3")) and is_bluff(cb.card_code("g2"), codes("r3"))
    assert not is_bluff(cb.card_code("r2"), codes("r3", "r4"))


def green_share(state: cb.State, conveyor: int, worlds: list[cb.State]) -> float:
    green = cb.destination_of(cb.card_code("g1"))
    return sum(cb.destination_of(w.destinations[conveyor] or 0) == green
               for w in worlds) / len(worlds)


def played_g3() -> cb.State:
    """`two_rows` with the row it took away on the discard pile (a valid state), after
    player 0 plays g3 onto conveyor 3 (g2, which player 0 knows)."""
    state = stall()
    valid = attrs.evolve(two_rows(), discard=tuple(sorted(state.discard + state.rows[2])))
    cb.validate_state(valid)
    return cb.apply(valid, PlayLuggage(3, codes("g3")))


def test_believe_takes_a_row_a_knower_built_for_honest_more_often() -> None:
    """Player 1 does not know conveyor 3's card (g2), player 0 does and plays g3 onto it:
    uniform worlds make it green about one time in three (a challenge looks good); worlds
    `believe` reweights, most times, and every one still shows player 1 what it sees."""
    state = played_g3()
    assert 1 not in state.knowers[3] and 0 in state.knowers[3]
    rng = random.Random(5)
    uniform = [cb.resample(state, 1, rng) for _ in range(600)]
    believed = [believe(w, 1, rng) for w in uniform]
    assert green_share(state, 3, uniform) < 0.4
    assert 0.7 < green_share(state, 3, believed) < 0.95
    seen = cb.observe(state, 1)
    for world in believed[:50]:
        cb.validate_state(world)
        assert cb.observe(world, 1) == seen and cb.inventory(world) == cb.inventory(state)


def test_believe_leaves_a_row_nobody_else_knows_and_a_world_without_rows() -> None:
    state = played_g3()
    nobody = attrs.evolve(state, knowers=(*state.knowers[:3], frozenset({1}) - {1},
                                          *state.knowers[4:]))
    rng = random.Random(5)
    worlds = [cb.resample(nobody, 1, rng) for _ in range(200)]
    assert [w.destinations[3] for w in worlds] == [
        believe(w, 1, rng).destinations[3] for w in worlds]
    start = cb.new_game(2)
    assert believe(start, 0, rng) is start
