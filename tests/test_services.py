"""The use cases (scorekeeper/services.py): each one transaction, all or nothing, the same for every kind.

Most run in milliseconds against an in-memory store that keeps Store.change's contract (a use case
sees the game as stored; anything it raises leaves the game exactly as it was); the last ones run
against a real SQLite file."""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from scorekeeper import services
from scorekeeper.rules import ENDED_EARLY, FINISHED, PLAYING, PRESETS, InvalidEntry, replay
from scorekeeper.rules import hit_the_deck, score_pad, what_the_heck
from scorekeeper.storage import StaleGame, Store
from scorekeeper.storage.store import GameChange, finish_refusal


class MemoryStore:
    """Games in a dict: each change works on a fresh replay and is kept only when nothing was raised."""

    def __init__(self) -> None:
        self.games: dict[str, SimpleNamespace] = {}

    def new_game(self, players, rules, **setup):
        game_id = f"{len(self.games):032x}"
        self.games[game_id] = SimpleNamespace(id=game_id, kind=rules.kind, players=list(players), rules=rules.to_dict(),
                                              setup=setup, actions=[], redo=[], status=PLAYING, version=1)
        return self.state(game_id)

    def state(self, game_id):
        stored = self.games[game_id]
        return SimpleNamespace(id=game_id, version=stored.version, status=stored.status, game=replay(stored),
                               actions=list(stored.actions))

    def change(self, game_id, version, use_case, *, draft_seen=None):
        stored = self.games[game_id]
        if version != stored.version:
            raise StaleGame(game_id)
        work = GameChange(replay(stored), stored.status)
        use_case(work)
        actions = stored.actions[:len(stored.actions) - work.undone] if work.undone else list(stored.actions)
        if work.undone > len(stored.actions):
            raise InvalidEntry("Nothing to undo.")
        redo = stored.actions[len(actions):] + stored.redo
        game = replay(SimpleNamespace(**{**vars(stored), "actions": actions + work.entries}))
        if work.status == FINISHED and stored.status != FINISHED and finish_refusal(game):
            raise InvalidEntry(finish_refusal(game))
        stored.actions, stored.redo = actions + work.entries, [] if work.entries else redo
        stored.status, stored.version = work.status, stored.version + 1
        return self.state(game_id)

    def redo(self, game_id, version):
        raise NotImplementedError


def one_hand_rules():
    return dataclasses.replace(PRESETS["oh-heck"], max_hands=2, hook=False)


def hand(index, cards, bids, tricks):
    return [{"type": "bids", "hand": index, "values": bids}, {"type": "tricks", "hand": index, "values": tricks}]


@pytest.fixture
def memory():
    return MemoryStore()


def test_the_entry_that_ends_the_game_finishes_it_in_the_same_change(memory):
    state = services.start_game(memory, ["Ann", "Bob", "Cy"], one_hand_rules(), first_dealer=0)
    for index in range(2):
        cards = state.game.hands[index].cards
        for action in hand(index, cards, [cards, 0, 0], [cards, 0, 0]):
            state = services.record_entry(memory, state.id, state.version, action)
    assert state.status == FINISHED and state.game.is_over and len(state.actions) == 4


def test_a_refused_entry_changes_nothing(memory):
    state = services.start_game(memory, ["Ann", "Bob", "Cy"], one_hand_rules(), first_dealer=0)
    with pytest.raises(InvalidEntry, match="more than"):
        services.record_entry(memory, state.id, state.version, {"type": "bids", "hand": 0, "values": [99, 0, 0]})
    assert memory.state(state.id).version == state.version and memory.state(state.id).actions == []
    with pytest.raises(StaleGame):
        services.record_entry(memory, state.id, state.version - 1, {"type": "bids", "hand": 0, "values": [0, 0, 0]})


def finished_pad(store, target=10):
    rules = dataclasses.replace(score_pad.PRESETS["score-pad"], target=target)
    state = services.start_game(store, ["Ann", "Bob", "Cy"], rules)
    state = services.record_entry(store, state.id, state.version, {"type": "round", "round": 0, "points": [4, 1, 0]})
    return services.record_entry(store, state.id, state.version, {"type": "round", "round": 1, "points": [8, 0, 0]})


def test_a_correction_keeps_a_finished_game_finished_while_it_is_still_over(memory):
    state = finished_pad(memory)
    assert state.status == FINISHED
    state = services.correct(memory, state.id, state.version, [{"type": "round", "round": 0, "points": [5, 1, 0]}])
    assert state.status == FINISHED and state.game.totals() == [13, 1, 0]
    state = services.correct(memory, state.id, state.version, [{"type": "round", "round": 1, "points": [1, 0, 0]}])
    assert state.status == PLAYING and not state.game.is_over  # nobody reaches 10 now: the game goes on


def test_a_refused_correction_of_a_finished_game_leaves_it_exactly_as_it_was(memory):
    state = finished_pad(memory)
    before = memory.state(state.id)
    with pytest.raises(InvalidEntry):
        services.correct(memory, state.id, state.version, [{"type": "round", "round": 0, "points": [5, 1, 0]},
                                                           {"type": "round", "round": 1, "points": [1, 2]}])
    after = memory.state(state.id)
    assert (after.status, after.version, after.actions) == (FINISHED, before.version, before.actions)


def test_a_game_ended_early_stays_ended_when_corrected_and_undo_reopens_it_where_it_was(memory):
    state = services.start_game(memory, ["Ann", "Bob", "Cy"], one_hand_rules(), first_dealer=0)
    cards = state.game.hands[0].cards
    for action in hand(0, cards, [cards, 0, 0], [cards, 0, 0]) + [{"type": "bids", "hand": 1, "values": [0, 1, 0]}]:
        state = services.record_entry(memory, state.id, state.version, action)
    state = services.end_early(memory, state.id, state.version)
    state = services.correct(memory, state.id, state.version, [hand(0, cards, [0, 0, 0], [cards, 0, 0])[0]])
    assert state.status == ENDED_EARLY
    entries = state.actions
    state = services.undo(memory, state.id, state.version)
    assert state.status == PLAYING and state.actions == entries  # nothing undone: the bids of hand 2 stay
    assert state.game.phase == "tricks" and state.game.current == 1


def test_undo_of_a_finished_game_reopens_it_with_its_last_entry_taken_back(memory):
    state = finished_pad(memory)
    state = services.undo(memory, state.id, state.version)
    assert state.status == PLAYING and len(state.actions) == 1 and not state.game.is_over
    assert memory.games[state.id].redo == [{"type": "round", "round": 1, "points": [8, 0, 0]}]


def test_finish_and_reopen(memory):
    state = services.start_game(memory, ["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    with pytest.raises(InvalidEntry, match="No round"):
        services.finish(memory, state.id, state.version)
    state = services.record_entry(memory, state.id, state.version, {"type": "round", "round": 0, "points": [3, 1]})
    state = services.finish(memory, state.id, state.version)
    assert state.status == FINISHED
    state = services.reopen(memory, state.id, state.version)
    assert state.status == PLAYING
    with pytest.raises(InvalidEntry, match="nothing to reopen"):
        services.reopen(memory, state.id, state.version)


# ----- against a real SQLite file: every kind -----

def finished_game(store, kind):
    """A finished game of `kind`, and a correction of it that the rules refuse."""
    if kind == "bid-tricks":
        state = services.start_game(store, ["Ann", "Bob", "Cy"], one_hand_rules(), first_dealer=0)
        for index in range(2):
            cards = state.game.hands[index].cards
            for action in hand(index, cards, [cards, 0, 0], [cards, 0, 0]):
                state = services.record_entry(store, state.id, state.version, action)
        return state, [{"type": "tricks", "hand": 0, "values": [0, 0, 0]}]
    if kind == "score-pad":
        return finished_pad(store), [{"type": "round", "round": 0, "points": [1, 2]}]
    if kind == "hit-the-deck":
        rules = dataclasses.replace(hit_the_deck.PRESETS["hit-the-deck"], target=50)
        state = services.start_game(store, ["Ann", "Bob", "Cy"], rules)
        state = services.record_entry(store, state.id, state.version,
                                      {"type": "hand", "hand": 0, "out": 0, "left": [None, 20, 60]})
        return state, [{"type": "hand", "hand": 0, "out": 0, "left": [None, 20, -5]}]
    rules = what_the_heck.PRESETS["what-the-heck"]
    state = services.start_game(store, ["Ann", "Bob", "Cy"], rules)
    cards = list(rules.point_cards)
    for index, point_card in enumerate(cards):
        state = services.record_entry(store, state.id, state.version,
                                      {"type": "round", "round": index, "point_card": point_card,
                                       "played": [index + 1, index + 1, index + 1]})
    return state, [{"type": "round", "round": 0, "point_card": cards[0], "played": [99, 1, 1]}]


@pytest.mark.parametrize("kind", ["bid-tricks", "what-the-heck", "hit-the-deck", "score-pad"])
def test_a_refused_correction_of_a_finished_game_changes_nothing_stored(sqlite_url, kind):
    with Store(sqlite_url) as store:
        state, refused = finished_game(store, kind)
        assert state.status == FINISHED, kind
        before = store.load(state.id)
        with pytest.raises(InvalidEntry):
            services.correct(store, state.id, state.version, refused)
        after = store.load(state.id)
        assert (after.status, after.version, after.record.actions, after.finished_at) == (
            before.status, before.version, before.record.actions, before.finished_at)
        assert after.game.totals() == before.game.totals()


def test_the_use_cases_beside_the_entries_change_a_real_file_and_refuse_a_stale_name(tmp_path):
    """The bin, the roster and a game's own words: each through its use case, on a real SQLite file."""
    with Store(f"sqlite:///{tmp_path / 'uses.db'}") as store:
        state = services.start_game(store, ["Ann", "Bob", "Cy"], one_hand_rules(), first_dealer=0)
        services.name_game(store, state.id, "Friday", "", shown=("", ""))
        with pytest.raises(StaleGame):  # another device's words were saved since this screen drew ""
            services.name_game(store, state.id, "Saturday", "", shown=("", ""))
        assert store.load(state.id).record.title == "Friday"

        services.move_to_bin(store, state.id)
        assert [game.id for game in store.deleted_games()] == [state.id]
        services.restore_from_bin(store, state.id)
        assert store.deleted_games() == []
        services.move_to_bin(store, state.id)
        assert services.empty_bin(store) == 1
        assert store.deleted_games() == []

        dee = services.add_player(store, "  Dee ")
        assert dee.name == "Dee"
        services.rename_player(store, dee.id, "Deirdre")
        assert "Deirdre" in {player.name for player in store.roster()}
        with pytest.raises(services.REFUSALS):
            services.rename_player(store, dee.id, "Ann")  # a name the roster holds already
