"""The score curve of every kind: each player's running total after each hand (round), drawn with Flet's
canvas (Flet 1.0's charts are the flet-charts extension, which the prebuilt web client does not hold)."""
from __future__ import annotations

import flet as ft
import flet.canvas as cv

from scorekeeper.i18n import _

from .. import theme as t
from ..viewmodels.chart import ScoreChart
from ..viewmodels.texts import card_text
from ..widgets import fill, ident, muted, text

LEFT = 48  # room for the y labels
BOTTOM = 26  # room for the hand numbers
LABEL = 13  # the axes' numbers, readable at arm's length
LABEL_ROOM = 24  # px between two hand numbers along the bottom: "15" and "16" never touch


def build_chart(screen, width: float) -> ft.Control:
    """The chart of the screen's game. Beside the hand on a tablet, a chip tap leaves the game as it was:
    the last chart is handed back (Screen.kept); a step's drawing hands it back too, and the drawing a
    moment after brings it up to date, as the score card (Screen.brought_up_later)."""
    items: list[ft.Control] = [] if screen.app.wide else [*screen.messages()]
    # The game object itself: a new one comes with every stored entry (Game has no __eq__: identity).
    later = screen.brought_up_later("chart", screen.session.version)
    items += screen.kept("chart", (screen.game, width), lambda: _chart_parts(screen.game, width), hidden=later)
    return fill(screen.pane("chart"), items)


def _chart_parts(game, width: float) -> list[ft.Control]:
    chart = ScoreChart(game)
    return [ident("chart-title", text(_("Running totals"), t.TITLE - 2, weight=ft.FontWeight.BOLD)),
            _legend(chart),
            chart_canvas(chart, max(280, width - 2 * t.PAD), 300 if width < 700 else 380),
            muted(chart.caption(), t.SMALL)]


def _legend(chart: ScoreChart) -> ft.Control:
    return ft.Row(wrap=True, spacing=14, run_spacing=6, controls=[
        ft.Row([ft.Container(width=18, height=6, bgcolor=t.SERIES[s.seat % len(t.SERIES)], border_radius=3),
                ft.Text(f"{s.name} {card_text(s.totals[-1])}", size=t.BODY, weight=ft.FontWeight.W_600)], spacing=6, tight=True)
        for s in chart.series])


def chart_canvas(chart: ScoreChart, width: float, height: float) -> ft.Control:
    plot_w, plot_h = width - LEFT - 8, height - BOTTOM - 8
    shapes: list[cv.Shape] = []
    grid = ft.Paint(color=ft.Colors.with_opacity(0.25, ft.Colors.ON_SURFACE), stroke_width=1)
    label_style = ft.TextStyle(size=LABEL, color=ft.Colors.ON_SURFACE_VARIANT)
    for tick in chart.y_ticks():
        y = 4 + chart.y_of(tick, plot_h)
        paint = ft.Paint(color=ft.Colors.with_opacity(0.6, ft.Colors.ON_SURFACE), stroke_width=1.5,
                         stroke_dash_pattern=[6, 4]) if tick == 0 else grid
        shapes.append(cv.Line(LEFT, y, LEFT + plot_w, y, paint=paint))
        shapes.append(cv.Text(LEFT - 6, y, card_text(tick), style=label_style, alignment=ft.Alignment.CENTER_RIGHT))
    hands = max(chart.steps, 1)
    # Every hand numbered where the numbers fit, else every 2nd, 5th, 10th...
    step = next((every for every in (1, 2, 5, 10, 20, 50, 100, 200) if plot_w * every / hands >= LABEL_ROOM), 500)
    for index in range(0, hands + 1, step):
        x = LEFT + plot_w * index / hands
        shapes.append(cv.Text(x, 4 + plot_h + 6, str(index), style=label_style, alignment=ft.Alignment.TOP_CENTER))
    for series in chart.series:
        color = t.SERIES[series.seat % len(t.SERIES)]
        points = [(LEFT + x, 4 + y) for x, y in chart.points(series.seat, plot_w, plot_h)]
        if len(points) > 1:
            elements = [cv.Path.MoveTo(*points[0])] + [cv.Path.LineTo(x, y) for x, y in points[1:]]
            shapes.append(cv.Path(elements, paint=ft.Paint(color=color, stroke_width=3.5, style=ft.PaintingStyle.STROKE,
                                                           stroke_join=ft.StrokeJoin.ROUND, stroke_cap=ft.StrokeCap.ROUND)))
        x, y = points[-1]
        shapes.append(cv.Circle(x, y, 5, paint=ft.Paint(color=color)))
    canvas = cv.Canvas(shapes=shapes, width=width, height=height)
    return ft.Semantics(label=chart.describe(), content=ft.Container(content=canvas, width=width, height=height),
                        identifier="chart", exclude_semantics=True)
