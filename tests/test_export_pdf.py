"""PDF score cards: the file parses, holds the names, the winner, the rules and the settlement, and a
big table (8 players, 20 hands) keeps its whole grid on one landscape page."""
from __future__ import annotations

import dataclasses
import random
import re

import pytest
from test_export_csv import hand_checked_game
from test_export_samples import make_store, mixed_records, sample_record

from scorekeeper.rules import PRESETS
from scorekeeper.rules.kinds import KINDS
from scorekeeper.exchange import export_games, render_pdf

import pypdf  # a test dependency: reading the PDF's text

BIG_TABLE = dataclasses.replace(PRESETS["oh-heck"], id="custom", name="Big table", decks=4, shape="up", peak=20)


def pages_of(data: bytes) -> list[str]:
    import io

    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_file_is_a_pdf_with_a_sane_page_count():
    records = mixed_records(count=6)
    data = render_pdf(records)
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    pages = len(re.findall(rb"/Type /Page\b", data))  # page objects are never compressed
    assert len(records) <= pages <= 2 * len(records)
    assert len(pages_of(data)) == pages


def test_the_card_names_players_winner_rules_and_settlement():
    rng = random.Random(6)
    record = sample_record(rng, PRESETS["oh-pshaw"], players=5, names=["Zoë", "Łukasz", "Ann", "Bob", "Cy"])
    game = record.build()
    pages = pages_of(render_pdf([record]))
    assert len(pages) == 1  # 10 hands: grid, standings and rules share the page
    text = flat(pages[0])
    assert "Oh Pshaw" in text and "SCORE CARD" in text
    for name in record.players:
        assert name in text
    winners = [game.players[seat] for seat in game.winners()]
    assert f"Winner{'s' if len(winners) > 1 else ''}: {' and '.join(winners)}" in text
    assert f"{max(game.final_scores())} points, with the winner's bonus of 10" in text
    for line in PRESETS["oh-pshaw"].rule_lines():
        assert flat(line) in text
    payment = game.settlement(1).payments[0]
    assert f"{game.players[payment.payer]} pays {game.players[payment.payee]} {int(payment.amount)}" in text


def test_each_cell_shows_bid_tricks_points_and_the_running_total():
    # The hand-checked game of the CSV tests: hand 1, Ann deals 8 cards, Hearts; hand 2, Bob deals 7.
    lines = pages_of(render_pdf([hand_checked_game()]))[0].splitlines()
    first = lines.index("Hearts") - 3
    assert lines[first:first + 16] == ["1", "8", "Ann", "Hearts",
                                       "2", "4", "−10", "−10", "3", "3", "+16", "16", "2", "1", "−5", "−5"]
    assert lines[first + 16:first + 31] == ["2", "7", "Bob",
                                            "1", "1", "+12", "2", "0", "2", "−10", "6", "1", "4", "−15", "−20"]


def test_eight_players_and_twenty_hands_keep_the_grid_on_one_page():
    record = sample_record(random.Random(1), BIG_TABLE, players=8)
    assert len(record.build().hands) == 20
    pages = pages_of(render_pdf([record]))
    assert len(pages) == 2  # the grid, then standings and rules
    grid = pages[0].splitlines()
    for name in record.players:
        assert name in grid
    assert "20" in grid and "Total" in grid and "Place" in grid
    assert "Final standings" in pages[1] and "Rules: Big table" in pages[1]


def test_more_than_eight_players_get_a_second_grid():
    record = sample_record(random.Random(2), PRESETS["oh-my-heck"], players=12,
                           names=[f"Player {number}" for number in range(1, 13)])
    text = flat(" ".join(pages_of(render_pdf([record]))))
    assert "players 1–6 of 12" in text and "players 7–12 of 12" in text
    assert "Player 12" in text


def test_a_game_in_play_shows_where_it_stands():
    record = sample_record(random.Random(4), PRESETS["oh-heck"], players=4, hands=6, bids_only=True)
    text = flat(pages_of(render_pdf([record]))[0])
    assert "in play: 6 of 15 hands played" in text and "Standings after 6 of 15 hands" in text
    assert "Leading:" in text and "Winner" not in text


def test_export_all_games_from_the_store_and_other_kinds(tmp_path):
    store = make_store(tmp_path)
    records = mixed_records(count=3)
    store.import_records(records)
    pad = store.new_game(["Ann", "Bob"], next(iter(KINDS["score-pad"].PRESETS.values())))
    store.record(pad.id, {"type": "round", "round": 0, "points": [12, -3]}, pad.version)
    pages = pages_of(export_games(store, "pdf"))
    assert len(pages) >= 4
    assert any("Standings after 1 round" in flat(page) for page in pages)
    one = pages_of(export_games(store, "pdf", [records[0].id]))
    assert records[0].id in flat(" ".join(one)) and not any(pad.id in page for page in one)


def test_a_game_ended_early_has_no_winner_on_its_card():
    """The one verdict (rules.outcome): an ended-early game has no winner and no bonus, on the grid too."""
    record = sample_record(random.Random(4), PRESETS["oh-pshaw"], players=4, hands=5, abandoned=True)
    assert record.status == "abandoned"
    game = record.build()
    text = flat(" ".join(pages_of(render_pdf([record]))))
    assert "ended early after 5 of 13 hands" in text and "Ended early: standings after 5 of 13 hands" in text
    ahead = " and ".join(game.players[seat] for seat in game.winners())
    assert f"No winner: the game ended early. Ahead when the table stopped: {ahead}" in text
    # No place "Winner", no "Winner: ...", no bonus column or row (the rules' own line "Winner's bonus: 10" stays).
    winner = re.compile(r"\bWinners?\b(?!'s bonus: 10 \(each)")
    assert not winner.search(text) and "Bonus" not in text and "Final score" not in text
    assert "Settling up" not in text
    finished = sample_record(random.Random(4), PRESETS["oh-pshaw"], players=4)  # every hand: decided
    text = flat(" ".join(pages_of(render_pdf([finished]))))
    assert winner.search(text) and "winner's bonus of 10" in text and "Settling up" in text


@pytest.mark.parametrize("language", ["fr", "de", "pt"])
def test_the_card_printed_in_another_language_has_no_english_sentence(language):
    """The PDF's words come from the catalogs: printed for a French, German or Portuguese table, no
    English message of the card is on it (names, game names and numbers aside)."""
    import sys
    from pathlib import Path

    from babel.messages.pofile import read_po

    from scorekeeper import i18n

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import catalogs

    record = sample_record(random.Random(6), PRESETS["oh-pshaw"], players=4, names=["Ann", "Bob", "Cy", "Dee"])
    with i18n.use(language):
        translated = flat(" ".join(pages_of(render_pdf([record]))))
    english = flat(" ".join(pages_of(render_pdf([record]))))
    assert translated != english
    with catalogs.po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    # English messages of the card (no placeholder, a few words, a translation of their own) that the
    # English card prints: none of them may be on the translated one.
    printed = [message.id for message in catalog
               if isinstance(message.id, str) and message.id and "{" not in message.id and " " in message.id
               and message.string and message.string != message.id and "pdf" in " ".join(
                   location for location, _line in message.locations) and message.id in english]
    assert printed, "the English card prints messages of the catalogs"
    assert [words for words in printed if words in translated] == []


@pytest.mark.parametrize("language", ["en", "fr", "de", "nl", "es", "it", "pt"])
def test_the_grids_column_headers_fit_their_columns_in_every_language(language):
    """Issue 38, item 11: the French card's 'Donne', 'Cartes', 'Donneur' ran into one another."""
    from test_kinds_export import kind_record
    from test_table_roster_exports import evening, record_of

    from scorekeeper import i18n
    from scorekeeper.exchange.pdf_card import width_of
    from scorekeeper.exchange.kinds import pdf_card
    from scorekeeper.rules import outcome

    from scorekeeper.rules.skull_king import PRESETS as SKULL_KING

    skull_king = record_of([{"type": "bids", "hand": 0, "values": [1, 0, 0, 0]},
                            {"type": "tricks", "hand": 0, "values": [1, 0, 0, 0]}],
                           rules=SKULL_KING["skull-king"], kind="skull-king")
    records = [record_of(evening()), skull_king] + [kind_record(random.Random(3), kind)
                                                    for kind in ("what-the-heck", "hit-the-deck", "score-pad")]
    with i18n.use(language):
        for record in records:
            game = record.build()
            verdict = outcome(game, record.status)
            table = pdf_card(game.kind)(game, verdict).grid(list(range(len(game.players))), 14)
            size = table._cellStyles[0][0].fontsize  # the header's bold type
            for label, width in zip(table._cellvalues[0], table._colWidths):
                if isinstance(label, str) and label and label not in game.players:
                    assert width_of(label, size, bold=True) + 4 <= width, (game.kind, label, width)
