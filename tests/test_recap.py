"""The recap picture (exchange/recap.py): what the engine says, drawn; bounded for any game."""
import dataclasses
import io
import random
from datetime import datetime, timezone

from PIL import Image

from scorekeeper.exchange.recap import MOST_ROWS, recap_png
from scorekeeper.rules import PRESETS, Game, replay
from scorekeeper.rules.outcome import ENDED_EARLY, FINISHED
from scorekeeper.storage.records import GameRecord


def played(names, rules=PRESETS["oh-heck"], seed=5, hands=None):
    game = Game(list(names), rules, first_dealer=0)
    rng, actions = random.Random(seed), []
    while not game.is_over and (hands is None or len(actions) < 2 * hands):
        index, cards = game.current, game.hands[game.current].cards
        while True:
            bids = [rng.randint(0, min(cards, 2)) for _ in names]
            if game.forbidden_bid(index, bids) != bids[game.hands[index].dealer]:
                break
        tricks = [0] * len(names)
        for _ in range(cards):
            tricks[rng.randrange(len(names))] += 1
        for action in ({"type": "bids", "hand": index, "values": bids}, {"type": "tricks", "hand": index, "values": tricks}):
            game.apply(action)
            actions.append(action)
    return actions


def record(names, actions, status=FINISHED, rules=PRESETS["oh-heck"]):
    return GameRecord(id="7" * 32, kind="bid-tricks", rules=rules.to_dict(), players=tuple(names),
                      setup={"first_dealer": 0}, status=status, started_at=datetime(2026, 11, 21, 20, tzinfo=timezone.utc),
                      actions=tuple(actions))


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def gold_rows(image: Image.Image) -> list[int]:
    """The rows of the picture where the winner's panel colour (#4a3d12) runs across."""
    rgb = image.convert("RGB")
    return [y for y in range(image.height) if rgb.getpixel((image.width // 2, y)) == (0x4a, 0x3d, 0x12)]


def test_a_finished_game_shows_its_winner_in_a_frame_a_messenger_keeps():
    names = ["Ann", "Bob", "Cy", "Dee"]
    rec = record(names, played(names))
    image = picture(recap_png(rec, name="Friday at Ann's"))
    assert image.format == "PNG" and image.width == 1080 and image.height >= 1080 * 5 / 4
    assert replay(rec).is_over and len(gold_rows(image)) > 0  # the winner's row is highlighted


def test_a_game_ended_early_highlights_nobody():
    names = ["Ann", "Bob", "Cy"]
    image = picture(recap_png(record(names, played(names, hands=3), status=ENDED_EARLY)))
    assert gold_rows(image) == []


def test_the_picture_stays_bounded_with_eight_players_and_many_hands():
    names = [f"A very long player name {n}" for n in range(8)]
    rules = dataclasses.replace(PRESETS["oh-heck"], shape="list", hand_list=(1, 2) * 20, hook=False)  # 40 hands
    image = picture(recap_png(record(names, played(names, rules), rules=rules), name="x" * 200))
    assert image.width == 1080 and image.height < 1080 * 2.5  # the last 20 hands on the small card
    shorter = picture(recap_png(record(names, played(names, rules, hands=MOST_ROWS), rules=rules)))
    assert shorter.height == image.height  # 20 hands or 40: the same small card


def evening_record():
    """Oh Heck, Ann deals first: hand 1 by four; Eve comes at hand 2 from the lowest total and Cy sits it
    out; Ann leaves from hand 3 (tests/test_table_roster_exports.evening)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_table_roster_exports import evening, record_of

    return record_of(evening())


def test_the_small_card_marks_who_was_not_at_the_table_and_who_sat_out():
    # Issue 38, item 12: Eve showed 0 for the hand before she came (the card shows a dash), and nothing
    # marked Cy's hand sat out or Ann gone.
    from scorekeeper.exchange.recap import NOT_THERE, SAT_OUT, TOTAL, small_card

    game = evening_record().build()
    cells = small_card(game, range(3))  # Ann, Bob, Cy, Dee, Eve
    assert cells[0] == [("14", TOTAL), ("14", TOTAL), ("14", TOTAL), ("−5", TOTAL), (NOT_THERE, NOT_THERE)]
    assert cells[1][2] == ("14", SAT_OUT) and cells[1][4] == ("9", TOTAL)
    assert cells[2][0] == (NOT_THERE, NOT_THERE) and cells[2][4] == ("23", TOTAL)
    assert picture(recap_png(evening_record())).width == 1080


def test_an_award_is_broken_into_lines_not_cut():
    from PIL import ImageDraw

    from scorekeeper import i18n
    from scorekeeper.exchange.recap import MARGIN, WIDTH, _length, award_lines
    from scorekeeper.rules import outcome
    from scorekeeper.rules.awards import awards

    names = ["Anne-Marguerite", "Bartholomew", "Cyrielle", "Dominique"]
    game = replay(record(names, played(names)))
    verdict = outcome(game, FINISHED)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    with i18n.use("fr"):
        honours = awards(game, verdict)
        lines = award_lines(draw, honours, verdict, WIDTH - 2 * MARGIN)
        wanted = [(i18n._("{award}: {names}", award=honour.title, names=i18n.listing(verdict.names(honour.seats))),
                   honour.detail) for honour in honours]
    assert honours and len(lines) == len(honours)
    for award, (title, detail) in zip(lines, wanted):  # every word there, each line within the picture
        assert " ".join(text for text, is_detail in award if not is_detail) == " ".join(title.split())
        assert " ".join(text for text, is_detail in award if is_detail) == " ".join(detail.split())
        assert all(_length(draw, text, 24 if is_detail else 28, not is_detail) <= WIDTH - 2 * MARGIN
                   for text, is_detail in award)


def test_the_chart_starts_a_late_arrival_at_the_total_she_came_with():
    from scorekeeper.ui.viewmodels.chart import ScoreChart

    chart = ScoreChart(evening_record().build())
    eve = chart.points(4, 150, 100)
    assert len(eve) == len(chart.points(1, 150, 100)) - 1  # no point before hand 1 was played
    assert eve[0][0] == 10  # after hand 1 (15 hands across 150 px), at her start, Dee's −5
    assert chart.series[4].totals[1] == -5
