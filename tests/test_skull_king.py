"""Skull King: the rule book's worked examples (Grandpa Beck's Games, 2021 edition), the bonuses, Rascal's
scoring, the deal, and refusals that change nothing."""
import copy

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import InvalidEntry, outcome, replay, skull_king as sk
from scorekeeper.rules.kinds import KINDS, new_game

CLASSIC, RASCAL = sk.PRESETS["skull-king"], sk.PRESETS["skull-king-rascal"]


def game(players=("Ann", "Bob", "Cy"), rules=CLASSIC):
    return sk.Game(list(players), rules)


def play(g, bids, tricks, bonuses=None):
    index = g.current
    g.apply({"type": "bids", "hand": index, "values": list(bids)})
    action = {"type": "tricks", "hand": index, "values": list(tricks)}
    if bonuses is not None:
        action["bonuses"] = bonuses
    g.apply(action)
    return g.hands[index].points


# ----- the rule book's examples -----

@pytest.mark.parametrize("bid, took, cards, points", [
    (3, 3, 5, 60),  # "Calvin bids 3 and then takes 3 tricks. This earns him 60 points."
    (2, 4, 5, -20),  # Angela bids 2, takes 4: 10 lost for each of 2 tricks off
    (0, 0, 7, 70),  # Kate bids zero in round 7 and takes none: 10 x 7
    (0, 2, 9, -90),  # Johnny bids zero in round 9 and takes 2: -10 x 9, however many he took
    (5, 1, 9, -40),  # the 2013 book: bid 5, won 1
    (0, 0, 4, 40),  # the 2013 book: round 4, zero made
])
def test_classic_scoring_of_the_rule_book(bid, took, cards, points):
    assert CLASSIC.score(bid, took, cards) == points


@pytest.mark.parametrize("bid, took, cards, points", [
    (0, 0, 3, 30), (1, 1, 3, 30), (2, 2, 3, 30),  # 3 cards dealt: a direct hit is worth 30 whatever the bid
    (1, 1, 4, 40),  # Harry: direct hit, all of 40
    (0, 1, 4, 20),  # Shirley: glancing blow, half
    (4, 2, 4, 0),  # Poe: complete miss, nothing (never below zero)
    (3, 3, 6, 60), (3, 2, 6, 30),  # Grapeshot (Rascal's as it is), 6 cards
])
def test_rascal_scoring_of_the_rule_book(bid, took, cards, points):
    assert RASCAL.score(bid, took, cards) == points


def test_the_mermaid_takes_the_skull_king_and_the_yellow_14():
    # "Lawrence leads with a yellow 14, Charlotte plays a Pirate. Anne plays the Skull King, Morgan plays a
    # mermaid, winning the trick! She earns +10 points for taking the yellow 14, plus 40 points for taking a
    # Skull King with the Mermaid." Anne's Skull King won nothing: no pirate bonus for her.
    g = game(("Lawrence", "Charlotte", "Anne", "Morgan"))
    points = play(g, [0, 0, 0, 1], [0, 0, 0, 1], [{}, {}, {}, {"fourteens": 1, "skull_king_by_mermaid": 1}])
    assert points == (10, 10, 10, 20 + 10 + 40)
    assert g.bonus_of(g.hands[0], 3) == 50 and g.totals() == [10, 10, 10, 70]


def test_bonuses_count_only_on_a_made_bid():
    g = game()
    play(g, [1, 0, 0], [1, 0, 0], [{"black_fourteen": 1}, {}, {}])  # hand 1: Ann made 1, black 14: 20 + 20
    assert g.totals() == [40, 10, 10]
    play(g, [1, 1, 0], [2, 0, 0])  # hand 2: Ann missed by one
    with pytest.raises(InvalidEntry, match="bonuses count only on a made bid"):
        g.apply({"type": "tricks", "hand": 1, "values": [2, 0, 0], "bonuses": [{"fourteens": 1}, {}, {}]})
    # A bid corrected after the bonus was counted so that it is missed drops the bonus: correcting it back
    # doesn't bring it back (the table enters it again with the tricks).
    g.apply({"type": "bids", "hand": 0, "values": [0, 0, 0]})  # (no hook: 0 + 0 + 0 is allowed)
    assert g.hands[0].points == (-10, 10, 10) and g.hands[0].bonuses == ({}, {}, {})
    g.apply({"type": "bids", "hand": 0, "values": [1, 0, 0]})
    assert g.hands[0].points == (20, 10, 10)
    g.apply({"type": "tricks", "hand": 0, "values": [1, 0, 0], "bonuses": [{"black_fourteen": 1}, {}, {}]})
    assert g.hands[0].points == (40, 10, 10)


def test_two_loot_alliances_in_a_hand_and_one_skull_king():
    g = game(("Ann", "Bob", "Cy", "Dee"))
    play(g, [1, 0, 0, 0], [1, 0, 0, 0])
    # Hand 2 (2 cards): Ann took Bob's Loot, Cy took Dee's: four sides of two alliances.
    points = play(g, [1, 0, 1, 0], [1, 0, 1, 0], [{"loot": 1}, {"loot": 1}, {"loot": 1}, {"loot": 1}])
    assert points == (40, 40, 40, 40)
    g.apply({"type": "bids", "hand": 2, "values": [1, 1, 1, 0]})
    with pytest.raises(InvalidEntry, match="one Skull King"):
        g.apply({"type": "tricks", "hand": 2, "values": [1, 1, 1, 0],
                 "bonuses": [{"pirates_by_skull_king": 1}, {"skull_king_by_mermaid": 1}, {}, {}]})


def test_rascal_glancing_blow_halves_the_captures_and_loses_the_loot():
    g = game(rules=RASCAL)
    play(g, [0, 0, 0], [1, 0, 0], [{"fourteens": 1}, {}, {}])  # 1 card: Ann off by one, half of 10 + half of 10
    assert g.hands[0].points == (5 + 5, 10, 10)
    play(g, [1, 1, 1], [0, 1, 1], [{"loot": 1}, {"loot": 1, "mermaids_by_pirate": 1}, {}])
    # 2 cards: Ann off by one (half of 20, her Loot lost); Bob direct hit: 20 + loot 20 + mermaid 20.
    assert g.hands[1].points == (10, 60, 20)


def test_loot_is_earned_by_a_zero_bid_made_but_captures_need_a_trick():
    g = game()
    play(g, [1, 0, 0], [1, 0, 0], [{"loot": 1}, {"loot": 1}, {}])  # Bob played the Loot, Ann took it
    assert g.hands[0].points == (20 + 20, 10 + 20, 10)
    before = copy.deepcopy(g.hands)
    with pytest.raises(InvalidEntry, match="took no trick"):
        g.apply({"type": "tricks", "hand": 0, "values": [1, 0, 0], "bonuses": [{}, {"fourteens": 1}, {}]})
    assert g.hands == before


@pytest.mark.parametrize("bonuses, message", [
    ([{"fourteens": 4}, {}, {}], "can't be; count 0 to 3"),
    ([{"fourteens": 2}, {"fourteens": 2}, {}], "the deck has only 3"),
    ([{"skull_king_by_mermaid": 1}, {"skull_king_by_mermaid": 1}, {}], "only one"),
    ([{"krakens": 1}, {}, {}], "There is no bonus"),
    ([{"fourteens": -1}, {}, {}], "can't be; count 0 to 3"),
    ([{"fourteens": "1"}, {}, {}], "must be a whole number"),
    ([{}, {}], "one set per player"),
    ({"fourteens": 1}, "one set per player"),
    ([[1], {}, {}], "named counts"),
    ([{"pirates_by_skull_king": 3}, {}, {}], "at most 2 pirates"),
])
def test_impossible_bonuses_are_refused_and_change_nothing(bonuses, message):
    g = game()
    play(g, [1, 0, 0], [1, 0, 0])
    g.apply({"type": "bids", "hand": 1, "values": [1, 1, 0]})
    before = copy.deepcopy(g.hands), g.totals()
    with pytest.raises(InvalidEntry, match=message):
        g.apply({"type": "tricks", "hand": 1, "values": [1, 1, 0], "bonuses": bonuses})
    assert (g.hands, g.totals()) == before


def test_ten_hands_of_one_to_ten_cards_and_eight_players_hold_at_eight():
    assert [hand.cards for hand in game().hands] == list(range(1, 11))
    eight = game([f"P{i}" for i in range(8)])
    assert [hand.cards for hand in eight.hands] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]  # "max hand size is 8 cards"
    g = game()
    assert all(hand.bidding_order == () and not hand.hook for hand in g.hands)  # bids at once, no hook
    assert [hand.dealer for hand in g.hands[:4]] == [0, 1, 2, 0]
    with pytest.raises(InvalidEntry, match="at least 2 players"):
        game(["Solo"])


def test_a_whole_game_its_verdict_and_statistics():
    g = game(("Ann", "Bob"))
    for index in range(10):
        cards = index + 1
        # Ann bids and takes everything, with a standard 14 each hand; Bob bids zero and makes it.
        play(g, [cards, 0], [cards, 0], [{"fourteens": 1}, {}])
    assert g.is_over
    ann = sum(20 * cards + 10 for cards in range(1, 11))  # 1100 + 100
    bob = sum(10 * cards for cards in range(1, 11))  # 550
    verdict = outcome(g)
    assert verdict.totals == (ann, bob) == (1200, 550) and verdict.winners == (0,)
    stats = g.stats()
    assert stats[0]["hands_made"] == 10 and stats[0]["bonus_points"] == 100 and stats[1]["zero_bids_made"] == 10


def test_rules_round_trip_and_the_registry():
    assert KINDS["skull-king"] is sk
    for rules in sk.PRESETS.values():
        assert sk.Rules.from_dict(rules.to_dict()) == rules and rules.is_preset
    with pytest.raises(InvalidEntry, match="scoring must be one of"):
        sk.Rules.from_dict({**CLASSIC.to_dict(), "scoring": "pirate"})
    with pytest.raises(InvalidEntry, match="must be text"):
        sk.Rules.from_dict({**CLASSIC.to_dict(), "scoring": 3})


bonus_sets = st.lists(st.dictionaries(st.sampled_from(list(sk.BONUS_BY_KEY) + ["bogus"]), st.integers(-1, 6),
                                      max_size=3), min_size=3, max_size=3)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([CLASSIC, RASCAL]), st.data())
def test_any_entry_is_refused_whole_or_replays_to_the_same_game(rules, data):
    """Totals are the sum of the hands' points, each the base score plus the bonuses that count; a refused
    entry changes nothing; a replay of the entries rebuilds the same game."""
    g = game(rules=rules)
    actions = []
    for index in range(data.draw(st.integers(1, 4))):
        cards = g.hands[index].cards
        bids = data.draw(st.lists(st.integers(0, cards), min_size=3, max_size=3))
        g.apply({"type": "bids", "hand": index, "values": bids})
        actions.append({"type": "bids", "hand": index, "values": bids})
        first = data.draw(st.integers(0, cards))
        second = data.draw(st.integers(0, cards - first))
        tricks = [first, second, cards - first - second]
        action = {"type": "tricks", "hand": index, "values": tricks, "bonuses": data.draw(bonus_sets)}
        before = copy.deepcopy(g.hands)
        try:
            g.apply(action)
        except InvalidEntry:
            assert g.hands == before
            action.pop("bonuses")
            g.apply(action)
        actions.append(action)
        hand = g.hands[index]
        for seat in range(3):
            assert hand.points[seat] == rules.score(bids[seat], tricks[seat], cards) + g.bonus_of(hand, seat)
            if not rules.bonus_counts(bids[seat], tricks[seat]):
                assert g.bonus_of(hand, seat) == 0
    assert g.totals() == [sum(hand.points[seat] for hand in g.hands if hand.played) for seat in range(3)]
    again = new_game("skull-king", g.players, rules.to_dict(), g.setup)
    for action in actions:
        again.apply(action)
    assert again.hands == g.hands

    class Record:
        kind, players, rules, setup = "skull-king", g.players, g.rules.to_dict(), g.setup
    Record.actions = actions
    assert replay(Record).totals() == g.totals()
