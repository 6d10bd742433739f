"""Ren Dhark card data: the shipped Starter I file against the rulebook's card list (D1–D3)."""

from __future__ import annotations

import json

import pytest

from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import STARTER_I, Kind, Side

# The rulebook's card list: number, name (translated where the Czech list translates it),
# side. Kinds are checked separately from the list's ranges (Osoba, Oddíl, Loď, Akce,
# Planeta).
CARD_LIST = [
    ("I/1", "Charaua", "blue"),
    ("I/2", "Ren Dhark", "blue"),
    ("I/3", "Simon", "blue"),
    ("I/4", "Ömer Giray", "blue"),
    ("I/5", "John Bernt", "blue"),
    ("I/6", "Anja Field", "blue"),
    ("I/7", "Black guard", "blue"),
    ("I/8", "Black guard", "blue"),
    ("I/9", "Space corps", "blue"),
    ("I/10", "Space corps", "blue"),
    ("I/11", "Synthetic swarm", "blue"),
    ("I/12", "Soldiers", "blue"),
    ("I/13", "NOREEN WELEAN", "blue"),
    ("I/14", "RIOBE", "blue"),
    ("I/15", "TALKARN", "blue"),
    ("I/16", "NOGK", "blue"),
    ("I/17", "SEKOSUM", "blue"),
    ("I/18", "STAHLTANGO", "blue"),
    ("I/19", "PASADENA", "blue"),
    ("I/20", "TERRA", "blue"),
    ("I/21", "LUXOR", "blue"),
    ("I/22", "BUDVA", "blue"),
    ("I/23", "Thornton Duman", "blue"),
    ("I/24", "MEDUSA", "blue"),
    ("I/25", "POINT OF", "blue"),
    ("I/26", "BLÜCHER", "blue"),
    ("I/27", "Z-66", "blue"),
    ("I/28", "Global protective shield", "blue"),
    ("I/29", "Nor-Ex", "blue"),
    ("I/30", "Golden man", "blue"),
    ("I/31", "Flurazz", "blue"),
    ("I/32", "Antisphere", "blue"),
    ("I/33", "Robon tracker", "blue"),
    ("I/34", "CAL", "red"),
    ("I/35", "Marek", "red"),
    ("I/36", "Allon Sawall", "red"),
    ("I/37", "Girr-O", "red"),
    ("I/38", "Dro Cimc", "red"),
    ("I/39", "Pakk Raff", "red"),
    ("I/40", "Kloff Kruzz", "red"),
    ("I/41", "Crekker", "red"),
    ("I/42", "Cerash", "red"),
    ("I/43", "Soldiers", "red"),
    ("I/44", "Soldiers", "red"),
    ("I/45", "Gamma warriors", "red"),
    ("I/46", "NEMO", "red"),
    ("I/47", "VEGA", "red"),
    ("I/48", "OBERTH", "red"),
    ("I/49", "ARCTUR", "red"),
    ("I/50", "DRAKHON", "red"),
    ("I/51", "SPONG", "red"),
    ("I/52", "FIRE OF CROMAR III", "red"),
    ("I/53", "GSAL", "red"),
    ("I/54", "MONETAR-1", "red"),
    ("I/55", "CATCHER", "red"),
    ("I/56", "G'Loorn cruiser", "red"),
    ("I/57", "WAR BRIDE", "red"),
    ("I/58", "Amphi cruiser", "red"),
    ("I/59", "Shadow cruiser 986", "red"),
    ("I/60", "Grako-Station", "red"),
    ("I/61", "Hyperbomb", "red"),
    ("I/62", "Satiated death", "red"),
    ("I/63", "Ree", "red"),
    ("I/64", "Nor-Ex", "red"),
    ("I/65", "ertobit", "red"),
    ("I/66", "IDV", "red"),
    ("I/67", "Terra", "blue"),
    ("I/68", "Robon", "red"),
]

KIND_RANGES = {
    Kind.PERSON: [*range(1, 7), 23, *range(34, 41)],
    Kind.UNIT: [*range(7, 11), 12, *range(41, 46)],
    Kind.SHIP_OR_UNIT: [11],
    Kind.SHIP: [*range(13, 23), *range(24, 28), *range(46, 61)],
    Kind.ACTION: [*range(28, 34), *range(61, 67)],
    Kind.PLANET: [67, 68],
}


class TestShippedFile:
    """The bundled file matches the rulebook's card list."""

    def test_names_and_sides(self) -> None:
        assert [(c.number, c.name, c.side.value) for c in STARTER_I.cards] == CARD_LIST

    def test_kinds(self) -> None:
        expected = {f"I/{n}": kind for kind, ns in KIND_RANGES.items() for n in ns}
        assert len(expected) == 68
        assert {c.number: c.kind for c in STARTER_I.cards} == expected

    def test_counts_per_faction(self) -> None:
        for side in Side:
            own = [c for c in STARTER_I.cards if c.side is side]
            kinds = [c.kind for c in own]
            assert len(own) == 34
            assert sum(c.is_ship for c in own) == 15
            assert kinds.count(Kind.PERSON) + kinds.count(Kind.UNIT) == 12
            assert kinds.count(Kind.ACTION) == 6 and kinds.count(Kind.PLANET) == 1

    def test_the_file_round_trips_through_the_schema(self) -> None:
        text = rd.STARTER_PATH.read_text(encoding="utf-8")
        assert rd.card_set_from_data(json.loads(text)) == STARTER_I
        assert rd.card_set_from_data(rd.card_set_to_data(STARTER_I)) == STARTER_I

    def test_the_file_ships_in_the_package(self) -> None:
        assert rd.STARTER_PATH.name == "starter_I.json"
        assert rd.STARTER_PATH.parent.name == "ren_dhark"


class TestSchemaChecks:
    """Every kind of schema problem is caught and named."""

    @pytest.mark.parametrize(("change", "problem"), [
        (lambda c: c.update(a=9), "a must be 2-6"),
        (lambda c: c.update(resources=-1), "resources must be 0-20"),
        (lambda c: c.update(ship_class="dreadnought"), "ship_class"),
        (lambda c: c.update(race="Terra"), "race must be lower case"),
        (lambda c: c.update(g="yes"), "expected true or false"),
        (lambda c: c.update(action={"effect": "weaken", "amount": 2}), "only action cards"),
        (lambda c: c.pop("name"), "missing 'name'"),
        (lambda c: c.update(strength={"ship": 12, "person": 1, "unit": 1}), "must be 0-9"),
        (lambda c: c.update(bonuses=[{"amount": 1, "against": {"races": [3]}}]),
         "expected a string"),
    ])
    def test_a_combat_card_problem(self, change: object, problem: str) -> None:
        data = rd.card_set_to_data(STARTER_I)
        cards = data["cards"]
        assert isinstance(cards, list) and callable(change)
        change(cards[1])
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.card_set_from_data(data)
        assert any(problem in p and "I/2" in p for p in err.value.problems), err.value.problems

    def test_action_card_problems(self) -> None:
        data = rd.card_set_to_data(STARTER_I)
        cards = data["cards"]
        assert isinstance(cards, list)
        cards[28]["action"] = {"effect": "destroy", "amount": 9}
        cards[29].pop("action")
        cards[30]["action"]["target"] = {"classes": ["battleship"]}
        with pytest.raises(rd.InvalidCardSetError) as err:
            rd.card_set_from_data(data)
        text = "\n".join(err.value.problems)
        assert "I/29" in text and "roll needed, 2-6" in text
        assert "cards[29] (I/30): an action card needs an action" in text
        assert "cards[30] (I/31).action.target.classes[0]" in text

    def test_wrong_schema_and_top_level(self) -> None:
        with pytest.raises(rd.InvalidCardSetError, match="schema"):
            rd.card_set_from_data({**rd.card_set_to_data(STARTER_I), "schema": "v0"})
        with pytest.raises(rd.InvalidCardSetError, match="expected an object"):
            rd.card_set_from_data([])
