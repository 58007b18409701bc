"""The hook can bend (issue 14, item 6): a hand the table already played with the dealer's forbidden
bid is recorded so, marked "against the hook", after a question; never by accident. The engine's
worked example, the screen's two taps (any other tap drops the question), undo, and every export."""
from __future__ import annotations

import csv
import io
import json

import pypdf
import pytest

from scorekeeper.exchange import HEADER, export_games, import_file
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.oh_heck import Game
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.play import GamePlay
from scorekeeper.ui.viewmodels.score_card import ScoreCard
from scorekeeper.ui.viewmodels.session import GameSession

NAMES = ["Ann", "Bob", "Cy", "Dee"]
# Hand 1 of Oh Heck for four: 8 cards, Ann deals and bids last. Bob, Cy and Dee bid 2 each: 6, so
# the hook forbids Ann 2 (the bids would add up to 8). The table played it with Ann bidding 2 anyway.
BENT = {"type": "bids", "hand": 0, "values": [2, 2, 2, 2], "against_hook": True}


def test_against_the_hook_is_recorded_marked_and_only_when_it_is():
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    with pytest.raises(InvalidEntry, match="Ann deals and may not bid 2"):
        game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2, 2]})
    with pytest.raises(InvalidEntry, match="don't go against the dealer's hook"):
        game.apply({**BENT, "values": [3, 2, 2, 2]})  # Ann 3: allowed anyway, so no mark
    with pytest.raises(InvalidEntry, match="true or false"):
        game.apply({**BENT, "against_hook": "yes"})
    assert game.hands[0].bids is None
    game.apply(BENT)
    assert game.hands[0].against_hook and game.hands[0].bids == (2, 2, 2, 2)
    # Tricks 2,2,2,2: everyone made 2: 14 each (10 + 2 per trick).
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    assert game.totals() == [14, 14, 14, 14]
    assert game.against_hook_line() == "Recorded against the dealer's hook: hand 1"
    # Counted as hooked and made for Ann's player page: the hook did forbid her bid.
    assert (game.bid_records()[0].hooked, game.bid_records()[0].hooked_made) == (1, 1)
    game.apply({"type": "bids", "hand": 0, "values": [3, 2, 2, 2]})  # corrected without it: no mark
    assert not game.hands[0].against_hook and game.against_hook_line() is None


@pytest.fixture
def store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def test_the_screen_asks_once_and_any_other_tap_drops_the_question(store):
    play = GamePlay(GameSession(store, store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0).id))
    for seat in (1, 2, 3):
        play.tap(None, play.entry.tap_bid, seat, 2)
    [ann] = [row for row in play.entry.bid_rows() if row.seat == 0]
    assert ann.bend_offer and [chip.value for chip in ann.chips if chip.struck] == [2]
    play.bend_hook()
    assert "again to record Ann's bid of 2" in play.info and play.entry.bids[0] is None
    play.tap(None, play.entry.open_row, 1)  # another tap: the question is dropped
    play.bend_hook()
    assert play.entry.bids[0] is None  # asked again, not recorded
    play.bend_hook()
    [ann] = [row for row in play.entry.bid_rows() if row.seat == 0]
    assert play.entry.bids[0] == 2 and not ann.bend_offer and not any(chip.struck for chip in ann.chips)
    assert "recorded against the dealer's hook" in ann.note
    play.submit()  # Bids done
    stored = store.load(play.session.game_id)
    assert stored.record.actions[-1] == BENT and stored.game.hands[0].against_hook
    # Undo brings the bids back as they were recorded, still against the hook, to change or enter again.
    play.undo(None)
    assert play.entry.bids == [2, 2, 2, 2] and play.entry.bend and play.entry.problem() is None


def test_score_card_says_it(store):
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    state = store.record(state.id, BENT, state.version)
    [first, *_] = ScoreCard(state.game).rows()
    assert first.ringed and first.label == "Hand 1: 8 cards, Ann deals, recorded against the dealer's hook"


def test_every_export_carries_it(store, tmp_path):
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    # Hand 1 against the hook, all made; hand 2 (7 cards, Bob deals) bids 1 each, nothing forbidden.
    for entry in (BENT, {"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]},
                  {"type": "bids", "hand": 1, "values": [1, 1, 1, 1]}, {"type": "tricks", "hand": 1, "values": [1, 1, 1, 4]}):
        state = store.record(state.id, entry, state.version)
    text = export_games(store, "csv", [state.id]).decode()
    assert text.splitlines()[0] == HEADER + ",against_hook"
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {row["against_hook"] for row in rows if row["hand"] == "1"} == {"yes"}
    assert {row["against_hook"] for row in rows if row["hand"] != "1"} == {""}
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, text.encode(), name="bent.csv")
    assert other.load(state.id).game.hands[0].against_hook and not other.load(state.id).game.hands[1].against_hook

    def with_mark_on(hand: str) -> bytes:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows({**row, "against_hook": "yes"} if row["hand"] == hand else row for row in rows)
        return out.getvalue().encode()

    third = Store(f"sqlite:///{tmp_path / 'third.db'}")
    with pytest.raises(InvalidEntry, match="don't go against the dealer's hook"):
        import_file(third, with_mark_on("2"), name="wrong.csv")  # hand 2's bids break nothing
    with pytest.raises(InvalidEntry, match="bids are not filled in"):
        import_file(third, with_mark_on("3"), name="wrong.csv")  # hand 3 not bid yet
    assert list(third.records()) == []
    document = json.loads(export_games(store, "json", [state.id]))
    assert document["games"][0]["computed"]["hands"][0]["against_hook"] is True
    assert "against_hook" not in document["games"][0]["computed"]["hands"][1]
    other.close()
    third.close()
    pdf = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(export_games(store, "pdf", [state.id]))).pages)
    assert "Recorded against the dealer's hook: hand 1" in " ".join(pdf.split())
