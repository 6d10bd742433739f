"""KIVI: one test class per rule id of the specification (K1–K12), rulebook examples included."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction

import attrs
import pytest

from boardrules import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    Record,
    from_json,
    replay,
    to_json,
)
from boardrules.games import kivi
from boardrules.games.kivi import (
    DEFAULT_BOARD,
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
from boardrules.games.kivi.board import DOMINATES
from tests.refusals import assert_foreign_states_refused

C = Combination
EMPTY: tuple[int | None, ...] = (None,) * 49


def position(
    dice: tuple[int, ...],
    stones: dict[str, int] | None = None,
    *,
    players: int = 2,
    rolls: int = 1,
    options: Options | None = None,
) -> State:
    """Return a valid position where player 0 has just rolled `dice` with `stones` on the board."""
    cells = list(EMPTY)
    for name, owner in (stones or {}).items():
        cells[square_index(name)] = owner
    placed = Counter(owner for owner in cells if owner is not None)
    rounds = max(placed.values(), default=0)
    lost = tuple(rounds - placed[p] for p in range(players))
    state = State(options or Options(), players, tuple(cells), lost, rounds * players, rolls,
                  tuple(sorted(dice)), 0)
    kivi.validate_state(state)
    return state


def names(actions: tuple[kivi.Action, ...], kind: type = Place) -> list[str]:
    return [str(a) for a in actions if isinstance(a, kind)]


def squares_of(combination: Combination) -> list[str]:
    return [kivi.square_name(i) for i, c in enumerate(sum(DEFAULT_BOARD, ())) if c is combination]


K8_TABLE = {
    C.FOUR_AND_PAIR: {C.FOUR_KIND, C.FULL_HOUSE, C.THREE_KIND, C.TWO_PAIRS},
    C.TWO_TRIPLES: {C.FULL_HOUSE, C.THREE_KIND, C.TWO_PAIRS},
    C.THREE_PAIRS: {C.TWO_PAIRS},
    C.FOUR_KIND: {C.THREE_KIND, C.TWO_PAIRS},
    C.FULL_HOUSE: {C.THREE_KIND, C.TWO_PAIRS},
    C.LARGE_STRAIGHT: {C.SMALL_STRAIGHT},
}
"""K8's dominance table, copied from the rules file: each combination and those it beats."""


def k8_squares(state: State) -> list[str]:
    """Return the squares K7/K8 allow for a non-wild roll, straight from the rules file."""
    satisfied = kivi.analyse(state.dice).satisfied
    board = sum(state.options.board, ())
    free = {c for c, owner in zip(board, state.cells, strict=True) if owner is None}
    rule = state.options.highest_rule

    def usable(c: Combination) -> bool:
        higher = {d for d in satisfied if c in K8_TABLE.get(d, set())}
        if rule is HighestRule.STRICT:
            return not higher
        if rule is HighestRule.AVAILABLE:
            return not higher & free
        return True

    return [kivi.square_name(i) for i, c in enumerate(board)
            if state.cells[i] is None and c in satisfied and usable(c)]


class TestK1Components:
    """K1: a 7×7 board, six dice, ten stones per player."""

    def test_board_is_seven_by_seven(self) -> None:
        assert len(DEFAULT_BOARD) == 7
        assert all(len(row) == 7 for row in DEFAULT_BOARD)

    def test_a_turn_rolls_six_dice(self) -> None:
        assert kivi.new_game(2).pending == 6

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_ten_stones_per_player(self, players: int) -> None:
        inventory = kivi.inventory(kivi.new_game(players))
        assert inventory == Counter({f"stone:{p}": 10 for p in range(players)})


class TestK2Combinations:
    """K2: each combination, its rulebook example and its points."""

    @pytest.mark.parametrize(
        ("combination", "example", "points"),
        [
            (C.TWO_PAIRS, (1, 1, 2, 2, 5, 6), 1),
            (C.THREE_KIND, (1, 1, 1, 2, 3, 5), 1),
            (C.SMALL_STRAIGHT, (1, 2, 3, 4, 6, 6), 1),
            (C.FULL_HOUSE, (1, 1, 1, 2, 2, 5), 1),
            (C.FOUR_KIND, (1, 1, 1, 1, 2, 3), 2),
            (C.LARGE_STRAIGHT, (1, 2, 3, 4, 5, 5), 2),
            (C.ALL_EVEN, (2, 4, 6, 2, 4, 6), 2),
            (C.ALL_ODD, (1, 3, 5, 1, 3, 5), 2),
            (C.SUM_LE_12, (1, 2, 2, 3, 3, 1), 2),
            (C.SUM_GE_30, (6, 6, 5, 5, 2, 6), 2),
            (C.THREE_PAIRS, (1, 1, 2, 2, 3, 3), 3),
            (C.TWO_TRIPLES, (1, 1, 1, 2, 2, 2), 3),
            (C.FOUR_AND_PAIR, (1, 1, 1, 1, 2, 2), 3),
        ],
    )
    def test_rulebook_example_satisfies_its_combination(
        self, combination: Combination, example: tuple[int, ...], points: int
    ) -> None:
        assert combination in kivi.analyse(example).satisfied
        assert combination.points == points

    @pytest.mark.parametrize(
        ("dice", "combination"),
        [
            ((1, 1, 2, 3, 4, 6), C.TWO_PAIRS),  # one pair only
            ((1, 1, 2, 2, 3, 4), C.THREE_KIND),
            ((1, 2, 3, 5, 6, 6), C.SMALL_STRAIGHT),  # 1-2-3 and 5-6: no four in a row
            ((1, 1, 1, 2, 3, 4), C.FULL_HOUSE),
            ((1, 1, 1, 2, 2, 3), C.FOUR_KIND),
            ((1, 2, 3, 4, 6, 6), C.LARGE_STRAIGHT),
            ((2, 4, 6, 2, 4, 5), C.ALL_EVEN),
            ((1, 3, 5, 1, 3, 6), C.ALL_ODD),
            ((1, 2, 2, 3, 3, 2), C.SUM_LE_12),  # 13
            ((6, 6, 5, 5, 2, 5), C.SUM_GE_30),  # 29
            ((1, 1, 2, 2, 3, 4), C.THREE_PAIRS),
            ((1, 1, 1, 2, 2, 3), C.TWO_TRIPLES),
            ((1, 1, 1, 1, 2, 3), C.FOUR_AND_PAIR),
        ],
    )
    def test_near_misses_do_not_satisfy(
        self, dice: tuple[int, ...], combination: Combination
    ) -> None:
        assert combination not in kivi.analyse(dice).satisfied


class TestK3DefaultBoard:
    """K3: the default board, its point matrix, and custom boards as a validated option."""

    def test_point_matrix(self) -> None:
        rows = ["".join(str(c.points) for c in row) for row in DEFAULT_BOARD]
        assert "/".join(rows) == "1221221/2313132/1222321/2123212/1232221/2313132/1221221"
        assert sum(c.points for row in DEFAULT_BOARD for c in row) == 91

    def test_custom_board_is_used(self) -> None:
        board = tuple((C.ALL_ODD,) * 7 for _ in range(7))
        state = position((1, 1, 3, 3, 5, 5), options=Options(board=board))
        assert len(names(kivi.legal_actions(state))) == 49

    def test_custom_board_from_codes(self) -> None:
        rows = [[c.name for c in row] for row in DEFAULT_BOARD]
        assert Options(board=tuple(tuple(r) for r in rows)).board == DEFAULT_BOARD

    @pytest.mark.parametrize(
        "board",
        [
            DEFAULT_BOARD[:6],
            (*DEFAULT_BOARD[:6], DEFAULT_BOARD[6][:6]),
            (*DEFAULT_BOARD[:6], ("NOT_A_COMBINATION",) * 7),
        ],
    )
    def test_bad_board_is_refused(self, board: tuple[tuple[Combination, ...], ...]) -> None:
        with pytest.raises(InvalidOptionsError, match="board"):
            Options(board=board)

    def test_bad_highest_rule_is_refused(self) -> None:
        with pytest.raises(InvalidOptionsError, match="highest_rule"):
            Options(highest_rule="sometimes")


class TestK4TurnOrder:
    """K4: seat order from player 0; a round is one turn of every player."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_seats_take_turns_in_order(self, players: int) -> None:
        state = kivi.new_game(players)
        movers = []
        for _ in range(2 * players):
            state = kivi.apply(state, Roll((1, 2, 3, 4, 5, 6)))  # wild: any free square
            movers.append(kivi.to_move(state))
            state = kivi.apply(state, next(a for a in kivi.legal_actions(state)
                                           if isinstance(a, Place)))
        assert movers == [p % players for p in range(2 * players)]

    @pytest.mark.parametrize("players", [1, 5, 0, True])
    def test_player_count_is_checked(self, players: int) -> None:
        with pytest.raises(InvalidOptionsError, match="players"):
            kivi.new_game(players)


class TestK5Rolls:
    """K5: a turn starts with six dice; up to two rerolls of any non-empty sub-multiset."""

    def test_turn_starts_with_a_roll_of_six_dice(self) -> None:
        state = kivi.new_game(2)
        assert kivi.to_move(state) is CHANCE
        outcomes = kivi.chance_outcomes(state)
        assert len(outcomes) == 462
        assert sum(p for _, p in outcomes) == 1
        assert dict(outcomes)[Roll((1, 2, 3, 4, 5, 6))] == Fraction(720, 6**6)
        assert dict(outcomes)[Roll((6, 6, 6, 6, 6, 6))] == Fraction(1, 6**6)

    def test_reroll_keeps_the_other_dice(self) -> None:
        state = kivi.apply(kivi.new_game(2), Roll((1, 2, 3, 4, 6, 6)))
        state = kivi.apply(state, Reroll((6, 6)))
        assert state.dice == (1, 2, 3, 4)
        assert state.pending == 2
        assert kivi.to_move(state) is CHANCE
        assert dict(kivi.chance_outcomes(state))[Roll((1, 2))] == Fraction(2, 36)
        state = kivi.apply(state, Roll((1, 5)))
        assert state.dice == (1, 1, 2, 3, 4, 5)
        assert state.rolls == 2

    def test_rerolls_are_the_sub_multisets(self) -> None:
        state = position((1, 1, 1, 2, 2, 2))
        rerolls = names(kivi.legal_actions(state), Reroll)
        assert rerolls == ["reroll 1", "reroll 2", "reroll 11", "reroll 12", "reroll 22",
                           "reroll 111", "reroll 112", "reroll 122", "reroll 222",
                           "reroll 1112", "reroll 1122", "reroll 1222", "reroll 11122",
                           "reroll 11222", "reroll 111222"]

    def test_no_reroll_after_the_third_roll(self) -> None:
        state = kivi.apply(kivi.new_game(2), Roll((1, 1, 2, 3, 5, 6)))
        for _ in range(2):
            state = kivi.apply(state, Reroll((6,)))
            state = kivi.apply(state, Roll((6,)))
        assert state.rolls == 3
        assert not names(kivi.legal_actions(state), Reroll)
        with pytest.raises(IllegalActionError, match="three rolls") as err:
            kivi.apply(state, Reroll((6,)))
        assert err.value.rule == "K5"
        assert err.value.state is state

    def test_cannot_reroll_dice_not_on_the_table(self) -> None:
        state = position((1, 1, 2, 3, 5, 6))
        with pytest.raises(IllegalActionError, match="do not include") as err:
            kivi.apply(state, Reroll((4,)))
        assert err.value.rule == "K5"

    def test_roll_must_match_the_pending_dice(self) -> None:
        state = kivi.new_game(2)
        for bad in (Roll((1, 2, 3)), Roll((7, 1, 1, 1, 1, 1)), Roll((0, 1, 3, 4, 5, 6)),
                    Place(3)):
            with pytest.raises(IllegalActionError, match="must be rolled first"):
                kivi.apply(state, bad)


class TestK6Forfeit:
    """K6: after the third roll with no legal square the only action is to forfeit."""

    def _third_roll(self, dice: tuple[int, ...], stones: dict[str, int]) -> State:
        return position(dice, stones, rolls=3)

    def test_forfeit_when_nothing_fits(self) -> None:
        dice = (1, 1, 2, 3, 5, 6)
        assert kivi.analyse(dice).satisfied == frozenset()
        state = self._third_roll(dice, {})
        assert kivi.legal_actions(state) == (Forfeit(),)
        after = kivi.apply(state, Forfeit())
        assert after.lost == (1, 0)
        assert kivi.to_move(after) is CHANCE and after.player == 1
        assert kivi.inventory(after) == kivi.inventory(state)

    def test_must_reroll_rather_than_forfeit_before_the_third_roll(self) -> None:
        state = position((1, 1, 2, 3, 5, 6), rolls=2)
        legal = kivi.legal_actions(state)
        assert all(isinstance(a, Reroll) for a in legal)
        with pytest.raises(IllegalActionError, match="third roll") as err:
            kivi.apply(state, Forfeit())
        assert err.value.rule == "K6"

    def test_may_not_forfeit_with_a_legal_square(self) -> None:
        state = position((1, 1, 2, 2, 5, 6), rolls=3)
        assert Forfeit() not in kivi.legal_actions(state)
        with pytest.raises(IllegalActionError, match="legal square exists"):
            kivi.apply(state, Forfeit())

    def test_forfeit_when_every_matching_square_is_taken(self) -> None:
        dice = (1, 1, 2, 2, 5, 6)  # TWO_PAIRS only
        stones = {name: i % 2 for i, name in enumerate(squares_of(C.TWO_PAIRS))}
        state = self._third_roll(dice, stones)
        assert kivi.legal_actions(state) == (Forfeit(),)


class TestK7LegalSquares:
    """K7: free matching squares; wild rolls; six of a kind displaces an opponent."""

    def test_only_free_matching_squares(self) -> None:
        dice = (1, 1, 2, 2, 5, 6)  # TWO_PAIRS only
        state = position(dice, {"a1": 1})
        assert names(kivi.legal_actions(state)) == [s for s in squares_of(C.TWO_PAIRS) if s != "a1"]
        with pytest.raises(IllegalActionError, match="occupied") as err:
            kivi.apply(state, Place(square_index("a1")))
        assert err.value.rule == "K7"
        with pytest.raises(IllegalActionError, match="do not make ALL_EVEN"):
            kivi.apply(state, Place(square_index("a2")))

    @pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5, 6), (3, 3, 3, 3, 3, 1)])
    def test_wild_roll_allows_any_free_square(self, dice: tuple[int, ...]) -> None:
        state = position(dice, {"a1": 1, "b1": 0})
        assert len(names(kivi.legal_actions(state))) == 47
        assert not names(kivi.legal_actions(state), Displace)

    def test_six_of_a_kind_displaces_an_opponent(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        displacements = names(kivi.legal_actions(state), Displace)
        assert len(displacements) == 47  # a1 (not own b1) × the 47 free squares
        assert all(d.startswith("a1>") for d in displacements)
        after = kivi.apply(state, kivi.parse_action(state, "a1>g7"))
        assert after.cells[square_index("a1")] == 0
        assert after.cells[square_index("g7")] == 1
        assert after.cells[square_index("b1")] == 0
        assert kivi.inventory(after) == kivi.inventory(state)
        assert after.player == 1  # the turn passes as after any placement

    def test_six_of_a_kind_never_takes_own_stone(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        with pytest.raises(IllegalActionError, match="your own stone"):
            kivi.apply(state, Displace(square_index("b1"), square_index("g7")))

    def test_displacement_needs_six_of_a_kind(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 1, "b1": 0})
        with pytest.raises(IllegalActionError, match="only six of a kind"):
            kivi.apply(state, Displace(square_index("a1"), square_index("g7")))

    def test_displaced_stone_goes_to_a_free_square(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        with pytest.raises(IllegalActionError, match="free square"):
            kivi.apply(state, Displace(square_index("a1"), square_index("b1")))


class TestK8HighestCombination:
    """K8: the highest combination rule, its dominance lists and the three options."""

    def test_rulebook_note_2_full_house_beats_three_kind_and_two_pairs(self) -> None:
        state = position((5, 5, 5, 3, 3, 2))
        assert names(kivi.legal_actions(state)) == squares_of(C.FULL_HOUSE)

    def test_rulebook_even_or_full_house(self) -> None:
        state = position((6, 4, 4, 4, 2, 2))
        assert names(kivi.legal_actions(state)) == sorted(
            squares_of(C.ALL_EVEN) + squares_of(C.FULL_HOUSE), key=square_index
        )

    def test_available_rule_falls_back_when_higher_squares_are_full(self) -> None:
        stones = {name: i % 2 for i, name in enumerate(squares_of(C.FULL_HOUSE))}
        state = position((5, 5, 5, 3, 3, 2), stones)
        expected = sorted(squares_of(C.THREE_KIND) + squares_of(C.TWO_PAIRS), key=square_index)
        assert names(kivi.legal_actions(state)) == expected
        with pytest.raises(IllegalActionError) as err:
            three_kind = Place(square_index(squares_of(C.THREE_KIND)[0]))
            kivi.apply(position((5, 5, 5, 3, 3, 2)), three_kind)
        assert err.value.rule == "K8"

    def test_strict_rule_never_falls_back(self) -> None:
        stones = {name: i % 2 for i, name in enumerate(squares_of(C.FULL_HOUSE))}
        strict = Options(highest_rule=HighestRule.STRICT)
        state = position((5, 5, 5, 3, 3, 2), stones, options=strict, rolls=3)
        assert kivi.legal_actions(state) == (Forfeit(),)

    def test_off_rule_allows_every_satisfied_combination(self) -> None:
        state = position((5, 5, 5, 3, 3, 2), options=Options(highest_rule=HighestRule.OFF))
        expected = squares_of(C.FULL_HOUSE) + squares_of(C.THREE_KIND) + squares_of(C.TWO_PAIRS)
        assert names(kivi.legal_actions(state)) == sorted(expected, key=square_index)

    def test_large_straight_beats_small(self) -> None:
        state = position((1, 2, 3, 4, 5, 5))
        assert names(kivi.legal_actions(state)) == squares_of(C.LARGE_STRAIGHT)

    @pytest.mark.parametrize(
        ("dice", "usable"),
        [
            ((1, 1, 1, 1, 2, 2), {C.FOUR_AND_PAIR, C.SUM_LE_12}),
            ((6, 6, 6, 6, 5, 5), {C.FOUR_AND_PAIR, C.SUM_GE_30}),
            ((1, 1, 1, 2, 2, 2), {C.TWO_TRIPLES, C.SUM_LE_12}),
            ((1, 1, 2, 2, 3, 3), {C.THREE_PAIRS, C.SUM_LE_12}),
            ((1, 1, 1, 1, 2, 3), {C.FOUR_KIND, C.SUM_LE_12}),
        ],
    )
    def test_dominance(self, dice: tuple[int, ...], usable: set[Combination]) -> None:
        assert set(kivi.analyse(dice).unrivalled) == usable

    def test_K8_dominance_table_is_the_rules_file(self) -> None:
        assert dict(DOMINATES) == K8_TABLE
        for lower in DOMINATES.values():  # transitive as listed (see the docs)
            assert all(DOMINATES.get(c, frozenset()) <= lower for c in lower)

    def test_K8_four_of_a_kind_above_two_pairs(self) -> None:
        """Issue 13: "nejvyšší možná kombinace": AAAA ranks above AA BB."""
        assert C.FOUR_KIND in dict(kivi.analyse((5, 5, 5, 5, 2, 2)).rivalled)[C.TWO_PAIRS]
        full = squares_of(C.FOUR_AND_PAIR) + squares_of(C.FULL_HOUSE)
        state = position((5, 5, 5, 5, 2, 2), {name: i % 2 for i, name in enumerate(full)})
        assert names(kivi.legal_actions(state)) == squares_of(C.FOUR_KIND)
        two_pairs = Place(square_index(squares_of(C.TWO_PAIRS)[0]))
        with pytest.raises(
            IllegalActionError,
            match="make FOUR_KIND, which is higher than TWO_PAIRS and still has a free square",
        ) as err:
            kivi.apply(state, two_pairs)
        assert err.value.rule == "K8"
        assert err.value.state is state

    def test_K8_refusal_names_every_higher_combination_with_a_free_square(self) -> None:
        state = position((5, 5, 5, 5, 2, 2))
        with pytest.raises(IllegalActionError, match=(
                "make FULL_HOUSE, FOUR_KIND and FOUR_AND_PAIR, which are higher than TWO_PAIRS "
                "and still have free squares: the highest combination must be used")):
            kivi.apply(state, Place(square_index(squares_of(C.TWO_PAIRS)[0])))

    def test_K8_two_pairs_once_every_four_of_a_kind_square_is_taken(self) -> None:
        full = squares_of(C.FOUR_AND_PAIR) + squares_of(C.FULL_HOUSE) + squares_of(C.FOUR_KIND)
        state = position((5, 5, 5, 5, 2, 2), {name: i % 2 for i, name in enumerate(full)})
        expected = sorted(squares_of(C.THREE_KIND) + squares_of(C.TWO_PAIRS), key=square_index)
        assert names(kivi.legal_actions(state)) == expected

    def test_K8_strict_four_of_a_kind_and_pair_only(self) -> None:
        full = squares_of(C.FOUR_AND_PAIR)
        strict = Options(highest_rule="strict")
        state = position((5, 5, 5, 5, 2, 2), {name: i % 2 for i, name in enumerate(full)},
                         options=strict, rolls=3)
        assert kivi.legal_actions(state) == (Forfeit(),)
        with pytest.raises(IllegalActionError, match=re.escape(
                "make FOUR_AND_PAIR, which is higher than FOUR_KIND (highest_rule 'strict')")):
            kivi.apply(state, Place(square_index(squares_of(C.FOUR_KIND)[0])))

    def test_K8_off_allows_every_combination_of_four_and_pair(self) -> None:
        state = position((5, 5, 5, 5, 2, 2), options=Options(highest_rule="off"))
        expected = [s for c in (C.FOUR_AND_PAIR, C.FOUR_KIND, C.FULL_HOUSE, C.THREE_KIND,
                                C.TWO_PAIRS) for s in squares_of(c)]
        assert names(kivi.legal_actions(state)) == sorted(expected, key=square_index)

    @pytest.mark.parametrize("rule", list(HighestRule))
    def test_K8_every_roll_and_every_rule_follow_the_rules_file(self, rule: HighestRule) -> None:
        """Every non-wild roll, with every set of higher combinations' squares taken."""
        options = Options(highest_rule=rule)
        higher = sorted(K8_TABLE, key=list(Combination).index)
        rolls = [d for d in itertools.combinations_with_replacement(range(1, 7), 6)
                 if not kivi.analyse(d).wild]
        for n in range(len(higher) + 1):
            for taken in itertools.combinations(higher, n):
                full = [s for c in taken for s in squares_of(c)]
                base = position((1, 1, 2, 3, 5, 6), {s: i % 4 for i, s in enumerate(full)},
                                players=4, options=options)
                for dice in rolls:
                    state = attrs.evolve(base, dice=dice)
                    assert names(kivi.legal_actions(state)) == k8_squares(state), (taken, dice)


class TestK9End:
    """K9: the game ends when every player has taken ten turns."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_ten_turns_each(self, players: int) -> None:
        state = kivi.new_game(players)
        turns = 0
        while not kivi.is_terminal(state):
            state = kivi.apply(state, Roll((1, 1, 2, 3, 5, 6)))  # nothing: reroll twice, forfeit
            for _ in range(2):
                state = kivi.apply(state, Reroll((6,)))
                state = kivi.apply(state, Roll((6,)))
            state = kivi.apply(state, Forfeit())
            turns += 1
        assert turns == 10 * players
        assert kivi.to_move(state) is TERMINAL
        assert kivi.legal_actions(state) == ()
        assert state.lost == (10,) * players
        with pytest.raises(IllegalActionError, match="game is over") as err:
            kivi.apply(state, Roll((1, 1, 1, 1, 1, 1)))
        assert err.value.rule == "K9"


RULEBOOK_56 = {"d1": 0, "f1": 0, "a2": 0, "b2": 0, "c2": 0, "c3": 0, "c4": 0, "d4": 0, "d5": 0}
"""A position on the default board scoring exactly like the rulebook's example:
singles 1 (d1) + 2 (f1); rows a2-b2-c2 (2+3+1)×3 and c4-d4 (2+3)×2;
columns c2-c3-c4 (1+2+2)×3 and d4-d5 (3+2)×2."""


class TestK10Scoring:
    """K10: lines score (sum of points) × length in both directions; singles score once."""

    def test_rulebook_example_scores_56(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), RULEBOOK_56)
        assert kivi.scores(state) == (3 + 18 + 10 + 15 + 10, 0)
        assert kivi.scores(state)[0] == 56

    def test_diagonals_never_count(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "b2": 0, "c3": 0})
        points = [Combination[c.name].points for c in (DEFAULT_BOARD[0][0], DEFAULT_BOARD[1][1],
                                                        DEFAULT_BOARD[2][2])]
        assert kivi.scores(state) == (sum(points), 0)

    def test_a_stone_in_both_lines_counts_in_both(self) -> None:
        # a1 (1), b1 (2) in a row; a1, a2 (2) in a column: (1+2)×2 + (1+2)×2
        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "b1": 0, "a2": 0})
        assert kivi.scores(state) == (12, 0)

    def test_lines_are_per_player(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "b1": 1, "c1": 0})
        assert kivi.scores(state) == (1 + 2, 2)


class TestK11Winner:
    """K11: the highest score wins; ties on the highest score share the win."""

    def _final(self, stones: dict[str, int], players: int = 2) -> State:
        cells = list(EMPTY)
        for name, owner in stones.items():
            cells[square_index(name)] = owner
        placed = Counter(o for o in cells if o is not None)
        state = State(Options(), players, tuple(cells),
                      tuple(10 - placed[p] for p in range(players)), 10 * players, 0, (), 0)
        kivi.validate_state(state)
        return state

    def test_sole_winner(self) -> None:
        state = self._final({"a1": 0, "b1": 0, "g7": 1})
        assert kivi.result(state).winners == (0,)
        assert kivi.returns(state) == (1.0, -1.0)

    def test_tie_shares_the_win(self) -> None:
        tied = self._final({"a1": 0, "g7": 1}, players=3)  # 1, 1 and 0 points
        assert kivi.result(tied).winners == (0, 1)
        assert kivi.returns(tied) == (0.0, 0.0, -1.0)

    def test_returns_are_zero_before_the_end(self) -> None:
        assert kivi.returns(kivi.new_game(3)) == (0.0, 0.0, 0.0)
        assert not kivi.result(kivi.new_game(3)).finished


class TestK12Information:
    """K12: perfect information: every player sees the whole state."""

    def test_every_player_sees_everything(self) -> None:
        state = position((4,) * 6, {"a1": 1, "b1": 0})
        for player in (0, 1, None):
            assert kivi.observe(state, player).position == state

    def test_resample_changes_nothing(self) -> None:
        import random

        state = position((4,) * 6, {"a1": 1, "b1": 0})
        assert kivi.resample(state, 1, random.Random(0)) == state


class TestNotation:
    """Notation: squares, displacements, rolls, rerolls, forfeit — and bad text."""

    @pytest.mark.parametrize(
        ("text", "action"),
        [("d2", Place(10)), (" D2 ", Place(10)), ("c4>a1", Displace(23, 0)),
         ("reroll 65", Reroll((5, 6))), ("roll 654321", Roll((1, 2, 3, 4, 5, 6))),
         ("FORFEIT", Forfeit())],
    )
    def test_reads(self, text: str, action: kivi.Action) -> None:
        assert kivi.parse_action(kivi.new_game(2), text) == action

    @pytest.mark.parametrize("text", ["", "h1", "a8", "roll 7", "reroll", "reroll 1111111",
                                      "a1>", "place", "roll 1234567"])
    def test_bad_text_is_refused(self, text: str) -> None:
        with pytest.raises(InvalidNotationError):
            kivi.parse_action(kivi.new_game(2), text)


class TestJsonValidation:
    """Untrusted JSON never builds an impossible state; the error names the problem."""

    def _data(self) -> dict[str, object]:
        import json

        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "g7": 1})
        data = json.loads(to_json(state))
        assert isinstance(data, dict)
        return data

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d["data"]["cells"].__setitem__(5, 0), "stones of player 0"),
            (lambda d: d["data"]["cells"].__setitem__(5, 2), r"cells\[5\]"),
            (lambda d: d["data"]["cells"].pop(), "expected 49 squares"),
            (lambda d: d["data"].__setitem__("turn", 999), "turn"),
            (lambda d: d["data"].__setitem__("rolls", 4), "rolls"),
            (lambda d: d["data"].__setitem__("dice", [6, 1, 2, 3, 4, 5]), "ascending"),
            (lambda d: d["data"].__setitem__("dice", [1, 2, 3]), "six dice"),
            (lambda d: d["data"].update(dice=[1, 1, 2, 3, 4, 5, 6, 6], pending=-2),
             "0 to 6 pending"),  # K5: six dice, never a negative number to roll
            (lambda d: d["data"].__setitem__("turn", True), "expected an integer"),
            (lambda d: d["data"].__setitem__("lost", [0, -1]), "lost"),
            (lambda d: d["data"].__setitem__("extra", 1), "unknown field"),
            (lambda d: d["data"].pop("dice"), "missing field 'dice'"),
            (lambda d: d["data"]["options"].__setitem__("highest_rule", "x"), "highest_rule"),
            (lambda d: d.__setitem__("format", 99), "format"),
            (lambda d: d.__setitem__("game", "chess"), "unknown game"),
        ],
    )
    def test_corrupted_state_is_refused(self, change: object, message: str) -> None:
        import json

        data = self._data()
        change(data)  # type: ignore[operator]
        with pytest.raises(InvalidStateError, match=message):
            from_json(json.dumps(data))

    def test_round_trip(self) -> None:
        state = position((1, 2, 3, 4, 5, 6), {"a1": 0, "g7": 1})
        assert from_json(to_json(state), State) == state

    def test_K8_documents_of_rules_version_1_are_refused(self) -> None:
        """Rules version 2 changed K8: what version 1 wrote may mean another legal set."""
        import json

        assert kivi.RULES_VERSION == "2"
        data = self._data()
        data["rules_version"] = "1"
        with pytest.raises(InvalidStateError, match="rules version '1' of KIVI"):
            from_json(json.dumps(data))
        record = attrs.evolve(Record.start("kivi", 2), rules_version="1")
        with pytest.raises(InvalidStateError, match="made under rules version '1' of KIVI"):
            replay(from_json(to_json(record), Record))



def test_another_games_state_is_refused_by_name() -> None:
    assert_foreign_states_refused(kivi)
