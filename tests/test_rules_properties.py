"""Invariants of the bid-and-tricks engine over random rules, tables and games (hypothesis)."""
import copy
import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Game, InvalidEntry, Rules

NAMES = [f"Player {i}" for i in range(16)]


@st.composite
def tables(draw):
    """A preset, maybe with house rules, and a player count it allows."""
    rules = draw(st.sampled_from(list(PRESETS.values())))
    changes = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "hook": st.booleans(),
                "hook_min_cards": st.integers(1, 4),
                "shape": st.sampled_from(["down-up", "up-down", "down", "up"]),
                "peak": st.integers(1, 10),
                "zero_bid": st.one_of(st.none(), st.integers(0, 20)),
                "zero_bid_adds_cards": st.booleans(),
                "missed_per_trick_taken": st.integers(0, 2),
                "winner_bonus": st.integers(0, 20),
                "max_hands": st.one_of(st.none(), st.integers(1, 20)),
            },
        )
    )
    rules = dataclasses.replace(rules, **changes)
    players = draw(st.integers(rules.min_players, min(rules.max_players, 9)))
    first_dealer = draw(st.integers(0, players - 1))
    return rules, players, first_dealer


def random_split(draw, total, parts):
    """`parts` non-negative whole numbers adding up to `total`."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


def legal_bids(draw, game, index):
    hand = game.hands[index]
    bids = [draw(st.integers(0, hand.cards)) for _ in game.players]
    forbidden = game.forbidden_bid(index, bids)
    if forbidden is not None and bids[hand.dealer] == forbidden:
        bids[hand.dealer] = forbidden + 1 if forbidden < hand.cards else forbidden - 1
    return bids


@st.composite
def played_games(draw):
    rules, players, first_dealer = draw(tables())
    game = Game(NAMES[:players], rules, first_dealer)
    hands_to_play = draw(st.integers(0, len(game.hands)))
    for index in range(hands_to_play):
        game.set_bids(index, legal_bids(draw, game, index))
        game.set_tricks(index, random_split(draw, game.hands[index].cards, players))
    return game


@settings(max_examples=200, deadline=None)
@given(tables())
def test_sequences_fit_the_deck_and_every_seat_deals_in_turn(table):
    rules, players, first_dealer = table
    game = Game(NAMES[:players], rules, first_dealer)
    sizes = rules.hand_sizes(players)
    assert sizes and all(1 <= cards <= rules.max_cards(players) for cards in sizes)
    assert rules.max_hands is None or len(sizes) <= rules.max_hands
    for index, hand in enumerate(game.hands):
        assert hand.dealer == (first_dealer + index) % players
        assert hand.leader == (hand.dealer + 1) % players
        if not rules.bids_at_once:
            assert sorted(hand.bidding_order) == list(range(players)) and hand.bidding_order[-1] == hand.dealer
        # A turn-up needs a card left over.
        assert hand.no_trump == (not rules.trump_turn_up or players * hand.cards == rules.deck_cards(players))


@settings(max_examples=200, deadline=None)
@given(played_games())
def test_totals_are_the_sum_of_the_hand_scores(game):
    expected = [0] * len(game.players)
    for hand in game.hands:
        if hand.played:
            for seat in range(len(game.players)):
                points = game.rules.score(hand.bids[seat], hand.tricks[seat], hand.cards)
                assert hand.points[seat] == points
                expected[seat] += points
    assert game.totals() == expected
    curve = game.running_totals()
    assert (curve[-1] if curve else [0] * len(game.players)) == expected
    bonus = game.final_scores()
    assert sum(bonus) - sum(expected) == game.rules.winner_bonus * len(game.winners())


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_hook_never_lets_the_bids_total_the_cards(data):
    rules = dataclasses.replace(PRESETS["oh-heck"], hook_min_cards=data.draw(st.integers(1, 3)))
    players = data.draw(st.integers(3, 8))
    game = Game(NAMES[:players], rules)
    hand = game.hands[0]
    bids = [data.draw(st.integers(0, hand.cards)) for _ in range(players)]
    try:
        game.set_bids(0, bids)
    except InvalidEntry:
        assert sum(bids) == hand.cards and hand.hook
        assert game.hands[0].bids is None
    else:
        assert sum(bids) != hand.cards or not hand.hook


@settings(max_examples=200, deadline=None)
@given(played_games(), st.data())
def test_a_rejected_entry_changes_nothing(game, data):
    before = copy.deepcopy(game.hands), game.totals()
    index = data.draw(st.integers(-1, len(game.hands)))
    values = data.draw(st.lists(st.integers(-2, 20), min_size=0, max_size=len(game.players) + 1))
    method = data.draw(st.sampled_from(["set_bids", "set_tricks"]))
    try:
        getattr(game, method)(index, values)
    except InvalidEntry as refused:
        assert str(refused)
        assert (game.hands, game.totals()) == before


@settings(max_examples=100, deadline=None)
@given(played_games())
def test_settlement_nets_to_zero_and_matches_the_pairwise_payments(game):
    settle = game.settlement(stake="0.25")
    assert sum(settle.net) == 0
    net = [0] * len(game.players)
    for payment in settle.payments:
        assert payment.amount > 0
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    assert tuple(net) == settle.net


@settings(max_examples=100, deadline=None)
@given(played_games())
def test_replaying_the_entries_gives_the_same_game(game):
    fresh = Game(game.players, Rules.from_dict(game.rules.to_dict()), game.first_dealer)
    for index, hand in enumerate(game.hands):
        if hand.played:
            fresh.apply({"type": "bids", "hand": index, "values": list(hand.bids)})
            fresh.apply({"type": "tricks", "hand": index, "values": list(hand.tricks)})
    assert fresh.hands == game.hands and fresh.totals() == game.totals()
