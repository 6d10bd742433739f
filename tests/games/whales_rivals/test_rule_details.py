"""Whales Rivals: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks; each one kills
mutants that survived the rest of the suite (a wrong rule no test noticed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import (
    CHANCE,
    BoardrulesError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
    playout,
)
from boardrules.games import whales_rivals as wr
from boardrules.games.whales_rivals import (
    DealGrey,
    Draw,
    EndRound,
    Flip,
    Grey,
    Options,
    Pack,
    Peek,
    Phase,
    PlayTurtle,
    PlayWhale,
    Skip,
    State,
    Whale,
)
from boardrules.games.whales_rivals.cards import card_name
from tests.games.whales_rivals.test_rules import FULL, opening, play, position


def refusal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id with which `apply` refuses `action`; state unchanged."""
    with pytest.raises(IllegalActionError) as err:
        wr.apply(state, action)  # type: ignore[arg-type]
    assert err.value.state is state
    assert err.value.action is action
    return err.value.reason, err.value.rule


def turtle_scene() -> State:
    """Player 0 holds a turtle; the opponent has face-down whales at packs 1 and 2."""
    return position(hands=((0, 1, 1, 2, 4), (3, 4, 4)), actions_left=2,
                    whales=(((), (1, (5, True))), ((), (3,)), ((), ())))


class TestNewGame:
    """W3, W5: a new game is for two players, dealt by chance; bad options are named."""

    def test_W3_the_default_player_count_is_two(self) -> None:
        assert wr.new_game() == wr.new_game(2)
        assert wr.to_move(wr.new_game()) is CHANCE

    @pytest.mark.parametrize("players", [1, 3, True, 2.0, "2"])
    def test_W3_bad_player_count_names_players(self, players: object) -> None:
        with pytest.raises(InvalidOptionsError, match="exactly 2 players") as err:
            wr.new_game(players)  # type: ignore[arg-type]
        assert err.value.option == "players"
        assert str(err.value) == (
            f"invalid option 'players': Whales Rivals is for exactly 2 players, got {players!r}")

    def test_W3_bad_options_name_options(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            wr.new_game(2, {"first_player": 1})  # type: ignore[arg-type]
        assert err.value.option == "options"
        assert str(err.value) == (
            "invalid option 'options': expected whales_rivals.Options, got dict")


class TestW11TurtleReasons:
    """W11: every refused turtle says why, under W11."""

    def test_W11_no_turtle_in_hand(self) -> None:
        state = position(hands=((1, 1, 2, 4, 6), (3, 4, 4)), actions_left=2,
                         whales=(((), (1,)), ((), ()), ((), ())))
        assert refusal(state, PlayTurtle(0, 0)) == ("player 0 holds no turtle", "W11")
        assert refusal(state, PlayTurtle()) == ("player 0 holds no turtle", "W11")

    def test_W11_untargeted_turtle_while_a_target_exists(self) -> None:
        assert refusal(turtle_scene(), PlayTurtle()) == (
            "the opponent has a face-down whale: the turtle must target one", "W11")

    @pytest.mark.parametrize(("pack", "slot"), [(0, 1), (1, 1), (2, 0), (3, 0), (0, 3),
                                                (-1, 0), (0, None), (None, 0)])
    def test_W11_target_must_be_a_face_down_opponent_whale(
        self, pack: int | None, slot: int | None
    ) -> None:
        assert refusal(turtle_scene(), PlayTurtle(pack, slot)) == (
            "the target must be a face-down opponent whale (pack and slot from 1)", "W11")

    def test_W11_the_targets_are_exactly_the_face_down_whales(self) -> None:
        turtles = [a for a in wr.legal_actions(turtle_scene()) if isinstance(a, PlayTurtle)]
        assert turtles == [PlayTurtle(0, 0), PlayTurtle(1, 0)]


class TestRefusalReasons:
    """Every refusal names its reason and rule id (both are public in IllegalActionError)."""

    def test_W4_deal_first(self) -> None:
        state = wr.new_game()
        reason, rule = refusal(state, PlayWhale(4, 0))
        assert rule == "W4"
        assert reason == ("a grey card is being dealt: expected 'deal V' with V a value in "
                          f"the grey deck {list(state.grey_deck)}")

    def test_W7_draw_first(self) -> None:
        state = play(wr.new_game(), "deal 4", "deal 1", "deal 2", "deal 3", "deal 6", "deal 5")
        assert refusal(state, PlayWhale(4, 0)) == (
            "player 0 is drawing: expected 'draw V' with V in their deck", "W7")

    def test_W7_no_draw_or_deal_at_a_decision(self) -> None:
        state = opening()
        for action in (Draw(4), DealGrey(4)):
            assert refusal(state, action) == (
                "no card is being dealt or drawn: player 0 must decide", "W7")

    def test_W10_exploration_comes_first(self) -> None:
        state = play(turtle_scene(), "4>1 up")
        assert refusal(state, PlayWhale(2, 1)) == (
            "player 0 must first choose their Exploration (flip, peek or skip)", "W10")

    def test_W10_no_exploration_without_a_matching_play(self) -> None:
        for action in (Flip(0, 0), Peek(2), Skip()):
            assert refusal(turtle_scene(), action) == (
                "an Exploration follows only a face-up play of a matching whale", "W10")

    def test_W10_flip_and_peek_targets(self) -> None:
        state = play(turtle_scene(), "4>1 up")
        assert refusal(state, Flip(0, 1)) == (
            "the target must be a face-down opponent whale", "W10")
        # packs are numbered from 1 in reasons as in the notation ("peek 1")
        assert refusal(state, Peek(0)) == ("pack 1 has no face-down grey card to look at",
                                            "W10")

    def test_W9_whale_not_in_hand(self) -> None:
        assert refusal(opening(), PlayWhale(3, 0)) == ("player 0 holds no whale of value 3",
                                                       "W9")

    def test_W9_no_such_pack(self) -> None:
        assert refusal(opening(), PlayWhale(4, 3)) == ("there is no pack 4", "W4")  # "4>4"

    def test_W9_three_whales_at_a_pack(self) -> None:
        state = position(hands=((1, 2, 3, 5, 6), (1, 2, 3)), actions_left=2,
                         whales=(((1, 1, (4, True)), ()), ((), ()), ((), ())))
        assert refusal(state, PlayWhale(2, 0)) == (
            "player 0 already has 3 whales at pack 1", "W9")

    def test_W9_face_up_needs_a_match(self) -> None:
        assert refusal(opening(), PlayWhale(6, 0, True)) == (
            "a whale of value 6 does not match the top card 4 of pack 1, so it is played "
            "face down", "W9")

    def test_W12_end_round_needs_whales_everywhere(self) -> None:
        assert refusal(opening(), EndRound()) == (
            "both players need at least one whale at each pack to end the round", "W12")

    def test_W12_end_round_when_both_are_everywhere(self) -> None:
        state = position(hands=((1, 2, 3, 3), (3, 4, 4)), whales=FULL)
        assert EndRound() in wr.legal_actions(state)

    def test_not_a_whales_action(self) -> None:
        assert refusal(opening(), "4>1") == ("'4>1' is not a Whales Rivals action", "")


class TestW20ResultBeforeTheEnd:
    """W20: the scores count the captured cards; nobody has won before the end."""

    def test_W20_result_before_the_end(self) -> None:
        state = opening()
        result = wr.result(state)
        assert result.finished is False and result.winners == ()
        assert result.scores == wr.scores(state) == (0, 0)
        assert state.phase is Phase.ACT

    def test_W5_first_player_option(self) -> None:
        state = wr.new_game(2, Options(first_player=1))
        assert state.player == 1 and state.starter == 1


# --- validation: every refusal of a loaded state, by its whole message ----------------------

def _second_turn() -> State:
    """Round 1: player 0 opened with a face-down 2 at pack 1; player 1 drew five, two actions."""
    return play(opening(), "2>1", "draw 1", "draw 1", "draw 3", "draw 3", "draw 5")


def _dealing() -> State:
    """Round 1, three of the six grey cards dealt."""
    return play(wr.new_game(), "deal 4", "deal 1", "deal 2")


def _drawing() -> State:
    """Round 1 dealt; player 0 is about to draw the opening hand."""
    return play(wr.new_game(), "deal 4", "deal 1", "deal 2", "deal 3", "deal 6", "deal 5")


def _exploring() -> State:
    """The opening turn played a face-up 4 at pack 1 and is to explore."""
    return play(opening(), "4>1 up")


def _round_two() -> State:
    """Round 2, player 0 to act; player 0 captured round 1's packs."""
    return position(round=2, hands=((3,), (3,)), whales=FULL)


def _over() -> State:
    """A finished game (a seeded random one), with two cards left unclaimed."""
    state = playout(wr, wr.new_game(), random.Random(3))
    assert state.phase is Phase.OVER and len(state.unclaimed) == 2
    return state


def _turtle_played() -> State:
    """Round 1: player 0's turtle removed player 1's face-down 1 at pack 1 (W11), so player
    0's discard pile holds the turtle and player 1's the 1."""
    state = wr.apply(turtle_scene(), PlayTurtle(0, 0))
    assert state.round == 1 and state.discards == ((0,), (1,))
    return state


def _three_whales() -> State:
    """Player 0 has three whales at pack 1."""
    return position(hands=((3, 3, 4, 4), (3, 3, 4)), whales=(((1, 1, 1), ()), ((), ()), ((), ())))


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


def _pack(state: State, i: int, grey: tuple[Any, ...] | None = None,
          whales: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
    """Return the packs of `state` with pack `i`'s grey cards or whales replaced."""
    packs = list(state.packs)
    old = packs[i]
    packs[i] = Pack(old.grey if grey is None else grey,
                    old.whales if whales is None else whales)
    return tuple(packs)


def _marks(state: State, i: int, field: str, flags: list[Any]) -> tuple[Any, ...]:
    """Return the packs with pack `i`'s grey cards' `field` (shown or seen) set, bottom first."""
    grey = tuple(attrs.evolve(g, **{field: f})
                 for g, f in zip(state.packs[i].grey, flags, strict=True))
    return _pack(state, i, grey=grey)


Change = Callable[[State], dict[str, Any]]
_NO = (False, False)
_MINE = (True, False)

_IMPOSSIBLE: list[tuple[str, Callable[[], State], Change, str]] = [
    # types and shapes
    ("types", opening, lambda s: {"options": None}, "options: expected whales_rivals.Options"),
    ("types", opening, lambda s: {"phase": "act"}, "phase: expected a Phase, got 'act'"),
    ("types", opening, lambda s: {"round": True}, "round: expected an integer"),
    ("types", opening, lambda s: {"player": True}, "player: expected an integer"),
    ("types", opening, lambda s: {"starter": 0.0}, "starter: expected an integer"),
    ("types", opening, lambda s: {"actions_left": None}, "actions_left: expected an integer"),
    ("types", opening, lambda s: {"dealt": "0"}, "dealt: expected an integer"),
    ("types", opening, lambda s: {"opening": 1}, "opening: expected a boolean"),
    ("types", opening, lambda s: {"packs": s.packs[:2]}, "packs: expected three packs"),
    ("types", opening, lambda s: {"packs": (*s.packs[:2], (s.packs[2].grey, s.packs[2].whales))},
     "packs: expected three packs"),
    ("types", opening, lambda s: {"packs": _pack(s, 1, whales=((),))},
     "packs[1].whales: expected one list per player"),
    ("types", opening, lambda s: {"packs": _pack(s, 0, whales=((), (2,)))},
     "packs[0].whales[1]: expected whales"),
    ("types", opening, lambda s: {"packs": _pack(s, 0, whales=((), (Whale(True, False),)))},
     "packs[0].whales[1]: expected whales"),
    ("types", opening, lambda s: {"packs": _pack(
        s, 0, whales=((Whale(2, 0),), ()))},  # type: ignore[arg-type]
     "packs[0].whales[0]: expected whales"),
    ("types", opening, lambda s: {"packs": _pack(s, 2, grey=(3, 6, 5))},
     "packs[2].grey: expected grey cards"),
    ("types", opening, lambda s: {"packs": _pack(
        s, 2, grey=(Grey(3.0, False, _NO), *s.packs[2].grey[1:]))},  # type: ignore[arg-type]
     "packs[2].grey: expected grey cards"),
    ("types", opening, lambda s: {"packs": _pack(
        s, 2, grey=(Grey(3, 0, _NO), *s.packs[2].grey[1:]))},  # type: ignore[arg-type]
     "packs[2].grey: expected grey cards"),
    ("types", opening, lambda s: {"packs": _pack(
        s, 2, grey=(Grey(3, False, (False,)), *s.packs[2].grey[1:]))},  # type: ignore[arg-type]
     "packs[2].grey: expected grey cards"),
    ("types", opening, lambda s: {"decks": s.decks[:1]}, "decks: expected one pile per player"),
    ("types", opening, lambda s: {"hands": (s.hands[0],) * 3},
     "hands: expected one pile per player"),
    ("types", opening, lambda s: {"discards": ()}, "discards: expected one pile per player"),
    ("types", opening, lambda s: {"hands": ((2, 0, 4, 5, 6), ())},
     "hands[0]: expected card values in ascending order"),
    ("types", opening, lambda s: {"decks": (s.decks[0], (*s.decks[1][:-1], 10.0))},
     "decks[1]: expected card values in ascending order"),
    ("types", _round_two, lambda s: {"discards": (s.discards[0], s.discards[1][::-1])},
     "discards[1]: expected card values in ascending order"),
    ("types", opening, lambda s: {"grey_deck": s.grey_deck[::-1]},
     "grey_deck: expected values in ascending order"),
    ("types", opening, lambda s: {"grey_deck": (*s.grey_deck[:-1], "10")},
     "grey_deck: expected values in ascending order"),
    ("types", opening, lambda s: {"captured": ((),)}, "captured: expected one pile per player"),
    ("types", _round_two, lambda s: {"captured": (s.captured[0][::-1], ())},
     "captured[0]: expected grey cards in ascending order"),
    ("types", _round_two, lambda s: {"captured": ((), s.captured[0][::-1])},
     "captured[1]: expected grey cards in ascending order"),
    ("types", _round_two, lambda s: {"captured": ((), (3,))},
     "captured[1]: expected grey cards in ascending order"),
    ("types", _over, lambda s: {"unclaimed": s.unclaimed[::-1]},
     "unclaimed: expected grey cards in ascending order"),
    # the turn
    ("W6", opening, lambda s: {"round": 4}, "round: expected 1 to 3, got 4 (W6)"),
    ("W6", opening, lambda s: {"round": 0}, "round: expected 1 to 3, got 0 (W6)"),
    ("W5", opening, lambda s: {"player": 2}, "player and starter must be 0 or 1"),
    ("W5", opening, lambda s: {"starter": -1}, "player and starter must be 0 or 1"),
    ("W5", _second_turn, lambda s: {"starter": 1},
     "starter: round 1 is started by first_player 0 (W5)"),
    ("W4", opening, lambda s: {"dealt": 1}, "dealt: grey cards are counted only while dealing"),
    ("W4", opening, lambda s: {"grey_deck": s.grey_deck[1:]},
     "grey_deck: 11 cards, but round 1 (act) leaves 12 (W4, W18)"),
    ("W4", _dealing, lambda s: {"dealt": 2},
     "grey_deck: 15 cards, but round 1 (deal) leaves 16 (W4, W18)"),
    ("W4", _over, lambda s: {"grey_deck": (1,)},
     "grey_deck: 1 cards, but round 3 (over) leaves 0 (W4, W18)"),
    ("W7", opening, lambda s: {"player": 1},
     "opening: only the round's starter plays the one-action first turn (W7)"),
    ("W4", _dealing, lambda s: {"dealt": 6, "grey_deck": s.grey_deck[:12]},
     "dealt: expected 0 to 5 while dealing"),
    ("W4", _dealing, lambda s: {"opening": False},
     "while dealing, the round's starter is to play the one-action opening turn"),
    ("W4", _dealing, lambda s: {"actions_left": 2},
     "while dealing, the round's starter is to play the one-action opening turn"),
    ("W3", _dealing, lambda s: {"hands": ((1,), ())},
     "round 1 is being dealt, so no card has been drawn or played yet (W3)"),
    ("W3", _dealing, lambda s: {"discards": ((), (0,))},
     "round 1 is being dealt, so no card has been drawn or played yet (W3)"),
    ("W3", _dealing, lambda s: {"captured": ((), (Grey(1, False, (False, True)),))},
     "round 1 is being dealt, so no card has been drawn or played yet (W3)"),
    ("W7", _drawing, lambda s: {"actions_left": 2},
     "actions_left: a turn starts with 1 action(s) (W7)"),
    ("W7", _drawing, lambda s: {"hands": ((1, 1, 1, 1, 2), ())},
     "player 0 is drawing, but holds 5 cards with 21 in the deck (W7)"),
    ("W7", _drawing, lambda s: {"decks": ((), s.decks[1])},
     "player 0 is drawing, but holds 0 cards with 0 in the deck (W7)"),
    ("W7", opening, lambda s: {"actions_left": 0},
     "actions_left: expected 1 to 1 in this turn (W7)"),
    ("W7", opening, lambda s: {"actions_left": 2},
     "actions_left: expected 1 to 1 in this turn (W7)"),
    ("W7", _second_turn, lambda s: {"actions_left": 3},
     "actions_left: expected 1 to 2 in this turn (W7)"),
    ("W7", opening, lambda s: {"hands": ((0, 2, 4, 5), ())},
     "player 0 starts the turn with 4 cards but has not drawn (W7)"),
    ("W7", _second_turn, lambda s: {"hands": (s.hands[0], (1, 1, 3, 3))},
     "player 1 starts the turn with 4 cards but has not drawn (W7)"),
    ("W13", opening, lambda s: {"hands": ((), ()), "decks": ((), s.decks[1])},
     "player 0 is to act but has no legal action (W13)"),
    ("W10", _exploring, lambda s: {"actions_left": 1},
     "actions_left: an Exploration follows an action of this turn (W10)"),
    ("W10", _exploring, lambda s: {"actions_left": -1},
     "actions_left: an Exploration follows an action of this turn (W10)"),
    ("W10", _exploring, lambda s: {"packs": _pack(s, 0, whales=((Whale(4, False),), ()))},
     "player 0 explores without a face-up whale at any pack (W10)"),
    ("W6", _over, lambda s: {"round": 2},
     "the game ends after round 3 with no turn in progress (W6)"),
    ("W6", _over, lambda s: {"actions_left": 1},
     "the game ends after round 3 with no turn in progress (W6)"),
    ("W6", _over, lambda s: {"opening": True},
     "the game ends after round 3 with no turn in progress (W6)"),
    ("W6", _over, lambda s: {"player": 1 - s.starter},
     "the game ends after round 3 with no turn in progress (W6)"),
    ("W11", opening, lambda s: {"discards": ((), (1,))},
     "discards[1]: 1 whales removed in round 1 but the opponent played only 0 turtles (W11)"),
    # the cards
    ("W11", opening, lambda s: {"decks": (_without(s.decks[0], 0), s.decks[1]),
                                "packs": _pack(s, 0, whales=((Whale(0, False),), ()))},
     "player 0 has a turtle at a pack: turtles are discarded when played (W11)"),
    ("W1", opening, lambda s: {"hands": ((0, 2, 4, 5, 10), ())},
     "cards of player 0: deck, hand, discard pile and packs hold extra [10] and miss [6] of "
     "the player's 18 whales and 3 turtles (W1)"),
    ("W1", _second_turn, lambda s: {"hands": (s.hands[0], (1, 1, 3, 3, 3))},
     "cards of player 1: deck, hand, discard pile and packs hold extra [3] and miss [5] of "
     "the player's 18 whales and 3 turtles (W1)"),
    ("W7", opening, lambda s: {"hands": ((0, 2, 4, 5, 6, 10), ()),
                               "decks": (_without(s.decks[0], 10), s.decks[1])},
     "hands[0]: 6 cards, more than 5 (W7)"),
    ("W9", _three_whales, lambda s: {
        "decks": (_without(s.decks[0], 2), s.decks[1]),
        "packs": _pack(s, 0, whales=((*s.packs[0].whales[0], Whale(2, False)), ()))},
     "player 0 has 4 whales at pack 1, more than 3 (W9)"),
    ("W1", opening, lambda s: {"grey_deck": (*s.grey_deck[:-1], 6)},
     "grey cards: the grey deck, packs, captured and unclaimed piles hold extra [6] and miss "
     "[10] of the 18 grey whales (W1)"),
    # the packs and the grey piles
    ("W16", _over, lambda s: {"unclaimed": s.unclaimed[1:],
                              "packs": _pack(s, 0, grey=s.unclaimed[:1])},
     "pack 1: the game is over, so every pack was captured or left unclaimed (W16)"),
    ("W4", opening, lambda s: {"packs": _pack(s, 1, grey=s.packs[1].grey[1:]),
                               "captured": ((Grey(1, False, _MINE),), ())},
     "pack 2: 1 grey cards cannot be there in round 1 (act): slot 2 receives 2 cards a "
     "round (W4, W18)"),
    ("W4", opening, lambda s: {"packs": _pack(s, 1, grey=()), "captured": (
        (Grey(1, False, _MINE), Grey(2, True, _MINE)), ())},
     "pack 2: 0 grey cards cannot be there in round 1 (act): slot 2 receives 2 cards a "
     "round (W4, W18)"),
    ("W4", opening, lambda s: {"packs": _marks(s, 2, "shown", [True, False, True])},
     "pack 3: grey card 1 from the bottom is marked shown, but only the top card of each "
     "deal lies face up (W4)"),
    ("W4", opening, lambda s: {"packs": _marks(s, 2, "shown", [False, False, False])},
     "pack 3: grey card 3 from the bottom is not marked shown, but only the top card of "
     "each deal lies face up (W4)"),
    ("W10", _second_turn, lambda s: {"packs": _marks(s, 2, "seen", [_NO, _MINE, _MINE])},
     "pack 3: player 0 has seen grey cards that do not lie together at the bottom, but a "
     "look shows every card of the pack at once (W10)"),
    ("W10", _second_turn, lambda s: {"packs": _marks(s, 1, "seen", [_NO, (False, True)])},
     "pack 2: player 1 has seen grey cards that do not lie together at the bottom, but a "
     "look shows every card of the pack at once (W10)"),
    ("W10", _second_turn, lambda s: {"packs": _marks(s, 0, "seen", [_MINE])},
     "pack 1: player 0 has seen a card there, but slot 1 only ever holds face-up cards, so "
     "nobody looks at it (W4, W10, W18)"),
    ("W10", _second_turn, lambda s: {"packs": _marks(s, 2, "seen", [_MINE, _MINE, _NO])},
     "pack 3: player 0 has seen 2 cards, but a look shows the whole pack, which holds whole "
     "deals of 3 cards (W10, W18)"),
    ("W10", _dealing, lambda s: {"packs": _marks(s, 1, "seen", [_MINE, _MINE])},
     "pack 2: player 0 has seen cards dealt in this deal (W10)"),
    ("W10", opening, lambda s: {"packs": _marks(s, 1, "seen", [(False, True)] * 2)},
     "pack 2: player 1 has seen cards dealt this round, but the round's opening turn has "
     "not explored yet (W7, W10)"),
    ("W17", _dealing, lambda s: {"decks": (_without(s.decks[0], 1), s.decks[1]),
                                 "packs": _pack(s, 0, whales=((Whale(1, False),), ()))},
     "pack 1: whales lie there between rounds (W17)"),
    ("W18", _round_two, lambda s: {"captured": (
        tuple(sorted(attrs.evolve(g, shown=True) for g in s.captured[0])), ())},
     "9 grey cards are marked shown, but 6 were dealt face up by round 2 (act): three a "
     "round (W4, W18)"),
    ("W24", _round_two, lambda s: {"captured": (
        tuple(sorted(attrs.evolve(g, seen=(False, True)) for g in s.captured[0])), ())},
     "captured[0]: a captured card unknown to its captor (W24)"),
    ("W16", _round_two, lambda s: {"captured": ((), ()), "unclaimed": tuple(
        sorted(attrs.evolve(g, seen=_NO) for g in s.captured[0]))},
     "unclaimed: cards are left unclaimed only at the end of round 3 (W16)"),
    ("W15", _round_two, lambda s: {"captured": (s.captured[0][:3], tuple(
        attrs.evolve(g, seen=(False, True)) for g in s.captured[0][3:]))},
     "grey piles: captured[0] 3 face up and 0 face down, captured[1] 0 face up and 3 face "
     "down, unclaimed 0 face up and 0 face down are not whole packs (k cards a deal at slot "
     "k, one face up each) out of the deals that left slots 1-3, [1, 1, 1] (W4, W15, W16)"),
    # the history of the turns
    ("W10", _exploring, lambda s: {"decks": (s.decks[0], _without(s.decks[1], 1)),
                                   "packs": _pack(s, 1, whales=((), (Whale(1, False),)))},
     "the opening turn's one action was a face-up whale, so it is the only whale at the "
     "packs during its Exploration (W7, W10)"),
    ("W7", opening, lambda s: {"decks": (_without(s.decks[0], 10), s.decks[1]),
                               "packs": _pack(s, 0, whales=((Whale(10, False),), ()))},
     "no action of the round has been taken before its opening turn, so no whale lies at a "
     "pack (W7, W17)"),
    ("W3", opening, lambda s: {"hands": (s.hands[0], s.decks[1][:5]),
                               "decks": (s.decks[0], s.decks[1][5:])},
     "player 1 has not had a turn before round 1's opening turn, so holds no card and a "
     "full deck (W3, W7)"),
    ("W3", opening, lambda s: {"decks": (s.decks[0], s.decks[1][1:]),
                               "discards": ((), s.decks[1][:1])},
     "player 1 has not had a turn before round 1's opening turn, so holds no card and a "
     "full deck (W3, W7)"),
    ("W3", opening, lambda s: {"decks": (_without(s.decks[0], 0), s.decks[1]),
                               "discards": ((0,), ())},
     "nothing is discarded or captured before round 1's opening turn (W3)"),
    ("W7", _second_turn, lambda s: {"actions_left": 1},
     "player 1 holds 5 cards with 16 in the deck after 1 action(s) this turn: the draw "
     "filled the hand to 5 (unless the deck ran out) and each action played a card (W7, W9)"),
    ("W7", _second_turn, lambda s: {"actions_left": 1, "hands": (s.hands[0], s.hands[1][2:]),
                                    "decks": (s.decks[0], tuple(sorted(
                                        (*s.decks[1], *s.hands[1][:2]))))},
     "player 1 holds 3 cards with 18 in the deck after 1 action(s) this turn: the draw "
     "filled the hand to 5 (unless the deck ran out) and each action played a card (W7, W9)"),
    ("W7", _second_turn, lambda s: {"hands": ((0, 4), s.hands[1]), "decks": (
        tuple(sorted((*s.decks[0], 5, 6))), s.decks[1])},
     "player 0 holds 2 cards with 18 in the deck, but their last turn drew up to 5 and "
     "played at most 2 (W7)"),
    ("W7", _second_turn, lambda s: {"hands": ((), s.hands[1]), "decks": (
        tuple(sorted(s.decks[0] + s.hands[0])), s.decks[1])},
     "player 0 holds 0 cards with 20 in the deck, but their last turn drew up to 5 and "
     "played at most 2 (W7)"),
    # the whales revealed at the last end of a round (W15), from the discard piles (W17)
    ("W15", _turtle_played, lambda s: {"revealed": (((), (1,)), ((), ()), ((), ()))},
     "revealed: no round has ended yet, so no whales are revealed"),
    ("W11", _turtle_played, lambda s: {"revealed": (((0,), ()), ((), ()), ((), ()))},
     "revealed: player 0 has a turtle at a pack (W11)"),
    ("W17", _turtle_played, lambda s: {"revealed": (((), ()), ((), ()), ((), (5,)))},
     "revealed: player 1's revealed whales are not all in their discard pile (W17)"),
]


class TestValidationMessages:
    """A loaded state is refused with the whole message naming its problem and rule."""

    @pytest.mark.parametrize(
        ("base", "change", "message"),
        [pytest.param(base, change, message, id=f"{rule}-{i}")
         for i, (rule, base, change, message) in enumerate(_IMPOSSIBLE)],
    )
    def test_impossible_states_are_refused(
        self, base: Callable[[], State], change: Change, message: str
    ) -> None:
        state = base()
        wr.validate_state(state)
        with pytest.raises(InvalidStateError) as err:
            wr.validate_state(attrs.evolve(state, **change(state)))
        assert str(err.value) == f"state: {message}"

    def test_not_a_state(self) -> None:
        with pytest.raises(InvalidStateError) as err:
            wr.validate_state(3)  # type: ignore[arg-type]
        assert str(err.value) == "state: expected a whales_rivals.State, got int"


class TestW2Cards:
    """W2, W4, W22: the card records print as the notation writes them; a card is known to
    both players once shown, else to whoever has seen it."""

    def test_W2_card_names(self) -> None:
        assert [card_name(v) for v in (0, 1, 6, 10)] == ["T", "1", "6", "10"]

    def test_W4_grey_cards_print_their_value_and_a_face_up_mark(self) -> None:
        assert str(Grey(4, True, (False, False))) == "4^"
        assert str(Grey(10, False, (True, True))) == "10"

    def test_W22_whales_print_their_value_and_a_face_up_mark(self) -> None:
        assert str(Whale(6, True)) == "6^"
        assert str(Whale(10, False)) == "10"

    def test_W4_card_records_are_shared(self) -> None:
        """The options' tables hold one record per field values, and the rules deal and
        play those records (no copies)."""
        tables = Options().tables
        assert tables.greys[4, True, False, True] == Grey(4, True, (False, True))
        assert tables.whales[6, False] == Whale(6, False)
        state = play(_drawing(), "draw 1", "draw 4", "draw 4", "draw 5", "draw 6", "4>1 up")
        assert state.packs[0].grey[0] is state.options.tables.greys[4, True, False, False]
        assert state.packs[0].whales[0][0] is state.options.tables.whales[4, True]

    def test_W23_who_knows_a_grey_card(self) -> None:
        assert [Grey(3, True, (False, False)).known_to(p) for p in (0, 1)] == [True, True]
        assert [Grey(3, False, (True, False)).known_to(p) for p in (0, 1)] == [True, False]
        assert [Grey(3, False, (False, True)).known_to(p) for p in (0, 1)] == [False, True]
        assert [Grey(3, False, (False, False)).known_to(p) for p in (0, 1)] == [False, False]


class TestPassedTurn:
    """W7, W13: a turn that passes hands the draws to the next player."""

    def test_W13_a_passed_turn_draws_for_the_next_player(self) -> None:
        """Player 0's last action, player 1's two draws, player 1 cannot act (three whales
        at every pack, no turtle, player 0 lacks whales) and passes, player 0's two draws:
        five steps, after which both hands hold five cards; after four, player 0 draws."""
        start = position(round=2, hands=((3, 3, 6, 6), (5, 5, 6)),  # no top matches
                         decks=((1, 2, 5, 10), (1, 6, 10)),
                         whales=(((), (2, 2, 2)), ((), (3, 3, 3)), ((), (4, 4, 4))))
        ends = {playout(wr, start, random.Random(seed), 5).hands for seed in range(3)}
        assert {len(hand) for hands in ends for hand in hands} == {5}  # both drew up to five
        four = playout(wr, start, random.Random(0), 4)
        assert four.phase is Phase.DRAW and four.player == 0


class TestWholePacks:
    """W15, W16: the grey piles at the end are whole packs, one face-up card a deal."""

    def test_W16_piles_that_no_split_of_the_deals_makes_are_refused(self) -> None:
        state = _over()
        mine = state.captured[0]
        theirs = state.captured[1]
        up = [g for g in mine if g.shown]
        down = [g for g in theirs if not g.shown]
        assert len(up) >= 1 and len(down) >= 4 and len(state.unclaimed) == 2
        moved = [up[0], *down[:4]]
        piles = [list(mine), list(theirs)]
        piles[0].remove(up[0])
        for g in down[:4]:
            piles[1].remove(g)
        bad = attrs.evolve(state, captured=(tuple(piles[0]), tuple(piles[1])),
                           unclaimed=tuple(sorted([*state.unclaimed, *moved])))
        with pytest.raises(InvalidStateError, match=r"are not whole packs .* \[3, 3, 3\]"):
            wr.validate_state(bad)


class TestRulesDetails:
    """Legal actions, captures, round ends and the engine bounds, exactly."""

    def test_W9_each_value_of_a_hand_is_played_once(self) -> None:
        state = position(hands=((0, 1, 1, 2, 4), (3, 4, 4)), actions_left=2,
                         whales=(((), (1, (5, True))), ((), (3,)), ((), ())))
        assert [str(a) for a in wr.legal_actions(state)] == [
            "1>1", "1>2", "1>3", "2>1", "2>2", "2>2 up", "2>3", "4>1", "4>1 up", "4>2", "4>3",
            "turtle 1.1", "turtle 2.1"]

    def test_W6_refused_after_the_end(self) -> None:
        state = _over()
        assert refusal(state, EndRound()) == ("the game is over: three rounds were played", "W6")

    def test_W9_a_turtle_is_no_whale_to_play(self) -> None:
        state = opening()
        assert 0 in state.hands[0]
        assert refusal(state, PlayWhale(0, 0)) == ("player 0 holds no whale of value 0", "W9")

    def test_W15_the_captor_learns_the_pack_and_the_other_keeps_what_it_knew(self) -> None:
        state = position(hands=((1, 1, 2, 2, 4), (3, 3, 4)), actions_left=2,
                         whales=(((6,), (2,)), ((2,), (1,)), ((1,), (2,))))
        state = play(state, "4>1 up", "peek 3", "end")
        # Player 1 took pack 3, which player 0 had looked at: both know its cards.
        assert [g.value for g in state.captured[1]] == [3, 5, 6]
        assert all(g.seen == (True, True) for g in state.captured[1])
        assert [g.value for g in wr.observe(state, 0).captured[1]] == [3, 5, 6]

    def test_W13_a_draw_that_leaves_nobody_an_action_ends_the_round(self) -> None:
        state = position(round=2, phase=Phase.DRAW, hands=((), ()), decks=((5, 6), ()),
                         actions_left=2,
                         whales=(((1, 1, 1), (2,)), ((2, 2, 2), (3,)), ((3, 3, 3), ())))
        state = play(state, "draw 5", "draw 6")
        # Player 0 has three whales everywhere and no turtle; player 1 holds nothing.
        assert state.phase is Phase.DEAL and state.round == 3 and state.starter == 1
        assert state.decks == ((), ()) and state.hands == ((5, 6), ())
        # Player 0 takes the three packs (3 against 2, 6 against 3, 9 against nothing).
        assert [g.value for g in state.captured[0]] == [1, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 10]
        assert state.captured[1] == () and state.grey_deck == (1, 1, 1, 2, 2, 3)
        wr.validate_state(state)

    def test_W4_sample_chance_refuses_a_decision(self) -> None:
        with pytest.raises(BoardrulesError) as err:
            wr.sample_chance(opening(), random.Random(0))
        assert str(err.value) == (
            "this state is not a chance node: nothing is being dealt or drawn")

    def test_W4_W7_sample_chance_draws_as_the_generator_chooses(self) -> None:
        """`sample_chance` draws with the generator's `choice`, whatever the generator (one
        that draws otherwise, by its own `_randbelow`, is followed), and an empty pile (no
        valid state has one at a chance node) is refused as `choice` refuses it."""

        class Reversed(random.Random):
            def _randbelow(self, n: int) -> int:
                return n - 1 - random.Random._randbelow(self, n)  # type: ignore[attr-defined,no-any-return]

        deal = wr.new_game(2)
        draw = position(round=2, phase=Phase.DRAW, hands=((1, 4), (2, 3, 5)),
                        decks=((1, 2, 5, 6), None), actions_left=2)
        for state, pile in ((deal, deal.grey_deck), (draw, draw.decks[0])):
            for cls in (random.Random, Reversed):
                for seed in range(5):
                    ours, theirs = cls(seed), cls(seed)
                    got = wr.sample_chance(state, ours)
                    card = got.value if isinstance(got, DealGrey) else got.card  # type: ignore[union-attr]
                    assert card == theirs.choice(pile)
                    assert ours.getstate() == theirs.getstate()
        with pytest.raises(IndexError):
            wr.sample_chance(attrs.evolve(deal, grey_deck=()), random.Random(0))
        with pytest.raises(IndexError):
            wr.sample_chance(attrs.evolve(draw, decks=((), draw.decks[1])), random.Random(0))

    def test_W14_action_bound(self) -> None:
        assert wr.action_bound(2, Options()) == 141

    def test_apply_unchecked_takes_an_action_of_a_subclass(self) -> None:
        """An instance of a subclass of an action class is applied as its base class."""

        @attrs.frozen
        class MyDeal(DealGrey):
            pass

        state = wr.new_game()
        assert wr.apply_unchecked(state, MyDeal(4)) == wr.apply_unchecked(state, DealGrey(4))


class TestResampleDetails:
    """W1, W23: `resample` redraws exactly the grey cards the player does not know."""

    def test_resample_needs_a_player(self) -> None:
        with pytest.raises(BoardrulesError, match="needs a player"):
            wr.resample(wr.new_game(2), None, random.Random(0))  # type: ignore[arg-type]

    def test_W23_unknown_grey_cards_are_redrawn_known_ones_kept(self) -> None:
        state = wr.new_game(2)
        rng = random.Random(4)
        for _ in range(6):  # the round's deal: some grey cards face up, most face down
            state = wr.apply(state, wr.sample_chance(state, rng))
        hidden = sorted([g.value for pack in state.packs for g in pack.grey if not g.shown]
                        + list(state.grey_deck))
        worlds = set()
        for seed in range(8):
            world = wr.resample(state, 0, random.Random(seed))
            for pack, mine in zip(world.packs, state.packs, strict=True):
                assert [(g.shown, g.seen) for g in pack.grey] == [
                    (g.shown, g.seen) for g in mine.grey]
                assert [g for g in pack.grey if g.shown] == [g for g in mine.grey if g.shown]
            assert sorted([g.value for pack in world.packs for g in pack.grey if not g.shown]
                          + list(world.grey_deck)) == hidden
            worlds.add(tuple(g.value for pack in world.packs for g in pack.grey))
        assert len(worlds) > 1  # the face-down cards are really redrawn
