"""`label` and `action_fields` of every game (issue #31, item 2): known actions read in the
rules' terms, the fields use the vocabulary of the concepts page, and another game's action
is refused. The conformance kit checks every legal action at every node it visits."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from boardrules import CHANCE
from boardrules.errors import WrongGameError
from boardrules.games import GAMES, captain_bluff, kivi, lustry, ren_dhark, whales_rivals

CONCEPTS = Path(__file__).parent.parent / "docs" / "concepts.md"


def vocabulary() -> set[str]:
    """The field names of the table on the concepts page, under "Labels and fields"."""
    text = CONCEPTS.read_text(encoding="utf-8").split("### Labels and fields", 1)[1]
    return set(re.findall(r"^\| `(\w+)` \|", text.split("\n## ", 1)[0], re.MULTILINE))


def read(game: Any, text: str, state: Any = None) -> tuple[str, dict[str, Any]]:
    action = game.parse_action(state if state is not None else game.new_game(2), text)
    return game.label(action), game.action_fields(action)


def test_whales_rivals() -> None:
    """Whales, turtles and explorations (W9a, W10, W11), packs from 1 in words, from 0 in
    fields."""
    wr = whales_rivals
    assert read(wr, "3>2 up") == ("Play whale 3 face up at pack 2",
                                  {"kind": "play", "card": "3", "pack": 1, "face_up": True})
    assert read(wr, "3>2")[0] == "Play whale 3 face down at pack 2"
    assert read(wr, "turtle 3.1") == ("Turtle on whale 1 at pack 3",
                                      {"kind": "turtle", "pack": 2, "slot": 0})
    assert read(wr, "turtle") == ("Turtle without a target", {"kind": "turtle"})
    assert read(wr, "peek 1") == ("Peek at pack 1", {"kind": "peek", "pack": 0})
    assert read(wr, "end") == ("End the round", {"kind": "end_round"})
    assert read(wr, "draw T") == ("Draw a turtle", {"kind": "draw", "card": "T"})
    assert read(wr, "deal 4") == ("Deal grey card 4", {"kind": "deal", "value": 4})


def test_kivi() -> None:
    """Rolls, rerolls (K5), placements and six of a kind (K7), forfeits (K6)."""
    assert read(kivi, "roll 654311") == ("Roll 1 1 3 4 5 6",
                                         {"kind": "roll", "dice": [1, 1, 3, 4, 5, 6]})
    assert read(kivi, "reroll 65") == ("Reroll 5 6", {"kind": "reroll", "dice": [5, 6]})
    assert read(kivi, "c4") == ("Place a stone on c4", {"kind": "place", "square": 23})
    assert read(kivi, "c4>a1") == ("Take c4, move the opponent's stone to a1",
                                   {"kind": "displace", "square": 23, "to": 0})
    assert read(kivi, "forfeit") == ("Forfeit a stone", {"kind": "forfeit"})


def test_lustry() -> None:
    """Cards by colour, fill, shape and value (L1, L2): blocks, unblocks, steals."""
    assert read(lustry, "block g3ce>r3cf") == (
        "Block red full-circle 3 with green empty-circle 3",
        {"kind": "block", "card": "g3ce", "target": "r3cf"})
    assert read(lustry, "unblock r3ce>g3ce") == (
        "Unblock with red empty-circle 3, removing green empty-circle 3",
        {"kind": "unblock", "card": "r3ce", "target": "g3ce"})
    assert read(lustry, "lay r2cf r1c") == (
        "Lay red circle 1 and red full-circle 2", {"kind": "lay", "cards": ["r1c", "r2cf"]})
    assert read(lustry, "steal b0 r") == ("Steal red with blue steal card",
                                          {"kind": "steal", "card": "b0", "colour": "r"})
    assert read(lustry, "draw g@1") == ("Draw from player 1's green discard pile",
                                        {"kind": "draw", "colour": "g", "player": 1})
    assert read(lustry, "draw r") == ("Draw from the red draw pile",
                                      {"kind": "draw", "colour": "r"})
    assert read(lustry, "drawn b5se")[0] == "Card drawn: blue empty-square 5"


def test_ren_dhark() -> None:
    """Sides (D4), opening hands (D5), commitments (D7, D8, D15) and dice."""
    rd = ren_dhark
    assert read(rd, "attack I/18 as ship") == (
        "Attack with I/18 STAHLTANGO as a ship",
        {"kind": "attack", "card": "I/18", "as": "ship"})
    assert read(rd, "blue 1") == ("Player 1 plays blue", {"kind": "sides", "player": 1})
    assert read(rd, "redraw") == ("Redraw the opening hand", {"kind": "redraw"})
    assert read(rd, "combat 5:3") == ("Combat roll: attacker 5, defender 3",
                                      {"kind": "combat_roll", "dice": [5, 3]})
    assert read(rd, "roll 4") == ("Roll 4", {"kind": "roll", "value": 4})


def test_captain_bluff() -> None:
    """Luggage by destination and value (B1), conveyors 0-5, reactions (B13)."""
    cb = captain_bluff
    assert read(cb, "play 2 r5 r6") == (
        "Play red 5, red 6 on conveyor 2",
        {"kind": "play", "conveyor": 2, "cards": ["r5", "r6"]})
    assert read(cb, "set 4 star") == ("Set star as conveyor 4's destination",
                                      {"kind": "set_destination", "conveyor": 4, "card": "star"})
    assert read(cb, "star 2=7") == ("Star on conveyor 2 as 7",
                                    {"kind": "star", "conveyor": 2, "value": 7})
    assert read(cb, "eye 1 4") == ("Eye on conveyors 1 and 4",
                                   {"kind": "eye", "conveyors": [1, 4]})
    assert read(cb, "pickup 2 1") == ("Pick up 1 card from conveyor 2",
                                      {"kind": "pick_up", "conveyor": 2, "count": 1})
    assert read(cb, "take 1") == ("Take conveyor 1's destination card",  # B9
                                  {"kind": "take", "conveyor": 1})
    assert read(cb, "challenge") == ("Challenge", {"kind": "challenge"})
    assert read(cb, "pass") == ("Let it stand", {"kind": "pass"})
    assert read(cb, "draw plus_one")[0] == "Draw plus-one"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fields_use_the_documented_vocabulary(name: str) -> None:
    """Every field name met in a random game is in the concepts page's table."""
    game: Any = GAMES[name]
    words = vocabulary()
    assert {"kind", "card", "cards", "conveyor", "square", "pack"} <= words
    state = game.new_game(game.MIN_PLAYERS)
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(300):
        if game.is_terminal(state):
            break
        for action in game.legal_actions(state):
            seen |= set(game.action_fields(action))
        action = (game.sample_chance(state, rng) if game.to_move(state) is CHANCE
                  else rng.choice(game.legal_actions(state)))
        state = game.apply(state, action)
    assert seen - words == set(), f"{name}: fields not on the concepts page"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_action_is_refused(name: str) -> None:
    """A move in notation or None is no action: a typed error naming the function (another
    game's action: tests/test_untrusted.py, with every public function)."""
    game: Any = GAMES[name]
    for thing in (str(game.legal_actions(game.new_game(game.MIN_PLAYERS))[0]), None):
        with pytest.raises(WrongGameError, match=rf"^{name}\.label: expected a {name} action"):
            game.label(thing)
        with pytest.raises(WrongGameError, match=rf"^{name}\.action_fields: expected"):
            game.action_fields(thing)
