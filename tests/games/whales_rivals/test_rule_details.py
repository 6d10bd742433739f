"""Whales Rivals: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks; each one kills
mutants that survived the rest of the suite (a wrong rule no test noticed).
"""

from __future__ import annotations

import pytest

from boardrules import CHANCE, IllegalActionError, InvalidOptionsError
from boardrules.games import whales_rivals as wr
from boardrules.games.whales_rivals import (
    DealGrey,
    Draw,
    EndRound,
    Flip,
    Options,
    Peek,
    Phase,
    PlayTurtle,
    PlayWhale,
    Skip,
    State,
)
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
        assert refusal(state, Peek(0)) == ("pack 0 has no face-down grey card to look at",
                                            "W10")

    def test_W9_whale_not_in_hand(self) -> None:
        assert refusal(opening(), PlayWhale(3, 0)) == ("player 0 holds no whale of value 3",
                                                       "W9")

    def test_W9_no_such_pack(self) -> None:
        assert refusal(opening(), PlayWhale(4, 3)) == ("there is no pack 3", "W4")

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
