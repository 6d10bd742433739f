"""KIVI: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks; each one kills
mutants that survived the rest of the suite (a wrong rule no test noticed).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from boardrules import CHANCE, IllegalActionError, InvalidOptionsError, InvalidStateError
from boardrules.games import kivi
from boardrules.games.kivi import (
    Combination,
    Displace,
    Forfeit,
    HighestRule,
    Options,
    Place,
    Reroll,
    Roll,
    State,
    square_index,
)
from boardrules.games.kivi.board import analyse, square_name
from boardrules.testing import check_chance_sampling
from tests.games.kivi.test_rules import EMPTY, position

C = Combination


def refusal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id with which `apply` refuses `action`."""
    with pytest.raises(IllegalActionError) as err:
        kivi.apply(state, action)  # type: ignore[arg-type]
    assert err.value.state is state
    assert err.value.action is action
    return err.value.reason, err.value.rule


class TestK2Combinations:
    """K2: two pairs and a full house need two values, however many dice each shows."""

    @pytest.mark.parametrize(
        ("dice", "made"),
        [
            ((1, 1, 1, 2, 2, 2), {C.TWO_PAIRS, C.THREE_KIND, C.FULL_HOUSE, C.TWO_TRIPLES,
                                  C.SUM_LE_12}),
            ((1, 1, 1, 1, 2, 2), {C.TWO_PAIRS, C.THREE_KIND, C.FULL_HOUSE, C.FOUR_KIND,
                                  C.FOUR_AND_PAIR, C.SUM_LE_12}),
            ((3, 3, 3, 3, 3, 3), {C.THREE_KIND, C.FOUR_KIND, C.ALL_ODD}),
            ((2, 2, 4, 4, 6, 6), {C.TWO_PAIRS, C.THREE_PAIRS, C.ALL_EVEN}),
            ((1, 2, 3, 4, 5, 6), {C.SMALL_STRAIGHT, C.LARGE_STRAIGHT}),
            ((6, 6, 6, 6, 5, 1), {C.THREE_KIND, C.FOUR_KIND, C.SUM_GE_30}),
            ((1, 1, 3, 3, 5, 5), {C.TWO_PAIRS, C.THREE_PAIRS, C.ALL_ODD}),
            ((1, 1, 2, 2, 3, 3), {C.TWO_PAIRS, C.THREE_PAIRS, C.SUM_LE_12}),  # sum 12
            ((1, 1, 1, 2, 3, 5), {C.THREE_KIND}),  # sum 13
            ((4, 5, 5, 5, 5, 6), {C.THREE_KIND, C.FOUR_KIND, C.SUM_GE_30}),  # sum 30
            ((3, 5, 5, 5, 5, 6), {C.THREE_KIND, C.FOUR_KIND}),  # sum 29
            ((1, 2, 3, 4, 6, 6), {C.SMALL_STRAIGHT}),  # 1234, no 2345
            ((1, 1, 3, 4, 5, 6), {C.SMALL_STRAIGHT}),  # 3456, no 2345
            ((1, 2, 3, 4, 5, 5), {C.SMALL_STRAIGHT, C.LARGE_STRAIGHT}),  # 12345
            ((2, 3, 4, 5, 6, 6), {C.SMALL_STRAIGHT, C.LARGE_STRAIGHT}),  # 23456
            ((1, 2, 3, 5, 6, 6), set()),  # no four in a row
        ],
    )
    def test_K2_exactly_these_combinations(
        self, dice: tuple[int, ...], made: set[Combination]
    ) -> None:
        assert analyse(dice).satisfied == made

    def test_K2_two_triples_and_four_and_pair_fill_their_squares(self) -> None:
        for dice, combination in (((3, 3, 3, 4, 4, 4), C.TWO_TRIPLES),
                                  ((3, 3, 3, 3, 4, 4), C.FOUR_AND_PAIR)):
            state = position(dice, options=Options(highest_rule=HighestRule.STRICT))
            placed = {state.options.layout.combination[a.square]
                      for a in kivi.legal_actions(state) if isinstance(a, Place)}
            assert placed == {combination}


class TestK1Squares:
    """K1: the board has 49 squares, a1 to g7; nothing else is a square."""

    @pytest.mark.parametrize("square", [49, 50, -1, 10**6])
    def test_K1_place_off_the_board_is_refused(self, square: int) -> None:
        state = position((1, 2, 3, 4, 5, 6))
        assert refusal(state, Place(square)) == (f"there is no square {square}", "K1")

    def test_K1_displace_off_the_board_is_refused(self) -> None:
        state = position((4,) * 6, {"a1": 1})
        assert refusal(state, Displace(49, 0)) == ("there is no square 49", "K1")

    @pytest.mark.parametrize(
        "name", ["a9", "a0", "h1", "z7", "a", "a10", "", "1a", "A1", "X1", "aX"])
    def test_K1_not_a_square_name(self, name: str) -> None:
        with pytest.raises(ValueError, match="is not a square"):
            square_index(name)

    def test_K1_every_square_name_round_trips(self) -> None:
        names = [square_name(i) for i in range(49)]
        assert names[0] == "a1" and names[6] == "g1" and names[7] == "a2" and names[48] == "g7"
        assert [square_index(n) for n in names] == list(range(49))


class TestK4Players:
    """K4: two to four players; anything else names the option it refuses."""

    @pytest.mark.parametrize("players", [1, 5, True, 2.0, "2"])
    def test_K4_bad_player_count_names_players(self, players: object) -> None:
        with pytest.raises(InvalidOptionsError, match="2 to 4 players") as err:
            kivi.new_game(players)  # type: ignore[arg-type]
        assert err.value.option == "players"
        assert str(err.value) == (
            f"invalid option 'players': KIVI is for 2 to 4 players, got {players!r}")

    def test_K4_bad_options_name_options(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            kivi.new_game(2, "strict")  # type: ignore[arg-type]
        assert err.value.option == "options"
        assert str(err.value) == "invalid option 'options': expected kivi.Options, got str"

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_K4_a_new_game_is_empty_and_waits_for_six_dice(self, players: int) -> None:
        state = kivi.new_game(players)
        assert (state.players, state.turn, state.rolls, state.dice, state.pending) == (
            players, 0, 0, (), 6)
        assert state.cells == EMPTY and state.lost == (0,) * players
        assert state.options == Options()
        assert kivi.to_move(state) is CHANCE


class TestK7SixOfAKind:
    """K7: six of a kind places on any free square or displaces an opponent's stone."""

    def test_K7_six_of_a_kind_on_an_empty_board_places_anywhere(self) -> None:
        state = position((2,) * 6)
        actions = kivi.legal_actions(state)
        assert [a for a in actions if isinstance(a, Place)] == [Place(i) for i in range(49)]
        assert not [a for a in actions if isinstance(a, Displace)]

    def test_K7_six_of_a_kind_places_and_displaces(self) -> None:
        state = position((5,) * 6, {"a1": 1, "b1": 0, "c1": 1}, players=2)
        actions = kivi.legal_actions(state)
        free = [i for i in range(49) if state.cells[i] is None]
        assert [a for a in actions if isinstance(a, Place)] == [Place(i) for i in free]
        assert [a for a in actions if isinstance(a, Displace)] == [
            Displace(i, j) for i in (square_index("a1"), square_index("c1")) for j in free]
        rerolls = [a for a in actions if isinstance(a, Reroll)]
        assert actions == (*[Place(i) for i in free], *[
            Displace(i, j) for i in (square_index("a1"), square_index("c1")) for j in free],
            *rerolls)

    def test_K7_displacing_moves_the_opponent_stone(self) -> None:
        state = position((5,) * 6, {"a1": 1, "b1": 0, "c1": 1})
        after = kivi.apply(state, Displace(square_index("c1"), square_index("d4")))
        assert after.cells[square_index("c1")] == 0
        assert after.cells[square_index("d4")] == 1
        assert after.cells[square_index("a1")] == 1
        assert Counter(after.cells) == Counter(state.cells) + Counter({0: 1}) - Counter({None: 1})

    def test_K7_a_displacement_ends_the_turn(self) -> None:
        """K4, K7: after a displacement the next player rolls six fresh dice."""
        state = position((5,) * 6, {"a1": 1, "b1": 0, "c1": 1})
        after = kivi.apply(state, Displace(square_index("c1"), square_index("d4")))
        assert (after.turn, after.rolls, after.dice, after.pending) == (state.turn + 1, 0, (), 6)
        kivi.validate_state(after)
        assert kivi.to_move(after) is CHANCE

    def test_K9_a_displacement_as_the_last_move_ends_the_game(self) -> None:
        """K9: player 1's tenth stone, by a displacement, ends the game: no dice pending."""
        cells = tuple(0 if i < 10 else 1 if i < 19 else None for i in range(49))
        state = State(Options(), 2, cells, (0, 0), 19, 1, (5,) * 6, 0)
        kivi.validate_state(state)
        displace = Displace(0, 30)
        assert displace in kivi.legal_actions(state)
        after = kivi.apply(state, displace)
        board = (1, *cells[1:30], 0, *cells[31:])
        assert after == State(Options(), 2, board, (0, 0), 20, 0, (), 0)
        assert kivi.is_terminal(after) and kivi.legal_actions(after) == ()


class TestRefusalReasons:
    """Every refusal names its reason and rule id (both are public in IllegalActionError)."""

    def test_K9_after_the_end(self) -> None:
        state = kivi.new_game(2)
        final = State(state.options, 2, EMPTY, (10, 10), 20, 0, (), 0)
        kivi.validate_state(final)
        assert refusal(final, Place(0)) == (
            "the game is over: every player has taken 10 turns", "K9")

    def test_K5_roll_first(self) -> None:
        state = kivi.new_game(2)
        assert refusal(state, Place(0)) == (
            "6 dice must be rolled first: expected a roll of 6 dice, values 1-6 ascending",
            "K5")
        assert refusal(state, Roll((1, 2, 3))) == (
            "6 dice must be rolled first: expected a roll of 6 dice, values 1-6 ascending",
            "K5")

    def test_K5_no_roll_at_a_decision(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), players=3)
        assert refusal(state, Roll((1, 2, 3, 4, 5, 6))) == (
            "no dice are being rolled: player 0 must decide", "K5")

    def test_K5_reroll_of_dice_not_on_the_table(self) -> None:
        state = position((1, 1, 2, 2, 5, 6))
        assert refusal(state, Reroll((3, 4))) == ("the dice 112256 do not include 34", "K5")

    def test_K5_no_reroll_after_three_rolls(self) -> None:
        state = position((1, 1, 2, 2, 5, 6), rolls=3)
        assert refusal(state, Reroll((1,))) == ("three rolls were made this turn", "K5")

    def test_K5_a_reroll_is_allowed_before_the_third_roll(self) -> None:
        for rolls in (1, 2):
            state = position((1, 1, 2, 2, 5, 6), rolls=rolls)
            assert Reroll((5, 6)) in kivi.legal_actions(state)
            assert kivi.apply(state, Reroll((5, 6))).pending == 2

    def test_K6_no_forfeit_before_the_third_roll(self) -> None:
        state = position((1, 1, 2, 2, 5, 6), rolls=2)
        assert refusal(state, Forfeit()) == (
            "a stone is forfeited only after the third roll", "K6")

    def test_K6_no_forfeit_with_a_legal_square(self) -> None:
        state = position((1, 1, 2, 2, 5, 6), rolls=3)
        assert refusal(state, Forfeit()) == (
            "a legal square exists, so the stone may not be forfeited", "K6")

    def test_K7_displace_without_six_of_a_kind(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 1})
        assert refusal(state, Displace(square_index("a1"), square_index("g7"))) == (
            "only six of a kind may take an occupied square", "K7")

    def test_K7_displace_from_a_free_square(self) -> None:
        state = position((4,) * 6, {"a1": 1})
        assert refusal(state, Displace(square_index("b1"), square_index("g7"))) == (
            "b1 is free: place the stone there instead", "K7")

    def test_K7_displace_own_stone(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        assert refusal(state, Displace(square_index("b1"), square_index("g7"))) == (
            "b1 holds your own stone", "K7")

    def test_K7_displace_onto_a_stone(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        assert refusal(state, Displace(square_index("a1"), square_index("b1"))) == (
            "the displaced stone must go to a free square", "K7")

    def test_K7_place_on_an_occupied_square(self) -> None:
        state = position((1, 1, 2, 2, 5, 6), {"a1": 1})
        assert refusal(state, Place(square_index("a1"))) == ("a1 is occupied by player 1", "K7")

    def test_K7_place_on_a_square_the_dice_do_not_make(self) -> None:
        state = position((1, 1, 2, 2, 5, 6))
        assert refusal(state, Place(square_index("a2"))) == (
            "the dice 112256 do not make ALL_EVEN (a2)", "K7")

    def test_K8_strict_names_the_higher_combination(self) -> None:
        state = position((5, 5, 5, 3, 3, 2), options=Options(highest_rule=HighestRule.STRICT))
        three = [i for i, c in enumerate(state.options.layout.combination) if c is C.THREE_KIND]
        assert refusal(state, Place(three[0])) == (
            "the dice also make FULL_HOUSE, which is higher than THREE_KIND "
            "(highest_rule 'strict'): the highest combination must be used", "K8")

    def test_K8_strict_names_every_higher_combination(self) -> None:
        state = position((1, 1, 1, 1, 2, 2), options=Options(highest_rule=HighestRule.STRICT))
        two = [i for i, c in enumerate(state.options.layout.combination) if c is C.TWO_PAIRS]
        assert refusal(state, Place(two[0])) == (
            "the dice also make FULL_HOUSE, FOUR_KIND and FOUR_AND_PAIR, which are higher "
            "than TWO_PAIRS (highest_rule 'strict'): the highest combination must be used",
            "K8")

    def test_K8_available_names_the_higher_combination_with_a_free_square(self) -> None:
        state = position((5, 5, 5, 3, 3, 2))
        three = [i for i, c in enumerate(state.options.layout.combination) if c is C.THREE_KIND]
        assert refusal(state, Place(three[0])) == (
            "the dice also make FULL_HOUSE, which is higher than THREE_KIND and still has a "
            "free square: the highest combination must be used", "K8")

    def test_not_a_kivi_action(self) -> None:
        state = position((1, 2, 3, 4, 5, 6))
        assert refusal(state, "a1") == ("'a1' is not a KIVI action", "")


class TestK9K11Result:
    """K9, K11: before the end nobody has won; the scores are already counted."""

    def test_K11_result_before_the_end(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "b1": 0, "g7": 1})
        result = kivi.result(state)
        assert result.finished is False
        assert result.winners == ()
        assert result.scores == kivi.scores(state) == ((1 + 2) * 2, 1)  # a1 1, b1 2; g7 1

    def test_K9_the_last_placement_ends_the_game(self) -> None:
        cells = list(EMPTY)
        for i in range(19):
            cells[i * 2] = i % 2  # 10 stones of player 0 and 9 of player 1 (19 turns taken)
        state = State(Options(), 2, tuple(cells), (0, 0), 19, 1, (1, 2, 3, 4, 5, 6), 0)
        kivi.validate_state(state)
        after = kivi.apply(state, Place(1))
        assert kivi.is_terminal(after) and after.pending == 0 and after.dice == ()
        assert kivi.result(after).finished is True
        assert kivi.legal_actions(after) == ()


def midturn() -> State:
    """Player 1 of 3 has rolled once at turn 4 (turns 0-3: players 0, 1, 2, 0).

    Player 0 has a stone on a1 and forfeited one, player 1 a stone on b1, player 2 forfeited.
    """
    cells = list(EMPTY)
    cells[0] = 0
    cells[1] = 1
    state = State(Options(), 3, tuple(cells), (1, 0, 1), 4, 1, (1, 2, 3, 4, 5, 6), 0)
    kivi.validate_state(state)
    return state


class TestValidation:
    """A loaded state or observation is refused, naming the problem and rule, unless possible."""

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"players": 5}, "players: KIVI is for 2 to 4 players, got 5"),
            ({"players": 1}, "players: KIVI is for 2 to 4 players, got 1"),
            ({"cells": EMPTY[:48]}, "cells: expected 49 squares, got 48"),
            ({"cells": (3, *EMPTY[1:])}, "cells[0]: no player 3 in a 3-player game"),
            ({"cells": (-1, *EMPTY[1:])}, "cells[0]: no player -1 in a 3-player game"),
            ({"lost": (1, 0)}, "lost: expected 3 counts, got 2"),
            ({"turn": 31}, "turn: expected 0 to 30, got 31"),
            ({"turn": -1}, "turn: expected 0 to 30, got -1"),
            ({"lost": (1, -1, 1)}, "lost[1]: negative"),
            ({"lost": (0, 0, 1)}, "stones of player 0: 1 on the board and 0 forfeited, but the "
                                  "player has taken 2 turns (one stone each, K6/K7)"),
            ({"dice": (0, 1, 2, 3, 4, 5)},
             "dice: expected values 1-6 in ascending order, got [0, 1, 2, 3, 4, 5]"),
            ({"dice": (1, 2, 3, 4, 5, 7)},
             "dice: expected values 1-6 in ascending order, got [1, 2, 3, 4, 5, 7]"),
            ({"dice": (2, 1, 3, 4, 5, 6)},
             "dice: expected values 1-6 in ascending order, got [2, 1, 3, 4, 5, 6]"),
            ({"dice": (1,) * 7}, "dice: at most six on the table and 0 to 6 pending, got 7 and 0"),
            ({"pending": 7, "dice": ()},
             "dice: at most six on the table and 0 to 6 pending, got 0 and 7"),
            ({"pending": -1}, "dice: at most six on the table and 0 to 6 pending, got 6 and -1"),
            ({"rolls": 4}, "rolls: expected 0 to 3 rolls this turn, got 4 (K5)"),
            ({"rolls": -1}, "rolls: expected 0 to 3 rolls this turn, got -1 (K5)"),
            ({"rolls": 0}, "a turn starts with all six dice to roll: dice must be [] and "
                           "pending 6 (K5)"),
            ({"rolls": 0, "dice": (), "pending": 5},
             "a turn starts with all six dice to roll: dice must be [] and pending 6 (K5)"),
            ({"dice": (1, 2, 3)}, "dice and pending must make six dice, got 3 + 0"),
            ({"dice": (1, 2, 3), "pending": 2}, "dice and pending must make six dice, got 3 + 2"),
            ({"dice": (1, 2, 3), "pending": 3, "rolls": 3},
             "no reroll may be pending after the third roll (K5)"),
        ],
    )
    def test_impossible_states_are_refused(self, change: dict[str, Any], message: str) -> None:
        bad = attrs.evolve(midturn(), **change)
        with pytest.raises(InvalidStateError) as err:
            kivi.validate_state(bad)
        assert str(err.value) == f"state: {message}"

    def test_possible_states_pass(self) -> None:
        state = midturn()
        for change in ({"rolls": 3}, {"rolls": 2, "dice": (1, 2, 3), "pending": 3},
                       {"rolls": 0, "dice": (), "pending": 6}):
            kivi.validate_state(attrs.evolve(state, **change))

    def test_K9_over_means_no_dice(self) -> None:
        final = State(Options(), 2, EMPTY, (10, 10), 20, 0, (), 0)
        kivi.validate_state(final)
        for change in ({"rolls": 1}, {"dice": (1,)}, {"pending": 6}):
            with pytest.raises(InvalidStateError) as err:
                kivi.validate_state(attrs.evolve(final, **change))
            assert str(err.value) == (
                "state: the game is over, so no dice may be on the table or pending")

    def test_not_a_state(self) -> None:
        with pytest.raises(InvalidStateError) as err:
            kivi.validate_state(3)  # type: ignore[arg-type]
        assert str(err.value) == "state: expected a kivi.State, got int"

    def test_K12_observations(self) -> None:
        state = midturn()
        for player in (0, 2, None):
            kivi.validate_observation(kivi.observe(state, player))
        bad = attrs.evolve(kivi.observe(state, 0), player=3)
        with pytest.raises(InvalidStateError) as err:
            kivi.validate_observation(bad)
        assert str(err.value) == (
            "observation.player: no player 3 in a 3-player game (None: a spectator)")
        bad = attrs.evolve(kivi.observe(state, 0), position=attrs.evolve(state, rolls=4))
        with pytest.raises(InvalidStateError) as err:
            kivi.validate_observation(bad)
        assert str(err.value) == (
            "observation.position: rolls: expected 0 to 3 rolls this turn, got 4 (K5)")
        with pytest.raises(InvalidStateError) as err:
            kivi.validate_observation(state)  # type: ignore[arg-type]
        assert str(err.value) == "observation: expected a kivi.Observation, got kivi.State"


class TestChanceAndBounds:
    """K5: six dice, each of six faces; at most three rolls, two rerolls and a stone a turn."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_K5_action_bound(self, players: int) -> None:
        assert kivi.action_bound(players, Options()) == 10 * players * (3 + 2 + 1)

    def test_K5_no_dice_to_roll_at_a_decision(self) -> None:
        import random

        from boardrules import BoardrulesError

        state = position((1, 2, 3, 4, 5, 6))
        assert kivi.chance_outcomes(state) == ()
        with pytest.raises(BoardrulesError) as err:
            kivi.sample_chance(state, random.Random(0))
        assert str(err.value) == "no dice are pending: this state is not a chance node"

    def test_K5_outcomes_of_one_die(self) -> None:
        from fractions import Fraction

        state = kivi.apply(position((1, 1, 2, 2, 5, 6)), Reroll((6,)))
        assert kivi.chance_outcomes(state) == tuple(
            (Roll((v,)), Fraction(1, 6)) for v in range(1, 7))


    def test_K5_rolls_of_two_dice_follow_the_chance_outcomes(self) -> None:
        """K5: a reroll of two dice draws every one of its 21 rolls, as often as
        `chance_outcomes` says (the kit's sampling check)."""
        state = kivi.apply(position((1, 2, 3, 4, 6, 6)), Reroll((6, 6)))
        assert len(kivi.chance_outcomes(state)) == 21
        check_chance_sampling(kivi, state)


class TestTurnSteps:
    """K4-K6: each action leaves the turn, rolls and dice exactly as the rules say."""

    def test_K5_a_roll_puts_the_dice_on_the_table(self) -> None:
        state = kivi.apply(kivi.new_game(2), Roll((1, 2, 3, 4, 6, 6)))
        assert (state.turn, state.rolls, state.dice, state.pending) == (
            0, 1, (1, 2, 3, 4, 6, 6), 0)
        kivi.validate_state(state)

    def test_K7_a_placement_ends_the_turn(self) -> None:
        state = position((1, 1, 3, 3, 5, 5))
        place = next(a for a in kivi.legal_actions(state) if isinstance(a, Place))
        after = kivi.apply(state, place)
        assert (after.turn, after.rolls, after.dice, after.pending) == (state.turn + 1, 0, (), 6)
        kivi.validate_state(after)

    def test_K6_a_forfeit_ends_the_turn(self) -> None:
        state = position((1, 1, 2, 3, 5, 6), {"a1": 1, "b1": 0}, rolls=3)
        forfeit = Forfeit()
        assert kivi.legal_actions(state) == (forfeit,)  # no square for this third roll
        after = kivi.apply(state, forfeit)
        assert (after.turn, after.rolls, after.dice, after.pending) == (state.turn + 1, 0, (), 6)
        assert after.lost == (1, 0)
        kivi.validate_state(after)

    def test_K9_a_displacement_on_the_second_last_turn_leaves_a_turn(self) -> None:
        """K9: after player 0's tenth stone player 1 still has a turn: six dice pending."""
        cells = tuple(0 if i < 9 else 1 if i < 18 else None for i in range(49))
        state = State(Options(), 2, cells, (0, 0), 18, 1, (5,) * 6, 0)
        kivi.validate_state(state)
        after = kivi.apply(state, Displace(9, 30))
        assert (after.turn, after.rolls, after.dice, after.pending) == (19, 0, (), 6)
        assert not kivi.is_terminal(after)
