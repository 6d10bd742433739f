"""The core: registry, errors, JSON envelope and codec, records, the chance driver."""

from __future__ import annotations

import copy
import json
import pickle
import random
import weakref
from fractions import Fraction
from typing import Any

import attrs
import pytest

import boardrules
from boardrules import (
    CHANCE,
    BoardrulesError,
    IllegalActionError,
    InvalidStateError,
    Record,
    from_json,
    replay,
    replay_states,
    to_json,
)
from boardrules.games import GAMES, kivi
from boardrules.serialization import JSONValue, structure, unstructure
from boardrules.testing import random_playout


class TestRegistry:
    """`GAMES`, `load` and `game_of`."""

    def test_load(self) -> None:
        assert boardrules.load("kivi") is kivi
        with pytest.raises(BoardrulesError, match="unknown game 'chess'"):
            boardrules.load("chess")

    def test_registry_is_read_only(self) -> None:
        with pytest.raises(TypeError):
            boardrules.GAMES["x"] = kivi  # type: ignore[index]

    def test_game_of(self) -> None:
        assert boardrules.game_of(kivi.new_game(2)) == (kivi, "state")
        assert boardrules.game_of(kivi.Forfeit()) == (kivi, "action")
        with pytest.raises(BoardrulesError, match="not a state"):
            boardrules.game_of(3)


class TestErrors:
    """Errors are typed, carry what they are about and are ValueErrors too."""

    def test_illegal_action_error(self) -> None:
        state = kivi.new_game(2)
        with pytest.raises(IllegalActionError) as err:
            kivi.apply(state, kivi.Forfeit())
        assert err.value.state is state
        assert err.value.action == kivi.Forfeit()
        assert err.value.rule == "K5"
        assert isinstance(err.value, ValueError)
        assert "(K5)" in str(err.value)


def envelope(kind: str, data: object, **changes: object) -> str:
    """Return a KIVI document of `kind` with `data`, its envelope fields changed by `changes`."""
    document = {"format": boardrules.FORMAT_VERSION, "game": "kivi",
                "rules_version": kivi.RULES_VERSION, "kind": kind, "data": data, **changes}
    return json.dumps(document)


class TestJson:
    """The envelope: format version, kinds, strictness, expected class."""

    def test_every_kind_round_trips(self) -> None:
        state, _ = random_playout(kivi, 3, rng=random.Random(5), max_actions=40)
        for obj in (state, kivi.Roll((1, 2)), kivi.observe(state, 1), kivi.Options()):
            assert from_json(to_json(obj)) == obj

    def test_expected_class(self) -> None:
        text = to_json(kivi.new_game(2))
        assert isinstance(from_json(text, kivi.State), kivi.State)
        with pytest.raises(InvalidStateError, match="expected a Options"):
            from_json(text, kivi.Options)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("not json", "not JSON"),
            ("[]", "expected an object"),
            ('{"format": 2}', "exactly the keys"),
            ('{"format": 1, "game": "kivi", "kind": "state", "data": {}}',
             "format 1 was written before documents named the rules version"),
            (envelope("state", {}, rules_version="0"),
             "written under rules version '0' of KIVI; this library plays version"),
            (envelope("state", {}, rules_version=int(kivi.RULES_VERSION)),
             f"rules version {kivi.RULES_VERSION} of KIVI"),  # a number is no version
            (envelope("spell", {}), "unknown kind"),
            (envelope("state", {}, format=True), "format"),
            (envelope("action", {"type": "Fly"}), "unknown type 'Fly'"),
            (envelope("action", {"type": []}), r"unknown type \[\]"),  # unhashable: no TypeError
            (envelope("action", {"type": {"a": 1}}), "unknown type"),
            (envelope("action", {"type": "Place"}), "missing field 'square'"),
            (envelope("action", {"type": "Place", "square": "a1"}), "expected an integer"),
        ],
    )
    def test_bad_documents(self, text: str, message: str) -> None:
        with pytest.raises(InvalidStateError, match=message):
            from_json(text)

    def test_options_errors_keep_their_type(self) -> None:
        with pytest.raises(boardrules.InvalidOptionsError, match="board"):
            from_json(envelope("options", {"board": []}))

    def test_a_record_of_other_rules_loads_but_does_not_replay(self) -> None:
        """A record says which rules it was made under; it can be read, and `replay`
        refuses it with the reason."""
        record = attrs.evolve(Record.start("kivi", 2), rules_version="0")
        loaded = from_json(to_json(record), Record)
        assert loaded == record
        with pytest.raises(InvalidStateError, match="made under rules version '0' of KIVI"):
            replay(loaded)
        data = json.loads(to_json(record))
        data["rules_version"] = kivi.RULES_VERSION
        with pytest.raises(InvalidStateError, match="differs from the record's '0'"):
            from_json(json.dumps(data))


class TestRecords:
    """Records replay exactly and refuse what does not fit."""

    def test_replay(self) -> None:
        state, actions = random_playout(kivi, 2, rng=random.Random(9))
        record = Record.start("kivi", 2).extended(actions)
        assert replay(record) == state
        assert len(list(replay_states(record))) == len(actions) + 1
        assert from_json(to_json(record)) == record

    def test_bad_action_is_named(self) -> None:
        record = Record.start("kivi", 2).extended([kivi.Roll((1, 2, 3, 4, 5, 6))])
        bad = Record(record.game, record.rules_version, 2, record.options,
                     (*record.actions, "h9"))
        with pytest.raises(InvalidStateError, match=r"actions\[1\] 'h9'"):
            replay(bad)
        illegal = Record(record.game, record.rules_version, 2, record.options,
                         (*record.actions, "forfeit"))
        with pytest.raises(InvalidStateError, match=r"actions\[1\] 'forfeit'.*third roll"):
            replay(illegal)

    def test_other_rules_version_is_refused(self) -> None:
        record = Record("kivi", "0", 2, kivi.Options(), ())
        with pytest.raises(InvalidStateError, match="rules_version"):
            replay(record)

    def test_record_document_is_checked(self) -> None:
        data = json.loads(to_json(Record.start("kivi", 2)))
        data["data"]["actions"] = "d4"
        with pytest.raises(InvalidStateError, match=r"record.actions"):
            from_json(json.dumps(data))


class TestChanceDriver:
    """`sample_chance` and `resolve_chance` work on any registered game's state."""

    def test_resolve_stops_at_a_decision(self) -> None:
        state = boardrules.resolve_chance(kivi.new_game(2), random.Random(0))
        assert kivi.to_move(state) == 0
        assert len(state.dice) == 6

    def test_sample_chance_dispatches(self) -> None:
        state = kivi.new_game(2)
        assert kivi.to_move(state) is CHANCE
        action = boardrules.sample_chance(state, random.Random(0))
        assert action in kivi.legal_actions(state)

    def test_sample_outside_chance_is_an_error(self) -> None:
        state = boardrules.resolve_chance(kivi.new_game(2), random.Random(0))
        with pytest.raises(BoardrulesError, match="not a chance node"):
            kivi.sample_chance(state, random.Random(0))


class TestPlayout:
    """`boardrules.playout` is one loop for every game, the kit's reference loop."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_plays_the_reference_loop(self, name: str) -> None:
        """Each random choice is ``legal[rng.randrange(len(legal))]``, each chance outcome
        `sample_chance`'s, exactly as `random_playout` (the kit's loop) plays them."""
        game = GAMES[name]
        options = game.Options(turn_limit=40) if name in ("lustry", "captain_bluff") else None
        for seed in range(3):
            want, actions = random_playout(game, game.MIN_PLAYERS, options, random.Random(seed))
            start = game.new_game(game.MIN_PLAYERS, options)
            assert boardrules.playout(game, start, random.Random(seed)) == want
            cut = boardrules.playout(game, start, random.Random(seed), len(actions) // 2)
            assert cut == random_playout(game, game.MIN_PLAYERS, options, random.Random(seed),
                                         max_actions=len(actions) // 2)[0]

    def test_no_game_defines_its_own_playout(self) -> None:
        """One implementation of the rules: no game keeps a second, fused transition path."""
        for name in GAMES:
            assert not hasattr(GAMES[name], "playout"), name

    def test_max_steps(self) -> None:
        start = kivi.new_game(2)
        assert boardrules.playout(kivi, start, random.Random(0), 0) == start
        for bad in (-1, 1.5, True, "3"):
            with pytest.raises(ValueError, match="max_steps"):
                boardrules.playout(kivi, start, random.Random(0), bad)  # type: ignore[arg-type]

    def test_the_end_draws_nothing(self) -> None:
        end = boardrules.playout(kivi, kivi.new_game(2), random.Random(0))
        rng = random.Random(5)
        before = rng.getstate()
        assert boardrules.playout(kivi, end, rng) == end
        assert rng.getstate() == before


@attrs.frozen
class Leaf:
    value: int


@attrs.frozen
class _Plain:
    a: int
    b: tuple[int, ...]
    c: str


@attrs.frozen
class _WithDefault:
    a: int = 0


@attrs.frozen
class Other:
    name: str


@attrs.frozen
class Tree:
    maybe: Leaf | None
    either: Leaf | Other | None
    pair: tuple[int, str]
    bag: frozenset[int]
    odds: Fraction


class TestCodec:
    """The generic codec: optional classes, tagged unions, sets, fractions, fixed tuples."""

    def test_shapes(self) -> None:
        for tree in (Tree(Leaf(1), Other("x"), (2, "y"), frozenset({3, 1}), Fraction(1, 3)),
                     Tree(None, None, (0, ""), frozenset(), Fraction(1))):
            data = unstructure(tree)
            assert json.loads(json.dumps(data)) == data
            assert structure(data, Tree) == tree
        data = unstructure(Tree(Leaf(1), Leaf(2), (2, "y"), frozenset({3, 1}), Fraction(1, 3)))
        assert data == {"maybe": {"value": 1}, "either": {"type": "Leaf", "value": 2},
                        "pair": [2, "y"], "bag": [1, 3], "odds": "1/3"}
        assert isinstance(data, dict)
        cases: list[tuple[JSONValue, str]] = [({**data, "pair": [1]}, "array of 2"),
                             ({**data, "bag": [1, 1]}, "repeated"),
                             ({**data, "odds": "x"}, "not a fraction"),
                             ({**data, "maybe": 3}, "expected an object")]
        for bad, message in cases:
            with pytest.raises(InvalidStateError, match=message):
                structure(bad, Tree)


def test_slot_builder_builds_the_same_object_and_refuses_fields_it_would_skip() -> None:
    from boardrules._build import slot_builder

    built = slot_builder(_Plain)(1, (2,), "x")
    want = _Plain(1, (2,), "x")
    assert type(built) is _Plain and built == want and hash(built) == hash(want)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 2  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del built.a
    assert weakref.ref(built)() is built and copy.deepcopy(built) == built
    leaf = slot_builder(Leaf)(3)
    assert type(leaf) is Leaf and pickle.loads(pickle.dumps(leaf)) == Leaf(3)
    assert [type(slot_builder(Leaf)(v)) for v in range(3)] == [Leaf] * 3

    @attrs.frozen
    class WithValidator:
        a: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(slots=False)
    class NoSlots:
        a: int

    for cls in (_WithDefault, WithValidator, NoSlots, int):
        with pytest.raises(TypeError):
            slot_builder(cls)


def test_successor_builder_is_evolve() -> None:
    """A successor is what `attrs.evolve` returns: the named fields changed, the others the
    predecessor's; a name that is no field is refused; the class is checked as for
    `slot_builder`."""
    from boardrules._build import successor_builder

    old = _Plain(1, (2,), "x")
    following = successor_builder(_Plain)
    for changes in ({}, {"a": 5}, {"b": (), "c": "y"}, {"a": 0, "b": (1,), "c": ""}):
        new = following(old, **changes)
        assert type(new) is _Plain and new == attrs.evolve(old, **changes)
        assert hash(new) == hash(attrs.evolve(old, **changes))
    assert following(old, c="y").b is old.b
    with pytest.raises(TypeError):
        following(old, d=1)
    with pytest.raises(TypeError):
        following(old, 2)  # the changes are named
    with pytest.raises(TypeError):
        successor_builder(_WithDefault)


def test_changer_is_evolve_of_its_fields() -> None:
    """A changer is `attrs.evolve` of a fixed set of fields, each required and named; names
    that are no fields, repeated or none are refused, and the class is checked as for
    `slot_builder`."""
    from boardrules._build import changer

    old = _Plain(1, (2,), "x")
    for changes in ({"a": 5}, {"c": "y", "a": 0}, {"a": 0, "b": (), "c": ""}):
        new = changer(_Plain, *changes)(old, **changes)
        want = attrs.evolve(old, **changes)
        assert type(new) is _Plain and new == want and hash(new) == hash(want)
    change_a = changer(_Plain, "a")
    assert change_a(old, a=7).b is old.b
    for bad_call in ({}, {"a": 7, "b": ()}):  # every changed field, and no other
        with pytest.raises(TypeError):
            change_a(old, **bad_call)
    with pytest.raises(TypeError):
        change_a(old, 7)  # by name only
    for bad in ((), ("d",), ("a", "a")):
        with pytest.raises(TypeError):
            changer(_Plain, *bad)
    with pytest.raises(TypeError):
        changer(_WithDefault, "a")


def test_step_of_subclass_finds_the_parent_kind_and_refuses_strangers() -> None:
    from boardrules._build import step_of_subclass

    @attrs.frozen
    class Move:
        to: int

    class Jump(Move):
        pass

    assert step_of_subclass({int: "number", Move: "move"}, Jump(3)) == "move"
    with pytest.raises(TypeError, match="not an action"):
        step_of_subclass({Move: "move"}, "e4")


class TestExactActionFields:
    """No action holds a value of another type that compares equal (``1.0 == 1 == True``):
    such an action would pass for a legal one and put a float into the state."""

    @staticmethod
    def examples() -> list[tuple[str, Any]]:
        """One action of every kind that random play reaches in every game."""
        found: dict[type, tuple[str, Any]] = {}
        for name, game in sorted(GAMES.items()):
            rng = random.Random(3)
            for _ in range(4):
                state = game.new_game(game.MIN_PLAYERS)
                for _ in range(400):
                    if game.is_terminal(state):
                        break
                    legal = game.legal_actions(state)
                    for action in legal:
                        found.setdefault(type(action), (name, action))
                    state = game.apply(state, rng.choice(legal))
        return list(found.values())

    def test_mistyped_twins_cannot_be_built(self) -> None:
        checked = 0
        for _game, action in self.examples():
            for field in attrs.fields(type(action)):
                value = getattr(action, field.name)
                twins: list[object] = []
                if type(value) is int:
                    twins += [float(value), str(value)] + ([bool(value)] if value in (0, 1) else [])
                elif type(value) is bool:
                    twins += [int(value)]
                elif type(value) is str:
                    twins += [value.encode()]
                elif type(value) is tuple and value and type(value[0]) is int:
                    twins += [tuple(float(v) for v in value)]  # a list converts: allowed
                for twin in twins:
                    with pytest.raises(InvalidStateError, match=field.name):
                        attrs.evolve(action, **{field.name: twin})
                    checked += 1
        assert checked > 40

    def test_junk_cannot_be_built(self) -> None:
        """Values of no sensible type are refused with `InvalidStateError` too, also by the
        converters (sorted dice, enum members), not with a TypeError or a plain ValueError."""
        junk: list[object] = [None, object(), 1.5, "nope", (1, "a"), ["x"]]
        checked = 0
        for _game, action in self.examples():
            for field in attrs.fields(type(action)):
                value = getattr(action, field.name)
                for bad in junk:
                    if type(bad) is type(value):
                        continue
                    with pytest.raises(InvalidStateError):
                        attrs.evolve(action, **{field.name: bad})
                    checked += 1
        assert checked > 100

    def test_every_action_class_is_covered(self) -> None:
        """Every action class of every game has the check (a class without it, or a field
        type the check does not know, fails here), with annotations as strings or types."""
        from boardrules._fields import _plan

        for game in GAMES.values():
            for cls in game.ACTION_TYPES:
                assert getattr(cls, "__attrs_post_init__", None) is not None, cls
                _plan(cls)
                attrs.resolve_types(cls)  # as the JSON codec does: annotations become types
                _plan(cls)

    def test_a_bad_action_is_refused_by_apply_not_crashed_on(self) -> None:
        class Unprintable:
            def __str__(self) -> str:
                raise RuntimeError("no text")

        for game in GAMES.values():
            state = game.new_game(game.MIN_PLAYERS)
            for bad in ("5>2", None, 3, Unprintable()):
                with pytest.raises(IllegalActionError):
                    game.apply(state, bad)
