"""The five built-in games, one package each, every one meeting the `boardrules.game.Game`
contract: `captain_bluff`, `kivi`, `lustry`, `ren_dhark`, `whales_rivals`.

Importing this package loads no game: ``from boardrules.games import kivi`` loads KIVI's
rules alone. The registry (`GAMES`, `load`, `register`, `game_of`) lives in
`boardrules.registry` and is re-exported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.registry import GAMES, AnyGame, game_of, load, register

if TYPE_CHECKING:
    # mypy checks each built-in game against the protocols with its own types.
    from boardrules.game import Game
    from boardrules.games import captain_bluff, kivi, lustry, ren_dhark, whales_rivals
    from boardrules.numeric.spaces import NumericGame

    _captain_bluff: Game[
        captain_bluff.State, captain_bluff.Action, captain_bluff.Observation,
        captain_bluff.Options] = captain_bluff
    _kivi: Game[kivi.State, kivi.Action, kivi.Observation, kivi.Options] = kivi
    _lustry: Game[lustry.State, lustry.Action, lustry.Observation, lustry.Options] = lustry
    _ren_dhark: Game[
        ren_dhark.State, ren_dhark.Action, ren_dhark.Observation, ren_dhark.Options] = ren_dhark
    _whales_rivals: Game[
        whales_rivals.State, whales_rivals.Action, whales_rivals.Observation,
        whales_rivals.Options] = whales_rivals
    _kivi_numeric: NumericGame[kivi.State, kivi.Action, kivi.Observation, kivi.Options] = kivi
    _whales_rivals_numeric: NumericGame[
        whales_rivals.State, whales_rivals.Action, whales_rivals.Observation,
        whales_rivals.Options] = whales_rivals
    _lustry_numeric: NumericGame[
        lustry.State, lustry.Action, lustry.Observation, lustry.Options] = lustry
    _ren_dhark_numeric: NumericGame[
        ren_dhark.State, ren_dhark.Action, ren_dhark.Observation, ren_dhark.Options] = ren_dhark

__all__ = ["GAMES", "AnyGame", "game_of", "load", "register"]
