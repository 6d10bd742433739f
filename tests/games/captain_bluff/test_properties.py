"""Captain Bluff invariants as Hypothesis properties over whole random games."""

from __future__ import annotations

import random
from collections import Counter
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import CHANCE, IllegalActionError, InvalidStateError
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import (
    Challenge,
    CheckDestination,
    CloseConveyor,
    EndTurn,
    Options,
    PickUp,
    PlayArrows,
    PlayEye,
    PlayLuggage,
    PlayPlusOne,
    PlayStar,
    SetDestination,
    Stage,
    TakeDestination,
)
from boardrules.testing import random_playout, reachable_states

seeds = st.integers(0, 2**32 - 1)
player_counts = st.integers(2, 5)
option_sets = st.sampled_from([
    Options(turn_limit=80),
    Options(turn_limit=80, specials_in_draw_pile=True),
    Options(turn_limit=80, specials=(8, 2, 2, 2), first_player=1),
    Options(turn_limit=80, specials=(8, 2, 2, 2), specials_in_draw_pile=True),
])
MAIN = (PlayLuggage, SetDestination, CheckDestination, TakeDestination, CloseConveyor)
SPECIAL = (PlayStar, PlayArrows, PlayEye, PlayPlusOne)


def states(data: st.DataObject) -> cb.State:
    """Draw a state of a random game: mostly mid-game, sometimes the deal or the end."""
    n = data.draw(player_counts)
    options = data.draw(option_sets)
    if data.draw(st.integers(0, 9)) == 0:
        state: cb.State = data.draw(reachable_states(cb, n, options))
        return state
    seed = data.draw(seeds)
    steps = 50 + seed % 1500
    state = random_playout(cb, n, options, random.Random(seed), max_actions=steps)[0]
    return state


def random_game(seed: int, n: int, options: Options) -> list[tuple[cb.State, cb.Action]]:
    """Play one random game; return every (state, action) step."""
    rng = random.Random(seed)
    state = cb.new_game(n, options)
    steps = []
    while not cb.is_terminal(state):
        action = (cb.sample_chance(state, rng) if cb.to_move(state) is CHANCE
                  else rng.choice(cb.legal_actions(state)))
        steps.append((state, action))
        state = cb.apply(state, action)
    steps.append((state, EndTurn()))
    return steps


class TestConservation:
    """All 65 cards are always somewhere, exactly once (specials by their counts)."""

    @settings(max_examples=30)
    @given(st.data())
    def test_65_cards(self, data: st.DataObject) -> None:
        state = states(data)
        cb.validate_state(state)
        assert sum(cb.inventory(state).values()) == 65
        assert cb.inventory(state) == cb.inventory(cb.new_game(state.players, state.options))


class TestRows:
    """Every row: one destination (taken away only during a swap, B9), steps of 1 between
    arrows (a star counting as the value it stands for, B12), values 1–17; ≤ 3 rows."""

    @settings(max_examples=30)
    @given(st.data())
    def test_rows_are_valid(self, data: st.DataObject) -> None:
        state = states(data)
        rows = [row for row in state.rows if row]
        assert len(rows) <= 3
        for v, row in enumerate(state.rows):
            if not row:
                continue
            swapping = state.swap is not None and state.swap[0] == v
            assert (state.destinations[v] is None) == swapping
            assert len({c // 17 for c in row if c < cb.LUGGAGE}) == 1
            assert len(state.star_values[v]) == row.count(cb.STAR)
            stars = iter(state.star_values[v])
            value, direction, free = row[0] % 17 + 1, 0, False
            for card in row[1:]:
                if card == cb.ARROWS:
                    direction, free = -direction, True
                    continue
                new = next(stars) if card == cb.STAR else card % 17 + 1
                if not free:
                    assert abs(new - value) == 1 and direction in (0, new - value)
                    direction = new - value
                free = False
                assert 1 <= new <= 17
                value = new


class TestTurnStructure:
    """One main action and at most one special per turn; turns in seat order; the game
    ends within the turn limit and `action_bound`."""

    @settings(max_examples=12)
    @given(seeds, player_counts, option_sets)
    def test_turns(self, seed: int, n: int, options: Options) -> None:
        steps = random_game(seed, n, options)
        assert len(steps) <= cb.action_bound(n, options)
        final = steps[-1][0]
        assert final.turn <= options.turn_limit
        assert final.winner is not None or final.turn == options.turn_limit
        per_turn: dict[int, Counter[str]] = {}
        actors: list[int] = []
        for state, action in steps[:-1]:
            if state.stage is not Stage.PLAY:
                continue
            count = per_turn.setdefault(state.turn, Counter())
            if isinstance(action, MAIN) and state.swap is None:  # a swap's set: its 2nd step
                count["main"] += 1
                assert cb.to_move(state) == state.active
            if isinstance(action, SPECIAL):
                count["special"] += 1
                assert cb.to_move(state) == state.active
            if isinstance(action, EndTurn):
                actors.append(state.active)
        for turn, count in per_turn.items():
            assert count["special"] <= 1
            assert count["main"] == 1 or (turn == final.turn and count["main"] == 0)
        first = options.first_player
        assert actors == [(first + t) % n for t in range(len(actors))]


class TestChallenges:
    """A resolved challenge moves every card of the conveyor into exactly one hand."""

    @settings(max_examples=10)
    @given(seeds, player_counts)
    def test_resolution(self, seed: int, n: int) -> None:
        for state, action in random_game(seed, n, Options(turn_limit=80))[:-1]:
            if not isinstance(action, Challenge):
                continue
            v = state.window
            assert v is not None
            after = cb.apply(state, action)
            cards = Counter((*state.rows[v], state.destinations[v]))
            gains = [Counter(after.hands[p]) - Counter(state.hands[p]) for p in range(n)]
            winners = [p for p in range(n) if gains[p]]
            assert len(winners) == 1 and gains[winners[0]] == cards
            assert winners[0] in (state.active, state.polled)
            assert after.rows[v] == () and after.destinations[v] is None


class TestLegality:
    """`apply` accepts exactly the actions in `legal_actions` (the targeted check is exact)."""

    CANDIDATES: ClassVar[list[cb.Action]] = [cb.CHALLENGE, cb.PASS, cb.END_TURN, cb.PLUS_ONE_PLAY,
                                   *cb.EYES.values(), *cb.CHECK, *cb.CLOSE, *cb.ARROWS_ON]
    CANDIDATES += [cb.STAR_ON[v][value] for v in range(6) for value in range(18)]
    CANDIDATES += [PickUp(v, k) for v in range(6) for k in range(0, 5)]

    @settings(max_examples=40)
    @given(st.data())
    def test_apply_accepts_exactly_the_legal_actions(self, data: st.DataObject) -> None:
        state = states(data)
        legal = cb.legal_actions(state)
        rng = random.Random(data.draw(seeds))
        hand_cards = list(range(55))
        candidates: list[cb.Action] = list(self.CANDIDATES)
        candidates += [cb.SET[rng.randrange(6)][rng.choice(hand_cards)] for _ in range(10)]
        candidates += list(cb.TAKE)
        candidates += [cb.DRAW[c] for c in range(55)]
        for _ in range(30):
            first = rng.randrange(51)
            last = first - first % 17 + rng.randrange(17)
            play = cb.PLAYS[rng.randrange(6)][first][last]
            assert play is not None
            candidates.append(play)
        candidates += [PlayLuggage(0, (0, 2)), PlayLuggage(1, ()), PlayLuggage(2, (cb.STAR,)),
                       PlayLuggage(7, (0,)), PlayEye((1, 1)), PlayEye((3, 2)),
                       PickUp(-1, 1), cb.SET[0][0], PlayStar(9, 3), PlayStar(0, 18),
                       PlayStar(1, -1)]
        with pytest.raises(InvalidStateError):  # garbage cannot even be built
            PlayEye(([1],))  # type: ignore[arg-type]
        for action in [*legal, *candidates]:
            try:
                cb.apply(state, action)
            except IllegalActionError as err:
                assert action not in legal, f"{action} is legal but refused: {err}"
                assert err.state is state and err.reason and err.rule
            else:
                assert action in legal, f"{action} is not legal but accepted"


class TestNoLeak:
    """Observation and legal actions do not depend on what the player cannot know."""

    @settings(max_examples=25)
    @given(st.data())
    def test_resample(self, data: st.DataObject) -> None:
        state = states(data)
        rng = random.Random(data.draw(seeds))
        for p in range(state.players):
            other = cb.resample(state, p, rng)
            cb.validate_state(other)
            assert cb.observe(other, p) == cb.observe(state, p)
            assert cb.observe(other, None) == cb.observe(state, None)
            if cb.to_move(state) == p:
                assert cb.legal_actions(other) == cb.legal_actions(state)
            # Cards the player knows stay where they are.
            for v in range(6):
                if p in state.knowers[v]:
                    assert other.destinations[v] == state.destinations[v]
            assert other.hands[p] == state.hands[p]
            # The redrawn world depends only on what p knows (a search cannot peek).
            seed = rng.getrandbits(32)
            assert cb.resample(state, p, random.Random(seed)) == cb.resample(
                other, p, random.Random(seed))
            for q in range(state.players):
                assert not Counter(state.exposed[q]) - Counter(other.hands[q])

    @settings(max_examples=15)
    @given(st.data())
    def test_resample_varies_hidden_cards(self, data: st.DataObject) -> None:
        state = states(data)
        if state.stage is not Stage.PLAY:
            return
        rng = random.Random(data.draw(seeds))
        hidden = len(state.draw) + sum(len(h) for h in state.hands[1:])
        if hidden < 2:
            return
        worlds = {(cb.resample(state, 0, rng).hands[1:], ) for _ in range(8)}
        assert len(worlds) > 1 or sum(len(h) for h in state.hands[1:]) == 0
