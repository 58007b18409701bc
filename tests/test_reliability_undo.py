"""Entries, corrections, undo and redo in any order, through the real store, end in the same game as
the same final entries typed fresh; undo and redo survive a restart (hypothesis, stateful)."""
import dataclasses
import shutil
import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.rules import PRESETS, Game
from scorekeeper.storage import Store

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
TABLES = [
    (PRESETS["oh-heck"], 4),
    (dataclasses.replace(PRESETS["oh-heck"], shape="list", hand_list=(3, 1, 2), hook_min_cards=2), 3),
    (PRESETS["oh-my-heck"], 5),
    (dataclasses.replace(PRESETS["oh-pshaw"], max_hands=4, zero_bid=5, zero_bid_adds_cards=True), 3),
]


def legal_bids(data, game, index):
    hand = game.hands[index]
    bids = [data.draw(st.integers(0, hand.cards)) for _ in game.players]
    forbidden = game.forbidden_bid(index, bids)
    if forbidden is not None and bids[hand.dealer] == forbidden:
        bids[hand.dealer] = forbidden + 1 if forbidden < hand.cards else forbidden - 1
    return bids


def legal_tricks(data, game, index):
    cards, seats = game.hands[index].cards, len(game.players)
    tricks = [0] * seats
    for _ in range(cards):
        tricks[data.draw(st.integers(0, seats - 1))] += 1
    return tricks


def typed_fresh(players, rules, first_dealer, actions):
    """The game a score keeper would get by typing each hand's final entries once, in order."""
    final: dict[tuple[str, int], list[int]] = {}
    for action in actions:
        final[(action["type"], action["hand"])] = action["values"]
    game = Game(players, rules, first_dealer)
    for index in range(len(game.hands)):
        for kind, setter in (("bids", game.set_bids), ("tricks", game.set_tricks)):
            if (kind, index) in final:
                setter(index, final[(kind, index)])
    return game


class EntriesUndoRedo(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.mkdtemp(prefix="scorekeeper-undo-")
        self.url = f"sqlite:///{self.folder}/scorekeeper.db"
        self.store = Store(self.url)
        self.active: list[dict] = []  # the model: entries in force, oldest first
        self.redo_stack: list[dict] = []
        self.state = None

    @rule(table=st.sampled_from(TABLES), first_dealer=st.integers(0, 4))
    @precondition(lambda self: self.state is None)
    def start(self, table, first_dealer):
        rules, players = table
        self.players, self.rules, self.first_dealer = NAMES[:players], rules, first_dealer % players
        self.state = self.store.new_game(self.players, rules, first_dealer=self.first_dealer)

    def _record(self, action):
        self.state = self.store.record(self.state.id, action, self.state.version)
        self.active.append(action)
        self.redo_stack.clear()  # a new entry ends the redo list

    @rule(data=st.data())
    @precondition(lambda self: self.state is not None and not self.state.game.is_over)
    def enter_next(self, data):
        game = self.state.game
        index = game.current
        if game.phase == "bids":
            action = {"type": "bids", "hand": index, "values": legal_bids(data, game, index)}
        else:
            action = {"type": "tricks", "hand": index, "values": legal_tricks(data, game, index)}
        self._record(action)

    @rule(data=st.data())
    @precondition(lambda self: self.state is not None and any(h.played for h in self.state.game.hands))
    def correct_a_played_hand(self, data):
        game = self.state.game
        index = data.draw(st.sampled_from([i for i, hand in enumerate(game.hands) if hand.played]))
        if data.draw(st.booleans()):
            action = {"type": "bids", "hand": index, "values": legal_bids(data, game, index)}
        else:
            action = {"type": "tricks", "hand": index, "values": legal_tricks(data, game, index)}
        self._record(action)

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
        fresh = typed_fresh(self.players, self.rules, self.first_dealer, self.active)
        assert stored.game.hands == fresh.hands
        assert stored.game.totals() == fresh.totals()

    def teardown(self):
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


EntriesUndoRedo.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
TestEntriesUndoRedo = EntriesUndoRedo.TestCase
