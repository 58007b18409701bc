"""Screen.kept: a part whose data is unchanged is handed back, and the parts kept inside it go on with
it, so that when the outer part is rebuilt later its unchanged inner parts are handed back too (a Bids
done tap rebuilds one row of the score card, not the card)."""
from __future__ import annotations

import flet as ft

from scorekeeper.ui.screen import Screen


class _Reconciling(Screen):
    reconcile = True


def _draw(screen: Screen, outer_data, inner_data, built: list[str]) -> ft.Control:
    def inner():
        built.append("inner")
        return ft.Text("row")

    def outer():
        built.append("outer")
        return ft.Column([screen.kept(("row", 1), inner_data, inner)])

    screen.start_drawing(fresh=False)
    part = screen.kept("card", outer_data, outer)
    screen.end_drawing()
    return part


def test_an_unchanged_part_inside_a_part_handed_back_is_still_handed_back_when_the_outer_is_rebuilt():
    screen = _Reconciling(app=None)
    built: list[str] = []
    first = _draw(screen, "game v1", "row 1", built)
    assert built == ["outer", "inner"]
    again = _draw(screen, "game v1", "row 1", built)  # a chip tap: the card handed back whole
    assert again is first and built == ["outer", "inner"]
    rebuilt = _draw(screen, "game v2", "row 1", built)  # a step: the card rebuilt, its unchanged row not
    assert rebuilt is not first and built == ["outer", "inner", "outer"]
    assert rebuilt.controls[0] is first.controls[0]
    _draw(screen, "game v3", "row 1 changed", built)  # the row changed: built anew
    assert built == ["outer", "inner", "outer", "outer", "inner"]
