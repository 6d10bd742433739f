"""A text picture of a KIVI observation, for the terminal."""

from __future__ import annotations

from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.kivi.board import SIZE, Combination
from boardrules.games.kivi.observe import Observation
from boardrules.games.kivi.rules import scores
from boardrules.games.kivi.state import ROUNDS

__all__ = ["render"]

SHORT: Final = {
    Combination.TWO_PAIRS: "AABB", Combination.THREE_KIND: "AAA",
    Combination.SMALL_STRAIGHT: "ABCD",
    Combination.FULL_HOUSE: "AAABB", Combination.FOUR_KIND: "AAAA",
    Combination.LARGE_STRAIGHT: "ABCDE", Combination.ALL_EVEN: "even", Combination.ALL_ODD: "odd",
    Combination.SUM_LE_12: "<=12", Combination.SUM_GE_30: ">=30",
    Combination.THREE_PAIRS: "AABBCC", Combination.TWO_TRIPLES: "AAABBB",
    Combination.FOUR_AND_PAIR: "AAAABB",
}
"""Short labels of the combinations, as printed on the board."""


def render(observation: Observation) -> str:
    """Return the board (stones as ``[0]``…``[3]``, free squares as combination and points),
    the dice and the score sheet.

    >>> from boardrules.games import kivi
    >>> print(render(kivi.observe(kivi.new_game(2), 0)).splitlines()[0])
    KIVI - turn 1 of 20, player 0 to roll
    """
    if type(observation) is not Observation:
        raise wrong_game("kivi.render", "kivi.Observation", observation)
    o = observation.position
    layout = o.options.layout
    total = ROUNDS * o.players
    if o.turn >= total:
        head = f"KIVI - game over after {total} turns"
    else:
        who = f"player {o.turn % o.players}"
        doing = "to roll" if o.pending else f"to play (roll {o.rolls} of 3)"
        head = f"KIVI - turn {o.turn + 1} of {total}, {who} {doing}"
    lines = [head, "     " + "".join(f"{c:^9}" for c in "abcdefg")]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            i = row * SIZE + col
            owner = o.cells[i]
            if owner is None:
                cells.append(f"{SHORT[layout.combination[i]]}:{layout.points[i]}".center(9))
            else:
                cells.append(f"[{owner}]".center(9))
        lines.append(f"  {row + 1}  " + "".join(cells))
    dice = " ".join(map(str, o.dice)) or "-"
    pending = f" (+{o.pending} to roll)" if o.pending and o.dice else ""
    lines.append(f"dice: {dice}{pending}")
    lines.append("forfeited: " + ", ".join(f"player {p}: {n}" for p, n in enumerate(o.lost)))
    lines.append("scores: " + ", ".join(f"player {p}: {s}" for p, s in enumerate(scores(o))))
    return "\n".join(lines)
