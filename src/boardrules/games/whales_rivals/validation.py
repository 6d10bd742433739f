"""Validation of Whales Rivals states and observations loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import NoReturn

from boardrules._observations import check_count, check_witness, refuse, remainder, seat
from boardrules._owners import describe
from boardrules.errors import InvalidStateError
from boardrules.games.whales_rivals.cards import (
    DEAL_ORDER,
    HAND_SIZE,
    MAX_WHALES,
    PACKS,
    PLAYERS,
    ROUNDS,
    TURTLE,
    TURTLES,
    WHALES_PER_COLOUR,
    Grey,
    Whale,
    grey_key,
)
from boardrules.games.whales_rivals.observe import GreyView, Observation, observe
from boardrules.games.whales_rivals.rules import _can_act, player_cards
from boardrules.games.whales_rivals.state import NO_REVEAL, Options, Pack, Phase, State

__all__ = ["validate_observation", "validate_state"]

_IN_TURN = (Phase.DRAW, Phase.ACT, Phase.EXPLORE)
"""The phases of a player's turn."""
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
    # Before the opening turn's Exploration (if any), nobody has looked at this round's cards.
    opening = state.opening and phase in _IN_TURN
    in_piles = []  # the deals of each slot that have left the pack (captured or unclaimed)
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
        in_piles.append((rnd if over else rounds_before) - carried // k)
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
            if k == 1 and length:
                _fail(f"pack 1: player {p} has seen a card there, but slot 1 only ever holds "
                      "face-up cards, so nobody looks at it (W4, W10, W18)")
            if length % k:
                _fail(f"pack {k}: player {p} has seen {length} cards, but a look shows the "
                      f"whole pack, which holds whole deals of {k} cards (W10, W18)")
            if dealing and length > carried:
                _fail(f"pack {k}: player {p} has seen cards dealt in this deal (W10)")
            if opening and length > carried:
                _fail(f"pack {k}: player {p} has seen cards dealt this round, but the round's "
                      "opening turn has not explored yet (W7, W10)")
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
    _check_piles(state, in_piles)


def _check_piles(state: State, in_piles: list[int]) -> None:
    """Check that the captured and unclaimed piles are made of whole packs (W15, W16).

    A pack leaves its slot k whole: m deals of k cards, each one face up and k - 1 face
    down (W4, W18; a tie only delays this, W16). So the piles must be split among the
    deals that left each slot, `in_piles[k - 1]`, with each pile's shown cards the number
    of its deals and its face-down cards (k - 1) for each deal from slot k. The piles
    are sorted, so which deal a card came from is unknown: try every split (at most
    3 deals a slot, so a few hundred splits).
    """
    piles = [state.captured[0], state.captured[1], state.unclaimed]
    counts = [(sum(g.shown for g in pile), sum(not g.shown for g in pile)) for pile in piles]
    if not _splits_fit(counts, in_piles, 0, [(0, 0)] * len(piles)):
        names = ("captured[0]", "captured[1]", "unclaimed")
        described = ", ".join(f"{name} {up} face up and {down} face down"
                              for name, (up, down) in zip(names, counts, strict=True))
        _fail(f"grey piles: {described} are not whole packs (k cards a deal at slot k, one "
              f"face up each) out of the deals that left slots 1-3, {in_piles} (W4, W15, W16)")


def _splits_fit(counts: list[tuple[int, int]], in_piles: list[int], slot: int,
                sums: list[tuple[int, int]]) -> bool:
    """Return whether the deals of slots `slot`+1.. can be split to reach `counts`."""
    if slot == len(in_piles):
        return sums == counts
    deals = in_piles[slot]
    for first in range(deals + 1):
        for second in range(deals - first + 1):
            split = (first, second, deals - first - second)
            new = [(up + n, down + n * slot) for (up, down), n in zip(sums, split, strict=True)]
            fits = all(up <= u and down <= d
                       for (up, down), (u, d) in zip(new, counts, strict=True))
            if fits and _splits_fit(counts, in_piles, slot + 1, new):
                return True
    return False


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


def _check_history(state: State) -> None:
    """Check what the turns played so far must have left in the hands and at the packs.

    A turn starts by drawing up to five cards (W7) and each action spent plays a card
    from the hand (W9, W11; ending the round ends the turn too), so the player to act
    holds five cards minus the actions spent, or fewer only with an empty deck. Hands
    change only in their owner's turn: a player out of turn with cards in the deck kept
    at least three. Only round 1's non-starter has not drawn before the opening turn.
    """
    phase = state.phase
    p = state.player
    in_turn = phase in _IN_TURN
    if state.opening and in_turn:
        played = [(q, w) for pack in state.packs for q in range(PLAYERS) for w in pack.whales[q]]
        if phase is Phase.EXPLORE:
            if len(played) != 1 or played[0][0] != p or not played[0][1].face_up:
                _fail("the opening turn's one action was a face-up whale, so it is the only "
                      "whale at the packs during its Exploration (W7, W10)")
        elif played:
            _fail("no action of the round has been taken before its opening turn, so no whale "
                  "lies at a pack (W7, W17)")
        if state.round == 1:
            q = 1 - state.starter
            if state.hands[q] or state.decks[q] != player_cards(state.options, q):
                _fail(f"player {q} has not had a turn before round 1's opening turn, so holds "
                      "no card and a full deck (W3, W7)")
            if any(state.discards) or any(state.captured):
                _fail("nothing is discarded or captured before round 1's opening turn (W3)")
    not_drawn = state.round == 1 and (phase is Phase.DEAL or state.opening)
    for q in range(PLAYERS):
        hand, deck = state.hands[q], state.decks[q]
        if in_turn and q == p:
            if phase is Phase.DRAW:
                continue
            used = (1 if state.opening else 2) - state.actions_left
            full = HAND_SIZE - used
            if len(hand) > full or (deck and len(hand) != full):
                _fail(f"player {q} holds {len(hand)} cards with {len(deck)} in the deck after "
                      f"{used} action(s) this turn: the draw filled the hand to {HAND_SIZE} "
                      "(unless the deck ran out) and each action played a card (W7, W9)")
        elif deck and len(hand) < HAND_SIZE - 2 and not not_drawn:
            _fail(f"player {q} holds {len(hand)} cards with {len(deck)} in the deck, but their "
                  f"last turn drew up to {HAND_SIZE} and played at most 2 (W7)")


def validate_state(state: State) -> None:
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks types and sorted piles, the conservation of all 60 cards (W1), hand and
    pack limits, turtles never at a pack, the pack layout (sizes and which cards lie
    face up), knowledge (looks cover the bottom of a pack; captors know their cards),
    and the turn: round, phase, player, starter, actions left and the grey deck's size;
    the piles of grey cards are whole packs; and the hands and packs fit the turns
    played (draws fill a hand to five, each action plays a card, the opening turn).
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"state: expected a whales_rivals.State, got "
                                f"{describe(state)}")
    _check_types(state)
    _check_turn(state)
    _check_cards(state)
    _check_packs(state)
    _check_history(state)
    _check_revealed(state)


def _check_revealed(state: State) -> None:
    """The whales revealed at the last end of a round (W15): at most three of the player's
    whales per pack, since gone to their discard pile (W17); none before the first end."""
    revealed = state.revealed
    if not (type(revealed) is tuple and len(revealed) == PACKS and all(
            type(pair) is tuple and len(pair) == PLAYERS and all(
                type(values) is tuple and len(values) <= MAX_WHALES
                and all(type(v) is int for v in values) for values in pair)
            for pair in revealed)):
        _fail(f"revealed: expected {PACKS} packs of {PLAYERS} tuples of at most {MAX_WHALES} "
              "whale values")
    for p in range(PLAYERS):
        shown = Counter(v for pair in revealed for v in pair[p])
        if TURTLE in shown:
            _fail(f"revealed: player {p} has a turtle at a pack (W11)")
        if shown - Counter(state.discards[p]):
            _fail(f"revealed: player {p}'s revealed whales are not all in their discard pile "
                  "(W17)")
    if state.round == 1 and state.phase is not Phase.OVER and revealed != NO_REVEAL:
        _fail("revealed: no round has ended yet, so no whales are revealed")


def validate_observation(observation: Observation) -> None:
    """Raise `InvalidStateError` naming the first problem unless `observation` is possible.

    An observation is possible when some state `validate_state` accepts shows exactly
    it to its observer. Checked first, on the observation: the observer is a player or
    ``None``; hand, deck and grey deck sizes are in range and the observer's own hand
    and deck have their sizes; no card is shown more often than the 60 cards hold it.
    Then a *witness* state is built — every hidden card filled in from those not
    accounted for — and judged by `validate_state` (conservation, pack layout, knowledge,
    the turn and its history), and `observe` of it must give back the observation: so
    the observer's own whales show their values, an opponent's face-down whales and the
    grey cards the observer has not seen do not, piles are in the order `observe` writes.

    The hidden cards go where they make a possible state if any can be made: a
    face-down whale is a whale (never a turtle, W11), and a hidden hand takes the
    turtles first, so that a player to act has a legal action (W13) whenever some
    deal of the unknown cards gives one. Nothing else the rules check depends on which
    hidden card lies where.
    """
    o = observation
    if not isinstance(o, Observation):
        refuse("observation", f"expected a whales_rivals.Observation, got {describe(o)}")
    seat(o.player, PLAYERS)
    per_player = WHALES_PER_COLOUR + TURTLES
    for p in range(PLAYERS):
        check_count(o.hand_sizes[p], per_player, f"observation.hand_sizes[{p}]")
        check_count(o.deck_sizes[p], per_player, f"observation.deck_sizes[{p}]")
    check_count(o.grey_deck_size, WHALES_PER_COLOUR, "observation.grey_deck_size")
    if o.player is not None:
        if len(o.hand) != o.hand_sizes[o.player]:
            refuse("observation.hand", f"{len(o.hand)} cards, but hand_sizes[{o.player}] is "
                   f"{o.hand_sizes[o.player]}")
        if len(o.deck) != o.deck_sizes[o.player]:
            refuse("observation.deck", f"{len(o.deck)} cards, but deck_sizes[{o.player}] is "
                   f"{o.deck_sizes[o.player]}")
    hands, decks, whales = _fill_player_cards(o)
    greys = [g for pack in o.packs for g in pack.grey]
    piles = [*o.captured, o.unclaimed]
    hidden = remainder(o.options.whale_values[2],
                       [g.value for g in (*greys, *(g for pile in piles for g in pile))
                        if g.value is not None],
                       "observation", "the 18 grey whales")
    unknown = sum(g.value is None for g in greys) + sum(g.value is None for pile in piles
                                                        for g in pile)
    if len(hidden) != unknown + o.grey_deck_size:
        refuse("observation", f"{len(hidden)} grey cards are not shown, but {unknown} unknown "
               f"ones lie in packs and piles and {o.grey_deck_size} in the grey deck (W1)")
    fill = iter(hidden)

    def card(view: GreyView) -> Grey:
        value = next(fill) if view.value is None else view.value
        return Grey(value, view.shown, view.seen)

    packs = [Pack(tuple(card(g) for g in view.grey), (whales[0][i], whales[1][i]))
             for i, view in enumerate(o.packs)]
    captured = [tuple(sorted((card(g) for g in pile), key=grey_key)) for pile in piles]
    witness = State(
        options=o.options, round=o.round, phase=o.phase, player=o.to_act, starter=o.starter,
        opening=o.opening, actions_left=o.actions_left, dealt=o.dealt,
        decks=(decks[0], decks[1]), hands=(hands[0], hands[1]), discards=o.discards,
        grey_deck=tuple(fill), packs=(packs[0], packs[1], packs[2]),
        captured=(captured[0], captured[1]), unclaimed=captured[2], revealed=o.revealed)
    check_witness(validate_state, observe, witness, o, player=o.player)


def _fill_player_cards(
    o: Observation,
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[list[tuple[Whale, ...]]]]:
    """Return hands, decks and whales at the packs, hidden cards filled (W11, W13 first)."""
    hands, decks, whales = [], [], []
    for q in range(PLAYERS):
        views = [w for pack in o.packs for w in pack.whales[q]]
        known = [*o.discards[q], *(w.value for w in views if w.value is not None)]
        if q == o.player:
            known += [*o.hand, *o.deck]
        pool = remainder(player_cards(o.options, q), known, "observation",
                         f"player {q}'s 18 whales and 3 turtles")
        down = sum(w.value is None for w in views)
        unseen = down + (0 if q == o.player else o.hand_sizes[q] + o.deck_sizes[q])
        if len(pool) != unseen:
            refuse("observation", f"{len(pool)} of player {q}'s cards are not shown, but "
                   f"{unseen} lie hidden in hand, deck and face down at the packs (W1)")
        # Whales (the largest cards) face down; turtles (0, the smallest) to the hand first.
        face_down = iter(pool[len(pool) - down:])
        rest = pool[:len(pool) - down]
        whales.append([tuple(Whale(next(face_down) if w.value is None else w.value, w.face_up)
                             for w in pack.whales[q]) for pack in o.packs])
        if q == o.player:
            hands.append(o.hand)
            decks.append(o.deck)
        else:
            hands.append(tuple(rest[:o.hand_sizes[q]]))
            decks.append(tuple(rest[o.hand_sizes[q]:]))
    return hands, decks, whales
