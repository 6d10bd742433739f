"""Captain Bluff observations loaded from JSON: refused unless some possible state shows them
to their observer (B18, and every rule `validate_state` checks)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from boardrules import CHANCE, InvalidStateError, from_data, to_data
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import Draw, Options, Stage, State
from tests.games.captain_bluff.helpers import C, deal, play, position
from tests.games.captain_bluff.test_rules import TWO_LUGGAGE, TWO_SPECIALS, VARIANT

Edit = Callable[[dict[str, Any]], object]


def load_edited(state: State, player: int | None, edit: Edit) -> object:
    """Load `player`'s observation of `state` after `edit` changed its JSON data."""
    data: dict[str, Any] = copy.deepcopy(to_data(cb.observe(state, player)))
    edit(data["data"])
    return from_data(data)


def refused(state: State, player: int | None, edit: Edit, message: str) -> None:
    """Check that loading the edited observation raises `InvalidStateError(message)`."""
    with pytest.raises(InvalidStateError) as err:
        load_edited(state, player, edit)
    assert str(err.value) == message


def loads(state: State, player: int | None) -> None:
    """Check that `player`'s true observation of `state` loads back unchanged."""
    assert load_edited(state, player, lambda data: None) == cb.observe(state, player)


def mid_deal() -> State:
    """A 2-player deal after 25 cards: every luggage card and one special dealt."""
    state = cb.new_game(2)
    luggage = [C(f"r{v}") for v in range(1, 13)] + [C(f"g{v}") for v in range(1, 13)]
    for i in range(12):
        state = cb.apply(state, Draw(luggage[i]))
        state = cb.apply(state, Draw(luggage[12 + i]))
    return cb.apply(state, Draw(cb.STAR))


def setting_up() -> State:
    """2 players placing destinations: P0 r12 at 0, P1 a star at 1, P0 an eye at 2."""
    return play(deal(TWO_LUGGAGE, TWO_SPECIALS), "set 0 r12", "set 1 star", "set 2 eye")


def started() -> State:
    """The 2-player start: P0 red, P1 green; destinations set, nothing played yet."""
    return play(deal(TWO_LUGGAGE, TWO_SPECIALS), "set 0 r12", "set 1 g12", "set 2 r11",
                "set 3 g11")


def challenged() -> State:
    """P0 played r3 r4 on conveyor 0 and the window asks P2."""
    return play(position(["r3 r4 r9", "b1 b2", "g5 g6"], destinations={0: "r15"},
                         rows={0: "r1 r2"}, buried=[("g9", {1})], exposed=["", "b2", ""]),
                "play 0 r3 r4")


def plus_one_pending() -> State:
    """Variant: P0 played a plus-one; P1 (star arrows eye) still draws, and the draw pile's
    only luggage card is the one P1 must draw (B12)."""
    state = position(["plus_one r5", "star arrows eye"], draw="g10", destinations={0: "r1"},
                     options=VARIANT)
    return play(state, "plus_one")


class TestObservationsLoad:
    """Real observations load back, also where only a careful witness fits."""

    @pytest.mark.parametrize("player", [0, 1, None])
    @pytest.mark.parametrize("state", [mid_deal, setting_up, started, challenged,
                                       plus_one_pending],
                             ids=["deal", "setup", "start", "window", "plus_one"])
    def test_round_trip(self, state: Callable[[], State], player: int | None) -> None:
        loads(state(), player)

    def test_round_trip_of_the_polled_player(self) -> None:
        loads(challenged(), 2)

    def test_B2_B4_setup_witness_keeps_the_dealt_kinds(self) -> None:
        """B2, B4: P1 placed a star; P0 does not know it, so P1's hand and destination
        together must hold the 12 luggage and 3 specials dealt: the witness deals them so."""
        state = setting_up()
        assert cb.observe(state, 0).destinations[1] is None
        loads(state, 0)
        loads(state, None)

    def test_B3_B15_witness_keeps_the_draw_pile_luggage(self) -> None:
        """B3, B15: before the first reshuffle the draw pile is luggage; the witness puts
        the other player's specials in their hand and at the unknown destinations."""
        state = started()
        assert not state.reshuffled and not state.options.specials_in_draw_pile
        loads(state, 0)
        loads(state, None)

    def test_B12_witness_keeps_luggage_for_a_pending_plus_one_draw(self) -> None:
        """B12: a plus-one's draw is pending, so the pile holds luggage: of P0's four unseen
        cards (three specials and g10) the witness puts g10 in the pile."""
        state = plus_one_pending()
        assert state.draws == (1,) and len(state.draw) == 1
        loads(state, 0)

    def test_B14_cards_picked_up_this_turn_load_back(self) -> None:
        """B14: P0 picked up r2 and r1 (code 0, the lowest card) from the end of a row:
        every observation of it loads back."""
        state = play(position(["g1", "b1"], destinations={0: "r15"}, rows={0: "r3 r2 r1"}),
                     "pickup 0 2")
        assert state.picked_up[0] == (C("r1"), C("r2"))
        for player in (0, 1, None):
            loads(state, player)

    def test_B14_a_hand_every_player_has_seen_loads_back(self) -> None:
        """B14: P1's whole hand is exposed, so nothing of it is hidden; the witness still
        fills P2's hidden hand and the draw pile from the cards not shown."""
        state = position(["r5 r6", "b1", "b2 b3"], exposed=["", "b1", ""],
                         destinations={0: "r1"})
        for player in (0, 2, None):
            loads(state, player)

    def test_B9_a_card_everyone_knew_is_seen_by_all_and_loads_back(self) -> None:
        state = play(position(["r5 r6", "b1"], destinations={0: "r1"}, knowers={0: {1}}),
                     "take 0")
        assert cb.observe(state, 1).swap == (0, C("r1"))
        for player in (0, 1, None):
            loads(state, player)

    def test_B9_a_swap_in_progress_loads_back_for_every_viewer(self) -> None:
        """B9: P0 took conveyor 0's card (r1) and must put another card there; the row
        stays. The witness of P1 and of the spectator puts one of P0's hidden cards in
        the swap."""
        state = play(position(["r5 r6", "b1", "b2"], destinations={0: "r1", 2: "g9"},
                              rows={0: "r3 r4"}), "take 0")
        for player in (0, 1, 2, None):
            loads(state, player)

    def test_random_games_with_every_option(self) -> None:
        """Every player's and the spectator's observation along random games loads back,
        under both draw piles (B3), another first player and another split (B1)."""
        rng = random.Random(19)
        for players, options in [(2, Options()), (3, VARIANT),
                                 (4, Options(first_player=3, specials=(6, 2, 3, 3))),
                                 (5, Options(specials_in_draw_pile=True, first_player=1))]:
            state = cb.new_game(players, options)
            for step in range(400):
                if cb.is_terminal(state):
                    break
                if step % 7 == 0:
                    for player in [*range(players), None]:
                        cb.validate_observation(cb.observe(state, player))
                if cb.to_move(state) is CHANCE:
                    action = cb.sample_chance(state, rng)
                else:
                    action = rng.choice(cb.legal_actions(state))
                state = cb.apply(state, action)


class TestObservationsRefused:
    """Each kind of impossible observation is refused at load, naming why."""

    def test_player_count_B1(self) -> None:
        refused(started(), 0, lambda d: d.update(players=2**63),
                'observation.players: Captain Bluff is for 2 to 5 players, got 9223372036854775808')

    def test_no_such_observer(self) -> None:
        refused(started(), 0, lambda d: d.update(player=2),
                'observation.player: no player 2 in a 2-player game (None: a spectator)')

    def test_spectator_with_a_hand(self) -> None:
        refused(started(), 0, lambda d: d.update(player=None),
                'observation.hand: a player sees their own hand, a spectator none')

    @pytest.mark.parametrize(("field", "size", "entries"), [
        ("hand_sizes", 3, 2), ("rows", 5, 6), ("star_values", 7, 6), ("picked_up", 1, 2)])
    def test_one_entry_per_player_and_conveyor(self, field: str, size: int,
                                               entries: int) -> None:
        def resize(data: dict[str, Any]) -> None:
            data[field] = (data[field] * 7)[:size]

        refused(started(), 1, resize, f"observation.{field}: expected {entries} entries")

    @pytest.mark.parametrize(("field", "words"), [("draw_size", "expected 0 to 65"),
                                                  ("stowed_size", "expected 0 to 14")])
    def test_huge_counts_refused_before_anything_is_built(self, field: str, words: str) -> None:
        refused(started(), 1, lambda d: d.update({field: 2**63}),
                f"observation.{field}: {words}, got {2**63}")

    def test_huge_hand_size(self) -> None:
        refused(started(), 0, lambda d: d["hand_sizes"].__setitem__(1, -1),
                'observation.hand_sizes[1]: expected 0 to 65, got -1')

    def test_more_cards_known_in_a_hand_than_it_holds(self) -> None:
        refused(challenged(), 0, lambda d: d["hand_sizes"].__setitem__(1, 0),
                'observation.exposed[1]: 1 cards known in a hand of 0')

    def test_no_such_card_in_a_row_B1(self) -> None:
        refused(challenged(), 2, lambda d: d["rows"][0].__setitem__(1, 537),
                'observation.rows[0][1]: 537 is not a card code 0-54')

    def test_no_such_card_face_down_in_the_discard_pile_B1(self) -> None:
        def bad_card(data: dict[str, Any]) -> None:
            data["buried"][0]["card"] = 99

        refused(challenged(), 1, bad_card,
                "observation.buried[0].card: 99 is not a card code 0-54")

    @pytest.mark.parametrize("code", [55, -1])
    def test_no_such_card_picked_up_B1_B14(self, code: int) -> None:
        """B1, B14: the cards picked up are read as card codes too, one past either end of
        0-54 refused by its place in the list."""
        refused(challenged(), 0, lambda d: d["picked_up"].__setitem__(1, [C("b2"), code]),
                f"observation.picked_up[1][1]: {code} is not a card code 0-54")

    def test_card_shown_twice_B1(self) -> None:
        """B1: r9 in P0's hand and face up in the discard pile: one card too many."""
        refused(challenged(), 0, lambda d: d["discard"].append(C("r9")),
                'observation: shows [8] more often than the 65 cards hold them')

    def test_cards_unaccounted_for_B1(self) -> None:
        refused(started(), 0, lambda d: d.update(draw_size=d["draw_size"] + 1),
                "observation: 50 cards are not shown, but 51 lie hidden in the other hands, the "
                "draw pile, unknown destinations and face-down discards and the stowed specials "
                "(65 cards, B1)")

    def test_star_values_must_fit_the_row_B12(self) -> None:
        state = position(["r5 r6", "b1"], destinations={0: "r15"},
                         rows={0: "r1 r2 star=3"})
        refused(state, 1, lambda d: d["star_values"].__setitem__(0, [9]),
                "observation: rows[0]: card 2 (star): it cannot stand for 9 there (B12: the "
                "next value in the row's direction, either neighbour without a direction, any "
                "value after arrows; within 1-17) (B6, B12)")

    def test_picked_up_cards_are_exposed_luggage_B14(self) -> None:
        refused(challenged(), 0, lambda d: d["picked_up"].__setitem__(1, [C("b1")]),
                "observation: picked_up[1]: the cards picked up are seen by all, so they must "
                "be in exposed[1] (B14)")

    def test_B3_no_special_in_the_draw_pile_before_a_reshuffle(self) -> None:
        """B3, B15: P0 does not see P1's star, arrows and eye nor the draw pile's g10; shown
        one card fewer in P1's hand and one more in the pile, the pile must hold a special,
        which it cannot before the first reshuffle."""
        state = position(["r5 r6", "star arrows eye"], draw="g10", destinations={0: "r1"})
        assert not state.reshuffled

        def move_a_card(data: dict[str, Any]) -> None:
            data["draw_size"] += 1
            data["hand_sizes"][1] -= 1

        loads(state, 0)
        refused(state, 0, move_a_card,
                "observation: draw: without specials_in_draw_pile the draw pile holds only "
                "luggage until the discard pile is reshuffled into it (B3, B15)")

    def test_B2_deal_one_card_at_a_time(self) -> None:
        def uneven(data: dict[str, Any]) -> None:
            data["hand_sizes"] = [data["hand_sizes"][0] + 1, data["hand_sizes"][1] - 1]

        refused(mid_deal(), None, uneven,
                "observation: deal: player 0 should hold 12 luggage and 1 specials so far, "
                "dealt one at a time in seat order (B2)")

    def test_B4_setup_placements_in_seat_order(self) -> None:
        """B4: the third destination is P0's; shown as P1's it is no setup of the game."""
        refused(setting_up(), None, lambda d: d["knowers"].__setitem__(2, [1]),
                "observation: setup: player 0 must have placed 2 destination(s) known only to "
                "them and hold 13 cards (B4)")

    def test_B18_unknown_destination_revealed(self) -> None:
        """B18: P1 placed conveyor 1's card; P0 does not know it."""
        refused(started(), 0, lambda d: d["destinations"].__setitem__(1, C("g12")),
                "observation.destinations[1]: 28 is not what the observer sees of any possible "
                "state with the rest of this observation (that shows None here)")

    def test_B18_face_down_discard_shown_to_a_player_who_never_saw_it(self) -> None:
        """B18: g9 lies face down in the discard pile, known to P1 only."""
        def reveal(data: dict[str, Any]) -> None:
            data["buried"][0]["card"] = C("g9")

        refused(challenged(), 2, reveal,
                "observation.buried[0].card: 25 is not what the observer sees of any possible "
                "state with the rest of this observation (that shows None here)")

    def test_B9_the_card_taken_is_shown_to_its_taker_only(self) -> None:
        state = play(position(["r5 r6", "b1"], destinations={0: "r1"}), "take 0")
        refused(state, 1, lambda d: d.update(swap=[0, C("r1")]),  # not known to be in hand
                "observation: swap: the card taken, r1, must be in the active player's hand "
                "(B9)")
        refused(state, 0, lambda d: d.update(swap=[0, None]),
                "observation.swap: the active player sees the card they took")
        refused(state, 0, lambda d: d.update(swap=[7, C("r1")]),
                "observation.swap: 7 is not a conveyor")
        refused(state, 0, lambda d: d.update(swap=[0, C("b1")]),
                "observation: swap: the card taken, b1, must be in the active player's hand "
                "(B9)")

    def test_B13_window_needs_a_row(self) -> None:
        refused(challenged(), 1, lambda d: d.update(window=4),
                'observation: window: a challenge window needs the row just played on (B13)')

    def test_B16_only_the_active_player_wins(self) -> None:
        refused(challenged(), 1, lambda d: d.update(winner=1),
                "observation: winner: the active player wins with an empty hand after resolving "
                "(B16)")

    def test_validate_observation_refuses_other_objects(self) -> None:
        with pytest.raises(InvalidStateError, match=r"expected a captain_bluff\.Observation"):
            cb.validate_observation(started())  # type: ignore[arg-type]

    def test_stage_and_progress_B5(self) -> None:
        refused(setting_up(), 0, lambda d: d.update(stage=Stage.PLAY.value),
                "observation: turn 0: before the first main action the 4 destinations of setup "
                "lie at the conveyors, found 3 (B4, B5)")
