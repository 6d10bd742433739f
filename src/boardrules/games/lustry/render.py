"""A text picture of a Lustry observation, for the terminal."""

from __future__ import annotations

from boardrules._owners import wrong_game
from boardrules.games.lustry.cards import COLOUR_NAMES, COLOURS
from boardrules.games.lustry.observe import Observation
from boardrules.games.lustry.state import Phase, Protection, Sequence

__all__ = ["render"]


def _sequence(seq: Sequence, whole: bool) -> str:
    if not seq.cards:
        return "-"
    parts = []
    for card, blocker, unblocker in zip(seq.cards, seq.blockers, seq.unblockers, strict=True):
        if blocker is not None:
            parts.append(f"{card}<{blocker}")
        elif unblocker is not None:
            parts.append(f"{card}+{unblocker}")
        else:
            parts.append(card)
    if seq.closed:
        return " ".join(parts) + " (closed)"
    return " ".join(parts) + (" (protected)" if whole and seq.guarded else "")


def render(observation: Observation) -> str:
    """Return the piles, hands and table as the viewer sees them.

    Hidden cards show as their colour and ``?``; a blocked card as ``card<blocker``, an
    unblocked one as ``card+unblocker``; a sequence an unblocking card protects from
    further blocks (L13, the rulebook's rule) ends with ``(protected)``.

    >>> from boardrules.games import lustry
    >>> print(render(lustry.observe(lustry.new_game(2), 0)).splitlines()[0])
    Lustry - turn 1, player 0 to draw
    """
    if type(observation) is not Observation:
        raise wrong_game("lustry.render", "lustry.Observation", observation)
    o = observation
    who = f"player {o.current}"
    if o.phase is Phase.OVER:
        head = (f"Lustry - game over: player {o.winner} wins" if o.winner is not None
                else "Lustry - game over: a draw")
    elif o.phase is Phase.DEFEND:
        head = (f"Lustry - turn {o.turn + 1}, player {1 - o.current} may defend against the "
                f"steal of {COLOUR_NAMES[o.named or 'r']}")
    elif o.phase is Phase.EXCHANGE:
        head = (f"Lustry - turn {o.turn + 1}, {who} to put the exchanged cards under the "
                "discard piles")
    else:
        doing = "to draw" if o.phase is Phase.DRAW else "to play"
        head = f"Lustry - turn {o.turn + 1}, {who} {doing}"
    whole = o.options.unblock_protects is Protection.SEQUENCE
    lines = [head, "draw piles: " + ", ".join(
        f"{COLOUR_NAMES[c]} {n}" for c, n in zip(COLOURS, o.draw_sizes, strict=True))]
    for p in (0, 1):
        you = " (you)" if p == o.player else ""
        lines.append(f"player {p}{you}: hand {' '.join(o.hands[p]) or '-'}")
        for c, colour in enumerate(COLOURS):
            i = 3 * p + c
            steals = f", {o.steals[i]} steal" if o.steals[i] else ""
            pile = " ".join(o.discards[i]) or "-"
            lines.append(f"  {COLOUR_NAMES[colour]:5}  sequence {_sequence(o.sequences[i], whole)}"
                         f"{steals}; discards {pile}")
    if o.pending:
        lines.append(f"drawn, face down: {' '.join(o.pending)}")
    if o.exchanged:
        lines.append(f"exchanged, to go under the discard piles: {' '.join(o.exchanged)}")
    return "\n".join(lines)
