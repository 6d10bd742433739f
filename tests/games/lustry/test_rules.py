"""Lustry: tests named by rule id (L1–L19) and the issue's scenarios, all played through the
public API by choosing chance outcomes."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import attrs
import pytest

from boardrules import (
    CHANCE,
    TERMINAL,
    BoardrulesError,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
)
from boardrules.games import lustry
from boardrules.games.lustry import (
    DECK,
    KINDS,
    NO_SEQUENCE,
    Block,
    Draw,
    Drawn,
    Lay,
    Options,
    Phase,
    Protection,
    State,
    Steal,
    Unblock,
    apply,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from boardrules.games.lustry.actions import ALL_ACTIONS
from tests.refusals import assert_foreign_states_refused


def play(state: State, *moves: str) -> State:
    """Apply moves written in notation, each checked."""
    for text in moves:
        state = apply(state, lustry.parse_action(state, text))
    return state


def take(state: State, *cards: str) -> State:
    """Let the player to move draw `cards` from the draw piles (choosing the chance outcomes)."""
    for card in cards:
        assert to_move(state) == state.player and state.phase is Phase.DRAW
        state = apply(apply(state, Draw(card[0])), Drawn(card))
    return state


def texts(state: State) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def refused(state: State, move: str | lustry.Action) -> IllegalActionError:
    """Return the error `apply` raises for a move (notation or action); the state is kept."""
    action = lustry.parse_action(state, move) if isinstance(move, str) else move
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.state is state
    return info.value


def red_run_blocked() -> State:
    """P0 lays r1c–r4cf; P1 blocks r3cf with b3ce; P0 is about to draw four cards."""
    state = take(new_game(2), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    state = take(state, "b3ce", "g3ce", "b2sf", "b3sf", "b4sf", "g1s", "g2sf")
    return play(state, "block b3ce>r3cf", "end")


# --- Components -------------------------------------------------------------------------------

def test_L1_seventy_five_cards_in_three_colours() -> None:
    assert len(DECK) == 75
    assert Counter(card[0] for card in DECK) == {"r": 25, "g": 25, "b": 25}
    assert sum(lustry.inventory(new_game(2)).values()) == 75


def test_L2_two_shapes_two_fills_per_colour() -> None:
    red = [k for k in KINDS if k[0] == "r" and len(k) == 4]
    assert {k[2:] for k in red} == {"cf", "ce", "sf", "se"}
    # the inverse symbol: blocking needs the other fill
    state = red_run_blocked()
    assert state.sequences[0].blockers == (None, None, "b3ce", None)


def test_L3_composition_of_a_colour() -> None:
    red = Counter(k for k in DECK if k[0] == "r")
    assert red["r1c"] == red["r1s"] == 1
    for branch in ("cf", "ce", "sf", "se"):
        assert [red[f"r{v}{branch}"] for v in (2, 3, 4, 5)] == [1, 1, 1, 2]
    assert red["r0"] == 3
    assert sum(red.values()) == 25


# --- Setup ------------------------------------------------------------------------------------

def test_L4_setup() -> None:
    state = new_game(2)
    assert [len(p) for p in state.draw] == [25, 25, 25]
    assert all(set(k[0] for k in pile) == {c} for pile, c in zip(state.draw, "rgb", strict=True))
    assert state.discards == ((),) * 6 and state.hands == ((), ())
    assert state.sequences == (NO_SEQUENCE,) * 6


def test_L5_first_player_option() -> None:
    assert to_move(new_game(2)) == 0
    assert to_move(new_game(2, Options(first_player=1))) == 1
    with pytest.raises(InvalidOptionsError):
        Options(first_player=2)
    with pytest.raises(InvalidOptionsError):
        new_game(3)


# --- Phase 1 ----------------------------------------------------------------------------------

def test_L6_draw_up_to_seven_from_any_pile() -> None:
    state = take(new_game(2), "r2cf", "r3cf", "g2cf", "g3cf", "b2cf", "b3cf")
    assert state.phase is Phase.DRAW and len(state.pending) == 6
    state = take(state, "b4cf")
    assert state.phase is Phase.PLAY and len(state.hands[0]) == 7 and state.pending == ()
    state = play(state, "discard r2cf", "discard g2cf", "end")
    assert texts(state) == ["draw r", "draw g", "draw b", "draw r@0", "draw g@0"]
    assert "draw r" in texts(state)
    state = play(state, "draw g@0")  # the opponent's discard pile
    assert state.pending == ("g2cf",)


def test_L6_drawing_stops_when_every_pile_is_empty() -> None:
    # a set-up position: player 1 laid the nine steal cards and holds the other 64 cards,
    # player 0 holds one, one card lies in a discard pile
    rest = Counter(DECK)
    rest.subtract(["r2cf", "g2cf", *["r0", "g0", "b0"] * 3])
    hand1 = tuple(sorted(rest.elements(), key=lustry.KINDS.index))
    position = attrs.evolve(new_game(2), phase=Phase.PLAY, player=1, turn=1, draw=((), (), ()),
                            hands=(("r2cf",), hand1), discards=((), ("g2cf",), (), (), (), ()),
                            seen=((), (False,), (), (), (), ()), steals=(0, 0, 0, 3, 3, 3))
    lustry.validate_state(position)
    after = play(position, "end")
    assert after.phase is Phase.DRAW and texts(after) == ["draw g@0"]
    after = play(after, "draw g@0")  # two cards in hand, but every pile is empty
    assert after.phase is Phase.PLAY and after.hands[0] == ("r2cf", "g2cf")
    after = play(after, "end")
    assert after.phase is Phase.PLAY and to_move(after) == 1  # 64 cards: no drawing (L8)


def test_L7_drawn_cards_are_hidden_until_drawing_ends() -> None:
    state = apply(new_game(2), Draw("r"))
    assert to_move(state) is CHANCE
    outcomes = dict(lustry.chance_outcomes(state))
    assert outcomes[Drawn("r1c")] == Fraction(1, 25)
    assert outcomes[Drawn("r5cf")] == Fraction(2, 25)
    assert outcomes[Drawn("r0")] == Fraction(3, 25)
    assert sum(outcomes.values()) == 1
    state = apply(state, Drawn("r5cf"))
    for viewer in (0, 1, None):
        assert observe(state, viewer).pending == ("r?",)
    assert observe(state, 0).hands == ((), ())
    state = take(state, "g1c", "g2cf", "g3cf", "g4cf", "g5cf", "b0")
    assert observe(state, 0).hands[0] == state.hands[0]
    assert "r5cf" in state.hands[0] and observe(state, 1).hands[0] == ("r?", *["g?"] * 5, "b?")


def test_L7_a_card_drawn_from_ones_own_discard_pile_is_known() -> None:
    state = take(new_game(2), "r2cf", "r3cf", "g2cf", "g3cf", "b2cf", "b3cf", "b4cf")
    state = play(state, "discard r2cf", "discard r3cf", "end")
    state = take(state, "r4ce", "g4ce", "b4ce", "r3ce", "g3ce", "b3ce", "b2ce")
    state = play(state, "end", "draw r@0")
    assert state.phase is Phase.DRAW
    assert observe(state, 0).pending == ("r2cf",)
    assert observe(state, 1).pending == ("r?",)
    assert observe(state, None).pending == ("r?",)


def test_L7_draws_are_uniform_and_sampled_without_enumeration() -> None:
    import random

    state = apply(new_game(2), Draw("g"))
    rng = random.Random(3)
    counts = Counter(str(lustry.sample_chance(state, rng)) for _ in range(5000))
    assert set(counts) <= {str(a) for a in legal_actions(state)}
    assert counts["drawn g0"] > counts["drawn g1c"]  # 3 copies against 1


def test_L8_seven_cards_skip_phase_one() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r", "allow", "end")
    assert len(state.hands[1]) == 9
    state = take(state, "g4cf", "g5cf", "g5cf")
    state = play(state, "end")
    assert state.phase is Phase.PLAY and to_move(state) == 1  # nine cards: no drawing


# --- Phase 2 ----------------------------------------------------------------------------------

def test_L9_lay_two_consecutive_cards_or_two_fives() -> None:
    state = take(new_game(2), "r1c", "r2ce", "r3cf", "r5sf", "r5sf", "g4se", "g5se")
    assert texts(state)[:4] == ["lay r1c r2ce", "lay r5sf r5sf", "lay g4se g5se", "discard r1c"]
    assert refused(state, Lay("r1c", "r3cf")).rule == "L9"
    assert refused(state, Lay("r2ce", "r3cf")).rule == "L9"
    with pytest.raises(InvalidNotationError):
        lustry.parse_action(state, "lay r2ce r3cf")  # no rule could ever allow it
    state = play(state, "lay r5sf r5sf")
    assert state.sequences[0].cards == ("r5sf", "r5sf")
    assert refused(state, "lay r1c r2ce").rule == "L9"  # one sequence per colour
    state = play(state, "lay g4se g5se")
    assert state.sequences[1].cards == ("g4se", "g5se")


def test_L10_extend_with_any_value_of_the_branch() -> None:
    state = take(new_game(2), "r1c", "r2cf", "r5cf", "r5cf", "r4ce", "r0", "g1s")
    state = play(state, "lay r1c r2cf")
    assert "extend r5cf" in texts(state) and "extend r4ce" not in texts(state)
    assert refused(state, "extend r4ce").rule == "L10"
    assert refused(state, "extend g1s").rule == "L10"
    state = play(state, "extend r5cf", "extend r5cf")
    assert state.sequences[0].cards == ("r1c", "r2cf", "r5cf", "r5cf")
    assert not state.sequences[0].closed


def test_L11_discard_to_the_bottom_and_draw_from_the_top() -> None:
    state = take(new_game(2), "r2cf", "r3cf", "g2cf", "g3cf", "b2cf", "b3cf", "b4cf")
    state = play(state, "discard r3cf", "discard r2cf")
    assert state.discards[0] == ("r3cf", "r2cf")  # r2cf went under r3cf
    assert observe(state, 1).discards[0] == ("r?", "r?")
    assert observe(state, 0).discards[0] == ("r3cf", "r2cf")
    state = play(state, "end", "draw r@0")
    assert state.pending == ("r3cf",) and state.discards[0] == ("r2cf",)
    state = take(state, "g4cf", "g5cf", "b5cf", "b5cf", "b1c", "b0")
    assert "r3cf" in state.hands[1]
    assert state.exposed[1] == ("r3cf",)  # player 0 knows where the card went
    assert "r3cf" in observe(state, 0).hands[1]
    assert "r3cf" in observe(state, None).hands[1]  # both players know it


def test_L12_block_rules() -> None:
    state = red_run_blocked()
    assert state.sequences[0].blockers[2] == "b3ce"
    # a second block of the same card is not possible
    before = play(take(new_game(2), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf"),
                  "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    before = take(before, "b3ce", "g3ce", "r3ce", "b4cf", "g1s", "b2ce", "b5sf")
    legal = texts(before)
    assert "block b3ce>r3cf" in legal and "block g3ce>r3cf" in legal
    assert "block b2ce>r2cf" in legal
    assert refused(before, Block("b4cf", "r4cf")).rule == "L12"  # the same fill
    assert refused(before, Block("r3ce", "r3cf")).rule == "L12"  # the same colour
    assert refused(before, Block("b5sf", "r4cf")).rule == "L12"  # another value
    blocked = play(before, "block b3ce>r3cf")
    assert blocked.sequences[0].blockers == (None, None, "b3ce", None)
    assert refused(blocked, "block g3ce>r3cf").rule == "L12"  # blocked already
    assert "block b2ce>r2cf" in texts(blocked)  # several cards of a sequence may be blocked


def test_L12_value_one_cannot_be_blocked() -> None:
    state = take(new_game(2), "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    state = play(state, "lay r1c r2cf", "end")
    state = take(state, "g1c", "b1s", "g2ce", "b3cf", "b4cf", "g0", "g5cf")
    assert not any(t.endswith(">r1c") for t in texts(state))
    assert "block g2ce>r2cf" in texts(state)
    assert refused(state, Block("g1c", "r1c")).rule == "L12"


def test_L13_unblock_removes_the_blocker_and_protects() -> None:
    state = red_run_blocked()
    state = take(state, "r3ce", "g5ce", "b5se", "b1s")
    assert "unblock r3ce>b3ce" in texts(state)
    state = play(state, "unblock r3ce>b3ce")
    seq = state.sequences[0]
    assert seq.blockers == (None,) * 4 and seq.unblockers == (None, None, "r3ce", None)
    assert state.discards[2] == ("b3ce",) and state.seen[2] == (True,)
    assert observe(state, 1).discards[2] == ("b3ce",)  # known to both
    assert observe(state, None).discards[2] == ("b3ce",)
    state = play(state, "end")
    state = take(state, "b5ce")
    # player 1 still holds g3ce, but the protected card cannot be blocked again
    assert "g3ce" in state.hands[1]
    assert not any(t.endswith(">r3cf") for t in texts(state))
    assert refused(state, "block g3ce>r3cf").rule == "L13"


def guarded_run(options: Options | None = None) -> State:
    """P0 lays r1c–r4cf; P1 blocks r3cf with b3ce and r2cf with g2ce; P0 unblocks r3cf with
    r3ce; P1, holding b4ce (which fits r4cf), is about to play."""
    state = take(new_game(2, options), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    state = take(state, "b3ce", "g2ce", "b4ce", "g1s", "g2sf", "b2sf", "b3sf")
    state = play(state, "block b3ce>r3cf", "block g2ce>r2cf", "end")
    state = take(state, "r3ce", "r2ce", "b1s", "b5sf")
    state = play(state, "unblock r3ce>b3ce", "end")
    return take(state, "g5ce", "b5se")


def test_L13_an_unblocking_card_protects_the_whole_sequence() -> None:
    # "Karta, která postupku odblokovala, zůstává vyložena vedle postupky a brání tak jejímu
    # dalšímu blokování": jejímu, the sequence's
    state = guarded_run()
    seq = state.sequences[0]
    assert seq.unblockers == (None, None, "r3ce", None)
    assert "b4ce" in state.hands[1] and "r4cf" in seq.free  # neither blocked nor unblocked
    assert not any(t.startswith("block") for t in texts(state))
    assert seq.guarded
    assert "sequence r1c r2cf<g2ce r3cf+r3ce r4cf (protected)" in lustry.render(observe(state, 1))
    error = refused(state, "block b4ce>r4cf")
    assert error.rule == "L13" and "protects" in error.reason
    # a card blocked before the unblock stays blocked, and may still be unblocked
    state = take(play(state, "end"), "g5cf")
    assert "unblock r2ce>g2ce" in texts(state)
    state = play(state, "unblock r2ce>g2ce")
    assert state.sequences[0].unblockers == (None, "r2ce", "r3ce", None)
    assert state.sequences[0].blockers == (None,) * 4


def test_L13_variant_the_unblocking_card_protects_only_its_card() -> None:
    state = guarded_run(Options(unblock_protects="card"))
    assert state.options.unblock_protects is Protection.CARD
    assert "r3cf+r3ce r4cf;" in lustry.render(observe(state, 1))  # not "(protected)"
    assert "block b4ce>r4cf" in texts(state)
    assert not any(t.endswith(">r3cf") for t in texts(state))  # the unblocked card is safe
    state = play(state, "block b4ce>r4cf")
    assert state.sequences[0].blockers == (None, "g2ce", None, "b4ce")


def test_L13_the_option_is_read_when_only_the_options_differ() -> None:
    # the listing remembers what each player's sequences allow while the sequences are the
    # same object: two states sharing them under different options must not share it
    guarded = guarded_run()
    variant = attrs.evolve(guarded, options=Options(unblock_protects="card"))
    assert variant.sequences is guarded.sequences
    for _ in range(2):  # alternately, so that each listing follows the other one
        assert "block b4ce>r4cf" in texts(variant)
        assert "block b4ce>r4cf" not in texts(guarded)


def test_L13_the_option_takes_sequence_or_card() -> None:
    assert Options().unblock_protects is Protection.SEQUENCE
    assert Options(unblock_protects="sequence") == Options()
    assert Options(unblock_protects=Protection.CARD).unblock_protects is Protection.CARD
    for bad in ("cards", "", None, 1, ["card"]):
        with pytest.raises(InvalidOptionsError) as info:
            Options(unblock_protects=bad)  # type: ignore[arg-type]
        assert info.value.option == "unblock_protects"


def test_L13_no_unblocking_before_a_block() -> None:
    state = take(new_game(2), "r1c", "r2cf", "r3cf", "r3ce", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "extend r3cf")
    assert not any(t.startswith("unblock") for t in texts(state))
    assert refused(state, "unblock r3ce>b3ce").rule == "L13"


def test_L14_the_player_puts_the_exchanged_cards_under_in_their_own_order() -> None:
    # "Karty z vyložené postupky i případné blokující karty odhodí v libovolném pořadí
    # dospod svého odhazovacího balíku stejné barvy."
    state = red_run_blocked()
    state = take(state, "r2se", "r3se", "r0", "b0")
    state = play(state, "steal r0 b", "allow")  # a steal card in front of the red area
    state = play(state, "exchange r3se r2se")
    assert state.sequences[0].cards == ("r2se", "r3se")
    assert texts(state) == ["under r1c", "under r2cf", "under r3cf", "under r4cf"]
    assert state.phase is Phase.EXCHANGE and to_move(state) == 0
    assert state.exchanged == ("r1c", "r2cf", "r3cf", "r4cf")
    assert state.discards[2] == ("b3ce",)  # the lone blocker needs no choice: it went at once
    assert state.seen[2] == (True,)
    assert refused(state, "end").rule == "L14"  # nothing else until the cards are put away
    assert refused(state, "discard g2cf").rule == "L14"
    assert refused(state, "under b3ce").rule == "L14"
    state = play(state, "under r4cf", "under r1c")
    assert state.discards[0] == ("r4cf", "r1c") and state.exchanged == ("r2cf", "r3cf")
    state = play(state, "under r3cf")  # the last card needs no choice
    assert state.phase is Phase.PLAY and state.exchanged == ()
    assert state.discards[0] == ("r4cf", "r1c", "r3cf", "r2cf")
    assert state.seen[0] == (True,) * 4  # they were on the table: known to both
    assert state.steals[0] == 1  # laid steal cards stay
    assert refused(state, "exchange g2cf g3cf").rule == "L14"
    assert refused(state, "under r2cf").rule == "L14"


def test_L14_one_decision_per_card_colour_by_colour_none_without_a_choice() -> None:
    state = take(new_game(2), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    state = take(state, "b3ce", "g2ce", "b4ce", "g1s", "g2sf", "b2sf", "b3sf")
    state = play(state, "block b3ce>r3cf", "block g2ce>r2cf", "block b4ce>r4cf", "end")
    state = take(state, "r2se", "r3se", "b1s", "b5sf")
    state = play(state, "exchange r2se r3se")
    assert texts(state) == ["under r1c", "under r2cf", "under r3cf", "under r4cf"]
    # the green blocker is the only green card: under its pile at once; red goes first,
    # then blue (the order between piles changes nothing)
    assert state.discards[1] == ("g2ce",)
    assert state.exchanged == ("r1c", "r2cf", "r3cf", "r4cf", "b3ce", "b4ce")
    assert texts(state) == ["under r1c", "under r2cf", "under r3cf", "under r4cf"]
    assert "the red exchanged cards go under first" in refused(state, "under b4ce").reason
    state = play(state, "under r2cf", "under r1c", "under r4cf")
    assert state.discards[0] == ("r2cf", "r1c", "r4cf", "r3cf")
    assert texts(state) == ["under b3ce", "under b4ce"]
    state = play(state, "under b4ce")
    assert state.discards[2] == ("b4ce", "b3ce") and state.phase is Phase.PLAY


def test_L14_identical_cards_are_one_choice() -> None:
    state = take(new_game(2), "r4cf", "r5cf", "r5cf", "r2ce", "r3ce", "r1s", "r2sf")
    state = play(state, "lay r4cf r5cf", "extend r5cf", "exchange r2ce r3ce")
    assert texts(state) == ["under r4cf", "under r5cf"]  # not one action per copy
    assert state.exchanged == ("r4cf", "r5cf", "r5cf")
    state = play(state, "under r5cf")
    assert texts(state) == ["under r4cf", "under r5cf"]
    state = play(state, "under r4cf")  # the other r5cf follows: no choice is left
    assert state.discards[0] == ("r5cf", "r4cf", "r5cf") and state.phase is Phase.PLAY
    # two 5s of one kind leave in the only order there is, with no decision
    state = take(new_game(2), "r5cf", "r5cf", "r2ce", "r3ce", "g1c", "g2cf", "g3cf")
    state = play(state, "lay r5cf r5cf", "exchange r2ce r3ce")
    assert state.phase is Phase.PLAY and state.discards[0] == ("r5cf", "r5cf")


def test_L14_L19_the_order_is_public() -> None:
    import random

    state = take(new_game(2), "r1c", "r2cf", "r3cf", "r2ce", "r3ce", "g2cf", "g3cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "exchange r2ce r3ce")
    for viewer in (0, 1, None):
        view = observe(state, viewer)
        assert view.exchanged == ("r1c", "r2cf", "r3cf") and view.phase is Phase.EXCHANGE
        assert lustry.announce(state, lustry.PutUnder("r3cf"), viewer) == "under r3cf"
    rng = random.Random(2)
    for _ in range(10):
        world = lustry.resample(state, 1, rng)
        assert world.exchanged == state.exchanged and observe(world, 1) == observe(state, 1)
    state = play(state, "under r3cf", "under r1c")
    for viewer in (0, 1, None):
        assert observe(state, viewer).discards[0] == ("r3cf", "r1c", "r2cf")
    assert "exchanged" not in lustry.render(observe(state, 1))
    state = play(state, "end", "draw r@0")  # player 1 draws the top card: known to both
    assert state.pending == ("r3cf",) and state.pending_known == (3,)


def test_L15_undefended_steal_moves_every_card_of_the_colour() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r")
    assert state.phase is Phase.DEFEND and to_move(state) == 0  # the defender
    assert texts(state) == ["allow", "defend g0"]
    assert refused(state, "end").rule == "L15"
    allowed = play(state, "allow")
    assert to_move(allowed) == 1
    assert allowed.hands[0] == ("g0", "b1c", "b2cf", "b3cf")
    assert {"r1c", "r2cf", "r3cf"} <= set(allowed.hands[1])
    assert allowed.exposed[1] == ("r1c", "r2cf", "r3cf")  # stolen cards are known to both
    assert observe(allowed, None).exposed[1] == ("r1c", "r2cf", "r3cf")
    assert allowed.steals == (0, 0, 0, 0, 0, 1)


def test_L15_defended_steal_moves_no_card() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r", "defend g0")
    assert to_move(state) == 1 and state.phase is Phase.PLAY
    assert state.hands[0] == ("r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    assert state.steals == (0, 1, 0, 0, 0, 1)


def test_L15_the_window_opens_even_without_a_steal_card() -> None:
    state = take(new_game(2), "r0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "steal r0 g")
    assert to_move(state) == 1 and texts(state) == ["allow"]
    state = play(state, "allow")
    assert state.hands[1] == () and to_move(state) == 0


def test_L16_a_blocked_card_prevents_closing_until_unblocked() -> None:
    state = red_run_blocked()
    state = take(state, "r5cf", "r3ce", "g1c", "g5cf")
    state = play(state, "extend r5cf")
    assert state.sequences[0].complete and not state.sequences[0].closed
    assert lustry.scores(state) == (0, 0)
    state = play(state, "unblock r3ce>b3ce")
    assert state.sequences[0].closed and lustry.scores(state) == (1, 0)
    assert not any(t.startswith(("extend r", "exchange r")) for t in texts(state))


def test_L16_the_opponent_cannot_close_a_colour_already_closed() -> None:
    state = take(new_game(2), "r1c", "r2cf", "r3cf", "r4cf", "r5cf", "g2cf", "g3cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "extend r5cf")
    assert state.sequences[0].closed
    state = play(state, "end")
    state = take(state, "r1s", "r2sf", "r3sf", "r4sf", "r5sf", "g2sf", "g3sf")
    state = play(state, "lay r1s r2sf", "extend r3sf", "extend r4sf", "extend r5sf")
    assert state.sequences[3].complete and not state.sequences[3].closed
    assert lustry.scores(state) == (1, 0)
    # a closed sequence cannot be blocked: player 1 lays nothing beside it
    assert not any(">r" in t for t in texts(state))


def test_L17_two_closed_sequences_win_at_once() -> None:
    state = red_run_blocked()
    state = take(state, "r5cf", "r3ce", "g1c", "g5cf")
    state = play(state, "extend r5cf", "unblock r3ce>b3ce", "lay g1c g2cf", "extend g3cf",
                 "extend g4cf")
    assert not lustry.is_terminal(state)
    state = play(state, "extend g5cf")
    assert lustry.is_terminal(state) and to_move(state) is TERMINAL
    assert legal_actions(state) == ()
    assert lustry.result(state) == lustry.result(state)
    assert lustry.result(state).scores == (2, 0) and lustry.result(state).winners == (0,)
    assert lustry.returns(state) == (1.0, -1.0)
    assert refused(state, "end").rule == "L17"


# --- Draws ------------------------------------------------------------------------------------

def test_L18_deadlock_draw_after_stall_turns() -> None:
    state = new_game(2, Options(stall_turns=2))
    state = take(state, "r1c", "r2cf", "r3cf", "r4cf", "r5cf", "r0", "r0")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "extend r5cf",
                 "steal r0 g", "allow", "steal r0 g", "allow", "end")
    state = take(state, "g1c", "g2cf", "g3cf", "g4cf", "g5cf", "r0", "g0")
    state = play(state, "lay g1c g2cf", "extend g3cf", "extend g4cf", "extend g5cf",
                 "steal r0 b", "allow", "steal g0 b", "allow", "end")
    assert state.stall == 0
    state = take(state, "g0", "g0", "b0", "b0", "b0", "b1c", "b2cf")
    for _ in range(5):
        card = next(k for k in state.hands[0] if k.endswith("0"))
        state = play(state, f"steal {card} r", "allow")
    assert sum(state.steals) == 9
    state = play(state, "end")
    assert state.stall == 1 and not lustry.is_terminal(state)
    lustry.validate_state(state)  # a stall count with the deadlock condition is accepted
    state = take(state, "b1s", "b2sf", "b3sf", "b5sf", "b5se", "b4se", "b3se")
    state = play(state, "end")
    assert lustry.is_terminal(state) and state.winner is None
    lustry.validate_state(state)
    assert lustry.returns(state) == (0.0, 0.0)
    assert lustry.result(state).winners == () and lustry.result(state).scores == (1, 1)


def test_L18_adding_a_card_to_a_sequence_resets_the_stall_count() -> None:
    state = new_game(2, Options(stall_turns=None))
    assert state.options.stall_turns is None
    state = take(state, "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    state = play(state, "lay r1c r2cf", "end")
    assert state.stall == 0


def test_L18_turn_limit() -> None:
    state = new_game(2, Options(turn_limit=2))
    state = take(state, "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    state = play(state, "end")
    assert not lustry.is_terminal(state)
    state = take(state, "r1s", "r2sf", "g2sf", "g3sf", "g4sf", "b1s", "b2sf")
    state = play(state, "end")
    assert lustry.is_terminal(state) and state.turn == 2 and state.winner is None
    assert lustry.returns(state) == (0.0, 0.0)
    with pytest.raises(InvalidOptionsError):
        Options(turn_limit=0)
    with pytest.raises(InvalidOptionsError):
        Options(stall_turns=0)


# --- Information ------------------------------------------------------------------------------

def test_L19_what_each_player_sees() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "discard b3cf", "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    mine = observe(state, 1)
    assert mine.hands[1] == state.hands[1]
    # the opponent's hand: the colour of each card (coloured backs), not only the count
    assert mine.hands[0] == ("r?", "r?", "r?", "g?", "b?", "b?")
    assert mine.discards[2] == ("b?",) and observe(state, 0).discards[2] == ("b3cf",)
    assert mine.draw_sizes == (20, 21, 20)
    state = play(state, "lay r1s r2sf")
    assert observe(state, 0).sequences[3].cards == ("r1s", "r2sf")  # laid cards are public
    spectator = observe(state, None)
    assert spectator.player is None and spectator.hands[1] == ("g?", "g?", "g?", "b?", "b?")
    with pytest.raises(BoardrulesError):
        observe(state, 2)


def test_L19_discarding_blurs_what_the_opponent_knew() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r", "allow")
    assert state.exposed[1] == ("r1c", "r2cf", "r3cf")
    state = play(state, "discard r1s")  # face down: player 0 cannot tell which red card
    assert state.exposed[1] == ()
    assert observe(state, 0).discards[3] == ("r?",)


def test_L11_L19_discarding_the_only_card_the_opponent_knows_shows_it() -> None:
    # player 1 draws r3cf from player 0's pile: their only red card, known to player 0
    state = take(new_game(2), "r3cf", "g1c", "g2cf", "g3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "discard r3cf", "end", "draw r@0")
    state = take(state, "g4cf", "g5cf", "g5cf", "b4cf", "b5cf", "b5cf")
    assert state.exposed[1] == ("r3cf",)
    assert lustry.announce(state, lustry.Discard("r3cf"), 0) == "discard r3cf"  # no secret
    after = play(state, "discard r3cf")  # player 0 knows exactly which card went down
    assert after.seen[3] == (True,) and after.exposed[1] == ()
    for viewer in (0, 1, None):
        assert observe(after, viewer).discards[3] == ("r3cf",)
    import random

    rng = random.Random(3)
    for _ in range(30):
        assert lustry.resample(after, 0, rng).discards[3] == ("r3cf",)
    # with a red card player 0 does not know beside it, the discard is unknown, as before
    state = take(new_game(2), "r3cf", "g1c", "g2cf", "g3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "discard r3cf", "end", "draw r@0")
    state = take(state, "r1c", "g5cf", "g5cf", "b4cf", "b5cf", "b5cf")
    assert state.exposed[1] == ("r3cf",)
    blurred = play(state, "discard r3cf")
    assert blurred.seen[3] == (False,) and blurred.exposed[1] == ()
    assert observe(blurred, 0).discards[3] == ("r?",)


def test_L11_L19_a_discard_among_different_known_cards_stays_unknown() -> None:
    # player 1's only red cards are r3cf and r4cf, both known to player 0: which went down?
    state = take(new_game(2), "r3cf", "r4cf", "g1c", "g2cf", "g3cf", "b1c", "b2cf")
    state = play(state, "discard r3cf", "discard r4cf", "end", "draw r@0", "draw r@0")
    state = take(state, "g4cf", "g5cf", "g5cf", "b4cf", "b5cf")
    assert state.exposed[1] == ("r3cf", "r4cf")
    after = play(state, "discard r3cf")
    assert after.seen[3] == (False,) and after.exposed[1] == ()
    assert observe(after, 0).discards[3] == ("r?",)


def test_L11_L19_discarding_one_of_two_known_equal_cards_keeps_the_other_known() -> None:
    state = take(new_game(2), "r5cf", "r5cf", "g1c", "g2cf", "g3cf", "b1c", "b2cf")
    state = play(state, "discard r5cf", "discard r5cf", "end", "draw r@0", "draw r@0")
    state = take(state, "g4cf", "g5cf", "g5cf", "b4cf", "b5cf")
    after = play(state, "discard r5cf")
    assert after.seen[3] == (True,) and after.exposed[1] == ("r5cf",)
    assert observe(after, 0).hands[1][0] == "r5cf"


# --- Notation, options, errors ------------------------------------------------------------------

def test_notation_round_trips_and_is_tolerant() -> None:
    state = new_game(2)
    for action in ALL_ACTIONS:
        assert lustry.parse_action(state, str(action)) is action
    assert lustry.parse_action(state, " LAY  r2cf R1C ") == Lay("r1c", "r2cf")
    assert lustry.parse_action(state, "block g3ce > r3cf") == Block("g3ce", "r3cf")
    assert lustry.parse_action(state, "unblock r3ce>g3ce") == Unblock("r3ce", "g3ce")
    assert lustry.parse_action(state, "draw red@0") == Draw("r", 0)
    assert lustry.parse_action(state, "steal r0 blue") == lustry.Steal("r0", "b")
    for bad in ("lay r1c r3cf", "block r3ce>r3cf", "draw x", "fly", "discard r9", ""):
        with pytest.raises(InvalidNotationError):
            lustry.parse_action(state, bad)


def test_illegal_actions_name_the_rule() -> None:
    state = new_game(2)
    assert refused(state, "end").rule == "L6"
    assert refused(state, "draw r@1").rule == "L6"
    assert refused(state, "drawn r1c").rule == "L7"
    chance = play(state, "draw r")
    assert refused(chance, "drawn g1c").rule == "L7"
    assert refused(chance, "draw g").rule == "L7"
    ready = take(state, "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    assert refused(ready, "draw r").rule == "L6"
    assert refused(ready, "discard r5cf").rule == "L11"
    assert refused(ready, "allow").rule == "L15"
    assert refused(ready, Steal("r1c", "g")).rule == "L15"
    with pytest.raises(IllegalActionError):
        apply(ready, "end")  # type: ignore[arg-type]


def test_action_bound_is_finite_and_generous() -> None:
    options = Options(turn_limit=10)
    assert lustry.action_bound(2, options) >= 10 * 15


def test_states_are_never_changed() -> None:
    state = take(new_game(2), "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    text = lustry.observe(state, 0)
    play(state, "lay r1c r2cf")
    assert lustry.observe(state, 0) == text and state.sequences[0] == NO_SEQUENCE


def test_kinds_are_in_the_documented_order() -> None:
    assert KINDS[:11] == ("r1c", "r2cf", "r3cf", "r4cf", "r5cf", "r2ce", "r3ce", "r4ce", "r5ce",
                          "r1s", "r2sf")
    assert KINDS[18] == "r0" and len(KINDS) == 57
    assert Phase("draw") is Phase.DRAW


# --- Engine rulings -----------------------------------------------------------------------------

def test_ruling_exchanged_cards_are_known_to_both() -> None:
    state = take(new_game(2), "r1c", "r2cf", "r2ce", "r3ce", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "exchange r2ce r3ce", "under r1c")
    assert observe(state, 1).discards[0] == ("r1c", "r2cf")
    assert observe(state, None).discards[0] == ("r1c", "r2cf")
    state = play(state, "end", "draw r@0")
    # the drawer knows the card, and so does its owner
    assert observe(state, 1).pending == ("r1c",) and observe(state, 0).pending == ("r1c",)
    assert state.pending_known == (3,)


def test_ruling_laying_a_known_card_uses_one_known_copy() -> None:
    state = take(new_game(2), "g0", "r5cf", "r5cf", "r4cf", "b1c", "b2cf", "b3cf")
    state = play(state, "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r", "allow")
    assert state.exposed[1] == ("r4cf", "r5cf", "r5cf")
    state = play(state, "lay r4cf r5cf")
    assert state.exposed[1] == ("r5cf",)
    assert observe(state, 0).hands[1][0] == "r5cf"


def test_ruling_resample_keeps_what_the_player_knows() -> None:
    import random

    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "discard b3cf", "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    state = play(state, "steal b0 r", "allow", "discard g3sf")
    rng = random.Random(1)
    seen_by_0 = observe(state, 0)
    hands = set()
    for _ in range(20):
        other = lustry.resample(state, 0, rng)
        assert observe(other, 0) == seen_by_0
        assert other.hands[0] == state.hands[0] and other.discards[:3] == state.discards[:3]
        assert {"r1c", "r2cf", "r3cf"} <= set(other.hands[1])  # stolen: known to player 0
        hands.add(other.hands[1])
        lustry.validate_state(other)
    assert len(hands) > 1  # the rest of player 1's hand is redrawn


def test_render_shows_only_the_observation() -> None:
    state = take(new_game(2), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "lay r1c r2cf", "discard b3cf", "end")
    mine = lustry.render(observe(state, 0))
    theirs = lustry.render(observe(state, 1))
    assert "b3cf" in mine and "b3cf" not in theirs
    assert "sequence r1c r2cf" in theirs and "hand r? g? b? b?" in theirs


def test_another_games_state_is_refused_by_name() -> None:
    assert_foreign_states_refused(lustry)
