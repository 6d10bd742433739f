"""Ren Dhark card sets: every problem of a card-set file named exactly (D2), the file's
round trip, and the deck-building rule D30 at its bounds (issue 19's mutation testing).

A user who types in the printed values of their cards reads these problems: each one names
the card by position and number, the field and what was wrong, so `InvalidCardSetError.
problems` is compared whole, in its order.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from boardrules import InvalidOptionsError
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import STARTER_I, Side

Edit = Callable[[dict[str, Any]], object]


def problems_after(edit: Edit) -> list[str]:
    """Return the problems of the Starter I file data after `edit` changed it."""
    data: dict[str, Any] = copy.deepcopy(rd.card_set_to_data(STARTER_I))
    edit(data)
    with pytest.raises(rd.InvalidCardSetError) as err:
        rd.card_set_from_data(data)
    assert err.value.option == "card_set"
    assert str(err.value) == f"invalid option 'card_set': {'; '.join(err.value.problems)}"
    return list(err.value.problems)


def C(i: int, **fields: object) -> Edit:
    """Return an edit setting fields of card `i` (Starter I order: card 3 is I/4 Ömer
    Giray, a person; 17 I/18 STAHLTANGO; 28 I/29 Nor-Ex, an action; 66 I/67 Terra)."""
    return lambda data: data["cards"][i].update(fields)


def _all_red_combat_cards_blue(data: dict[str, Any]) -> None:
    for card in data["cards"]:
        if card["side"] == "red" and card["kind"] not in ("action", "planet"):
            card["side"] = "blue"


CASES: list[tuple[str, Edit, list[str]]] = [
    ("card-not-object", lambda d: d["cards"].__setitem__(3, 7), [
      'cards[3]: expected an object, got 7']),
    ("card-missing-all", lambda d: d["cards"].__setitem__(3, {"text": 1}), [
      "cards[3]: missing 'number'",
      "cards[3]: missing 'name'",
      "cards[3]: missing 'side'",
      "cards[3]: missing 'kind'"]),
    ("number-not-str", C(3, number=4), [
      'cards[3].number: expected a string, got 4']),
    ("name-not-str", C(3, name=None), [
      'cards[3] (I/4).name: expected a string, got None']),
    ("race-not-str", C(3, race=5), [
      'cards[3] (I/4).race: expected a string, got 5']),
    ("text-not-str", C(3, text=[]), [
      'cards[3] (I/4).text: expected a string, got []']),
    ("side", C(3, side="green"), [
      "cards[3] (I/4).side: expected one of 'blue', 'red', got 'green'"]),
    ("kind", C(3, kind=None), [
      "cards[3] (I/4).kind: expected one of 'ship', 'person', 'unit', 'ship-or-unit', 'action', "
      "'planet', got None"]),
    ("ship_class-bad", C(17, ship_class=["s-cruiser"]), [
      "cards[17] (I/18).ship_class: expected one of 's-cruiser', 'ring-ship', got ['s-cruiser']"]),
    ("resources-str", C(3, resources="3"), [
      "cards[3] (I/4).resources: expected an integer, got '3'"]),
    ("resources-bool", C(3, resources=True), [
      'cards[3] (I/4).resources: expected an integer, got True']),
    ("resources-range", C(3, resources=21), [
      'cards[3] (I/4): resources must be 0-20, got 21']),
    ("a-float", C(3, a=2.0), [
      'cards[3] (I/4).a: expected an integer or null, got 2.0']),
    ("a-range", C(3, a=1), [
      'cards[3] (I/4): a must be 2-6, got 1']),
    ("activation-text", C(3, activation="4"), [
      "cards[3] (I/4).activation: expected an integer or null, got '4'"]),
    ("activation-range", C(3, activation=7), [
      'cards[3] (I/4): activation must be 2-6, got 7']),
    ("para", C(3, para=1), [
      'cards[3] (I/4).para: expected true or false, got 1']),
    ("strength-not-object", C(3, strength=[1, 2, 3]), [
      'cards[3] (I/4).strength: expected an object with ship, person and unit, got [1, 2, 3]']),
    ("strength-extra", C(3, strength={"ship": 1, "person": 2, "unit": 3, "alien": 1}), [
      "cards[3] (I/4).strength: unknown key 'alien'"]),
    ("strength-range", C(3, strength={"ship": -1, "person": 10, "unit": "-"}), [
      "cards[3] (I/4): strength against ship must be 0-9 or '-', got -1",
      "cards[3] (I/4): strength against person must be 0-9 or '-', got 10"]),
    ("strength-all-dashes", C(3, strength={"ship": "-", "person": "-", "unit": "-"}), [
      'cards[3] (I/4): a combat card needs a strength against at least one type']),
    ("strength-missing-combat", lambda d: d["cards"][3].pop("strength"), [
      'cards[3] (I/4): a combat card needs strengths']),
    ("bonuses-not-list", C(3, bonuses={"amount": 1}), [
      "cards[3] (I/4).bonuses: expected a list, got {'amount': 1}"]),
    ("bonuses-item", C(3, bonuses=[3, {"amount": "1", "against": {}, "x": 1}]), [
      'cards[3] (I/4).bonuses[0]: expected an object, got 3',
      "cards[3] (I/4).bonuses[1]: unknown key 'x'",
      "cards[3] (I/4).bonuses[1].amount: expected an integer, got '1'"]),
    ("bonuses-range", C(3, bonuses=[{"amount": 0, "against": {"para": True}}, {"amount": 10}]), [
      'cards[3] (I/4): bonuses[0].amount must be 1-9, got 0',
      'cards[3] (I/4): bonuses[1].amount must be 1-9, got 10']),
    ("filter-not-object", C(3, bonuses=[{"amount": 1, "against": []}]), [
      'cards[3] (I/4).bonuses[0].against: expected an object, got []']),
    ("filter-keys",
     C(3, bonuses=[{"amount": 1, "against": {"types": "ship", "races": [1], "classes": ["x"],
                                              "not_classes": "y", "para": "no",
                                              "colour": 1}}]), [
      "cards[3] (I/4).bonuses[0].against: unknown key 'colour'",
      "cards[3] (I/4).bonuses[0].against.types: expected a list, got 'ship'",
      'cards[3] (I/4).bonuses[0].against.races[0]: expected a string, got 1',
      "cards[3] (I/4).bonuses[0].against.classes[0]: expected one of 's-cruiser', 'ring-ship', "
      "got 'x'",
      "cards[3] (I/4).bonuses[0].against.not_classes: expected a list, got 'y'",
      "cards[3] (I/4).bonuses[0].against.para: expected true or false, got 'no'"]),
    ("filter-races-not-list", C(3, bonuses=[{"amount": 1, "against": {"races": "tel"}}]), [
      "cards[3] (I/4).bonuses[0].against.races: expected a list, got 'tel'"]),
    ("filter-types",
     C(3, bonuses=[{"amount": 1, "against": {"types": ["dragon"], "not_classes": ["z"]}}]), [
      "cards[3] (I/4).bonuses[0].against.types[0]: expected one of 'ship', 'person', 'unit', got "
      "'dragon'",
      "cards[3] (I/4).bonuses[0].against.not_classes[0]: expected one of 's-cruiser', "
      "'ring-ship', got 'z'"]),
    ("action-not-object", C(28, action="weaken"), [
      "cards[28] (I/29).action: expected an object, got 'weaken'"]),
    ("action-keys",
     C(28, action={"effect": "weaken", "amount": 2, "defender_only": 1, "target": [],
                   "amount_against": {}, "extra": 0}), [
      "cards[28] (I/29).action: unknown key 'extra'",
      'cards[28] (I/29).action.defender_only: expected true or false, got 1',
      'cards[28] (I/29).action.target: expected an object, got []',
      'cards[28] (I/29).action.amount_against: expected a list, got {}']),
    ("action-missing", C(28, action={}), [
      "cards[28] (I/29).action.effect: expected one of 'weaken', 'strengthen', 'destroy', got None",
      'cards[28] (I/29).action.amount: expected an integer, got None']),
    ("action-weaken-range",
     C(28, action={"effect": "weaken", "amount": 10,
                   "amount_against": [{"amount": 0, "against": {}}]}), [
      'cards[28] (I/29): action.amount must be 1-9, got 10',
      'cards[28] (I/29): action.amount_against[0].amount must be 1-9, got 0']),
    ("action-amount-against-10",
     C(28, action={"effect": "weaken", "amount": 9,
                   "amount_against": [{"amount": 10, "against": {}}]}), [
      'cards[28] (I/29): action.amount_against[0].amount must be 1-9, got 10']),
    ("action-weaken-zero", C(28, action={"effect": "strengthen", "amount": 0}), [
      'cards[28] (I/29): action.amount must be 1-9, got 0']),
    ("action-destroy-range", C(28, action={"effect": "destroy", "amount": 1}), [
      'cards[28] (I/29): action.amount of a destroy effect is the roll needed, 2-6, got 1']),
    ("action-destroy-against",
     C(28, action={"effect": "destroy", "amount": 4,
                   "amount_against": [{"amount": 2, "against": {}}]}), [
      'cards[28] (I/29): a destroy effect takes no amount_against']),
    ("action-on-planet", C(66, action={"effect": "weaken", "amount": 2}), [
      'cards[66] (I/67): only action cards have an action']),
    ("planet-resources", C(66, resources=1), [
      'cards[66] (I/67): a planet has no resource points']),
    ("planet-fields",
     C(66, a=3, para=True, g=True, activation=3, bonuses=[{"amount": 1, "against": {}}],
       strength={"ship": 1, "person": 1, "unit": 1}), [
      'cards[66] (I/67): a planet card cannot have strength',
      'cards[66] (I/67): a planet card cannot have a',
      'cards[66] (I/67): a planet card cannot have para',
      'cards[66] (I/67): a planet card cannot have g',
      'cards[66] (I/67): a planet card cannot have activation',
      'cards[66] (I/67): a planet card cannot have bonuses']),
    ("class-on-person", C(1, ship_class="ring-ship"), [
      'cards[1] (I/2): only ships have a ship class']),
    ("number-spaces", C(3, number=" I/4"), [
      'cards[3] ( I/4): number must be non-empty without spaces']),
    ("number-inner-space", C(3, number="I 4"), [
      'cards[3] (I 4): number must be non-empty without spaces']),
    ("number-empty", C(3, number=""), [
      'cards[3] (): number must be non-empty without spaces']),
    ("name-empty", C(3, name="  "), [
      'cards[3] (I/4): name must not be empty']),
    ("race-upper", C(3, race="Terra"), [
      'cards[3] (I/4): race must be lower case']),
    ("dup-number", C(3, number="I/5"), [
      "card number 'I/5' appears 2 times"]),
    ("no-planet-blue", C(66, side="red"), [
      'side blue needs exactly one planet, found 0',
      'side red needs exactly one planet, found 2']),
    ("no-combat-red",
     _all_red_combat_cards_blue, [
      'side red has no combat card']),
    ("top-keys",
     lambda d: d.update(extra=1, schema=None, name=1, title=None, source=2,
                        house_values="yes", cards={}), [
      "card set: unknown key 'extra'",
      "card set.schema: expected 'boardrules/ren_dhark-card-set/1', got None",
      'card set.name: expected a string, got 1',
      'card set.title: expected a string, got None',
      'card set.source: expected a string, got 2',
      "card set.house_values: expected true or false, got 'yes'",
      'card set.cards: expected a list, got {}']),
    ("top-cards-missing", lambda d: d.pop("cards"), [
      'card set.cards: expected a list, got None']),
    ("schema", lambda d: d.update(schema="boardrules/ren_dhark-card-set/0"), [
      "card set.schema: expected 'boardrules/ren_dhark-card-set/1', got "
      "'boardrules/ren_dhark-card-set/0'"]),
    ("unreadable-and-semantic", lambda d: (C(3, side="green")(d), C(5, race="X")(d)), [
      "cards[3] (I/4).side: expected one of 'blue', 'red', got 'green'",
      "cards[5] (I/6): race must be lower case"]),
]


@pytest.mark.parametrize(("edit", "problems"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_D2_a_card_set_problem_is_named_exactly(edit: Edit, problems: list[str]) -> None:
    assert problems_after(edit) == problems


def test_D2_every_range_includes_its_bounds() -> None:
    """Strengths 0-9, A and activation 2-6, resources 0-20, action amounts 1-9 (a destroy's
    roll 2-6), bonuses 1-9: each bound itself is accepted."""
    for low, high in ((0, 2), (20, 6)):
        data: dict[str, Any] = copy.deepcopy(rd.card_set_to_data(STARTER_I))
        amount = 1 if low == 0 else 9
        data["cards"][3].update(strength={"ship": 9 if low else 0, "person": 9, "unit": "-"},
                                a=high, activation=high, resources=low,
                                bonuses=[{"amount": amount, "against": {}}])
        data["cards"][27]["action"].update(amount=amount)
        data["cards"][28]["action"].update(amount=high)
        cards = rd.card_set_from_data(data)
        omer = cards.card("I/4")
        assert (omer.a, omer.activation, omer.resources) == (high, high, low)
        nor_ex = STARTER_I.card("I/29").action
        assert nor_ex is not None
        assert cards.card("I/29").action == attrs.evolve(nor_ex, amount=high)


def test_D2_a_card_without_a_race_has_the_empty_race() -> None:
    """D2: `race` is optional (a card of no race); a card written without it reads back
    with the race "" and no problem."""
    data: dict[str, Any] = copy.deepcopy(rd.card_set_to_data(STARTER_I))
    data["cards"][3].pop("race")
    omer = rd.card_set_from_data(data).card("I/4")
    assert omer == attrs.evolve(STARTER_I.card("I/4"), race="")


def test_D2_the_error_lists_every_problem() -> None:
    err = rd.InvalidCardSetError(["a: b", "c: d"])
    assert isinstance(err, InvalidOptionsError)
    assert err.problems == ("a: b", "c: d") and err.option == "card_set"
    assert str(err) == "invalid option 'card_set': a: b; c: d"


def test_D2_the_bundled_file_is_what_card_set_to_data_writes() -> None:
    """Writing Starter I gives the bundled file's data key for key (only keys that differ
    from their defaults are written)."""
    assert rd.card_set_to_data(STARTER_I) == json.loads(
        rd.STARTER_PATH.read_text(encoding="utf-8"))


def test_D2_every_field_round_trips() -> None:
    """A card with every optional field set, and filters with every key, are written and
    read back unchanged."""
    data: dict[str, Any] = copy.deepcopy(rd.card_set_to_data(STARTER_I))
    full = {"types": ["ship", "unit"], "races": ["tel"], "classes": ["s-cruiser"],
            "not_classes": ["ring-ship"], "para": False}
    data["cards"][17].update(a=4, para=True, g=True, activation=2,
                             bonuses=[{"amount": 2, "against": full}, {"amount": 1,
                                                                       "against": {}}])
    data["cards"][30]["action"] = {"effect": "weaken", "amount": 3, "defender_only": True,
                                   "target": full,
                                   "amount_against": [{"amount": 4, "against": full}]}
    cards = rd.card_set_from_data(data)
    assert rd.card_set_to_data(cards) == data
    stahltango = cards.card("I/18")
    assert (stahltango.a, stahltango.para, stahltango.g, stahltango.activation) == (
        4, True, True, 2)
    assert stahltango.bonuses[0].against == rd.CardFilter(
        (rd.CombatType.SHIP, rd.CombatType.UNIT), ("tel",), (rd.ShipClass.S_CRUISER,),
        (rd.ShipClass.RING_SHIP,), False)


class TestD2LoadCardSet:
    """`load_card_set` reads a path, a `Path`, JSON text or bytes; every failure is an
    `InvalidCardSetError` with one problem naming it."""

    def test_sources(self, tmp_path: Path) -> None:
        text = rd.STARTER_PATH.read_text(encoding="utf-8")
        path = tmp_path / "cards.json"
        path.write_text(text, encoding="utf-8")
        for source in (path, str(path), text, "\n  " + text, text.encode()):
            assert rd.load_card_set(source) == STARTER_I
        assert rd.load_card_set(text.encode("utf-8")).card("I/4").name == "Ömer Giray"

    @pytest.mark.parametrize(("source", "problem"), [
        (b"\xff{}", "card set file: not UTF-8 text"),
        ("{not json", "card set file: not JSON (Expecting property name enclosed in double "
         "quotes: line 1 column 2 (char 1))"),
        ("cards\x00.json", "card set file: cannot read 'cards\\x00.json': embedded null byte"),
    ])
    def test_failures(self, source: str | bytes, problem: str) -> None:
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.load_card_set(source)
        assert err.value.problems == (problem,)

    def test_a_missing_file(self, tmp_path: Path) -> None:
        missing = tmp_path / "missing.json"
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.load_card_set(missing)
        (problem,) = err.value.problems
        assert problem.startswith(f"card set file: cannot read {missing!r}: [Errno 2] ")

    def test_top_level_not_an_object(self) -> None:
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.load_card_set(b"[1, 2]")
        assert err.value.problems == ("card set: expected an object, got list",)


BLUE = STARTER_I.starter_deck(Side.BLUE)
"""Blue's 33 non-planet cards: 110 resource points, 15 ships (the Synthetic swarm among
them), 12 persons/units, 6 action cards."""


def _without(deck: tuple[str, ...], *numbers: str) -> tuple[str, ...]:
    cards = list(deck)
    for number in numbers:
        cards.remove(number)
    return tuple(cards)


@pytest.mark.parametrize(("deck", "problems"), [
    (BLUE, []),
    ((*BLUE, "I/27"), []),  # 112 resource points, I/27 twice
    ((*_without(BLUE, "I/13"), "I/14"), []),  # 109 resource points
    ((*BLUE, "I/1"), ["resource points total 113, not 109-112"]),
    (_without(BLUE, "I/33"), ["resource points total 108, not 109-112"]),
    ((*_without(BLUE, "I/18"), "I/7"), ["14 ships, fewer than 15"]),
    ((*_without(BLUE, "I/1"), "I/18"), ["11 persons/units, fewer than 12"]),
    ((*_without(BLUE, "I/1"), "I/11"), ["11 persons/units, fewer than 12"]),  # swarm: a ship
    ((*BLUE, "I/33"), ["7 action cards, more than 6"]),
    ((*BLUE, "I/27", "I/27"), ["I/27 appears 3 times (at most 2)",
                               "resource points total 114, not 109-112"]),
    ((*BLUE, "X/1", "I/67", "I/46"), ["no card 'X/1' in card set 'starter_I'",
                                      "I/67 Terra is a planet; the planet is not listed in "
                                      "a deck", "I/46 NEMO is a red card, not blue"]),
], ids=["starter", "112", "109", "113", "108", "14-ships", "11-ground", "swarm-not-ground",
        "7-actions", "3-copies", "strangers"])
def test_D30_deck_building_bounds(deck: tuple[str, ...], problems: list[str]) -> None:
    assert rd.deck_problems(STARTER_I, Side.BLUE, deck) == problems


def test_D30_options_name_every_broken_rule_of_both_decks() -> None:
    red = STARTER_I.starter_deck(Side.RED)
    with pytest.raises(InvalidOptionsError) as err:
        rd.Options(decks=((*BLUE, "I/1"), (*red, "I/34")))
    assert err.value.option == "decks"
    assert str(err.value) == ("invalid option 'decks': blue deck: resource points total 113, "
                              "not 109-112; red deck: resource points total 114, not 109-112")
