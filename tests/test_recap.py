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
