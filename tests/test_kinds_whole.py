"""Every kind of game has all its parts, found by one id (scorekeeper/kinds.py): its rules, its formats
and its app side, each the part its layer's registry names for that id."""
import pytest

from scorekeeper.exchange.kinds import FORMATS
from scorekeeper.kinds import every_kind, kind
from scorekeeper.rules.kinds import KINDS
from scorekeeper.ui.kinds import KIND_UIS


def test_every_kind_the_rules_know_has_its_formats_and_its_app_side():
    kinds = every_kind()
    assert [whole.id for whole in kinds] == list(KINDS)
    for whole in kinds:
        assert whole.rules.KIND == whole.id
        assert whole.formats is not None and whole.formats.csv.kind == whole.id, f"{whole.id} has no formats"
        assert whole.ui is not None and whole.ui.kind == whole.id, f"{whole.id} has no app side"
        assert set(whole.ui.presets) == set(whole.rules.PRESETS), f"{whole.id}: New game offers other presets"


def test_no_layer_knows_a_kind_the_rules_do_not():
    assert set(FORMATS) <= set(KINDS) and set(KIND_UIS) <= set(KINDS)


def test_a_kind_that_is_not_one_is_named_with_the_kinds_there_are():
    with pytest.raises(KeyError, match="no kind 'bridge': the kinds are bid-tricks"):
        kind("bridge")
