"""Lustry: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from boardrules import IllegalActionError, InvalidOptionsError
from boardrules.games import lustry
from boardrules.games.lustry import (
    Allow,
    Block,
    Defend,
    Discard,
    Draw,
    Drawn,
    EndTurn,
    Exchange,
    Extend,
    Lay,
    Options,
    PutUnder,
    State,
    Steal,
    Unblock,
)
from tests.games.lustry.test_rules import guarded_run, play, red_run_blocked, take


class TestNewGame:
    """Lustry is for exactly two players (the rules file's header); bad options are named."""

    def test_L4_the_default_player_count_is_two_and_player_0_starts_L5(self) -> None:
        assert lustry.new_game() == lustry.new_game(2)
        assert lustry.to_move(lustry.new_game()) == 0

    @pytest.mark.parametrize("players", [1, 3, True, 2.0, "2"])
    def test_L4_bad_player_count_names_players(self, players: object) -> None:
        with pytest.raises(InvalidOptionsError, match="exactly 2 players") as err:
            lustry.new_game(players)  # type: ignore[arg-type]
        assert err.value.option == "players"
        assert str(err.value) == (
            f"invalid option 'players': Lustry is for exactly 2 players, got {players!r}")

    def test_L4_bad_options_name_options(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            lustry.new_game(2, "card")  # type: ignore[arg-type]
        assert err.value.option == "options"
        assert str(err.value) == "invalid option 'options': expected lustry.Options, got str"

    def test_L17_no_result_before_the_end(self) -> None:
        result = lustry.result(lustry.new_game())
        assert result.finished is False and result.winners == ()
        assert result.scores == lustry.scores(lustry.new_game()) == (0, 0)
        assert lustry.returns(lustry.new_game()) == (0.0, 0.0)


# --- refusals: every reason and rule id of IllegalActionError -------------------------------

def refusal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id with which `apply` refuses `action`; state unchanged."""
    with pytest.raises(IllegalActionError) as err:
        lustry.apply(state, action)  # type: ignore[arg-type]
    assert err.value.state is state
    assert err.value.action is action
    return err.value.reason, err.value.rule


def _start() -> State:
    return lustry.new_game()


def _chance() -> State:
    """Player 0 draws from the red draw pile: a card is coming off it."""
    return play(lustry.new_game(), "draw r")


def _ready() -> State:
    """Player 0 has drawn seven cards (red 1, 2; green 2-4; blue 1, 2) and plays."""
    return take(lustry.new_game(), "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")


def _fives() -> State:
    return take(lustry.new_game(), "r1c", "r2ce", "r3cf", "r5sf", "r5sf", "g4se", "g5se")


def _one_five() -> State:
    return take(lustry.new_game(), "r1c", "r5sf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")


def _stealer() -> State:
    """Player 0 holds the steal card r0."""
    return take(lustry.new_game(), "r0", "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c")


def _exchanging() -> State:
    """Player 0 exchanged the blocked red sequence: its four cards wait to go under."""
    state = take(red_run_blocked(), "r2se", "r3se", "r0", "b0")
    return play(state, "steal r0 b", "allow", "exchange r3se r2se")


def _exchanging_two_colours() -> State:
    """Exchanged red cards and blue blockers wait: red goes under first."""
    state = take(lustry.new_game(), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf")
    state = play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    state = take(state, "b3ce", "g2ce", "b4ce", "g1s", "g2sf", "b2sf", "b3sf")
    state = play(state, "block b3ce>r3cf", "block g2ce>r2cf", "block b4ce>r4cf", "end")
    return play(take(state, "r2se", "r3se", "b1s", "b5sf"), "exchange r2se r3se")


def _defending() -> State:
    """Player 1 steals red with b0; player 0, holding g0, defends or allows."""
    state = play(take(lustry.new_game(), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf"),
                 "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    return play(state, "steal b0 r")


def _closed_red() -> State:
    """Player 0 closed red (1-5 of the circle, filled) and still holds r1s and r2sf."""
    state = take(lustry.new_game(), "r1c", "r2cf", "r3cf", "r4cf", "r5cf", "r1s", "r2sf")
    return play(state, "lay r1c r2cf", "extend r3cf", "extend r4cf", "extend r5cf")


def _facing_closed_red() -> State:
    """Player 1 holds b3ce against player 0's closed red sequence."""
    state = play(_closed_red(), "end")
    return take(state, "b3ce", "b4ce", "r3se", "g2sf", "g3sf", "g4sf", "b1s")


def _facing_red_run() -> State:
    """Player 1 holds blockers against player 0's red r1c-r4cf, nothing beside it."""
    state = play(take(lustry.new_game(), "r1c", "r2cf", "r3cf", "r4cf", "g2cf", "g3cf", "g4cf"),
                 "lay r1c r2cf", "extend r3cf", "extend r4cf", "end")
    return take(state, "b3ce", "g3ce", "r3ce", "b4cf", "g1s", "b2ce", "b5sf")


def _blocked_once() -> State:
    return play(_facing_red_run(), "block b3ce>r3cf")


def _unblocked_run() -> State:
    """Player 0's red r1c-r3cf has no blocker; they hold r3ce."""
    state = take(lustry.new_game(), "r1c", "r2cf", "r3cf", "r3ce", "g2cf", "g3cf", "g4cf")
    return play(state, "lay r1c r2cf", "extend r3cf")


def _won() -> State:
    state = take(red_run_blocked(), "r5cf", "r3ce", "g1c", "g5cf")
    return play(state, "extend r5cf", "unblock r3ce>b3ce", "lay g1c g2cf", "extend g3cf",
                "extend g4cf", "extend g5cf")


def _turn_limit() -> State:
    state = take(lustry.new_game(2, Options(turn_limit=1)),
                 "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    return play(state, "end")


def _empty_red_draw_pile() -> State:
    """The first turn with all red cards in player 0's discard pile (a loaded position)."""
    start = lustry.new_game()
    state = attrs.evolve(start, draw=((), *start.draw[1:]),
                         discards=(start.draw[0], *start.discards[1:]),
                         seen=((False,) * 25, *start.seen[1:]))
    lustry.validate_state(state)
    return state


_REFUSALS: list[tuple[Callable[[], State], object, str, str]] = [
    (_won, EndTurn(), "the game is over", "L17"),
    (_turn_limit, EndTurn(), "the game is over", "L18"),
    (_ready, "end", "'end' is not a Lustry action", ""),
    (_exchanging, EndTurn(), "player 0 must first put the exchanged cards r1c r2cf r3cf r4cf "
     "under their discard piles", "L14"),
    (_exchanging, PutUnder("b3ce"), "b3ce is not among the exchanged cards r1c r2cf r3cf r4cf",
     "L14"),
    (_exchanging_two_colours, PutUnder("b4ce"), "the red exchanged cards go under first (the "
     "colours are done in the order red, green, blue)", "L14"),
    (_ready, PutUnder("r1c"), "no exchanged cards are waiting to go under a discard pile",
     "L14"),
    (_chance, Drawn("g1c"), "g1c is not in the red draw pile", "L7"),
    (_chance, Draw("g"), "a card is coming off the red draw pile: expected a drawn card", "L7"),
    (_start, Drawn("r1c"), "no card is being drawn from a draw pile", "L7"),
    (_start, Draw("x"), "there is no pile x@None", "L4"),
    (_start, Draw("r", 2), "there is no pile r@2", "L4"),
    (_empty_red_draw_pile, Draw("r"), "the red draw pile is empty", "L6"),
    (_start, Draw("g", 1), "player 1's green discard pile is empty", "L6"),
    (_start, EndTurn(), "player 0 holds fewer than 7 cards and must draw first (phase 1)",
     "L6"),
    (_ready, Draw("r"), "cards are drawn only in phase 1, at the start of a turn", "L6"),
    (_defending, Defend("r1c"), "r1c is not a steal card", "L15"),
    (_defending, Defend("r0"), "player 0 does not hold r0", "L15"),
    (_defending, EndTurn(), "player 0 must defend the steal or allow it", "L15"),
    (_ready, Allow(), "no steal is waiting for a defence", "L15"),
    (_ready, Defend("g0"), "no steal is waiting for a defence", "L15"),
    (_ready, Discard("r9"), "'r9' is not a card", "L1"),
    (_ready, Discard("r5cf"), "player 0 does not hold r5cf", "L11"),
    (_ready, Lay("r2cf", "r3cf"), "player 0 does not hold r3cf", "L9"),
    (_ready, Exchange("g4cf", "g5cf"), "player 0 does not hold g5cf", "L14"),
    (_ready, Extend("r3cf"), "player 0 does not hold r3cf", "L10"),
    (_ready, Block("b3ce", "r3cf"), "player 0 does not hold b3ce", "L12"),
    (_ready, Unblock("r3ce", "b3ce"), "player 0 does not hold r3ce", "L13"),
    (_ready, Steal("r0", "g"), "player 0 does not hold r0", "L15"),
    (_ready, Lay("r5sf", "r5sf"), "player 0 does not hold r5sf", "L9"),
    (_one_five, Lay("r5sf", "r5sf"), "player 0 holds only one r5sf", "L9"),
    (_fives, Lay("r1c", "r3cf"), "r1c and r3cf are neither consecutive cards of one branch nor "
     "two 5s of one branch (lower card first)", "L9"),
    (lambda: play(_fives(), "lay r5sf r5sf"), Lay("r1c", "r2ce"),
     "player 0 already has a red sequence (exchange it instead)", "L9"),
    (_fives, Exchange("r1c", "r2ce"), "player 0 has no red sequence to exchange", "L14"),
    (_closed_red, Exchange("r1s", "r2sf"), "player 0's red sequence is closed", "L16"),
    (_stealer, Extend("r0"), "r0 is a steal card, not part of any sequence", "L15"),
    (_ready, Extend("g2cf"), "player 0 has no green sequence", "L10"),
    (_closed_red, Extend("r1s"), "player 0's red sequence is closed", "L16"),
    (lambda: play(take(lustry.new_game(), "r1c", "r2cf", "r5cf", "r5cf", "r4ce", "r0", "g1s"),
                  "lay r1c r2cf"),
     Extend("r4ce"), "r4ce is not of the sequence's branch", "L10"),
    (_stealer, Block("r0", "g3cf"), "r0 cannot block g3cf", "L12"),
    (_facing_red_run, Block("g1s", "r1c"), "g1s cannot block r1c", "L12"),
    (_facing_red_run, Block("b3ce", "x"), "b3ce cannot block x", "L12"),
    (_facing_red_run, Block("b3ce", "r0"), "b3ce cannot block r0", "L12"),
    (_facing_red_run, Block("b2ce", "r1c"), "a card of value 1 cannot be blocked", "L12"),
    (_facing_red_run, Block("r3ce", "r3cf"), "a blocking card must have a different colour",
     "L12"),
    (_facing_red_run, Block("b4cf", "r4cf"),
     "b4cf must have the same shape and value as r4cf and the inverse fill", "L12"),
    (_facing_red_run, Block("b5sf", "r4cf"),
     "b5sf must have the same shape and value as r4cf and the inverse fill", "L12"),
    (_facing_red_run, Block("b3ce", "g3cf"), "the opponent has no g3cf in a laid sequence",
     "L12"),
    (_facing_closed_red, Block("b3ce", "r3cf"), "a closed sequence cannot be blocked", "L16"),
    (guarded_run, Block("b4ce", "r4cf"),
     "an unblocking card protects the opponent's red sequence from further blocks", "L13"),
    (_blocked_once, Block("g3ce", "r3cf"),
     "every r3cf of the opponent is blocked or protected already", "L12"),
    (_ready, Unblock("r1c", "b3ce"), "r1c cannot unblock anything", "L13"),
    (_closed_red, Unblock("r2sf", "b2se"), "a closed sequence cannot be unblocked", "L16"),
    (_unblocked_run, Unblock("r3ce", "b3ce"), "no r3cf of player 0 is blocked by b3ce", "L13"),
    (_ready, Steal("r1c", "g"), "r1c is not a steal card", "L15"),
    (_stealer, Steal("r0", "x"), "'x' is not a colour: name r, g or b", "L15"),
]


class TestRefusalReasons:
    """Every refusal names its reason and rule id (both are public in IllegalActionError)."""

    @pytest.mark.parametrize(
        ("base", "action", "reason", "rule"),
        [pytest.param(base, action, reason, rule, id=f"{rule or 'none'}-{i}")
         for i, (base, action, reason, rule) in enumerate(_REFUSALS)],
    )
    def test_refusals_name_reason_and_rule(
        self, base: Callable[[], State], action: object, reason: str, rule: str
    ) -> None:
        state = base()
        assert action not in lustry.legal_actions(state)
        assert refusal(state, action) == (reason, rule)
