"""Validation of Whales Rivals states loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import NoReturn

from boardrules.errors import InvalidStateError
from boardrules.games.whales_rivals.cards import (
    DEAL_ORDER,
    HAND_SIZE,
    MAX_WHALES,
    PACKS,
    PLAYERS,
    ROUNDS,
    TURTLE,
    WHALES_PER_COLOUR,
    Grey,
    Whale,
)
from boardrules.games.whales_rivals.rules import _can_act, player_cards
from boardrules.games.whales_rivals.state import Options, Pack, Phase, State

__all__ = ["validate_state"]

_DEAL_START = tuple(sum(i + 1 for i in range(k)) for k in range(PACKS))
"""Index in `DEAL_ORDER` of the first card dealt to each pack: 0, 1, 3."""


def _fail(problem: str) -> NoReturn:
    raise InvalidStateError(f"state: {problem}")


def _is_sorted(items: tuple[object, ...]) -> bool:
    return all(a <= b for a, b in pairwise(items))  # type: ignore[operator]


def _check_types(state: State) -> None:
    if not isinstance(state.options, Options):
        _fail("options: expected whales_rivals.Options")
    if not isinstance(state.phase, Phase):
        _fail(f"phase: expected a Phase, got {state.phase!r}")
    for name in ("round", "player", "starter", "actions_left", "dealt"):
        if type(getattr(state, name)) is not int:
            _fail(f"{name}: expected an integer")
    if type(state.opening) is not bool:
        _fail("opening: expected a boolean")
    if len(state.packs) != PACKS or not all(isinstance(p, Pack) for p in state.packs):
        _fail("packs: expected three packs")
    for i, pack in enumerate(state.packs):
        if len(pack.whales) != PLAYERS:
            _fail(f"packs[{i}].whales: expected one list per player")
        for p in range(PLAYERS):
            if not all(isinstance(w, Whale) and type(w.value) is int
                       and type(w.face_up) is bool for w in pack.whales[p]):
                _fail(f"packs[{i}].whales[{p}]: expected whales")
        if not all(isinstance(g, Grey) and type(g.value) is int and type(g.shown) is bool
                   and len(g.seen) == PLAYERS for g in pack.grey):
            _fail(f"packs[{i}].grey: expected grey cards")
    piles = [("decks", state.decks), ("hands", state.hands), ("discards", state.discards)]
    for name, pair in piles:
        if len(pair) != PLAYERS:
            _fail(f"{name}: expected one pile per player")
        for p in range(PLAYERS):
            if not all(type(v) is int for v in pair[p]) or not _is_sorted(pair[p]):
                _fail(f"{name}[{p}]: expected card values in ascending order")
    if not all(type(v) is int for v in state.grey_deck) or not _is_sorted(state.grey_deck):
        _fail("grey_deck: expected values in ascending order")
    if len(state.captured) != PLAYERS:
        _fail("captured: expected one pile per player")
    for name, pile in [("captured[0]", state.captured[0]), ("captured[1]", state.captured[1]),
                       ("unclaimed", state.unclaimed)]:
        if not all(isinstance(g, Grey) for g in pile) or not _is_sorted(pile):
            _fail(f"{name}: expected grey cards in ascending order")


def _check_cards(state: State) -> None:
    options = state.options
    for p in range(PLAYERS):
        at_packs = [w.value for pack in state.packs for w in pack.whales[p]]
        if TURTLE in at_packs:
            _fail(f"player {p} has a turtle at a pack: turtles are discarded when played (W11)")
        cards = Counter([*state.decks[p], *state.hands[p], *state.discards[p], *at_packs])
        expected = Counter(player_cards(options, p))
        if cards != expected:
            extra = sorted((cards - expected).elements())
            missing = sorted((expected - cards).elements())
            _fail(f"cards of player {p}: deck, hand, discard pile and packs hold extra {extra} "
                  f"and miss {missing} of the player's 18 whales and 3 turtles (W1)")
        if len(state.hands[p]) > HAND_SIZE:
            _fail(f"hands[{p}]: {len(state.hands[p])} cards, more than {HAND_SIZE} (W7)")
        for i, pack in enumerate(state.packs):
            if len(pack.whales[p]) > MAX_WHALES:
                _fail(f"player {p} has {len(pack.whales[p])} whales at pack {i + 1}, more than "
                      f"{MAX_WHALES} (W9)")
    greys = Counter(state.grey_deck)
    greys.update(g.value for pack in state.packs for g in pack.grey)
    greys.update(g.value for pile in state.captured for g in pile)
    greys.update(g.value for g in state.unclaimed)
    expected = Counter(options.whale_values[2])
    if greys != expected:
        extra = sorted((greys - expected).elements())
        missing = sorted((expected - greys).elements())
        _fail(f"grey cards: the grey deck, packs, captured and unclaimed piles hold extra "
              f"{extra} and miss {missing} of the 18 grey whales (W1)")


def _check_packs(state: State) -> None:
    phase = state.phase
    rnd = state.round
    dealing = phase is Phase.DEAL
    over = phase is Phase.OVER
    for i, pack in enumerate(state.packs):
        k = i + 1
        size = len(pack.grey)
        new = min(max(state.dealt - _DEAL_START[i], 0), k) if dealing else (0 if over else k)
        carried = size - new
        rounds_before = rnd - 1
        if over and size:
            _fail(f"pack {k}: the game is over, so every pack was captured or left unclaimed (W16)")
        if carried < 0 or carried % k or carried > k * rounds_before:
            _fail(f"pack {k}: {size} grey cards cannot be there in round {rnd} "
                  f"({phase.value}): slot {k} receives {k} cards a round (W4, W18)")
        for j, card in enumerate(pack.grey):
            if card.shown != (j % k == k - 1):
                _fail(f"pack {k}: grey card {j + 1} from the bottom is "
                      f"{'' if card.shown else 'not '}marked shown, but only the top card of "
                      f"each deal lies face up (W4)")
        for p in range(PLAYERS):
            seen = [card.seen[p] for card in pack.grey]
            length = seen.count(True)
            if seen != [True] * length + [False] * (size - length):
                _fail(f"pack {k}: player {p} has seen grey cards that do not lie together at "
                      "the bottom, but a look shows every card of the pack at once (W10)")
            if dealing and length > carried:
                _fail(f"pack {k}: player {p} has seen cards dealt in this deal (W10)")
            if (dealing or over) and pack.whales[p]:
                _fail(f"pack {k}: whales lie there between rounds (W17)")
    shown = sum(g.shown for pack in state.packs for g in pack.grey)
    shown += sum(g.shown for pile in (*state.captured, state.unclaimed) for g in pile)
    tops = sum(up for _, up in DEAL_ORDER)  # three cards are dealt face up each round
    if dealing:
        expected = tops * (rnd - 1) + sum(up for _, up in DEAL_ORDER[:state.dealt])
    else:
        expected = tops * rnd
    if shown != expected:
        _fail(f"{shown} grey cards are marked shown, but {expected} were dealt face up by "
              f"round {rnd} ({phase.value}): three a round (W4, W18)")
    for p in range(PLAYERS):
        if not all(g.seen[p] for g in state.captured[p]):
            _fail(f"captured[{p}]: a captured card unknown to its captor (W24)")
    if state.unclaimed and not over:
        _fail("unclaimed: cards are left unclaimed only at the end of round 3 (W16)")


def _check_turn(state: State) -> None:  # noqa: PLR0915 - one check per rule, in order
    phase = state.phase
    rnd = state.round
    p = state.player
    if not 1 <= rnd <= ROUNDS:
        _fail(f"round: expected 1 to {ROUNDS}, got {rnd} (W6)")
    if p not in (0, 1) or state.starter not in (0, 1):
        _fail("player and starter must be 0 or 1")
    if rnd == 1 and state.starter != state.options.first_player:
        _fail(f"starter: round 1 is started by first_player {state.options.first_player} (W5)")
    if phase is not Phase.DEAL and state.dealt:
        _fail("dealt: grey cards are counted only while dealing")
    per_round = len(DEAL_ORDER)
    if phase is Phase.DEAL:
        expected = WHALES_PER_COLOUR - per_round * (rnd - 1) - state.dealt
    elif phase is Phase.OVER:
        expected = 0
    else:
        expected = WHALES_PER_COLOUR - per_round * rnd
    if len(state.grey_deck) != expected:
        _fail(f"grey_deck: {len(state.grey_deck)} cards, but round {rnd} ({phase.value}) leaves "
              f"{expected} (W4, W18)")
    allowance = 1 if state.opening else 2
    if state.opening and p != state.starter:
        _fail("opening: only the round's starter plays the one-action first turn (W7)")
    hand = state.hands[p]
    if phase is Phase.DEAL:
        if not 0 <= state.dealt < per_round:
            _fail(f"dealt: expected 0 to {per_round - 1} while dealing")
        if p != state.starter or not state.opening or state.actions_left != 1:
            _fail("while dealing, the round's starter is to play the one-action opening turn")
        if rnd == 1 and (any(state.hands) or any(state.discards) or any(state.captured)):
            _fail("round 1 is being dealt, so no card has been drawn or played yet (W3)")
    elif phase is Phase.DRAW:
        if state.actions_left != allowance:
            _fail(f"actions_left: a turn starts with {allowance} action(s) (W7)")
        if len(hand) >= HAND_SIZE or not state.decks[p]:
            _fail(f"player {p} is drawing, but holds {len(hand)} cards with "
                  f"{len(state.decks[p])} in the deck (W7)")
    elif phase is Phase.ACT:
        if not 1 <= state.actions_left <= allowance:
            _fail(f"actions_left: expected 1 to {allowance} in this turn (W7)")
        if state.actions_left == allowance and len(hand) < HAND_SIZE and state.decks[p]:
            _fail(f"player {p} starts the turn with {len(hand)} cards but has not drawn (W7)")
        if not _can_act(hand, p, state.packs):
            _fail(f"player {p} is to act but has no legal action (W13)")
    elif phase is Phase.EXPLORE:
        if not 0 <= state.actions_left < allowance:
            _fail("actions_left: an Exploration follows an action of this turn (W10)")
        if not any(w.face_up for pack in state.packs for w in pack.whales[p]):
            _fail(f"player {p} explores without a face-up whale at any pack (W10)")
    elif phase is Phase.OVER and (rnd != ROUNDS or state.actions_left or state.opening
                                  or p != state.starter):
        _fail("the game ends after round 3 with no turn in progress (W6)")
    if rnd == 1 and phase is not Phase.DEAL:
        for q in range(PLAYERS):
            removed = sum(1 for v in state.discards[q] if v != TURTLE)
            turtles = state.discards[1 - q].count(TURTLE)
            if removed > turtles:
                _fail(f"discards[{q}]: {removed} whales removed in round 1 but the opponent "
                      f"played only {turtles} turtles (W11)")


def validate_state(state: State) -> None:
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks types and sorted piles, the conservation of all 60 cards (W1), hand and
    pack limits, turtles never at a pack, the pack layout (sizes and which cards lie
    face up), knowledge (looks cover the bottom of a pack; captors know their cards),
    and the turn: round, phase, player, starter, actions left and the grey deck's size.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"state: expected a whales_rivals.State, got "
                                f"{type(state).__name__}")
    _check_types(state)
    _check_turn(state)
    _check_cards(state)
    _check_packs(state)
