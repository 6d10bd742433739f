"""Whales Rivals: one test class per rule id (W1-W24), rulebook examples and issue scenarios.

Scenarios are played through the public API, choosing chance outcomes by notation
(``deal 4``, ``draw T``); positions deep in a game are built as `State` data and
checked by `validate_state`, as a frontend restoring a save would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
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
    WrongGameError,
    from_json,
    to_json,
)
from boardrules.games import kivi
from boardrules.games import whales_rivals as wr
from boardrules.games.whales_rivals import (
    DEFAULT_WHALE_VALUES,
    TURTLE,
    DealGrey,
    Draw,
    Grey,
    Options,
    Pack,
    Phase,
    PlayTurtle,
    PlayWhale,
    State,
    Whale,
)
from boardrules.games.whales_rivals.state import NO_REVEAL
from tests.refusals import assert_foreign_states_refused

GREYS = ("deal 4", "deal 1", "deal 2", "deal 3", "deal 6", "deal 5")
"""A deal: pack 1 shows 4; pack 2 holds 1 under 2; pack 3 holds 3, 6 under 5."""


def play(state: State, *moves: str) -> State:
    """Apply every move given in notation, checked."""
    for text in moves:
        state = wr.apply(state, wr.parse_action(state, text))
    return state


def draws(*cards: int) -> list[str]:
    return [f"draw {'T' if c == TURTLE else c}" for c in cards]


def opening(hand0: Sequence[int] = (4, 2, 5, 6, 0), options: Options | None = None) -> State:
    """Deal `GREYS` and let player 0 draw `hand0`: player 0 to make the one opening action."""
    return play(wr.new_game(2, options), *GREYS, *draws(*hand0))


def texts(state: State) -> list[str]:
    return [str(a) for a in wr.legal_actions(state)]


Spec = int | tuple[int, bool]


def position(
    *,
    hands: tuple[Sequence[int], Sequence[int]] = ((), ()),
    whales: Sequence[tuple[Sequence[Spec], Sequence[Spec]]] = (((), ()), ((), ()), ((), ())),
    greys: Sequence[Sequence[int]] = ((4,), (1, 2), (3, 6, 5)),
    decks: tuple[Sequence[int] | None, Sequence[int] | None] = (None, None),
    round: int = 1,
    player: int = 0,
    starter: int = 0,
    actions_left: int = 1,
    opening: bool = False,
    phase: Phase = Phase.ACT,
    captured: tuple[Sequence[int], Sequence[int]] = ((), ()),
    unclaimed: Sequence[int] = (),
    shown: tuple[int, int, int] | None = None,
    options: Options | None = None,
) -> State:
    """Build and validate a position; cards not placed go to decks (or discards) and greys.

    A whale is ``value`` (face down) or ``(value, face_up)``. A deck given as a sequence
    makes the player's other cards go to their discard pile. Without one, the other cards
    form the deck if the hand fits it (W7: the player to act holds five cards less the
    actions spent, the other at least three), else the discard pile. Grey cards not in
    packs fill the grey deck up to its size for the round, the rest go to player 0's
    captures; `shown` says how many cards of captured[0], captured[1] and unclaimed lay
    face up (by default the first ones, three a round). Positions are mid-turn (one
    action left) unless told otherwise.
    """
    options = options or Options()
    packs: list[Pack] = []
    for (mine, theirs), cards in zip(whales, greys, strict=True):
        k = len(packs) + 1
        grey = tuple(Grey(v, j % k == k - 1, (False, False)) for j, v in enumerate(cards))
        pack_whales = tuple(
            tuple(Whale(w, False) if isinstance(w, int) else Whale(*w) for w in side)
            for side in (mine, theirs))
        packs.append(Pack(grey, (pack_whales[0], pack_whales[1])))
    new_decks: list[tuple[int, ...]] = []
    new_discards: list[tuple[int, ...]] = []
    for p in range(2):
        rest = Counter(wr.player_cards(options, p))
        rest.subtract(hands[p])
        rest.subtract(w.value for pack in packs for w in pack.whales[p])
        if p == player and phase in (Phase.ACT, Phase.EXPLORE):
            fits = len(hands[p]) == 5 - ((1 if opening else 2) - actions_left)
        else:
            fits = len(hands[p]) >= 3
        if decks[p] is None and fits:
            new_decks.append(tuple(sorted(rest.elements())))
            new_discards.append(())
        elif decks[p] is None:
            new_decks.append(())
            new_discards.append(tuple(sorted(rest.elements())))
        else:
            rest.subtract(decks[p])
            new_decks.append(tuple(sorted(decks[p])))  # type: ignore[arg-type]
            new_discards.append(tuple(sorted(rest.elements())))
    rest = Counter(options.whale_values[2])
    rest.subtract(v for cards in greys for v in cards)
    rest.subtract([*captured[0], *captured[1], *unclaimed])
    pool = sorted(rest.elements())
    size = 18 - 6 * round if phase is not Phase.OVER else 0
    grey_deck, spare = tuple(pool[:size]), pool[size:]
    captured = ((*captured[0], *spare), captured[1])
    # Three cards a round were dealt face up: mark enough captured or unclaimed ones shown.
    face_up = 3 * round - sum(g.shown for pack in packs for g in pack.grey)
    if shown is None:
        marks = [i < face_up
                 for i in range(len(captured[0]) + len(captured[1]) + len(unclaimed))]
    else:
        marks = [i < n for pile, n in zip((*captured, unclaimed), shown, strict=True)
                 for i in range(len(pile))]
    taken = tuple(tuple(sorted(Grey(v, marks.pop(0), (p == 0, p == 1)) for v in captured[p]))
                  for p in range(2))
    state = State(options, round, phase, player, starter, opening, actions_left, 0,
                  (new_decks[0], new_decks[1]),
                  (tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
                  (new_discards[0], new_discards[1]), grey_deck,
                  (packs[0], packs[1], packs[2]), (taken[0], taken[1]),
                  tuple(sorted(Grey(v, marks.pop(0), (False, False)) for v in unclaimed)),
                  NO_REVEAL)
    wr.validate_state(state)
    return state


FULL = (((1,), (2,)), ((1,), (2,)), ((1,), (2,)))
"""Both players have one whale at each pack."""


class TestW1Components:
    """W1: 18 red, 18 blue, 18 grey whales and 6 turtles, 3 in each player's deck."""

    def test_sixty_cards(self) -> None:
        inventory = wr.inventory(wr.new_game(2))
        assert sum(inventory.values()) == 60
        for colour in ("red", "blue", "grey"):
            assert sum(n for name, n in inventory.items() if name.startswith(colour)) == 18
        assert inventory["turtle:red"] == inventory["turtle:blue"] == 3

    def test_red_for_player_0_and_blue_for_player_1(self) -> None:
        state = wr.new_game(2)
        assert state.decks[0].count(TURTLE) == state.decks[1].count(TURTLE) == 3


class TestW2WhaleValues:
    """W2: values 1-6 and one 10 per colour; the default distribution is an option."""

    def test_default_distribution(self) -> None:
        assert Counter(DEFAULT_WHALE_VALUES) == {1: 4, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2, 10: 1}
        assert sum(DEFAULT_WHALE_VALUES) == 63
        assert Options().whale_values == (DEFAULT_WHALE_VALUES,) * 3

    def test_one_list_for_every_colour_or_three(self) -> None:
        values = tuple(range(1, 19))
        assert Options(whale_values=values).whale_values == (values,) * 3
        mixed = (values, DEFAULT_WHALE_VALUES, (2,) * 18)
        state = wr.new_game(2, Options(whale_values=mixed))
        assert state.decks[0] == (0, 0, 0, *values)
        assert state.grey_deck == (2,) * 18

    @pytest.mark.parametrize("bad", [
        (1,) * 17, (1,) * 19, (0,) + (1,) * 17, (-1,) + (1,) * 17, (True,) + (1,) * 17,
        ("1",) + (1,) * 17, ((1,) * 18, (1,) * 18), (), 5,
    ])
    def test_invalid_distributions_are_refused(self, bad: object) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            Options(whale_values=bad)  # type: ignore[arg-type]
        assert err.value.option == "whale_values"

    def test_options_round_trip_through_json(self) -> None:
        options = Options(whale_values=(tuple(range(1, 19)), DEFAULT_WHALE_VALUES,
                                        (3,) * 18), first_player=1)
        assert from_json(to_json(options)) == options


class TestW3Setup:
    """W3: each deck holds the player's 18 whales and 3 turtles; grey deck of 18; no hands."""

    def test_setup(self) -> None:
        state = wr.new_game(2)
        assert state.decks == (wr.player_cards(state.options, 0),
                               wr.player_cards(state.options, 1))
        assert len(state.decks[0]) == 21
        assert state.grey_deck == DEFAULT_WHALE_VALUES
        assert state.hands == ((), ())
        assert wr.to_move(state) is CHANCE

    def test_deck_draws_are_chance_nodes_over_the_contents(self) -> None:
        state = play(wr.new_game(2), *GREYS)
        outcomes = dict(wr.chance_outcomes(state))
        assert outcomes[Draw(TURTLE)] == Fraction(3, 21)
        assert outcomes[Draw(1)] == Fraction(4, 21)
        assert outcomes[Draw(10)] == Fraction(1, 21)
        assert sum(outcomes.values()) == 1


class TestW4Packs:
    """W4: slot k receives k grey cards, k-1 face down and one face up on top."""

    def test_deal_builds_three_packs(self) -> None:
        state = play(wr.new_game(2), *GREYS)
        assert [len(p.grey) for p in state.packs] == [1, 2, 3]
        assert [p.top for p in state.packs] == [4, 2, 5]
        assert [[g.shown for g in p.grey] for p in state.packs] == [
            [True], [False, True], [False, False, True]]
        assert len(state.grey_deck) == 12

    def test_the_deal_is_a_chance_node_over_the_grey_deck(self) -> None:
        state = wr.new_game(2)
        outcomes = dict(wr.chance_outcomes(state))
        assert outcomes[DealGrey(1)] == Fraction(4, 18)
        assert outcomes[DealGrey(10)] == Fraction(1, 18)
        with pytest.raises(IllegalActionError) as err:
            wr.apply(state, DealGrey(7))
        assert err.value.rule == "W4"

    def test_top_cards_are_public_and_face_down_cards_hidden(self) -> None:
        state = play(wr.new_game(2), *GREYS)
        for viewer in (0, 1, None):
            seen = [[g.value for g in p.grey] for p in wr.observe(state, viewer).packs]
            assert seen == [[4], [None, 2], [None, None, 5]]


class TestW5FirstPlayer:
    """W5 (R): player 0 starts round 1 unless `first_player` says otherwise."""

    def test_default_first_player(self) -> None:
        state = opening()
        assert wr.to_move(state) == 0

    def test_option_first_player(self) -> None:
        state = play(wr.new_game(2, Options(first_player=1)), *GREYS, *draws(1, 2, 3, 4, 5))
        assert wr.to_move(state) == 1 and state.opening and state.actions_left == 1
        assert state.hands == ((), (1, 2, 3, 4, 5))

    @pytest.mark.parametrize("bad", [2, -1, True, "0"])
    def test_invalid_first_player(self, bad: object) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            Options(first_player=bad)  # type: ignore[arg-type]
        assert err.value.option == "first_player"


class TestW6ThreeRounds:
    """W6: the game has exactly three rounds."""

    def test_round_three_ending_ends_the_game(self) -> None:
        state = position(round=3, whales=FULL, hands=((3,), (3,)))
        state = play(state, "end")
        assert wr.is_terminal(state) and wr.to_move(state) is TERMINAL
        assert state.round == 3 and wr.legal_actions(state) == ()

    def test_round_two_ending_starts_round_three(self) -> None:
        state = play(position(round=2, whales=FULL, hands=((3,), (3,))), "end")
        assert state.round == 3 and state.phase is Phase.DEAL


class TestW7TurnStart:
    """W7: draw up to five cards, then two actions; the round's first turn has one."""

    def test_opening_turn_has_one_action(self) -> None:
        state = opening()
        assert state.opening and state.actions_left == 1
        state = play(state, "2>1")
        assert wr.to_move(state) is CHANCE and state.player == 1  # player 1 draws
        state = play(state, *draws(1, 1, 3, 3, 5))
        assert wr.to_move(state) == 1 and state.actions_left == 2 and not state.opening

    def test_second_player_has_two_actions_then_refill(self) -> None:
        state = play(opening(), "2>1", *draws(1, 1, 3, 3, 5), "1>2", "3>3")
        assert state.player == 0 and wr.to_move(state) is CHANCE
        assert state.hands[0] == (0, 4, 5, 6)
        state = play(state, "draw 10")
        assert state.hands[0] == (0, 4, 5, 6, 10) and state.actions_left == 2

    def test_no_draw_from_an_empty_deck(self) -> None:
        state = position(round=2, hands=((3,), (1, 2)), decks=(None, ()),
                         whales=(((), (4,)), ((), ()), ((), ())))
        state = play(state, "3>2")
        assert wr.to_move(state) == 1 and state.hands[1] == (1, 2)


class TestW8Alternation:
    """W8: the players alternate turns."""

    def test_turns_alternate(self) -> None:
        state = play(opening(), "2>1", *draws(1, 1, 3, 3, 5), "1>2", "3>3", "draw 10",
                     "4>1 up", "skip", "5>3 up", "skip")
        assert state.player == 1 and wr.to_move(state) is CHANCE


class TestW9PlayWhale:
    """W9: whales go face down anywhere, face up on a match; at most 3 per player per pack."""

    def test_face_down_anywhere_face_up_only_on_a_match(self) -> None:
        state = opening()
        legal = texts(state)
        assert {"4>1", "4>2", "4>3", "4>1 up", "2>2 up", "5>3 up"} <= set(legal)
        assert "4>2 up" not in legal and "6>1 up" not in legal
        with pytest.raises(IllegalActionError) as err:
            play(state, "6>1 up")
        assert err.value.rule == "W9" and "does not match" in err.value.reason
        assert err.value.state is state

    def test_matching_face_up_play_triggers_an_exploration(self) -> None:
        state = play(opening(), "4>1 up")
        assert state.phase is Phase.EXPLORE and wr.to_move(state) == 0
        assert state.packs[0].whales[0] == (Whale(4, True),)
        assert texts(state) == ["peek 2", "peek 3", "skip"]

    def test_a_face_down_play_gives_no_exploration(self) -> None:
        state = play(opening(), "4>1")
        assert state.phase is Phase.DRAW and state.player == 1

    def test_three_whales_limit(self) -> None:
        state = position(hands=((1, 2, 3, 5, 6), (1, 2, 3)), actions_left=2,
                         whales=(((1, 1, (4, True)), ()), ((), ()), ((), ())))
        assert not any(t.endswith(">1") or t.endswith(">1 up") for t in texts(state))
        with pytest.raises(IllegalActionError) as err:
            play(state, "2>1")
        assert err.value.rule == "W9" and "3 whales" in err.value.reason

    def test_W9_limit_counts_whales_lying_at_the_pack(self) -> None:
        """(R) A whale a turtle removed no longer counts: its owner may play there again."""
        state = position(player=1, hands=((1, 2, 3), (0, 4, 4, 6)),
                         whales=(((1, (1, True), 2), ()), ((), ()), ((), ())))
        state = play(state, "turtle 1.1", *draws(5, 6))
        assert state.packs[0].whales[0] == (Whale(1, True), Whale(2, False))
        assert state.discards[0] == (1,)  # the removed whale lies in its owner's discard pile
        assert wr.to_move(state) == 0
        assert {"3>1", "5>1"} <= set(texts(state))
        state = play(state, "3>1")
        assert len(state.packs[0].whales[0]) == 3
        assert not any(t.endswith((">1", ">1 up")) for t in texts(state))

    def test_cannot_play_a_card_not_in_hand(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(opening(), "3>1")
        assert err.value.rule == "W9"

    def test_odd_values_are_refused_not_crashed(self) -> None:
        state = opening()
        for action in (PlayWhale(4, 3), PlayWhale(0, 0), PlayWhale(7, 0)):
            with pytest.raises(IllegalActionError):
                wr.apply(state, action)
        with pytest.raises(InvalidStateError, match=r"PlayWhale\.value"):
            PlayWhale(True, 0)  # 1 == True: it would pass for a legal 1>1
        with pytest.raises(InvalidStateError, match=r"PlayWhale\.face_up"):
            PlayWhale(4, 0, 1)  # type: ignore[arg-type]


class TestW10Exploration:
    """W10: after a matching face-up play: flip an opponent whale, peek at a pack, or skip."""

    def scene(self) -> State:
        return position(hands=((1, 1, 2, 4, 6), (3, 4, 4)), actions_left=2,
                        whales=(((), (1, (5, True))), ((), (3,)), ((), ())))

    def test_flip(self) -> None:
        state = play(self.scene(), "4>1 up")
        assert texts(state) == ["flip 1.1", "flip 2.1", "peek 2", "peek 3", "skip"]
        state = play(state, "flip 2.1")
        assert state.packs[1].whales[1] == (Whale(3, True),)
        assert wr.observe(state, 0).packs[1].whales[1][0].value == 3
        assert state.actions_left == 1 and wr.to_move(state) == 0  # exploration is free

    def test_peek(self) -> None:
        state = play(self.scene(), "4>1 up", "peek 3")
        assert [g.seen for g in state.packs[2].grey] == [(True, False)] * 3
        assert [g.value for g in wr.observe(state, 0).packs[2].grey] == [3, 6, 5]
        assert [g.value for g in wr.observe(state, 1).packs[2].grey] == [None, None, 5]
        assert [g.seen for g in wr.observe(state, 1).packs[2].grey] == [(True, False)] * 3

    def test_peek_by_player_1(self) -> None:
        """W10: player 1's peek marks the cards seen by player 1 and keeps player 0's marks."""
        scene = position(hands=((3, 4, 4), (1, 1, 2, 4, 6)), actions_left=2, player=1,
                         whales=(((1, (5, True)), ()), ((3,), ()), ((), ())))
        state = play(scene, "4>1 up", "peek 3")
        assert [g.seen for g in state.packs[2].grey] == [(False, True)] * 3
        assert [g.value for g in wr.observe(state, 1).packs[2].grey] == [3, 6, 5]
        assert [g.value for g in wr.observe(state, 0).packs[2].grey] == [None, None, 5]
        # Player 0 had looked at the bottom card of pack 3 before (an earlier peek).
        grey = scene.packs[2].grey
        pack = attrs.evolve(scene.packs[2],
                            grey=(attrs.evolve(grey[0], seen=(True, False)), *grey[1:]))
        scene = attrs.evolve(scene, packs=(scene.packs[0], scene.packs[1], pack))
        state = play(scene, "4>1 up", "peek 3")
        assert [g.seen for g in state.packs[2].grey] == [(True, True), (False, True),
                                                         (False, True)]

    def test_skip(self) -> None:
        before = self.scene()
        state = play(before, "4>1 up", "skip")
        assert state.packs[2] == before.packs[2] and state.actions_left == 1

    def test_exploration_only_after_a_face_up_play(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(self.scene(), "peek 3")
        assert err.value.rule == "W10"

    def test_exploration_must_come_first(self) -> None:
        state = play(self.scene(), "4>1 up")
        with pytest.raises(IllegalActionError) as err:
            play(state, "2>2 up")
        assert err.value.rule == "W10"

    def test_no_peek_at_a_pack_without_face_down_cards(self) -> None:
        state = play(self.scene(), "4>1 up")
        with pytest.raises(IllegalActionError):
            play(state, "peek 1")
        with pytest.raises(IllegalActionError):
            play(state, "flip 1.2")  # face up already


class TestW11Turtle:
    """W11: a turtle removes one face-down opponent whale to its owner's discard pile."""

    def scene(self) -> State:
        return position(hands=((0, 1, 1, 2, 4), (3, 4, 4)), actions_left=2,
                        whales=(((), (1, (5, True))), ((), (3,)), ((), ())))

    def test_turtle_removes_only_face_down_whales(self) -> None:
        state = self.scene()
        assert [t for t in texts(state) if t.startswith("turtle")] == ["turtle 1.1",
                                                                       "turtle 2.1"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "turtle 1.2")
        assert err.value.rule == "W11"
        after = play(state, "turtle 1.1")
        assert after.packs[0].whales[1] == (Whale(5, True),)
        assert after.discards == ((TURTLE,), (1,))
        assert after.hands[0] == (1, 1, 2, 4) and after.actions_left == 1

    def test_turtle_without_target(self) -> None:
        state = position(hands=((0, 4, 4, 6), (3, 4, 4)),
                         whales=(((), ((5, True),)), ((), ()), ((), ())))
        assert "turtle" in texts(state)
        after = play(state, "turtle")
        assert after.packs == state.packs and after.discards == ((TURTLE,), ())

    def test_untargeted_turtle_refused_when_a_target_exists(self) -> None:
        with pytest.raises(IllegalActionError) as err:
            play(self.scene(), "turtle")
        assert err.value.rule == "W11"

    def test_removed_whale_is_public(self) -> None:
        after = play(self.scene(), "turtle 2.1")
        assert wr.observe(after, None).discards == ((TURTLE,), (3,))


class TestW12EndRound:
    """W12: End round only when both players have a whale at each pack."""

    def test_refused_until_both_players_are_at_every_pack(self) -> None:
        state = position(hands=((1, 1, 2, 3, 4), (3, 4, 4)), actions_left=2,
                         whales=(((1,), (2,)), ((1,), (2,)), ((), (2,))))
        assert "end" not in texts(state)
        with pytest.raises(IllegalActionError) as err:
            play(state, "end")
        assert err.value.rule == "W12"
        state = play(state, "3>3")
        assert texts(state)[-1] == "end"

    def test_rulebook_example_play_a_card_then_end(self) -> None:
        """Rulebook: "you can play a card and then end the round" (6 whales is the minimum)."""
        state = position(hands=((1, 1, 2, 3, 4), (3, 4, 4)), actions_left=2,
                         whales=(((1,), (2,)), ((1,), (2,)), ((), (2,))))
        state = play(state, "3>3", "end")
        assert state.round == 2 and state.phase is Phase.DEAL and state.starter == 0


class TestW13AutomaticTurnsAndRoundEnds:
    """W13 (R): no legal action passes the turn; the round ends itself when nobody can act."""

    def test_both_hands_empty_ends_the_round(self) -> None:
        state = position(round=2, hands=((3,), ()), decks=((), ()),
                         whales=(((1,), (2,)), ((), (2,)), ((1,), ())))
        state = play(state, "3>3")
        assert state.round == 3 and state.phase is Phase.DEAL
        assert state.starter == 0  # player 1 could not act, so player 0 would move next (W19)
        assert all(not pack.whales[0] and not pack.whales[1] for pack in state.packs)

    def test_both_hands_empty_but_end_round_possible(self) -> None:
        state = position(round=2, hands=((3,), ()), decks=((), ()),
                         whales=(((1,), (2,)), ((), (2,)), ((1,), (2,))))
        state = play(state, "3>2")
        assert state.round == 3 and state.starter == 1  # player 1 could have ended it

    def test_a_player_without_legal_action_passes(self) -> None:
        state = position(round=2, hands=((3, 4, 4, 5), (5, 6)), decks=(None, ()),
                         whales=(((), (2, 2, 2)), ((), (3, 3, 3)), ((), (4, 4, 4))))
        state = play(state, "3>1")
        # Player 1 has three whales everywhere, no turtle, and cannot end the round.
        assert state.player == 0 and wr.to_move(state) is CHANCE
        assert state.actions_left == 2 and state.hands[1] == (5, 6)
        assert state.opening is False  # W7: only a round's first turn is its opening

    def test_neither_player_can_act(self) -> None:
        state = position(round=2, hands=((3,), (5, 6)), decks=((), ()),
                         whales=(((), (2, 2, 2)), ((), (3, 3, 3)), ((), (4, 4, 4))))
        state = play(state, "3>2")  # player 0 still lacks a whale at pack 1 and 3
        assert state.round == 3 and state.phase is Phase.DEAL
        assert state.starter == 0  # player 1 could not act: player 0 would have moved next

    def test_empty_packs_tie_when_the_round_ends_itself(self) -> None:
        state = position(round=2, hands=((3,), ()), decks=((), ()))
        state = play(state, "3>2")
        assert state.round == 3
        assert [len(p.grey) for p in state.packs] == [1, 0, 3]  # packs 1 and 3 stay (W16)


class TestW14AlwaysAnAction:
    """W14: every state that is not over has a legal action."""

    def test_random_games(self) -> None:
        import random

        rng = random.Random(14)
        for _ in range(30):
            state = wr.new_game(2)
            while not wr.is_terminal(state):
                legal = wr.legal_actions(state)
                assert legal
                action = (wr.sample_chance(state, rng) if wr.to_move(state) is CHANCE
                          else rng.choice(legal))
                state = wr.apply(state, action)

    def test_resampled_worlds_keep_an_action_for_the_opponent(self) -> None:
        """Player 1, to act with three whales at every pack, must hold a turtle: every
        world player 0 imagines gives them one (a world without would have no action)."""
        import random

        state = play(
            wr.new_game(2), "deal 4", "deal 3", "deal 2", "deal 3", "deal 6", "deal 1",
            *draws(0, 0, 0, 5, 5), "turtle", *draws(4, 4, 4, 2, 2),
            "4>1 up", "skip", "4>1 up", "skip", "draw 6", "turtle", "turtle",
            "draw 2", "draw 1", "4>1 up", "skip", "2>2 up", "skip",
            "draw 6", "draw 10", "5>2", "5>2", "draw 1", "draw 1",
            "2>2 up", "skip", "2>2 up", "skip", "draw 3", "draw 3", "6>2", "6>3",
            "draw T", "draw 3", "1>3 up", "skip", "1>3 up", "skip",
            "draw 3", "draw 4", "3>3", "3>3", "draw 5", "draw 5", "1>3 up", "skip")
        assert state.player == 1 and state.phase is Phase.ACT
        assert [len(pack.whales[1]) for pack in state.packs] == [3, 3, 3]
        for seed in range(40):
            world = wr.resample(state, 0, random.Random(seed))
            assert TURTLE in world.hands[1]
            assert wr.legal_actions(world)
            wr.validate_state(world)


class TestW15Capture:
    """W15: at the end of a round the higher sum at a pack captures its grey cards."""

    def test_captures(self) -> None:
        state = position(hands=((3, 3, 4, 4), (3, 3, 4)),
                         whales=(((6,), (2, 3)), ((1, 1), (2,)), (((5, True),), (1, 2, 1))))
        state = play(state, "end")  # pack 1: 6 against 5; pack 2: 2 against 2; pack 3: 5 against 4
        assert [g.value for g in state.captured[0]] == [3, 4, 5, 6]
        assert all(g.seen[0] for g in state.captured[0]) and state.captured[1] == ()
        assert state.packs[1].grey and not state.packs[0].grey and not state.packs[2].grey

    def test_opponent_knows_only_what_it_knew(self) -> None:
        state = position(hands=((1, 1, 2, 2, 4), (3, 3, 4)), actions_left=2,
                         whales=(((6,), (2,)), ((2,), (1,)), ((1,), (2,))))
        state = play(state, "4>1 up", "peek 2", "end")
        # Player 0 took packs 1 and 2, player 1 pack 3; player 0 had looked at pack 2.
        mine = wr.observe(state, 0).captured
        theirs = wr.observe(state, 1).captured
        assert [g.value for g in mine[0]] == [1, 2, 4]
        assert [g.value for g in theirs[0]] == [2, 4, None]
        assert sorted(g.value for g in state.captured[1]) == [3, 5, 6]
        assert sorted((g.value is None) for g in mine[1]) == [False, True, True]


class TestW16Ties:
    """W16: a tied pack stays for the next round; in round 3 nobody takes it."""

    def test_tie_carries_the_pack_over(self) -> None:
        state = position(hands=((3, 3, 4, 4), (3, 3, 4)),
                         whales=(((5,), (2, 3)), ((1,), (2,)), ((4,), (1,))))
        state = play(state, "end")
        assert [g.value for g in state.packs[0].grey] == [4]
        assert not state.packs[0].whales[0] and not state.packs[0].whales[1]
        state = play(state, *GREYS)
        assert [g.value for g in state.packs[0].grey] == [4, 4]
        assert [g.shown for g in state.packs[0].grey] == [True, True]

    def test_round_three_tie_is_unclaimed(self) -> None:
        state = position(round=3, hands=((3,), (3,)),
                         whales=(((5,), (2, 3)), ((1,), (2,)), ((4,), (1,))))
        state = play(state, "end")
        assert [g.value for g in state.unclaimed] == [4]
        assert wr.is_terminal(state)


class TestW17Discard:
    """W17: played whales go to their owners' discard piles; hands and decks are kept."""

    def test_whales_to_discards(self) -> None:
        state = position(hands=((3, 3, 6, 10), (3, 3, 4)),
                         whales=(((5,), (2, 3)), ((1,), (2,)), ((4,), (1,))))
        state = play(state, "end")
        assert state.discards == ((1, 4, 5), (1, 2, 2, 3))
        assert state.hands == ((3, 3, 6, 10), (3, 3, 4))
        assert len(state.decks[0]) == 21 - 4 - 3


class TestW18NewPacks:
    """W18: new packs each round; a tied pack keeps its cards underneath the new ones."""

    def test_tied_pack_gets_new_cards_on_top(self) -> None:
        state = position(hands=((1, 1, 2, 3, 4), (3, 3, 4)), actions_left=2,
                         whales=(((6,), (2,)), ((1,), (1, 2)), ((1,), (2,))))
        state = play(state, "2>2 up", "peek 2", "end")  # pack 2: 1+2 vs 1+2, a tie
        assert [g.value for g in state.packs[1].grey] == [1, 2]
        state = play(state, *GREYS)
        pack = state.packs[1]
        assert [g.value for g in pack.grey] == [1, 2, 1, 2]
        assert [g.shown for g in pack.grey] == [False, True, False, True]
        assert [g.seen[0] for g in pack.grey] == [True, True, False, False]
        assert [g.value for g in wr.observe(state, 0).packs[1].grey] == [1, 2, None, 2]
        assert [g.value for g in wr.observe(state, 1).packs[1].grey] == [None, 2, None, 2]


class TestW19NextStarter:
    """W19: the player who ended the round starts the next one, with a one-action turn."""

    def test_ender_starts(self) -> None:
        state = position(hands=((3, 3, 4), (3, 3, 4, 4)), whales=FULL, player=1, starter=0)
        state = play(state, "end", *GREYS)
        assert state.starter == 1 and state.player == 1 and state.opening
        state = play(state, *draws(1))
        assert wr.to_move(state) == 1 and state.actions_left == 1


class TestW20Scoring:
    """W20: higher sum wins; on equal sums fewer captured cards wins; else a draw."""

    @staticmethod
    def final(cap0: Sequence[int], cap1: Sequence[int], shown: tuple[int, int, int]) -> State:
        """The end of a game; `shown` counts the face-up cards of each pile (whole packs)."""
        rest = Counter(DEFAULT_WHALE_VALUES)
        rest.subtract([*cap0, *cap1])
        return position(round=3, hands=((3,), (3,)), whales=(((), ()),) * 3,
                        greys=((), (), ()), captured=(cap0, cap1), phase=Phase.OVER,
                        actions_left=0, unclaimed=sorted(rest.elements()), shown=shown)

    def test_higher_score_wins(self) -> None:
        state = self.final((10, 6), (5, 5, 4), (1, 1, 7))
        assert wr.result(state).scores == (16, 14) and wr.result(state).winners == (0,)
        assert wr.returns(state) == (1.0, -1.0)

    def test_tie_break_fewer_cards(self) -> None:
        state = self.final((6, 6, 1, 1), (10, 4), (2, 1, 6))
        assert wr.result(state).scores == (14, 14)
        assert wr.result(state).winners == (1,) and wr.returns(state) == (-1.0, 1.0)

    def test_draw(self) -> None:
        state = self.final((6, 4), (5, 5), (1, 1, 7))
        assert wr.result(state).winners == (0, 1) and wr.returns(state) == (0.0, 0.0)

    def test_no_result_before_the_end(self) -> None:
        assert wr.returns(opening()) == (0.0, 0.0) and not wr.result(opening()).finished


class TestW21Hands:
    """W21: own hand visible, opponent's hand and both decks by size only."""

    def test_hands(self) -> None:
        state = play(opening(), "2>1", *draws(1, 1, 3, 3, 5))
        mine, theirs = wr.observe(state, 1), wr.observe(state, 0)
        assert mine.hand == (1, 1, 3, 3, 5) and theirs.hand == (0, 4, 5, 6)
        assert mine.hand_sizes == theirs.hand_sizes == (4, 5)
        assert mine.deck_sizes == (16, 16)
        assert wr.observe(state, None).hand == ()
        assert Counter(theirs.deck) + Counter(theirs.hand) + Counter((2,)) == Counter(
            wr.player_cards(state.options, 0))

    def test_opponent_hand_does_not_leak(self) -> None:
        a = play(opening(), "2>1", *draws(1, 1, 3, 3, 5))
        b = play(opening(), "2>1", *draws(10, 0, 0, 6, 6))
        assert wr.observe(a, 0) == wr.observe(b, 0)
        assert wr.observe(a, 1) != wr.observe(b, 1)


class TestW22Whales:
    """W22: own face-down whales visible to the owner; the opponent sees only where they lie."""

    def test_face_down_whales(self) -> None:
        state = play(opening(), "6>3")
        assert wr.observe(state, 0).packs[2].whales[0][0].value == 6
        assert wr.observe(state, 1).packs[2].whales[0][0].value is None
        assert wr.observe(state, None).packs[2].whales[0][0].value is None
        up = play(opening(), "5>3 up")
        assert wr.observe(up, 1).packs[2].whales[0][0].value == 5


class TestW23GreyKnowledge:
    """W23: face-down grey cards are known only to a player who looked at that pack."""

    def test_peek_is_private_but_public_that_it_happened(self) -> None:
        state = play(opening(), "4>1 up", "peek 3")
        assert [g.value for g in wr.observe(state, 0).packs[2].grey] == [3, 6, 5]
        for viewer in (1, None):
            view = wr.observe(state, viewer).packs[2].grey
            assert [g.value for g in view] == [None, None, 5]
            assert all(g.seen == (True, False) for g in view)


class TestW24Captured:
    """W24: own captured pile visible; the opponent's only by count and known cards."""

    def test_captured_piles_and_final_reveal(self) -> None:
        state = position(round=3, hands=((3,), (3,)),
                         whales=(((1,), (2,)), ((1,), (2,)), ((1,), (2,))),
                         captured=((10,), (1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6)))
        theirs = wr.observe(state, 0).captured[1]
        assert len(theirs) == 11
        assert all((g.value is None) != g.shown for g in theirs)  # only face-up ones known
        assert any(g.value is None for g in theirs)
        assert [g.value for g in wr.observe(state, 1).captured[1]] == [
            1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6]
        state = play(state, "end")
        assert wr.is_terminal(state)
        revealed = wr.observe(state, 0).captured[1]
        assert None not in [g.value for g in revealed]

    def test_order_of_hidden_cards_does_not_leak(self) -> None:
        a = position(round=3, hands=((3,), (3,)), whales=FULL, shown=(5, 1, 0),
                     captured=((2, 2, 3, 3, 4, 4, 1, 1, 1, 5, 6), (10,)))
        b = position(round=3, hands=((3,), (3,)), whales=FULL, shown=(5, 1, 0),
                     captured=((2, 2, 3, 3, 4, 4, 1, 1, 10, 5, 6), (1,)))
        assert wr.observe(a, 1).captured[0] == wr.observe(b, 1).captured[0]
        assert [g.value for g in wr.observe(a, 1).captured[0]] == [2, 2, 3, 3, 4] + [None] * 6


class TestNotation:
    """Every action's notation reads back; bad text is refused."""

    @pytest.mark.parametrize("text", ["deal 5", "draw T", "draw 10", "5>2", "5>2 up",
                                      "turtle", "turtle 2.1", "end", "flip 3.3", "peek 1",
                                      "skip"])
    def test_round_trip(self, text: str) -> None:
        action = wr.parse_action(opening(), text)
        assert str(action) == text
        assert eval(repr(action), vars(wr)) == action  # repr is valid Python

    def test_tolerant(self) -> None:
        assert wr.parse_action(opening(), "  5 > 2  Up ") == PlayWhale(5, 1, True)
        assert wr.parse_action(opening(), "TURTLE 1 . 2") == PlayTurtle(0, 1)

    def test_spaces_are_optional(self) -> None:
        """The docs say case and spaces are free: also the space before a number or "up"."""
        state = opening()
        for text, action in [("5>2up", PlayWhale(5, 1, True)), ("peek3", wr.Peek(2)),
                             ("turtle2.1", PlayTurtle(1, 0)), ("flip2.1", wr.Flip(1, 0)),
                             ("deal5", DealGrey(5)), ("drawT", Draw(TURTLE)),
                             ("draw10", Draw(10)), ("5 >2  UP", PlayWhale(5, 1, True))]:
            assert wr.parse_action(state, text) == action, text

    def test_values_of_any_length_read_back_W2(self) -> None:
        """W2: `whale_values` allows any positive value; its notation reads back."""
        big = 12345678
        state = wr.new_game(2, Options(whale_values=[big] * 17 + [1]))
        actions = [DealGrey(big), Draw(big), PlayWhale(big, 0), PlayWhale(big, 2, True)]
        for action in actions:
            assert wr.parse_action(state, str(action)) == action
        for action in wr.legal_actions(state):
            assert wr.parse_action(state, str(action)) == action
        with pytest.raises(InvalidNotationError):
            wr.parse_action(state, "deal " + "9" * 5000)  # too long for int(): refused

    @pytest.mark.parametrize("text", ["", "5>4", "5>0", "deal T", "turtle 4.1", "flip 1",
                                      "peek", "play 5", "0>1", "draw 0", "5>2upp",
                                      "peek 12", "turtle 2.1.1"])
    def test_bad_text(self, text: str) -> None:
        with pytest.raises(InvalidNotationError):
            wr.parse_action(opening(), text)


class TestPlayers:
    """Whales Rivals is for exactly two players."""

    @pytest.mark.parametrize("players", [1, 3, True])
    def test_bad_player_count(self, players: int) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            wr.new_game(players)
        assert err.value.option == "players"


class TestJSON:
    """States round-trip through JSON; corrupted states are refused naming the problem."""

    def corrupt(self, state: State, path: str, value: object) -> str:
        import json

        data = json.loads(to_json(state))
        node = data["data"]
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        last = keys[-1]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value
        return json.dumps(data)

    def test_round_trip(self) -> None:
        state = play(opening(), "4>1 up", "peek 3")
        assert from_json(to_json(state)) == state

    @pytest.mark.parametrize(("path", "value", "problem"), [
        ("hands.0", [0, 2, 4, 5, 5, 6], "cards of player 0"),
        ("hands.0", [0, 2, 4, 5, 6, 6], "cards of player 0"),
        ("hands.0", [6, 5, 4, 2, 0], "ascending"),
        ("grey_deck", [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4], "grey cards"),
        ("player", 1, "opening"),
        ("actions_left", 2, "actions_left"),
        ("round", 4, "round"),
        ("phase", "draw", "drawing"),
        ("packs.2.grey.0.shown", True, "shown"),
        ("packs.2.grey.1.seen", [True, False], "seen grey cards"),
        ("starter", 1, "starter"),
    ])
    def test_corrupted(self, path: str, value: object, problem: str) -> None:
        text = self.corrupt(opening(), path, value)
        with pytest.raises(InvalidStateError, match=problem):
            from_json(text)

    def test_turtle_at_a_pack(self) -> None:
        state = opening()
        bad = attrs.evolve(state, packs=(
            Pack(state.packs[0].grey, ((Whale(0, False),), ())), *state.packs[1:]))
        with pytest.raises(InvalidStateError, match="turtle"):
            from_json(to_json(bad))

    def test_captured_card_unknown_to_captor(self) -> None:
        state = position(round=2, hands=((3,), (3,)), whales=FULL)
        pile = list(state.captured[0])
        card = next(g for g in pile if not g.shown)
        pile.remove(card)
        bad = attrs.evolve(state, captured=(
            tuple(sorted([*pile, Grey(card.value, False, (False, False))])), ()))
        with pytest.raises(InvalidStateError, match="captor"):
            from_json(to_json(bad))

    def test_four_whales_at_a_pack(self) -> None:
        state = position(hands=((3, 3, 4, 4), (3, 3, 4)),
                         whales=(((1, 1, 1), ()), ((), ()), ((), ())))
        pack = state.packs[0]
        deck = list(state.decks[0])
        deck.remove(2)
        bad = attrs.evolve(state, packs=(
            Pack(pack.grey, ((*pack.whales[0], Whale(2, False)), ())), *state.packs[1:]),
            decks=(tuple(deck), state.decks[1]))
        with pytest.raises(InvalidStateError, match="4 whales at pack 1"):
            from_json(to_json(bad))

    def test_six_cards_in_hand(self) -> None:
        state = opening()
        deck = list(state.decks[0])
        deck.remove(10)
        bad = attrs.evolve(state, hands=((*state.hands[0], 10), ()), decks=(tuple(deck),
                                                                             state.decks[1]))
        with pytest.raises(InvalidStateError, match="more than 5"):
            from_json(to_json(bad))

    def test_captured_card_marked_shown_too_often(self) -> None:
        state = position(round=2, hands=((3,), (3,)), whales=FULL)
        pile = state.captured[0]
        card = next(g for g in pile if not g.shown)
        rest = list(pile)
        rest.remove(card)
        bad = attrs.evolve(state, captured=(
            tuple(sorted([*rest, Grey(card.value, True, card.seen)])), ()))
        with pytest.raises(InvalidStateError, match="marked shown"):
            from_json(to_json(bad))

    def test_peek_on_a_new_deal_while_dealing(self) -> None:
        state = play(wr.new_game(2), *GREYS[:3])
        pack = state.packs[1]
        bad = attrs.evolve(state, packs=(
            state.packs[0], Pack(tuple(attrs.evolve(g, seen=(True, False)) for g in pack.grey),
                                 pack.whales), state.packs[2]))
        with pytest.raises(InvalidStateError, match="this deal"):
            from_json(to_json(bad))

    @staticmethod
    def with_seen(state: State, index: int, seen: Sequence[tuple[bool, bool]]) -> State:
        """Return `state` with the grey cards of pack `index` marked `seen`, bottom first."""
        pack = state.packs[index]
        grey = tuple(attrs.evolve(g, seen=flags) for g, flags in zip(pack.grey, seen,
                                                                     strict=True))
        packs = list(state.packs)
        packs[index] = Pack(grey, pack.whales)
        return attrs.evolve(state, packs=(packs[0], packs[1], packs[2]))

    @staticmethod
    def second_turn() -> State:
        """Round 1: player 0 has opened with '2>1'; player 1 drew five, two actions left."""
        return play(opening(), "2>1", *draws(1, 1, 3, 3, 5))

    def test_nobody_looks_at_pack_1_W10(self) -> None:
        """W4, W10, W18: slot 1 only ever holds face-up cards, so no Exploration looks there."""
        state = self.second_turn()
        from_json(to_json(state))
        bad = self.with_seen(state, 0, [(False, True)])
        with pytest.raises(InvalidStateError, match="pack 1: player 1 has seen"):
            from_json(to_json(bad))

    def test_a_look_sees_the_whole_pack_W10(self) -> None:
        """W10, W18: a look shows every card of a pack, which holds whole deals of k cards."""
        state = self.second_turn()
        from_json(to_json(self.with_seen(state, 2, [(True, False)] * 3)))
        bad = self.with_seen(state, 2, [(True, False), (True, False), (False, False)])
        with pytest.raises(InvalidStateError, match="pack 3: player 0 has seen 2 cards"):
            from_json(to_json(bad))

    def test_no_look_before_the_opening_exploration_W10(self) -> None:
        """W7, W10: before the opening turn's Exploration nobody looked at this round's cards."""
        bad = self.with_seen(opening(), 2, [(True, False)] * 3)
        with pytest.raises(InvalidStateError, match="opening turn has not explored"):
            from_json(to_json(bad))
        explore = play(opening(), "4>1 up")  # the Exploration itself: still no look
        bad = self.with_seen(explore, 2, [(True, False)] * 3)
        with pytest.raises(InvalidStateError, match="opening turn has not explored"):
            from_json(to_json(bad))

    def test_round_1_non_starter_has_not_drawn_W7(self) -> None:
        """W3, W7: during round 1's opening turn the other player holds nothing."""
        state = opening()
        deck = state.decks[1]
        bad = attrs.evolve(state, hands=(state.hands[0], deck[:5]),
                           decks=(state.decks[0], deck[5:]))
        with pytest.raises(InvalidStateError, match="player 1 has not had a turn"):
            from_json(to_json(bad))

    def test_no_whale_at_a_pack_before_the_opening_action_W7(self) -> None:
        """W7, W17: the round's opening turn has not acted yet, so no whale lies at a pack."""
        state = opening()
        deck = list(state.decks[0])
        deck.remove(10)
        bad = attrs.evolve(state, decks=(tuple(deck), state.decks[1]), packs=(
            Pack(state.packs[0].grey, ((Whale(10, False),), ())), *state.packs[1:]))
        with pytest.raises(InvalidStateError, match="no whale lies at a pack"):
            from_json(to_json(bad))

    def test_captured_piles_are_whole_packs_W15(self) -> None:
        """W4, W15, W16: a pack is captured whole, one face-up card for each deal of k cards."""
        state = position(round=2, hands=((3,), (3,)), whales=FULL,
                         captured=((10, 6, 5), (4, 4, 3)), shown=(2, 1, 0))
        assert from_json(to_json(state)) == state
        # The same cards with one face-up card moved to the other pile: a pile without a
        # face-up card, and three face-up cards from round 1's single slot-1 deal.
        mine, theirs = (tuple(sorted(attrs.evolve(g, shown=p == 0) for g in pile))
                        for p, pile in enumerate(state.captured))
        bad = attrs.evolve(state, captured=(mine, theirs))
        with pytest.raises(InvalidStateError, match="not whole packs"):
            from_json(to_json(bad))

    def test_hand_out_of_turn_W7(self) -> None:
        """W7: a player out of turn with cards in the deck kept at least three in hand."""
        state = self.second_turn()
        assert state.hands[0] == (0, 4, 5, 6)
        bad = attrs.evolve(state, hands=((), state.hands[1]), decks=(
            tuple(sorted(state.decks[0] + state.hands[0])), state.decks[1]))
        with pytest.raises(InvalidStateError, match="player 0 holds 0 cards"):
            from_json(to_json(bad))

    def test_hand_after_actions_spent_W7(self) -> None:
        """W7, W9: the player to act drew to five and played a card for each action spent."""
        state = self.second_turn()
        assert state.actions_left == 2 and len(state.hands[1]) == 5
        bad = attrs.evolve(state, actions_left=1)
        with pytest.raises(InvalidStateError, match="after 1 action"):
            from_json(to_json(bad))


class TestDocsPage:
    """The docs page has the fixed sections in order and lists every ruling of the rules file."""

    def test_sections_and_rulings(self) -> None:
        from pathlib import Path

        page = Path(__file__).parents[3] / "docs" / "games" / "whales_rivals.md"
        text = page.read_text(encoding="utf-8")
        headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
        assert headings == ["Rules in our words", "Rulings", "State", "Actions & notation",
                            "Chance", "Observation", "End & returns", "Options",
                            "Version history"]
        rulings = text.split("## Rulings")[1].split("## State")[0]
        for rule in ("W2", "W5", "W10", "W11", "W13", "W18", "W19"):
            assert f"({rule}" in rulings, rule

    def test_state_table_at_the_end_W19(self) -> None:
        """W19: at the end `starter` and `player` are who ended round 3, as the page says."""
        from pathlib import Path

        # Round 3 is started by player 0; player 1 ends it.
        state = position(round=3, hands=((3, 3, 4), (3, 3, 4, 4)), whales=FULL, player=1,
                         starter=0)
        state = play(state, "end")
        assert wr.is_terminal(state) and state.starter == state.player == 1
        page = Path(__file__).parents[3] / "docs" / "games" / "whales_rivals.md"
        rows = {line.split("|")[1].strip(): line.split("|")[2]
                for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("| `")}
        assert "ended round 3" in rows["`starter`"]
        assert "who started this round" not in rows["`starter`"]
        assert "same as `starter`" in rows["`player`"]


def test_another_games_state_is_refused_by_name() -> None:
    assert_foreign_states_refused(wr)


def test_player_cards_refuses_another_games_options_by_name() -> None:
    with pytest.raises(WrongGameError) as err:
        wr.player_cards(kivi.Options(), 0)  # type: ignore[arg-type]
    assert str(err.value) == ("whales_rivals.player_cards: expected a whales_rivals.Options, "
                              "got a kivi.Options")


def test_W15_revealed_whales_are_whole_numbers() -> None:
    state = wr.new_game(2)
    bad = attrs.evolve(state, revealed=(((1, "x"), ()), *state.revealed[1:]))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError) as err:
        wr.validate_state(bad)
    assert str(err.value) == (
        "state: revealed: expected 3 packs of 2 tuples of at most 3 whale values")
