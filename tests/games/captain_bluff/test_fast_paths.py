"""Captain Bluff's fast paths give what the listing and the reference loop give (B5-B14).

The fused playout counts a turn's main actions and builds only the one it draws; these
tests hold it to `legal_actions` action by action, in short games of their own (the
conformance kit's long playouts are not part of the mutation runs), and check the small
helpers of `apply` the speed work added.
"""

from __future__ import annotations

import random

import pytest

from boardrules import playout
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import Options, rules
from boardrules.games.captain_bluff.cards import STAR
from tests.games.captain_bluff.helpers import always, codes, position, turn_states

SPLITS = [(4, 4, 3, 3), (6, 2, 3, 3), (0, 0, 7, 7), (2, 3, 0, 9)]


def _turn_states(players: int, seed: int, turns: int = 30) -> list[cb.State]:
    """Return the states of one short random game where the active player acts in their
    turn."""
    options = Options(turn_limit=turns, specials=SPLITS[(players + seed) % len(SPLITS)])
    return turn_states(options, players, seed)


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (5, 3)])
def test_B5_drawn_turn_action_is_the_listed_one(players: int, seed: int) -> None:
    """B5-B14: every i-th action of a turn drawn without listing is `legal_actions`' i-th,
    and the count the draw is taken below is their number; the luggage plays counted
    are those listed, and listing stops right after the one wanted."""
    states = _turn_states(players, seed)
    assert any(not s.main_done for s in states) and any(s.main_done for s in states)
    for state in states:
        legal = cb.legal_actions(state)
        main, rest = rules._turn_actions(state)
        drawn = []
        for i in range(len(legal)):
            sizes: list[int] = []
            drawn.append(rules._drawn_turn_action(main, rest, always(i, sizes)))
            assert sizes == [len(legal)]
        assert drawn == list(legal)
        if main is None:
            continue
        hand, plan = main
        plays: list[cb.Action] = []
        count = rules._luggage_plays(hand, plan, plays)
        assert count == len(plays) == rules._luggage_plays(hand, plan)
        assert plays == [a for a in legal if isinstance(a, cb.PlayLuggage)]
        for i in range(count):
            some: list[cb.Action] = []
            partial = rules._luggage_plays(hand, plan, some, i)
            assert some[:i + 1] == plays[:i + 1] and partial == len(some)


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6)])
def test_B5_fused_playout_plays_the_reference_game(players: int, seed: int) -> None:
    """The fused playout plays the reference loop's game, draw for draw."""
    options = Options(turn_limit=60, specials=SPLITS[seed % len(SPLITS)])
    for cut in (None, 150, 400):
        ours, theirs = random.Random(seed), random.Random(seed)
        start = cb.new_game(players, options)
        assert cb.playout(start, ours, cut) == playout(cb, start, theirs, cut, fused=False)
        assert ours.getstate() == theirs.getstate()


def test_B11_a_turn_with_no_main_action_ends() -> None:
    """B11: with nothing to play, set, check, swap or close, the drawn action is EndTurn."""
    state = position(["r5", "b1"])
    main, rest = rules._turn_actions(state)
    assert main is not None
    _, plan = main
    nothing = plan._replace(plays=(), sets=(), checks=(), swaps=(), closes=(), per_card=0,
                            fixed=0)
    sizes: list[int] = []
    assert rules._drawn_turn_action(((), nothing), rest, always(0, sizes)) == cb.EndTurn()
    assert sizes == [1]


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



@pytest.mark.parametrize(("after", "state"), [
    ("end", position(["r5 b1", "g2 g3"], destinations={0: "r1"})),
    ("special", position(["r5 b1", "g2 g3"], destinations={0: "eye"})),
    ("pick-up", position(["r5 b1", "g2 g3"], destinations={0: "r1", 1: "b9"},
                         rows={1: "b3 b4 b5"})),
    ("held back", position(["r5 b1 r9", "g2 g3"], destinations={0: "r1"},
                           picked_up=["r9", ""])),
])
def test_B9_fused_playout_swaps_and_goes_on(after: str, state: cb.State) -> None:
    """B9, B11, B13, B14: a swap drawn by the fused playout, and the decision after it, are
    those of the reference loop — `EndTurn` (then one state is built for both), a pick-up,
    an eye the swap takes into the hand, or with luggage picked up this turn held
    back — and a cut right after the swap or after the next step stops where the loop
    stops."""
    legal = cb.legal_actions(state)
    swaps = [seed for seed in range(200)
             if isinstance(legal[random.Random(seed).randrange(len(legal))], cb.SwapDestination)]
    assert len(swaps) > 20
    nexts = set()
    for seed in swaps:
        rng = random.Random(seed)
        swapped = cb.apply(state, legal[rng.randrange(len(legal))])
        nxt = cb.legal_actions(swapped)
        nexts.add(type(nxt[rng.randrange(len(nxt))]).__name__)
        for cut in (1, 2, 3, None):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert cb.playout(state, ours, cut) == \
                playout(cb, state, theirs, cut, fused=False), (cut, seed)
            assert ours.getstate() == theirs.getstate()
    hand = swapped.hands[state.active]
    assert (hand[-1] >= STAR) is (after == "special")
    assert bool(state.picked_up[state.active]) is (after == "held back")
    assert ("PickUp" in nexts) is (after == "pick-up")
    assert ("PlayEye" in nexts) is (after == "special")
    assert "EndTurn" in nexts


def test_B14_end_turn_frees_the_next_players_pick_ups_only() -> None:
    """B14: at the end of player 1's turn (of three), player 2's turn begins, so the
    luggage player 2 picked up becomes theirs to use; player 0's stays held back."""
    state = position(["b1 r5", "g1 g2", "b3 b4 r6"], destinations={0: "r1"},
                     picked_up=["r5", "", "r6"], turn=1, main_done=True)
    ended = cb.apply(state, cb.EndTurn())
    assert ended.turn == 2 and ended.active == 2
    assert ended.picked_up == (codes("r5"), (), ())
