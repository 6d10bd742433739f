"""`announce`: every game tells each player what they may see of a move, and no more.

The conformance kit proves that no announcement leaks (it runs on every game); these tests
pin down what each game shows: a player's own move and every public move read as their
notation, and the hidden part of another player's move reads as ``?``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import CHANCE, BoardrulesError
from boardrules.games import GAMES, captain_bluff, kivi, lustry, ren_dhark, whales_rivals

# For each game: who may read a chance outcome's notation (from the state before it; kinds
# not listed: everyone), and which player actions others may not read in full.
Hidden = Callable[[Any, Any], bool]
SEES_CHANCE: dict[str, dict[type, Callable[[Any], set[int | None]]]] = {
    "kivi": {},
    "whales_rivals": {
        whales_rivals.Draw: lambda s: {s.player},
        whales_rivals.DealGrey: lambda s: (
            {None, 0, 1} if whales_rivals.cards.DEAL_ORDER[s.dealt][1] else set()),
    },
    "ren_dhark": {ren_dhark.Draw: lambda s: {ren_dhark.rules._drawer(s)}},
    "captain_bluff": {captain_bluff.Draw: lambda s: {
        captain_bluff.rules.deal_recipient(s)[0] if s.stage is captain_bluff.Stage.DEAL
        else s.draws[0]}},
    "lustry": {lustry.Drawn: lambda s: set()},
}
HIDDEN_MOVES: dict[str, Hidden] = {
    "kivi": lambda s, a: False,
    "whales_rivals": lambda s, a: isinstance(a, whales_rivals.PlayWhale) and not a.face_up,
    # An attack stays face down; a defence or counter-strike only with an activation roll.
    "ren_dhark": lambda s, a: isinstance(a, ren_dhark.Attack) or (
        isinstance(a, ren_dhark.Defend | ren_dhark.CounterStrike)
        and s.options.tables.activation[s.options.tables.index[a.card]] is not None),
    "captain_bluff": lambda s, a: isinstance(a, captain_bluff.SetDestination),
    # A discard from hand is hidden unless the opponent knew which card it must be (L11).
    "lustry": lambda s, a: isinstance(a, lustry.Discard) and not lustry.rules.discard_seen(
        s.hands[s.player], s.exposed[s.player], a.card),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_what_each_viewer_is_told(name: str) -> None:
    """Own and public moves read as notation; hidden parts of others' moves as ``?``."""
    game = GAMES[name]
    players = game.MIN_PLAYERS
    announce = game.announce  # type: ignore[attr-defined]
    rng = random.Random(5)
    hidden_kinds = 0
    for _ in range(3):
        state = game.new_game(players)
        for _ in range(600):
            if game.is_terminal(state):
                break
            mover = game.to_move(state)
            everyone: set[int | None] = {None, *range(players)}
            allowed: set[int | None]
            if mover is CHANCE:
                action = game.sample_chance(state, rng)
                sees = SEES_CHANCE[name].get(type(action))
                allowed = everyone if sees is None else sees(state)
            else:
                assert isinstance(mover, int)
                action = rng.choice(game.legal_actions(state))
                hidden = HIDDEN_MOVES[name](state, action)
                hidden_kinds += hidden
                allowed = {mover} if hidden else everyone
            for viewer in (None, *range(players)):
                text = announce(state, action, viewer)
                if viewer in allowed:
                    assert text == str(action), (viewer, action, text)
                else:
                    assert text != str(action) and "?" in text, (viewer, action, text)
            state = game.apply(state, action)
    assert hidden_kinds or name == "kivi", "the playouts never made a hidden move"


class TestExamples:
    """One example per game of what another player reads."""

    def test_whales_face_down_play(self) -> None:
        state = whales_rivals.new_game(2)
        for value in (4, 1, 2, 6, 3, 5):
            state = whales_rivals.apply(state, whales_rivals.DealGrey(value))
        assert whales_rivals.announce(state, whales_rivals.Draw(5), 1) == "draw ?"
        for card in (1, 2, 4, 5, 0):
            state = whales_rivals.apply(state, whales_rivals.Draw(card))
        down, up = whales_rivals.PlayWhale(1, 1), whales_rivals.PlayWhale(4, 0, face_up=True)
        assert whales_rivals.announce(state, down, 1) == "?>2"
        assert whales_rivals.announce(state, down, None) == "?>2"
        assert whales_rivals.announce(state, down, 0) == "1>2"
        assert whales_rivals.announce(state, up, 1) == "4>1 up"

    def test_ren_dhark_attack_shows_only_the_declared_type(self) -> None:
        attack = ren_dhark.Attack("I/18", "Point Of", "ship")
        state = ren_dhark.new_game(2)
        assert ren_dhark.announce(state, attack, None).endswith("? as ship")

    def test_captain_bluff_destination_is_face_down(self) -> None:
        state = captain_bluff.new_game(2)
        text = captain_bluff.announce(state, captain_bluff.SetDestination(2, 5), None)
        assert text == "set 2 ?"

    def test_lustry_discard_shows_the_colour(self) -> None:
        state = lustry.new_game(2)
        assert lustry.announce(state, lustry.Discard("b3cf"), 1) == "discard b?"
        assert lustry.announce(state, lustry.Discard("b3cf"), 0) == "discard b3cf"

    def test_lustry_discard_of_a_card_the_opponent_knows_is_shown(self) -> None:
        """Player 0's only blue card is b3cf and player 1 knows it: its discard reads in full
        (L11, the discard is marked seen); with a second, unknown blue card it would not."""
        state = attrs.evolve(lustry.new_game(2), hands=(("b3cf", "r1c"), ()),
                             exposed=(("b3cf",), ()))
        assert lustry.announce(state, lustry.Discard("b3cf"), 1) == "discard b3cf"
        state = attrs.evolve(state, hands=(("b3cf", "b4cf", "r1c"), ()))
        assert lustry.announce(state, lustry.Discard("b3cf"), 1) == "discard b?"

    def test_kivi_hides_nothing(self) -> None:
        state = kivi.new_game(2)
        roll = kivi.sample_chance(state, random.Random(1))
        assert kivi.announce(state, roll, None) == str(roll)

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_a_player_who_does_not_exist(self, name: str) -> None:
        game = GAMES[name]
        state = game.new_game(game.MIN_PLAYERS)
        action = game.legal_actions(state)[0]
        with pytest.raises(BoardrulesError, match="does not exist"):
            game.announce(state, action, 7)  # type: ignore[attr-defined]
