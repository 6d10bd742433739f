"""Ren Dhark: tests named by rule id (D1–D31), the rulebook example and the FAQ rulings.

Positions are built through the public API only: chance outcomes (draws, dice) are
chosen like any action.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from boardrules import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    WrongGameError,
    from_json,
    to_json,
)
from boardrules.games import kivi
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import (
    ATTACKER,
    DEFENDER,
    STARTER_I,
    Card,
    CombatType,
    Landing,
    Options,
    Phase,
    State,
    Status,
)
from tests.refusals import assert_foreign_states_refused

BLUE_HAND = ("I/18", "I/19", "I/20", "I/2", "I/7", "I/30", "I/32")
"""Ships STAHLTANGO (S-cruiser 3/2/2), PASADENA (S-cruiser, G), TERRA (ring ship 5/3/3, A5);
Ren Dhark (person 2/5/4, A5); Black guard (unit, G); Golden man; Antisphere."""
RED_HAND = ("I/46", "I/47", "I/35", "I/43", "I/61", "I/62", "I/63")
"""Ships NEMO (4/2/2), VEGA (4/2/3); Marek (person 2/5/4); Ratek soldiers (unit, G);
Hyperbomb; Satiated death; Ree."""


def deal(blue: Sequence[str] = BLUE_HAND, red: Sequence[str] = RED_HAND, *,
         keep: bool = True, options: Options | None = None) -> State:
    """Return the state after player 0 (blue) and player 1 (red) drew these opening hands."""
    state = rd.new_game(2, options or Options(blue_player=0))
    for number in (*blue, *red):
        state = rd.apply(state, rd.parse_action(state, f"draw {number}"))
    while keep and state.phase is Phase.MULLIGAN:
        state = rd.apply(state, rd.KEEP)
    return state


def play(state: State, *texts: str) -> State:
    """Apply each action, given in notation, through the checked `apply`."""
    for text in texts:
        state = rd.apply(state, rd.parse_action(state, text))
        rd.validate_state(state)
    return state


def legal(state: State) -> list[str]:
    """Return the legal actions in notation."""
    return [str(a) for a in rd.legal_actions(state)]


def idx(number: str) -> int:
    """Return the index of a Starter I card."""
    return STARTER_I.cards.index(STARTER_I.card(number))


def numbers(cards: Sequence[int]) -> list[str]:
    """Return the numbers of card indices."""
    return [STARTER_I.cards[c].number for c in cards]


def with_cards(**changes: Card) -> rd.CardSet:
    """Return Starter I with some cards replaced (keyed by number with '/' as '_')."""
    cards = tuple(changes.get(c.number.replace("/", "_"), c) for c in STARTER_I.cards)
    return attrs.evolve(STARTER_I, cards=cards)


def to_window(state: State, attack: str, defend: str) -> State:
    """Attack and defend with the given cards (notation without the verb)."""
    return play(state, f"attack {attack}", f"defend {defend}")


VARIANT = Options(blue_player=0, dash_cards_deployable=True)
"""Rules version 1's D8/D9: a card with '-' may be deployed against that type."""


def position(attacker: int, blue: Sequence[str], red: Sequence[str], *,
             landed: tuple[Sequence[str], Sequence[str]] = (("I/18",), ("I/46",)),
             options: Options | None = None) -> State:
    """Return a battle about to begin (set up from data, the JSON position format): blue is
    player 0, `attacker` attacks, the hands are `blue` and `red`, the ships in `landed` lie
    on the enemy planets (so persons and units may attack) and every other card is in its
    owner's deck."""
    state = deal(options=options or Options(blue_player=0))
    tables = state.options.tables
    hands = [tuple(sorted(idx(n) for n in hand)) for hand in (blue, red)]
    ships = [tuple(Landing(idx(n), CombatType.SHIP) for n in side) for side in landed]
    decks = [tuple(c for c in tables.decks[p] if c not in hands[p]
                   and c not in {x.card for x in ships[p]}) for p in (0, 1)]
    data = attrs.evolve(state, attacker=attacker, battle=2 if attacker == 0 else 3,
                        hands=(hands[0], hands[1]), decks=(decks[0], decks[1]),
                        landed=(ships[0], ships[1]))
    loaded = from_json(to_json(data), State)
    assert loaded.phase is Phase.ATTACK
    return loaded


class TestD1CardList:
    """D1: 68 cards, one of each; per faction 1 planet, 15 ships, 12 persons/units, 6 actions."""

    def test_D1_starter_counts(self) -> None:
        cards = STARTER_I.cards
        assert len(cards) == 68
        assert [c.number for c in cards] == [f"I/{k}" for k in range(1, 69)]
        for side, lo, hi, planet in ((rd.Side.BLUE, 1, 33, "I/67"),
                                     (rd.Side.RED, 34, 66, "I/68")):
            own = [c for c in cards if c.side is side]
            assert {c.number for c in own if c.kind is not rd.Kind.PLANET} == {
                f"I/{k}" for k in range(lo, hi + 1)}
            assert STARTER_I.planet(side).number == planet
            assert sum(c.is_ship for c in own) == 15
            assert sum(c.kind in (rd.Kind.PERSON, rd.Kind.UNIT) for c in own) == 12
            assert sum(c.kind is rd.Kind.ACTION for c in own) == 6

    def test_D1_swarm_is_a_blue_ship_and_duman_a_blue_person(self) -> None:
        swarm = STARTER_I.card("I/11")
        assert swarm.kind is rd.Kind.SHIP_OR_UNIT and swarm.is_ship
        assert swarm.types == (CombatType.SHIP, CombatType.UNIT)
        duman = STARTER_I.card("I/23")
        assert (duman.name, duman.side, duman.kind) == ("Thornton Duman", rd.Side.BLUE,
                                                        rd.Kind.PERSON)


class TestD2HouseValues:
    """D2: house values labelled as such and meeting the constraints."""

    def test_D2_labelled_house_values(self) -> None:
        assert STARTER_I.house_values
        assert STARTER_I.source.startswith("HOUSE VALUES")
        text = rd.STARTER_PATH.read_text(encoding="utf-8")
        assert '"house_values": true' in text and "HOUSE VALUES" in text

    def test_D2_strengths_and_dashes(self) -> None:
        ground_dash = {"I/15", "I/16", "I/17", "I/50", "I/51", "I/53", "I/60"}
        for card in STARTER_I.cards:
            if not card.is_combat:
                assert card.strength is None
                continue
            assert card.strength is not None
            ship, person, unit = card.strength
            assert ship is not None and 1 <= ship <= 6, card.label
            if card.number in ground_dash:
                assert person is None and unit is None, card.label
            else:
                assert person is not None and unit is not None, card.label
                assert 1 <= person <= 6 and 1 <= unit <= 6, card.label

    def test_D2_resources_meet_deck_building(self) -> None:
        for side in rd.Side:
            total = sum(c.resources for c in STARTER_I.cards
                        if c.side is side and c.kind is not rd.Kind.PLANET)
            assert 109 <= total <= 112, side
            assert rd.deck_problems(STARTER_I, side, STARTER_I.starter_deck(side)) == []

    def test_D2_para_a_and_g_on_both_sides(self) -> None:
        assert STARTER_I.card("I/41").para
        for side in rd.Side:
            own = [c for c in STARTER_I.cards if c.side is side]
            assert any(c.a is not None for c in own)
            assert any(c.g for c in own)
        assert any(c.para for c in STARTER_I.cards if c.side is rd.Side.BLUE)

    def test_D2_users_load_their_own_values(self) -> None:
        data = rd.card_set_to_data(STARTER_I)
        data["house_values"] = False
        data["source"] = "printed cards"
        card = data["cards"][17]  # type: ignore[index]
        card["strength"] = {"ship": 7, "person": 2, "unit": "-"}
        import json
        printed = rd.load_card_set(json.dumps(data))
        assert printed.card("I/18").strength == (7, 2, None)
        state = rd.new_game(2, card_set=printed)
        assert state.options.card_set is printed
        assert not state.options.card_set.house_values

    def test_D2_a_bad_file_names_every_problem(self) -> None:
        data = rd.card_set_to_data(STARTER_I)
        cards = data["cards"]
        assert isinstance(cards, list)
        cards[0]["strength"] = {"ship": "x", "person": 2}
        cards[1]["kind"] = "dragon"
        cards[2]["number"] = "I/4"
        cards[29]["action"]["effect"] = "explode"
        cards[5]["colour"] = "blue"
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.card_set_from_data(data)
        problems = "\n".join(err.value.problems)
        assert "cards[0] (I/1).strength.ship: expected an integer or '-', got 'x'" in problems
        assert "cards[0] (I/1).strength: missing 'unit'" in problems
        assert "cards[1] (I/2).kind" in problems
        assert "cards[29] (I/30).action.effect" in problems
        assert "cards[5] (I/6): unknown key 'colour'" in problems
        assert isinstance(err.value, InvalidOptionsError)

    def test_D2_semantic_problems_are_all_named(self) -> None:
        data = rd.card_set_to_data(STARTER_I)
        cards = data["cards"]
        assert isinstance(cards, list)
        cards[2]["number"] = "I/4"
        cards[66]["kind"] = "ship"
        cards[66]["strength"] = {"ship": 1, "person": 1, "unit": 1}
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.card_set_from_data(data)
        assert "card number 'I/4' appears 2 times" in err.value.problems
        assert "side blue needs exactly one planet, found 0" in err.value.problems

    def test_D2_files_and_paths(self, tmp_path: object) -> None:
        from pathlib import Path
        assert isinstance(tmp_path, Path)
        path = tmp_path / "cards.json"
        path.write_text("{not json", encoding="utf-8")
        with pytest.raises(rd.InvalidCardSetError, match="not JSON"):
            rd.load_card_set(path)
        with pytest.raises(rd.InvalidCardSetError, match="cannot read"):
            rd.load_card_set(tmp_path / "missing.json")
        with pytest.raises(rd.InvalidCardSetError, match="not UTF-8"):
            rd.load_card_set(b"\xff{}")
        with pytest.raises(rd.InvalidCardSetError, match="cannot read"):
            rd.load_card_set("cards\x00.json")  # a path no file system allows
        assert rd.load_card_set(rd.STARTER_PATH) == STARTER_I


class TestD3CardTexts:
    """D3: card texts encoded as structured data the engine interprets."""

    def test_D3_omer_giray_plus_one_against_tel(self) -> None:
        red = ("I/52", "I/56", "I/35", "I/46", "I/47", "I/48", "I/49")
        state = deal(("I/4", "I/18", "I/19", "I/20", "I/21", "I/22", "I/24"), red)
        state = play(state, "attack I/18", "defend I/46", "pass", "pass", "combat 1:6", "pass",
                     "draw I/25", "draw I/54")
        # Red attacks with a Tel ship; Ömer Giray (1 against ships) gets +1.
        tel = play(state, "attack I/52", "defend I/4", "pass", "pass")
        assert rd.combat_totals(tel, 1, 1) == (2 + 1, 1 + 1 + 1)
        # Against a G'Loorn ship: no bonus.
        other = play(state, "attack I/56", "defend I/4", "pass", "pass")
        assert rd.combat_totals(other, 1, 1) == (2 + 1, 1 + 1)

    def test_D3_nomads_plus_three_against_para(self) -> None:
        tables = Options().tables
        crekker, pakk, marek = idx("I/41"), idx("I/39"), idx("I/35")
        swarm = idx("I/11")
        assert tables.bonus(pakk, swarm, CombatType.SHIP) == 3
        assert tables.bonus(idx("I/57"), swarm, CombatType.UNIT) == 3
        assert tables.bonus(idx("I/40"), idx("I/1"), CombatType.PERSON) == 3
        assert tables.bonus(pakk, idx("I/2"), CombatType.PERSON) == 0
        assert tables.para[crekker] and not tables.para[marek]

    def test_D3_classes_and_races(self) -> None:
        for number in ("I/18", "I/19", "I/21", "I/22", "I/26"):
            assert STARTER_I.card(number).ship_class is rd.ShipClass.S_CRUISER
        for number in ("I/13", "I/20", "I/25"):
            assert STARTER_I.card(number).ship_class is rd.ShipClass.RING_SHIP
        races = {"tel": {37, 38, 41, 50, 51, 52, 53, 54}, "robon": {34, 35, 36, 46, 47, 48, 49},
                 "grak": {45, 59, 60}}
        for race, members in races.items():
            assert {int(c.number[2:]) for c in STARTER_I.cards
                    if c.race == race and c.is_combat} == members

    def test_D3_action_effects_are_data(self) -> None:
        effect = {c.number: c.action for c in STARTER_I.cards if c.action is not None}
        assert len(effect) == 12
        shield = effect["I/28"]
        assert shield is not None and shield.defender_only and shield.amount == 1
        assert shield.amount_against[0].amount == 2
        assert shield.amount_against[0].against.races == ("grak",)
        assert (effect["I/29"].effect, effect["I/29"].amount) == (rd.Effect.DESTROY, 3)
        assert effect["I/29"].target.types == (CombatType.SHIP,)
        assert (effect["I/64"].effect, effect["I/64"].amount) == (rd.Effect.DESTROY, 4)
        assert effect["I/30"].effect is rd.Effect.STRENGTHEN
        assert not effect["I/30"].aims_at_enemy
        assert effect["I/31"].target.races == ("tel",)
        assert effect["I/63"].target.not_classes == (rd.ShipClass.S_CRUISER,
                                                     rd.ShipClass.RING_SHIP)
        assert effect["I/65"].amount == 4

    def test_D3_playable_only_when_the_condition_applies(self) -> None:
        # Red's Satiated death (only vs Terra) and Ree (not vs S-cruisers) against STAHLTANGO.
        state = to_window(deal(), "I/18", "I/46")
        assert legal(state) == ["pass", "play I/30 Golden man", "play I/32 Antisphere"]
        state = play(state, "pass")
        assert legal(state) == ["pass", "play I/61 Hyperbomb", "play I/62 Satiated death"]

    def test_D3_ree_against_a_non_cruiser_and_ertobit_against_a_ring_ship(self) -> None:
        state = deal(red=("I/46", "I/47", "I/35", "I/43", "I/65", "I/62", "I/63"))
        state = to_window(state, "I/20", "I/46")
        state = play(state, "pass")
        # TERRA is a ring ship: ertobit yes, Ree no; Satiated death (Terra) yes.
        assert legal(state) == ["pass", "play I/62 Satiated death", "play I/65 ertobit"]
        state = play(state, "play I/65", "pass", "roll 4")  # TERRA's A5: 4 does not ward
        assert state.duel.attack_mod == -4

    def test_D3_shield_only_for_the_defender_and_two_against_grak(self) -> None:
        state = deal(blue=("I/18", "I/19", "I/20", "I/2", "I/7", "I/28", "I/32"),
                     red=("I/59", "I/47", "I/35", "I/43", "I/61", "I/62", "I/28"[:0] + "I/63"))
        state = to_window(state, "I/18", "I/59")
        assert "play I/28 Global protective shield" not in legal(state)  # blue attacks
        state = play(state, "pass", "pass")
        assert state.phase is Phase.COMBAT
        # Next battle: red (Grak shadow cruiser) attacks, blue defends with the shield.
        red_first = deal(blue=("I/18", "I/19", "I/20", "I/2", "I/7", "I/28", "I/32"),
                         red=("I/59", "I/47", "I/35", "I/43", "I/61", "I/62", "I/63"))
        red_first = play(red_first, "attack I/18", "defend I/47", "pass", "pass", "combat 1:6",
                         "pass", "draw I/21", "draw I/48", "attack I/59", "defend I/19")
        assert "play I/28 Global protective shield" not in legal(red_first)  # red acts first
        red_first = play(red_first, "pass", "play I/28")
        assert red_first.phase is Phase.WINDOW and red_first.duel.window == 2
        red_first = play(red_first, "pass")
        assert red_first.phase is Phase.COMBAT
        assert red_first.duel.attack_mod == -2  # Grak: 2 instead of 1


class TestD4Setup:
    """D4: sides by chance, planets out, 7 cards drawn uniformly."""

    def test_D4_sides_are_a_fair_chance(self) -> None:
        state = rd.new_game(2)
        assert rd.to_move(state) is CHANCE
        assert [(str(a), p) for a, p in rd.chance_outcomes(state)] == [
            ("blue 0", Fraction(1, 2)), ("blue 1", Fraction(1, 2))]
        after = rd.apply(state, rd.SIDES[1])
        assert after.blue == 1 and after.attacker == 1

    def test_D4_blue_player_option(self) -> None:
        state = rd.new_game(2, Options(blue_player=1))
        assert state.phase is Phase.DEAL and state.blue == 1
        assert numbers(state.decks[1]) == [f"I/{k}" for k in range(1, 34)]
        assert numbers(state.decks[0]) == [f"I/{k}" for k in range(34, 67)]

    def test_D4_draws_are_uniform_over_the_deck(self) -> None:
        state = rd.new_game(2, Options(blue_player=0))
        outcomes = rd.chance_outcomes(state)
        assert len(outcomes) == 33 and {p for _, p in outcomes} == {Fraction(1, 33)}
        state = play(state, "draw I/5")
        assert len(rd.chance_outcomes(state)) == 32
        state = deal(keep=False)
        assert [len(h) for h in state.hands] == [7, 7]
        assert [len(d) for d in state.decks] == [26, 26]
        assert rd.inventory(state)["I/67 Terra"] == 1 and rd.inventory(state)["I/68 Robon"] == 1


class TestD5Redraw:
    """D5: one redraw each, blue first, with < 2 ships or > 3 action cards."""

    def test_D5_keep_only_with_a_good_hand(self) -> None:
        state = deal(keep=False)
        assert rd.to_move(state) == 0 and legal(state) == ["keep"]

    def test_D5_few_ships_allow_a_redraw(self) -> None:
        state = deal(blue=("I/18", "I/1", "I/2", "I/3", "I/4", "I/5", "I/6"), keep=False)
        assert legal(state) == ["keep", "redraw"]
        state = play(state, "redraw")
        assert state.phase is Phase.DEAL and state.hands[0] == () and len(state.decks[0]) == 33
        assert state.redrew == (True, False)
        for number in ("I/13", "I/14", "I/15", "I/16", "I/1", "I/2", "I/3"):
            state = play(state, f"draw {number}")
        assert state.phase is Phase.MULLIGAN and rd.to_move(state) == 1
        assert legal(state) == ["keep"]
        state = play(state, "keep")
        assert state.phase is Phase.ATTACK and state.mulligans == 2

    def test_D5_many_actions_allow_a_redraw(self) -> None:
        state = deal(red=("I/46", "I/47", "I/61", "I/62", "I/63", "I/64", "I/35"), keep=False)
        state = play(state, "keep")
        assert legal(state) == ["keep", "redraw"]

    def test_D5_swarm_counts_as_a_ship(self) -> None:
        state = deal(blue=("I/18", "I/11", "I/2", "I/3", "I/4", "I/5", "I/6"), keep=False)
        assert legal(state) == ["keep"]


class TestD6Skip:
    """D6: no ship on the enemy planet and none in hand: the battle is skipped."""

    def test_D6_blue_without_ships_skips(self) -> None:
        blue = ("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30")
        state = deal(blue=blue)
        assert state.phase is Phase.ATTACK and state.attacker == 1 and state.battle == 1
        assert state.skipped
        assert state.shown_nonships == (7, 0)  # red now knows blue holds no ship
        assert legal(state)[0] == "attack I/46 NEMO as ship"

    def test_D6_skip_knowledge_fades_as_cards_are_played(self) -> None:
        state = deal(blue=("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30"))
        state = play(state, "attack I/46", "defend I/2", "pass", "pass", "combat 6:1")
        assert state.shown_nonships == (6, 0)


class TestD7Attack:
    """D7: the attacker commits one card and declares its type; ships first."""

    def test_D7_only_ships_before_a_landing(self) -> None:
        state = deal()
        assert legal(state) == ["attack I/18 STAHLTANGO as ship", "attack I/19 PASADENA as ship",
                                "attack I/20 TERRA as ship"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "attack I/2")
        assert err.value.rule == "D7" and "only ships" in err.value.reason

    def test_D7_swarm_attacks_as_a_ship_only_before_a_landing(self) -> None:
        state = deal(blue=("I/11", "I/19", "I/20", "I/2", "I/7", "I/30", "I/32"))
        assert "attack I/11 Synthetic swarm as ship" in legal(state)
        assert "attack I/11 Synthetic swarm as unit" not in legal(state)

    def test_D7_persons_after_a_ship_landed(self) -> None:
        state = play(deal(), "attack I/20", "defend I/46", "pass", "pass", "combat 6:1", "pass",
                     "draw I/21", "draw I/48")
        # Red's battle: red attacks with a ship; then blue may send persons and units.
        state = play(state, "attack I/47", "defend I/18", "pass", "pass", "combat 1:6", "pass",
                     "draw I/49", "draw I/22")
        assert state.attacker == 0
        assert "attack I/2 Ren Dhark as person" in legal(state)
        assert "attack I/7 Black guard as unit" in legal(state)

    def test_D7_defender_learns_only_the_declared_type(self) -> None:
        state = play(deal(), "attack I/18")
        seen = rd.observe(state, 1)
        assert seen.duel.attack is None and seen.duel.attack_type is CombatType.SHIP
        assert rd.observe(state, 0).duel.attack == idx("I/18")
        assert rd.observe(state, None).duel.attack is None


class TestD8Defend:
    """D8: the defender commits a combat card that may be deployed against the declared
    type (no '-' against it); without one the attacking card wins unopposed."""

    def test_D8_any_type(self) -> None:
        state = play(deal(), "attack I/18")
        assert legal(state) == ["defend I/35 Marek as person", "defend I/43 Soldiers as unit",
                                "defend I/46 NEMO as ship", "defend I/47 VEGA as ship"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "defend I/61 as ship")
        assert err.value.rule == "D8" and "not a combat card" in err.value.reason

    def test_D8_a_dash_card_may_not_be_deployed_against_that_type(self) -> None:
        """The rulebook: a card with '-' under a type "nemůže být karta nasazena proti
        odpovídajícímu protivníkovi". DRAKHON and SPONG ('-' against persons) may not
        defend against Ren Dhark, declared a person."""
        state = position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"),
                         ("I/35", "I/43", "I/50", "I/51", "I/61", "I/62", "I/63"))
        state = play(state, "attack I/2")
        assert legal(state) == ["defend I/35 Marek as person", "defend I/43 Soldiers as unit"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "defend I/50 as ship")
        assert err.value.rule == "D8"
        assert "'-' against a person" in err.value.reason and err.value.state is state

    def test_D8_variant_a_dash_card_may_be_deployed(self) -> None:
        """Option dash_cards_deployable (rules version 1): DRAKHON and SPONG may defend."""
        state = position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"),
                         ("I/35", "I/43", "I/50", "I/51", "I/61", "I/62", "I/63"),
                         options=VARIANT)
        assert legal(play(state, "attack I/2")) == [
            "defend I/35 Marek as person", "defend I/43 Soldiers as unit",
            "defend I/50 DRAKHON as ship", "defend I/51 SPONG as ship"]

    def test_D8_the_declared_type_decides_not_the_card(self) -> None:
        """The swarm declared a unit cannot be met by DRAKHON ('-' against units); declared
        a ship it can. The defender's choices depend only on the declared type: they are
        the same whichever card lies face down (D31)."""
        red = ("I/35", "I/50", "I/48", "I/47", "I/61", "I/62", "I/63")
        blue = ("I/11", "I/7", "I/2", "I/19", "I/20", "I/30", "I/32")
        as_unit = play(position(0, blue, red), "attack I/11 as unit", "roll 3")
        assert "defend I/50 DRAKHON as ship" not in legal(as_unit)
        as_ship = play(position(0, blue, red), "attack I/11 as ship", "roll 3")
        assert "defend I/50 DRAKHON as ship" in legal(as_ship)
        guard = play(position(0, blue, red), "attack I/7 as unit")
        assert legal(guard) == legal(as_unit)

    def test_D8_a_swarm_defends_only_where_it_has_a_strength(self) -> None:
        """A swarm with '-' against persons may not defend against a person, whichever type
        it would fight as; against a ship it may defend as a ship or a unit."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), strength=(5, None, 4))
        options = Options(card_set=with_cards(I_11=swarm), blue_player=0)
        blue = ("I/11", "I/2", "I/19", "I/20", "I/7", "I/30", "I/32")
        red = ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63")
        against_person = play(position(1, blue, red, options=options), "attack I/35")
        assert legal(against_person) == [
            "defend I/2 Ren Dhark as person", "defend I/7 Black guard as unit",
            "defend I/19 PASADENA as ship", "defend I/20 TERRA as ship"]
        against_ship = play(position(1, blue, red, options=options), "attack I/47")
        assert {"defend I/11 Synthetic swarm as ship",
                "defend I/11 Synthetic swarm as unit"} <= set(legal(against_ship))

    def test_D8_no_combat_card_wins_unopposed(self) -> None:
        """Set up from data (the JSON position format): red holds only action cards."""
        state = deal()
        red_actions = tuple(idx(f"I/{k}") for k in range(61, 67))
        rest = tuple(c for c in (*state.hands[1], *state.decks[1]) if c not in red_actions)
        position = attrs.evolve(state, hands=(state.hands[0], red_actions),
                                decks=(state.decks[0], ()), out=((), rest))
        state = from_json(to_json(position), State)
        state = play(state, "attack I/18")
        assert state.landed[0] == (Landing(idx("I/18"), CombatType.SHIP),)
        # Blue now knows no card of red's hand may be deployed against a ship.
        assert state.shown_undeployable == ((0, 0, 0), (6, 0, 0))
        assert state.phase is Phase.DEAL

    def test_D8_no_deployable_card_wins_unopposed(self) -> None:
        """(R) Red holds only ships with '-' against persons and action cards: Ren Dhark
        lands unopposed, and blue learns that no card of red's hand could meet a person —
        which every world `resample` draws for blue keeps."""
        red = ("I/50", "I/51", "I/53", "I/60", "I/61", "I/62", "I/63")
        state = position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"), red)
        state = play(state, "attack I/2")
        assert state.phase is Phase.DEAL and state.landed[0][-1] == Landing(
            idx("I/2"), CombatType.PERSON)
        assert state.shown_undeployable == ((0, 0, 0), (0, 7, 0))
        assert state.shown_nonships == state.shown_actions == (0, 0)
        person = state.options.tables.deployable[1]
        rng = random.Random(4)
        for _ in range(20):
            other = rd.resample(state, 0, rng)
            rd.validate_state(other)
            assert not any(person[c] for c in other.hands[1])
        # Red draws DRAKHON and attacks with it (face down, as a ship): for all blue can
        # tell it may have been one of the known cards, so the count falls by one.
        state = play(state, "draw I/22", "attack I/50")
        assert state.shown_undeployable == ((0, 0, 0), (0, 6, 0))

    def test_D8_variant_only_action_cards_cannot_defend(self) -> None:
        """Option dash_cards_deployable: the same hand defends with its ships."""
        red = ("I/50", "I/51", "I/53", "I/60", "I/61", "I/62", "I/63")
        state = position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"), red,
                         options=VARIANT)
        state = play(state, "attack I/2")
        assert state.phase is Phase.DEFEND and len(legal(state)) == 4

    def test_D8_again_after_a_failed_activation(self) -> None:
        """D12: the defending swarm fails its activation; the next card, too, must be
        deployable against the declared person: TALKARN and NOGK are not, Ren Dhark is."""
        blue = ("I/11", "I/15", "I/16", "I/2", "I/30", "I/32", "I/17")
        red = ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63")
        state = play(position(1, blue, red), "attack I/35", "defend I/11 as unit", "roll 2")
        assert state.phase is Phase.DEFEND and idx("I/11") in state.out[0]
        assert legal(state) == ["defend I/2 Ren Dhark as person"]

    def test_D8_after_a_failed_activation_nothing_left_wins_unopposed(self) -> None:
        """D12, ruling 12: the swarm fails and blue holds only ships with '-' against
        persons and action cards: Marek lands unopposed."""
        blue = ("I/11", "I/15", "I/16", "I/17", "I/30", "I/32", "I/28")
        red = ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63")
        state = play(position(1, blue, red), "attack I/35", "defend I/11 as unit", "roll 1")
        assert state.phase is Phase.DEAL
        assert state.landed[1][-1] == Landing(idx("I/35"), CombatType.PERSON)
        assert state.shown_undeployable == ((0, 6, 0), (0, 0, 0))


class TestD9Reveal:
    """D9: strength against the other card's type; a blind attacker's '-' loses at once."""

    def test_D9_the_blind_attacker_loses_with_a_dash(self) -> None:
        """The attacker commits before the defence: TALKARN ('-' against persons) meets
        Marek and loses at once, without any roll."""
        state = position(0, ("I/15", "I/19", "I/20", "I/2", "I/7", "I/30", "I/32"),
                         ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63"))
        state = play(state, "attack I/15", "defend I/35")
        assert state.phase is Phase.COUNTER and state.duel.loser == ATTACKER
        assert idx("I/15") in state.out[0]

    def test_D9_a_defender_never_loses_by_a_dash(self) -> None:
        """In whole random games no card committed against a known type (a defence, a
        counter-strike) has '-' against it: only the blind attacker can lose by a '-'."""
        rng = random.Random(9)
        dashes = 0
        for _ in range(40):
            state = rd.new_game(2)
            while not rd.is_terminal(state):
                action = (rd.sample_chance(state, rng) if rd.to_move(state) is CHANCE
                          else rng.choice(rd.legal_actions(state)))
                duel, tables = state.duel, state.options.tables
                if isinstance(action, rd.Defend | rd.CounterStrike):
                    by_attacker = isinstance(action, rd.CounterStrike) and duel.loser == ATTACKER
                    against = duel.defense_type if by_attacker else duel.attack_type
                    assert against is not None
                    card = tables.index[action.card]
                    assert tables.base_strength(card, against) is not None, action
                    if isinstance(action, rd.Defend) and duel.attack is not None:
                        dashes += tables.base_strength(duel.attack, action.as_type) is None
                state = rd.apply(state, action)
        assert dashes  # attackers did lose by a '-'

    def test_D9_variant_dash_loses_automatically(self) -> None:
        """Option dash_cards_deployable: red defends with DRAKHON ('-' against persons)
        against Ren Dhark and loses at the reveal."""
        state = play(deal(options=VARIANT), "attack I/20", "defend I/46", "pass", "pass",
                     "combat 6:1", "pass", "draw I/21", "draw I/50")
        # Red attacks with a ship; blue defends with a person: TERRA is gone, NEMO lost.
        state = play(state, "attack I/47", "defend I/18", "pass", "pass", "combat 6:1", "pass",
                     "draw I/51", "draw I/22")
        # Blue attacks with Ren Dhark (a ship landed); red defends with DRAKHON ('-' vs person).
        state = play(state, "attack I/2", "defend I/50")
        assert state.phase is Phase.COUNTER and state.duel.loser == DEFENDER
        state = play(state, "pass")
        assert Landing(idx("I/2"), CombatType.PERSON) in state.landed[0]
        assert idx("I/50") in state.out[1]

    def test_D9_variant_both_dash_destroys_both(self) -> None:
        ren = attrs.evolve(STARTER_I.card("I/2"), strength=(None, 5, 4))
        custom = with_cards(I_2=ren)
        options = Options(card_set=custom, blue_player=0, dash_cards_deployable=True)
        state = deal(red=("I/50", "I/47", "I/35", "I/43", "I/61", "I/62", "I/63"),
                     options=options)
        state = play(state, "attack I/19", "defend I/47", "pass", "pass", "combat 6:1", "pass",
                     "draw I/21", "draw I/46")
        # DRAKHON ('-' against persons) meets Ren Dhark ('-' against ships here).
        state = play(state, "attack I/50", "defend I/2")
        assert state.phase is Phase.DEAL and state.landed[1] == ()
        assert idx("I/50") in state.out[1] and idx("I/2") in state.out[0]
        # Without the option Ren Dhark may not meet the ship at all (D8).
        state = play(deal(red=("I/50", "I/47", "I/35", "I/43", "I/61", "I/62", "I/63"),
                          options=attrs.evolve(options, dash_cards_deployable=False)),
                     "attack I/19", "defend I/47", "pass", "pass", "combat 6:1", "pass",
                     "draw I/21", "draw I/46", "attack I/50")
        assert "defend I/2 Ren Dhark as person" not in legal(state)


class TestD10ActionWindow:
    """D10: attacker, then defender, one action card each; attacker's second chance."""

    def test_D10_order_and_one_card_per_combat_card(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        assert rd.to_move(state) == 0
        state = play(state, "play I/30")
        assert rd.to_move(state) == 1
        state = play(state, "play I/61")
        assert state.phase is Phase.DESTROY  # Golden man resolved first, then the Hyperbomb
        assert [p.status for p in state.duel.played] == [Status.APPLIED, Status.PENDING]
        assert state.duel.attack_mod == 2

    def test_D10_attacker_gets_one_more_chance(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        state = play(state, "pass", "play I/62")
        assert rd.to_move(state) == 0 and state.duel.window == 2
        state = play(state, "play I/32")
        assert [entry.card for entry in state.duel.played] == [idx("I/62"), idx("I/32")]
        assert state.phase is Phase.DESTROY  # Satiated death applied, Antisphere rolls
        assert state.duel.attack_mod == -2

    def test_D10_no_second_chance_after_playing(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        state = play(state, "play I/30", "pass")
        assert state.phase is Phase.COMBAT

    def test_D10_an_empty_hand_has_no_window_step(self) -> None:
        """A player whose hand is empty after committing has nothing to decide: the window
        skips their step (the attacker's first, or the defender's)."""
        state = to_window(position(0, ["I/19"], ["I/47", "I/43"]), "I/19", "I/47")
        assert state.hands[0] == ()
        assert state.phase is Phase.WINDOW and state.duel.window == 1
        assert rd.to_move(state) == 1 and legal(state)[0] == "pass"
        assert play(state, "pass").phase is Phase.COMBAT
        state = to_window(position(0, ["I/19", "I/30"], ["I/47"]), "I/19", "I/47")
        assert state.hands[1] == ()
        assert state.phase is Phase.WINDOW and state.duel.window == 0 and rd.to_move(state) == 0
        assert play(state, "pass").phase is Phase.COMBAT  # the defender's step skipped
        state = play(state, "play I/30")
        assert state.phase is Phase.COMBAT and state.duel.attack_mod == 2

    def test_D10_action_cards_only_before_anyone_rolls(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass")
        assert state.phase is Phase.COMBAT
        with pytest.raises(IllegalActionError) as err:
            play(state, "play I/30")
        assert err.value.rule == "D13"


class TestD11Resolution:
    """D11: ward-off rolls against an A value, modifiers, destroy rolls; cards leave."""

    def test_D11_ward_off_before_the_effect(self) -> None:
        # TERRA has A5: red's Satiated death is warded off on 5+.
        state = to_window(deal(), "I/20", "I/46")
        state = play(state, "pass", "play I/62", "pass")
        assert state.phase is Phase.WARD
        warded = play(state, "roll 5")
        assert warded.duel.played[0].status is Status.WARDED and warded.duel.attack_mod == 0
        hit = play(state, "roll 4")
        assert hit.duel.played[0].status is Status.APPLIED and hit.duel.attack_mod == -2
        assert hit.phase is Phase.COMBAT

    def test_D11_ward_off_comes_before_the_destroy_roll(self) -> None:
        state = to_window(deal(), "I/20", "I/46")
        state = play(state, "pass", "play I/61", "pass", "roll 2")
        assert state.phase is Phase.DESTROY
        state = play(state, "roll 3")
        # Destroyed: red wins the duel at once, no combat roll; blue may counter-strike.
        assert state.phase is Phase.COUNTER and state.duel.loser == ATTACKER
        assert idx("I/20") in state.out[0] and idx("I/61") in state.out[1]

    def test_D11_failed_destroy_goes_on_to_combat(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        state = play(state, "play I/32", "pass", "roll 2")
        assert state.phase is Phase.COMBAT
        assert state.duel.played[0].status is Status.FAILED

    def test_D11_strengthening_cannot_be_warded_off(self) -> None:
        # Golden man on STAHLTANGO against CAL-like A values: no ward roll for a boost.
        state = deal(red=("I/53", "I/47", "I/35", "I/43", "I/61", "I/62", "I/63"))
        state = to_window(state, "I/18", "I/53")  # GSAL has A5
        state = play(state, "play I/30", "pass")
        assert state.phase is Phase.COMBAT and state.duel.attack_mod == 2

    def test_D11_void_action_still_leaves_the_game(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        state = play(state, "play I/32", "play I/61", "roll 6")
        # Antisphere destroyed NEMO first; the Hyperbomb never resolved but is gone.
        assert state.phase is Phase.COUNTER and state.duel.loser == DEFENDER
        assert idx("I/61") in state.out[1] and idx("I/32") in state.out[0]


class TestD12Activation:
    """D12: the Synthetic swarm rolls when committed; below 3 it is destroyed."""

    def test_D12_failed_activation_means_another_card(self) -> None:
        state = deal(blue=("I/11", "I/19", "I/20", "I/2", "I/7", "I/30", "I/32"))
        state = play(state, "attack I/11 as ship")
        assert state.phase is Phase.ACTIVATE and rd.to_move(state) is CHANCE
        assert rd.observe(state, 1).duel.attack_activated
        failed = play(state, "roll 2")
        assert failed.phase is Phase.ATTACK and idx("I/11") in failed.out[0]
        assert rd.to_move(failed) == 0
        ok = play(state, "roll 3")
        assert ok.phase is Phase.DEFEND

    def test_D12_defending_swarm(self) -> None:
        state = play(deal(), "attack I/18", "defend I/46", "pass", "pass", "combat 6:1", "pass")
        state = play(state, "draw I/11", "draw I/48", "attack I/47")
        assert "defend I/11 Synthetic swarm as ship" in legal(state)
        assert "defend I/11 Synthetic swarm as unit" in legal(state)
        state = play(state, "defend I/11 as unit", "roll 1")
        assert state.phase is Phase.DEFEND and idx("I/11") in state.out[0]


    def test_D12_failed_swarm_without_a_replacement_ends_the_battle(self) -> None:
        """Ruling 12: no other card to attack with: the battle ends without a duel."""
        state = deal(blue=("I/11", "I/1", "I/2", "I/3", "I/4", "I/5", "I/30"))
        state = play(state, "attack I/11 as ship", "roll 2")
        assert state.phase is Phase.DEAL and state.attacker == 1 and not state.skipped
        assert state.shown_nonships == (6, 0)
        state = play(state, "draw I/21")
        assert state.phase is Phase.ATTACK and rd.to_move(state) == 1

    def test_D12_failed_counter_strike_activation(self) -> None:
        """Ruling 12: a G card failing its activation: another G card, or pass."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), g=True)
        options = Options(card_set=with_cards(I_11=swarm), blue_player=0)
        state = deal(blue=("I/18", "I/19", "I/11", "I/2", "I/7", "I/30", "I/32"), options=options)
        state = play(state, "attack I/18", "defend I/46", "pass", "pass", "combat 1:6")
        assert legal(state) == ["pass", "counter I/11 Synthetic swarm as ship",
                                "counter I/19 PASADENA as ship"]
        state = play(state, "counter I/11 as ship")
        assert state.phase is Phase.ACTIVATE and rd.observe(state, 1).duel.attack is None
        assert rd.observe(state, 1).duel.defense == idx("I/46")  # the winner stays face up
        assert rd.observe(state, 0).duel.defense == idx("I/46")
        state = play(state, "roll 1")
        assert state.phase is Phase.COUNTER and legal(state) == [
            "pass", "counter I/19 PASADENA as ship"]
        state = play(state, "pass")
        assert state.phase is Phase.DEAL and state.landed == ((), ())
        assert set(numbers(state.out[0])) == {"I/18", "I/11"}

    def test_D15_failed_counter_strike_with_an_empty_hand_passes(self) -> None:
        """Rulings 10 and 12: a G card fails its activation and the hand is empty now: the
        loser is not asked again, the battle ends (and every state on the way loads)."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), g=True)
        state = deal(options=Options(card_set=with_cards(I_11=swarm), blue_player=0))
        keep = (idx("I/11"), idx("I/18"))
        rest = tuple(c for c in (*state.hands[0], *state.decks[0]) if c not in keep)
        position = attrs.evolve(state, hands=(keep, state.hands[1]),
                                decks=((), state.decks[1]), out=(rest, ()), battle=2)
        state = from_json(to_json(position), State)
        state = play(state, "attack I/18", "defend I/46", "pass", "pass", "combat 1:6",
                     "counter I/11 as ship", "roll 1")
        assert state.phase is Phase.DEAL and state.hands[0] == () and state.landed == ((), ())
        assert numbers(state.out[0][-2:]) == ["I/18", "I/11"] and idx("I/46") in state.out[1]


    def test_D12_failed_defending_swarm_without_a_replacement(self) -> None:
        """Set up from data: blue defends with the swarm and holds only action cards."""
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1", "pass")
        blue_hand = tuple(idx(n) for n in ("I/11", "I/28", "I/29", "I/30", "I/31", "I/32"))
        blue_out = tuple(c for c in state.options.tables.decks[0]
                         if c not in blue_hand and c not in (idx("I/18"), idx("I/33")))
        red_keep = (*state.hands[1], idx("I/48"))
        red_out = tuple(c for c in state.options.tables.decks[1] if c not in red_keep)
        position = attrs.evolve(state, hands=(blue_hand, state.hands[1]),
                                decks=((idx("I/33"),), (idx("I/48"),)), out=(blue_out, red_out))
        state = from_json(to_json(position), State)
        state = play(state, "draw I/33", "draw I/48", "attack I/47", "defend I/11 as ship",
                     "roll 2")
        assert Landing(idx("I/47"), CombatType.SHIP) in state.landed[1]
        assert idx("I/11") in state.out[0]
        # No card left to meet the ship (D8), and then blue skipped (D6): red knows both.
        assert state.shown_undeployable == ((6, 0, 0), (0, 0, 0))
        assert state.shown_actions == (6, 0) and state.attacker == 1


class TestD13CombatRoll:
    """D13: strength + die; the rulebook example."""

    def test_D13_rulebook_example_six_beats_four(self) -> None:
        """Blue's ship 5/5/3 attacks, red answers with 3/5/4: both roll 1, 6 beats 4."""
        blue_ship = attrs.evolve(STARTER_I.card("I/18"), strength=(5, 5, 3))
        red_card = attrs.evolve(STARTER_I.card("I/46"), strength=(3, 5, 4))
        options = Options(card_set=with_cards(I_18=blue_ship, I_46=red_card), blue_player=0)
        state = deal(options=options)
        state = play(state, "attack I/18 STAHLTANGO as ship", "defend I/46 NEMO as ship",
                     "pass", "pass")
        assert rd.combat_totals(state, 1, 1) == (6, 4)
        state = play(state, "combat 1:1")
        assert state.phase is Phase.COUNTER and state.duel.loser == DEFENDER
        state = play(state, "pass")
        assert state.landed[0] == (Landing(idx("I/18"), CombatType.SHIP),)
        assert idx("I/46") in state.out[1]

    def test_D13_ties_destroy_both(self) -> None:
        state = play(to_window(deal(), "I/18", "I/47"), "pass", "pass", "combat 2:1")
        assert state.phase is Phase.DEAL and state.landed == ((), ())
        assert idx("I/18") in state.out[0] and idx("I/47") in state.out[1]


class TestD14Outcome:
    """D14: attacker wins: lands; defender wins: both removed."""

    def test_D14_defender_wins_removes_both(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 1:1", "pass")
        assert state.landed == ((), ())
        assert idx("I/18") in state.out[0] and idx("I/46") in state.out[1]

    def test_D14_landed_cards_are_never_attacked(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1", "pass")
        assert Landing(idx("I/18"), CombatType.SHIP) in state.landed[0]
        assert rd.inventory(state)["I/18 STAHLTANGO"] == 1


class TestD15CounterStrike:
    """D15 and the FAQ: counter-strikes by the loser with a G card."""

    def test_D15_defender_counter_strikes_and_wins(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1")
        assert state.phase is Phase.COUNTER and rd.to_move(state) == 1
        assert legal(state) == ["pass", "counter I/43 Soldiers as unit"]
        state = play(state, "counter I/43", "pass", "pass", "combat 1:6")
        # The G card won: STAHLTANGO does not land; both removed.
        assert state.landed == ((), ()) and state.phase is Phase.DEAL
        assert set(numbers(state.out[1])) == {"I/46", "I/43"}

    @pytest.mark.parametrize(("dice", "loser"), [("combat 6:1", DEFENDER),
                                                 ("combat 1:6", ATTACKER)])
    def test_D15_the_winning_card_waits_face_up_for_the_counter_strike(
            self, dice: str, loser: int) -> None:
        """D15, D11: at the counter-strike decision only the winning card is left of the
        duel, face up, with its activation record and its modifiers (they last for the
        battle); the loser's card has left the game."""
        combat = play(to_window(deal(), "I/18", "I/46"), "pass", "pass")
        assert combat.phase is Phase.COMBAT
        state = play(combat, dice)
        assert state.phase is Phase.COUNTER
        d = combat.duel
        if loser == DEFENDER:
            waiting = rd.Duel(False, d.attack, d.attack_type, None, None, d.attack_activated,
                              False, True, 0, (), 0, d.attack_mod, 0, DEFENDER)
        else:
            waiting = rd.Duel(False, None, None, d.defense, d.defense_type, False,
                              d.defense_activated, True, 0, (), 0, 0, d.defense_mod, ATTACKER)
        assert state.duel == waiting
        player = combat.attacker if loser == ATTACKER else 1 - combat.attacker
        assert state.out[player] == (*combat.out[player], d.attack if loser == ATTACKER
                                     else d.defense)

    def test_D15_no_counter_strike_against_a_counter_strike(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1",
                     "counter I/43", "pass", "pass", "combat 6:1")
        # STAHLTANGO beat the counter-strike too: it lands, no further counter.
        assert state.phase is Phase.DEAL
        assert state.landed[0] == (Landing(idx("I/18"), CombatType.SHIP),)

    @pytest.mark.parametrize(("dice", "loser"), [("combat 6:1", DEFENDER),
                                                 ("combat 1:6", ATTACKER)])
    @pytest.mark.parametrize("empty", ["loser", "winner"])
    def test_D15_the_losers_hand_alone_decides_whether_to_ask(
            self, dice: str, loser: int, empty: str) -> None:
        """Ruling 10: a loser with an empty hand cannot counter-strike, so the outcome
        applies at once; an empty hand of the winner does not matter (the loser is asked)."""
        combat = play(to_window(deal(), "I/18", "I/46"), "pass", "pass")
        loser_player = combat.attacker if loser == ATTACKER else 1 - combat.attacker
        emptied = loser_player if empty == "loser" else 1 - loser_player
        hands = list(combat.hands)
        out = list(combat.out)
        out[emptied], hands[emptied] = (*out[emptied], *hands[emptied]), ()
        position = attrs.evolve(combat, hands=(hands[0], hands[1]), out=(out[0], out[1]))
        state = play(from_json(to_json(position), State), dice)
        if empty == "loser":
            assert state.phase is not Phase.COUNTER and state.battle == combat.battle + 1
        else:
            assert state.phase is Phase.COUNTER and state.duel.loser == loser
            assert rd.to_move(state) == loser_player and legal(state)[0] == "pass"

    def test_D15_no_counter_strike_after_a_tie(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 2:1")
        assert state.phase is Phase.DEAL

    def test_D15_counter_strike_does_not_change_who_attacks_next(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 1:6")
        assert state.duel.loser == ATTACKER and rd.to_move(state) == 0
        # Blue lost the duel; PASADENA (G) counter-strikes, still as the attacker.
        assert legal(state) == ["pass", "counter I/19 PASADENA as ship"]
        state = play(state, "counter I/19", "pass", "pass", "combat 6:1")
        assert Landing(idx("I/19"), CombatType.SHIP) in state.landed[0]
        state = play(state, "draw I/21", "draw I/22", "draw I/48")
        assert state.attacker == 1 and rd.to_move(state) == 1  # red attacks next

    def test_D15_attacker_g_card_obeys_the_ship_rule(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 1:6")
        # Black guard (G) is a unit: no counter-strike before a ship has landed.
        assert "counter I/7 Black guard as unit" not in legal(state)

    def test_D15_a_g_card_with_dash_against_the_winner_may_not_counter_strike(self) -> None:
        """D15, D8: Ratek soldiers with '-' against ships may not counter-strike the winning
        STAHLTANGO; under option dash_cards_deployable they may, and lose at the reveal."""
        soldiers = attrs.evolve(STARTER_I.card("I/43"), strength=(None, 4, 4))
        options = Options(card_set=with_cards(I_43=soldiers), blue_player=0)
        state = play(to_window(deal(options=options), "I/18", "I/46"), "pass", "pass",
                     "combat 6:1")
        assert state.phase is Phase.COUNTER and legal(state) == ["pass"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "counter I/43")
        assert err.value.rule == "D15" and "'-' against a ship" in err.value.reason
        variant = attrs.evolve(options, dash_cards_deployable=True)
        state = play(to_window(deal(options=variant), "I/18", "I/46"), "pass", "pass",
                     "combat 6:1")
        assert legal(state) == ["pass", "counter I/43 Soldiers as unit"]
        state = play(state, "counter I/43")
        assert state.phase is Phase.DEAL
        assert state.landed[0] == (Landing(idx("I/18"), CombatType.SHIP),)

    def test_D15_the_attackers_g_card_obeys_the_ship_rule_and_the_dash_rule(self) -> None:
        """D15, D7, D8: blue lost to Marek; Black guard may not counter-strike (a unit before
        a ship has landed), nor PASADENA with '-' against persons."""
        pasadena = attrs.evolve(STARTER_I.card("I/19"), strength=(3, None, 2))
        options = Options(card_set=with_cards(I_19=pasadena), blue_player=0)
        state = play(to_window(deal(options=options), "I/18", "I/35"), "pass", "pass",
                     "combat 1:6")
        assert state.duel.loser == ATTACKER and legal(state) == ["pass"]
        with pytest.raises(IllegalActionError) as err:
            play(state, "counter I/19")
        assert err.value.rule == "D15"
        state = play(to_window(deal(options=attrs.evolve(options, dash_cards_deployable=True)),
                               "I/18", "I/35"), "pass", "pass", "combat 1:6")
        assert legal(state) == ["pass", "counter I/19 PASADENA as ship"]

    def test_D15_a_face_down_g_card_is_one_that_may_be_deployed(self) -> None:
        """D15, D31: a G card with an activation roll stays face down; the worlds `resample`
        draws for the opponent hold only G cards that may meet the winning card: never
        Black guard, which has '-' against the winning ship here."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), g=True)
        guard = attrs.evolve(STARTER_I.card("I/7"), activation=3, strength=(None, 4, 4))
        options = Options(card_set=with_cards(I_11=swarm, I_7=guard), blue_player=0)
        state = position(0, ("I/11", "I/7", "I/2", "I/19", "I/20", "I/30", "I/32"),
                         ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63"),
                         options=options)
        state = play(state, "attack I/19", "defend I/47", "pass", "pass", "combat 1:6")
        assert legal(state) == ["pass", "counter I/11 Synthetic swarm as ship",
                                "counter I/11 Synthetic swarm as unit"]
        state = play(state, "counter I/11 as unit")
        assert state.phase is Phase.ACTIVATE and rd.observe(state, 1).duel.attack is None
        rng = random.Random(5)
        for _ in range(10):
            other = rd.resample(state, 1, rng)
            rd.validate_state(other)
            assert other.duel.attack == idx("I/11")  # the only G card that fits

    def test_D15_modifiers_last_for_the_battle(self) -> None:
        """D11: a modifier lasts for the battle, so into the counter-strike duel."""
        state = play(to_window(deal(), "I/18", "I/46"), "play I/30", "pass", "combat 6:1")
        assert state.phase is Phase.COUNTER and state.duel.attack_mod == 2
        state = play(state, "counter I/43", "pass", "pass")
        assert state.duel.attack_mod == 2 and state.duel.defense_mod == 0
        # STAHLTANGO (2 against a unit) + 2 + die against the soldiers' 2 against a ship.
        assert rd.combat_totals(state, 1, 1) == (2 + 2 + 1, 2 + 1)

    def test_D15_action_cards_allowed_again(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "play I/30", "pass", "combat 1:6",
                     "counter I/19")
        assert state.phase is Phase.WINDOW and state.duel.played == ()
        assert "play I/32 Antisphere" in legal(state)

    def test_D15_faq_one_action_card_per_combat_card(self) -> None:
        """FAQ: after a warded-off action card the same side may not add another."""
        state = to_window(deal(), "I/20", "I/46")
        state = play(state, "pass", "play I/62", "pass", "roll 6")
        assert state.duel.played[0].status is Status.WARDED
        assert state.phase is Phase.COMBAT
        with pytest.raises(IllegalActionError):
            play(state, "play I/63")


class TestD16OutOfGame:
    """D16: destroyed and removed cards go to their owner's public pile."""

    def test_D16_piles_are_public(self) -> None:
        state = play(to_window(deal(), "I/18", "I/47"), "pass", "pass", "combat 2:1")
        for viewer in (0, 1, None):
            assert rd.observe(state, viewer).out == state.out


class TestD17Drawing:
    """D17: draw up to 7, then the other player attacks."""

    def test_D17_draw_up_to_seven_and_alternate(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "play I/30", "play I/61", "roll 1",
                     "combat 1:1", "pass")
        assert state.phase is Phase.DEAL
        assert [len(h) for h in state.hands] == [5, 5]
        assert rd.to_move(state) is CHANCE
        state = play(state, "draw I/21", "draw I/22", "draw I/48", "draw I/49")
        assert state.phase is Phase.ATTACK and state.attacker == 1
        assert [len(h) for h in state.hands] == [7, 7]

    def test_D17_fewer_when_the_deck_runs_out(self) -> None:
        deck = ("I/13", "I/14", "I/15", "I/16", "I/17", "I/18", "I/19", "I/20", "I/21", "I/22",
                "I/24", "I/25", "I/26", "I/27", "I/11", "I/1", "I/2", "I/3", "I/4", "I/5",
                "I/6", "I/7", "I/8", "I/9", "I/10", "I/12", "I/23", "I/25", "I/20", "I/13",
                "I/1")
        assert rd.deck_problems(STARTER_I, rd.Side.BLUE, deck) == []
        state = rd.new_game(2, Options(blue_player=0, decks=(deck, STARTER_I.starter_deck(
            rd.Side.RED))))
        assert len(state.decks[0]) == 31


class TestD18Victory:
    """D18: 7 ships; 6 cards with a person/unit; 5 cards with two persons/units."""

    def test_D18_conditions(self) -> None:
        ship, person = CombatType.SHIP, CombatType.PERSON
        assert rd.has_won(tuple(Landing(k, ship) for k in range(7)))
        assert not rd.has_won(tuple(Landing(k, ship) for k in range(6)))
        assert rd.has_won((*(Landing(k, ship) for k in range(5)), Landing(9, person)))
        assert not rd.has_won((*(Landing(k, ship) for k in range(4)), Landing(9, person)))
        assert rd.has_won((*(Landing(k, ship) for k in range(3)), Landing(8, person),
                           Landing(9, CombatType.UNIT)))
        # four cards never win, however many persons and units among them
        assert not rd.has_won(tuple(Landing(k, person) for k in range(4)))
        assert not rd.has_won((Landing(0, ship), Landing(1, ship), Landing(8, person),
                               Landing(9, CombatType.UNIT)))

    def test_D18_victory_progress(self) -> None:
        """The count behind D18: cards, plus one for each of the first two persons or units;
        7 or more wins."""
        ship, person = CombatType.SHIP, CombatType.PERSON
        assert rd.victory_progress(()) == 0
        assert rd.victory_progress(tuple(Landing(k, ship) for k in range(3))) == 3
        assert rd.victory_progress((Landing(0, ship), Landing(1, person))) == 3
        assert rd.victory_progress(tuple(Landing(k, person) for k in range(5))) == 7

    def test_D18_a_whole_game_ends_with_a_victory(self) -> None:
        rng = random.Random(11)
        for _ in range(30):
            state = before = rd.new_game(2)
            while not rd.is_terminal(state):
                before = state
                if rd.to_move(state) is CHANCE:
                    state = rd.apply(state, rd.sample_chance(state, rng))
                else:
                    state = rd.apply(state, rng.choice(rd.legal_actions(state)))
            if state.winner is not None and rd.has_won(state.landed[state.winner]):
                # The game ends in the winner's battle: its number and skip record stay.
                assert state.winner == before.attacker
                assert (state.battle, state.skipped) == (before.battle, before.skipped)
                assert type(state.skipped) is bool
                assert rd.returns(state)[state.winner] == 1.0
                assert rd.result(state).winners == (state.winner,)
                assert rd.to_move(state) is TERMINAL and rd.legal_actions(state) == ()
                return
        raise AssertionError("no D18 victory in 30 random games")


class TestD22MutualSkips:
    """D22: two skips in a row end the game; more cards on the enemy planet wins."""

    def test_D22_both_skip_at_once_is_a_draw(self) -> None:
        blue = ("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30")
        red = ("I/34", "I/35", "I/36", "I/37", "I/38", "I/61", "I/62")
        state = deal(blue=blue, red=red)
        assert state.phase is Phase.OVER and state.winner is None
        assert rd.returns(state) == (0.0, 0.0)
        assert rd.result(state) == rd.result(state).__class__((0, 0), (), True)


    def test_D22_more_cards_on_the_enemy_planet_wins(self) -> None:
        """Set up from data: blue has landed a ship and holds only action cards; red holds
        no ship. Red skips, blue skips: blue wins 1-0."""
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1", "pass")
        blue_hand = tuple(idx(f"I/{k}") for k in range(28, 34))
        red_hand = tuple(idx(f"I/{k}") for k in range(34, 40))
        blue_out = tuple(c for c in state.options.tables.decks[0]
                         if c not in blue_hand and c != idx("I/18"))
        red_out = tuple(c for c in state.options.tables.decks[1]
                        if c not in red_hand and c != idx("I/61"))
        position = attrs.evolve(state, hands=(blue_hand, red_hand), decks=((), (idx("I/61"),)),
                                out=(blue_out, red_out))
        state = play(from_json(to_json(position), State), "draw I/61")
        assert state.phase is Phase.OVER and state.skipped and state.winner == 0
        assert rd.result(state).scores == (1, 0) and rd.returns(state) == (1.0, -1.0)
        assert not rd.has_won(state.landed[0])


class TestD30DeckBuilding:
    """D30: custom decks, every broken rule named."""

    def test_D30_every_problem_named(self) -> None:
        deck = ("I/18", "I/18", "I/18", "I/40", "I/28", "I/99", "I/67")
        with pytest.raises(InvalidOptionsError) as err:
            Options(decks=(deck, STARTER_I.starter_deck(rd.Side.RED)))
        message = str(err.value)
        for part in ("I/18 appears 3 times", "I/40 Kloff Kruzz is a red card",
                     "no card 'I/99'", "I/67 Terra is a planet", "resource points total",
                     "ships, fewer than 15", "persons/units, fewer than 12"):
            assert part in message, part
        assert err.value.option == "decks"

    def test_D30_a_valid_custom_deck_plays(self) -> None:
        blue = (*tuple(n for n in STARTER_I.starter_deck(rd.Side.BLUE) if n != "I/31"), "I/27")
        assert rd.deck_problems(STARTER_I, rd.Side.BLUE, blue) == []
        state = rd.new_game(2, Options(blue_player=0, decks=(blue, STARTER_I.starter_deck(
            rd.Side.RED))))
        assert Counter(numbers(state.decks[0]))["I/27"] == 2
        outcomes = dict((str(a), p) for a, p in rd.chance_outcomes(state))
        assert outcomes["draw I/27 Z-66"] == Fraction(2, 33)

    def test_D30_too_many_actions(self) -> None:
        red = (*STARTER_I.starter_deck(rd.Side.RED), "I/61")
        assert "7 action cards, more than 6" in rd.deck_problems(STARTER_I, rd.Side.RED, red)


class TestD31Information:
    """D31: own hand; opponent's hand and decks as counts; committed cards hidden."""

    def test_D31_observation(self) -> None:
        state = deal()
        blue_view = rd.observe(state, 0)
        assert blue_view.hand == state.hands[0]
        assert blue_view.hand_sizes == (7, 7) and blue_view.deck_sizes == (26, 26)
        assert rd.observe(state, None).hand == ()
        red = rd.observe(state, 1)
        assert red.hand == state.hands[1]
        assert "I/18" not in to_json(red).replace('"I/18', "")  # only the card set names it

    def test_D31_observation_does_not_depend_on_hidden_cards(self) -> None:
        one = deal()
        other = deal(red=("I/48", "I/49", "I/36", "I/44", "I/64", "I/65", "I/66"))
        assert rd.observe(one, 0) == rd.observe(other, 0)
        assert rd.observe(one, 1) != rd.observe(other, 1)

    def test_D31_resample_keeps_what_the_player_knows(self) -> None:
        state = play(deal(), "attack I/18")
        rng = random.Random(1)
        seen = set()
        for _ in range(20):
            other = rd.resample(state, 1, rng)
            rd.validate_state(other)
            assert rd.observe(other, 1) == rd.observe(state, 1)
            assert rd.inventory(other) == rd.inventory(state)
            assert rd.legal_actions(other) == rd.legal_actions(state)
            assert other.options.tables.is_ship[other.duel.attack]  # type: ignore[index]
            seen.add(other.duel.attack)
        assert len(seen) > 1

    def test_D31_resample_respects_a_skip(self) -> None:
        state = deal(blue=("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30"))
        rng = random.Random(2)
        for _ in range(20):
            other = rd.resample(state, 1, rng)
            assert not any(other.options.tables.is_ship[c] for c in other.hands[0])


    def test_D31_resample_keeps_every_count_at_once(self) -> None:
        """Ruling 11: blue knows that red's hand holds at least 5 non-ships and 7 cards that
        cannot meet a person (a skip, then a missing defence): only action cards and ships
        with '-' against persons, at most two of those ships. Every world keeps both."""
        red = ("I/50", "I/51", "I/61", "I/62", "I/63", "I/64", "I/65")
        state = position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"), red)
        state = from_json(to_json(attrs.evolve(state, shown_nonships=(0, 5),
                                               shown_undeployable=((0, 0, 0), (0, 7, 0)))),
                          State)
        tables = state.options.tables
        rng = random.Random(8)
        hands = set()
        for _ in range(30):
            other = rd.resample(state, 0, rng)
            rd.validate_state(other)
            hand = other.hands[1]
            assert sum(not tables.is_ship[c] for c in hand) >= 5
            assert not any(tables.deployable[1][c] for c in hand)
            hands.add(hand)
        assert len(hands) > 1

    def test_D31_a_face_down_attack_changes_only_public_counts(self) -> None:
        """The count of known non-ships follows what the defender sees (the declared type,
        the activation roll), never the hidden card: with a swarm that makes no activation
        roll, attacking with it as a unit looks like attacking with a Black guard."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), activation=None)
        options = Options(card_set=with_cards(I_11=swarm), blue_player=0)
        state = play(to_window(deal(options=options), "I/18", "I/46"), "pass", "pass",
                     "combat 6:1", "pass")  # STAHLTANGO lands: blue may attack with units
        hand = tuple(idx(n) for n in ("I/7", "I/9", "I/11", "I/28", "I/29", "I/30", "I/31"))
        red_hand = tuple(sorted((*state.hands[1], state.decks[1][0])))
        position = attrs.evolve(
            state, phase=Phase.ATTACK, attacker=0, battle=2,
            hands=(hand, red_hand), decks=(tuple(sorted(
                c for c in (*state.hands[0], *state.decks[0]) if c not in hand)),
                state.decks[1][1:]),
            shown_nonships=(4, 0), shown_actions=(4, 0))
        state = from_json(to_json(position), State)
        swarm_attack = play(state, "attack I/11 as unit")
        guard_attack = play(state, "attack I/7 as unit")
        assert rd.observe(swarm_attack, 1) == rd.observe(guard_attack, 1)
        assert swarm_attack.shown_nonships == guard_attack.shown_nonships == (3, 0)
        # A card declared as a ship is a ship: the count stays.
        assert play(state, "attack I/11 as ship").shown_nonships == (4, 0)

    def test_D31_render_shows_only_what_the_player_sees(self) -> None:
        state = play(deal(), "attack I/20")
        red = rd.render(rd.observe(state, 1))
        assert "face down, declared ship" in red and "TERRA" not in red
        assert "I/46 NEMO [ship 4/2/2]" in red
        blue = rd.render(rd.observe(state, 0))
        assert "I/20 TERRA [ship 5/3/3 A5 ring-ship]" in blue and "NEMO" not in blue
        assert rd.render(rd.observe(rd.new_game(2), None)) == "\n".join([
            "Ren Dhark - drawing sides", "player 0: hand 0, deck 33, on the enemy planet: -",
            "player 1: hand 0, deck 33, on the enemy planet: -"])


class TestNotationAndErrors:
    """Notation round-trips; bad text and illegal actions are refused with reasons."""

    def test_notation(self) -> None:
        state = deal()
        assert rd.parse_action(state, "ATTACK  i/18 stahltango  as SHIP") == rd.Attack(
            "I/18", "STAHLTANGO", CombatType.SHIP)
        assert rd.parse_action(state, "combat 5 : 3") == rd.CombatRoll(5, 3)
        for bad in ("attack I/999", "attack I/18 LUXOR", "fly", "play I/30 as ship",
                    "attack I/11", "attack I/30"):
            with pytest.raises(InvalidNotationError):
                rd.parse_action(state, bad)

    def test_illegal_actions_name_the_rule(self) -> None:
        state = deal()
        for text, rule in (("defend I/46", "D7"), ("combat 1:1", "D7"), ("attack I/21", "D7")):
            with pytest.raises(IllegalActionError) as err:
                play(state, text)
            assert err.value.rule == rule and err.value.state is state
        with pytest.raises(IllegalActionError, match="not in player 0's hand"):
            play(state, "attack I/21")

    def test_new_game_refuses_bad_players_and_options(self) -> None:
        for players in (1, 3, 2.0, True):
            with pytest.raises(InvalidOptionsError) as err:
                rd.new_game(players)  # type: ignore[arg-type]
            assert err.value.option == "players"
        with pytest.raises(InvalidOptionsError):
            rd.new_game(2, "fast")  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionsError):
            Options(card_set="starter")  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionsError) as err:
            Options(dash_cards_deployable=1)  # type: ignore[arg-type]
        assert err.value.option == "dash_cards_deployable"


class TestJSON:
    """States round-trip; corrupted states are refused naming the problem."""

    def test_round_trip(self) -> None:
        state = play(deal(), "attack I/18")
        assert from_json(to_json(state)) == state

    def test_options_write_the_bundled_set_as_null(self) -> None:
        assert Options(card_set=STARTER_I) == Options()
        assert Options().card_set is None and Options().cards is STARTER_I
        assert '"card_set": null' in to_json(Options())
        custom = with_cards(I_18=attrs.evolve(STARTER_I.card("I/18"), strength=(5, 5, 3)))
        state = rd.new_game(2, card_set=custom)
        loaded = from_json(to_json(state), State)
        assert loaded == state and loaded.options.cards.card("I/18").strength == (5, 5, 3)

    def test_a_bad_card_set_in_json_is_refused(self) -> None:
        custom = with_cards(I_18=attrs.evolve(STARTER_I.card("I/18"), strength=(5, 5, 3)))
        text = to_json(rd.new_game(2, card_set=custom)).replace('"I/19"', '"I/18"')
        with pytest.raises(InvalidStateError, match="card number 'I/18' appears 2 times"):
            from_json(text)

    def _corrupt(self, state: State, **changes: Any) -> str:
        return to_json(attrs.evolve(state, **changes))

    def test_duplicated_card(self) -> None:
        state = deal()
        hand = tuple(sorted((*state.hands[0][:6], state.hands[0][0])))
        with pytest.raises(InvalidStateError, match="card conservation"):
            from_json(self._corrupt(state, hands=(hand, state.hands[1])))

    def test_wrong_attacker(self) -> None:
        with pytest.raises(InvalidStateError, match="attacker"):
            from_json(self._corrupt(deal(), attacker=1))

    def test_impossible_knowledge(self) -> None:
        with pytest.raises(InvalidStateError, match="shown_nonships"):
            from_json(self._corrupt(deal(), shown_nonships=(7, 0)))

    def test_nothing_is_shown_before_the_battles(self) -> None:
        """Only a skip shows a hand (D6): while the opening hands are decided (D5), a count
        of known non-ships is impossible, and loading one used to pass."""
        from boardrules import resolve_chance

        state = resolve_chance(rd.new_game(2, rd.Options(blue_player=0)), random.Random(2))
        assert state.phase is rd.Phase.MULLIGAN
        nonships = sum(not state.options.tables.is_ship[c] for c in state.hands[0])
        assert nonships > 0
        with pytest.raises(InvalidStateError, match="nothing of a hand is shown"):
            from_json(self._corrupt(state, shown_nonships=(nonships, 0)))

    def test_hand_over_seven(self) -> None:
        state = deal()
        hand = tuple(sorted((*state.hands[0], state.decks[0][0])))
        deck = state.decks[0][1:]
        with pytest.raises(InvalidStateError, match="more than 7"):
            from_json(self._corrupt(state, hands=(hand, state.hands[1]),
                                    decks=(deck, state.decks[1])))

    def test_person_landed_first(self) -> None:
        state = deal()
        hand = state.hands[0]
        person = idx("I/2")
        landed = ((Landing(person, CombatType.PERSON),), ())
        with pytest.raises(InvalidStateError, match="first card to land must be a ship"):
            from_json(self._corrupt(state, landed=landed,
                                    hands=(tuple(c for c in hand if c != person),
                                           state.hands[1])))

    def test_two_actions_for_one_card(self) -> None:
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "play I/62")
        duel = state.duel
        extra = rd.Played(DEFENDER, idx("I/61"), Status.PENDING)
        hands = (state.hands[0], tuple(c for c in state.hands[1] if c != idx("I/61")))
        with pytest.raises(InvalidStateError, match="one action card per combat card"):
            from_json(self._corrupt(state, hands=hands,
                                    duel=attrs.evolve(duel, played=(*duel.played, extra))))

    def test_a_phase_nobody_can_act_in(self) -> None:
        state = deal(blue=("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30"))
        assert state.attacker == 1  # blue skipped
        with pytest.raises(InvalidStateError, match="skipped"):
            from_json(self._corrupt(state, attacker=0, battle=0, skipped=False))

    def test_D9_a_dash_duel_after_the_reveal_is_refused(self) -> None:
        """D9: TALKARN ('-' against persons) meeting Marek has lost at the reveal: no
        action window, no combat roll."""
        state = to_window(deal(blue=("I/18", "I/15", "I/20", "I/2", "I/7", "I/30", "I/32")),
                          "I/18", "I/46")
        swap = {idx("I/15"): idx("I/18"), idx("I/35"): idx("I/46")}
        hands = tuple(tuple(sorted(swap.get(c, c) for c in hand)) for hand in state.hands)
        duel = attrs.evolve(state.duel, attack=idx("I/15"), defense=idx("I/35"),
                            defense_type=CombatType.PERSON)
        with pytest.raises(InvalidStateError, match=r"'-'.*\(D9\)"):
            from_json(self._corrupt(state, hands=hands, duel=duel))

    def test_D31_a_loser_outside_a_counter_strike_is_refused(self) -> None:
        """D15, D31: only a counter-strike has a loser; a loser elsewhere would show the
        defender the face-down attacking card."""
        state = play(deal(), "attack I/18")
        with pytest.raises(InvalidStateError, match="loser"):
            from_json(self._corrupt(state, duel=attrs.evolve(state.duel, loser=DEFENDER)))

    def test_D6_skipped_only_after_a_skip(self) -> None:
        """D6, D22: a fought battle is no skip (one more skip would end the game)."""
        state = play(to_window(deal(), "I/18", "I/46"), "pass", "pass", "combat 6:1", "pass")
        with pytest.raises(InvalidStateError, match="skipped"):
            from_json(self._corrupt(state, skipped=True))
        state = play(state, "draw I/21", "draw I/48")
        assert state.phase is Phase.ATTACK
        with pytest.raises(InvalidStateError, match="skipped"):
            from_json(self._corrupt(state, skipped=True))
        skipped = deal(blue=("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30"))
        assert skipped.skipped and from_json(to_json(skipped)) == skipped

    def test_D10_window_steps_fit_the_played_cards(self) -> None:
        """D10: step 2 comes exactly when only the defender has played."""
        state = to_window(deal(), "I/18", "I/46")
        with pytest.raises(InvalidStateError, match="step 2"):
            from_json(self._corrupt(state, duel=attrs.evolve(state.duel, window=2)))
        state = play(state, "pass", "play I/62")
        assert state.duel.window == 2
        with pytest.raises(InvalidStateError, match="step 1"):
            from_json(self._corrupt(state, duel=attrs.evolve(state.duel, window=1)))

    def test_D11_modifiers_come_from_the_applied_action_cards(self) -> None:
        state = to_window(deal(), "I/18", "I/46")
        with pytest.raises(InvalidStateError, match="attack_mod"):
            from_json(self._corrupt(state, duel=attrs.evolve(state.duel, attack_mod=9)))
        state = play(state, "play I/30", "pass")
        assert state.phase is Phase.COMBAT and state.duel.attack_mod == 2
        with pytest.raises(InvalidStateError, match="attack_mod"):
            from_json(self._corrupt(state, duel=attrs.evolve(state.duel, attack_mod=0)))

    def test_D3_an_action_card_that_cannot_apply_is_refused(self) -> None:
        """D3: the shield is for the defender only; Flurazz only against a Tel card."""
        state = to_window(deal(blue=("I/18", "I/19", "I/20", "I/2", "I/7", "I/28", "I/31")),
                          "I/18", "I/46")
        for number in ("I/28", "I/31"):
            hands = (tuple(c for c in state.hands[0] if c != idx(number)), state.hands[1])
            duel = attrs.evolve(state.duel, window=1,
                                played=(rd.Played(ATTACKER, idx(number), Status.PENDING),))
            with pytest.raises(InvalidStateError, match=r"cannot be played.*\(D3\)"):
                from_json(self._corrupt(state, hands=hands, duel=duel))

    def test_D8_a_loaded_dash_defence_is_refused(self) -> None:
        """D8: a swarm with '-' against persons committed (face down, rolling) against
        Marek: the variant allows it; the rulebook's rules refuse the state."""
        swarm = attrs.evolve(STARTER_I.card("I/11"), strength=(5, None, 4))
        variant = Options(card_set=with_cards(I_11=swarm), blue_player=0,
                          dash_cards_deployable=True)
        state = play(position(1, ("I/11", "I/2", "I/19", "I/20", "I/7", "I/30", "I/32"),
                              ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63"),
                              options=variant), "attack I/35", "defend I/11 as unit")
        assert state.phase is Phase.ACTIVATE and from_json(to_json(state)) == state
        strict = attrs.evolve(variant, dash_cards_deployable=False)
        with pytest.raises(InvalidStateError, match=r"'-' against a person.*\(D8"):
            from_json(self._corrupt(state, options=strict))

    def test_D15_a_loaded_dash_counter_strike_is_refused(self) -> None:
        """D15: a rolling G card with '-' against the winning ship, committed face down."""
        guard = attrs.evolve(STARTER_I.card("I/7"), activation=3, strength=(None, 4, 4))
        variant = Options(card_set=with_cards(I_7=guard), blue_player=0,
                          dash_cards_deployable=True)
        state = play(position(0, ("I/7", "I/2", "I/19", "I/20", "I/11", "I/30", "I/32"),
                              ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63"),
                              options=variant),
                     "attack I/19", "defend I/47", "pass", "pass", "combat 1:6", "counter I/7")
        assert state.phase is Phase.ACTIVATE and from_json(to_json(state)) == state
        strict = attrs.evolve(variant, dash_cards_deployable=False)
        with pytest.raises(InvalidStateError, match=r"'-' against a ship.*\(D15"):
            from_json(self._corrupt(state, options=strict))

    def test_D8_knowledge_of_undeployable_cards_is_checked(self) -> None:
        """Ruling 11: blue cannot know 4 cards of red's hand that may not meet a person
        when it holds only 3 (the action cards)."""
        state = play(position(0, ("I/2", "I/19", "I/20", "I/7", "I/30", "I/32", "I/21"),
                              ("I/35", "I/43", "I/47", "I/48", "I/61", "I/62", "I/63")),
                     "attack I/19", "defend I/47", "pass", "pass", "combat 1:1")
        loaded = from_json(self._corrupt(state, shown_undeployable=((0, 0, 0), (0, 3, 3))),
                           State)
        assert loaded.shown_undeployable == ((0, 0, 0), (0, 3, 3))
        with pytest.raises(InvalidStateError, match=r"shown_undeployable\[1\]\[1\]"):
            from_json(self._corrupt(state, shown_undeployable=((0, 0, 0), (0, 4, 0))))

    def test_a_state_of_rules_version_1_is_refused(self) -> None:
        """Rules version 2 changed D8, D9 and D15: a document of version 1 is refused."""
        text = to_json(deal()).replace('"rules_version": "2"', '"rules_version": "1"')
        with pytest.raises(InvalidStateError, match="rules version '1'"):
            from_json(text)

    def test_unknown_card_index(self) -> None:
        state = deal()
        with pytest.raises(InvalidStateError, match="no card with index"):
            from_json(self._corrupt(state, out=((99,), ())))


def test_another_games_state_is_refused_by_name() -> None:
    assert_foreign_states_refused(rd)
    foreign = kivi.new_game(2)
    calls: list[tuple[str, Callable[[], object]]] = [
        ("combat_totals", lambda: rd.combat_totals(foreign, 1, 1)),  # type: ignore[arg-type]
        ("has_landed_ship", lambda: rd.has_landed_ship(foreign, 0))]  # type: ignore[arg-type]
    for name, call in calls:
        with pytest.raises(WrongGameError) as err:
            call()
        assert str(err.value) == f"ren_dhark.{name}: expected a ren_dhark.State, got a kivi.State"
