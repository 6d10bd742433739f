"""Captain Bluff: one test class per rule id of the specification (B1–B18), plus the
scenarios of the issue, built through the public API by choosing chance outcomes."""

from __future__ import annotations

import random
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
    from_json,
    to_json,
)
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import (
    Draw,
    EndTurn,
    Options,
    PickUp,
    PlayLuggage,
    Specials,
    Stage,
)
from boardrules.testing import check_chance_sampling
from tests.games.captain_bluff.helpers import (
    C,
    codes,
    deal,
    legal,
    ordered,
    play,
    position,
    stars,
)
from tests.refusals import assert_foreign_states_refused

TWO_LUGGAGE = ["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12",
               "g1 g2 g3 g4 g5 g6 g7 g8 g9 g10 g11 g12"]
TWO_SPECIALS = ["star arrows eye", "plus_one star arrows"]


VARIANT = Options(specials_in_draw_pile=True)
"""The B3 variant: the specials left after the deal join the draw pile."""


def empty_piles(state: cb.State) -> cb.State:
    """Return `state` with the draw and discard piles (and the plus-ones out of the game)
    moved into player 1's hand: both piles empty (needs option ``specials_in_draw_pile``)."""
    moved = (*state.draw, *state.discard, *state.removed)
    state = attrs.evolve(state, hands=(state.hands[0], tuple(sorted(state.hands[1] + moved)),
                                       *state.hands[2:]), draw=(), discard=(), removed=())
    cb.validate_state(state)
    return state


def two_player_start(options: Options | None = None) -> cb.State:
    """A dealt 2-player game where P0 holds red 1–12, P1 green 1–12 (+ specials)."""
    return deal(TWO_LUGGAGE, TWO_SPECIALS, options)


def placed_two_player() -> cb.State:
    """The 2-player start with destinations set: 0 r12 (P0), 1 g12 (P1), 2 r11, 3 g11."""
    return play(two_player_start(), "set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11")


class TestB1Components:
    """B1: six conveyors, 51 luggage (3 destinations × 1–17), 14 specials of four kinds."""

    def test_inventory_of_65_cards(self) -> None:
        inventory = cb.inventory(cb.new_game(3))
        assert sum(inventory.values()) == 65
        assert sum(inventory[f"{d}{v}"] for d in "rgb" for v in range(1, 18)) == 51
        assert (inventory["star"], inventory["arrows"], inventory["eye"],
                inventory["plus_one"]) == (4, 4, 3, 3)

    def test_specials_split_is_an_option(self) -> None:
        options = Options(specials=Specials(star=5, arrows=3, eye=3, plus_one=3))
        assert cb.inventory(cb.new_game(2, options))["star"] == 5

    def test_specials_must_total_fourteen(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            Options(specials=Specials(star=5, arrows=4, eye=3, plus_one=3))
        assert err.value.option == "specials"
        with pytest.raises(InvalidOptionsError):
            Specials(star=-1, arrows=7, eye=4, plus_one=4)

    def test_card_codes_and_names(self) -> None:
        assert cb.card_name(C("b17")) == "b17"
        assert (cb.destination_of(C("g5")), cb.value_of(C("g5"))) == (1, 5)
        with pytest.raises(InvalidNotationError):
            C("r18")

    @pytest.mark.parametrize("bad", [{"turn_limit": 0}, {"specials_in_draw_pile": 1},
                                     {"first_player": 5}])
    def test_bad_options(self, bad: dict[str, object]) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            Options(**bad)  # type: ignore[arg-type]
        assert err.value.option == next(iter(bad))

    def test_bad_player_count_and_seat(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            cb.new_game(6)
        assert err.value.option == "players"
        with pytest.raises(InvalidOptionsError) as err:
            cb.new_game(2, Options(first_player=3))
        assert err.value.option == "first_player"


class TestB2Deal:
    """B2: luggage dealt 12/10/9/8 each, then specials 3 (2 players) or 2 each."""

    @pytest.mark.parametrize(("players", "luggage", "specials"),
                             [(2, 12, 3), (3, 10, 2), (4, 9, 2), (5, 8, 2)])
    def test_deal_table(self, players: int, luggage: int, specials: int) -> None:
        state = cb.new_game(players)
        rng = random.Random(players)
        while cb.to_move(state) is CHANCE:
            state = cb.apply(state, cb.sample_chance(state, rng))
        assert state.stage is Stage.PLACE
        for hand in state.hands:
            assert sum(1 for c in hand if c < cb.LUGGAGE) == luggage
            assert sum(1 for c in hand if c >= cb.LUGGAGE) == specials

    def test_luggage_then_specials_with_exact_chances(self) -> None:
        state = cb.new_game(2)
        outcomes = cb.chance_outcomes(state)
        assert len(outcomes) == 51 and all(p == Fraction(1, 51) for _, p in outcomes)
        for i in range(12):
            for p in range(2):
                state = cb.apply(state, Draw(ordered(TWO_LUGGAGE[p])[i]))
        # All luggage dealt: the next card is a special, drawn from the 14 specials.
        chances = {str(a): p for a, p in cb.chance_outcomes(state)}
        assert chances == {"draw star": Fraction(4, 14), "draw arrows": Fraction(4, 14),
                           "draw eye": Fraction(3, 14), "draw plus_one": Fraction(3, 14)}
        with pytest.raises(IllegalActionError) as err:
            cb.apply(state, Draw(C("b1")))
        assert err.value.rule == "B2"

    @pytest.mark.parametrize("card", [55, 999, -1])
    def test_a_card_code_that_is_no_card_is_refused_by_name(self, card: int) -> None:
        """A hand-built draw of no card is refused with `IllegalActionError` naming the code
        (it raised IndexError, and -1 read as another card's name)."""
        state = two_player_start()
        while cb.to_move(state) is not CHANCE:
            state = cb.apply(state, cb.legal_actions(state)[0])
        with pytest.raises(IllegalActionError, match=f"card\\?{card}") as err:
            cb.apply(state, Draw(card))
        assert err.value.state is state
        assert str(PlayLuggage(0, (card,))) == f"play 0 card?{card}"

    def test_deal_is_one_card_at_a_time_in_seat_order(self) -> None:
        state = cb.apply(cb.new_game(3), Draw(C("b5")))
        state = cb.apply(state, Draw(C("b6")))
        assert state.hands == ((C("b5"),), (C("b6"),), ())


class TestB3DrawPile:
    """B3: the luggage left after the deal is the draw pile; the specials left leave the
    game (variant ``specials_in_draw_pile=True``: they join the draw pile)."""

    def test_B3_the_draw_pile_is_the_luggage_left(self) -> None:
        state = two_player_start()
        assert len(state.draw) == 51 - 24 and all(c < cb.LUGGAGE for c in state.draw)
        assert len(state.stowed) == 14 - 6 and all(c >= cb.LUGGAGE for c in state.stowed)
        assert cb.observe(state, 0).stowed_size == 8 and state.discard == ()
        assert sum(cb.inventory(state).values()) == 65
        assert not Options().specials_in_draw_pile

    def test_B3_the_first_draws_are_luggage(self) -> None:
        state = play(two_player_start(), "set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11",
                     "set 4 star")
        outcomes = cb.chance_outcomes(state)
        assert len(outcomes) == 27 and {p for _, p in outcomes} == {Fraction(1, 27)}
        assert all(a.card < cb.LUGGAGE for a, _ in outcomes)  # type: ignore[union-attr]

    def test_variant_specials_in_the_draw_pile(self) -> None:
        state = deal(TWO_LUGGAGE, TWO_SPECIALS, Options(specials_in_draw_pile=True))
        assert len(state.draw) == 51 - 24 + 14 - 6
        assert sum(1 for c in state.draw if c >= cb.LUGGAGE) == 8
        assert state.discard == () and state.stowed == ()


class TestB4Destinations:
    """B4: in seat order each player places a destination; two each with two players."""

    def test_two_players_alternate_twice(self) -> None:
        state = two_player_start()
        movers = []
        for text in ("set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11"):
            movers.append(cb.to_move(state))
            state = play(state, text)
        assert movers == [0, 1, 0, 1]
        assert state.stage is Stage.PLAY and cb.to_move(state) == 0
        assert [len(h) for h in state.hands] == [13, 13]  # no draw at setup
        assert state.knowers[:4] == (frozenset({0}), frozenset({1}), frozenset({0}),
                                     frozenset({1}))

    def test_different_conveyors(self) -> None:
        state = play(two_player_start(), "set 0 r12")
        assert not any(str(a).startswith("set 0 ") for a in cb.legal_actions(state))
        with pytest.raises(IllegalActionError) as err:
            play(state, "set 0 g12")
        assert err.value.rule == "B4"

    def test_three_players_once_each_from_the_first_player(self) -> None:
        rng = random.Random(3)
        state = cb.new_game(3, Options(first_player=2))
        while cb.to_move(state) is CHANCE:
            state = cb.apply(state, cb.sample_chance(state, rng))
        movers = []
        for v in range(3):
            mover = cb.to_move(state)
            assert isinstance(mover, int)
            movers.append(mover)
            state = cb.apply(state, cb.SET[v][state.hands[mover][0]])
        assert movers == [2, 0, 1]
        assert state.stage is Stage.PLAY and cb.to_move(state) == 2

    def test_a_special_may_be_a_destination(self) -> None:
        state = play(two_player_start(), "set 5 star")
        assert state.destinations[5] == cb.STAR


class TestB5Turn:
    """B5: exactly one main action, at most one special before or after it, then EndTurn."""

    def test_end_turn_only_after_the_main_action(self) -> None:
        state = placed_two_player()
        assert "end" not in legal(state)
        with pytest.raises(IllegalActionError) as err:
            cb.apply(state, EndTurn())
        assert err.value.rule == "B5"
        state = play(state, "check 1")
        assert legal(state)[-1] == "end"
        assert not any(a.startswith(("check", "play", "set", "swap", "close"))
                       for a in legal(state))
        with pytest.raises(IllegalActionError) as err:
            play(state, "check 3")
        assert err.value.rule == "B5"

    def test_special_before_or_after(self) -> None:
        state = play(placed_two_player(), "eye 1 3", "check 1")
        assert "eye" not in " ".join(legal(state))
        assert legal(state) == ["end"]  # P0's star/arrows need a row; no row yet
        state = play(placed_two_player(), "check 1", "eye 1")
        with pytest.raises(IllegalActionError) as err:
            play(state, "arrows 0")
        assert err.value.rule == "B12"

    def test_turns_go_in_seat_order(self) -> None:
        state = play(placed_two_player(), "check 1", "end")
        assert cb.to_move(state) == 1 and state.turn == 1
        state = play(state, "check 0", "end")
        assert cb.to_move(state) == 0

    def test_order_of_legal_actions_is_documented(self) -> None:
        kinds = [type(a).__name__ for a in cb.legal_actions(placed_two_player())]
        order = ["PlayLuggage", "SetDestination", "CheckDestination", "TakeDestination",
                 "PlayStar", "PlayArrows", "PlayEye", "PlayPlusOne", "PickUp", "EndTurn"]
        positions = [order.index(k) for k in kinds]
        assert positions == sorted(positions)


class TestB6PlayLuggage:
    """B6: one destination, new rows only at destinations (≤ 3 rows), steps of 1."""

    def test_runs_onto_an_empty_conveyor(self) -> None:
        state = position(["r3 r4 r5 g9", "b1"], destinations={0: "r1"})
        plays = [a for a in legal(state) if a.startswith("play")]
        assert plays == ["play 0 r3", "play 0 r3 r4", "play 0 r3 r4 r5", "play 0 r4",
                         "play 0 r4 r5", "play 0 r4 r3", "play 0 r5", "play 0 r5 r4",
                         "play 0 r5 r4 r3", "play 0 g9"]

    def test_a_row_continues_in_its_direction(self) -> None:
        state = position(["r2 r5 r6 r7 g6", "b1"], destinations={0: "r1"},
                         rows={0: "r3 r4"})
        assert [a for a in legal(state) if a.startswith("play")] == [
            "play 0 r5", "play 0 r5 r6", "play 0 r5 r6 r7"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "play 0 r2")
        assert err.value.rule == "B6"
        with pytest.raises(IllegalActionError):
            play(state, "play 0 g6")  # another destination than the row

    def test_second_card_sets_the_direction(self) -> None:
        state = position(["r3 r5 r6", "b1"], destinations={0: "r1"}, rows={0: "r4"})
        assert [a for a in legal(state) if a.startswith("play")] == [
            "play 0 r5", "play 0 r5 r6", "play 0 r3"]
        state = play(state, "play 0 r3", "pass", "end")
        assert cb.row_info(state.rows[0]).direction == -1

    def test_values_stay_within_1_to_17(self) -> None:
        state = position(["b1 g1", "r5"], destinations={0: "r1"}, rows={0: "b17 b16 b15 b14 "
                         "b13 b12 b11 b10 b9 b8 b7 b6 b5 b4 b3 b2"})
        assert "play 0 b1" in legal(state)
        state = play(state, "play 0 b1", "pass", "end", "check 0", "end")
        assert not any(a.startswith("play 0") for a in legal(state))

    def test_a_new_row_needs_a_destination(self) -> None:
        state = position(["r3", "b1"], destinations={0: "r1"})
        with pytest.raises(IllegalActionError) as err:
            play(state, "play 1 r3")
        assert "no destination card" in err.value.reason and err.value.rule == "B6"

    def test_a_fourth_row_cannot_open(self) -> None:
        state = position(["r9 g9", "b10"], destinations={0: "r1", 1: "g1", 2: "b1", 3: "b2"},
                         rows={0: "r3", 1: "g3", 2: "b3"})
        assert not any(a.startswith("play 3") for a in legal(state))
        with pytest.raises(IllegalActionError) as err:
            play(state, "play 3 r9")
        assert err.value.reason == "three rows are open already"

    def test_cards_move_and_the_window_opens(self) -> None:
        state = play(position(["r3 r4 g1", "b1", "b2"], destinations={0: "r1"}),
                     "play 0 r4 r3")
        assert state.rows[0] == ordered("r4 r3")
        assert state.hands[0] == codes("g1")
        assert (state.window, state.polled, cb.to_move(state)) == (0, 1, 1)


class TestB7SetDestination:
    """B7: any card face down at an empty conveyor without a destination, then draw 1."""

    def test_set_and_draw(self) -> None:
        state = position(["star r5", "b1"], draw="g7 g8", destinations={0: "r1"})
        assert [a for a in legal(state) if a.startswith("set")] == [
            f"set {v} {c}" for v in range(1, 6) for c in ("r5", "star")]
        state = play(state, "set 4 star")
        assert cb.to_move(state) is CHANCE and state.main_done
        assert {str(a): p for a, p in cb.chance_outcomes(state)} == {
            "draw g7": Fraction(1, 2), "draw g8": Fraction(1, 2)}
        state = cb.apply(state, Draw(C("g8")))
        assert state.hands[0] == codes("r5 g8")
        assert state.destinations[4] == cb.STAR and state.knowers[4] == frozenset({0})
        assert cb.to_move(state) == 0

    def test_not_on_a_conveyor_with_cards(self) -> None:
        state = position(["r5", "b1"], destinations={0: "r1"})
        with pytest.raises(IllegalActionError) as err:
            play(state, "set 0 r5")
        assert err.value.rule == "B7"


class TestB8CheckDestination:
    """B8: secretly look at a destination card."""

    def test_check(self) -> None:
        state = position(["r5", "b1", "b2"], destinations={2: "g4"}, knowers={2: {1}})
        assert cb.observe(state, 0).destinations[2] is None
        state = play(state, "check 2")
        assert cb.observe(state, 0).destinations[2] == C("g4")
        assert cb.observe(state, 2).destinations[2] is None
        assert state.knowers[2] == frozenset({0, 1})
        with pytest.raises(IllegalActionError):
            play(position(["r5", "b1"], destinations={2: "g4"}), "check 3")


class TestB9SwapDestination:
    """B9: take the destination card unseen into hand, then, as the next decision, put
    another card of the hand in its place: „Kartu u přepravníku hráč vezme a položí místo
    ní z ruky jinou kartu … Je zakázáno nejdříve kartu zkontrolovat, vždy si ji hráč vezme
    a místo ní položí novou." """

    def test_B9_the_card_put_back_is_chosen_after_seeing_the_card_taken(self) -> None:
        state = position(["r5 r6", "b1", "b2"], destinations={2: "g4"}, knowers={2: {1, 2}})
        # The first decision names no card of the hand: the player cannot look first.
        assert [a for a in legal(state) if a.startswith(("take", "swap"))] == ["take 2"]
        state = play(state, "take 2")
        assert cb.to_move(state) == 0 and state.hands[0] == codes("r5 r6 g4")
        assert cb.observe(state, 0).hand == codes("r5 r6 g4")  # now they know it
        assert cb.observe(state, 1).hand_sizes[0] == 3
        assert not any(cb.observe(state, 1).has_destination)
        # „jinou kartu": another card of the hand, not the one just taken; nothing else.
        assert legal(state) == ["set 2 r5", "set 2 r6"]
        state = play(state, "set 2 r6")
        assert state.hands[0] == codes("r5 g4") and state.swap is None
        assert state.destinations[2] == C("r6") and state.knowers[2] == frozenset({0})
        assert state.draws == () and state.main_done  # no draw: B7's draw is not B9's
        assert cb.observe(state, 1).destinations[2] is None
        assert legal(state) == ["end"]

    def test_the_others_see_that_a_card_was_taken_not_which(self) -> None:
        state = position(["r5 r6", "b1", "b2"], destinations={2: "g4"})
        take = cb.parse_action(state, "take 2")
        assert [cb.announce(state, take, viewer) for viewer in (0, 1, None)] == ["take 2"] * 3
        taken = cb.apply(state, take)
        assert cb.observe(taken, 0).swap == (2, C("g4"))
        assert cb.observe(taken, 1).swap == cb.observe(taken, None).swap == (2, None)
        put = cb.parse_action(taken, "set 2 r5")
        assert [cb.announce(taken, put, viewer) for viewer in (0, 1, None)] == [
            "set 2 r5", "set 2 ?", "set 2 ?"]

    def test_another_copy_of_a_special_is_another_card(self) -> None:
        state = play(position(["star r5", "b1"], destinations={1: "star"}), "take 1")
        assert legal(state) == ["set 1 r5", "set 1 star"]

    def test_a_row_stays_while_its_destination_card_is_swapped(self) -> None:
        state = play(position(["g9", "b1"], destinations={0: "r1"}, rows={0: "r3 r4"}),
                     "take 0")
        assert state.rows[0] == codes("r3 r4") and state.destinations[0] is None
        cb.validate_state(state)
        assert legal(state) == ["set 0 g9"]
        assert play(state, "set 0 g9").destinations[0] == C("g9")

    def test_a_publicly_known_card_becomes_exposed(self) -> None:
        state = position(["r5 r6", "b1"], destinations={2: "g4"}, knowers={2: {1}})
        state = play(state, "take 2")
        assert state.exposed[0] == codes("g4")  # P1 knew it, and P0 now holds it
        assert cb.observe(state, 1).swap == cb.observe(state, None).swap == (2, C("g4"))
        state = play(state, "set 2 r6")
        assert state.exposed[0] == codes("g4")  # not the card put down: another one

    def test_resample_keeps_the_card_taken_in_the_takers_hand(self) -> None:
        state = play(position(["r5 r6", "b1 b2 b3"], destinations={2: "g4"}), "take 2")
        rng = random.Random(3)
        seen = set()
        for _ in range(20):
            world = cb.resample(state, 1, rng)
            cb.validate_state(world)
            assert world.swap is not None and world.swap[1] in world.hands[0]
            assert world.hands[1] == state.hands[1]
            seen.add(world.swap[1])
            mine = cb.resample(state, 0, rng)
            assert mine.swap == state.swap and mine.hands[0] == state.hands[0]
        assert len(seen) > 1

    def test_needs_a_destination(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(position(["r5", "b1"], destinations={2: "g4"}), "take 1")
        assert err.value.rule == "B9"

    def test_the_old_one_step_notation_says_how_to_swap_now(self) -> None:
        with pytest.raises(InvalidNotationError, match="take 1"):
            cb.parse_action(cb.new_game(2), "swap 1 b3")


class TestB10CloseConveyor:
    """B10: a conveyor with luggage goes to the discard pile, destination face down."""

    def test_close(self) -> None:
        state = position(["r5", "b1"], destinations={2: "g4"}, knowers={2: {1}},
                         rows={2: "g5 g6 star=7"})
        state = play(state, "close 2")
        assert state.discard == codes("g5 g6 star") and state.star_values[2] == ()
        assert [(f.card, f.known_by) for f in state.buried] == [(C("g4"), frozenset({1}))]
        assert state.rows[2] == () and state.destinations[2] is None
        assert [b.card for b in cb.observe(state, 0).buried] == [None]
        assert [b.card for b in cb.observe(state, 1).buried] == [C("g4")]

    def test_needs_luggage(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(position(["r5", "b1"], destinations={2: "g4"}), "close 2")
        assert err.value.rule == "B10"


class TestB11NoMainAction:
    """B11: without a legal main action the turn ends; every live state has an action."""

    def test_a_main_action_always_exists_in_play(self) -> None:
        # Every conveyor either has a destination (check it) or is empty (set one there),
        # and the active player always holds a card: B11's fallback never has to fire.
        state = position(["r5", "b1"])
        assert legal(state)[:6] == [f"set {v} r5" for v in range(6)]

    def test_fallback_is_end_turn_alone(self) -> None:
        # A state outside the invariants (no card, no destination) shows the fallback.
        state = position(["r5", "b1"])
        bare = attrs.evolve(state, hands=((), state.hands[1]),
                            draw=tuple(sorted(state.draw + state.hands[0])))
        assert cb.legal_actions(bare) == (EndTurn(),)


class TestB12Specials:
    """B12: star, arrows, eye, plus_one; one per turn; specials in rows open no window."""

    def test_star_is_the_next_value(self) -> None:
        state = position(["star r8", "b1"], destinations={0: "r1"}, rows={0: "r5 r6"})
        assert stars(state) == ["star 0=7"]
        state = play(state, "star 0=7")
        assert state.rows[0] == ordered("r5 r6 star") and state.star_values[0] == (7,)
        info = cb.row_info(state.rows[0], state.star_values[0])
        assert info.head == 7 and info.direction == 1
        assert state.window is None and cb.to_move(state) == 0
        assert [a for a in legal(state) if a.startswith("play")] == ["play 0 r8"]

    def test_B12_star_on_a_one_card_row_names_either_neighbour(self) -> None:
        # "Může být zahrána do každé řady": a row with no direction yet takes a star too.
        state = position(["star r3 r7", "b1"], destinations={0: "r1"}, rows={0: "r5"})
        assert stars(state) == ["star 0=4", "star 0=6"]
        down = play(state, "star 0=4")
        assert cb.row_info(down.rows[0], down.star_values[0])[1:3] == (4, -1)
        assert [a for a in legal(down) if a.startswith("play")] == ["play 0 r3"]
        up = play(state, "star 0=6")
        assert [a for a in legal(up) if a.startswith("play")] == ["play 0 r7"]

    def test_B12_star_right_after_arrows_takes_any_value(self) -> None:
        state = position(["star r11 r13", "b1"], destinations={0: "r1"},
                         rows={0: "r5 r6 arrows"})
        assert stars(state) == [f"star 0={v}" for v in range(1, 18)]
        state = play(state, "star 0=12")
        info = cb.row_info(state.rows[0], state.star_values[0])
        assert (info.head, info.direction, info.free) == (12, -1, False)
        assert [a for a in legal(state) if a.startswith("play")] == ["play 0 r11"]

    def test_B12_star_after_arrows_on_a_row_without_direction(self) -> None:
        state = position(["star r8 r10", "b1"], destinations={0: "r1"}, rows={0: "r5 arrows"})
        state = play(state, "star 0=9")
        # Still no direction: the next card is either neighbour of 9.
        assert [a for a in legal(state) if a.startswith("play")] == ["play 0 r10", "play 0 r8"]

    def test_B12_star_values_stay_within_1_to_17(self) -> None:
        assert stars(position(["star", "b1"], destinations={0: "g2"}, rows={0: "r1"})) == [
            "star 0=2"]
        assert stars(position(["star", "b1"], destinations={0: "r1"}, rows={0: "b17"})) == [
            "star 0=16"]
        at_top = position(["star", "b1"], destinations={0: "r1"}, rows={0: "r16 r17"})
        assert stars(at_top) == []
        with pytest.raises(IllegalActionError) as err:
            play(at_top, "star 0=16")
        assert err.value.rule == "B12" and "within 1-17" in err.value.reason
        with pytest.raises(InvalidNotationError):
            cb.parse_action(at_top, "star 0=18")

    def test_B12_star_names_a_value_the_row_allows(self) -> None:
        state = position(["star", "b1"], destinations={0: "r1"}, rows={0: "r5 r6"})
        for text in ("star 0=8", "star 0=5", "star 1=7"):
            with pytest.raises(IllegalActionError) as err:
                play(state, text)
            assert err.value.rule == "B12" and err.value.state is state

    def test_B12_star_cannot_start_a_row(self) -> None:
        state = position(["star r5", "b1"], destinations={0: "r1"})
        assert stars(state) == []
        with pytest.raises(IllegalActionError) as err:
            play(state, "star 0=5")
        assert err.value.rule == "B12"

    def test_B12_star_after_a_star_and_luggage_after_it(self) -> None:
        state = position(["star r9", "b1"], destinations={0: "r1"}, rows={0: "r5 r6 star=7"})
        assert stars(state) == ["star 0=8"]
        state = play(state, "star 0=8", "play 0 r9", "pass")
        assert state.rows[0] == ordered("r5 r6 star star r9")
        assert state.star_values[0] == (7, 8)

    def test_arrows_free_the_next_value(self) -> None:
        state = position(["arrows r12 r11 r2", "b1"], destinations={0: "r1"},
                         rows={0: "r5 r6"})
        state = play(state, "arrows 0")
        plays = [a for a in legal(state) if a.startswith("play")]
        assert plays == ["play 0 r2", "play 0 r11", "play 0 r12", "play 0 r12 r11"]
        state = play(state, "play 0 r12 r11", "pass")
        assert cb.row_info(state.rows[0]).direction == -1
        assert cb.row_info(state.rows[0]).head == 11

    def test_eye_looks_at_two(self) -> None:
        state = position(["eye r5", "b1"], destinations={0: "r1", 3: "g2", 4: "b2"},
                         knowers={0: {1}, 3: {1}, 4: {1}})
        eyes = [a for a in legal(state) if a.startswith("eye")]
        assert eyes == ["eye", "eye 0", "eye 3", "eye 4", "eye 0 3", "eye 0 4", "eye 3 4"]
        state = play(state, "eye 0 4")
        assert cb.observe(state, 0).destinations == (C("r1"), None, None, None, C("b2"), None)
        assert state.discard[-1] == cb.EYE and state.special_used

    def test_plus_one_makes_others_draw(self) -> None:
        state = position(["plus_one r5", "b1 b2 b3 b4", "b5 b6 b7 b8 b9", "g1"],
                         destinations={0: "r1"}, draw="g10 g11")
        removed = state.removed
        state = play(state, "plus_one")
        assert state.draws == (1, 3) and state.removed == (*removed, cb.PLUS_ONE)
        state = cb.apply(state, Draw(C("g10")))
        state = cb.apply(state, Draw(C("g11")))
        assert [len(h) for h in state.hands] == [1, 5, 5, 2]
        assert cb.to_move(state) == 0

    def test_B12_plus_one_draws_luggage_only(self) -> None:
        # "Novou kartu zavazadla": the specials in the pile are passed over and stay there.
        state = position(["plus_one r5", "b1", "b2"], draw="g10 star arrows",
                         destinations={0: "r1"}, options=VARIANT)
        state = play(state, "plus_one")
        assert state.draws == (1, 2)
        assert cb.chance_outcomes(state) == ((Draw(C("g10")), Fraction(1)),)
        assert cb.sample_chance(state, random.Random(0)) == Draw(C("g10"))
        with pytest.raises(IllegalActionError) as err:
            cb.apply(state, Draw(cb.STAR))
        assert err.value.rule == "B12"
        state = cb.apply(state, Draw(C("g10")))
        # No luggage left for player 2: no card, and the specials stay in the pile.
        assert state.draws == () and cb.to_move(state) == 0
        assert state.hands[2] == codes("b2") and state.draw == codes("star arrows")

    def test_B12_plus_one_draws_uniformly_among_the_luggage(self) -> None:
        state = position(["plus_one r5", "b1"], draw="g10 g11 star eye eye",
                         destinations={0: "r1"}, options=VARIANT)
        state = play(state, "plus_one")
        assert {str(a): p for a, p in cb.chance_outcomes(state)} == {
            "draw g10": Fraction(1, 2), "draw g11": Fraction(1, 2)}
        check_chance_sampling(cb, state)

    def test_B12_plus_one_draws_nothing_without_luggage(self) -> None:
        state = position(["plus_one r5", "b1", "b2"], draw="star eye", destinations={0: "r1"},
                         options=VARIANT)
        state = play(state, "plus_one")
        assert state.draws == () and cb.to_move(state) == 0
        assert state.hands[1:] == (codes("b1"), codes("b2")) and len(state.draw) == 2

    def test_B12_plus_one_after_the_pile_turns_over(self) -> None:
        # The first draw empties the pile; the discard pile becomes the pile at once (B15)
        # and the next player draws one of its luggage cards.
        state = position(["plus_one r5", "b1", "b2"], draw="g10", destinations={0: "r1"},
                         discard="g11 star")
        state = play(state, "plus_one")
        state = cb.apply(state, Draw(C("g10")))
        assert state.draws == (2,) and C("star") in state.draw and state.discard == ()
        outcomes = dict(cb.chance_outcomes(state))
        assert all(a.card < cb.LUGGAGE for a in outcomes)  # type: ignore[union-attr]
        assert outcomes[Draw(C("g11"))] == Fraction(1, len(outcomes))

    def test_B12_resample_keeps_luggage_for_a_pending_plus_one_draw(self) -> None:
        # Everyone knows the pile holds luggage while a plus-one's draw is pending (else it
        # would have been skipped): no redrawn world may put only specials there.
        state = play(position(["plus_one r5", "star arrows eye"], draw="g10",
                              destinations={0: "r1"}, options=VARIANT), "plus_one")
        assert state.draws == (1,)
        rng = random.Random(4)
        for _ in range(40):
            other = cb.resample(state, 0, rng)
            cb.validate_state(other)
            assert other.draw == codes("g10") and cb.observe(other, 0) == cb.observe(state, 0)

    def test_B7_the_active_players_draw_takes_any_card(self) -> None:
        state = position(["r5", "b1"], draw="g10 star", destinations={0: "r1"},
                         options=VARIANT)
        state = play(state, "set 1 r5")
        assert {str(a): p for a, p in cb.chance_outcomes(state)} == {
            "draw g10": Fraction(1, 2), "draw star": Fraction(1, 2)}

    def test_one_special_per_turn(self) -> None:
        state = position(["arrows star r7", "b1"], destinations={0: "r1"}, rows={0: "r5 r6"})
        state = play(state, "star 0=7")
        assert not any(a.startswith(("arrows", "star")) for a in legal(state))


class TestB13Challenge:
    """B13: the others are asked in seat order; the first challenge resolves at once."""

    def test_polled_in_seat_order_from_the_left(self) -> None:
        # turn 2: player 2 is active
        state = position(["b1", "b2", "r3 r9", "b3"], destinations={0: "r1"}, turn=2)
        state = play(state, "play 0 r3")
        asked = []
        while state.window is not None:
            asked.append(cb.to_move(state))
            assert legal(state)[:2] == ["challenge", "pass"]
            state = play(state, "pass")
        assert asked == [3, 0, 1]
        assert state.rows[0] == codes("r3") and cb.to_move(state) == 2

    def test_wrong_destination_loses_the_whole_conveyor(self) -> None:
        state = position(["g5 g6 r1", "b1", "b2"], destinations={0: "r9"}, knowers={0: {2}},
                         rows={0: "g3 g4 star=5"})
        state = play(state, "play 0 g6", "pass", "challenge")
        assert state.hands[0] == codes("r1 g5 g3 g4 star g6 r9")
        assert state.exposed[0] == codes("g3 g4 star g6 r9")
        assert (state.rows[0], state.star_values[0], state.destinations[0],
                state.knowers[0]) == ((), (), None, frozenset())
        assert state.window is None and cb.to_move(state) == 0 and state.winner is None

    def test_right_destination_makes_the_challenger_take_it(self) -> None:
        state = position(["g5", "b1", "b2"], destinations={0: "g9"}, rows={0: "g3 g4"})
        state = play(state, "play 0 g5", "challenge")
        assert state.hands[1] == codes("b1 g3 g4 g5 g9")
        assert state.hands[0] == ()
        assert state.winner == 0  # P0 emptied the hand and the play stood (B16)

    def test_a_special_destination_loses_every_challenge(self) -> None:
        for name in ("r3", "g3", "b3"):
            state = position([f"{name} r10", "b1"], destinations={0: "star"})
            state = play(state, f"play 0 {name}", "challenge")
            assert C("star") in state.hands[0] and C(name) in state.hands[0]

    def test_all_pass_the_play_stands(self) -> None:
        state = position(["r3 r4", "b1", "b2"], destinations={0: "g1"})
        state = play(state, "play 0 r3", "pass", "pass")
        assert state.rows[0] == codes("r3") and state.destinations[0] == C("g1")
        assert state.window is None and cb.to_move(state) == 0

    def test_no_window_no_challenge(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(position(["r3", "b1"], destinations={0: "g1"}), "challenge")
        assert err.value.rule == "B13"


class TestB14PickUp:
    """B14: luggage from the end of a row, after its last special, one card stays."""

    def test_pick_ups_leave_a_card_and_never_pass_a_special(self) -> None:
        state = position(["g1", "b1"], destinations={0: "r1", 1: "r2"},
                         rows={0: "r3 r4 r5", 1: "g3 g4 star=5 g6 g7"})
        picks = [a for a in legal(state) if a.startswith("pickup")]
        assert picks == ["pickup 0 1", "pickup 0 2", "pickup 1 1", "pickup 1 2"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "pickup 0 3")
        assert err.value.rule == "B14"
        with pytest.raises(IllegalActionError):
            play(state, "pickup 1 3")
        state = play(state, "pickup 1 2")
        assert state.rows[1] == ordered("g3 g4 star") and state.star_values[1] == (5,)
        assert state.hands[0] == codes("g1 g6 g7") and state.exposed[0] == codes("g6 g7")
        assert "pickup 1 1" not in legal(state)

    def test_the_polled_player_may_pick_up(self) -> None:
        state = position(["r6", "b1", "b2"], destinations={0: "r1"}, rows={0: "r3 r4 r5"})
        state = play(state, "play 0 r6")
        assert cb.to_move(state) == 1 and "pickup 0 3" in legal(state)
        state = play(state, "pickup 0 2")
        assert state.hands[1] == codes("b1 r5 r6") and cb.to_move(state) == 1
        state = play(state, "challenge")  # r1 matches red: the challenger takes the rest
        assert state.hands[1] == codes("b1 r5 r6 r3 r4 r1")

    def test_active_player_before_and_after_the_main_action(self) -> None:
        state = position(["g1", "b1"], destinations={0: "r1"}, rows={0: "r3 r4"})
        state = play(state, "pickup 0 1", "check 0")
        assert "pickup 0 1" not in legal(state)  # only one card left
        assert legal(state) == ["end"]

    def test_B14_picked_up_luggage_waits_for_the_next_turn(self) -> None:
        # "V dalším tahu je může použít": not played, set or swapped in before then.
        state = position(["g1", "b1"], destinations={0: "r1"}, rows={0: "r3 r4 r5"})
        state = play(state, "pickup 0 1")
        assert not [a for a in legal(state) if "r5" in a]
        for text in ("play 0 r5", "set 2 r5"):
            with pytest.raises(IllegalActionError) as err:
                play(state, text)
            assert err.value.rule == "B14" and "next turn" in err.value.reason
        with pytest.raises(IllegalActionError) as err:  # nor swapped in (B9)
            play(state, "take 0", "set 0 r5")
        assert err.value.rule == "B14" and "next turn" in err.value.reason
        assert state.hands[0] == codes("r5 g1") and state.picked_up[0] == codes("r5")
        for viewer in (0, 1, None):
            view = cb.observe(state, viewer)
            assert view.picked_up[0] == codes("r5") and C("r5") in view.exposed[0]
        state = play(state, "check 0", "end")
        assert state.picked_up[0] == codes("r5")  # until player 0's next turn
        state = play(state, "check 0", "end")
        assert state.picked_up[0] == () and state.exposed[0] == codes("r5")
        assert "play 0 r5" in legal(state) and "set 2 r5" in legal(state)

    def test_B14_picked_up_in_a_challenge_window(self) -> None:
        state = position(["r6 g9", "b1", "b2 b3"], destinations={0: "r1"},
                         rows={0: "r3 r4 r5"})
        state = play(state, "play 0 r6", "pickup 0 2", "pass")
        assert state.picked_up == ((), codes("r5 r6"), ())
        assert cb.observe(state, 2).picked_up[1] == codes("r5 r6")
        assert "picked up, usable from their next turn: r5 r6" in cb.render(cb.observe(state, 0))
        state = play(state, "pass", "end")
        assert cb.to_move(state) == 1 and state.picked_up == ((), (), ())
        assert "play 0 r5 r6" in legal(state)

    def test_B14_cards_a_challenge_gives_are_usable_at_once(self) -> None:
        # Only pick-ups wait: the star taken back at a lost challenge is played at once.
        state = position(["g6 r2", "b1"], destinations={0: "r9", 1: "g1"},
                         knowers={0: {0}, 1: {0}}, rows={0: "g3 g4 star=5", 1: "b5 b6"})
        state = play(state, "pickup 1 1", "play 0 g6", "challenge")  # g6 is no r9: a bluff
        assert state.picked_up[0] == codes("b6")
        assert state.hands[0] == codes("r2 g3 g4 g6 b6 r9 star")
        assert stars(state) == ["star 1=4", "star 1=6"]
        assert play(state, "star 1=6").star_values[1] == (6,)

    def test_B14_picked_up_cards_count_in_hand(self) -> None:
        state = position(["g1", "b1", "b2"], destinations={0: "r1", 1: "g2"},
                         rows={0: "r3 r4 r5"})
        state = play(state, "pickup 0 1", "play 1 g1", "pass", "pass")
        assert state.winner is None and state.hands[0] == codes("r5")  # B16
        state = position(["plus_one r9", "b1 b2 r5 r6", "b3 b4 b5 b6 b7"],
                         destinations={0: "r1"}, rows={0: "r3 r4"},
                         picked_up=["", "r5 r6", ""])
        assert play(state, "plus_one").draws == (1,)  # 4 cards, 2 of them picked up

    def test_B14_a_face_down_card_is_never_a_picked_up_one(self) -> None:
        # Everyone knows the card put face down is not one picked up this turn, so it
        # stays known to be in the hand.
        state = position(["g1 g2", "b1"], destinations={0: "r1"}, rows={0: "r3 r4 r5"},
                         exposed=["g2", ""])
        state = play(state, "pickup 0 1")
        assert state.exposed[0] == codes("r5 g2")
        assert play(state, "set 2 g1").exposed[0] == codes("r5")
        assert play(state, "take 0", "set 0 g1").exposed[0] == codes("r5")

    def test_B14_resample_keeps_the_cards_picked_up(self) -> None:
        state = play(position(["g1", "b1 b2"], destinations={0: "r1"}, rows={0: "r3 r4 r5"}),
                     "pickup 0 1")
        rng = random.Random(2)
        for _ in range(10):
            other = cb.resample(state, 1, rng)
            assert C("r5") in other.hands[0] and other.picked_up == state.picked_up


class TestB15Reshuffle:
    """B15: the moment the draw pile runs out, the discard pile becomes the new draw pile."""

    def test_B15_the_discard_pile_becomes_the_draw_pile_at_once(self) -> None:
        # "Kdykoliv ... dojdou karty": as soon as the pile is out, not at the next draw.
        state = position(["r5 r6", "b1"], draw="g7", destinations={0: "r1"}, knowers={0: {0}},
                         buried=[("g3", {1})])
        assert state.draw == codes("g7") and not state.reshuffled
        discard = state.discard
        state = play(state, "set 1 r5")
        assert cb.chance_outcomes(state) == ((Draw(C("g7")), Fraction(1)),)
        state = cb.apply(state, Draw(C("g7")))
        assert cb.to_move(state) == 0 and state.hands[0] == codes("r6 g7")
        assert state.draw == tuple(sorted((*discard, C("g3"))))
        assert state.discard == () and state.buried == ()
        assert state.reshuffled and cb.observe(state, 1).reshuffled
        assert cb.observe(state, 1).draw_size == len(discard) + 1

    def test_B15_a_card_discarded_onto_empty_piles_is_the_new_draw_pile(self) -> None:
        state = empty_piles(position(["eye r5", "b1"], destinations={0: "g2"},
                                     rows={0: "g3 g4"}, options=VARIANT))
        assert state.draw == () and state.discard == ()
        eyed = play(state, "eye")
        assert (eyed.draw, eyed.discard, eyed.reshuffled) == ((cb.EYE,), (), True)
        closed = play(state, "close 0")
        assert closed.draw == codes("g2 g3 g4") and not closed.discard and not closed.buried
        cb.validate_state(eyed)
        cb.validate_state(closed)

    def test_no_card_when_both_piles_are_empty(self) -> None:
        state = empty_piles(position(["r5 r6", "b1"], destinations={0: "r1"}, options=VARIANT))
        state = play(state, "set 1 r5")
        assert cb.to_move(state) == 0 and state.hands[0] == codes("r6")


class TestB16ImmediateWin:
    """B16: a player wins once their hand is empty after the action resolves."""

    def test_last_cards_and_nobody_challenges(self) -> None:
        state = position(["r3 r4", "b1", "b2"], destinations={0: "r1"})
        state = play(state, "play 0 r3 r4", "pass")
        assert state.winner is None and cb.to_move(state) == 2
        state = play(state, "pass")
        assert state.winner == 0 and cb.is_terminal(state) and cb.to_move(state) is TERMINAL
        assert cb.returns(state) == (1.0, -1.0, -1.0)
        assert cb.result(state).winners == (0,) and cb.result(state).finished
        assert cb.legal_actions(state) == ()

    def test_a_lost_challenge_is_no_win(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"})
        state = play(state, "play 0 g3", "challenge")
        assert state.winner is None and state.hands[0] == codes("g3 r1")

    def test_a_last_special_wins(self) -> None:
        state = position(["eye", "b1"], destinations={0: "r1"}, main_done=True)
        state = play(state, "eye")
        assert state.winner == 0


class TestB17TurnLimit:
    """B17: the engine ends the game with no winner after `turn_limit` turns."""

    def test_turn_limit(self) -> None:
        # One destination: not a possible first turn, so the position is turn 2 (B5).
        state = position(["r3", "b1"], destinations={0: "r1"}, options=Options(turn_limit=4))
        assert state.turn == 2
        state = play(state, "check 0", "end", "check 0")
        assert not cb.is_terminal(state)
        state = play(state, "end")
        assert cb.is_terminal(state) and cb.returns(state) == (0.0, 0.0)
        assert cb.result(state).winners == () and cb.result(state).finished
        with pytest.raises(IllegalActionError) as err:
            play(state, "check 0")
        assert err.value.rule == "B17"

    def test_action_bound_counts_the_limit(self) -> None:
        assert cb.action_bound(2, Options(turn_limit=10)) < cb.action_bound(2, Options())


class TestB18Information:
    """B18: own hand, others' counts, the draw pile's size, destinations by knowledge."""

    def test_observation(self) -> None:
        state = placed_two_player()
        obs = cb.observe(state, 0)
        assert obs.hand == state.hands[0] and obs.hand_sizes == (13, 13)
        assert obs.destinations[:4] == (C("r12"), None, C("r11"), None)
        assert obs.has_destination == (True, True, True, True, False, False)
        assert obs.draw_size == len(state.draw)
        spectator = cb.observe(state, None)
        assert spectator.hand is None and spectator.destinations == (None,) * 6

    def test_revealed_by_a_challenge(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1"})
        state = play(state, "play 0 g3", "challenge")
        for p in (1, None):
            assert set(codes("g3 r1")) <= set(cb.observe(state, p).exposed[0])

    def test_resample_keeps_what_the_player_knows(self) -> None:
        state = position(["g3 g4", "b1 b2 b3", "b4 b5"], destinations={0: "r1", 1: "r2"},
                         knowers={0: {0}, 1: {1}}, buried=[("g9", {0}), ("g10", {2})],
                         exposed=["", "b2", ""])
        rng = random.Random(5)
        for _ in range(20):
            other = cb.resample(state, 0, rng)
            cb.validate_state(other)
            assert cb.observe(other, 0) == cb.observe(state, 0)
            assert other.destinations[0] == C("r1")
            assert C("b2") in other.hands[1]
            assert any(f.card == C("g9") for f in other.buried)
            assert cb.inventory(other) == cb.inventory(state)

    def test_resample_is_uniform_over_the_worlds_the_player_cannot_exclude(self) -> None:
        # P0 knows everything but four cards: P1's two cards, the draw pile's one card
        # and conveyor 1's destination. 4! / 2! = 12 worlds remain, equally likely.
        state = position(["r1", "g1 g2"], draw="g3", destinations={0: "r2", 1: "g4"},
                         knowers={0: {0}, 1: {1}})
        rng = random.Random(7)
        counts = Counter(
            (other.hands[1], other.draw, other.destinations[1])
            for other in (cb.resample(state, 0, rng) for _ in range(2400))
        )
        assert len(counts) == 12
        assert all(140 <= k <= 260 for k in counts.values()), counts
        for hand, draw, destination in counts:
            assert destination is not None
            assert sorted((*hand, *draw, destination)) == sorted(codes("g1 g2 g3 g4"))

    def test_resample_during_setup_keeps_the_dealt_kinds(self) -> None:
        state = play(two_player_start(), "set 0 r12", "set 1 star", "set 2 eye")
        rng = random.Random(3)
        for _ in range(30):
            other = cb.resample(state, 0, rng)
            cb.validate_state(other)  # P1: hand + conveyor 1 = 12 luggage, 3 specials
            assert cb.observe(other, 0) == cb.observe(state, 0)
        self_view = {cb.resample(state, 1, rng).destinations[2] for _ in range(40)}
        assert len(self_view) > 3  # P0's eye at conveyor 2 is unknown to P1

    def test_B3_B15_resample_keeps_the_draw_pile_luggage_until_a_reshuffle(self) -> None:
        # With the left-over specials stowed, everyone knows the draw pile holds only
        # luggage until the discard pile is first reshuffled into it.
        options = Options(specials_in_draw_pile=False)
        state = play(deal(TWO_LUGGAGE, TWO_SPECIALS, options),
                     "set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11")
        assert state.stage is Stage.PLAY and not state.reshuffled
        rng = random.Random(0)
        for player in (0, 1):
            for _ in range(30):
                other = cb.resample(state, player, rng)
                cb.validate_state(other)
                assert cb.observe(other, player) == cb.observe(state, player)
                assert all(c < cb.LUGGAGE for c in other.draw)
                assert len(other.stowed) == 8 and all(c >= cb.LUGGAGE for c in other.stowed)

    def test_resample_redraws_the_unknown(self) -> None:
        state = placed_two_player()
        rng = random.Random(1)
        seen = {cb.resample(state, 0, rng).destinations[1] for _ in range(30)}
        assert len(seen) > 5 and C("r1") not in seen  # P0 holds r1


class TestNotation:
    """Notation reads back; bad text raises InvalidNotationError."""

    @pytest.mark.parametrize("text", ["play 2 r5 r6 r7", "set 4 star", "check 1", "take 1",
                                      "close 3", "star 2=7", "arrows 2", "eye", "eye 1 4",
                                      "plus_one", "pickup 2 3", "challenge", "pass", "end",
                                      "draw g7"])
    def test_round_trip(self, text: str) -> None:
        action = cb.parse_action(cb.new_game(2), text)
        assert str(action) == text
        assert cb.parse_action(cb.new_game(2), f"  {text.upper()} ") == action
        assert eval(repr(action), vars(cb)) == action

    @pytest.mark.parametrize("text", ["", "play", "play 6 r1", "eye 4 1", "eye 1 1",
                                      "pickup 1 0", "set 1 r18", "fly", "draw", "star 2",
                                      "star 2=0", "star 2=18", "star 6=3", "star 2=x",
                                      "star 2=7=7", "star =7"])
    def test_bad_text(self, text: str) -> None:
        with pytest.raises(InvalidNotationError):
            cb.parse_action(cb.new_game(2), text)

    def test_prebuilt_actions(self) -> None:
        state = cb.new_game(2)
        assert cb.parse_action(state, "play 2 r5 r6") is cb.PLAYS[2][C("r5")][C("r6")]
        assert isinstance(cb.parse_action(state, "play 2 r5 r7"), PlayLuggage)
        assert cb.parse_action(state, "pickup 1 2") == PickUp(1, 2)
        assert cb.parse_action(state, "star 3 = 17") is cb.STAR_ON[3][17]
        assert cb.parse_action(state, "STAR 3= 1") is cb.STAR_ON[3][1]


class TestJSON:
    """States round-trip; corrupted JSON raises InvalidStateError naming the problem."""

    def test_round_trip(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1"}, buried=[("g9", {1})],
                         rows={0: "r5 r6"})
        assert from_json(to_json(state)) == state
        assert from_json(to_json(cb.observe(state, 1))) == cb.observe(state, 1)
        assert from_json(to_json(Options(specials=(5, 3, 3, 3)))) == Options(
            specials=(5, 3, 3, 3))

    def corrupt(self, state: cb.State, problem: str, **changes: object) -> None:
        import json

        data = json.loads(to_json(state))
        data["data"].update(changes)
        with pytest.raises(InvalidStateError, match=problem):
            from_json(json.dumps(data))

    def test_B12_B14_round_trip_of_stars_and_picked_up_cards(self) -> None:
        state = play(position(["g1", "b1"], destinations={0: "r1"},
                              rows={0: "r3 arrows star=9 r10"}), "pickup 0 1")
        assert state.star_values[0] == (9,) and state.picked_up[0] == codes("r10")
        assert from_json(to_json(state)) == state
        assert from_json(to_json(cb.observe(state, 1))) == cb.observe(state, 1)

    def test_B12_star_values_follow_the_rows(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"}, rows={0: "r5 r6 star=7"})
        self.corrupt(state, "cannot stand for 9", star_values=[[9], [], [], [], [], []])
        self.corrupt(state, "1 star\\(s\\) in the row but 0", star_values=[[], [], [], [], [], []])
        self.corrupt(state, "an empty row holds no star", star_values=[[7], [3], [], [], [], []])
        self.corrupt(state, "star_values: expected 6", star_values=[[7]])

    def test_B14_picked_up_cards_are_exposed_luggage(self) -> None:
        state = position(["g3 g4 star", "b1"], destinations={0: "r1"}, rows={0: "r5"},
                         picked_up=["g3", ""])
        self.corrupt(state, r"picked_up\[0\]: the cards picked up are seen by all",
                     exposed=[[], []])
        self.corrupt(state, r"picked_up\[0\]: only luggage",
                     picked_up=[[C("g3"), cb.STAR], []], exposed=[[C("g3"), cb.STAR], []])
        self.corrupt(state, r"picked_up\[0\]: cards must be in ascending order",
                     picked_up=[[C("g4"), C("g3")], []], exposed=[[C("g3"), C("g4")], []])
        dealing = cb.apply(cb.new_game(2), Draw(C("r1")))
        self.corrupt(dealing, "only hands and the draw pile",
                     picked_up=[[C("r1")], []], exposed=[[C("r1")], []])

    def test_B9_a_swap_in_progress_round_trips_and_must_be_consistent(self) -> None:
        state = play(position(["g3 g4", "b1"], destinations={0: "r1", 1: "b9"},
                              rows={0: "r5 r6"}), "take 0")
        assert state.swap == (0, C("r1"))
        assert from_json(to_json(state)) == state
        for viewer in (0, 1, None):
            assert from_json(to_json(cb.observe(state, viewer))) == cb.observe(state, viewer)
        self.corrupt(state, "the card taken, b1, must be in the active player's hand",
                     swap=[0, C("b1")])
        self.corrupt(state, "a row lies only at a conveyor with a destination card", swap=None)
        self.corrupt(state, "follow each other in the main action", main_done=False)
        self.corrupt(state, "holds no card but r1 they may put down",
                     hands=[[C("r1")], [C("g3"), C("g4"), C("b1")]])
        taken = play(position(["g3 g4", "b1"], destinations={1: "b9", 2: "g9"}), "take 1")
        self.corrupt(taken, "so it has none until another card is put there",
                     swap=[2, C("b9")])
        self.corrupt(taken, "there is no conveyor 6", swap=[6, C("b9")])

    def test_B9_version_2_documents_are_refused(self) -> None:
        """Version 3 made the swap two decisions (B9): a version-2 state, observation or
        record may mean another position or move."""
        text = to_json(position(["g3", "b1"], destinations={0: "r1"}))
        assert cb.RULES_VERSION == "3"
        with pytest.raises(InvalidStateError, match="rules version '2' of Captain Bluff; this "
                           "library plays version '3'"):
            from_json(text.replace('"rules_version": "3"', '"rules_version": "2"'))

    def test_B15_no_empty_draw_pile_beside_a_discard_pile(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"}, draw="g10")
        self.corrupt(state, "as soon as the draw pile runs out", draw=[],
                     discard=sorted(state.discard + state.draw))

    def test_B12_no_plus_one_draw_pending_without_luggage(self) -> None:
        state = play(position(["plus_one r5", "b1"], draw="g10 star", destinations={0: "r1"},
                              options=VARIANT), "plus_one")
        assert state.draws == (1,)
        self.corrupt(state, "holds no luggage", draw=[cb.STAR],
                     hands=[list(state.hands[0]), sorted([*state.hands[1], C("g10")])])

    def test_duplicated_card(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1"})
        self.corrupt(state, "card conservation: too many g3", hands=[[C("g3"), C("g3")],
                                                                      [C("b1")]])

    def test_missing_card(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1"})
        self.corrupt(state, "missing g4", hands=[[C("g3")], [C("b1")]])

    def test_wrong_turn(self) -> None:
        state = play(position(["g3 g4", "b1"], destinations={0: "r1"}), "play 0 g3")
        self.corrupt(state, "polled", polled=0)
        self.corrupt(state, "window", window=None)

    def test_impossible_knowledge(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1"})
        self.corrupt(state, r"knowers\[1\]", knowers=[[0], [1], [], [], [], []])
        self.corrupt(state, r"knowers\[0\]: the player who placed",
                     knowers=[[], [], [], [], [], []])
        self.corrupt(state, r"exposed\[1\]", exposed=[[], [C("g9")]])
        self.corrupt(state, "no player 3", knowers=[[3], [], [], [], [], []])

    def test_invalid_rows(self) -> None:
        state = position(["g3 g4", "b1"], destinations={0: "r1", 1: "r2", 2: "r3", 3: "r4"},
                         rows={0: "r5", 1: "r6", 2: "r7"},
                         options=Options(specials_in_draw_pile=True))
        self.corrupt(state, "steps of exactly 1",
                     rows=[[C("r5"), C("r8")], [C("r6")], [C("r7")], [], [], []],
                     draw=[c for c in state.draw if c != C("r8")])
        self.corrupt(state, "4 rows are open",
                     rows=[[C("r5")], [C("r6")], [C("r7")], [C("g3")], [], []],
                     hands=[[C("g4")], [C("b1")]])
        draw = list(state.draw)
        draw.remove(cb.STAR)
        self.corrupt(state, "a row starts with a luggage card",
                     rows=[[C("r5")], [C("r6")], [cb.STAR], [], [], []],
                     star_values=[[], [], [7], [], [], []], draw=sorted([C("r7"), *draw]))

    def test_setup_kinds_follow_the_deal(self) -> None:
        state = play(two_player_start(Options(specials_in_draw_pile=True)), "set 0 r12")
        hands = [list(h) for h in state.hands]
        draw = list(state.draw)
        special = next(c for c in draw if c >= cb.LUGGAGE)
        draw.remove(special)
        draw.append(hands[1].pop(0))  # swap one of P1's luggage for a special of the pile
        hands[1] = sorted([*hands[1], special])
        self.corrupt(state, "luggage and 3 specials dealt", hands=hands, draw=sorted(draw))

    def test_pending_draws(self) -> None:
        state = play(position(["plus_one r5", "b1 b2 b3 b4 b5", "b6"], destinations={0: "r1"}),
                     "plus_one")
        assert state.draws == (2,)
        self.corrupt(state, "fewer than 5 cards", draws=[1, 2])
        self.corrupt(state, "setting a destination", draws=[0])
        self.corrupt(state, "only a plus-one", draws=[2, 0])
        self.corrupt(state, "draw pile is empty", draw=[], discard=sorted(
            c for c in state.discard + state.draw if c != cb.PLUS_ONE),
            removed=[c for c in state.removed + state.draw if c == cb.PLUS_ONE])

    def test_B3_B15_draw_pile_before_a_reshuffle(self) -> None:
        state = placed_two_player()
        draw = list(state.draw)
        luggage = draw.pop()
        hand = [c for c in state.hands[0] if c != cb.STAR] + [luggage]
        self.corrupt(state, "holds only luggage", hands=[sorted(hand), list(state.hands[1])],
                     draw=sorted([*draw, cb.STAR]))
        self.corrupt(state, "the deal left 27", hands=[list(state.hands[0][1:]),
                                                       list(state.hands[1])],
                     draw=sorted([*state.draw, state.hands[0][0]]))
        variant = play(two_player_start(Options(specials_in_draw_pile=True)),
                       "set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11")
        self.corrupt(variant, "the deal left 35", hands=[list(variant.hands[0][1:]),
                                                         list(variant.hands[1])],
                     draw=sorted([*variant.draw, variant.hands[0][0]]))
        self.corrupt(two_player_start(), "reshuffled only during play", reshuffled=True)
        self.corrupt(state, "reshuffled: expected a boolean", reshuffled=1)

    def test_B12_other_players_draw_only_after_a_plus_one(self) -> None:
        state = play(position(["eye r5", "b1", "b2"], destinations={0: "r1"}), "eye")
        assert state.special_used and cb.PLUS_ONE not in state.removed
        self.corrupt(state, "only a plus-one", draws=[1, 2])
        state = play(position(["plus_one r5", "b1", "b2", "g1"], destinations={0: "r1"}),
                     "plus_one")
        assert state.draws == (1, 2, 3)
        self.corrupt(state, "seat order from the active player's left", draws=[3, 2])
        self.corrupt(state, "seat order from the active player's left", draws=[2, 1])

    def test_B12_no_plus_one_face_up_in_the_discard_pile(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"})
        draw = list(state.draw)
        draw.remove(cb.PLUS_ONE)
        self.corrupt(state, "no plus_one lies face up", draw=draw, discard=[cb.PLUS_ONE])

    def test_B5_first_turn_before_the_main_action(self) -> None:
        state = placed_two_player()  # turn 0, P0 holds r1-r10 star arrows eye
        assert state.turn == 0 and not state.main_done
        cb.validate_state(play(state, "eye"))  # the one special possible before a row exists
        cb.validate_state(play(state, "eye 1 3"))
        hand = [list(state.hands[0][1:]), list(state.hands[1])]
        self.corrupt(state, "turn 0", hands=hand, rows=[[C("r1")], [], [], [], [], []])
        self.corrupt(state, "turn 0", hands=hand,
                     buried=[{"card": C("r1"), "known_by": [0]}])
        self.corrupt(state, "turn 0", hands=hand, discard=[C("r1")])
        self.corrupt(state, "turn 0", hands=hand, discard=[C("r1")], special_used=True)
        no_eye = [[c for c in state.hands[0] if c != cb.EYE], list(state.hands[1])]
        self.corrupt(state, "turn 0", hands=no_eye, discard=[cb.EYE])  # no special used
        self.corrupt(state, "turn 0", special_used=True)  # used, but nothing played
        self.corrupt(state, "turn 0", reshuffled=True)
        self.corrupt(state, "turn 0", exposed=[[C("r1")], []])
        self.corrupt(state, "turn 0", hands=[list(state.hands[0]),
                                             sorted([*state.hands[1], C("g12")])],
                     destinations=[C("r12"), None, C("r11"), C("g11"), None, None],
                     knowers=[[0], [], [0], [1], [], []])  # a destination taken back

    def test_B16_B17_no_empty_hand_at_the_turn_limit(self) -> None:
        state = play(deal(TWO_LUGGAGE, TWO_SPECIALS, Options(turn_limit=2)),
                     "set 0 r12", "set 1 g12", "set 2 r11", "set 3 g11",
                     "check 0", "end", "check 0", "end")
        assert cb.is_terminal(state) and state.winner is None
        self.corrupt(state, "turn limit cannot end the game with an empty hand",
                     hands=[[], list(state.hands[1])],
                     discard=sorted(state.discard + state.hands[0]))

    def test_only_the_active_player_can_have_an_empty_hand(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"})
        self.corrupt(state, "only the active player", hands=[[C("g3"), C("b1")], []])

    def test_empty_active_hand_must_have_won(self) -> None:
        state = position(["g3", "b1"], destinations={0: "r1"})
        self.corrupt(state, "so they have won", hands=[[], [C("g3"), C("b1")]])


class TestRender:
    """The terminal picture shows what the observer knows and nothing more."""

    def test_render(self) -> None:
        state = position(["g3 r7", "b1", "b2"], destinations={0: "r1", 2: "b9"},
                         knowers={0: {0}, 2: {1}}, rows={0: "r5 r6"})
        mine = cb.render(cb.observe(state, 0))
        assert "conveyor 0: [r1] known by 0; row: r5 r6 (red, up)" in mine
        assert "conveyor 2: [??] known by 1" in mine and "b9" not in mine
        assert "your hand: r7 g3" in mine
        public = cb.render(cb.observe(state, None))
        assert "[r1]" not in public and "your hand" not in public
        state = play(state, "play 0 r7")
        assert "challenge? conveyor 0: player 1 to answer" in cb.render(cb.observe(state, 1))

    def test_B9_a_swap_in_progress_is_drawn_the_card_for_its_taker_only(self) -> None:
        from xml.etree import ElementTree

        state = play(position(["g3 r7", "b1"], destinations={0: "r1"}, knowers={0: {0}},
                              rows={0: "r5 r6"}), "take 0")
        mine, theirs = cb.render(cb.observe(state, 0)), cb.render(cb.observe(state, 1))
        for text in (mine, theirs):
            assert "swapping a destination" in text
            assert "conveyor 0: [taken, a card goes back]; row: r5 r6 (red, up)" in text
        assert "took the destination card of conveyor 0 (r1); another card" in mine
        assert "took the destination card of conveyor 0; another card" in theirs
        assert "r1" not in theirs
        own, other = cb.svg(cb.observe(state, 0)), cb.svg(cb.observe(state, 1))
        for picture in (own, other):
            ElementTree.fromstring(picture)  # well-formed
            assert "took the destination card of conveyor 0" in picture
            assert ">taken<" in picture
        assert "r1: just taken from conveyor 0" in own
        assert "r1" not in other and "just taken" not in other


def test_another_games_state_is_refused_by_name() -> None:
    assert_foreign_states_refused(cb)
