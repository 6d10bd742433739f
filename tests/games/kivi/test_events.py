"""KIVI events: the stone placed, its lines and the score (K7, K10), a displaced stone (K7),
a forfeit (K6), the end with its winners (K9, K11)."""

from __future__ import annotations

import random
from collections import Counter

from boardrules import CHANCE, Event
from boardrules.games import kivi
from boardrules.games.kivi import FORFEIT, Displace, Options, Place, Roll, State, square_index
from boardrules.testing import random_playout


def position(dice: tuple[int, ...], stones: dict[str, int], rolls: int = 1) -> State:
    """Player 0 has just rolled `dice` with `stones` on the board (two players)."""
    cells: list[int | None] = [None] * 49
    for name, owner in stones.items():
        cells[square_index(name)] = owner
    placed = Counter(owner for owner in cells if owner is not None)
    rounds = max(placed.values())
    state = State(Options(), 2, tuple(cells), tuple(rounds - placed[p] for p in range(2)),
                  rounds * 2, rolls, tuple(sorted(dice)), 0)
    kivi.validate_state(state)
    return state


def told(state: State, action: kivi.Action, viewer: int | None = None) -> list[Event]:
    return list(kivi.events(state, action, kivi.apply(state, action), viewer))


def test_k10_a_stone_joining_a_line_reports_the_line_and_the_new_score() -> None:
    state = position((1, 2, 3, 4, 5, 6), {"c4": 0, "e4": 0, "a1": 1, "g7": 1})
    after = kivi.apply(state, Place(square_index("d4")))
    (event,) = kivi.events(state, Place(square_index("d4")), after, 1)
    assert event.kind == "stone"
    assert event.fields["lines"] == [3]
    assert event.fields["score"] == kivi.scores(after)[0]
    assert event.fields["gained"] == kivi.scores(after)[0] - kivi.scores(state)[0] > 0
    assert event.text.startswith("Player 0's stone on d4") and "line of 3" in event.text


def test_k7_six_of_a_kind_reports_the_displaced_stone() -> None:
    state = position((6, 6, 6, 6, 6, 6), {"c4": 0, "d4": 1})
    action = Displace(square_index("d4"), square_index("a1"))
    stone, moved = told(state, action)
    assert stone.fields["square"] == "d4" and stone.fields["lines"] == [2]
    assert moved.kind == "displaced"
    assert (moved.fields["player"], moved.fields["from"], moved.fields["to"]) == (1, "d4", "a1")
    assert moved.text == "Player 1's stone moves from d4 to a1: score 3 → 1."


def test_k6_a_third_roll_that_fits_nothing_then_the_forfeit() -> None:
    rng = random.Random(6)
    for _ in range(200):  # random games until a third roll fits nothing
        state = kivi.new_game(4)
        while not kivi.is_terminal(state):
            action = (kivi.sample_chance(state, rng) if kivi.to_move(state) is CHANCE
                      else rng.choice(kivi.legal_actions(state)))
            after = kivi.apply(state, action)
            kinds = [e.kind for e in kivi.events(state, action, after, 2)]
            if isinstance(action, Roll) and kivi.legal_actions(after) == (FORFEIT,):
                assert kinds == ["no_square"]
                (event,) = told(after, FORFEIT)
                assert event.kind == "forfeit"
                assert event.fields == {"player": after.player, "lost": after.lost[after.player]
                                        + 1}
                return
            assert "no_square" not in kinds
            state = after
    raise AssertionError("no forfeit in 200 random games")


def test_k9_k11_the_last_stone_ends_the_game_with_the_winners() -> None:
    state, actions = random_playout(kivi, 3, None, random.Random(4))
    assert kivi.is_terminal(state)
    before = random_playout(kivi, 3, None, random.Random(4), max_actions=len(actions) - 1)[0]
    events = kivi.events(before, actions[-1], state, None)
    assert events[-1].kind == "game_over"
    result = kivi.result(state)
    assert events[-1].fields == {"winners": list(result.winners),
                                 "scores": list(result.scores), "truncated": False}
    assert all(e.kind != "game_over" for e in kivi.events(
        kivi.new_game(2), Roll((1, 2, 3, 4, 5, 6)), kivi.apply(kivi.new_game(2),
                                                               Roll((1, 2, 3, 4, 5, 6))), 0))
