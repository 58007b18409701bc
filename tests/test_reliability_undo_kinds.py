"""Every other game kind (WHAT THE HECK?, HIT THE DECK, the score pad): entries, corrections of
earlier rounds, undo and redo in any order, through the real store and across restarts, end in the
same game as each round's final entry typed fresh, once, in order (hypothesis, stateful). A refused
entry changes nothing. The bid-and-tricks family has its own machine in test_reliability_undo.py."""
import dataclasses
import shutil
import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.rules import InvalidEntry
from scorekeeper.rules import hit_the_deck, score_pad, what_the_heck
from scorekeeper.rules.kinds import new_game
from scorekeeper.storage import Store

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
TABLES = [
    (what_the_heck.PRESETS["what-the-heck"], 3),
    (dataclasses.replace(what_the_heck.PRESETS["what-the-heck"], point_cards=(-2, 3, 5, 8),
                         player_cards=(1, 2, 3, 4, 5)), 4),
    (dataclasses.replace(hit_the_deck.PRESETS["hit-the-deck"], target=60), 3),
    (dataclasses.replace(hit_the_deck.PRESETS["hit-the-deck"], target=150), 4),
    *[(dataclasses.replace(rules, target=target), players)
      for rules in score_pad.PRESETS.values() for target, players in ((None, 2), (120, 3))],
]


def round_of(action) -> int:
    return action["hand"] if action["type"] == "hand" else action["round"]


def entry_for(data, game, index):
    """A plausible entry for round `index` (the next one, or a correction of one played)."""
    seats = len(game.players)
    if game.kind == what_the_heck.KIND:
        return {"type": "round", "round": index,
                "point_card": data.draw(st.sampled_from(game.available_point_cards(index))),
                "played": [data.draw(st.sampled_from(game.available_cards(seat, index))) for seat in range(seats)]}
    if game.kind == hit_the_deck.KIND:
        out = data.draw(st.integers(0, seats - 1))
        left = []
        for seat in range(seats):
            if seat == out:
                left.append(None)
            elif data.draw(st.booleans()):
                left.append(data.draw(st.integers(1, 40)))
            else:
                numbers = data.draw(st.lists(st.integers(1, 5), max_size=4))
                left.append({"numbers": numbers, "specials": data.draw(st.integers(0 if numbers else 1, 2))})
        return {"type": "hand", "hand": index, "out": out, "left": left}
    return {"type": "round", "round": index,
            "points": data.draw(st.lists(st.integers(-30, 60), min_size=seats, max_size=seats))}


def typed_fresh(record, actions):
    """The game a score keeper gets by typing each round's final entry once, in order."""
    final = {}
    for action in actions:
        final[round_of(action)] = action
    game = new_game(record.kind, list(record.players), record.rules, record.setup)
    for index in sorted(final):
        game.apply(final[index])
    return game


def rows_of(game):
    rows = getattr(game, "rounds", None)
    return list(rows if rows is not None else game.hands)


class KindsUndoRedo(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.mkdtemp(prefix="scorekeeper-undo-kinds-")
        self.url = f"sqlite:///{self.folder}/scorekeeper.db"
        self.store = Store(self.url)
        self.active: list[dict] = []  # the model: entries in force, oldest first
        self.redo_stack: list[dict] = []
        self.state = None

    @rule(table=st.sampled_from(TABLES))
    @precondition(lambda self: self.state is None)
    def start(self, table):
        rules, players = table
        self.state = self.store.new_game(NAMES[:players], rules)

    def _record(self, action):
        before = self.store.load(self.state.id)
        try:
            self.state = self.store.record(self.state.id, action, self.state.version)
        except InvalidEntry as refused:  # refused whole: nothing changed, not even the version
            assert str(refused)
            after = self.store.load(self.state.id)
            assert (after.version, after.record.actions) == (before.version, before.record.actions)
            return
        self.active.append(action)
        self.redo_stack.clear()  # a new entry ends the redo list

    @rule(data=st.data())
    @precondition(lambda self: self.state is not None and not self.state.game.is_over)
    def enter_next(self, data):
        game = self.state.game
        self._record(entry_for(data, game, len(rows_of(game))))

    @rule(data=st.data())
    @precondition(lambda self: self.state is not None and rows_of(self.state.game))
    def correct_a_played_round(self, data):
        game = self.state.game
        index = data.draw(st.integers(0, len(rows_of(game)) - 1))
        self._record(entry_for(data, game, index))

    @rule()
    @precondition(lambda self: self.state is not None and self.active)
    def undo(self):
        self.state = self.store.undo(self.state.id, self.state.version)
        self.redo_stack.append(self.active.pop())

    @rule()
    @precondition(lambda self: self.state is not None and self.redo_stack)
    def redo(self):
        self.state = self.store.redo(self.state.id, self.state.version)
        self.active.append(self.redo_stack.pop())

    @rule()
    @precondition(lambda self: self.state is not None)
    def restart(self):
        """The app is closed and opened again: undo and redo live in the database."""
        self.store.close()
        self.store = Store(self.url)
        self.state = self.store.load(self.state.id)

    @invariant()
    def stored_game_equals_the_entries_typed_fresh(self):
        if self.state is None:
            return
        stored = self.store.load(self.state.id)
        assert stored.version == self.state.version
        assert list(stored.record.actions) == self.active
        assert (stored.can_undo, stored.can_redo) == (bool(self.active), bool(self.redo_stack))
        fresh = typed_fresh(stored.record, self.active)
        assert rows_of(stored.game) == rows_of(fresh)
        assert stored.game.totals() == fresh.totals()
        assert stored.game.is_over == fresh.is_over

    def teardown(self):
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


KindsUndoRedo.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
TestKindsUndoRedo = KindsUndoRedo.TestCase
