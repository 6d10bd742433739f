"""Lustry JSON: states round-trip, and corrupted states are refused with the problem named."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from boardrules import (
    CHANCE,
    InvalidStateError,
    Record,
    from_data,
    from_json,
    replay,
    to_data,
    to_json,
)
from boardrules.games import lustry
from boardrules.games.lustry import Draw, Drawn, Options, State, apply, new_game, parse_action


def midgame() -> State:
    """Player 1 to play: player 0 laid r1c r2cf and discarded b3cf; player 1 stole red."""
    state = new_game(2)
    for card in ("g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf"):
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    for text in ("lay r1c r2cf", "discard b3cf", "end"):
        state = apply(state, parse_action(state, text))
    for card in ("b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s"):
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    return apply(apply(state, parse_action(state, "steal b0 r")), parse_action(state, "allow"))


def corrupt(state: State, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(to_data(state))
    change(data["data"])
    return data


def test_state_round_trips() -> None:
    state = midgame()
    assert from_json(to_json(state)) == state
    assert from_json(to_json(lustry.observe(state, 0))) == lustry.observe(state, 0)


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["draw"][0].insert(0, "r1c"), "extra ['r1c']"),
    (lambda d: d["hands"][0].append("x9"), "not a card"),
    (lambda d: d.update(player=0), "player"),
    (lambda d: d.update(turn=2), "player"),
    (lambda d: d["exposed"][0].append("r5cf"), "exposed[0]"),
    (lambda d: d["exposed"][1].append("g1c"), "exposed[1]"),
    (lambda d: d["seen"][2].append(True), "seen[2]"),
    (lambda d: (d["draw"][0].remove("r4cf"), d.update(pending=["r4cf"], pending_known=[0])),
     "pending"),
    (lambda d: d["hands"][1].reverse(), "canonical order"),
    (lambda d: d["sequences"][0].update(closed=True), "closed"),
    (lambda d: d["sequences"][0]["blockers"].__setitem__(0, "g1c"), "block"),
    (lambda d: d["sequences"][0]["unblockers"].__setitem__(1, "r2cf"), "unblock"),
    (lambda d: d.update(phase="defend"), "named"),
    (lambda d: d.update(phase="defend", named="g", steals=[0, 0, 1, 0, 0, 0]), "no steal card"),
    (lambda d: d.update(winner=0), "winner"),
    (lambda d: d.update(phase="over"), "L18"),
    (lambda d: d["steals"].__setitem__(0, 4), "steals[0]"),
    (lambda d: d["discards"][2].__setitem__(0, "r3cf"), "colour"),
    (lambda d: d.update(source="r"), "source"),
])
def test_corrupted_states_are_refused(change: Any, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words.replace("[", r"\[").replace("]", r"\]")):
        from_data(corrupt(midgame(), change))


def test_a_bad_option_in_a_state_is_refused() -> None:
    data = corrupt(midgame(), lambda d: d["options"].update(turn_limit=0))
    with pytest.raises(InvalidStateError, match="turn_limit"):
        from_data(data)


def test_a_record_replays() -> None:
    state = new_game(2, Options(turn_limit=4))
    actions = []
    rng = random.Random(5)
    while not lustry.is_terminal(state):
        if lustry.to_move(state) is CHANCE:
            action = lustry.sample_chance(state, rng)
        else:
            action = rng.choice(lustry.legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    record = Record.start("lustry", 2, Options(turn_limit=4)).extended(actions)
    assert replay(from_json(to_json(record), Record)) == state


def refused(state: State, change: Any, words: str) -> None:
    with pytest.raises(InvalidStateError, match=words):
        from_data(corrupt(state, change))


def first_turn() -> State:
    """Player 0 has drawn seven cards in the first turn and plays."""
    state = new_game(2)
    for card in ("r1c", "r2cf", "r3cf", "g3ce", "b3ce", "r4cf", "g2cf"):
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    return state


def move_from_draw(data: dict[str, Any], player: int, cards: list[str]) -> None:
    for card in cards:
        data["draw"]["rgb".index(card[0])].remove(card)
    data["hands"][player] = sorted(data["hands"][player] + cards, key=lustry.KINDS.index)


def test_L18_a_stall_count_needs_the_deadlock() -> None:
    state = midgame()  # turn 1, nothing closed, one steal card laid
    refused(state, lambda d: d.update(stall=1), "deadlock draw")
    refused(state, lambda d: (d["options"].update(stall_turns=1),
                              d.update(phase="over", stall=1)), "deadlock draw")
    refused(state, lambda d: d.update(stall=2), "stall: 2 stalled turns out of 1")


def test_L8_L15_a_hand_above_seven_needs_a_steal_of_its_player() -> None:
    state = midgame()  # player 1 laid a steal card, player 0 none
    more = ["r4cf", "r5cf", "g4cf", "g5cf", "b4cf"]
    refused(state, lambda d: move_from_draw(d, 0, more), r"hands\[0\]: more than 7")
    from_data(corrupt(state, lambda d: move_from_draw(d, 1, more)))


def test_L6_L19_in_the_first_turn_the_second_player_has_nothing_and_nobody_knows_a_card() -> None:
    state = first_turn()
    from_data(to_data(state))
    refused(state, lambda d: move_from_draw(d, 1, ["g5ce"]), "first turn player 1")
    refused(state, lambda d: d["exposed"].__setitem__(0, d["hands"][0][:2]), "first turn")
    drawing = apply(apply(new_game(2), Draw("r")), Drawn("r1c"))
    refused(drawing, lambda d: d.update(pending_known=[2]), "first turn")


def test_L18_progress_needs_a_sequence_and_no_drawn_game_has_it() -> None:
    refused(first_turn(), lambda d: d.update(progress=True), "progress: player 0 has laid")
    laid = apply(first_turn(), parse_action(first_turn(), "lay r1c r2cf"))
    assert laid.progress
    from_data(to_data(laid))
    state = new_game(2, Options(turn_limit=2))
    for card in ("r1c", "r2cf", "r3cf", "g3ce", "b3ce", "r4cf", "g2cf"):
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    state = apply(state, parse_action(state, "lay r1c r2cf"))
    state = apply(state, parse_action(state, "end"))
    for card in ("r1s", "r2sf", "g3sf", "g4sf", "b3cf", "b4cf", "g2sf"):
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    state = apply(state, parse_action(state, "end"))
    assert lustry.is_terminal(state) and state.player == 0 and not state.progress
    from_data(to_data(state))
    refused(state, lambda d: d.update(progress=True), "drawn game")


def exchanging() -> State:
    """Player 0 exchanges r1c–r4cf, blocked by b3ce, g2ce and b4ce, for r2se r3se: g2ce went
    under at once, r1c r2cf r3cf r4cf b3ce b4ce wait (L14)."""
    state = new_game(2)
    moves = [*("r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf"),
             "lay r1c r2cf", "extend r3cf", "extend r4cf", "end",
             *("b3ce", "g2ce", "b4ce", "g1s", "g2sf", "b2sf", "b3sf"),
             "block b3ce>r3cf", "block g2ce>r2cf", "block b4ce>r4cf", "end",
             *("r2se", "r3se", "b1s", "b5sf"), "exchange r2se r3se"]
    for move in moves:
        if " " in move or move == "end":
            state = apply(state, parse_action(state, move))
        else:
            state = apply(apply(state, Draw(move[0])), Drawn(move))
    assert state.exchanged == ("r1c", "r2cf", "r3cf", "r4cf", "b3ce", "b4ce")
    return state


def swap(data: dict[str, Any], waiting: str, pile: int, card: str) -> None:
    """Swap a waiting exchanged card with a card of a draw pile (both zones stay sorted)."""
    exchanged, draw = data["exchanged"], data["draw"][pile]
    exchanged[exchanged.index(waiting)] = card
    draw[draw.index(card)] = waiting
    exchanged.sort(key=lustry.KINDS.index)
    draw.sort(key=lustry.KINDS.index)


def test_L14_a_state_completing_an_exchange_round_trips() -> None:
    state = exchanging()
    assert from_json(to_json(state)) == state
    for viewer in (0, 1, None):
        view = lustry.observe(state, viewer)
        assert from_json(to_json(view)) == view
    record = Record.start("lustry", 2)
    assert replay(from_json(to_json(record), Record)) == new_game(2)


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(phase="play"), "exchanged: cards wait"),
    (lambda d: d.update(progress=False), "progress: an exchange"),
    (lambda d: d["exchanged"].reverse(), "canonical order"),
    (lambda d: d["exchanged"].append("r9"), "not a card"),
    (lambda d: d["exchanged"].insert(4, "r1s"), r"extra \['r1s'\]"),
    (lambda d: (d["exchanged"].remove("b4ce"), d["discards"][2].append("b4ce"),
                d["seen"][2].append(True)), "the b cards are all of one kind"),
    (lambda d: swap(d, "b4ce", 2, "b0"), "steal card"),
    (lambda d: swap(d, "r4cf", 0, "r4sf"), "both shapes"),
    (lambda d: swap(d, "b4ce", 2, "b4cf"), "blockers"),
    (lambda d: swap(d, "b4ce", 2, "b1c"), "blockers"),
])
def test_L14_corrupted_exchanges_are_refused(change: Any, words: str) -> None:
    refused(exchanging(), change, words)


def test_L14_no_exchange_phase_without_waiting_cards() -> None:
    refused(midgame(), lambda d: d.update(phase="exchange"), "exchanged: cards wait")


def test_L13_the_option_is_read_and_checked() -> None:
    state = new_game(2, Options(unblock_protects="card"))
    assert from_json(to_json(state)) == state
    assert '"unblock_protects": "card"' in to_json(state)
    data = corrupt(state, lambda d: d["options"].update(unblock_protects="cards"))
    with pytest.raises(InvalidStateError, match="unblock_protects"):
        from_data(data)


def test_a_document_of_rules_version_1_is_refused() -> None:
    data = copy.deepcopy(to_data(new_game(2)))
    data["rules_version"] = "1"
    with pytest.raises(InvalidStateError, match="rules_version"):
        from_data(data)
