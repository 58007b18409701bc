"""Who is at the table changes mid-game (issue 14, items 1-3): a player joins late with a starting
score the table chooses, seated where they sit; a player leaves keeping their points; a player sits
out one hand. The deal, the bidding order, the dealer's hook and the tricks total follow the players
actually in the hand. Worked examples computed by hand, refusals that change nothing, hypothesis
properties, storage (SQLite and PostgreSQL) with undo, and the JSON round trip."""
from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.exchange import export_games, import_file
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.oh_heck import Game
from scorekeeper.rules.roster import starting_players, starting_score
from scorekeeper.rules.skull_king import Game as SkullKingGame, PRESETS as SKULL_KING_PRESETS
from scorekeeper.storage import Store

NAMES = ["Ann", "Bob", "Cy", "Dee"]
OH_HECK = dataclasses.replace(PRESETS["oh-heck"], random_first_dealer=False)  # 8 down to 1 and back; hook


def first_hand_played() -> Game:
    # Hand 1 (8 cards, Ann deals): bids 2,2,2,1 (Ann's 2 leaves the hook's 1 free), tricks 2,2,2,2.
    # Oh Heck: made = 10 + 2 per trick bid; missed = -5 per trick off. Ann, Bob, Cy +14; Dee -5.
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2, 1]})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    assert game.totals() == [14, 14, 14, -5]
    return game


def dealt(game: Game, index: int) -> tuple[str, list[str], list[str]]:
    """(the dealer, the bidding order, who is out) of a hand, by name."""
    hand = game.hands[index]
    return (game.players[hand.dealer], [game.players[seat] for seat in hand.bidding_order],
            sorted(game.players[seat] for seat in hand.absent))


def state_of(game: Game) -> dict:
    """Everything the game holds but its cache of where play stands."""
    return copy.deepcopy({key: value for key, value in game.__dict__.items() if key != "_unplayed"})


def test_join_late_with_the_lowest_total_seated_after_the_chosen_player():
    game = first_hand_played()
    game.apply({"type": "join", "hand": 1, "name": "Eve", "after": 1, "start": "lowest"})
    # Eve takes seat 5 but sits between Bob and Cy; she starts from Dee's -5, the lowest total.
    assert game.players == ["Ann", "Bob", "Cy", "Dee", "Eve"] and game.totals() == [14, 14, 14, -5, -5]
    assert dealt(game, 0) == ("Ann", ["Bob", "Cy", "Dee", "Ann"], ["Eve"])  # hand 1 as it was played
    assert dealt(game, 1) == ("Bob", ["Eve", "Cy", "Dee", "Ann", "Bob"], [])  # the deal passes on to Bob
    assert dealt(game, 2) == ("Eve", ["Cy", "Dee", "Ann", "Bob", "Eve"], [])  # then to Eve, where she sits
    assert game.hands[0].bids == (2, 2, 2, 1, None) and game.hands[0].points == (14, 14, 14, -5, 0)
    # Hand 2 (7 cards): Eve bids 2 and makes it: -5 + 14 = 9.
    game.apply({"type": "bids", "hand": 1, "values": [1, 1, 1, 1, 2]})
    game.apply({"type": "tricks", "hand": 1, "values": [1, 1, 1, 2, 2]})
    assert game.totals() == [26, 26, 26, -10, 9]
    assert game.roster_lines() == ["Hand 2: Eve joined, starting from −5 (the lowest total)"]
    assert game.describe({"type": "join", "hand": 1, "name": "Eve"}) == "Eve joining at hand 2"
    assert game.stats()[4]["hands_played"] == 1  # hand 1 was not hers


@pytest.mark.parametrize("start, points", [("zero", 0), ("average", 9), (-12, -12), (40, 40)])
def test_join_with_zero_the_average_or_a_number(start, points):
    game = first_hand_played()  # totals 14, 14, 14, -5: average 37 / 4 = 9.25, so 9
    game.apply({"type": "join", "hand": 1, "name": "Eve", "after": 3, "start": start})
    assert game.totals()[4] == points and game.running_totals()[-1][4] == points
    assert dealt(game, 1)[1] == ["Cy", "Dee", "Eve", "Ann", "Bob"]  # after Dee: last before Ann


def test_starting_score_averages_to_the_nearest_point_halves_up():
    assert starting_score("average", [1, 2]) == 2 and starting_score("average", [-1, -2]) == -1
    assert starting_score("average", [10, 10, 11]) == 10 and starting_score("lowest", [3, -7, 5]) == -7
    assert starting_score("zero", [50]) == 0 and starting_score(25, [1]) == 25


@pytest.mark.parametrize("entry, said", [
    ({"name": "bob", "after": 0}, "already in this game"),
    ({"name": "Eve", "after": 9}, "sits after one of the 4 players"),
    ({"name": "Eve", "after": 0, "start": "best"}, "starts from 0, the lowest, the highest or the average"),
    ({"name": "Eve", "after": 0, "start": 10 ** 6}, "at most 100,000 points"),
    ({"name": "Eve", "after": 0, "hand": 2}, "joins at the hand about to be played, hand 2"),
    ({"name": "Eve", "after": 0, "hand": 0}, "hand 1 is entered already"),
    ({"name": "", "after": 0}, "needs a name"),
])
def test_join_refused_changes_nothing(entry, said):
    game = first_hand_played()
    before = state_of(game)
    with pytest.raises(InvalidEntry, match=f"(?i){said}"):
        game.apply({"type": "join", "hand": 1, **entry})
    assert state_of(game) == before


def test_join_past_the_most_players_or_with_points_before_any_hand_is_refused():
    full = Game(["A", "B", "C", "D", "E", "F", "G", "H"], OH_HECK)
    with pytest.raises(InvalidEntry, match="at most 8 players"):
        full.apply({"type": "join", "hand": 0, "name": "Ivy", "after": 0})
    game = Game(NAMES, OH_HECK)
    with pytest.raises(InvalidEntry, match="Nobody has played yet"):
        game.apply({"type": "join", "hand": 0, "name": "Eve", "after": 0, "start": 5})
    game.apply({"type": "join", "hand": 0, "name": "Eve", "after": 0, "start": "lowest"})  # 0: allowed
    assert dealt(game, 0) == ("Ann", ["Eve", "Bob", "Cy", "Dee", "Ann"], [])


def test_leave_keeps_the_points_and_the_deal_skips_the_seat():
    game = first_hand_played()
    game.apply({"type": "leave", "hand": 1, "seat": 2})  # Cy goes home after hand 1 with his 14
    assert dealt(game, 1) == ("Bob", ["Dee", "Ann", "Bob"], ["Cy"])
    assert dealt(game, 2) == ("Dee", ["Ann", "Bob", "Dee"], ["Cy"])  # Cy's deal is skipped
    assert dealt(game, 3) == ("Ann", ["Bob", "Dee", "Ann"], ["Cy"])
    # Hand 2 (7 cards, 3 players): bids 3, 2, 1 - Bob deals, bids last; the hook forbids 7 - 4 = 3 for him.
    assert game.forbidden_bid(1, [3, None, None, 2]) == 2  # Ann 3 + Dee 2: Bob may not bid 2
    game.apply({"type": "bids", "hand": 1, "values": [3, 1, None, 2]})
    game.apply({"type": "tricks", "hand": 1, "values": [3, 2, None, 2]})
    assert game.totals() == [14 + 16, 14 - 5, 14, -5 + 14]
    assert [standing.name for standing in game.standings()][:2] == ["Ann", "Cy"]  # he still places
    assert game.roster_lines() == ["Hand 2: Cy left, keeping their points"]
    assert game.absence(1, 2) == "left after hand 1"


def test_sit_out_one_hand_the_hook_binds_the_last_bidder_in_the_hand():
    game = first_hand_played()
    game.apply({"type": "sit_out", "hand": 1, "seat": 1})  # Bob, whose deal it would be, sits out hand 2
    assert dealt(game, 1) == ("Cy", ["Dee", "Ann", "Cy"], ["Bob"])  # so Cy deals and bids last
    assert dealt(game, 2) == ("Dee", ["Ann", "Bob", "Cy", "Dee"], [])  # Bob is back for hand 3
    # Hand 2, 7 cards: Dee 3, Ann 2, so Cy may not bid 2 (3 + 2 + 2 = 7 tricks).
    with pytest.raises(InvalidEntry, match="Cy deals and may not bid 2"):
        game.apply({"type": "bids", "hand": 1, "values": [2, None, 2, 3]})
    with pytest.raises(InvalidEntry, match="Bob is not in hand 2 \\(sits out\\): leave their bid empty"):
        game.apply({"type": "bids", "hand": 1, "values": [2, 0, 1, 3]})
    with pytest.raises(InvalidEntry, match="Cy plays hand 2: enter a bid for Cy"):
        game.apply({"type": "bids", "hand": 1, "values": [2, None, None, 3]})
    game.apply({"type": "bids", "hand": 1, "values": [2, None, 1, 3]})
    with pytest.raises(InvalidEntry, match="add up to 6, but hand 2 had 7 tricks"):
        game.apply({"type": "tricks", "hand": 1, "values": [2, None, 1, 3]})
    game.apply({"type": "tricks", "hand": 1, "values": [2, None, 2, 3]})
    assert game.totals() == [14 + 14, 14, 14 - 5, -5 + 16]
    assert [row["hands_played"] for row in game.stats()] == [2, 1, 2, 2]  # a sat-out hand is not played
    assert game.bid_records()[1].hands == 1
    assert game.roster_lines() == ["Hand 2: Bob sat out"]


def test_leave_or_sit_out_below_the_fewest_players_or_twice_is_refused():
    game = first_hand_played()
    game.apply({"type": "leave", "hand": 1, "seat": 3})
    for entry in ({"type": "leave", "hand": 1, "seat": 0}, {"type": "sit_out", "hand": 2, "seat": 0}):
        with pytest.raises(InvalidEntry, match="needs at least 3 players in a hand"):
            game.apply(entry)
    with pytest.raises(InvalidEntry, match="Dee is not in hand 2 \\(left after hand 1\\)"):
        game.apply({"type": "sit_out", "hand": 1, "seat": 3})
    with pytest.raises(InvalidEntry, match="Hand 1 is entered already"):
        game.apply({"type": "sit_out", "hand": 0, "seat": 0})


def test_the_hands_to_come_follow_the_players_in_each():
    # Oh Heck with 7 players deals at most 7 cards (52 // 7): a hand of 8 is capped.
    seven = Game(["A", "B", "C", "D", "E", "F", "G"], OH_HECK)
    assert seven.hands[0].cards == 7
    game = first_hand_played()
    for name in ("Eve", "Fay", "Gil"):
        game.apply({"type": "join", "hand": 1, "name": name, "after": 0})
    assert [hand.cards for hand in game.hands[1:4]] == [7, 6, 5]  # 7 players: nothing over 7
    game.apply({"type": "hands", "from": 1, "sizes": [7, 7, 3]})  # the table changes the hands: same deal
    assert dealt(game, 1)[0] == "Gil" and dealt(game, 2)[0] == "Fay"  # each sat down right after Ann
    with pytest.raises(InvalidEntry, match="deals 1 to 7 cards each"):
        game.apply({"type": "hands", "from": 1, "sizes": [8]})


def test_skull_king_sit_out():
    game = SkullKingGame(NAMES, SKULL_KING_PRESETS["skull-king"], first_dealer=0)
    game.apply({"type": "sit_out", "hand": 0, "seat": 3})
    game.apply({"type": "bids", "hand": 0, "values": [1, 0, 0, None]})
    game.apply({"type": "tricks", "hand": 0, "values": [1, 0, 0, None], "bonuses": [{}, {}, {}, {}]})
    assert game.totals()[3] == 0 and game.hands[0].absent == {3}
    with pytest.raises(InvalidEntry, match="not in hand 1, so captured no card"):
        game.apply({"type": "tricks", "hand": 0, "values": [1, 0, 0, None],
                    "bonuses": [{}, {}, {}, {"fourteens": 1}]})


def test_a_stored_game_replays_from_the_players_it_started_with():
    entries = [{"type": "join", "hand": 0, "name": "Eve", "after": 0}, {"type": "bids", "hand": 0, "values": []}]
    assert starting_players(["Ann", "Bob", "Cy", "Eve"], entries) == ["Ann", "Bob", "Cy"]
    assert starting_players(["Ann", "Bob", "Cy"], entries[1:]) == ["Ann", "Bob", "Cy"]


# ----- properties -----

@st.composite
def evenings(draw):
    """A game of 3 to 6 players played to the end with random arrivals, departures and sit-outs."""
    count = draw(st.integers(3, 6))
    rules = dataclasses.replace(OH_HECK, hook=draw(st.booleans()), peak=draw(st.integers(1, 6)))
    game = Game([f"P{seat}" for seat in range(count)], rules, first_dealer=draw(st.integers(0, count - 1)))
    joined = 0
    while game.current is not None:
        index = game.current
        change = draw(st.sampled_from(["none", "none", "join", "leave", "sit_out", "adjust"]))
        seated = [seat for seat in range(len(game.players)) if seat not in game.hands[index].absent]
        try:
            if change == "join":
                game.apply({"type": "join", "hand": index, "name": f"Late {joined}", "after": draw(
                    st.sampled_from(seated)), "start": draw(st.sampled_from(["zero", "lowest", "average", 7]))})
                joined += 1
            elif change in ("leave", "sit_out"):
                game.apply({"type": change, "hand": index, "seat": draw(st.sampled_from(seated))})
            elif change == "adjust" and index > 0:
                game.apply({"type": "adjust", "at": index - 1, "seat": draw(st.sampled_from(seated)),
                            "points": draw(st.integers(-20, 20).filter(bool))})
        except InvalidEntry:
            pass  # too few or too many players: refused, nothing changed
        hand = game.hands[index]
        playing = [seat for seat in range(len(game.players)) if seat not in hand.absent]
        bids = [None] * len(game.players)
        for seat in playing:
            bids[seat] = draw(st.integers(0, hand.cards))
        forbidden = game.forbidden_bid(index, bids)
        if forbidden is not None and bids[hand.dealer] == forbidden:
            bids[hand.dealer] = (forbidden + 1) % (hand.cards + 1)
        game.apply({"type": "bids", "hand": index, "values": bids})
        tricks = [None] * len(game.players)
        left = hand.cards
        for seat in playing[:-1]:
            tricks[seat] = draw(st.integers(0, left))
            left -= tricks[seat]
        tricks[playing[-1]] = left
        game.apply({"type": "tricks", "hand": index, "values": tricks})
    return game


@settings(max_examples=60, deadline=None)
@given(evenings())
def test_totals_are_the_hand_points_adjustments_and_starts(game):
    expected = [0] * len(game.players)
    for hand in game.hands:
        for seat, points in enumerate(hand.points):
            expected[seat] += points
    for adjustment in game.adjustments:
        expected[adjustment.seat] += adjustment.points
    for seat, (_, _, start) in game.joins.items():
        expected[seat] += start
    assert game.totals() == expected


@settings(max_examples=60, deadline=None)
@given(evenings())
def test_the_dealer_is_never_absent_and_the_hook_binds_the_last_bidder_in_the_hand(game):
    for index, hand in enumerate(game.hands):
        in_hand = [seat for seat in game.order if seat not in hand.absent]
        assert hand.dealer in in_hand and len(in_hand) >= game.rules.min_players
        assert sorted(hand.bidding_order) == sorted(in_hand) and hand.bidding_order[-1] == hand.dealer
        assert all(hand.bids[seat] is None and hand.points[seat] == 0 for seat in hand.absent)
        assert sum(hand.tricks[seat] for seat in in_hand) == hand.cards
        if hand.hook:
            others = sum(hand.bids[seat] for seat in in_hand if seat != hand.dealer)
            assert others + hand.bids[hand.dealer] != hand.cards or hand.cards - others > hand.cards
        if index:  # the deal passes to the next player in the hand, along the table
            before = game.order.index(game.hands[index - 1].dealer)
            after = game.order[before + 1:] + game.order[:before + 1]
            assert hand.dealer == next(seat for seat in after if seat in in_hand)


# ----- storage and files -----

def evening_entries() -> list[dict]:
    return [
        {"type": "bids", "hand": 0, "values": [2, 2, 2, 1]}, {"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]},
        {"type": "join", "hand": 1, "name": "Eve", "after": 1, "start": "lowest"},
        {"type": "sit_out", "hand": 1, "seat": 2},
        {"type": "bids", "hand": 1, "values": [1, 1, None, 1, 2]},
        {"type": "tricks", "hand": 1, "values": [1, 1, None, 3, 2]},
        {"type": "leave", "hand": 2, "seat": 0},
    ]


def test_storage_seats_a_late_arrival_and_undo_unseats_them(store):
    state = store.new_game(NAMES, OH_HECK, first_dealer=0)
    for entry in evening_entries():
        state = store.record(state.id, entry, state.version)
    assert state.game.players == ["Ann", "Bob", "Cy", "Dee", "Eve"] and state.record.players == tuple(NAMES)
    assert state.game.totals() == [26, 26, 14, -15, 9]
    again = store.load(state.id)  # read back from the database: the same game
    assert again.game.totals() == state.game.totals() and again.game.roster_lines() == state.game.roster_lines()
    assert [summary.players for summary in store.unfinished_games()] == [["Ann", "Bob", "Cy", "Dee", "Eve"]]
    assert "Eve" in [player.name for player in store.roster()]
    for _ in range(4):  # the leave, the hand 2 entries and the sit-out
        state = store.undo(state.id, state.version)
    assert state.undo_text == "Undo Eve joining at hand 2"
    state = store.undo(state.id, state.version)
    assert store.load(state.id).game.players == NAMES and store.unfinished_games()[0].players == NAMES
    state = store.redo(state.id, state.version)
    assert store.load(state.id).game.players == [*NAMES, "Eve"]


def test_json_round_trip_and_the_changes_in_computed(store, tmp_path):
    state = store.new_game(NAMES, OH_HECK, first_dealer=0)
    for entry in evening_entries():
        state = store.record(state.id, entry, state.version)
    text = export_games(store, "json", [state.id])
    document = json.loads(text)
    assert document["version"] == 3
    game = document["games"][0]
    assert game["players"] == NAMES and game["computed"]["hands"][1]["out"] == ["Cy"]
    assert game["computed"]["table"] == [
        {"hand": 2, "player": "Eve", "change": "joined", "start": -5},
        {"hand": 2, "player": "Cy", "change": "sat out"},
        {"hand": 3, "player": "Ann", "change": "left"}]
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, text, name="evening.json")
    loaded = other.load(state.id)
    assert loaded.game.players == [*NAMES, "Eve"] and loaded.game.totals() == [26, 26, 14, -15, 9]
    assert [summary.players for summary in other.unfinished_games()] == [[*NAMES, "Eve"]]
    # A doctored start is caught: "computed" is checked against the entries.
    game["computed"]["table"][0]["start"] = 50
    fresh = Store(f"sqlite:///{tmp_path / 'fresh.db'}")
    with pytest.raises(Exception, match="start"):
        import_file(fresh, json.dumps(document).encode(), name="doctored.json")
    other.close()
    fresh.close()


# ----- the screens' view models -----

def test_the_seats_form_says_who_plays_and_records_the_changes():
    from scorekeeper.ui.viewmodels.seats import SeatsForm

    game = first_hand_played()
    form = SeatsForm(game)
    assert [(line.name, line.status) for line in form.lines()] == [
        ("Ann", "plays hand 2"), ("Bob", "plays hand 2"), ("Cy", "plays hand 2"), ("Dee", "plays hand 2")]
    # The engine's figures for each start: lowest -5, average 9 (37 / 4).
    assert [choice[:2] for choice in form.start_choices()] == [
        ("zero", "0"), ("lowest", "the lowest total (−5)"), ("average", "the average total (+9)"), ("number", "a number")]
    assert form.start_choices()[2][2] == "starts from the average total (+9)"  # said whole (issue 38)
    with pytest.raises(InvalidEntry, match="Type the new player's name"):
        form.join()
    form.name, form.start, form.points_text = "Eve", "number", "x"
    with pytest.raises(InvalidEntry, match="Type the points"):
        form.join()
    form.points_text, form.after = "20", 1
    assert form.join_preview() == "Eve joins at hand 2, sitting after Bob, starting from +20"
    game.apply(form.join())
    game.apply(SeatsForm(game).sit_out(2))
    after = SeatsForm(game)
    assert [(line.name, line.status, line.playing) for line in after.lines()][2:4] == [
        ("Eve", "plays hand 2", True), ("Cy", "sits out hand 2", False)]
    game.apply({"type": "bids", "hand": 1, "values": [1, 1, None, 1, 2]})
    waiting = SeatsForm(game)  # hand 2's bids are in: changes are for hand 3, and nobody can join yet
    assert waiting.number == 3 and not waiting.can_join
    assert waiting.join_wait() == "Someone new can join from hand 3, once hand 2 is played (or undo its entries to seat them now)."
    game.apply(waiting.leave(0))
    assert SeatsForm(game).lines()[0].status == "left after hand 2" and SeatsForm(game).neighbours() == [1, 4, 2, 3]


def test_the_score_card_shows_who_was_not_in_a_hand():
    from scorekeeper.ui.viewmodels.hand_entry import HandEntry
    from scorekeeper.ui.viewmodels.score_card import ScoreCard

    game = first_hand_played()
    game.apply({"type": "join", "hand": 1, "name": "Eve", "after": 1, "start": "lowest"})
    game.apply({"type": "sit_out", "hand": 1, "seat": 2})
    entry = HandEntry(game, 1)
    assert [row.name for row in entry.bid_rows()] == ["Eve", "Dee", "Ann", "Bob"]  # no row for Cy
    for seat, bid in ((4, 1), (3, 1), (0, 1), (1, 2)):
        assert entry.tap_bid(seat, bid) is None
    assert entry.bids_action() == {"type": "bids", "hand": 1, "values": [1, 2, None, 1, 1]}
    game.apply(entry.bids_action())
    game.apply({"type": "tricks", "hand": 1, "values": [1, 4, None, 1, 1]})
    game.apply({"type": "leave", "hand": 2, "seat": 3})
    rows = ScoreCard(game).rows()
    eve_1, cy_2, dee_3 = rows[0].cells[4], rows[1].cells[2], rows[2].cells[3]
    assert (eve_1.top, eve_1.total, eve_1.label) == ("start", "−5", "Hand 1, Eve: joins at hand 2, starting from −5")
    assert (cy_2.top, cy_2.total, cy_2.label) == ("sat out", "14", "Hand 2, Cy: sat out, total 14")
    assert (dee_3.top, dee_3.total) == ("left", "") and dee_3.away  # hand 3 is not played yet
    made = {row.name: row.detail for row in ScoreCard(game).standings()}
    assert made["Cy"] == "1 of 1 made" and made["Eve"] == "1 of 1 made" and made["Ann"] == "2 of 2 made"


def test_the_exact_bidder_counts_the_bids_of_the_hands_they_played():
    game = first_hand_played()  # Ann, Bob, Cy made hand 1; Dee missed
    game.apply({"type": "sit_out", "hand": 1, "seat": 0})
    game.apply({"type": "bids", "hand": 1, "values": [None, 1, 1, 1]})
    game.apply({"type": "tricks", "hand": 1, "values": [None, 2, 2, 3]})  # all three missed
    game.apply({"type": "bids", "hand": 2, "values": [1, 1, 1, 1]})
    game.apply({"type": "tricks", "hand": 2, "values": [1, 2, 2, 1]})  # Ann and Dee made it
    award = next(award for award in game.kind_awards() if award.key == "exact-bidder")
    assert award.seats == (0,) and award.detail == "made 2 of 2 bids"  # Ann sat hand 2 out: not "of 3"


# ----- the scoring changed mid-game (issue 14, item 7) -----

def test_change_scoring_rescores_every_hand_and_the_entries_stay():
    game = first_hand_played()  # hand 1: Ann, Bob, Cy bid 2 and made it (+14); Dee bid 1, took 2 (-5)
    # A made bid worth 20 + 2 per trick: 24 for the three; Dee's miss is still 5 per trick off.
    assert game.rescored({"made_base": 20}) == ([14, 14, 14, -5], [24, 24, 24, -5],
                                                "After hand 1: a bid made 20 (was 10); every hand rescored")
    assert game.totals() == [14, 14, 14, -5] and game.rules.made_base == 10  # a preview changes nothing
    game.apply({"type": "rules", "changes": {"made_base": 20, "missed_per_trick_off": 10}})
    assert game.totals() == [24, 24, 24, -10]
    assert game.rules.display_name == "Oh Heck (house rules)" and game.rules_at_start == OH_HECK
    assert game.rule_change_lines() == [
        "After hand 1: a bid made 20 (was 10); lost per trick off 10 (was 5); every hand rescored"]
    assert game.describe({"type": "rules"}) == "change of the scoring"
    # The next hands score by the new rules: Bob deals hand 2 (7 cards), Ann bids 1 and makes it: 22.
    game.apply({"type": "bids", "hand": 1, "values": [1, 1, 1, 1]})
    game.apply({"type": "tricks", "hand": 1, "values": [1, 1, 1, 4]})
    assert game.totals() == [46, 46, 46, -40]


@pytest.mark.parametrize("changes, said", [
    ({"deck_size": 40}, "Only the scoring can change mid-game"),
    ({"made_base": 10}, "These are the rules already"),
    ({}, "Say which scoring rules change"),
    ({"made_base": "ten"}, "whole number"),
])
def test_change_scoring_refused_changes_nothing(changes, said):
    game = first_hand_played()
    before = state_of(game)
    with pytest.raises(InvalidEntry, match=said):
        game.apply({"type": "rules", "changes": changes})
    assert state_of(game) == before


def test_change_scoring_stored_undone_and_exported_with_the_rules_it_started_with(store, tmp_path):
    preset = PRESETS["oh-heck"]  # the preset itself: "Oh Heck" until its scoring changes
    state = store.new_game(NAMES, preset, first_dealer=0)
    for entry in evening_entries()[:2] + [{"type": "rules", "changes": {"zero_bid": 5}}]:
        state = store.record(state.id, entry, state.version)
    assert state.undo_text == "Undo change of the scoring"
    assert store.unfinished_games()[0].game_name == "Oh Heck (house rules)"
    document = json.loads(export_games(store, "json", [state.id]))
    assert document["games"][0]["rules"]["zero_bid"] is None  # as the game started: the change is an entry
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, json.dumps(document).encode(), name="rescored.json")
    assert other.load(state.id).game.rules.zero_bid == 5
    other.close()
    state = store.undo(state.id, state.version)
    assert state.game.rules == preset and store.unfinished_games()[0].game_name == "Oh Heck"


def test_the_scoring_form_shows_the_totals_before_and_after():
    from scorekeeper.ui.viewmodels.scoring import ScoringForm

    game = first_hand_played()
    form = ScoringForm(game)
    assert [option.name for option in form.options] == [
        "made_base", "made_per_trick", "zero_bid", "zero_bid_adds_cards", "missed_per_trick_off",
        "missed_per_trick_taken", "winner_bonus"]
    assert form.preview() == [] and form.value_text("zero_bid") == ""  # nothing changed yet
    form.texts["made_per_trick"] = "5"  # three made bids of 2: 10 + 10 = 20 each
    assert [(line.name, line.now, line.then, line.change) for line in form.preview()] == [
        ("Ann", "14", "20", "+6"), ("Bob", "14", "20", "+6"), ("Cy", "14", "20", "+6"), ("Dee", "−5", "−5", "0")]
    assert form.action() == {"type": "rules", "changes": {"made_per_trick": 5}}
    form.texts["winner_bonus"] = "lots"
    assert form.preview() == [] and form.problem == "Winner's bonus: type a whole number"


# ----- the kinds played in rounds: the score pad and HIT THE DECK (WHAT THE HECK? can't) -----

def test_score_pad_join_with_the_average_and_sit_out_a_round():
    from scorekeeper.rules import score_pad
    from scorekeeper.ui.viewmodels.pad_entry import PadEntry

    game = score_pad.Game(["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"])
    game.apply({"type": "round", "round": 0, "points": [10, 5, 0]})
    # Dee joins at round 2 from the average, (10 + 5 + 0) / 3 = 5; Bob sits round 2 out.
    game.apply({"type": "join", "round": 1, "name": "Dee", "start": "average"})
    game.apply({"type": "sit_out", "round": 1, "seat": 1})
    assert game.totals() == [10, 5, 0, 5] and game.describe({"type": "sit_out", "round": 1, "seat": 1}) == \
        "Bob sitting out round 2"
    entry = PadEntry(game, 1)
    assert entry.playing == {0, 2, 3}
    entry.points = [1, 0, 3, 4]
    assert entry.action() == {"type": "round", "round": 1, "points": [1, None, 3, 4]}
    with pytest.raises(InvalidEntry, match="Bob is not in round 2 \\(sits out\\): leave their points empty"):
        game.apply({"type": "round", "round": 1, "points": [1, 0, 3, 4]})
    game.apply(entry.action())
    assert game.totals() == [11, 5, 3, 9] and game.rounds[0].points == (10, 5, 0, 0)
    # Round 2's best is Dee's 4 among those who played it, not Bob's empty 0; a round sat out isn't played.
    assert [(row["rounds_played"], row["rounds_best"]) for row in game.stats()] == [(2, 1), (1, 0), (2, 0), (1, 1)]
    assert game.roster_lines() == ["Round 2: Dee joined, starting from +5 (the average total)", "Round 2: Bob sat out"]


def test_hit_the_deck_leave_and_join_from_the_highest_total_where_the_lowest_wins():
    from scorekeeper.rules import hit_the_deck
    from scorekeeper.ui.viewmodels.deck_entry import DeckEntry

    game = hit_the_deck.Game(["Ann", "Bob", "Cy"], hit_the_deck.PRESETS["hit-the-deck"])
    game.apply({"type": "hand", "hand": 0, "out": 0, "left": [None, 10, 20]})
    game.apply({"type": "join", "hand": 1, "name": "Dee", "start": "highest"})  # the last place's 20
    game.apply({"type": "leave", "hand": 1, "seat": 2})
    entry = DeckEntry(game, 1)
    assert [choice.shown for choice in entry.out_choices()] == ["Ann", "Bob", "Dee"]  # Cy has gone
    with pytest.raises(InvalidEntry, match="Cy is not in hand 2 \\(left after hand 1\\): mark the player who went out"):
        game.apply({"type": "hand", "hand": 1, "out": 2, "left": [5, 6, None, 7]})
    game.apply({"type": "hand", "hand": 1, "out": 1, "left": [5, None, None, 7]})
    assert game.totals() == [5, 10, 20, 27]
    assert [row["hands_played"] for row in game.stats()] == [2, 2, 1, 1]
    assert game.hands[1].entry(2) is None and game.hands[0].entry(3) is None  # nothing entered for them


def test_what_the_heck_players_cant_change_mid_game():
    from scorekeeper.rules import what_the_heck

    game = what_the_heck.Game(["Ann", "Bob", "Cy"], what_the_heck.PRESETS["what-the-heck"])
    with pytest.raises(InvalidEntry, match="every player holds the same cards"):
        game.apply({"type": "sit_out", "round": 0, "seat": 1})


def test_a_score_pad_with_a_late_arrival_is_stored_undone_and_round_trips_in_json(store, tmp_path):
    from scorekeeper.rules import score_pad

    state = store.new_game(["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"])
    for entry in ({"type": "round", "round": 0, "points": [10, 5, 0]},
                  {"type": "join", "round": 1, "name": "Dee", "start": 3},
                  {"type": "round", "round": 1, "points": [1, 2, 3, 4]}):
        state = store.record(state.id, entry, state.version)
    assert store.load(state.id).game.totals() == [11, 7, 3, 7]
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, export_games(store, "json", [state.id]), name="pad.json")
    assert other.load(state.id).game.totals() == [11, 7, 3, 7] and other.load(state.id).game.players[3] == "Dee"
    other.close()
    state = store.undo(state.id, state.version)
    state = store.undo(state.id, state.version)
    assert store.load(state.id).game.players == ["Ann", "Bob", "Cy"]


def test_a_sit_out_for_a_hand_the_table_no_longer_plays_goes_with_it():
    game = first_hand_played()
    game.apply({"type": "sit_out", "hand": 3, "seat": 2})  # Cy will sit out hand 4...
    game.apply({"type": "hands", "from": 1, "sizes": [7, 6]})  # ...but the table stops after hand 3
    assert game.sat_out == {} and game.roster_lines() == []


def test_a_score_pad_target_changes_mid_game_and_may_not_end_it_before_rounds_recorded():
    from scorekeeper.rules import score_pad
    from scorekeeper.ui.viewmodels.scoring import ScoringForm

    game = score_pad.Game(["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"])  # no target
    for points in ([40, 10, 0], [30, 20, 5], [50, 0, 0]):  # Ann 70 after round 2, 120 after round 3
        game.apply({"type": "round", "round": len(game.rounds), "points": points})
    with pytest.raises(InvalidEntry, match="With this target Ann reaches 50 in round 2, which ends the game, but "
                                           "1 later round is recorded"):
        game.apply({"type": "rules", "changes": {"target": 50}})
    assert game.rules.target is None and game.rule_changes == []
    form = ScoringForm(game)
    assert [option.name for option in form.options] == ["target"] and not form.rescores
    form.texts["target"] = "150"
    assert [(line.now, line.then) for line in form.preview()][0] == ("120", "120")  # the points stay
    assert form.said == "After round 3: the target 150 (was none)"
    game.apply(form.action())
    assert not game.is_over and game.rules.display_name == "Score pad (house rules)"
    game.apply({"type": "rules", "changes": {"target": 120}})  # Ann's 120 reaches it: the game is over
    assert game.is_over and game.describe({"type": "rules"}) == "change of the scoring"


def test_what_the_heck_and_skull_king_scoring_cant_change_mid_game():
    from scorekeeper.rules import what_the_heck

    for game in (what_the_heck.Game(["Ann", "Bob", "Cy"], what_the_heck.PRESETS["what-the-heck"]),
                 SkullKingGame(NAMES, SKULL_KING_PRESETS["skull-king"])):
        with pytest.raises(InvalidEntry, match="scoring can't change mid-game"):
            game.apply({"type": "rules", "changes": {"made_base": 1}})


def test_the_pdf_says_how_the_scoring_changed_and_a_hand_with_a_sit_out_is_corrected(store):
    import io as _io

    import pypdf

    from scorekeeper.ui.viewmodels.hand_entry import HandEntry

    state = store.new_game(NAMES, OH_HECK, first_dealer=0)
    for entry in evening_entries()[:6] + [{"type": "rules", "changes": {"made_base": 20}}]:
        state = store.record(state.id, entry, state.version)
    # Made: 20 + 2 per trick bid; missed: -5 per trick off. Hand 1: Ann, Bob, Cy 24, Dee -5. Hand 2 (Cy sat
    # it out): Ann and Bob bid 1 and made it, 22; Dee bid 1, took 3: -10; Eve from -5 bid 2 and made it: 24.
    assert state.game.totals() == [46, 46, 24, -15, 19]
    pdf = pypdf.PdfReader(_io.BytesIO(export_games(store, "pdf", [state.id])))
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "After hand 2: a bid made 20 (was 10); every hand rescored" in text
    # Hand 2 corrected from the score card: Ann bid 2 and took 2, Dee took 2 (not 3); Cy still has no row.
    correcting = HandEntry.from_stored(state.game, 1)
    assert [row.name for row in correcting.bid_rows()] == ["Eve", "Dee", "Ann", "Bob"]
    assert correcting.tap_bid(0, 2) is None
    correcting.tap_tricks(0, 2)
    correcting.tap_tricks(3, 2)
    assert correcting.problem() is None
    actions = correcting.correction_actions()
    assert [action["values"] for action in actions] == [[2, 1, None, 1, 2], [2, 1, None, 2, 2]]
    for action in actions:
        state = store.record(state.id, action, state.version)
    # Hand 2 now: Ann 2 of 2: 24; Bob 22; Dee bid 1, took 2: -5; Eve 24.
    assert state.game.totals() == [48, 46, 24, -10, 19]
