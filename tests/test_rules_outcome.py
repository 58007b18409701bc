"""The one verdict (rules.outcome) and the one replay (rules.kinds.replay), for every kind."""
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import PRESETS, Game, InvalidEntry
from scorekeeper.rules.kinds import KINDS, ReplayError, new_game, replay
from scorekeeper.rules.outcome import ENDED_EARLY, FINISHED, PLAYING, outcome
from scorekeeper.rules.protocol import KindGame


def play_hand(game: Game, bids, tricks):
    index = game.current
    game.apply({"type": "bids", "hand": index, "values": list(bids)})
    game.apply({"type": "tricks", "hand": index, "values": list(tricks)})


def test_every_kind_implements_the_protocol():
    setups = {"bid-tricks": {"first_dealer": 0}}
    for kind, module in KINDS.items():
        rules = next(iter(module.PRESETS.values()))
        players = ["Ann", "Bob", "Cy", "Dee"][:max(3, rules.min_players)]  # (Spades: 4 players)
        game = module.Game(players, rules, **setups.get(kind, {}))
        assert isinstance(game, KindGame), kind
        assert game.unit in ("hand", "round")
        assert game.kind == kind == module.KIND


def test_winner_bonus_goes_to_the_winner_of_a_game_played_to_the_end():
    # Oh Pshaw: no hook, winner's bonus 10. Ann bids and takes every trick of every hand.
    rules = PRESETS["oh-pshaw"]
    game = Game(["Ann", "Bob", "Cy"], rules)
    while game.current is not None:
        cards = game.hands[game.current].cards
        play_hand(game, [cards, 0, 0], [cards, 0, 0])
    verdict = outcome(game, PLAYING)
    assert verdict.decided and verdict.winners == (0,)
    assert verdict.bonus == (10, 0, 0)
    assert verdict.final_scores[0] == verdict.totals[0] + 10 == game.final_scores()[0]
    assert verdict.standings[0].seat == 0 and verdict.standings[1].place == 2
    assert outcome(game, FINISHED).winners == (0,)


def test_a_game_ended_early_has_leaders_but_no_winner_and_no_bonus():
    game = Game(["Ann", "Bob", "Cy"], PRESETS["oh-pshaw"])
    cards = game.hands[0].cards
    play_hand(game, [0, 0, 0], [cards, 0, 0])  # 1 card: Ann took the trick and missed  # 7 cards: Ann took every trick
    verdict = outcome(game, ENDED_EARLY)
    assert verdict.ended_early and not verdict.decided
    assert verdict.winners == () and verdict.bonus == (0, 0, 0)
    assert verdict.final_scores == verdict.totals == tuple(game.totals())
    assert verdict.totals == (0, 10, 10) and verdict.leaders == (1, 2)  # Bob and Cy made their zero bids
    assert (verdict.played, verdict.total) == (1, len(game.hands))
    # The same game still being played: leaders, no winner yet.
    playing = outcome(game, PLAYING)
    assert playing.leaders == (1, 2) and playing.winners == () and not playing.decided


def test_ties_share_a_place_and_lowest_wins_kinds_rank_ascending():
    module = KINDS["score-pad"]
    rules = module.Rules.from_dict({**next(iter(module.PRESETS.values())).to_dict(), "highest_wins": False})
    game = module.Game(["Ann", "Bob", "Cy"], rules)
    game.apply({"type": "round", "round": 0, "points": [5, 2, 2]})
    verdict = outcome(game, FINISHED)
    assert [(s.name, s.place) for s in verdict.standings] == [("Bob", 1), ("Cy", 1), ("Ann", 3)]
    assert verdict.winners == (1, 2) and verdict.names(verdict.winners) == ["Bob", "Cy"]
    assert verdict.place(0) == 3


def test_nothing_played_has_no_leader():
    game = Game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"])
    assert outcome(game).leaders == () and not outcome(game).started


def _record(kind, players, rules, setup, actions):
    return SimpleNamespace(kind=kind, players=players, rules=rules, setup=setup, actions=actions)


def test_replay_rebuilds_and_names_the_refused_entry():
    rules = PRESETS["oh-heck"].to_dict()
    good = [{"type": "bids", "hand": 0, "values": [1, 0, 0]}]
    game = replay(_record("bid-tricks", ["A", "B", "C"], rules, {"first_dealer": 0}, good))
    assert game.phase == "tricks"
    bad = good + [{"type": "tricks", "hand": 0, "values": [9, 9, 9]}]
    with pytest.raises(ReplayError) as refused:
        replay(_record("bid-tricks", ["A", "B", "C"], rules, {"first_dealer": 0}, bad))
    assert refused.value.entry == 1 and isinstance(refused.value, InvalidEntry)
    with pytest.raises(ReplayError) as shape:
        replay(_record("bid-tricks", ["A", "B", "C"], rules, {"first_dealer": 0}, [{"type": "bids"}]))
    assert shape.value.entry == 0
    with pytest.raises(ReplayError) as unknown:
        replay(_record("chess", ["A", "B"], {}, {}, []))
    assert unknown.value.entry is None and "Unknown game kind" in str(unknown.value)



def test_replay_builds_rules_once_per_rule_set_yet_refuses_what_the_rules_refuse():
    """Replay shares one Rules value among games of equal rules, but equal-looking data of another
    type is its own rule set: 8.0 cards or a hook of 1 are refused even right after 8 and true."""
    rules = PRESETS["oh-heck"].to_dict()
    first = replay(_record("bid-tricks", ["A", "B", "C"], dict(rules), {"first_dealer": 0}, []))
    again = replay(_record("bid-tricks", ["C", "B", "A"], dict(rules), {"first_dealer": 1}, []))
    assert again.rules is first.rules and again.rules == PRESETS["oh-heck"]
    for name, value in (("peak", 8.0), ("hook", 1)):
        odd = {**rules, name: value}
        assert odd == rules  # equal as values: only the type tells them apart
        with pytest.raises(ReplayError) as refused:
            replay(_record("bid-tricks", ["A", "B", "C"], odd, {"first_dealer": 0}, []))
        assert refused.value.entry is None
    with pytest.raises(ReplayError, match="setup can't be read"):
        replay(_record("bid-tricks", ["A", "B", "C"], rules, {"dealer": 0}, []))
    with pytest.raises(ReplayError) as shape:
        replay(_record("bid-tricks", ["A", "B", "C"], rules, {"first_dealer": 0}, [["bids", 0]]))
    assert shape.value.entry == 0 and shape.value.unreadable

@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-30, 30), min_size=3, max_size=3), min_size=1, max_size=8),
       st.sampled_from([PLAYING, FINISHED, ENDED_EARLY]))
def test_outcome_invariants(rounds, status):
    module = KINDS["score-pad"]
    game = module.Game(["Ann", "Bob", "Cy"], next(iter(module.PRESETS.values())))
    for index, points in enumerate(rounds):
        game.apply({"type": "round", "round": index, "points": points})
    verdict = outcome(game, status)
    assert verdict.totals == tuple(map(sum, zip(*rounds)))
    assert all(f == t + b for f, t, b in zip(verdict.final_scores, verdict.totals, verdict.bonus))
    best = max(verdict.final_scores) if verdict.highest_wins else min(verdict.final_scores)
    assert set(verdict.leaders) == {s for s, v in enumerate(verdict.final_scores) if v == best}
    assert verdict.winners == (verdict.leaders if status != ENDED_EARLY and verdict.decided else ())
    places = [s.place for s in verdict.standings]
    assert places == sorted(places) and places[0] == 1
