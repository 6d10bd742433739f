"""The small helpers of Captain Bluff's `legal_actions` and `apply` (B5-B14): distinct
cards of a hand, which conveyors hold a destination card, the multisets a transition
builds.
"""

from __future__ import annotations

from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import rules
from boardrules.games.captain_bluff.cards import STAR
from tests.games.captain_bluff.helpers import codes, position


def test_distinct_cards_of_a_hand() -> None:
    """Only specials repeat in a hand; its distinct cards keep the hand's order."""
    assert rules._distinct(()) == ()
    hand = codes("r1 r2 g5")
    assert rules._distinct(hand) is hand
    assert rules._distinct(codes("r1 star star arrows eye eye plus_one")) == \
        codes("r1 star arrows eye plus_one")
    assert rules._distinct((STAR, STAR)) == (STAR,)
    assert rules._distinct(codes("b17 star")) == codes("b17 star")


def test_destination_facts_by_which_conveyors_hold_a_card() -> None:
    """Each of the six conveyors counts on its own, whatever card it holds (0 included)."""
    for v in range(6):
        destinations: list[int | None] = [None] * 6
        destinations[v] = 0
        assert rules._destination_facts(tuple(destinations)).held == (v,)
        full: list[int | None] = [7] * 6
        full[v] = None
        assert rules._destination_facts(tuple(full)).free == (v,)
    assert rules._destination_facts((None,) * 6).held == ()


def test_B9_one_copy_fewer_of_each_known_card() -> None:
    """B9: after a card of a hand goes face down, one copy of each known card may be gone,
    except the cards picked up since the turn began (B14)."""
    star, arrows = STAR, STAR + 1
    assert rules._less_one_each((), ()) == ()
    assert rules._less_one_each((), (5,)) == ()
    assert rules._less_one_each((5,), ()) == ()
    assert rules._less_one_each((5,), (5,)) == (5,)
    assert rules._less_one_each((star, star), ()) == (star,)
    assert rules._less_one_each((3, star, star, star), ()) == (star, star)
    assert rules._less_one_each((3, arrows, star, star), (3,)) == (3, star)


def test_helpers_of_apply() -> None:
    """A card exchanged for another keeps the hand ascending; one item is replaced."""
    assert rules._exchanged((1, 4, 9), 4, 12) == (1, 9, 12)
    assert rules._exchanged((1, 4, 9), 9, 0) == (0, 1, 4)
    assert rules._exchanged((STAR, STAR), STAR, 2) == (2, STAR)
    assert rules._put((1, 2, 3), 0, 7) == (7, 2, 3)
    assert rules._put((1, 2, 3), 2, 7) == (1, 2, 7)





def test_B14_end_turn_frees_the_next_players_pick_ups_only() -> None:
    """B14: at the end of player 1's turn (of three), player 2's turn begins, so the
    luggage player 2 picked up becomes theirs to use; player 0's stays held back."""
    state = position(["b1 r5", "g1 g2", "b3 b4 r6"], destinations={0: "r1"},
                     picked_up=["r5", "", "r6"], turn=1, main_done=True)
    ended = cb.apply(state, cb.EndTurn())
    assert ended.turn == 2 and ended.active == 2
    assert ended.picked_up == (codes("r5"), (), ())
