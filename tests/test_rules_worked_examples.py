"""Every worked example of ../shared/rules/ (the texts and the README that settles them)."""
import dataclasses
from decimal import Decimal

import pytest

from scorekeeper.rules import PRESETS, Balance, Game, InvalidEntry, balance_text

OMH, HECK, PSHAW, WIZARD = (PRESETS[k] for k in ("oh-my-heck", "oh-heck", "oh-pshaw", "wizard"))


# ----- OH, MY HECK! -----

@pytest.mark.parametrize(
    "bid, tricks, points",
    [(2, 1, -5), (2, 2, 30), (0, 0, 20), (2, 3, -5), (3, 0, -15), (7, 7, 55), (0, 2, -10)],
)
def test_oh_my_heck_scoring(bid, tricks, points):
    # README: "bid 2 took 1 = -5; bid 2 took 2 = +30; bid 0 took 0 = +20"; -5 per trick over or under.
    assert OMH.score(bid, tricks, 7) == points


def test_oh_my_heck_sequence_is_7_down_to_1_and_back_for_3_to_8_players():
    for players in range(3, 9):
        assert OMH.hand_sizes(players) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


def test_oh_my_heck_more_than_8_players_combines_two_decks():
    assert OMH.deck_cards(8) == 57
    assert OMH.deck_cards(9) == 114
    assert OMH.hand_sizes(9) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    assert OMH.hand_sizes(16) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]  # 112 cards + a turn-up


def test_oh_my_heck_bids_are_shown_at_once_without_hook_and_the_one_card_hand_is_blind():
    game = Game(["Ann", "Bo", "Cy", "Di"], OMH)
    assert all(hand.bidding_order == () for hand in game.hands)
    assert not any(hand.hook for hand in game.hands)
    assert [hand.blind for hand in game.hands] == [cards == 1 for cards in OMH.hand_sizes(4)]
    game.set_bids(0, [2, 2, 2, 1])  # the total equals the tricks, and the dealer is free
    assert game.hands[0].balance is Balance.EVEN


def test_oh_my_heck_trump_is_a_colour_and_a_negative_total_is_possible():
    game = Game(["Ann", "Bo", "Cy"], OMH)
    assert set(OMH.trump_names) == {"Red", "Green", "Blue", "Black"}
    game.set_trump(0, "Green")
    game.set_bids(0, [3, 3, 3])
    game.set_tricks(0, [7, 0, 0])
    assert game.totals() == [-20, -15, -15]


# ----- Oh Heck -----

@pytest.mark.parametrize("bid, tricks, points", [(2, 2, 14), (0, 0, 10), (8, 8, 26), (2, 4, -10), (3, 1, -10)])
def test_oh_heck_scoring(bid, tricks, points):
    # "a successful bid of 2 will result in a score of 14, (10 + 2 + 2)"; -5 per trick over/under.
    assert HECK.score(bid, tricks, 8) == points


def test_oh_heck_sequence_8_down_to_1_and_back_capped_for_7_and_8_players():
    full = [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    for players in range(3, 7):
        assert HECK.hand_sizes(players) == full
        assert HECK.cap_note(players) is None
    assert HECK.hand_sizes(7) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    assert HECK.hand_sizes(8) == [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]
    assert "at most 6 cards" in HECK.cap_note(8)


def test_oh_heck_hook_with_8_tricks_and_7_bid_the_dealer_may_not_bid_1():
    assert HECK.forbidden_bid(8, [3, 2, 2]) == 1
    game = Game(["Ann", "Bo", "Cy", "Di"], HECK, first_dealer=3)
    assert game.hands[0].cards == 8 and game.hands[0].dealer == 3
    with pytest.raises(InvalidEntry, match=r"Di deals and may not bid 1"):
        game.set_bids(0, [3, 2, 2, 1])
    assert game.hands[0].bids is None
    game.set_bids(0, [3, 2, 2, 0])
    assert game.hands[0].bids == (3, 2, 2, 0)


def test_oh_heck_is_for_a_random_first_dealer_and_the_first_bidder_is_left_of_the_dealer():
    assert HECK.random_first_dealer
    game = Game(["Ann", "Bo", "Cy", "Di"], HECK, first_dealer=2)
    assert game.hands[0].bidding_order == (3, 0, 1, 2)  # the dealer bids last
    assert game.hands[0].leader == 3
    assert [hand.dealer for hand in game.hands[:5]] == [2, 3, 0, 1, 2]


# ----- Oh Pshaw -----

@pytest.mark.parametrize("players, deals", [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_oh_pshaw_deals_go_up_to_the_limit_and_never_past_15(players, deals):
    assert PSHAW.hand_sizes(players) == list(range(1, deals + 1))


def test_oh_pshaw_four_player_13_card_deal_is_played_without_trump():
    game = Game(["Ann", "Bo", "Cy", "Di"], PSHAW)
    assert [hand.no_trump for hand in game.hands] == [False] * 12 + [True]
    assert game.hands[-1].trump_label == "No trump"
    with pytest.raises(InvalidEntry, match="without trump"):
        game.set_trump(12, "Hearts")
    five = Game(["A", "B", "C", "D", "E"], PSHAW)
    assert not any(hand.no_trump for hand in five.hands)  # 50 of 52 cards: there is a turn-up


@pytest.mark.parametrize("bid, tricks, points", [(0, 0, 10), (1, 1, 11), (4, 4, 14), (2, 1, 0), (0, 3, 0)])
def test_oh_pshaw_scoring(bid, tricks, points):
    # "For making his bid exactly, a player scores 10 points plus the amount of the bid"; a miss: nothing.
    assert PSHAW.score(bid, tricks, 5) == points


def test_oh_pshaw_table_options_for_misses_and_zero_bids():
    per_trick = dataclasses.replace(PSHAW, missed_per_trick_taken=1)
    assert per_trick.score(2, 3, 5) == 3 and per_trick.score(2, 0, 5) == 0
    assert dataclasses.replace(PSHAW, zero_bid=5).score(0, 0, 5) == 5
    five_plus = dataclasses.replace(PSHAW, zero_bid=5, zero_bid_adds_cards=True)
    assert five_plus.score(0, 0, 5) == 10 and five_plus.score(0, 0, 9) == 14
    assert five_plus.score(2, 2, 9) == 12  # only the zero bid changes
    assert not per_trick.is_preset and per_trick.preset_id == "custom"
    assert per_trick.display_name == "Oh Pshaw (house rules)"


def test_oh_pshaw_first_deal_bids_are_one_or_zero_and_over_under_even_is_announced():
    game = Game(["Ann", "Bo", "Cy"], PSHAW)
    assert game.hands[0].cards == 1
    with pytest.raises(InvalidEntry, match="Bo's bid of 2 is more than the 1 card"):
        game.set_bids(0, [0, 2, 0])
    game.set_bids(0, [1, 1, 0])  # no hook: the total may be anything
    assert game.hands[0].balance is Balance.OVER
    assert balance_text([1, 1, 0], 1) == "Bids total 2 for 1 trick: over by 1"
    assert balance_text([0, 0, 0], 1) == "Bids total 0 for 1 trick: under by 1"
    assert balance_text([0, 1], 1) == "Bids total 1 for 1 trick: even"


def _play(game, hands):
    for index, (bids, tricks) in enumerate(hands):
        game.set_bids(index, bids)
        game.set_tricks(index, tricks)


def test_oh_pshaw_winner_bonus_and_settlement_on_the_differences():
    game = Game(["Ann", "Bo", "Cy"], PSHAW)
    hands = [([1, 0, 0], [1, 0, 0])] + [([0, 0, 0], [c, 0, 0]) for c in range(2, 16)]
    _play(game, hands)
    # Ann: 11 then misses every hand; Bo and Cy make zero every hand: 15 x 10 = 150.
    assert game.totals() == [11, 150, 150]
    assert game.final_scores() == [11, 160, 160]  # tied winners each get the bonus
    settle = game.settlement(stake="0.10")
    assert settle.net == (Decimal("-29.8"), Decimal("14.9"), Decimal("14.9"))
    assert {(p.payer, p.payee, p.amount) for p in settle.payments} == {(0, 1, Decimal("14.9")), (0, 2, Decimal("14.9"))}
    assert sum(settle.net) == 0


# ----- Wizard -----

@pytest.mark.parametrize("bid, tricks, points", [(0, 0, 20), (3, 3, 50), (3, 1, -20), (0, 1, -10)])
def test_wizard_scoring(bid, tricks, points):
    assert WIZARD.score(bid, tricks, 5) == points


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_wizard_rounds_use_all_60_cards(players, rounds):
    assert WIZARD.hand_sizes(players) == list(range(1, rounds + 1))


# ----- common to the family -----

def test_the_dealer_is_free_when_the_forbidden_number_is_out_of_range():
    assert HECK.forbidden_bid(5, [3, 3, 0]) is None  # would have to bid -1
    assert HECK.forbidden_bid(5, [0, 0, 0]) == 5  # exactly the hand size is still forbidden
    assert HECK.forbidden_bid(5, [1, 0, 0]) == 4
    assert HECK.forbidden_bid(1, [0, 0, 0]) == 1
    assert HECK.forbidden_bid(1, [1, 0, 0]) == 0
    assert HECK.forbidden_bid(1, [1, 1, 0]) is None


def test_hook_can_start_from_a_hand_size():
    late_hook = dataclasses.replace(HECK, hook_min_cards=3)
    assert late_hook.forbidden_bid(2, [1, 0, 0]) is None
    assert late_hook.forbidden_bid(3, [1, 0, 0]) == 2
    assert PSHAW.forbidden_bid(5, [1, 1, 1]) is None and OMH.forbidden_bid(5, [1]) is None


def test_the_deal_passes_to_the_next_seat_every_hand():
    game = Game(["Ann", "Bo", "Cy", "Di", "Ed"], HECK, first_dealer=1)
    assert [hand.dealer for hand in game.hands] == [(1 + i) % 5 for i in range(15)]


def test_tricks_must_add_up_to_the_cards_dealt():
    game = Game(["Ann", "Bo", "Cy"], HECK)
    game.set_bids(0, [3, 3, 1])
    with pytest.raises(InvalidEntry, match="add up to 7, but hand 1 had 8 tricks: 1 trick still to assign"):
        game.set_tricks(0, [3, 3, 1])
    with pytest.raises(InvalidEntry, match="2 tricks too many"):
        game.set_tricks(0, [4, 3, 3])
    assert game.hands[0].tricks is None and game.totals() == [0, 0, 0]
