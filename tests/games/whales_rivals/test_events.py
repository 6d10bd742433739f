"""Whales Rivals events, checked against the true states of random games: the end of a round
reveals the whales, their sums and who captured each pack (W15, W16), an Exploration's flip
and peek (W10), a turtle's removal (W11), the end of the game (W20); and the public
`revealed` field that lets every viewer be told the round's end (W15, W17)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from boardrules import CHANCE, InvalidStateError
from boardrules.games import whales_rivals as wr


def transitions(seeds: range = range(30)) -> Iterator[tuple[wr.State, Any, wr.State]]:
    for seed in seeds:
        rng, state = random.Random(seed), wr.new_game(2)
        while not wr.is_terminal(state):
            action = (wr.sample_chance(state, rng) if wr.to_move(state) is CHANCE
                      else rng.choice(wr.legal_actions(state)))
            after = wr.apply(state, action)
            yield state, action, after
            state = after


def test_w15_w16_a_round_end_reveals_whales_sums_and_captures() -> None:
    ties = ends = 0
    for before, action, after in transitions():
        if after.round == before.round and after.phase is not wr.Phase.OVER:
            continue
        for viewer in (0, 1, None):
            told = wr.events(before, action, after, viewer)
            kinds = [e.kind for e in told]
            start = kinds.index("round_end")
            assert kinds[start + 1:start + 4] == ["pack", "pack", "pack"]
            for index, event in enumerate(told[start + 1:start + 4]):
                mine, theirs = after.revealed[index]
                fields = event.fields
                assert fields["whales"] == [list(mine), list(theirs)]
                assert fields["sums"] == [sum(mine), sum(theirs)]
                taker = (0 if sum(mine) > sum(theirs) else 1 if sum(theirs) > sum(mine)
                         else None)
                assert fields["captured_by"] == taker
                assert len(fields["cards"]) == len(before.packs[index].grey)  # type: ignore[arg-type]
                if taker is None and before.round < 3:
                    assert fields["stays"] and after.packs[index].grey == before.packs[
                        index].grey
                    ties += viewer is None
        ends += 1
    assert ends > 50 and ties > 0


def test_w15_revealed_holds_the_whales_that_lay_at_each_pack() -> None:
    for before, action, after in transitions(range(5)):
        if isinstance(action, wr.EndRound):
            assert after.revealed == tuple(
                tuple(tuple(w.value for w in pack.whales[p]) for p in range(2))
                for pack in before.packs)
            assert wr.observe(after, 0).revealed == wr.observe(after, None).revealed
            return
    raise AssertionError("no End round in 5 random games")


def test_w17_revealed_whales_must_lie_in_the_discard_piles() -> None:
    for _, action, after in transitions(range(5)):
        if isinstance(action, wr.EndRound) and any(p for pair in after.revealed for p in pair):
            pair = next(pair for pair in after.revealed if pair[0])
            bad = attrs.evolve(after, revealed=((pair[0] + (99,), pair[1]),) * 3)
            with pytest.raises(InvalidStateError, match="revealed"):
                wr.validate_state(bad)
            return
    raise AssertionError("no End round with whales in 5 random games")


def test_w10_a_flip_shows_the_whale_to_everyone_a_peek_only_to_the_peeker() -> None:
    flips = peeks = 0
    for before, action, after in transitions(range(20)):
        if isinstance(action, wr.Flip):
            owner = 1 - before.player
            value = before.packs[action.pack].whales[owner][action.slot].value
            for viewer in (0, 1, None):
                (event,) = [e for e in wr.events(before, action, after, viewer)
                            if e.kind == "flipped"]
                assert event.fields["value"] == value and event.fields["player"] == owner
            flips += 1
        elif isinstance(action, wr.Peek):
            hidden = [g.value for g in before.packs[action.pack].grey if not g.shown]
            (event,) = wr.events(before, action, after, before.player)[:1]
            assert event.kind == "peeked" and event.fields["cards"] == hidden
            assert all(e.kind != "peeked" for viewer in (1 - before.player, None)
                       for e in wr.events(before, action, after, viewer))
            peeks += 1
    assert flips and peeks


def test_w11_a_turtle_tells_the_whale_it_removed() -> None:
    for before, action, after in transitions(range(5)):
        if isinstance(action, wr.PlayTurtle) and action.pack is not None:
            assert action.slot is not None
            whale = before.packs[action.pack].whales[1 - before.player][action.slot]
            (event,) = [e for e in wr.events(before, action, after, None)
                        if e.kind == "removed"]
            assert event.fields == {"player": 1 - before.player, "pack": action.pack,
                                    "value": whale.value}
            return
    raise AssertionError("no turtle with a target in 5 random games")


def test_w20_the_last_round_end_ends_the_game() -> None:
    for before, action, after in transitions(range(3)):
        if wr.is_terminal(after):
            told = wr.events(before, action, after, 1)
            assert told[-1].kind == "game_over"
            assert told[-1].fields["scores"] == list(wr.result(after).scores)
            assert [e.kind for e in told][-5:-1] == ["round_end", "pack", "pack", "pack"]
