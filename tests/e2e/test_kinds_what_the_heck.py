"""A short game of WHAT THE HECK? for three with a small deck (point cards −1, 1, 2, 3; player cards
1 to 4: four rounds), played by taps in the real app: tied cards cancelling, a carry-over, who takes
it shown before the round is saved, the collected cards and the totals."""
from __future__ import annotations

from scorekeeper.storage import Store

from .game_steps import card_totals_of, save_round, start_kind, tap_to

NAMES = ["Ann", "Bob", "Cy"]
OPTIONS = {"Lowest point card (a minus card)": "-1", "Highest point card": "3", "Player cards: 1 to": "4"}


def play(page, point_card: str, cards: dict[str, int]) -> None:
    tap_to(page, f"Point card {point_card}", f"Point card: {point_card.replace('−', '-')}")
    for name, card in cards.items():
        tap_to(page, f"{name} plays {card}", f"{name}'s card: {card}")


def test_a_what_the_heck_game_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    start_kind(phone, "WHAT THE HECK?", NAMES, OPTIONS)
    phone.expect_text("Round 1 of 4")
    # Round 1: point card 3; Ann 4 and Bob 4 tie and cancel, so Cy's 1 is the highest left: Cy takes 3.
    play(phone, "3", {"Ann": 4, "Bob": 4, "Cy": 1})
    assert phone.text_of("outcome") == ("Cy takes the point card 3 with the highest card (1). "
                                        "Ann and Bob tied and cancel out.")
    save_round(phone, 1)
    # Round 2: point card −1; everyone plays 2: all tied, the −1 carries over.
    play(phone, "−1", {"Ann": 2, "Bob": 2, "Cy": 2})
    assert phone.text_of("outcome") == "Every card is tied: the point card −1 stays and carries over to the next round."
    save_round(phone, 2)
    phone.expect_text("Carried over: −1 (worth −1)")
    # Round 3: point card 2, for −1 + 2 = 1 (positive: highest takes); Ann 3 and Cy 3 tie: Bob's 1 takes it.
    play(phone, "2", {"Ann": 3, "Bob": 1, "Cy": 3})
    assert phone.text_of("outcome") == ("Bob takes the point cards −1, 2 (worth 1) with the highest card (1). "
                                        "Ann and Cy tied and cancel out.")
    save_round(phone, 3)
    # By hand after three rounds: Ann 0, Bob 1, Cy 3.
    assert card_totals_of(phone, 3) == ["Ann total 0", "Bob total 1", "Cy total 3"]
    # Round 4 (the last): point card 1; each plays the card left: Ann 1, Bob 3, Cy 4: Cy takes 1.
    play(phone, "1", {"Ann": 1, "Bob": 3, "Cy": 4})
    save_round(phone, 4, over=True)
    phone.expect_text("Cy wins!")
    for name, total in zip(NAMES, (0, 1, 4)):
        assert phone.text_of(f"final-{name}").endswith(str(total)), phone.text_of(f"final-{name}")
    phone.tap("see-card")
    phone.expect_text("Standings")
    phone.expect_text("collected 3, 1 = 4")
    phone.expect_text("collected −1, 2 = 1")
    store = Store(app_server.database_url)
    try:
        games = store.finished_games()
        assert len(games) == 1 and games[0].scores == [0, 1, 4] and games[0].winners == ["Cy"]
    finally:
        store.close()
