"""Captain Bluff: details of the public functions a wrong rule would change — the errors
of `new_game`, `result` and `returns` before and after the end, `action_bound`,
`inventory` (B1, B2, B16, B17)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardrules import CHANCE, IllegalActionError, InvalidOptionsError, Result, from_json, to_json
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import Options, Stage
from tests.games.captain_bluff.helpers import play, position
from tests.games.captain_bluff.test_rules import two_player_start


@pytest.mark.parametrize(("players", "options", "option", "message"), [
    (1, None, "players", "Captain Bluff is for 2 to 5 players, got 1"),
    (6, None, "players", "Captain Bluff is for 2 to 5 players, got 6"),
    (True, None, "players", "Captain Bluff is for 2 to 5 players, got True"),
    (2.0, None, "players", "Captain Bluff is for 2 to 5 players, got 2.0"),
    (2, "fast", "options", "expected captain_bluff.Options, got str"),
    (3, Options(first_player=3), "first_player", "seat 3 does not exist with 3 players"),
])
def test_new_game_refuses_naming_the_option(players: object, options: object, option: str,
                                            message: str) -> None:
    with pytest.raises(InvalidOptionsError) as err:
        cb.new_game(players, options)  # type: ignore[arg-type]
    assert err.value.option == option
    assert message in str(err.value)


@pytest.mark.parametrize("players", [2, 5])
def test_B2_new_game_is_the_deal_of_every_card(players: int) -> None:
    state = cb.new_game(players, Options(first_player=1, specials=(5, 3, 3, 3)))
    assert state.stage is Stage.DEAL and cb.to_move(state) is CHANCE
    assert state.players == players and state.hands == ((),) * players
    assert state.draw == (*range(51), *[cb.STAR] * 5, *[cb.ARROWS] * 3, *[cb.EYE] * 3,
                          *[cb.PLUS_ONE] * 3)
    assert not any((state.discard, state.buried, state.removed, state.stowed, state.draws))
    assert state.destinations == (None,) * 6 and state.rows == ((),) * 6
    assert (state.turn, state.winner, state.window, state.reshuffled) == (0, None, None, False)
    inventory = cb.inventory(state)
    assert inventory == Counter({**{cb.card_name(c): 1 for c in range(51)},
                                 "star": 5, "arrows": 3, "eye": 3, "plus_one": 3})


def test_B16_B17_result_and_returns_before_and_after_the_end() -> None:
    state = position(["r3", "b1", "b2"], destinations={0: "r15"}, rows={0: "r1 r2"})
    assert cb.result(state) == Result((0, 0, 0), (), False)
    assert cb.returns(state) == (0.0, 0.0, 0.0)
    won = play(state, "play 0 r3", "pass", "pass")
    assert won.winner == 0 and cb.is_terminal(won)
    assert cb.result(won) == Result((1, 0, 0), (0,), True)
    assert cb.returns(won) == (1.0, -1.0, -1.0)
    limit = position(["r5", "b1"], destinations={0: "r1"}, options=Options(turn_limit=3),
                     turn=3)
    # B17: the turn limit is an engine bound: the game ends truncated, not drawn.
    assert cb.is_terminal(limit)
    assert cb.result(limit) == Result((0, 0), (), True, truncated=True)
    assert cb.returns(limit) == (0.0, 0.0)


@pytest.mark.parametrize(("players", "limit", "bound"), [
    (2, 1000, 70 + 1000 * (3 + 2 + 1 + 65 + 18)),
    (5, 3, 70 + 3 * (3 + 5 + 4 + 65 + 18)),
])
def test_B17_action_bound(players: int, limit: int, bound: int) -> None:
    assert cb.action_bound(players, Options(turn_limit=limit)) == bound


@pytest.mark.parametrize(("run", "direction"), [("r6 r7", 1), ("r4 r3", -1)])
def test_B6_a_run_onto_a_one_card_row_sets_the_direction(run: str, direction: int) -> None:
    """B6: a row of one card has no direction: a run up or down from it continues it (the
    second card sets the direction), through the checked `apply`."""
    state = position(["r3 r4 r6 r7", "b1"], destinations={0: "r15"}, rows={0: "r5"})
    assert f"play 0 {run}" in [str(a) for a in cb.legal_actions(state)]
    played = play(state, f"play 0 {run}")
    assert cb.row_info(played.rows[0], ()).direction == direction
    with pytest.raises(IllegalActionError) as err:
        play(state, "play 0 r3 r4" if direction == -1 else "play 0 r7 r6")
    assert err.value.rule == "B6"


def test_B6_luggage_goes_on_every_conveyor_that_takes_it() -> None:
    """B6, B12: runs of the hand may go on a row right after arrows (from any value, the
    row's direction reversed) and start a row on each conveyor with a destination card and
    no row (fewer than three rows open): every such conveyor's plays are listed, by
    conveyor, each new row offering the same runs (r3, r3-r4, r4, r4-r3 and the same of
    g2 g3); a row of a destination the hand lacks (conveyor 0) offers none and stops none."""
    state = position(["r3 r4 g2 g3", "b1"], destinations={0: "b9", 2: "g9", 3: "b7", 4: "b8"},
                     rows={0: "b5", 2: "g7 g8 arrows"})
    plays = [a for a in cb.legal_actions(state) if isinstance(a, cb.PlayLuggage)]
    conveyors = [a.conveyor for a in plays]
    assert conveyors == sorted(conveyors)
    assert Counter(conveyors) == {2: 3, 3: 8, 4: 8}
    assert [str(a) for a in plays if a.conveyor == 2] == ["play 2 g2", "play 2 g3",
                                                          "play 2 g3 g2"]  # down now


def test_B2_B3_the_end_of_the_deal() -> None:
    """B2, B3: once every card is dealt, setup begins; the specials left leave the game and
    the draw pile is the luggage left; nothing has been reshuffled, and the position saves
    and loads as it is."""
    state = two_player_start()
    assert state.stage is Stage.PLACE and cb.to_move(state) == 0
    assert state.stowed == (cb.STAR, cb.STAR, cb.ARROWS, cb.ARROWS, cb.EYE, cb.EYE,
                            cb.PLUS_ONE, cb.PLUS_ONE)
    assert len(state.draw) == 51 - 24 and all(c < cb.LUGGAGE for c in state.draw)
    assert state.reshuffled is False
    assert from_json(to_json(state)) == state


def test_B5_B12_B14_the_actions_after_the_main_action_are_a_tuple_in_order() -> None:
    """B5, B12, B14: once the main action is taken, a player holding specials may play one
    (star, arrows, eye in the documented order), pick up luggage, or end the turn; the
    actions come as a tuple, like every `legal_actions` answer."""
    state = play(position(["r3 r5 r6 g2 star arrows eye", "b1 b2"],
                          destinations={0: "r15", 1: "g15"}, rows={0: "r1 r2"}), "check 1")
    actions = cb.legal_actions(state)
    assert type(actions) is tuple
    assert [str(a) for a in actions] == ["star 0=3", "arrows 0", "eye", "eye 0", "eye 1",
                                         "eye 0 1", "pickup 0 1", "end"]
