"""Captain Bluff: every refused action names its exact reason and rule id.

`IllegalActionError.reason` and `.rule` are public (a frontend shows them), so each
refusal `apply` can give is checked word for word, through `apply` only: one case per
situation the rules tell apart (B1-B17).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import (
    Challenge,
    CheckDestination,
    CloseConveyor,
    Draw,
    EndTurn,
    Pass,
    PickUp,
    PlayArrows,
    PlayEye,
    PlayLuggage,
    PlayPlusOne,
    PlayStar,
    SetDestination,
    State,
    TakeDestination,
)
from tests.games.captain_bluff.helpers import C, codes, play, position
from tests.games.captain_bluff.test_rules import VARIANT, two_player_start
from tests.refusals import assert_refused


def turn() -> State:
    """P0 (r3 r5 r6 g2 star arrows eye) to take the main action; a red row r1 r2 on
    conveyor 0 (destination r15), a green destination at 1."""
    return position(["r3 r5 r6 g2 star arrows eye", "b1 b2"], destinations={0: "r15", 1: "g15"},
                    rows={0: "r1 r2"})


def after_main() -> State:
    """`turn` after P0 checked conveyor 1."""
    return play(turn(), "check 1")


def special_played() -> State:
    """`turn` after P0 played arrows on the red row."""
    return play(turn(), "arrows 0")


def window() -> State:
    """P0 played r3 onto the red row: the window asks P1."""
    return play(turn(), "play 0 r3")


def plus_one() -> State:
    """Variant: P0's plus-one makes P1 draw; the pile holds g10 and a star."""
    return play(position(["plus_one r5", "b1"], draw="g10 star", destinations={0: "r1"},
                         options=VARIANT), "plus_one")


def no_specials() -> State:
    """P0 holds only r5; a red row r1 r2 on conveyor 0."""
    return position(["r5", "b1"], destinations={0: "r15"}, rows={0: "r1 r2"})


def set_drawing() -> State:
    """P0 set r5 at conveyor 2 and draws (any card: B7)."""
    return play(turn(), "set 2 r5")


def won() -> State:
    """P0 played their last card and nobody challenged: P0 has won (B16)."""
    state = position(["r3", "b1"], destinations={0: "r15"}, rows={0: "r1 r2"})
    return play(state, "play 0 r3", "pass")


def limit() -> State:
    """The turn limit of 3 turns is reached (B17)."""
    return position(["r5", "b1"], destinations={0: "r1"}, options=cb.Options(turn_limit=3),
                    turn=3)


def three_rows() -> State:
    """Three rows are open; P0 holds b5 b6 and conveyor 3 has a destination."""
    return position(["b5 b6", "g9"], destinations={0: "r15", 1: "g15", 2: "b15", 3: "b16"},
                    rows={0: "r1 r2", 1: "g1 g2", 2: "b1 b2"})


def picked() -> State:
    """P0 picked up r2 from the red row r1 r2 r3 this turn (B14)."""
    state = position(["g1", "b1"], destinations={0: "r15"}, rows={0: "r1 r2 r3"})
    return play(state, "pickup 0 2")


def taking() -> State:
    """`picked` after P0 took the destination card r15 of conveyor 0: a swap to finish (B9)."""
    return play(picked(), "take 0")


def only_picked_up() -> State:
    """P0 holds only r2 r3, picked up this turn (B14); conveyor 0 has a destination."""
    return position(["r2 r3", "b1"], destinations={0: "r15"}, rows={0: "r1"},
                    picked_up=["r2 r3", ""])


def no_main_action() -> State:
    """A state outside the invariants (P0 holds nothing, no destination): no main action."""
    state = position(["r5", "b1"])
    return attrs.evolve(state, hands=((), state.hands[1]),
                        draw=tuple(sorted(state.draw + state.hands[0])))


CASES: list[tuple[str, Callable[[], State], object, str, str]] = [
    ("not-an-action", turn, 42, "42 is not a Captain Bluff action", ""),
    ("dealing", lambda: cb.new_game(2), EndTurn(),
     "the cards are being dealt: expected a Draw of a card still to deal", "B2"),
    ("plus-one-draws-luggage", plus_one, Draw(cb.STAR),
     "after a plus-one the other players draw luggage cards", "B12"),
    ("draw-not-in-pile", plus_one, Draw(C("r9")), "draw r9 is not in the draw pile", "B15"),
    ("set-draws-any-card-in-pile", set_drawing, Draw(C("r5")),
     "draw r5 is not in the draw pile", "B15"),
    ("draw-first", plus_one, EndTurn(), "player 1 must draw a card first (chance)", "B15"),
    ("won", won, EndTurn(), "the game is over: player 0 has won", "B16"),
    ("turn-limit", limit, EndTurn(),
     "the game is over: the turn limit of 3 is reached", "B17"),
    ("no-draw", turn, Draw(C("r9")), "no card is being drawn", "B15"),
    ("window-pick-up", window, PickUp(0, 4),
     "luggage is picked up only from the end of a row, after its last special, leaving at "
     "least one card", "B14"),
    ("window-answer", window, EndTurn(),
     "player 1 must challenge or pass the luggage just played on conveyor 0", "B13"),
    ("no-window-challenge", turn, Challenge(), "no challenge window is open", "B13"),
    ("no-window-pass", turn, Pass(), "no challenge window is open", "B13"),
    ("setup-place", lambda: play(two_player_start(), "set 0 r1"), CheckDestination(0),
     "setup: player 1 must place a destination card", "B4"),
    ("setup-taken", lambda: play(two_player_start(), "set 0 r1"), SetDestination(0, C("g1")),
     "a setup destination goes from the player's hand to a conveyor without one", "B4"),
    ("setup-not-held", two_player_start, SetDestination(1, C("g1")),
     "a setup destination goes from the player's hand to a conveyor without one", "B4"),
    ("no-main-action", no_main_action, CheckDestination(0),
     "no main action is possible: the turn must end", "B11"),
    ("end-first", turn, EndTurn(), "the turn's main action must be taken first", "B5"),
    ("pick-up", turn, PickUp(0, 2),
     "luggage is picked up only from the end of a row, after its last special, leaving at "
     "least one card", "B14"),
    ("second-special", special_played, PlayEye(()),
     "a special card was already played this turn", "B12"),
    ("no-plus-one", turn, PlayPlusOne(), "player 0 holds no plus_one card", "B12"),
    ("no-star-held", no_specials, PlayStar(0, 3), "player 0 holds no star card", "B12"),
    ("no-arrows-held", no_specials, PlayArrows(0), "player 0 holds no arrows card", "B12"),
    ("no-eye-held", no_specials, PlayEye(()), "player 0 holds no eye card", "B12"),
    ("star-value", turn, PlayStar(0, 4),
     "a star goes on a row of luggage, standing for the row's next value (either neighbour "
     "before the row has a direction, any value directly after arrows), within 1-17", "B12"),
    ("star-no-row", turn, PlayStar(1, 1),
     "a star goes on a row of luggage, standing for the row's next value (either neighbour "
     "before the row has a direction, any value directly after arrows), within 1-17", "B12"),
    ("arrows-no-row", turn, PlayArrows(1), "arrows go on a conveyor with a row of luggage",
     "B12"),
    ("eye-same-conveyor", turn, PlayEye((0, 0)),
     "the eye looks at up to two different conveyors with destination cards", "B12"),
    ("eye-no-destination", turn, PlayEye((4,)),
     "the eye looks at up to two different conveyors with destination cards", "B12"),
    ("main-done", after_main, CheckDestination(0), "the turn's main action was already taken",
     "B5"),
    ("picked-up-play", picked, PlayLuggage(0, (C("r2"),)),
     "player 0 picked up r2 since their turn began: usable from their next turn on", "B14"),
    ("picked-up-set", picked, SetDestination(3, C("r3")),
     "player 0 picked up r3 since their turn began: usable from their next turn on", "B14"),
    ("picked-up-swap", taking, SetDestination(0, C("r2")),
     "player 0 picked up r2 since their turn began: usable from their next turn on", "B14"),
    ("swap-same-card", taking, SetDestination(0, C("r15")),
     "r15 was just taken from conveyor 0: another card of the hand goes in its place", "B9"),
    ("swap-other-conveyor", taking, SetDestination(3, C("g1")),
     "player 0 must put a card of their hand face down on conveyor 0 to finish the swap, not "
     "on conveyor 3", "B9"),
    ("swap-unfinished", taking, EndTurn(),
     "player 0 must put a card of their hand face down on conveyor 0 to finish the swap", "B9"),
    ("swap-special-first", taking, PlayArrows(0),
     "player 0 must put a card of their hand face down on conveyor 0 to finish the swap", "B9"),
    ("swap-not-held", taking, SetDestination(0, C("r9")), f"player 0 does not hold {C('r9')}",
     "B9"),
    ("take-nothing-to-put", only_picked_up, TakeDestination(0),
     "player 0 has no card to put in place of the one taken", "B9"),
    ("play-no-conveyor", turn, PlayLuggage(6, (C("r3"),)), "there is no conveyor 6", "B1"),
    ("play-no-cards", turn, PlayLuggage(0, ()), "expected one or more luggage cards", "B6"),
    ("play-special", turn, PlayLuggage(0, (cb.STAR,)), "expected one or more luggage cards",
     "B6"),
    ("play-not-held", turn, PlayLuggage(0, (C("r3"), C("r4"), C("r9"))),
     "player 0 does not hold r4, r9", "B6"),
    ("play-r1-not-held", turn, PlayLuggage(0, (C("r1"),)), "player 0 does not hold r1", "B6"),
    ("play-two-destinations", turn, PlayLuggage(2, (C("r5"), C("g2"))),
     "the played cards must have one destination", "B6"),
    ("play-no-destination", turn, PlayLuggage(2, (C("r5"),)),
     "conveyor 2 has no destination card to start a row", "B6"),
    ("play-fourth-row", three_rows, PlayLuggage(3, (C("b5"),)), "three rows are open already",
     "B6"),
    ("play-new-row-gap", turn, PlayLuggage(1, (C("r5"), C("r5") + 2)),
     "player 0 does not hold r7", "B6"),
    ("play-new-row-steps", lambda: position(["r5 r7", "b1"], destinations={1: "g15"}),
     PlayLuggage(1, (C("r5"), C("r7"))), "the played cards must run by steps of exactly 1",
     "B6"),
    ("play-other-destination", turn, PlayLuggage(0, (C("g2"),)),
     "the row on conveyor 0 holds another destination", "B6"),
    ("play-row-gap", turn, PlayLuggage(0, (C("r5"),)),
     "the cards must continue the row by steps of exactly 1 in its direction", "B6"),
    ("set-no-conveyor", turn, SetDestination(6, C("r5")), "there is no conveyor 6", "B1"),
    ("check-no-conveyor", turn, CheckDestination(-1), "there is no conveyor -1", "B1"),
    ("take-no-conveyor", turn, TakeDestination(7), "there is no conveyor 7", "B1"),
    ("close-no-conveyor", turn, CloseConveyor(6), "there is no conveyor 6", "B1"),
    ("set-not-empty", turn, SetDestination(1, C("r5")), "conveyor 1 is not empty", "B7"),
    ("set-on-a-row", lambda: attrs.evolve(turn(), destinations=(None, *turn().destinations[1:]),
                                          knowers=(frozenset(), *turn().knowers[1:]),
                                          discard=codes("r15")),
     SetDestination(0, C("r5")), "conveyor 0 is not empty", "B7"),
    ("set-not-held", turn, SetDestination(2, C("r9")), f"player 0 does not hold {C('r9')}",
     "B7"),
    ("check-empty", turn, CheckDestination(4), "conveyor 4 has no destination card", "B8"),
    ("take-empty", turn, TakeDestination(4), "conveyor 4 has no destination card", "B9"),
    ("close-no-luggage", turn, CloseConveyor(1), "conveyor 1 holds no luggage", "B10"),
]


@pytest.mark.parametrize(("make", "action", "reason", "rule"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_refusal_names_reason_and_rule(make: Callable[[], State], action: object, reason: str,
                                       rule: str) -> None:
    assert_refused(cb, make(), action, reason, rule)
