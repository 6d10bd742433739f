"""KIVI events: what an action caused, as every viewer sees it (nothing is hidden, K12).

A stone placed (K7) and the lines it stands in (K10), the new score; a stone displaced by
six of a kind (K7); a stone forfeited (K6); a third roll that fits no square (K6); the end
of the game with its winners (K9, K11).
"""

from __future__ import annotations

from boardrules._events import check_objects, game_over
from boardrules.game import Event
from boardrules.games.kivi.actions import FORFEIT, Action, Displace, Forfeit, Place, Roll
from boardrules.games.kivi.board import SIZE, square_name
from boardrules.games.kivi.observe import announce, observe
from boardrules.games.kivi.rules import is_terminal, legal_actions, result, scores
from boardrules.games.kivi.state import State

__all__ = ["events"]


def _line(cells: tuple[int | None, ...], square: int, step: int) -> int:
    """The length of the line of one owner's stones through `square` along `step`."""
    owner, length = cells[square], 1
    row = square // SIZE
    for direction in (step, -step):
        i = square + direction
        while (0 <= i < SIZE * SIZE and (step != 1 or i // SIZE == row)
               and cells[i] == owner):
            length += 1
            i += direction
    return length


def _stone(position: State, square: int, player: int, before: int, after: int) -> Event:
    lines = [n for n in (_line(position.cells, square, 1), _line(position.cells, square, SIZE))
             if n > 1]
    points = position.options.layout.points[square]
    where = " in a line of " + " and ".join(map(str, lines)) if lines else ""
    return Event(
        "stone",
        f"Player {player}'s stone on {square_name(square)} ({points} points){where}: "
        f"score {before} → {after}.",
        {"player": player, "square": square_name(square), "points": points,
         "lines": [*lines], "score": after, "gained": after - before})


def events(before: State, action: Action, after: State, viewer: int | None) -> tuple[Event, ...]:
    """Return what `viewer` (``None``: a spectator) saw `action` cause, `before` → `after`.

    Read only from what the viewer sees: the observations before and after, and the
    announcement (in KIVI, the whole position and the notation).

    >>> from boardrules.games import kivi
    >>> state = kivi.apply(kivi.new_game(2), kivi.Roll((1, 2, 3, 4, 5, 6)))
    >>> [e.text for e in events(state, kivi.PLACE[24], kivi.apply(state, kivi.PLACE[24]), 1)]
    ["Player 0's stone on d4 (3 points): score 0 → 3."]
    """
    check_objects("kivi.events", before, action, after, state=State, actions=Action)
    announce(before, action, viewer)  # the viewer check; the notation is the action itself
    old, new = observe(before, viewer).position, observe(after, viewer).position
    told: list[Event] = []
    mover = old.player
    was, now = scores(old), scores(new)
    match action:
        case Place(square=square):
            told.append(_stone(new, square, mover, was[mover], now[mover]))
        case Displace(square=square, to=to):
            told.append(_stone(new, square, mover, was[mover], now[mover]))
            owner = old.cells[square]
            assert owner is not None
            told.append(Event(
                "displaced",
                f"Player {owner}'s stone moves from {square_name(square)} to "
                f"{square_name(to)}: score {was[owner]} → {now[owner]}.",
                {"player": owner, "from": square_name(square), "to": square_name(to),
                 "score": now[owner], "gained": now[owner] - was[owner]}))
        case Forfeit():
            told.append(Event(
                "forfeit", f"Player {mover} loses a stone to the box.",
                {"player": mover, "lost": new.lost[mover]}))
        case Roll() if new.rolls == 3 and legal_actions(new) == (FORFEIT,):
            told.append(Event(
                "no_square", f"No square fits the third roll: player {mover} must forfeit.",
                {"player": mover}))
        case _:
            pass
    if is_terminal(new):
        told.append(game_over(result(new)))
    return tuple(told)
