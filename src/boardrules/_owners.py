"""The check every public function of a game makes of the objects it is given: that
each is its own game's, not another game's (issue #31). One cheap test at the top of
the function, ``if type(state) is not State: raise wrong_game(...)``; this module builds
the error, naming both games, only once the test has failed."""

from __future__ import annotations

from boardrules.errors import BoardrulesError, WrongGameError, quote
from boardrules.registry import game_of

__all__ = ["describe", "game_name", "not_an_action", "wrong_game"]


def game_name(obj: object) -> str | None:
    """Return the name of the registered game `obj` belongs to, or ``None``."""
    try:
        owner, _ = game_of(obj)
    except BoardrulesError:
        return None
    return owner.NAME


def describe(obj: object) -> str:
    """Name the class of `obj`: ``whales_rivals.State`` for an object of a registered game
    (the game's name and the class), the bare class name for anything else.

    >>> from boardrules.games import kivi
    >>> describe(kivi.Place(0)), describe("a1"), describe(None)
    ('kivi.Place', 'str', 'NoneType')
    """
    name = game_name(obj)
    return type(obj).__qualname__ if name is None else f"{name}.{type(obj).__qualname__}"


def wrong_game(where: str, expected: str, got: object) -> WrongGameError:
    """Return the error for `got` given to `where` (``"kivi.legal_actions"``, or with the
    argument: ``"kivi.svg last_move"``) in place of `expected` (``"kivi.State"``, ``"kivi
    action"``).

    >>> from boardrules.games import lustry
    >>> str(wrong_game("kivi.legal_actions", "kivi.State", lustry.new_game(2)))
    'kivi.legal_actions: expected a kivi.State, got a lustry.State'
    """
    if got is None:
        return WrongGameError(f"{where}: expected a {expected}, got None")
    what = describe(got)
    what = f"{'an' if what[0] in 'aeiouAEIOU' else 'a'} {what}"
    if isinstance(got, int | float | str | bytes):  # a move in notation, an index: quoted
        what = f"{what} {quote(got, 60)}"
    return WrongGameError(f"{where}: expected a {expected}, got {what}")


def not_an_action(action: object, title: str) -> str:
    """Return why `apply` refuses `action`, an object that is no action of the game
    titled `title`: naming the game it belongs to, if any, or quoting it.

    >>> from boardrules.games import kivi
    >>> not_an_action(kivi.Place(0), "Lustry"), not_an_action("a1", "Lustry")
    ('a1 (a kivi.Place) is not a Lustry action', "'a1' is not a Lustry action")
    """
    if game_name(action) is None:
        return f"{quote(action)} is not a {title} action"
    return f"{action} (a {describe(action)}) is not a {title} action"  # its notation
