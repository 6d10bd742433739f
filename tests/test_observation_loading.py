"""Mutated observations either load and work or are refused at load, in every game.

The kit's fuzzer (`boardrules.testing.check_observation_loading`) takes observations of
every player and the spectator from random games, mutates their JSON and loads them; a
loaded observation is rendered (and drawn, where the game draws), saved and hashed. Any
exception but `InvalidStateError` at load fails. Seeded and bounded: 3,000 documents per
game and player count here (about two seconds each, at most ten). For a long run set
``BOARDRULES_FUZZ_MUTATIONS`` (for example 100000): the time limit is lifted too.
"""

from __future__ import annotations

import os

import pytest

from boardrules.games import GAMES, kivi
from boardrules.testing import check_observation_loading, fuzz_observation_loading

LONG = os.environ.get("BOARDRULES_FUZZ_MUTATIONS")
MUTATIONS = int(LONG) if LONG else 3000
SECONDS = None if LONG else 10.0

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in GAMES.items()
    for players in sorted({game.MIN_PLAYERS, game.MAX_PLAYERS})
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES)
def test_mutated_observations_load_or_are_refused(name: str, players: int) -> None:
    """Every mutated observation is refused with InvalidStateError or loads and renders."""
    report = check_observation_loading(GAMES[name], players, seed=players,
                                       mutations=MUTATIONS, seconds=SECONDS)
    assert report.refused and report.loaded, "the fuzzer must reach both outcomes"
    if LONG:
        print(f"\n{name} {players}p: {report.mutations} mutations, {report.refused} refused, "
              f"{report.loaded} loaded and used")


def test_the_fuzzer_finds_crashes_without_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without KIVI's observation validator, `render` crashes on loaded observations (the
    issue's IndexError and OverflowError): the fuzzer reports them with their places."""
    monkeypatch.delattr(kivi, "validate_observation")
    report = fuzz_observation_loading(kivi, 2, seed=2, mutations=500, seconds=None)
    assert report.failures
    assert any("kivi/rules.py" in place for place in report.places)
    with pytest.raises(AssertionError, match="mutated observations failed at"):
        check_observation_loading(kivi, 2, seed=2, mutations=500, seconds=None)
