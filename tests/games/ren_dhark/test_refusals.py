"""Ren Dhark: every refused action names its exact reason and rule id.

`IllegalActionError.reason` and `.rule` are public (a frontend shows them), so each
refusal `apply` can give is checked word for word, through `apply` only: one case per
phase and per check of a committed or played card (D3-D18).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import CombatType, State
from tests.games.ren_dhark.test_rules import deal, play, position, to_window
from tests.refusals import assert_refused

SHIP, PERSON = CombatType.SHIP, CombatType.PERSON


def over() -> State:
    """Both opening hands without a ship: both skip, the game is a draw (D22)."""
    return deal(blue=("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30"),
                red=("I/34", "I/35", "I/36", "I/37", "I/38", "I/61", "I/62"))


def dealing() -> State:
    """Blue's STAHLTANGO landed: both draw (D17)."""
    return play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1", "pass")


def defending() -> State:
    return play(deal(), "attack I/18")


def window() -> State:
    """STAHLTANGO against NEMO: blue may play an action card (D10)."""
    return to_window(deal(), "I/18", "I/46")


def red_window() -> State:
    """Blue passed: red may play an action card (D10)."""
    return play(window(), "pass")


def shield_window() -> State:
    """Blue attacks holding the Global protective shield, for defenders only (D3)."""
    return to_window(deal(blue=("I/18", "I/19", "I/20", "I/2", "I/7", "I/28", "I/32")),
                     "I/18", "I/46")


def ward() -> State:
    return play(to_window(deal(), "I/20", "I/46"), "pass", "play I/62", "pass")


def destroy() -> State:
    return play(to_window(deal(), "I/20", "I/46"), "pass", "play I/61", "pass", "roll 2")


def combat() -> State:
    return play(window(), "pass", "pass")


def counter() -> State:
    """Blue's STAHLTANGO lost the combat: blue may counter-strike with a G card (D15)."""
    return play(combat(), "combat 1:6")


def activate() -> State:
    """Blue attacks with the Synthetic swarm: its activation roll comes next (D12)."""
    return play(deal(blue=("I/11", "I/19", "I/20", "I/2", "I/7", "I/30", "I/32")),
                "attack I/11 as ship")


def dash() -> State:
    """Ren Dhark attacks as a person; red holds DRAKHON, '-' against persons (D8)."""
    return play(position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"),
                         ("I/35", "I/43", "I/50", "I/51", "I/61", "I/62", "I/63")), "attack I/2")


CASES: list[tuple[str, Callable[[], State], object, str, str]] = [
    ("D22-over", over, rd.KEEP, "the game is over", "D18"),
    ("D4-sides", lambda: rd.new_game(2), rd.KEEP,
     "sides must be drawn first (blue 0 or blue 1)", "D4"),
    ("D17-draw", dealing, rd.KEEP, "a card must be drawn from the drawing player's deck",
     "D17"),
    ("D17-draw-a-card-not-in-the-deck", dealing, rd.Draw("I/18", "STAHLTANGO"),
     "I/18 STAHLTANGO is not in the drawing player's deck", "D17"),
    ("D12-activation-roll", activate, rd.KEEP,
     "the committed card's activation roll (roll 1-6) comes first", "D12"),
    ("D11-ward-off-roll", ward, rd.KEEP, "the ward-off roll (roll 1-6) comes first", "D11"),
    ("D11-destroy-roll", destroy, rd.KEEP, "the destroy roll (roll 1-6) comes first", "D11"),
    ("D13-combat-dice", combat, rd.KEEP, "the combat dice (combat a:d) come first", "D13"),
    ("wrong-name", deal, rd.Attack("I/18", "LUXOR", SHIP), "card I/18 is 'STAHLTANGO', not "
     "'LUXOR'", ""),
    ("D5-no-redraw", lambda: deal(keep=False), rd.Redraw(),
     "a redraw needs fewer than 2 ships or more than 3 action cards", "D5"),
    ("D5-keep-or-redraw", lambda: deal(keep=False), rd.Attack("I/18", "STAHLTANGO", SHIP),
     "player 0 must keep or redraw the opening hand", "D5"),
    ("D7-attack-now", deal, rd.Defend("I/18", "STAHLTANGO", SHIP), "player 0 must attack now",
     "D7"),
    ("D8-defend-now", defending, rd.KEEP, "player 1 must defend now", "D8"),
    ("D15-counter-or-pass", counter, rd.KEEP, "player 0 must counter-strike or pass now",
     "D15"),
    ("D7-no-such-card", deal, rd.Attack("I/999", "X", SHIP), "there is no card I/999", "D7"),
    ("D7-not-in-hand", deal, rd.Attack("I/21", "LUXOR", SHIP),
     "I/21 LUXOR is not in player 0's hand", "D7"),
    ("D8-not-in-hand", defending, rd.Defend("I/48", "OBERTH", SHIP),
     "I/48 OBERTH is not in player 1's hand", "D8"),
    ("D7-not-a-combat-card", deal, rd.Attack("I/30", "Golden man", SHIP),
     "I/30 Golden man is not a combat card", "D7"),
    ("D7-cannot-fight-as", deal, rd.Attack("I/18", "STAHLTANGO", PERSON),
     "I/18 STAHLTANGO cannot fight as person", "D7"),
    ("D7-only-ships", deal, rd.Attack("I/2", "Ren Dhark", PERSON),
     "before a ship has landed on the enemy planet only ships may attack", "D7"),
    ("D15-no-g-mark", counter, rd.CounterStrike("I/20", "TERRA", SHIP),
     "I/20 TERRA has no G mark", "D15"),
    ("D8-dash", dash, rd.Defend("I/50", "DRAKHON", SHIP),
     "I/50 DRAKHON has '-' against a person, so it cannot be deployed against the person",
     "D8"),
    ("D10-play-or-pass", window, rd.KEEP, "player 0 must play an action card or pass", "D10"),
    ("D10-no-such-card", window, rd.PlayAction("I/999", "X"), "there is no card I/999", "D10"),
    ("D10-not-in-hand", window, rd.PlayAction("I/31", "Flurazz"),
     "I/31 Flurazz is not in player 0's hand", "D10"),
    ("D10-not-an-action-card", window, rd.PlayAction("I/19", "PASADENA"),
     "I/19 PASADENA is not an action card", "D10"),
    ("D3-defender-only", shield_window, rd.PlayAction("I/28", "Global protective shield"),
     "I/28 Global protective shield may only be played by the defender", "D3"),
    ("D3-cannot-apply", red_window, rd.PlayAction("I/63", "Ree"),
     "I/63 Ree cannot apply to the opposing card", "D3"),
]


@pytest.mark.parametrize(("make", "action", "reason", "rule"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_refusal_names_reason_and_rule(make: Callable[[], State], action: object, reason: str,
                                       rule: str) -> None:
    assert_refused(rd, make(), action, reason, rule)
