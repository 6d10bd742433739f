"""Validation of Lustry states and observations loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

from boardrules._observations import check_count, check_witness, refuse, remainder, seat
from boardrules._owners import describe
from boardrules.errors import InvalidStateError
from boardrules.games.lustry.cards import (
    BLOCK_TARGETS,
    BRANCH,
    COLOUR_DECK,
    COLOURS,
    DECK,
    HAND_SIZE,
    INVERSE,
    ORDER,
    STEAL_CARDS,
    VALUE,
    sort_cards,
)
from boardrules.games.lustry.observe import Observation, observe
from boardrules.games.lustry.state import Options, Phase, Sequence, State

__all__ = ["validate_observation", "validate_state"]


def _fail(problem: str) -> NoReturn:
    raise InvalidStateError(f"state: {problem}")


def _check_cards(name: str, cards: tuple[str, ...], colour: str | None = None,
                 ordered: bool = False) -> None:
    for i, card in enumerate(cards):
        if card not in ORDER:
            _fail(f"{name}[{i}]: {card!r} is not a card")
        if colour is not None and card[0] != colour:
            _fail(f"{name}[{i}]: {card} is not of colour {colour}")
    if ordered and list(cards) != sorted(cards, key=ORDER.__getitem__):
        _fail(f"{name}: cards must be in canonical order")


def _sub_multiset(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    return not (Counter(small) - Counter(big))


def _check_sequence(name: str, seq: Sequence, colour: str) -> None:
    n = len(seq.cards)
    if n < 2 or len(seq.blockers) != n or len(seq.unblockers) != n:
        _fail(f"{name}: a sequence has at least two cards and one blocker and unblocker "
              "entry per card")
    _check_cards(f"{name}.cards", seq.cards, colour, ordered=True)
    top = seq.cards[-1]
    if top not in BRANCH:
        _fail(f"{name}: {top} cannot end a sequence")
    branch = BRANCH[top]
    values = [VALUE[k] for k in seq.cards]
    for k in seq.cards:
        if k not in branch:
            _fail(f"{name}: {k} is not of the branch of {top} (L9, L10)")
    for v in (1, 2, 3, 4):
        if values.count(v) > 1:
            _fail(f"{name}: the value {v} appears twice")
    if not (any(values.count(v) and values.count(v + 1) for v in range(1, 5))
            or values.count(5) == 2):
        _fail(f"{name}: no two consecutive values nor two 5s, so it was never laid (L9)")
    for j, (card, blocker, unblocker) in enumerate(
            zip(seq.cards, seq.blockers, seq.unblockers, strict=True)):
        if blocker is not None:
            if blocker not in BLOCK_TARGETS or card not in BLOCK_TARGETS[blocker]:
                _fail(f"{name}.blockers[{j}]: {blocker} cannot block {card} (L12)")
            if unblocker is not None:
                _fail(f"{name}: {card} is both blocked and protected (L12, L13)")
        if unblocker is not None and INVERSE.get(card) != unblocker:
            _fail(f"{name}.unblockers[{j}]: {unblocker} cannot unblock {card} (L13)")
    if seq.closed and (not seq.complete or seq.blocked):
        _fail(f"{name}: closed but not all values 1-5 unblocked (L16)")


def validate_state(state: State) -> None:
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks every zone's cards and colours, conservation of the 75 cards, sequences with
    their blockers and unblockers, closings and the winner, whose turn it is, the phase and
    its fields, the cards waiting after an exchange, hand sizes while drawing, and the
    knowledge records (exposed cards, seen discard positions, who knows each pending card);
    also what no game reaches: a hand above seven without a steal card of its player, any
    trace of the second player in the first turn, `progress` without a sequence or in a
    drawn game, a stall count without the deadlock (L18).
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"state: expected a lustry.State, got {describe(state)}")
    options = state.options
    shapes = {"draw": 3, "discards": 6, "seen": 6, "hands": 2, "exposed": 2, "sequences": 6,
              "steals": 6}
    for field, size in shapes.items():
        if len(getattr(state, field)) != size:
            _fail(f"{field}: expected {size} entries")
    for c, pile in enumerate(state.draw):
        _check_cards(f"draw[{c}]", pile, COLOURS[c], ordered=True)
    for i, pile in enumerate(state.discards):
        _check_cards(f"discards[{i}]", pile, COLOURS[i % 3])
        if len(state.seen[i]) != len(pile):
            _fail(f"seen[{i}]: expected one mark per card of discards[{i}]")
    for p in (0, 1):
        _check_cards(f"hands[{p}]", state.hands[p], ordered=True)
        _check_cards(f"exposed[{p}]", state.exposed[p], ordered=True)
        if not _sub_multiset(state.exposed[p], state.hands[p]):
            _fail(f"exposed[{p}]: the opponent cannot know cards that are not in the hand")
        if len(state.hands[p]) > HAND_SIZE and not any(state.steals[3 * p:3 * p + 3]):
            _fail(f"hands[{p}]: more than {HAND_SIZE} cards, but only a steal the player "
                  "made fills a hand above that, and they laid no steal card (L6, L8, L15)")
    _check_cards("pending", state.pending)
    _check_cards("exchanged", state.exchanged, ordered=True)
    if len(state.pending_known) != len(state.pending):
        _fail("pending_known: expected one entry per pending card")
    for i, mask in enumerate(state.pending_known):
        if not 0 <= mask <= 3:
            _fail(f"pending_known[{i}]: expected 0 to 3, got {mask}")
    for i, count in enumerate(state.steals):
        if not 0 <= count <= 3:
            _fail(f"steals[{i}]: expected 0 to 3 laid steal cards, got {count}")
    closed_colours: Counter[int] = Counter()
    for i, seq in enumerate(state.sequences):
        if seq.cards or seq.blockers or seq.unblockers or seq.closed:
            _check_sequence(f"sequences[{i}]", seq, COLOURS[i % 3])
            if seq.closed:
                closed_colours[i % 3] += 1
    if any(n > 1 for n in closed_colours.values()):
        _fail("two closed sequences of one colour (L16)")
    for i, seq in enumerate(state.sequences):
        if not seq.closed and seq.complete and not seq.blocked \
                and not closed_colours[i % 3]:
            _fail(f"sequences[{i}]: complete and unblocked, so it would have closed (L16)")
    everything: Counter[str] = Counter()
    for zone in (*state.draw, *state.discards, *state.hands, state.pending, state.exchanged):
        everything.update(zone)
    for seq in state.sequences:
        everything.update(seq.cards)
        everything.update(k for k in (*seq.blockers, *seq.unblockers) if k is not None)
    for i, count in enumerate(state.steals):
        everything[COLOURS[i % 3] + "0"] += count
    if everything != Counter(DECK):
        extra = everything - Counter(DECK)
        missing = Counter(DECK) - everything
        _fail("the cards are not the 75 of the game (L1, L3): "
              f"extra {sorted(extra.elements())}, missing {sorted(missing.elements())}")
    _check_turn(state, options)


def _check_turn(state: State, options: Options) -> None:
    if not 0 <= state.turn <= options.turn_limit:
        _fail(f"turn: expected 0 to {options.turn_limit}, got {state.turn}")
    if state.player != (options.first_player + state.turn) % 2:
        _fail(f"player: after {state.turn} turns from player {options.first_player}, it is "
              f"player {(options.first_player + state.turn) % 2}'s turn, not {state.player!r}")
    p = state.player
    closed = [sum(1 for s in state.sequences[b:b + 3] if s.closed)
              for b in (0, 3)]
    phase = state.phase
    _check_phase_fields(state, p)
    if state.stall < 0 or (options.stall_turns is not None and state.stall > options.stall_turns):
        _fail(f"stall: expected 0 to {options.stall_turns}, got {state.stall}")
    if state.winner not in (None, 0, 1):
        _fail(f"winner: expected 0, 1 or None, got {state.winner!r}")
    if max(closed) > 2 or (max(closed) == 2) != (state.winner is not None):
        _fail("winner: a player with two closed sequences wins at once (L17)")
    if state.turn == 0:
        _check_first_turn(state, p)
    if state.progress and not any(s.cards for s in state.sequences[3 * p:3 * p + 3]):
        _fail(f"progress: player {p} has laid no sequence, so added no card to one (L18)")
    if state.stall:
        _check_stall(state, closed)
    if state.winner is not None:
        if closed[state.winner] != 2 or phase is not Phase.OVER or state.winner != p:
            _fail("winner: the winner is the player who closed a second sequence (L17)")
        return
    if phase is Phase.OVER:
        limit = options.stall_turns
        if state.turn < options.turn_limit and (limit is None or state.stall < limit):
            _fail("phase: a game without a winner ends only by the L18 draws")
        if state.progress:
            _fail("progress: a drawn game ends with a completed turn, so nothing was added "
                  "to a sequence since (L18)")
        return
    if state.turn >= options.turn_limit:
        _fail("turn: the turn limit is reached, so the game is over (L18)")
    if options.stall_turns is not None and state.stall >= options.stall_turns:
        _fail("stall: the deadlock limit is reached, so the game is over (L18)")
    hand = len(state.hands[p])
    piles = any(state.draw) or any(state.discards)
    if phase is Phase.DRAW:
        if state.progress:
            _fail("progress: nothing is played before drawing ends")
        if hand + len(state.pending) >= HAND_SIZE or not piles:
            _fail(f"phase: player {p} has finished drawing (L6)")
    # Pending cards outside drawing (L7) were refused by _check_phase_fields.


def _check_phase_fields(state: State, p: int) -> None:
    """The fields that belong to one phase are set exactly in it (L7, L14, L15)."""
    phase = state.phase
    if (state.named is not None) != (phase is Phase.DEFEND):
        _fail("named: a colour is named exactly while a steal awaits its defence (L15)")
    if state.named is not None and state.named not in COLOURS:
        _fail(f"named: {state.named!r} is not a colour")
    if phase is Phase.DEFEND and not any(state.steals[3 * p:3 * p + 3]):
        _fail(f"phase: player {p} has laid no steal card, so no steal awaits a defence (L15)")
    if state.source is not None and (phase is not Phase.DRAW or state.source not in COLOURS
                                     or not state.draw[COLOURS.index(state.source)]):
        _fail("source: a card comes off a non-empty draw pile only while drawing (L7)")
    if (state.pending or state.pending_known) and phase is not Phase.DRAW:
        _fail("pending: cards are pending only while drawing (L7)")
    if bool(state.exchanged) != (phase is Phase.EXCHANGE):
        _fail("exchanged: cards wait to go under the discard piles exactly while an exchange "
              "is completed (phase 'exchange') (L14)")
    if state.exchanged:
        _check_exchanged(state, p)


def _check_exchanged(state: State, p: int) -> None:
    """The cards waiting after an exchange are an old sequence of one branch with the cards
    beside it (blockers of other colours, unblockers), two kinds at least per colour; the
    new sequence lies there with nothing beside it (L9, L12–L14)."""
    waiting = state.exchanged
    if not state.progress:
        _fail("progress: an exchange lays a sequence, so the player added cards to one (L18)")
    if any(VALUE[k] == 0 for k in waiting):
        _fail("exchanged: a steal card is never part of a sequence (L15)")
    for colour in COLOURS:
        kinds = {k for k in waiting if k[0] == colour}
        if len(kinds) == 1:
            _fail(f"exchanged: the {colour} cards are all of one kind, so their order needs no "
                  "choice and they go under the pile at once (L14)")
    if len({k[2] for k in waiting}) > 1:
        _fail("exchanged: cards of both shapes, but a sequence is of one branch and the cards "
              "beside it have its shape (L9, L12, L13)")
    new = [c for c, seq in enumerate(state.sequences[3 * p:3 * p + 3])
           if len(seq.cards) == 2 and not seq.blocked and not seq.guarded and not seq.closed]
    for c in new:
        others = [k for k in waiting if k[0] != COLOURS[c]]
        if all(VALUE[k] >= 2 for k in others) and len({k[3] for k in others}) <= 1:
            return
    _fail(f"exchanged: player {p} has no new sequence of two cards with nothing beside it "
          "whose colour makes the other waiting cards its old blockers (value 2 or more, "
          "one fill) (L12, L14)")


def _check_first_turn(state: State, p: int) -> None:
    """During the first turn the other player has done nothing, and nobody knows a card of a
    hand (drawing from a discard pile or stealing needs cards already played) (L6, L15, L19)."""
    q = 1 - p
    if state.hands[q] or any(state.discards[3 * q:3 * q + 3]) \
            or any(s.cards for s in state.sequences[3 * q:3 * q + 3]) \
            or any(state.steals[3 * q:3 * q + 3]) \
            or any(b is not None for s in state.sequences for b in s.blockers):
        _fail(f"turn: in the first turn player {q} has no cards and has played nothing")
    if any(state.exposed) or any(state.pending_known):
        _fail("exposed: in the first turn every card was drawn from a draw pile, so nobody "
              "knows a card of another's hand (L7, L19)")


def _check_stall(state: State, closed: list[int]) -> None:
    """A turn counts towards the deadlock draw only when, at its end, each player has one
    closed sequence and all nine steal cards are laid; nothing undoes that but a win (L18)."""
    if state.stall > state.turn:
        _fail(f"stall: {state.stall} stalled turns out of {state.turn} completed")
    winner = state.winner
    need = [1, 1] if winner is None else [2 if w == winner else 1 for w in (0, 1)]
    if sum(state.steals) != STEAL_CARDS or closed != need:
        _fail("stall: turns count towards the deadlock draw only once each player has one "
              "closed sequence and all nine steal cards are laid (L18)")


_SHAPES: dict[str, int] = {"draw_sizes": 3, "discards": 6, "seen": 6, "hands": 2, "exposed": 2,
                           "sequences": 6, "steals": 6}
"""The number of entries of each indexed field of an observation."""


def validate_observation(observation: Observation) -> None:
    """Raise `InvalidStateError` naming the first problem unless `observation` is possible.

    An observation is possible when some state `validate_state` accepts shows exactly
    it to its observer. Checked first, on the observation: the observer is a player or
    ``None``; every indexed field has its number of entries (three draw piles, six
    discard piles with one `seen` mark per card, two hands, one `pending_known` entry per
    pending card); draw pile sizes are 0 to 25; every card written is a card, and a hidden
    one (``r?``) stands only in a hand, a discard pile or the pending cards; no card is
    shown more often than the 75 hold it, and the cards not shown fill exactly the hidden
    places of their colour (L1, L3). Then a *witness* state is built — each hidden place
    given a card of its colour not accounted for — and judged by `validate_state`
    (sequences and what lies beside them, closings, the turn, phase and its fields, hand
    sizes, knowledge records), and `observe` of it must give back the observation: so
    the observer's own hand and piles show in full, the opponent's unexposed cards and
    unseen discard positions do not, pending cards show exactly to who knows them (L7,
    L19). Every hidden place has a known colour and the rules check no hidden card beyond
    its colour (`resample` deals them freely within a colour), so this witness exists
    whenever any possible state does.
    """
    o = observation
    if not isinstance(o, Observation):
        refuse("observation", f"expected a lustry.Observation, got {describe(o)}")
    seat(o.player, 2)
    for field, size in _SHAPES.items():
        if len(getattr(o, field)) != size:
            refuse(f"observation.{field}", f"expected {size} entries")
    for i, (pile, marks) in enumerate(zip(o.discards, o.seen, strict=True)):
        if len(marks) != len(pile):
            refuse(f"observation.seen[{i}]", f"expected one mark per card of discards[{i}]")
    if len(o.pending_known) != len(o.pending):
        refuse("observation.pending_known", "expected one entry per pending card")
    for c, size in enumerate(o.draw_sizes):
        check_count(size, len(COLOUR_DECK[c]), f"observation.draw_sizes[{c}]")
    for i, laid in enumerate(o.steals):
        check_count(laid, 3, f"observation.steals[{i}]")
    hidden = _hidden_places(o)
    known = [k for zone in (*o.discards, *o.hands, o.pending) for k in zone
             if not k.endswith("?")]
    known += _table_cards(o)
    known += [COLOURS[i % 3] + "0" for i, laid in enumerate(o.steals) for _ in range(laid)]
    fills = {}
    for c, colour in enumerate(COLOURS):
        pool = remainder(COLOUR_DECK[c], [k for k in known if k[0] == colour], "observation",
                         f"the 25 {colour} cards")
        places = o.draw_sizes[c] + hidden[colour]
        if len(pool) != places:
            refuse("observation", f"{len(pool)} {colour} cards are not shown, but {places} lie "
                   "hidden in the draw pile, hands, discard piles and pending cards (L1, L3)")
        fills[colour] = iter(pool)
    draw = tuple(sort_cards([next(fills[colour]) for _ in range(o.draw_sizes[c])])
                 for c, colour in enumerate(COLOURS))

    def fill(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(next(fills[k[0]]) if k.endswith("?") else k for k in cards)

    hands = tuple(sort_cards(fill(hand)) for hand in o.hands)
    witness = State(options=o.options, phase=o.phase, player=o.current, turn=o.turn, draw=draw,
                    discards=tuple(fill(pile) for pile in o.discards), seen=o.seen, hands=hands,
                    exposed=o.exposed, pending=fill(o.pending), pending_known=o.pending_known,
                    source=o.source, sequences=o.sequences, steals=o.steals,
                    exchanged=o.exchanged, named=o.named, progress=o.progress, stall=o.stall,
                    winner=o.winner)
    check_witness(validate_state, observe, witness, o, player=o.player)


def _hidden_places(o: Observation) -> Counter[str]:
    """Return the number of hidden cards (``r?``) of each colour in hands, piles and pending."""
    out: Counter[str] = Counter()
    zones = [(f"discards[{i}]", pile) for i, pile in enumerate(o.discards)]
    zones += [(f"hands[{p}]", hand) for p, hand in enumerate(o.hands)]
    zones.append(("pending", o.pending))
    for name, cards in zones:
        for j, card in enumerate(cards):
            if card.endswith("?"):
                if card[:-1] not in COLOURS:
                    refuse(f"observation.{name}[{j}]", f"{card!r} is neither a card nor a "
                           "hidden card of a colour (r?, g?, b?)")
                out[card[0]] += 1
            elif card not in ORDER:
                refuse(f"observation.{name}[{j}]", f"{card!r} is not a card")
    return out


def _table_cards(o: Observation) -> list[str]:
    """Return the cards laid out or waiting after an exchange; refuse a code that is no card.

    Exposed cards are checked too (they are a part of the hands, counted there)."""
    zones = [(f"exposed[{p}]", hand) for p, hand in enumerate(o.exposed)]
    zones.append(("exchanged", o.exchanged))
    for i, seq in enumerate(o.sequences):
        zones += [(f"sequences[{i}].{field}", getattr(seq, field))
                  for field in ("cards", "blockers", "unblockers")]
    out: list[str] = []
    for name, cards in zones:
        for j, card in enumerate(cards):
            if card is not None and card not in ORDER:
                refuse(f"observation.{name}[{j}]", f"{card!r} is not a card (cards there are "
                       "public, shown in full)")
            if card is not None and not name.startswith("exposed"):
                out.append(card)
    return out
