"""Captain Bluff `validate_state`: each impossible state is refused with its exact message.

The message of `InvalidStateError` is public (a server returns it, a user reads it), so
each refusal is checked word for word: one impossible state per check, built from a
possible one by changing what the check looks at (B1-B18).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import InvalidStateError
from boardrules.games import captain_bluff as cb
from boardrules.games import kivi
from boardrules.games.captain_bluff import Draw, FaceDown, Options, Stage, State
from boardrules.games.captain_bluff.cards import CARDS
from tests.games.captain_bluff.helpers import C, codes, play, position
from tests.games.captain_bluff.test_rules import VARIANT, placed_two_player, two_player_start


def board() -> State:
    """P0 (g3 g4) to play; a red row r5 r6 at conveyor 0 (destination r1, known to P0),
    g9 face down in the discard pile known to P1."""
    return position(["g3 g4", "b1"], destinations={0: "r1"}, buried=[("g9", {1})],
                    rows={0: "r5 r6"})


def dealing() -> State:
    """Two cards dealt in a 2-player game: r1 to P0, r2 to P1."""
    return cb.apply(cb.apply(cb.new_game(2), Draw(C("r1"))), Draw(C("r2")))


def setting_up() -> State:
    """The 2-player start, P0 placed r12 at conveyor 0 (P1 to place)."""
    return play(two_player_start(), "set 0 r12")


def windowed() -> State:
    """P0 played g3 on conveyor 1 (destination g1): the window asks P1."""
    return play(position(["g3 g9", "b1", "b2"], destinations={1: "g1"}), "play 1 g3")


def plus_one() -> State:
    """P0 played a plus-one: P1 and P2 (fewer than 5 cards) draw in seat order."""
    return play(position(["plus_one r5", "b1", "b2"], destinations={0: "r1"}), "plus_one")


def moved(state: State, card: int, source: str, target: str) -> dict[str, Any]:
    """Return the changes that move one `card` from pile `source` to pile `target`."""
    rest = list(getattr(state, source))
    rest.remove(card)
    return {source: tuple(rest), target: tuple(sorted((*getattr(state, target), card)))}


def evolve(make: Callable[[], State], **changes: Any) -> Callable[[], State]:
    """Return a maker of `make()` with fields changed."""
    return lambda: attrs.evolve(make(), **changes)


def changed(make: Callable[[], State], change: Callable[[State], dict[str, Any]],
            ) -> Callable[[], State]:
    """Return a maker of `make()` with the fields `change` computes from it changed."""

    def build() -> State:
        state = make()
        return attrs.evolve(state, **change(state))

    return build


def swap_star_into_draw(state: State) -> dict[str, Any]:
    """P0's star goes into the draw pile, a luggage card of the pile into P0's hand."""
    luggage = state.draw[-1] if state.draw[-1] < cb.LUGGAGE else state.draw[0]
    hand = sorted((*(c for c in state.hands[0] if c != cb.STAR), luggage))
    draw = sorted((*(c for c in state.draw if c != luggage), cb.STAR))
    return {"hands": (tuple(hand), *state.hands[1:]), "draw": tuple(draw)}


def plus_one_variant() -> State:
    """Variant: P0 played a plus-one; P1 and P2 draw; the pile holds g10 and a star."""
    return play(position(["plus_one r5", "b1", "b2"], draw="g10 star", destinations={0: "r1"},
                         options=VARIANT), "plus_one")


def plus_one_empty_piles() -> State:
    """Variant: P0 played a plus-one; every card of the draw pile moved into P0's hand, and
    the discard pile is empty: P1 and P2 are to draw from nothing."""
    state = play(position(["plus_one r5", "b1", "b2"], destinations={0: "r1"},
                          options=VARIANT), "plus_one")
    assert not state.discard and not state.buried
    return attrs.evolve(state, draw=(), hands=(tuple(sorted(state.hands[0] + state.draw)),
                                               *state.hands[1:]))


def at_the_limit() -> State:
    return position(["r5", "b1"], destinations={0: "r1"}, options=Options(turn_limit=3), turn=3)


CASES: list[tuple[str, Callable[[], State], str]] = [
    ("buried-order", evolve(board, buried=(FaceDown(C("g9"), frozenset({1})),
                                           FaceDown(C("g3"), frozenset({0})))),
     "buried: entries must be ordered by card, then knowers"),
    ("conservation", evolve(board, hands=(codes("g3 g3"), codes("b1"))),
     "card conservation: too many g3 x1; missing g4 x1 (65 cards, B1)"),
    ("removed-luggage", changed(board, lambda s: moved(s, s.draw[0], "draw", "removed")),
     "removed: only played plus_one cards leave the game face up (B12)"),
    ("discard-plus-one", changed(board, lambda s: moved(s, cb.PLUS_ONE, "draw", "discard")),
     "discard: a played plus_one leaves the game and a destination card is discarded face "
     "down, so no plus_one lies face up in the discard pile (B10, B12)"),
    ("stowed-luggage", changed(board, lambda s: moved(s, s.draw[0], "draw", "stowed")),
     "stowed: only special cards leave the game at setup (B3)"),
    ("stowed-count", changed(board, lambda s: moved(s, cb.PLUS_ONE, "draw", "stowed")),
     "stowed: expected 8 specials out of the game after the deal (B3)"),
    ("stowed-while-dealing", changed(dealing, lambda s: moved(s, cb.STAR, "draw", "stowed")),
     "stowed: no card leaves the game during the deal"),
    ("reshuffled-in-setup", evolve(setting_up, reshuffled=True),
     "reshuffled: the discard pile is reshuffled only during play (B15)"),
    ("setup-played", changed(setting_up, lambda s: moved(s, s.draw[0], "draw", "discard")),
     "setup: no cards are played before every destination is placed (B4)"),
    ("setup-turn", evolve(setting_up, turn=1), "setup: no turn has started yet"),
    ("setup-all-placed", evolve(placed_two_player, stage=Stage.PLACE),
     "setup: 4 destinations placed, the game starts after 4 (B4)"),
    ("deal-discard", changed(dealing, lambda s: moved(s, s.draw[0], "draw", "discard")),
     "deal: only hands and the draw pile hold cards during the deal (B2)"),
    ("deal-turn", evolve(dealing, main_done=True), "deal: no turn has started yet"),
    ("deal-order", changed(dealing, lambda s: {"hands": (codes("r1 r2"), ())}),
     "deal: player 0 should hold 1 luggage and 0 specials so far, dealt one at a time in "
     "seat order (B2)"),
    ("deal-done", evolve(lambda: two_player_start(VARIANT), stage=Stage.DEAL),
     "deal: every card is dealt, so the stage must be 'place'"),
    ("draw-empty", changed(lambda: position(["g3", "b1"], destinations={0: "r1"}, draw="g10"),
                           lambda s: moved(s, C("g10"), "draw", "discard")),
     "draw: the draw pile is empty but the discard pile is not: it becomes the new draw "
     "pile as soon as the draw pile runs out (B15)"),
    ("draw-special", changed(placed_two_player, swap_star_into_draw),
     "draw: without specials_in_draw_pile the draw pile holds only luggage until the "
     "discard pile is reshuffled into it (B3, B15)"),
    ("turn-limit", evolve(at_the_limit, main_done=True),
     "turn: the turn limit is reached, so no turn can be in progress (B17)"),
    ("turn-limit-special", evolve(at_the_limit, special_used=True),
     "turn: the turn limit is reached, so no turn can be in progress (B17)"),
    ("window-unpolled", evolve(windowed, polled=None),
     "window, polled: an open challenge window asks one player (B13)"),
    ("window-no-row", evolve(windowed, window=4),
     "window: a challenge window needs the row just played on (B13)"),
    ("polled-active", evolve(windowed, polled=0),
     "polled: the polled player must be another player (B13)"),
    ("window-before-main", evolve(windowed, main_done=False),
     "window: a challenge window opens only after the main action (B13)"),
    ("window-draws", evolve(windowed, draws=(1,)),
     "draws: nobody draws while a challenge window is open"),
    ("winner-not-active", evolve(board, winner=1),
     "winner: the active player wins with an empty hand after resolving (B16)"),
    ("winner-holding-cards", evolve(board, winner=0),
     "winner: the active player wins with an empty hand after resolving (B16)"),
    ("exposed-order", evolve(board, hands=(codes("g3 g4"), codes("b1")),
                             exposed=((C("g4"), C("g3")), ())),
     "exposed[0]: cards must be in ascending order"),
    ("setup-buried", changed(setting_up, lambda s: {
        "draw": s.draw[1:], "buried": (FaceDown(s.draw[0], frozenset({0})),)}),
     "setup: no cards are played before every destination is placed (B4)"),
    ("turn-limit-draws", evolve(at_the_limit, draws=(1,)),
     "turn: the turn limit is reached, so no turn can be in progress (B17)"),
    ("draws-empty-piles", plus_one_empty_piles,
     "draws: a draw is pending but the draw pile is empty (B15: reshuffle first)"),
    ("draws-no-luggage", changed(plus_one_variant, lambda s: {
        "draw": (cb.STAR,), "hands": (s.hands[0], tuple(sorted((*s.hands[1], C("g10")))),
                                      s.hands[2])}),
     "draws: a plus-one's draw is pending but the draw pile holds no luggage, so it is "
     "skipped (B12)"),
    ("draws-twice", evolve(plus_one, draws=(1, 1)), "draws: a player draws at most once at a time"),
    ("draws-before-set", evolve(board, draws=(0,)),
     "draws: the active player draws only after setting a destination (B7)"),
    ("draws-without-plus-one", evolve(board, draws=(1,)),
     "draws: only a plus-one card makes the other players draw (B12)"),
    ("draws-five-cards", evolve(lambda: play(position(["plus_one r5", "b1 b2 b3 b4 b5", "b6"],
                                                      destinations={0: "r1"}), "plus_one"),
                                draws=(1, 2)),
     "draws: a plus-one card makes only players with fewer than 5 cards draw (B12)"),
    ("draws-seat-order", evolve(plus_one, draws=(2, 1)),
     "draws: after a plus-one the other players draw in seat order from the active player's "
     "left (B12)"),
    ("first-turn-reshuffled", evolve(placed_two_player, reshuffled=True),
     "turn 0: before the first main action no card is played, discarded, picked up or "
     "reshuffled (B5)"),
    ("first-turn-special", evolve(placed_two_player, special_used=True),
     "turn 0: before the first main action the only card played can be the turn's special, "
     "an eye (discarded) or a plus_one (removed) (B5, B12)"),
    ("empty-hand-not-active", evolve(board, hands=(codes("g3 g4 b1"), ())),
     "hands[1]: only the active player can empty their hand (B16)"),
    ("buried-code-55", evolve(board, buried=(FaceDown(CARDS, frozenset({0})),)),
     f"buried[0]: {CARDS} is not a card code"),
    ("knower-7", changed(board, lambda s: {"knowers": (frozenset({7}), *s.knowers[1:])}),
     "knowers[0]: no player 7 in a 2-player game"),
]


@pytest.mark.parametrize(("make", "message"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_impossible_state_refused_with_its_message(make: Callable[[], State],
                                                    message: str) -> None:
    state = make()
    with pytest.raises(InvalidStateError) as err:
        cb.validate_state(state)
    assert str(err.value) == f"state: {message}"


def test_another_games_state_is_refused_naming_both_classes() -> None:
    with pytest.raises(InvalidStateError) as err:
        cb.validate_state(kivi.new_game(2))  # type: ignore[arg-type]
    assert str(err.value) == "state: expected a captain_bluff.State, got kivi.State"
