"""Ren Dhark: every problem `validate_state` finds is named exactly, and observations are
checked against the options they carry (issue 19's mutation testing).

A server that loads untrusted states reports `InvalidStateError`'s message: each case
corrupts one fact of a real position and compares the whole message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import InvalidStateError, from_json, to_json
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import (
    DEFENDER,
    STARTER_I,
    Bonus,
    CardFilter,
    CombatType,
    Landing,
    Options,
    State,
    Status,
)
from tests.games.ren_dhark.test_observations import NO_SHIPS, attacked, load_edited, refused
from tests.games.ren_dhark.test_refusals import (
    activate,
    counter,
    defending,
    destroy,
    over,
    ward,
    window,
)
from tests.games.ren_dhark.test_rules import deal, idx, play, to_window, with_cards

SHIP = CombatType.SHIP


def ev(state: State, **changes: Any) -> State:
    return attrs.evolve(state, **changes)


def dv(state: State, **changes: Any) -> State:
    """Return `state` with these fields of its duel changed."""
    return attrs.evolve(state, duel=attrs.evolve(state.duel, **changes))


def _hand_to_deck(state: State, p: int) -> State:
    """Return `state` with player `p`'s hand shuffled back into the deck."""
    decks, hands = list(state.decks), list(state.hands)
    decks[p], hands[p] = tuple(sorted(decks[p] + hands[p])), ()
    return ev(state, decks=(decks[0], decks[1]), hands=(hands[0], hands[1]))


def _defender_lost() -> State:
    """NEMO lost to STAHLTANGO: red decides on a counter-strike (D15)."""
    return play(window(), "pass", "pass", "combat 6:1")


def _winner_back_in_hand(state: State) -> State:
    hands = (state.hands[0], tuple(sorted((*state.hands[1], state.duel.defense or 0))))
    return ev(dv(state, defense=None, defense_type=None), hands=hands)


def _duplicate_in_hand(state: State) -> State:
    hand = tuple(sorted((*state.hands[0][:6], state.hands[0][0])))
    return ev(state, hands=(hand, state.hands[1]))


def _resolved(state: State, status: Status) -> State:
    """Return `state` with its one action card resolved with `status`."""
    return dv(state, played=(attrs.evolve(state.duel.played[0], status=status),), resolving=1)


def _without_defense_card(state: State) -> State:
    """Return `state` with the defending card back in the defender's hand."""
    hands = (state.hands[0], tuple(sorted((*state.hands[1], state.duel.defense or 0))))
    return ev(dv(state, defense=None, defense_type=None), hands=hands)


def _seven_ships_landed(winner: int | None) -> State:
    """Return the game over with blue's seven ships on red's planet (D18), won by
    `winner`."""
    state = deal()
    ships = [idx(n) for n in ("I/13", "I/14", "I/16", "I/17", "I/21", "I/22", "I/24")]
    decks = (tuple(c for c in state.decks[0] if c not in ships), state.decks[1])
    return ev(state, phase=rd.Phase.OVER, decks=decks, winner=winner,
              landed=(tuple(Landing(c, SHIP) for c in ships), ()))


def window_of_counter() -> State:
    """Blue's STAHLTANGO lost; blue counter-strikes with PASADENA, a G card (D15)."""
    return play(counter(), "counter I/19")


def _counter_strike_by(state: State, number: str) -> State:
    """Return the counter-strike duel `state` with blue's card `number` (from blue's hand)
    in place of the G card that counter-strikes."""
    card, striking = idx(number), state.duel.attack
    assert state.duel.counter and striking is not None and card in state.hands[0]
    hand = tuple(sorted(striking if c == card else c for c in state.hands[0]))
    return dv(ev(state, hands=(hand, state.hands[1])), attack=card)


def _card_out_before_the_battles(state: State) -> State:
    """Return `state` (opening hands still being decided) with blue's first card out of the
    game, though no battle has been fought and nobody skipped."""
    card, *rest = state.hands[0]
    return ev(state, hands=(tuple(rest), state.hands[1]), out=((card,), ()))


def test_D18_seven_ships_landed_win() -> None:
    rd.validate_state(_seven_ships_landed(0))


CASES: list[tuple[str, Callable[[], State], str]] = [
    ("D10-played-without-a-defense", lambda: _without_defense_card(ward()),
     "duel.played: action cards are added to two committed combat cards (D10)"),
    ("D18-no-winner", lambda: _seven_ships_landed(None),
     "winner: the player who completed a D18 victory wins"),
    ("D18-wrong-winner", lambda: _seven_ships_landed(1),
     "winner: the player who completed a D18 victory wins"),
    ("sides-hand", lambda: ev(rd.new_game(2), hands=((0,), ())),
     "before sides are drawn (blue is null) the phase is 'sides', the decks are the blue and the "
     'red deck and nothing else has happened (D4)'),
    ("sides-shown", lambda: ev(rd.new_game(2), shown_nonships=(1, 0)),
     "before sides are drawn (blue is null) the phase is 'sides', the decks are the blue and the "
     'red deck and nothing else has happened (D4)'),
    ("landed-index", lambda: ev(deal(), landed=((Landing(68, SHIP),), ())),
     'landed[0][0]: not a combat card'),
    ("attack-index", lambda: dv(window(), attack=68),
     'duel.attack: not a combat card'),
    ("defense-action", lambda: dv(window(), defense=idx("I/61")),
     'duel.defense: not a combat card'),
    ("played-not-action",
     lambda: dv(ward(), played=(rd.Played(DEFENDER, idx("I/46"), Status.PENDING),)),
     'duel.played[0]: not an action card'),
    ("attacker-battle-2", lambda: ev(deal(), attacker=1, battle=2),
     'attacker: in battle 2 player 0 attacks (blue attacks first and the attacker alternates, '
     'D17)'),
    ("attacker-battle-1", lambda: ev(deal(), attacker=0, battle=1),
     'attacker: in battle 1 player 1 attacks (blue attacks first and the attacker alternates, '
     'D17)'),
    ("conservation",
     lambda: _duplicate_in_hand(deal()),
     'cards of player 0: 1 extra (I/2 Ren Dhark) and 1 missing (I/32 Antisphere) against the '
     "player's deck (card conservation)"),
    ("attack-without-type", lambda: dv(window(), attack_type=None),
     'duel: the attack card and its type go together'),
    ("activation-without-card", lambda: dv(defending(), defense_activated=True),
     'duel: an activation roll without a card'),
    ("activation-mismatch", lambda: dv(window(), attack_activated=True),
     'duel: I/18 STAHLTANGO makes an activation roll exactly when it has an activation value '
     '(D12)'),
    ("window-4", lambda: dv(window(), window=4),
     'duel.window: expected 0-3'),
    ("loser-5", lambda: dv(window(), counter=True, loser=5),
     'duel.loser: expected 0, 1 or null'),
    ("resolving-5", lambda: dv(window(), resolving=5),
     'duel.resolving: out of range'),
    ("void",
     lambda: _resolved(ward(), Status.VOID),
     'duel.played[0]: a void action card left with its duel'),
    ("applied-destroy",
     lambda: _resolved(destroy(), Status.APPLIED),
     'duel.played[0]: a successful destroy effect ends the duel'),
    ("activate-revealed", lambda: dv(activate(), revealed=True),
     "phase 'activate': the activation roll comes right after committing (D12)"),
    ("activate-no-roll", lambda: ev(defending(), phase=rd.Phase.ACTIVATE),
     "phase 'activate': the card just committed has no activation roll"),
    ("counter-no-loser", lambda: dv(counter(), loser=None),
     "phase 'counter': the first duel is over and its loser decides (D15)"),
    ("counter-loser-empty-hand", lambda: _hand_to_deck(_defender_lost(), 1),
     "phase 'counter': a loser with an empty hand is not asked (D15)"),
    ("counter-winner-gone", lambda: _winner_back_in_hand(counter()),
     "phase 'counter': the winning card waits, the losing card has left"),
    ("counter-mod", lambda: dv(counter(), attack_mod=1),
     "phase 'counter': the counter-striking side has no window step or modifier yet"),
    ("window-closed", lambda: dv(window(), window=3),
     "phase 'window': the window is open (duel.window 0-2)"),
    ("window-empty-hand", lambda: _hand_to_deck(window(), 0),
     "phase 'window': a player with an empty hand passes at once"),
    ("ward-nothing-resolving",
     lambda: _resolved(ward(), Status.WARDED),
     "phase 'ward': an action card is being resolved"),
    ("window-step-2-nothing-played", lambda: dv(window(), window=2),
     "phase 'window': at step 2 the action cards played so far do not fit (step 2 comes "
     "exactly when only the defender has played, D10)"),
    ("mulligan-card-out", lambda: _card_out_before_the_battles(deal(keep=False)),
     "mulligans: the battles start after both players decided on a redraw (D5)"),
    ("mulligan-3", lambda: ev(deal(), mulligans=3),
     'mulligans: expected 0-2'),
    ("mulligan-decided", lambda: ev(deal(), phase=rd.Phase.MULLIGAN),
     "phase 'mulligan': both players have decided (mulligans is 2)"),
    ("skip-unknown", lambda: ev(deal(blue=NO_SHIPS), shown_nonships=(6, 0)),
     'skipped: player 0 skipped, so the hand holds no card to attack with and the opponent knows '
     'it (D6, ruling 11)'),
    ("D15-counter-strike-without-g", lambda: _counter_strike_by(window_of_counter(), "I/20"),
     "duel: I/20 TERRA has no G mark to counter-strike (D15)"),
    ("D8-defend-with-nothing-deployable", lambda: _hand_to_deck(defending(), 1),
     "phase 'defend': the defender has no card that may be deployed against a ship, so the "
     "attacking card wins unopposed (D8)"),
    ("winner-5", lambda: ev(over(), winner=5), "winner: expected 0, 1 or null"),
    ("winner-not-over", lambda: ev(window(), winner=0), "winner: the game is not over"),
    ("deal-nothing-to-draw", lambda: ev(deal(), phase=rd.Phase.DEAL, mulligans=0),
     "phase 'deal': nobody needs to draw"),
    ("over-not-skipped", lambda: ev(over(), skipped=False),
     'winner: a game over without a D18 victory ended by two skips in a row, won by the player '
     'with more cards on the enemy planet (D22)'),
]


@pytest.mark.parametrize(("make", "problem"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_D4_D31_validate_state_names_the_problem_exactly(make: Callable[[], State],
                                                        problem: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{re.escape('state: ' + problem)}$"):
        rd.validate_state(make())


def _bonus_against_ships() -> tuple[int, Options]:
    """Starter I's action card I/30 given an amount of 4 against ships (D3, D11): its
    plain amount and options with blue to play it."""
    golden = STARTER_I.card("I/30")
    assert golden.action is not None
    by_type = attrs.evolve(golden, action=attrs.evolve(
        golden.action, amount_against=(Bonus(4, CardFilter(types=(SHIP,))),)))
    return golden.action.amount, Options(card_set=with_cards(I_30=by_type), blue_player=0)


def test_D11_modifiers_use_the_target_s_declared_type() -> None:
    """D3, D11: an action whose amount depends on the opposing card's type (an
    `amount_against` with `types`) gives the modifier for that type, and the state
    holding it loads back."""
    _, options = _bonus_against_ships()
    state = play(to_window(deal(options=options), "I/18", "I/46"), "play I/30", "pass")
    assert state.phase is rd.Phase.COMBAT and state.duel.attack_mod == 4
    rd.validate_state(state)
    assert from_json(to_json(state)) == state


def test_D11_an_amount_against_a_type_reads_the_defending_card_s_type() -> None:
    """D3, D11: blue's action card against red's Soldiers, defending a ship attack as a
    unit: an amount for ships does not apply (the target's type is the defence's, not the
    attack's), and the state holding that modifier loads back."""
    amount, options = _bonus_against_ships()
    state = play(to_window(deal(options=options), "I/18", "I/43 as unit"), "play I/30", "pass")
    assert state.phase is rd.Phase.COMBAT
    assert (state.duel.attack_type, state.duel.defense_type) == (SHIP, CombatType.UNIT)
    assert (state.duel.attack_mod, state.duel.defense_mod) == (amount, 0)
    rd.validate_state(state)


def test_D22_two_skips_with_as_many_cards_landed_is_a_draw() -> None:
    """D22: the game ended by two skips with as many cards on each enemy planet (none
    here): nobody wins, and the state is valid."""
    state = over()
    assert state.phase is rd.Phase.OVER and state.skipped and state.winner is None
    assert len(state.landed[0]) == len(state.landed[1])
    rd.validate_state(state)
    assert rd.returns(state) == (0.0, 0.0)


def test_D12_D31_an_observation_with_the_defence_face_down_loads_back() -> None:
    """D12, D31: red's NEMO (here with an activation roll) is committed face down for its
    roll: the attacker sees a committed defence without its card or type, and that
    observation loads back."""
    nemo = attrs.evolve(STARTER_I.card("I/46"), activation=3)
    options = Options(card_set=with_cards(I_46=nemo), blue_player=0)
    state = play(deal(options=options), "attack I/18", "defend I/46")
    assert state.phase is rd.Phase.ACTIVATE
    seen = rd.observe(state, 0)
    assert seen.duel.defense is None and seen.duel.defense_committed
    assert load_edited(state, 0, lambda data: None) == seen


def test_D4_an_observation_before_sides_has_each_deck_s_size() -> None:
    """D4, D30: before sides are drawn each player's deck is the one of their seat (blue
    for player 0 until sides are drawn): decks of different sizes load back."""
    blue = (*STARTER_I.starter_deck(rd.Side.BLUE), "I/27")
    options = Options(decks=(blue, STARTER_I.starter_deck(rd.Side.RED)))
    state = rd.new_game(2, options)
    for player in (0, 1, None):
        assert load_edited(state, player, lambda data: None) == rd.observe(state, player)


def test_D31_cards_unaccounted_for_in_an_observation_are_named_exactly() -> None:
    refused(attacked(), 0, lambda d: d["deck_sizes"].__setitem__(1, 25),
            r"^observation: 33 of player 1's cards are not shown, but 32 lie hidden in hand, "
            r"deck and face down \(card conservation\)$")


def test_D15_a_face_down_counter_strike_meets_a_face_up_winner() -> None:
    """D15, D31: the attacker's G card, committed face down for its activation roll,
    meets the defender's winning card, whose type the observer sees."""
    pasadena = attrs.evolve(STARTER_I.card("I/19"), activation=3)
    options = Options(card_set=with_cards(I_19=pasadena), blue_player=0)
    state = play(to_window(deal(options=options), "I/18", "I/46"), "pass", "pass",
                 "combat 1:6", "counter I/19")
    assert state.phase is rd.Phase.ACTIVATE and state.duel.loser == rd.ATTACKER
    assert load_edited(state, 1, lambda data: None) == rd.observe(state, 1)
    refused(state, 1, lambda d: d["duel"].update(defense_type=None),
            r"^observation\.duel\.defense_type: the attacker's counter-strike meets the "
            r"defender's winning card, face up with its type \(D15\)$")
