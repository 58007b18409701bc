"""Invariants of WHAT THE HECK?, HIT THE DECK and the score pad over random rules and games (hypothesis)."""
import copy
import dataclasses
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import hit_the_deck, score_pad, what_the_heck
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.kinds import KINDS, new_game
from scorekeeper.rules.what_the_heck import who_takes

NAMES = [f"Player {i}" for i in range(20)]


def replayed(game, actions):
    """A fresh game of the same kind, rules and players with `actions` applied."""
    fresh = new_game(game.kind, game.players, game.rules.to_dict(), game.setup)
    for action in actions:
        fresh.apply(action)
    return fresh


def state(game):
    rows = getattr(game, "rounds", None)
    if rows is None:
        rows = game.hands
    return copy.deepcopy(rows), game.totals(), game.is_over, game.progress(), game.stats()


# ----- WHAT THE HECK? -----

@settings(max_examples=500, deadline=None)
@given(st.integers(-20, 20), st.lists(st.integers(1, 8), min_size=0, max_size=7))
def test_who_takes_a_unique_extreme_card_or_none_when_no_card_is_unique(point_value, played):
    unique = [card for card in played if played.count(card) == 1]
    seat = who_takes(point_value, played)
    if seat is None:
        assert not unique
    else:
        assert played.count(played[seat]) == 1
        assert played[seat] == (max(unique) if point_value >= 0 else min(unique))


@st.composite
def heck_games(draw):
    """A WHAT THE HECK? table (maybe with its own cards) and a game played part or all of the way, with
    its actions. Player cards come from a small range so that ties happen often."""
    point_cards = draw(st.lists(st.integers(-6, 12), min_size=1, max_size=8, unique=True))
    player_cards = draw(st.lists(st.integers(1, 12), min_size=len(point_cards), max_size=12, unique=True))
    rules = dataclasses.replace(what_the_heck.PRESETS["what-the-heck"], point_cards=point_cards,
                                player_cards=player_cards)
    if draw(st.booleans()):
        rules = what_the_heck.PRESETS["what-the-heck"]
    players = draw(st.integers(rules.min_players, rules.max_players))
    game = what_the_heck.Game(NAMES[:players], rules)
    actions = []
    for index in range(draw(st.integers(0, rules.rounds))):
        action = {
            "type": "round",
            "round": index,
            "point_card": draw(st.sampled_from(game.available_point_cards())),
            "played": [draw(st.sampled_from(game.available_cards(seat))) for seat in range(players)],
        }
        game.apply(action)
        actions.append(action)
    return game, actions


@settings(max_examples=200, deadline=None)
@given(heck_games())
def test_heck_totals_are_the_sum_of_the_round_points(game_and_actions):
    game, _ = game_and_actions
    expected = [sum(r.points[seat] for r in game.rounds) for seat in range(len(game.players))]
    assert game.totals() == expected == [sum(game.collected(seat)) for seat in range(len(game.players))]
    assert (game.running_totals() or [[0] * len(game.players)])[-1] == expected
    for played_round in game.rounds:
        assert played_round.taker == who_takes(played_round.value, played_round.played)
        assert sum(1 for points in played_round.points if points) <= 1


@settings(max_examples=200, deadline=None)
@given(heck_games())
def test_heck_every_point_card_turned_up_is_collected_carried_or_taken_by_nobody(game_and_actions):
    game, _ = game_and_actions
    turned_up = Counter(r.point_card for r in game.rounds)
    collected = Counter(card for seat in range(len(game.players)) for card in game.collected(seat))
    assert collected + Counter(game.to_nobody()) + Counter(game.carried_over()) == turned_up
    assert not (game.is_over and game.carried_over())
    assert not (game.to_nobody() and not game.is_over)
    # No card used twice: by any player, nor a point card.
    assert len(turned_up) == len(game.rounds)
    for seat in range(len(game.players)):
        assert len({r.played[seat] for r in game.rounds}) == len(game.rounds)


@settings(max_examples=200, deadline=None)
@given(heck_games(), st.data())
def test_heck_an_entry_is_refused_and_changes_nothing_or_the_game_equals_its_entries_replayed(game_and_actions, data):
    game, actions = game_and_actions
    players = len(game.players)
    index = data.draw(st.integers(-1, game.rules.rounds))
    action = {
        "type": "round",
        "round": index,
        "point_card": data.draw(st.integers(-7, 13)),
        "played": data.draw(st.lists(st.integers(0, 13), min_size=players - 1, max_size=players + 1)),
    }
    before = state(game)
    try:
        game.apply(action)
    except InvalidEntry as refused:
        assert str(refused)
        assert state(game) == before
    else:
        actions = list(actions)
        if index == len(actions):
            actions.append(action)
        else:
            actions[index] = action
        assert state(replayed(game, actions)) == state(game)


# ----- HIT THE DECK -----

@st.composite
def deck_games(draw):
    """A HIT THE DECK game played to a random point, perhaps to its end, with its actions."""
    rules = dataclasses.replace(hit_the_deck.PRESETS["hit-the-deck"], target=draw(st.sampled_from([30, 100, 250])))
    players = draw(st.integers(rules.min_players, rules.max_players))
    game = hit_the_deck.Game(NAMES[:players], rules)
    actions = []
    for index in range(draw(st.integers(0, 25))):
        if game.is_over:
            break
        out = draw(st.integers(0, players - 1))
        left = []
        for seat in range(players):
            if seat == out:
                left.append(None)
            elif draw(st.booleans()):
                left.append(draw(st.integers(1, 40)))
            else:
                numbers = draw(st.lists(st.integers(1, 5), max_size=5))
                specials = draw(st.integers(0 if numbers else 1, 3))
                left.append({"numbers": numbers, "specials": specials})
        action = {"type": "hand", "hand": index, "out": out, "left": left}
        game.apply(action)
        actions.append(action)
    return game, actions


@settings(max_examples=200, deadline=None)
@given(deck_games())
def test_deck_totals_end_and_winners(game_and_actions):
    game, actions = game_and_actions
    expected = [sum(hand.points[seat] for hand in game.hands) for seat in range(len(game.players))]
    assert game.totals() == expected and (game.running_totals() or [[0] * len(game.players)])[-1] == expected
    for hand, action in zip(game.hands, actions):
        assert [seat for seat, points in enumerate(hand.points) if points == 0] == [hand.out]
        for seat, entry in enumerate(action["left"]):
            if isinstance(entry, dict):
                assert hand.points[seat] == hit_the_deck.hand_points(entry["numbers"], entry["specials"])
            assert hand.entry(seat) == entry
    # Totals only grow, so the game is over exactly when someone is at the target, and only the last
    # hand may have taken anyone there.
    assert game.is_over == (max(expected) >= game.rules.target)
    curve = game.running_totals()
    assert all(max(totals) < game.rules.target for totals in curve[:-1])
    assert all(expected[seat] == min(expected) for seat in game.winners())
    assert sum(row["hands_gone_out"] for row in game.stats()) == len(game.hands)


@settings(max_examples=150, deadline=None)
@given(deck_games())
def test_deck_replaying_the_actions_gives_the_same_game(game_and_actions):
    game, actions = game_and_actions
    assert state(replayed(game, actions)) == state(game)


# ----- the score pad -----

@st.composite
def pad_games(draw):
    rules = dataclasses.replace(
        draw(st.sampled_from(list(score_pad.PRESETS.values()))),
        target=draw(st.one_of(st.none(), st.integers(1, 200))),
    )
    players = draw(st.integers(1, 8))
    game = score_pad.Game(NAMES[:players], rules)
    actions = []
    for index in range(draw(st.integers(0, 15))):
        if game.is_over:
            break
        action = {"type": "round", "round": index,
                  "points": draw(st.lists(st.integers(-50, 80), min_size=players, max_size=players))}
        game.apply(action)
        actions.append(action)
    return game, actions


@settings(max_examples=200, deadline=None)
@given(pad_games(), st.data())
def test_pad_totals_end_and_corrections(game_and_actions, data):
    game, actions = game_and_actions
    expected = [sum(r.points[seat] for r in game.rounds) for seat in range(len(game.players))]
    assert game.totals() == expected
    target = game.rules.target
    curve = game.running_totals()
    reached = [index for index, totals in enumerate(curve) if target is not None and max(totals) >= target]
    assert game.is_over == bool(reached) and (not reached or reached[0] == len(curve) - 1)
    best = max(expected) if game.highest_wins else min(expected)
    assert all(expected[seat] == best for seat in game.winners())
    assert state(replayed(game, actions)) == state(game)
    # A correction is refused and changes nothing, or the game is its entries replayed.
    if actions:
        index = data.draw(st.integers(0, len(actions) - 1))
        action = {"type": "round", "round": index,
                  "points": data.draw(st.lists(st.integers(-50, 250), min_size=len(game.players),
                                               max_size=len(game.players)))}
        before = state(game)
        try:
            game.apply(action)
        except InvalidEntry:
            assert state(game) == before
        else:
            actions[index] = action
            assert state(replayed(game, actions)) == state(game)


# ----- every new kind -----

@settings(max_examples=100, deadline=None)
@given(st.data())
def test_rules_round_trip_through_plain_data(data):
    module = data.draw(st.sampled_from([what_the_heck, hit_the_deck, score_pad]))
    assert KINDS[module.KIND] is module
    rules = data.draw(st.sampled_from(list(module.PRESETS.values())))
    assert module.Rules.from_dict(rules.to_dict()) == rules and rules.is_preset
    if module is hit_the_deck:
        rules = dataclasses.replace(rules, target=data.draw(st.integers(1, 1000)))
    elif module is score_pad:
        rules = dataclasses.replace(rules, target=data.draw(st.one_of(st.none(), st.integers(1, 1000))),
                                    highest_wins=data.draw(st.booleans()))
    else:
        rules = dataclasses.replace(rules, player_cards=tuple(range(1, data.draw(st.integers(15, 30)) + 1)))
    again = module.Rules.from_dict(rules.to_dict())
    assert again == rules and again.to_dict() == rules.to_dict() and again.rule_lines()
    assert again.is_preset == (again in module.PRESETS.values())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["what-the-heck", "hit-the-deck", "score-pad"]),
       st.dictionaries(st.sampled_from(["type", "round", "hand", "out", "left", "points", "played", "point_card"]),
                       st.one_of(st.none(), st.integers(-2, 20), st.text(max_size=3),
                                 st.lists(st.one_of(st.none(), st.integers(-2, 20)), max_size=4))))
def test_garbage_entries_are_refused_or_valid_and_never_half_applied(kind, action):
    module = KINDS[kind]
    game = module.Game(NAMES[:3], next(iter(module.PRESETS.values())))
    before = state(game)
    try:
        game.apply(action)
    except InvalidEntry as refused:
        assert str(refused) and state(game) == before
    else:
        assert state(replayed(game, [action])) == state(game)
    assert isinstance(game.describe(action), str)
