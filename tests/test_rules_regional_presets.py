"""The regional presets of the bid-and-tricks family, each against the worked examples and the deal of
its source (docs/games.md names the sources and what the app decided where they are silent)."""
import pytest

from scorekeeper.rules import PRESETS, Game, InvalidEntry


@pytest.mark.parametrize("preset, bid, took, cards, points", [
    # Nomination Whist (nommy.co.uk): "1 point per trick won, plus 10 point bonus" for the exact bid.
    ("nomination-whist", 1, 2, 5, 2),  # nommy: bid 1, won 2 -> 2
    ("nomination-whist", 3, 3, 5, 13),  # nommy: bid 3, won 3 -> 13
    ("nomination-whist", 0, 0, 5, 10),
    ("nomination-whist", 2, 0, 5, 0),
    # Kachuful (Wikipedia, Kachufool): "ten plus the number of tricks declared"; a miss scores 0.
    ("kachuful", 3, 3, 8, 13), ("kachuful", 0, 0, 8, 10), ("kachuful", 3, 4, 8, 0),
    # Boerenbridge: 10 + 2 a trick made, -2 a trick off.
    ("boerenbridge", 3, 3, 6, 16), ("boerenbridge", 0, 0, 6, 10), ("boerenbridge", 2, 5, 6, -6),
    # Up and Down the River: 10 + the bid made, nothing missed.
    ("up-and-down-the-river", 4, 4, 7, 14), ("up-and-down-the-river", 4, 3, 7, 0),
])
def test_worked_examples(preset, bid, took, cards, points):
    assert PRESETS[preset].score(bid, took, cards) == points


def test_nomination_whist_deals_ten_down_and_back_and_eight_with_six_players():
    rules = PRESETS["nomination-whist"]
    assert rules.hand_sizes(4) == list(range(10, 0, -1)) + list(range(2, 11))
    assert rules.hand_sizes(6) == list(range(8, 0, -1)) + list(range(2, 9))  # nommy: "with 6 players 8 ... 1 ... 8"


def test_kachuful_deals_as_many_cards_as_possible_down_to_one():
    rules = PRESETS["kachuful"]
    assert rules.hand_sizes(6) == list(range(8, 0, -1))  # Wikipedia: 6 players play 8 rounds
    assert rules.trump_names == ("Spades", "Diamonds", "Clubs", "Hearts")  # kari, chukat, falli, lal


def test_boerenbridge_hooks_the_dealer_only_from_four_cards_and_plays_the_one_card_hand_blind():
    rules = PRESETS["boerenbridge"]
    assert rules.hand_sizes(5) == list(range(1, 11)) + list(range(9, 0, -1))  # up to 10 with 5 players and back
    game = Game(["Ann", "Bob", "Cy", "Dee", "Eve"], rules, first_dealer=4)
    assert game.hands[0].blind and not game.hands[1].blind
    for index in range(3):  # 1 to 3 cards: the dealer (Eve, then Ann, Bob) may make the bids fit
        hand = game.hands[index]
        bids = [0] * 5
        bids[hand.dealer] = hand.cards
        game.apply({"type": "bids", "hand": index, "values": bids})
        game.apply({"type": "tricks", "hand": index, "values": bids})
    hand = game.hands[3]  # 4 cards: the hook
    bids = [1] * 5
    bids[hand.dealer] = 0
    with pytest.raises(InvalidEntry, match="dealer's hook"):
        game.apply({"type": "bids", "hand": 3, "values": bids})


@pytest.mark.parametrize("preset", ["nomination-whist", "kachuful", "boerenbridge", "up-and-down-the-river"])
def test_every_regional_preset_names_itself_and_round_trips(preset):
    rules = PRESETS[preset]
    assert rules.is_preset and rules.description and rules.hook
    assert type(rules).from_dict(rules.to_dict()) == rules
