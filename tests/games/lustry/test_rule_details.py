"""Lustry: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import BoardrulesError, InvalidOptionsError, InvalidStateError, Result
from boardrules.games import lustry
from boardrules.games.lustry import (
    NO_SEQUENCE,
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
    Phase,
    PutUnder,
    Sequence,
    State,
    Steal,
    Unblock,
)
from boardrules.games.lustry.cards import sort_cards
from tests.games.lustry.test_rules import guarded_run, play, red_run_blocked, take
from tests.refusals import assert_refused


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


def _closed_green() -> State:
    """Player 0 closed green and still holds g1s and g2sf."""
    state = take(lustry.new_game(), "g1c", "g2cf", "g3cf", "g4cf", "g5cf", "g1s", "g2sf")
    return play(state, "lay g1c g2cf", "extend g3cf", "extend g4cf", "extend g5cf")


def _facing_closed_red() -> State:
    """Player 1 holds b3ce against player 0's closed red sequence."""
    state = play(_closed_red(), "end")
    return take(state, "b3ce", "b4ce", "r3se", "g2sf", "g3sf", "g4sf", "b1s")


def _facing_closed_green() -> State:
    """Player 1 holds b3ce against player 0's closed green sequence."""
    state = play(_closed_green(), "end")
    return take(state, "b3ce", "r1s", "r2sf", "r3sf", "b1s", "b2sf", "b3sf")


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
    (lambda: play(_fives(), "lay r1c r2ce"), Lay("r5sf", "r5sf"),  # both r5sf held
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
    (_facing_red_run, Block("b2ce", "r2ce"),
     "b2ce must have the same shape and value as r2ce and the inverse fill", "L12"),
    (_facing_closed_red, Block("b3ce", "r3cf"), "a closed sequence cannot be blocked", "L16"),
    (_facing_closed_green, Block("b3ce", "g3cf"), "a closed sequence cannot be blocked", "L16"),
    (guarded_run, Block("b4ce", "r4cf"),
     "an unblocking card protects the opponent's red sequence from further blocks", "L13"),
    (_blocked_once, Block("g3ce", "r3cf"),
     "every r3cf of the opponent is blocked or protected already", "L12"),
    (_ready, Unblock("r1c", "b3ce"), "r1c cannot unblock anything", "L13"),
    (_closed_red, Unblock("r2sf", "b2se"), "a closed sequence cannot be unblocked", "L16"),
    (_unblocked_run, Unblock("r3ce", "b3ce"), "no r3cf of player 0 is blocked by b3ce", "L13"),
    (_closed_green, Unblock("g2sf", "b2se"), "a closed sequence cannot be unblocked", "L16"),
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
        assert_refused(lustry, state, action, reason, rule)


# --- validation: every refusal of a loaded state, by its whole message ----------------------

def _midgame() -> State:
    """Player 1 to play: player 0 laid r1c r2cf and discarded b3cf; player 1 stole red."""
    state = take(lustry.new_game(), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf")
    state = play(state, "lay r1c r2cf", "discard b3cf", "end")
    state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
    return play(state, "steal b0 r", "allow")


def _first_turn() -> State:
    """Player 0 has drawn seven cards in the first turn and plays."""
    return take(lustry.new_game(), "r1c", "r2cf", "r3cf", "g3ce", "b3ce", "r4cf", "g2cf")


def _at(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1:])


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


def _deadlocked() -> State:
    """Each player has closed one sequence and all nine steal cards are laid; player 0's
    turn counted towards the deadlock draw (stall 1 of 2); player 1 is to draw."""
    state = _steal_cards_laid(Options(stall_turns=2), "r", "g")
    assert state.stall == 1 and state.player == 1
    return state


def _steal_cards_laid(options: Options, first: str, second: str) -> State:
    """Player 0 closes the `first` colour's sequence, player 1 the `second`'s, and player 0
    lays the last five steal cards on the `first` colour, then ends the turn (L18)."""
    state = take(lustry.new_game(2, options),
                 f"{first}1c", f"{first}2cf", f"{first}3cf", f"{first}4cf", f"{first}5cf",
                 f"{first}0", f"{first}0")
    state = play(state, f"lay {first}1c {first}2cf", f"extend {first}3cf",
                 f"extend {first}4cf", f"extend {first}5cf", f"steal {first}0 {second}",
                 "allow", f"steal {first}0 {second}", "allow", "end")
    state = take(state, f"{second}1c", f"{second}2cf", f"{second}3cf", f"{second}4cf",
                 f"{second}5cf", f"{first}0", f"{second}0")
    state = play(state, f"lay {second}1c {second}2cf", f"extend {second}3cf",
                 f"extend {second}4cf", f"extend {second}5cf", f"steal {first}0 b", "allow",
                 f"steal {second}0 b", "allow", "end")
    assert state.stall == 0  # two steal cards are still to be laid
    stolen = (f"{second}0", f"{second}0", "b0", "b0", "b0")
    state = take(state, *stolen, "b1c", "b2cf")
    for card in stolen:
        state = play(state, f"steal {card} {first}", "allow")
    return play(state, "end")


def _player_1_stole() -> State:
    """Player 1 laid r0 and took player 0's six green cards: twelve cards in hand (L15)."""
    state = take(lustry.new_game(), "g1c", "g2cf", "g3cf", "g4cf", "g5se", "g1s", "b1c")
    state = play(state, "end")
    state = take(state, "r0", "r1c", "r2cf", "r3cf", "b1s", "b2sf", "b3sf")
    return play(state, "steal r0 g", "allow")


def _drawn_at_the_limit() -> State:
    """Both players laid a sequence; the game ended at its turn limit of 2 (L18)."""
    state = take(lustry.new_game(2, Options(turn_limit=2)),
                 "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
    state = play(state, "lay r1c r2cf", "end")
    state = take(state, "g1s", "g2sf", "r3sf", "r4sf", "b1s", "b2sf", "b3sf")
    return play(state, "lay g1s g2sf", "end")


def _red(state: State, *cards: str | None, closed: bool = False,
         blockers: tuple[str | None, ...] | None = None,
         unblockers: tuple[str | None, ...] | None = None) -> dict[str, Any]:
    """The change giving player 0 the red sequence `cards` (with what lies beside it)."""
    n = len(cards)
    seq = Sequence(cards, blockers or (None,) * n, unblockers or (None,) * n,  # type: ignore[arg-type]
                   closed)
    return {"sequences": _at(state.sequences, 0, seq)}


_BAD_STATES: list[tuple[str, Callable[[], State], Callable[[State], dict[str, Any]], str]] = [
    ("shape", _midgame, lambda s: {"draw": s.draw[:2]}, "draw: expected 3 entries"),
    ("shape", _midgame, lambda s: {"discards": s.discards[:5]}, "discards: expected 6 entries"),
    ("shape", _midgame, lambda s: {"seen": s.seen[:5]}, "seen: expected 6 entries"),
    ("shape", _midgame, lambda s: {"hands": s.hands[:1]}, "hands: expected 2 entries"),
    ("shape", _midgame, lambda s: {"exposed": s.exposed[:1]}, "exposed: expected 2 entries"),
    ("shape", _midgame, lambda s: {"sequences": s.sequences[:5]},
     "sequences: expected 6 entries"),
    ("shape", _midgame, lambda s: {"steals": s.steals[:5]}, "steals: expected 6 entries"),
    ("L1", _midgame, lambda s: {"draw": _at(s.draw, 0, ("x9", *s.draw[0][1:]))},
     "draw[0][0]: 'x9' is not a card"),
    ("L1", _midgame, lambda s: {"draw": _at(s.draw, 1, ("r1c", *s.draw[1][1:]))},
     "draw[1][0]: r1c is not of colour g"),
    ("L1", _midgame, lambda s: {"draw": _at(s.draw, 0, s.draw[0][::-1])},
     "draw[0]: cards must be in canonical order"),
    ("L1", _midgame, lambda s: {"discards": _at(s.discards, 2, ("r3cf",))},
     "discards[2][0]: r3cf is not of colour b"),
    ("L19", _midgame, lambda s: {"seen": _at(s.seen, 2, ())},
     "seen[2]: expected one mark per card of discards[2]"),
    ("L1", _midgame, lambda s: {"hands": (s.hands[0], s.hands[1][::-1])},
     "hands[1]: cards must be in canonical order"),
    ("L19", _midgame, lambda s: {"exposed": (("g1c",), s.exposed[1])},
     "exposed[0]: the opponent cannot know cards that are not in the hand"),
    ("L15", _player_1_stole, lambda s: {"steals": _at(s.steals, 3, 0)},
     "hands[1]: more than 7 cards, but only a steal the player made fills a hand above that, "
     "and they laid no steal card (L6, L8, L15)"),
    ("L1", _midgame, lambda s: {"pending": ("x",), "pending_known": (0,)},
     "pending[0]: 'x' is not a card"),
    ("L14", _exchanging, lambda s: {"exchanged": s.exchanged[::-1]},
     "exchanged: cards must be in canonical order"),
    ("L7", _midgame, lambda s: {"pending_known": (1,)},
     "pending_known: expected one entry per pending card"),
    ("L7", _chance, lambda s: {"pending": ("r1c",), "pending_known": (4,),
                               "draw": _at(s.draw, 0, s.draw[0][1:])},
     "pending_known[0]: expected 0 to 3, got 4"),
    ("L15", _midgame, lambda s: {"steals": _at(s.steals, 0, 4)},
     "steals[0]: expected 0 to 3 laid steal cards, got 4"),
    ("L15", _midgame, lambda s: {"steals": _at(s.steals, 0, -1)},
     "steals[0]: expected 0 to 3 laid steal cards, got -1"),
    ("L9", _midgame, lambda s: _red(s, "r1c"),
     "sequences[0]: a sequence has at least two cards and one blocker and unblocker entry "
     "per card"),
    ("L9", _midgame, lambda s: _red(s, "r1c", "r2cf", blockers=(None,)),
     "sequences[0]: a sequence has at least two cards and one blocker and unblocker entry "
     "per card"),
    ("L9", _midgame, lambda s: _red(s, "r1c", "r2cf", unblockers=(None,)),
     "sequences[0]: a sequence has at least two cards and one blocker and unblocker entry "
     "per card"),
    ("L9", _midgame, lambda s: {"sequences": _at(s.sequences, 1, Sequence((), (None,), ()))},
     "sequences[1]: a sequence has at least two cards and one blocker and unblocker entry "
     "per card"),
    ("L9", _midgame, lambda s: _red(s, "r2cf", "r1c"),
     "sequences[0].cards: cards must be in canonical order"),
    ("L9", _midgame, lambda s: _red(s, "g1c", "g2cf"),
     "sequences[0].cards[0]: g1c is not of colour r"),
    ("L9", _midgame, lambda s: _red(s, "r1c", "r0"), "sequences[0]: r0 cannot end a sequence"),
    ("L9", _midgame, lambda s: _red(s, "r2cf", "r2cf"),
     "sequences[0]: the value 2 appears twice"),
    ("L9", _midgame, lambda s: _red(s, "r1c", "r3cf"),
     "sequences[0]: no two consecutive values nor two 5s, so it was never laid (L9)"),
    ("L12", _midgame, lambda s: _red(s, "r1c", "r2cf", blockers=("g1c", None)),
     "sequences[0].blockers[0]: g1c cannot block r1c (L12)"),
    ("L13", _midgame, lambda s: _red(s, "r1c", "r2cf", blockers=(None, "g2ce"),
                                     unblockers=(None, "r2ce")),
     "sequences[0]: r2cf is both blocked and protected (L12, L13)"),
    ("L13", _midgame, lambda s: _red(s, "r1c", "r2cf", unblockers=(None, "r2cf")),
     "sequences[0].unblockers[1]: r2cf cannot unblock r2cf (L13)"),
    ("L16", _midgame, lambda s: _red(s, "r1c", "r2cf", closed=True),
     "sequences[0]: closed but not all values 1-5 unblocked (L16)"),
    ("L16", _closed_red, lambda s: {"sequences": _at(s.sequences, 3, s.sequences[0])},
     "two closed sequences of one colour (L16)"),
    ("L16", _midgame, lambda s: _red(s, "r1c", "r2cf", "r3cf", "r4cf", "r5cf"),
     "sequences[0]: complete and unblocked, so it would have closed (L16)"),
    ("L14", _exchanging, lambda s: {"exchanged": ("r4cf",), "draw": _at(
        s.draw, 0, sort_cards((*s.draw[0], "r1c", "r2cf", "r3cf")))},
     "exchanged: the r cards are all of one kind, so their order needs no choice and they go "
     "under the pile at once (L14)"),
    ("L14", _exchanging, lambda s: {"exchanged": ("r1c", "r2cf", "r3cf", "r1s"), "draw": _at(
        s.draw, 0, sort_cards((*_without(s.draw[0], "r1s"), "r4cf")))},
     "exchanged: cards of both shapes, but a sequence is of one branch and the cards beside "
     "it have its shape (L9, L12, L13)"),
    ("L14", _exchanging, lambda s: {"sequences": _at(s.sequences, 0, NO_SEQUENCE), "draw": _at(
        s.draw, 0, sort_cards((*s.draw[0], "r2se", "r3se")))},
     "exchanged: player 0 has no new sequence of two cards with nothing beside it whose "
     "colour makes the other waiting cards its old blockers (value 2 or more, one fill) "
     "(L12, L14)"),
    ("L6", _first_turn, lambda s: {"draw": _at(s.draw, 0, _without(s.draw[0], "r5cf")),
                                   "discards": _at(s.discards, 3, ("r5cf",)),
                                   "seen": _at(s.seen, 3, (False,))},
     "turn: in the first turn player 1 has no cards and has played nothing"),
    ("L9", _first_turn, lambda s: {  # player 1's red sequence, laid before their first turn
        "sequences": _at(s.sequences, 3, Sequence(("r1s", "r2sf"), (None, None), (None, None))),
        "draw": _at(s.draw, 0, _without(_without(s.draw[0], "r1s"), "r2sf"))},
     "turn: in the first turn player 1 has no cards and has played nothing"),
    ("L18", _deadlocked, lambda s: {"options": Options(stall_turns=1)},
     "stall: the deadlock limit is reached, so the game is over (L18)"),
    ("L1", _midgame, lambda s: {"draw": _at(s.draw, 0, s.draw[0][1:])},
     "the cards are not the 75 of the game (L1, L3): extra [], missing ['r4cf']"),
    ("L18", _midgame, lambda s: {"turn": 501}, "turn: expected 0 to 500, got 501"),
    ("L18", _midgame, lambda s: {"turn": -1}, "turn: expected 0 to 500, got -1"),
    ("L5", _midgame, lambda s: {"player": 0},
     "player: after 1 turns from player 0, it is player 1's turn, not 0"),
    ("L5", _deadlocked, lambda s: {"player": 0},
     "player: after 3 turns from player 0, it is player 1's turn, not 0"),
    ("L15", _midgame, lambda s: {"named": "r"},
     "named: a colour is named exactly while a steal awaits its defence (L15)"),
    ("L15", _defending, lambda s: {"named": "x"}, "named: 'x' is not a colour"),
    ("L7", _midgame, lambda s: {"source": "r"},
     "source: a card comes off a non-empty draw pile only while drawing (L7)"),
    ("L7", _chance, lambda s: {"source": "x"},
     "source: a card comes off a non-empty draw pile only while drawing (L7)"),
    ("L7", _midgame, lambda s: {"pending": ("r4cf",), "pending_known": (0,),
                                "draw": _at(s.draw, 0, s.draw[0][1:])},
     "pending: cards are pending only while drawing (L7)"),
    ("L14", _exchanging, lambda s: {"phase": Phase.PLAY},
     "exchanged: cards wait to go under the discard piles exactly while an exchange is "
     "completed (phase 'exchange') (L14)"),
    ("L14", _exchanging, lambda s: {"progress": False},
     "progress: an exchange lays a sequence, so the player added cards to one (L18)"),
    ("L18", _midgame, lambda s: {"stall": 11}, "stall: expected 0 to 10, got 11"),
    ("L18", _midgame, lambda s: {"stall": -1}, "stall: expected 0 to 10, got -1"),
    ("L17", _midgame, lambda s: {"winner": 5}, "winner: expected 0, 1 or None, got 5"),
    ("L17", _midgame, lambda s: {"winner": 0},
     "winner: a player with two closed sequences wins at once (L17)"),
    ("L19", _first_turn, lambda s: {"exposed": (("r1c",), ())},
     "exposed: in the first turn every card was drawn from a draw pile, so nobody knows a "
     "card of another's hand (L7, L19)"),
    ("L18", _midgame, lambda s: {"progress": True},
     "progress: player 1 has laid no sequence, so added no card to one (L18)"),
    ("L18", _midgame, lambda s: {"stall": 2}, "stall: 2 stalled turns out of 1 completed"),
    ("L18", _deadlocked, lambda s: {  # all nine steals laid, but only player 0 closed one
        "sequences": _at(s.sequences, 4, NO_SEQUENCE),
        "draw": _at(s.draw, 1, sort_cards((*s.draw[1], *s.sequences[4].cards)))},
     "stall: turns count towards the deadlock draw only once each player has one closed "
     "sequence and all nine steal cards are laid (L18)"),
    ("L18", _midgame, lambda s: {"stall": 1},
     "stall: turns count towards the deadlock draw only once each player has one closed "
     "sequence and all nine steal cards are laid (L18)"),
    ("L17", _won, lambda s: {"winner": 1},
     "winner: the winner is the player who closed a second sequence (L17)"),
    ("L17", _won, lambda s: {"phase": Phase.PLAY},
     "winner: the winner is the player who closed a second sequence (L17)"),
    ("L18", _turn_limit, lambda s: {"turn": 0, "player": 0},
     "phase: a game without a winner ends only by the L18 draws"),
    ("L18", _midgame, lambda s: {"phase": Phase.OVER},
     "phase: a game without a winner ends only by the L18 draws"),
    ("L18", _drawn_at_the_limit, lambda s: {"progress": True},
     "progress: a drawn game ends with a completed turn, so nothing was added to a sequence "
     "since (L18)"),
    ("L6", red_run_blocked, lambda s: {"progress": True},
     "progress: nothing is played before drawing ends"),
    ("L18", _midgame, lambda s: {"turn": 499, "options": Options(turn_limit=499)},
     "turn: the turn limit is reached, so the game is over (L18)"),
    ("L18", _start, lambda s: {"progress": True},
     "progress: player 0 has laid no sequence, so added no card to one (L18)"),
    ("L6", _first_turn, lambda s: {"phase": Phase.DRAW},
     "phase: player 0 has finished drawing (L6)"),
]


class TestValidationMessages:
    """A loaded state is refused with the whole message naming its problem and rule."""

    @pytest.mark.parametrize(
        ("base", "change", "message"),
        [pytest.param(base, change, message, id=f"{rule}-{i}")
         for i, (rule, base, change, message) in enumerate(_BAD_STATES)],
    )
    def test_impossible_states_are_refused(
        self, base: Callable[[], State], change: Callable[[State], dict[str, Any]], message: str
    ) -> None:
        state = base()
        lustry.validate_state(state)
        with pytest.raises(InvalidStateError) as err:
            lustry.validate_state(attrs.evolve(state, **change(state)))
        assert str(err.value) == f"state: {message}"

    def test_L15_a_steal_of_player_1_fills_their_hand_above_seven(self) -> None:
        """L15: the red steal card player 1 laid (their first steal pile) allows the hand."""
        state = _player_1_stole()
        assert len(state.hands[1]) == 12 and state.steals == (0, 0, 0, 1, 0, 0)
        lustry.validate_state(state)

    def test_not_a_state(self) -> None:
        with pytest.raises(InvalidStateError) as err:
            lustry.validate_state(3)  # type: ignore[arg-type]
        assert str(err.value) == "state: expected a lustry.State, got int"


class TestL1Cards:
    """L1-L3: the card codes, their colours and values, the canonical order."""

    def test_L1_is_card(self) -> None:
        assert [lustry.is_card(k) for k in ("r3cf", "r1c", "b0", "g5se")] == [True] * 4
        assert [lustry.is_card(k) for k in ("r1cf", "r6cf", "x3cf", "r?", 3, None)] == [False] * 6

    def test_L1_card_colour_and_value(self) -> None:
        assert [lustry.card_colour(k) for k in ("r3cf", "g5se", "b0")] == ["r", "g", "b"]
        assert [lustry.card_value(k) for k in ("b4cf", "b0", "g1s", "r5se")] == [4, 0, 1, 5]

    def test_L2_canonical_order(self) -> None:
        assert sort_cards(["b0", "r0", "g1c", "r5se", "r2sf", "r1s", "r2cf", "r1c"]) == (
            "r1c", "r2cf", "r1s", "r2sf", "r5se", "r0", "g1c", "b0")
        assert sort_cards(()) == ()


class TestRulesDetails:
    """Results, bounds and the placement of an extension, exactly."""

    def test_L17_L18_result_truncated_only_at_the_turn_limit(self) -> None:
        assert lustry.result(lustry.new_game()).truncated is False
        limit = lustry.result(_turn_limit())
        assert limit.finished and limit.truncated is True and limit.winners == ()
        won = lustry.result(_won())
        assert won.finished and won.truncated is False and won.winners == (0,)
        drawn = play(take(_deadlocked(), "b1s", "b2sf", "b3sf", "b5sf", "b5se", "b4se", "b3se"),
                     "end")
        assert lustry.is_terminal(drawn) and drawn.winner is None
        assert lustry.result(drawn).truncated is False  # the rules' own draw (L18)

    def test_L17_a_win_during_the_deadlock_count(self) -> None:
        """The stall count stays when a player wins during it (it counts completed turns)."""
        state = take(_deadlocked(), "b1s", "b2sf", "b3sf", "b4sf", "b5sf", "b5se", "b4se")
        state = play(state, "lay b1s b2sf", "extend b3sf", "extend b4sf", "extend b5sf")
        assert lustry.is_terminal(state) and state.winner == 1 and state.stall == 1
        lustry.validate_state(state)

    def test_L18_action_bound(self) -> None:
        # 10 turns of 7 draws, 7 cards drawn and an end; twice the cards entering hands
        # (70 drawn, 9 steals of at most 75 cards); the 9 steals answered.
        assert lustry.action_bound(2, Options(turn_limit=10)) == 10 * 15 + 2 * (70 + 675) + 9

    def test_L10_an_extension_goes_after_the_equal_cards(self) -> None:
        """A second r5cf goes after the blocked one: the block stays on the card it covered."""
        state = take(lustry.new_game(), "r4cf", "r5cf", "r5cf", "g2cf", "g3cf", "g4cf", "b1c")
        state = play(state, "lay r4cf r5cf", "end")
        state = take(state, "b5ce", "g1c", "g2ce", "b2sf", "b3sf", "b4sf", "g1s")
        state = play(state, "block b5ce>r5cf", "end")
        state = play(take(state, "g5cf", "b2cf"), "extend r5cf")
        seq = state.sequences[0]
        assert seq.cards == ("r4cf", "r5cf", "r5cf")
        assert seq.blockers == (None, "b5ce", None)

    def test_L19_a_card_drawn_from_the_opponents_red_discard_pile(self) -> None:
        """L19: a card player 1 discarded unseen is known to player 1 alone while player 0
        draws it, and stays known to player 1 in player 0's hand."""
        state = take(lustry.new_game(), "r1c", "r2cf", "g2cf", "g3cf", "g4cf", "b1c", "b2cf")
        state = play(state, "discard b1c", "discard b2cf", "end")
        state = take(state, "r3ce", "r1s", "g1s", "g2sf", "g3sf", "b1s", "b2sf")
        state = play(state, "discard r3ce", "end")
        assert state.seen[3] == (False,)  # player 0 did not see which red card it was
        state = play(state, "draw r@1")
        assert state.pending == ("r3ce",) and state.pending_known == (2,)
        assert lustry.observe(state, 0).pending == ("r?",)
        assert lustry.observe(state, 1).pending == ("r3ce",)
        state = play(state, "draw b@0")  # b1c: the seventh card ends the drawing
        assert state.phase is Phase.PLAY and "r3ce" in state.hands[0]
        assert state.exposed == (("r3ce",), ())

    def test_L18_the_deadlock_draw_with_player_1s_red_sequence_closed(self) -> None:
        """L18: player 0 closed green and player 1 red, all nine steal cards laid: the turn
        counts towards the deadlock draw, and with `stall_turns=1` the game is drawn."""
        state = _steal_cards_laid(Options(stall_turns=1), "g", "r")
        assert lustry.is_terminal(state) and state.stall == 1 and state.winner is None
        assert lustry.result(state) == Result((1, 1), (), finished=True, truncated=False)

    def test_L7_sample_chance_outside_a_chance_node(self) -> None:
        with pytest.raises(BoardrulesError) as err:
            lustry.sample_chance(lustry.new_game(), random.Random(0))
        assert str(err.value) == "no card is being drawn: this state is not a chance node"

    def test_L18_a_defended_steal_keeps_the_turns_progress(self) -> None:
        """L18: a card added to a sequence earlier in the turn still counts after player 0
        defends player 1's steal (the turn does not count towards the deadlock draw)."""
        state = play(take(lustry.new_game(), "g0", "r1c", "r2cf", "r3cf", "b1c", "b2cf", "b3cf"),
                     "end")
        state = take(state, "b0", "r1s", "r2sf", "g1s", "g2sf", "g3sf", "b1s")
        state = play(state, "lay g1s g2sf", "steal b0 r")
        assert state.progress is True
        state = play(state, "defend g0")
        assert state.phase is Phase.PLAY and state.progress is True
        lustry.validate_state(state)


def test_L17_a_win_of_the_second_player_returns_minus_one_plus_one() -> None:
    won = _won()
    assert won.winner == 0 and lustry.returns(won) == (1.0, -1.0)
    assert lustry.returns(attrs.evolve(won, winner=1)) == (-1.0, 1.0)


def test_L15_a_steal_card_among_exchanged_cards_is_refused_naming_the_rule() -> None:
    state = _exchanging()
    hand = sort_cards((*state.hands[0][:-1], "r4cf"))  # b0 goes to the exchanged cards
    bad = attrs.evolve(state, exchanged=("r1c", "r2cf", "r3cf", "b0"),
                       hands=(hand, state.hands[1]))
    with pytest.raises(InvalidStateError) as err:
        lustry.validate_state(bad)
    assert str(err.value) == "state: exchanged: a steal card is never part of a sequence (L15)"


def test_L6_drawing_with_seven_cards_counting_the_pending_ones_is_refused() -> None:
    """Drawing ends once the hand and the pending cards make 7 (L6): a state still drawing
    with 7 pending cards is refused."""
    state = lustry.new_game()
    rng = random.Random(1)
    while len(state.pending) < 6:
        state = lustry.apply(state, lustry.sample_chance(state, rng) if not isinstance(
            lustry.to_move(state), int) else Draw("r"))
    assert state.phase is Phase.DRAW and not state.hands[0]
    card = state.draw[0][0]
    bad = attrs.evolve(state, draw=(state.draw[0][1:], *state.draw[1:]),
                       pending=(*state.pending, card), pending_known=(*state.pending_known, 0))
    with pytest.raises(InvalidStateError, match=r"player 0 has finished drawing \(L6\)"):
        lustry.validate_state(bad)


@pytest.mark.parametrize("seq", [Sequence((), (), (), True), Sequence((), (), (None,), False)],
                         ids=["closed", "unblocker"])
def test_L9_an_empty_sequence_slot_holds_nothing(seq: Sequence) -> None:
    """A colour with no laid sequence (L9) has no cards, no unblockers and is not closed."""
    state = lustry.new_game()
    bad = attrs.evolve(state, sequences=(seq, *state.sequences[1:]))
    with pytest.raises(InvalidStateError, match=r"sequences\[0\]: a sequence has at least two "):
        lustry.validate_state(bad)
