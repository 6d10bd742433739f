"""Helpers the games' ``events`` share: the end of a game, and players named for people."""

from __future__ import annotations

from collections.abc import Iterable
from types import UnionType

from boardrules._owners import wrong_game
from boardrules.game import Event, Result

__all__ = ["check_objects", "count_cards", "game_over", "name_players"]


def check_objects(where: str, before: object, action: object, after: object, *,
                  state: type, actions: type | UnionType) -> None:
    """Refuse another game's states or action with `WrongGameError` naming `where`
    (``kivi.events``), before a game's ``events`` reads them.

    >>> from boardrules.games import kivi
    >>> check_objects("kivi.events", 1, None, 2, state=kivi.State, actions=kivi.Action)
    Traceback (most recent call last):
    ...
    boardrules.errors.WrongGameError: kivi.events: expected a kivi.State, got an int 1
    """
    game = where.partition(".")[0]
    for obj in (before, after):
        if type(obj) is not state:
            raise wrong_game(where, f"{game}.State", obj)
    if not isinstance(action, actions):
        raise wrong_game(f"{where} action", f"{game} action", action)


def name_players(players: Iterable[int]) -> str:
    """Name players for people, numbered from 0 as everywhere in the library.

    >>> name_players([0]), name_players([0, 2]), name_players([0, 1, 3])
    ('player 0', 'players 0 and 2', 'players 0, 1 and 3')
    """
    names = [str(p) for p in players]
    if len(names) == 1:
        return f"player {names[0]}"
    return "players " + ", ".join(names[:-1]) + " and " + names[-1]


def count_cards(count: int) -> str:
    """``1 card``, ``3 cards``.

    >>> count_cards(1), count_cards(3)
    ('1 card', '3 cards')
    """
    return f"{count} card" if count == 1 else f"{count} cards"


def game_over(result: Result) -> Event:
    """The ``game_over`` event of a finished game: the winners and every score.

    >>> game_over(Result((56, 40), (0,), finished=True)).text
    'Game over: player 0 wins; scores 56, 40.'
    """
    scores = ", ".join(map(str, result.scores))
    if not result.winners:
        how = "the game was cut short, nobody wins" if result.truncated else "nobody wins"
    elif len(result.winners) == 1:
        how = f"{name_players(result.winners)} wins"
    else:
        how = f"{name_players(result.winners)} share the win"
    return Event("game_over", f"Game over: {how}; scores {scores}.",
                 {"winners": list(result.winners), "scores": list(result.scores),
                  "truncated": result.truncated})
