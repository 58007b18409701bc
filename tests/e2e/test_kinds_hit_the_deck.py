"""A short game of HIT THE DECK for three with the target set to 50, played by taps in the real app:
who went out, quick counts of the cards left, typed points, the target ending the game."""
from __future__ import annotations

from scorekeeper.storage import Store

from .game_steps import card_totals_of, save_round, start_kind, tap_to, type_points

NAMES = ["Ann", "Bob", "Cy"]


def test_a_hit_the_deck_game_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    start_kind(phone, "HIT THE DECK", NAMES, {"The game ends at (points)": "50"})
    phone.expect_text("Hand 1")
    # Hand 1: Ann goes out; Bob holds a 5, a 3 and a word card = 18 (counted); Cy: 12 (typed).
    tap_to(phone, "Ann went out", "Ann went out and scores 0.")
    tap_to(phone, "Bob number card 5", "Bob's points: 5")
    tap_to(phone, "Bob number card 3", "Bob's points: 8")
    tap_to(phone, "Bob word or Hit the Deck card", "Bob's points: 18")
    assert phone.text_of("count-1") == "5 + 3 + 1 × 10 = 18"
    type_points(phone, "Or type Cy's points", "12")
    save_round(phone, 1)
    # Hand 2: Bob goes out; Ann 1 + 1 = 2; Cy two word cards and a 4 = 24.
    tap_to(phone, "Bob went out", "Bob went out and scores 0.")
    tap_to(phone, "Ann number card 1", "Ann's points: 1")
    tap_to(phone, "Ann number card 1", "Ann's points: 2")
    tap_to(phone, "Cy word or Hit the Deck card", "Cy's points: 10")
    tap_to(phone, "Cy word or Hit the Deck card", "Cy's points: 20")
    tap_to(phone, "Cy number card 4", "Cy's points: 24")
    save_round(phone, 2)
    # By hand: Ann 0 + 2 = 2; Bob 18 + 0 = 18; Cy 12 + 24 = 36.
    assert card_totals_of(phone, 3) == ["Ann total 2", "Bob total 18", "Cy total 36"]
    # Hand 3: Cy goes out; Ann 30 typed; Bob three word cards and a 5 = 35, so 53: Bob reaches 50.
    tap_to(phone, "Cy went out", "Cy went out and scores 0.")
    type_points(phone, "Or type Ann's points", "30")
    for count in (1, 2, 3):
        tap_to(phone, "Bob word or Hit the Deck card", f"Bob's points: {10 * count}")
    tap_to(phone, "Bob number card 5", "Bob's points: 35")
    phone.expect_text("Bob reaches 50: this hand ends the game.")
    save_round(phone, 3, over=True)
    # Lowest total wins: Ann 32, Cy 36, Bob 53; the game over screen says so.
    phone.expect_text("Ann wins with the lowest total, 32")
    for name, total in zip(NAMES, (32, 53, 36)):
        assert phone.text_of(f"final-{name}").endswith(str(total)), phone.text_of(f"final-{name}")
    store = Store(app_server.database_url)
    try:
        games = store.finished_games()
        assert len(games) == 1 and games[0].scores == [32, 53, 36] and games[0].winners == ["Ann"]
    finally:
        store.close()
