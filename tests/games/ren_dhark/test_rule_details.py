"""Ren Dhark: details the rule tests leave open, each found by mutation testing (issue 19).

Every test names the rule it checks; each one fails on a mutant of the rules modules that
the other tests let through (see docs/mutation.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import CHANCE, InvalidOptionsError, from_json, to_json
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import STARTER_I, Options, State
from tests.games.ren_dhark.test_observations import NO_SHIPS, refused
from tests.games.ren_dhark.test_refusals import (
    activate,
    combat,
    counter,
    dealing,
    defending,
    destroy,
    red_window,
    ward,
    window,
)
from tests.games.ren_dhark.test_rules import (
    BLUE_HAND,
    RED_HAND,
    deal,
    idx,
    play,
    position,
    to_window,
    with_cards,
)
from tests.refusals import assert_refused


@attrs.frozen
class _Foreign:
    """An object that is no Ren Dhark action, with an unhashable `card`."""

    card: list[int]
    name: str = "STAHLTANGO"


@pytest.mark.parametrize("make", [deal, window], ids=["D7-attack", "D10-window"])
def test_D7_D10_a_foreign_object_with_an_unhashable_card_is_refused(
        make: Callable[[], State]) -> None:
    """An object with an unhashable `card` is refused like any foreign object, with the
    reason and rule of the phase (not a `TypeError` from looking the card up)."""
    state = make()
    reason = ("player 0 must attack now" if state.phase is rd.Phase.ATTACK
              else "player 0 must play an action card or pass")
    assert_refused(rd, state, _Foreign([18]), reason, "D7" if make is deal else "D10")


class _Incomparable:
    """An object that is no Ren Dhark action and refuses to be compared."""

    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        raise TypeError("not comparable")


def test_D7_an_object_that_cannot_be_compared_is_refused() -> None:
    """An object whose comparison raises `TypeError` is no action: refused with the
    reason and rule of the phase."""
    assert_refused(rd, deal(), _Incomparable(), "player 0 must attack now", "D7")


def _subclass_copy(action: Any) -> Any:
    """Return `action` as an instance of a subclass of its class (same fields)."""
    cls = type(action)
    sub = type(f"My{cls.__name__}", (cls,), {"__slots__": ()})
    return sub(**attrs.asdict(action, recurse=False))


POSITIONS: list[tuple[str, Callable[[], State]]] = [
    ("D4-sides", lambda: rd.new_game(2)),
    ("D4-draw", lambda: rd.new_game(2, Options(blue_player=0))),
    ("D5-mulligan", lambda: deal(blue=NO_SHIPS, keep=False)),
    ("D7-attack", deal),
    ("D8-defend", defending),
    ("D10-window", window),
    ("D10-red-window", red_window),
    ("D11-ward", ward),
    ("D11-destroy", destroy),
    ("D12-activate", activate),
    ("D13-combat", combat),
    ("D15-counter", counter),
    ("D17-draw", dealing),
]


@pytest.mark.parametrize("make", [p[1] for p in POSITIONS], ids=[p[0] for p in POSITIONS])
def test_D4_D17_apply_unchecked_treats_a_subclassed_action_like_its_class(
        make: Callable[[], State]) -> None:
    """`apply_unchecked` takes an instance of a subclass of an action class (the general
    path, by pattern matching) to the very state its class leads to, in every phase."""
    state = make()
    actions = (rd.legal_actions(state) if rd.to_move(state) is not CHANCE
               else tuple(a for a, _ in rd.chance_outcomes(state)))
    assert actions
    for action in actions:
        assert rd.apply_unchecked(state, _subclass_copy(action)) == rd.apply(state, action)


def test_D31_no_deal_fits_names_the_observation() -> None:
    """A loaded observation whose hidden cards no deal fits is refused at `observation`."""
    refused(deal(blue=NO_SHIPS), 1, lambda d: d.update(shown_actions=[7, 0]),
            r"^observation: no deal of player 0's unseen cards fits what is public: the "
            r"face-down card's type, roll and G mark, what skips and missing defences showed "
            r"of the hand, a card to attack or defend with \(D6-D8, D12, D15, D31\)$")


@pytest.mark.parametrize("make", [activate, ward, destroy], ids=["D12", "D11-ward",
                                                                 "D11-destroy"])
@pytest.mark.parametrize("value", [0, 7, -1])
def test_D11_D12_a_roll_off_the_die_is_refused(make: Callable[[], State], value: int) -> None:
    """A roll is 1-6: 0, 7 or -1 is refused with the phase's reason."""
    state = make()
    reason, rule = {
        rd.Phase.ACTIVATE: ("the committed card's activation roll (roll 1-6) comes first",
                            "D12"),
        rd.Phase.WARD: ("the ward-off roll (roll 1-6) comes first", "D11"),
        rd.Phase.DESTROY: ("the destroy roll (roll 1-6) comes first", "D11"),
    }[state.phase]
    assert_refused(rd, state, rd.Roll(value), reason, rule)


def test_D13_combat_dice_off_the_die_are_refused() -> None:
    for attacker, defender in ((0, 3), (3, 7), (7, 7)):
        assert_refused(rd, combat(), rd.CombatRoll(attacker, defender),
                       "the combat dice (combat a:d) come first", "D13")


def test_D17_a_drawn_card_leaves_the_deck() -> None:
    """A sampled draw is legal in its state only: another action there, or the same draw
    of the last copy in the next state, is refused."""
    state = dealing()
    draw = rd.sample_chance(state, random.Random(3))
    assert isinstance(draw, rd.Draw)
    assert_refused(rd, state, rd.KEEP, "a card must be drawn from the drawing player's deck",
                   "D17")
    after = rd.apply(state, draw)
    assert after.phase is rd.Phase.DEAL
    assert_refused(rd, after, draw, f"{draw.card} {draw.name} is not in the drawing "
                   "player's deck", "D17")


def test_D17_action_bound_counts_as_its_docstring_says() -> None:
    """The bound on a game's length (adapters truncate episodes there): 3 setup steps, per
    card 2 draws and 3 steps, per battle (2 per card, plus one) 2 duels of 10 steps."""
    for options in (Options(), Options(decks=((*STARTER_I.starter_deck(rd.Side.BLUE), "I/27"),
                                               STARTER_I.starter_deck(rd.Side.RED)))):
        cards = sum(len(deck) for deck in options.tables.decks)
        assert rd.action_bound(2, options) == 3 + 5 * cards + (2 * cards + 1) * 18
    assert rd.action_bound(2, Options()) == 2727


def test_D8_a_unit_attack_nobody_can_meet_shows_the_hand_against_units() -> None:
    """D8, ruling 11: red holds only ships with '-' against units and action cards, so the
    Black guard attacking as a unit wins unopposed, and blue learns that all seven cards
    of red's hand cannot be deployed against a unit (not against a person)."""
    state = position(0, ("I/7", "I/2", "I/19", "I/20", "I/11", "I/30", "I/32"),
                     ("I/50", "I/51", "I/53", "I/60", "I/61", "I/62", "I/63"))
    state = play(state, "attack I/7 as unit")
    assert state.shown_undeployable == ((0, 0, 0), (0, 0, 7))
    assert state.landed[0][-1] == rd.Landing(idx("I/7"), rd.CombatType.UNIT)


def test_D12_D15_a_counter_strike_that_fails_its_activation_leaves_the_duel() -> None:
    """D12, D15: red's G card (here with an activation roll of 3) fails its roll: it goes
    out of the game and leaves the duel, and red may decide again."""
    ratek = attrs.evolve(STARTER_I.card("I/43"), activation=3)
    options = Options(card_set=with_cards(I_43=ratek), blue_player=0)
    state = play(to_window(deal(options=options), "I/18", "I/46"), "pass", "pass",
                 "combat 6:1", "counter I/43", "roll 1")
    assert state.phase is rd.Phase.COUNTER
    assert (state.duel.defense, state.duel.defense_type, state.duel.loser) == (
        None, None, rd.DEFENDER)
    assert state.out == ((), (idx("I/46"), idx("I/43")))


def test_D10_D15_an_action_card_in_a_counter_strike_duel_keeps_the_loser() -> None:
    """D10, D15: in the counter-strike duel an action card resolves like any other, and
    the duel still names the side that lost the first one."""
    state = play(counter(), "counter I/19", "play I/30", "pass")
    assert state.phase is rd.Phase.COMBAT
    assert state.duel.counter and state.duel.loser == rd.ATTACKER
    assert state.duel.played == (rd.Played(rd.ATTACKER, idx("I/30"), rd.Status.APPLIED),)
    assert state.duel.attack_mod == 2


def test_D8_D12_a_defence_that_fails_its_activation_leaves_a_face_down_attack() -> None:
    """D8, D12: NEMO (here with an activation roll of 3) fails its roll: it goes out of the
    game and red defends again against the attacking card, still face down."""
    nemo = attrs.evolve(STARTER_I.card("I/46"), activation=3)
    options = Options(card_set=with_cards(I_46=nemo), blue_player=0)
    state = play(deal(options=options), "attack I/18", "defend I/46", "roll 1")
    assert state.phase is rd.Phase.DEFEND and state.out == ((), (idx("I/46"),))
    assert state.duel == rd.Duel(False, idx("I/18"), rd.CombatType.SHIP, None, None, False,
                                 False, False, 0, (), 0, 0, 0, None)
    assert from_json(to_json(state)) == state


def _known(state: State, **knowledge: Any) -> State:
    """Return `state` with what the opponent knows of the hands changed (loaded, so
    checked)."""
    return from_json(to_json(attrs.evolve(state, **knowledge)), State)


def test_D31_an_action_card_played_leaves_the_known_action_cards() -> None:
    """D31, ruling 11: red knows two of blue's cards are action cards; blue plays one, so
    red knows one is left."""
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",))),
                   shown_actions=(2, 0))
    state = play(state, "attack I/18", "defend I/46", "play I/30")
    assert (state.shown_actions, state.shown_nonships) == ((1, 0), (0, 0))


def test_D15_D31_a_face_down_counter_strike_shows_its_declared_type() -> None:
    """D15, D31, ruling 16: blue's G card committed face down for its activation roll is
    seen as a ship (its declared type), so red's knowledge that one card of blue's hand is
    no ship stays, though blue's Black guard (a unit) has a G mark and a roll too."""
    pasadena = attrs.evolve(STARTER_I.card("I/19"), activation=3)
    guard = attrs.evolve(STARTER_I.card("I/7"), activation=3)
    options = Options(card_set=with_cards(I_19=pasadena, I_7=guard), blue_player=0)
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",)),
                            options=options), shown_nonships=(1, 0))
    state = play(state, "attack I/18", "defend I/46", "pass", "pass", "combat 1:6",
                 "counter I/19")
    assert state.phase is rd.Phase.ACTIVATE
    assert (state.shown_nonships, state.shown_actions) == ((1, 0), (0, 0))


def test_D15_D31_a_defender_s_face_down_counter_strike_is_seen_as_a_g_card_with_a_roll(
        ) -> None:
    """D15, D31, ruling 16: red's G card committed face down for its activation roll is
    seen as a card with a G mark and an activation roll; the only such card of this set is
    a ship (Shadow cruiser 986, here with a roll of 3), so blue's knowledge that one card
    of red's hand is no ship stays."""
    shadow = attrs.evolve(STARTER_I.card("I/59"), activation=3)
    options = Options(card_set=with_cards(I_59=shadow), blue_player=0)
    red = ("I/46", "I/47", "I/35", "I/59", "I/61", "I/62", "I/63")
    state = _known(position(0, BLUE_HAND, red, landed=(("I/21",), ("I/48",)),
                            options=options), shown_nonships=(0, 1))
    state = play(state, "attack I/18", "defend I/46", "pass", "pass", "combat 6:1",
                 "counter I/59")
    assert state.phase is rd.Phase.ACTIVATE and state.duel.loser == rd.DEFENDER
    assert (state.shown_nonships, state.shown_actions) == ((0, 1), (0, 0))


@pytest.mark.parametrize("knowledge", [{"shown_nonships": (0, 1)},
                                       {"shown_undeployable": ((0, 0, 0), (0, 1, 1))}],
                         ids=["nonships", "undeployable"])
def test_D12_D31_a_face_down_defence_is_seen_as_a_card_with_a_roll(
        knowledge: dict[str, Any]) -> None:
    """D12, D31, ruling 16: red's NEMO (here with an activation roll of 3) is committed
    face down for its roll: blue sees a card with a roll that may meet a ship. Every such
    card of this set is a ship that may meet persons and units, so what blue knows of
    red's hand (a card that is no ship; cards that cannot meet a person or a unit) stays."""
    nemo = attrs.evolve(STARTER_I.card("I/46"), activation=3)
    options = Options(card_set=with_cards(I_46=nemo), blue_player=0)
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",)),
                            options=options), **knowledge)
    before = (state.shown_nonships, state.shown_undeployable)
    state = play(state, "attack I/18", "defend I/46")
    assert state.phase is rd.Phase.ACTIVATE and state.duel.defense_activated
    assert (state.shown_nonships, state.shown_undeployable) == before


def test_D3_D10_an_action_card_for_ships_is_offered_against_a_ship_only() -> None:
    """D3, D10: Golden man (here for ships only) may be played in the window against NEMO
    defending as a ship, not against Soldiers defending as a unit (a card set of its own,
    so nothing of it is known to the tables before this window)."""
    golden = STARTER_I.card("I/30")
    assert golden.action is not None
    ships_only = attrs.evolve(golden, action=attrs.evolve(
        golden.action, target=rd.CardFilter(types=(rd.CombatType.SHIP,))))
    options = Options(card_set=with_cards(I_30=ships_only), blue_player=0)
    ship = to_window(deal(options=options), "I/18", "I/46")
    assert [str(a) for a in rd.legal_actions(ship)] == [
        "pass", "play I/30 Golden man", "play I/32 Antisphere"]
    unit = to_window(deal(options=options), "I/18", "I/43 as unit")
    assert [str(a) for a in rd.legal_actions(unit)] == ["pass", "play I/32 Antisphere"]


def test_D31_a_card_played_leaves_the_known_undeployable_cards() -> None:
    """D31, ruling 11: blue knows two of red's cards cannot meet a person and two cannot
    meet a unit (nothing about ships); red plays an action card, which meets nothing, so
    one of each is left, and still nothing is known about ships."""
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",))),
                   shown_undeployable=((0, 0, 0), (0, 2, 2)))
    state = play(state, "attack I/20", "defend I/46", "pass", "play I/62")
    assert state.shown_undeployable == ((0, 0, 0), (0, 1, 1))


def test_D31_a_card_played_leaves_the_known_undeployable_cards_of_every_type() -> None:
    """D31, ruling 11: blue knows two of red's cards cannot meet a ship, a person or a
    unit; red's action card meets none of them, so each count falls by one."""
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",))),
                   shown_undeployable=((0, 0, 0), (2, 2, 2)))
    state = play(state, "attack I/20", "defend I/46", "pass", "play I/62")
    assert state.shown_undeployable == ((0, 0, 0), (1, 1, 1))


@pytest.mark.parametrize(("players", "options", "option", "message"), [
    (3, None, "players", "Ren Dhark is for exactly 2 players, got 3"),
    (True, None, "players", "Ren Dhark is for exactly 2 players, got True"),
    (2, "fast", "options", "expected ren_dhark.Options, got str"),
])
def test_D4_new_game_refuses_naming_the_option(players: object, options: object, option: str,
                                               message: str) -> None:
    with pytest.raises(InvalidOptionsError) as err:
        rd.new_game(players, options)  # type: ignore[arg-type]
    assert err.value.option == option
    assert str(err.value) == f"invalid option {option!r}: {message}"


def test_D11_the_attacker_s_action_is_warded_off_by_the_defending_card() -> None:
    """D11: blue's Robon tracker aims at CAL, whose A value may ward it off: the ward-off
    roll is CAL's (the Black guard attacking has no A value)."""
    state = position(0, ("I/7", "I/33", "I/19", "I/20", "I/2", "I/30", "I/32"),
                     ("I/34", "I/35", "I/48", "I/47", "I/61", "I/62", "I/63"))
    state = play(state, "attack I/7", "defend I/34", "play I/33", "pass")
    assert state.phase is rd.Phase.WARD
    assert state.duel.played == (rd.Played(rd.ATTACKER, idx("I/33"), rd.Status.PENDING),)
    assert [str(a) for a in rd.legal_actions(state)] == [f"roll {n}" for n in range(1, 7)]


_NO_SHIP_FIGHT = with_cards(
    I_2=attrs.evolve(STARTER_I.card("I/2"), strength=(None, 5, 4)),
    I_7=attrs.evolve(STARTER_I.card("I/7"), strength=(None, 4, 4)))
"""Starter I with Ren Dhark (a person) and Black guard (a unit) given '-' against ships
only: cards that count as undeployable against one type and not the others."""


@pytest.mark.parametrize("card_set", [STARTER_I, _NO_SHIP_FIGHT], ids=["starter", "dashes"])
@pytest.mark.parametrize("player", [0, 1])
def test_D31_a_card_seen_leaving_a_hand_lowers_exactly_the_counts_it_fits(
        player: int, card_set: rd.CardSet) -> None:
    """D31, ruling 11: once a card seen face up leaves a hand, each count of known cards of
    that hand falls by one if the card is of that kind (no ship; an action card; a card
    that cannot be deployed against a ship, a person, a unit) and is not zero; the other
    hand's counts stay. Every card of the set, from counts of 2 and of 0."""
    state = rd.new_game(2, Options(card_set=card_set, blue_player=0))
    tables = state.options.tables
    other = 1 - player
    planets = set(tables.planets)
    for counts in (2, 0):
        known = (((counts, counts), (counts, counts),
                  ((counts,) * 3, (counts,) * 3)))
        for card in range(len(tables.cards)):
            if card in planets:
                continue
            at = rd.rules._evolve_state(state, shown_nonships=known[0], shown_actions=known[1],
                                        shown_undeployable=known[2])
            nonships, actions, undeployable = rd.rules._shown_after(at, player, card)
            fall = 1 if counts else 0
            assert nonships[player] == counts - fall * (not tables.is_ship[card])
            assert actions[player] == counts - fall * tables.is_action[card]
            assert undeployable[player] == tuple(
                counts - fall * (not tables.deployable[t][card]) for t in range(3)), card
            assert (nonships[other], actions[other], undeployable[other]) == \
                (counts, counts, (counts,) * 3)


def test_D31_a_face_down_defence_is_seen_as_any_card_that_fits() -> None:
    """D8, D12, D31: red defends with NEMO (a ship) face down for its activation roll;
    blue sees only a rolling card that may meet a ship, which Marek (a person) with a
    roll would be too, so blue's knowledge that one of red's cards is no ship falls by
    one: it may have been that card. (Judged by the card itself, the count would stay.)
    The cards known to be unable to meet a person or a unit stay: no card with a roll
    that meets a ship is one of them."""
    nemo = attrs.evolve(STARTER_I.card("I/46"), activation=3)
    marek = attrs.evolve(STARTER_I.card("I/35"), activation=3)
    options = Options(card_set=with_cards(I_46=nemo, I_35=marek), blue_player=0)
    state = _known(position(0, BLUE_HAND, RED_HAND, landed=(("I/21",), ("I/48",)),
                            options=options), shown_nonships=(0, 1),
                   shown_undeployable=((0, 0, 0), (0, 1, 1)))
    state = play(state, "attack I/18", "defend I/46")
    assert state.phase is rd.Phase.ACTIVATE
    assert state.shown_nonships == (0, 0)
    # No rolling card meets a ship and not a person or a unit (ships without a roll such
    # as TALKARN do): the cards known to be unable to meet them are all still in hand.
    assert state.shown_undeployable == ((0, 0, 0), (0, 1, 1))


_ROLLING_G = with_cards(
    I_19=attrs.evolve(STARTER_I.card("I/19"), activation=3),
    I_7=attrs.evolve(STARTER_I.card("I/7"), activation=3, strength=(2, None, 4)),
    I_11=attrs.evolve(STARTER_I.card("I/11"), g=True),
    I_43=attrs.evolve(STARTER_I.card("I/43"), activation=3),
    I_59=attrs.evolve(STARTER_I.card("I/59"), activation=3),
    I_20=attrs.evolve(STARTER_I.card("I/20"), activation=3, strength=(5, 3, None)))
"""Starter I with G cards that roll for activation (PASADENA and Shadow cruiser, ships;
Black guard, a unit with '-' against persons, and Soldiers, units; Synthetic swarm, a
ship or unit, given a G mark) and a ship that rolls without a G mark (TERRA, with '-'
against units): counter-strikes committed face down, of several kinds."""


@pytest.mark.parametrize(("dice", "loser"), [("combat 1:6", rd.ATTACKER),
                                             ("combat 6:1", rd.DEFENDER)])
def test_D15_D31_a_face_down_counter_strike_lowers_what_any_card_seen_so_could(
        dice: str, loser: int) -> None:
    """D15, D31, ruling 16: a G card committed face down for its activation roll is seen
    as a combat card with a G mark and a roll that may be deployed against the winning
    card, declared as the attacker's type (a defender declares none). Each count of known
    cards of the loser's hand falls by one unless no card of the set seen so is of that
    kind (no ship; cannot be deployed against a ship, a person, a unit); action cards stay
    known. Every counter-strike of either loser, from counts of 2."""
    options = Options(card_set=_ROLLING_G, blue_player=0)
    blue = ("I/18", "I/19", "I/11", "I/2", "I/7", "I/30", "I/32")
    red = ("I/46", "I/47", "I/35", "I/43", "I/59", "I/62", "I/63")
    known = {"shown_nonships": (2, 2), "shown_actions": (2, 2),
             "shown_undeployable": ((2, 2, 2), (2, 2, 2))}
    start = _known(position(0, blue, red, landed=(("I/21",), ("I/48",)), options=options),
                   **known)
    decision = play(start, "attack I/18 as ship", "defend I/46 as ship", "pass", "pass", dice)
    assert decision.phase is rd.Phase.COUNTER and decision.duel.loser == loser
    tables = decision.options.tables
    cards = tables.cards
    player = 0 if loser == rd.ATTACKER else 1
    winner_type = decision.duel.defense_type if loser == rd.ATTACKER else decision.duel.attack_type
    assert winner_type is rd.CombatType.SHIP
    strikes = rd.legal_actions(decision)[1:]
    assert len(strikes) >= 2
    for strike in strikes:
        assert isinstance(strike, rd.CounterStrike)
        state = play(decision, str(strike))
        card = cards[idx(strike.card)]
        assert state.phase is rd.Phase.ACTIVATE and card.activation is not None
        declared = strike.as_type if loser == rd.ATTACKER else None
        seen = [k for k, c in enumerate(cards)
                if c.is_combat and c.g and c.activation is not None
                and (declared is None or declared in c.types)
                and tables.deployable[0][k]]
        assert idx(strike.card) in seen
        nonships = decision.shown_nonships[player]
        fall = any(not cards[k].is_ship for k in seen)
        assert state.shown_nonships[player] == nonships - (fall and nonships > 0), strike
        assert state.shown_actions == decision.shown_actions
        assert state.shown_undeployable[player] == tuple(
            n - (n > 0 and any(not tables.deployable[t][k] for k in seen))
            for t, n in enumerate(decision.shown_undeployable[player])), strike
        other = 1 - player
        assert (state.shown_nonships[other], state.shown_undeployable[other]) == (
            decision.shown_nonships[other], decision.shown_undeployable[other])
