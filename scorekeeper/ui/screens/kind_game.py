"""A game of the other kinds in play: the free score pad, HIT THE DECK and WHAT THE HECK?.

One frame for all three (undo, redo and home in the app bar; the entry and the score card as tabs on
a phone, side by side on a tablet); each kind draws only its own entry. Every number comes from the
view models (viewmodels/kind_entry.py, kind_play.py), which take it from the engine."""
from __future__ import annotations

import flet as ft

from .. import theme as t
from ..viewmodels.kind_entry import NUMBER_BUTTONS, PAD_STEPS, AuctionEntry, DeckEntry, PadEntry, TYPED_LENGTH, card_text, signed_text
from ..viewmodels.kind_play import KindCard, KindPlay
from ..viewmodels.session import GameSession
from ..widgets import body, button, chip, fill, heading, icon_button, ident, muted, tab_bar, text
from .play import PlayScreen

GOOD = ft.Colors.TERTIARY
HEAD_COL = 60
ROW_H = 58


class KindGameScreen(PlayScreen):
    play: KindPlay
    size_dependent = True

    def __init__(self, app, game_id: str, state=None, *, tab: str = "entry"):
        super().__init__(app)
        self.game_id = game_id
        self.play = KindPlay(GameSession(app.store, game_id, state))
        self.tab = "card" if tab in ("card", "chart") else "entry"
        self.fields: dict[tuple, ft.TextField] = {}  # typed points, kept across redraws (they keep focus)

    @property
    def name(self) -> str:
        return self.game.rules.display_name

    @property
    def title(self) -> str:  # type: ignore[override]
        """The game's name on a tablet. A phone's app bar (back, undo, redo and home beside it) has room
        for about 12 capitals, too few for "WHAT THE HECK?" or "HIT THE DECK (house rules)": there it
        names the round being entered (in view on both tabs), and the game's name heads the pane."""
        name = self.name
        if self.play.over and not self.play.correcting:
            return f"{name}: game over" if self.app.wide else "Game over"
        if self.app.wide or self.entry is None:
            return name
        return self.entry.title()

    def _shows_final(self) -> bool:
        """Not while a round of a finished game is being corrected (saving it reopens the game)."""
        return self.play.over and not self.play.correcting

    def correct(self, index: int) -> None:
        """A tap on a round of the score card: that round opens in the entry for a correction."""
        self.tab = "entry"
        self._do(self.play.correct, index)

    def tap(self, drawn: int, step, *args) -> None:
        """A tap inside the entry, on a screen drawn from version `drawn` of the game: kept as a draft
        (the round is stored when it is done); refused when another device's entry came in since."""
        self.play.tapped()
        if self.play.stale(drawn):
            return

        def tapped() -> None:
            before = self.play.entry.snapshot()
            step(*args)
            self.play.keep_taps(before)

        self._do(tapped)  # the other devices show the taps kept

    # ----- app bar -----

    def actions(self) -> list[ft.Control]:
        state = self.session.state
        drawn = state.version  # undo and redo undo (redo) what they said (Screen.for_version)
        return [
            self.for_version(drawn, "undo", icon_button(
                ft.Icons.UNDO, state.undo_text or "Nothing to undo", self.app.act(lambda: self._do(self.play.undo, drawn)),
                disabled=not state.can_undo, identifier="undo")),
            self.for_version(drawn, "redo", icon_button(
                ft.Icons.REDO, state.redo_text or "Nothing to redo", self.app.act(lambda: self._do(self.play.redo, drawn)),
                disabled=not state.can_redo, identifier="redo")),
            icon_button(ft.Icons.HOME_OUTLINED, "Home", self.app.home, identifier="home"),
        ]

    # ----- drawing -----

    def build(self) -> ft.Control:
        app = self.app
        if app.wide:
            left = ft.Container(content=self._entry(app.width * 0.45), expand=5)
            right = ft.Container(content=build_kind_card(self, app.width * 0.55), expand=6)
            return ft.Row([left, ft.VerticalDivider(width=1), right], expand=True, spacing=0,
                          vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        content = build_kind_card(self, app.width) if self.tab == "card" else self._entry(app.width)
        return ft.Column([ft.Container(content=content, expand=True), self._tab_bar()], expand=True, spacing=0,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _tab_bar(self) -> ft.Control:
        noun = self.game.unit.capitalize()
        tabs = (("entry", noun, ft.Icons.EDIT_NOTE), ("card", "Score card", ft.Icons.GRID_ON))
        return tab_bar(tabs, self.tab, lambda name: self.app.act(lambda _e=None: setattr(self, "tab", name)))

    def _entry(self, width: float) -> ft.Control:
        entry = self.entry
        drawn = self.session.version  # every tap below acts on it (Screen.for_version, PlayBase.stale)
        items: list[ft.Control] = [*self.messages()]
        if entry is None:
            items.append(heading("The game is over."))
            return body(self.pane("entry"), width, items, max_width=720)
        if self.app.wide:
            items.append(ft.Row([ident("round-title", heading(entry.title(), t.TITLE + 2))]))
        else:  # the round is the app bar's title (see `title`)
            items.append(game_name_line(self.name))
        if entry.correcting:
            items.append(ident("correcting", _callout(self.play.correcting_text(), strong=True)))
        if isinstance(entry, PadEntry):
            taps = self._pad(entry, drawn)
        elif isinstance(entry, DeckEntry):
            taps = self._deck(entry, drawn)
        else:
            taps = self._auction(entry, drawn)
        items.append(self.for_version(drawn, "taps", ft.Column(
            taps, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
        if entry.correcting:
            items.append(self.for_version(drawn, "done", ft.Row([
                button("Cancel", self.app.act(lambda: self._do(self.play.cancel_correction)), expand=True,
                       identifier="cancel-correction"),
                button("Save correction", self.app.act(lambda: self._do(self.play.save_correction, drawn)),
                       primary=True, expand=True, identifier="save-correction"),
            ], spacing=t.GAP)))
        else:
            done = "Hand done" if isinstance(entry, DeckEntry) else "Round done"
            items.append(self.for_version(drawn, "done", ft.Row([
                button(done, self.app.act(lambda: self._do(self.play.submit, drawn)), primary=True,
                       icon=ft.Icons.CHECK, expand=True, identifier="round-done")])))
        problem = entry.problem()
        # What is missing, under the button; unless the callout above says it already (what WHAT THE
        # HECK? still waits for; HIT THE DECK's "tap who went out").
        said = isinstance(entry, AuctionEntry) or (isinstance(entry, DeckEntry) and entry.out is None)
        if problem and not said:
            items.append(ident("problem", muted(problem, t.BODY)))
        if entry.correcting:  # ending the game waits until the correction is saved or cancelled
            return body(self.pane("entry"), width, items, max_width=720, spacing=12)
        items.append(ft.Container(height=8))
        if self.play.open_ended:
            items.append(self.for_version(drawn, "finish", ft.Row([
                button("Finish the game", self.app.act(lambda: self._do(self.play.finish, drawn)), icon=ft.Icons.FLAG,
                       disabled=not self.play.can_finish, identifier="finish-game", expand=True)])))
            if not self.play.can_finish:
                items.append(muted("Finish the game once a round is entered.", t.SMALL + 1))
        else:
            items.append(ft.Row([button("End the game now", self.app.act(lambda: self._do(self.play.end_game)),
                                        icon=ft.Icons.FLAG_OUTLINED, danger=True, identifier="end-game")],
                                alignment=ft.MainAxisAlignment.END))
        return body(self.pane("entry"), width, items, max_width=720, spacing=12)

    # ----- score pad -----

    def _pad(self, entry: PadEntry, drawn: int) -> list[ft.Control]:
        items: list[ft.Control] = []
        line = entry.target_line()
        if line:
            items.append(muted(line, t.BODY))
        for seat, name in enumerate(entry.players):
            value = entry.points[seat]
            colour = ft.Colors.ERROR if value < 0 else (GOOD if value > 0 else ft.Colors.ON_SURFACE_VARIANT)
            head = ft.Row([
                ft.Column([
                    ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
                    ft.Text(entry.total_line(seat), size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT),
                ], spacing=0, expand=True),
                ft.Text(signed_text(value), size=t.BIG, weight=ft.FontWeight.BOLD, color=colour, width=76,
                        text_align=ft.TextAlign.RIGHT, semantics_label=f"{name}'s points: {card_text(value)}"),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
            steps = ft.Row([
                _step_button(signed_text(delta), entry.step_label(seat, delta),
                             self.app.act(lambda _e=None, s=seat, d=delta: self.tap(drawn, entry.step, s, d)), expand=True)
                for delta in PAD_STEPS], spacing=4)
            field = self._points_field(entry, seat, label=entry.field_label(seat), shown=entry.stepped[seat],
                                       value=entry.field_text(seat), error=entry.errors[seat])
            sign = _step_button("±", f"{name} change sign",
                                self.app.act(lambda _e=None, s=seat: self.tap(drawn, entry.flip_sign, s)), width=t.TOUCH + 8)
            items.append(_box([head, steps, ft.Row([field, sign], spacing=t.GAP,
                                                   vertical_alignment=ft.CrossAxisAlignment.CENTER)]))
        return items

    # ----- HIT THE DECK -----

    def _deck(self, entry: DeckEntry, drawn: int) -> list[ft.Control]:
        items: list[ft.Control] = [text("Who went out?", t.TITLE - 4, weight=ft.FontWeight.BOLD)]
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            _pill(c.shown, c.label, self.app.act(lambda _e=None, s=c.value: self.tap(drawn, entry.tap_out, s)), c.selected)
            for c in entry.out_choices()]))
        items.append(ident("hand-summary", _callout(entry.summary())))
        if entry.out is None:
            return items
        target = self.game.rules.target
        items.append(ft.Column([
            text("Cards left in hand", t.TITLE - 4, weight=ft.FontWeight.BOLD),
            muted(f"Lowest total wins; the game ends when someone reaches {target}.", t.SMALL + 1),
        ], spacing=2))
        for seat, name in enumerate(entry.players):
            if seat == entry.out:
                continue
            points = entry.points(seat)
            new_total = entry.new_total(seat)
            head = ft.Row([
                ft.Column([
                    ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
                    ft.Text(entry.total_line(seat), size=t.SMALL + 1,
                            color=ft.Colors.ERROR if new_total >= target else ft.Colors.ON_SURFACE_VARIANT),
                ], spacing=0, expand=True),
                ft.Text("–" if points is None else str(points), size=t.BIG, weight=ft.FontWeight.BOLD, width=76,
                        text_align=ft.TextAlign.RIGHT,
                        color=ft.Colors.PRIMARY if points is not None else ft.Colors.ON_SURFACE_VARIANT,
                        semantics_label=f"{name}'s points: {'none yet' if points is None else card_text(points)}"),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
            progress = ft.ProgressBar(value=min(1.0, new_total / target), height=6, border_radius=3,
                                      color=ft.Colors.ERROR if new_total >= target else ft.Colors.PRIMARY,
                                      bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
            numbers = ft.Row([
                _step_button(f"+{value}", entry.number_label(seat, value),
                             self.app.act(lambda _e=None, s=seat, v=value: self.tap(drawn, entry.add_number, s, v)), expand=True)
                for value in NUMBER_BUTTONS], spacing=4)
            specials = ft.Row([
                _step_button("Word or Hit card +10", entry.special_label(seat),
                             self.app.act(lambda _e=None, s=seat: self.tap(drawn, entry.add_special, s)), expand=True),
                icon_button(ft.Icons.BACKSPACE_OUTLINED, f"{name} take back a card",
                            self.app.act(lambda _e=None, s=seat: self.tap(drawn, entry.take_back, s))),
                icon_button(ft.Icons.CLEAR, f"{name} clear", self.app.act(lambda _e=None, s=seat: self.tap(drawn, entry.clear, s))),
            ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
            field = self._points_field(entry, seat, label=f"Or type {name}'s points", shown=entry.cleared[seat],
                                       value=entry.typed[seat])
            items.append(_box([
                head, progress,
                ident(f"count-{seat}", text(entry.count_line(seat), t.BODY, weight=ft.FontWeight.W_600)),
                numbers, specials,
                ft.Row([field]),
            ]))
        return items

    def _points_field(self, entry: DeckEntry | PadEntry, seat: int, *, label: str, shown: int, value: str,
                      error: str | None = None) -> ft.TextField:
        """A field for typed points, kept across redraws (so it keeps the focus and what is typed);
        a fresh one is drawn when `shown` changes (the points were changed another way).
        `entry.type_points(seat, text)` takes each change; what it returns (a refusal) shows under it."""
        drawn = self.session.version
        fields_of = getattr(self, "_fields_of", (None, None))
        if fields_of[0] is not entry or fields_of[1] != drawn:  # a new hand (or the same one after an undo),
            self.fields, self._fields_of = {}, (entry, drawn)  # or another version of the game (see for_version)
        key = (seat, shown)
        field = self.fields.get(key)
        if field is None:

            def changed(e, s=seat):
                if self.play.stale(drawn):  # typed on a screen drawn before another device's entry
                    self.app.redraw()
                    return
                before = entry.snapshot()
                refusal = entry.type_points(s, e.control.value or "")
                if not self.play.keep_taps(before):
                    refusal = self.play.message
                if refusal != e.control.error:  # the refusal shows at once, without a redraw
                    e.control.error = refusal
                    e.control.update()

            field = ft.TextField(
                label=label, value=value, error=error, error_max_lines=3, text_size=t.BODY, expand=True,
                max_length=TYPED_LENGTH, counter="",  # a limit the drafts rely on, without a counter shown
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=self.app.act(changed, redraw=False),
                on_blur=self.app.act(lambda: None), on_submit=self.app.act(lambda: None))
            self.fields[key] = field
        return field

    # ----- WHAT THE HECK? -----

    def _auction(self, entry: AuctionEntry, drawn: int) -> list[ft.Control]:
        items: list[ft.Control] = []
        carry = entry.carry_line()
        if carry:
            items.append(ident("carried", _callout(carry, strong=True)))
        chosen = entry.point_card
        items.append(ft.Row([
            text("Point card turned up", t.TITLE - 4, weight=ft.FontWeight.BOLD, ),
            ft.Container(expand=True),
            ft.Text("–" if chosen is None else entry.choice_text(chosen), size=t.BIG, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY, semantics_label=f"Point card: {'none yet' if chosen is None else chosen}"),
        ]))
        items.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            chip(c.shown, c.label, self.app.act(lambda _e=None, v=c.value: self.tap(drawn, entry.pick_point_card, v)),
                 selected=c.selected)
            for c in entry.point_choices()]))
        items.append(text("Cards played", t.TITLE - 4, weight=ft.FontWeight.BOLD))
        cancelled = set(entry.cancelled())
        for seat, name in enumerate(entry.players):
            card = entry.played[seat]
            shown = "–" if card is None else entry.choice_text(card)
            tied = seat in cancelled
            head = ft.Row([
                ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, expand=True, overflow=ft.TextOverflow.ELLIPSIS),
                muted("tied: cancelled", t.BODY) if tied else ft.Container(),
                ft.Text(shown, size=t.BIG, weight=ft.FontWeight.BOLD, width=60, text_align=ft.TextAlign.RIGHT,
                        color=ft.Colors.ERROR if tied else (ft.Colors.PRIMARY if card is not None else ft.Colors.ON_SURFACE_VARIANT),
                        semantics_label=f"{name}'s card: {'none yet' if card is None else card}"),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER, expand=True)
            if entry.folded(seat):
                items.append(ident(f"change-card-{name}", ft.Container(
                    content=ft.Row([head, ft.Icon(ft.Icons.EDIT, size=18, color=ft.Colors.ON_SURFACE_VARIANT,
                                                  semantics_label=f"change {name}'s card")]),
                    height=t.TOUCH + 4, padding=ft.Padding.symmetric(horizontal=12), border_radius=14,
                    bgcolor=ft.Colors.SURFACE_CONTAINER, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                    on_click=self.app.act(lambda _e=None, s=seat: self.tap(drawn, entry.open_row, s)), ink=True)))
                continue
            chips = ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                chip(c.shown, c.label, self.app.act(lambda _e=None, s=seat, v=c.value: self.tap(drawn, entry.pick, s, v)),
                     selected=c.selected)
                for c in entry.card_choices(seat)])
            items.append(_box([head, chips], highlight=entry.turn() == seat))
        taker = entry.taker()
        items.append(ident("outcome", _callout(entry.outcome_line(), strong=taker is not None or entry.problem() is None)))
        return items


# ----- small pieces -----


def game_name_line(name: str) -> ft.Control:
    """The game's name at the top of a phone's pane (its app bar names the round instead)."""
    return ident("game-name", ft.Text(name, size=t.SMALL + 1, weight=ft.FontWeight.BOLD,
                                      color=ft.Colors.ON_SURFACE_VARIANT))


def _step_button(shown: str, label: str, on_click, *, expand: bool = False, width: int | None = None) -> ft.Control:
    return ft.Container(
        content=ft.Text(shown, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=label,
                        text_align=ft.TextAlign.CENTER),
        height=t.TOUCH, width=width, expand=expand, alignment=ft.Alignment.CENTER, border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_click=on_click, ink=True,
    )


def _pill(shown: str, label: str, on_click, selected: bool) -> ft.Control:
    return ft.Container(
        content=ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE if selected else ft.Icons.CIRCLE_OUTLINED, size=22,
                    color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(shown, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=label,
                    color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE),
        ], spacing=6, tight=True),
        height=t.TOUCH, padding=ft.Padding.symmetric(horizontal=16), border_radius=t.TOUCH // 2,
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        on_click=on_click, ink=True,
    )


def _callout(message: str, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(message, size=t.BODY + 2, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_SURFACE),
        padding=12, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.SURFACE_CONTAINER_HIGHEST)


def _box(parts: list[ft.Control], highlight: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Column(parts, spacing=8), padding=12, border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if highlight else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if highlight else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


# ----- the score card -----


def build_kind_card(screen, width: float) -> ft.Control:
    card = KindCard(screen.game)
    players = card.players
    correct = getattr(screen, "correct", None)  # a tap on a round opens it for a correction
    entry = getattr(screen, "entry", None)
    editing = entry.index if entry is not None and entry.correcting else None
    usable = width - 2 * t.PAD
    col = max(66, (usable - HEAD_COL) / max(1, len(players)))
    grid_width = HEAD_COL + col * len(players)
    rows = [ft.Row([_head(card.head_word, HEAD_COL, lines=2)] + [_head(name, col, bold=True) for name in players],
                   spacing=0)]
    card_rows = card.rows()
    for row in card_rows:
        index = row.number - 1
        tap = screen.app.act(lambda _e=None, i=index: correct(i)) if correct is not None else None
        cells = [ident(f"row-{row.number}", ft.Container(
            content=ft.Column([
                ft.Text(row.head, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=row.head_label),
                ft.Text(row.note, size=11, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
            ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=HEAD_COL, height=ROW_H, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if index == editing else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if index == editing else None,
            on_click=tap, ink=tap is not None))]
        for cell in row.cells:
            if cell.mark == "good":
                bg, accent = ft.Colors.TERTIARY_CONTAINER, ft.Colors.TERTIARY
            elif cell.mark == "bad":
                bg, accent = ft.Colors.ERROR_CONTAINER, ft.Colors.ERROR
            else:
                bg, accent = ft.Colors.SURFACE_CONTAINER, None
            cells.append(ident(f"cell-{row.number}-{cell.seat}", ft.Container(
                content=ft.Column([
                    ft.Text(cell.main, size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=cell.label),
                    ft.Text(cell.sub, size=t.BODY + 3, weight=ft.FontWeight.BOLD),
                ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                width=col, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=bg,
                border=ft.Border.only(left=ft.BorderSide(3, accent)) if accent else None,
                on_click=tap, ink=tap is not None)))
        rows.append(ft.Row(cells, spacing=0))
    rows.append(ft.Row([_head("Total", HEAD_COL)] + [
        ident(f"total-{seat}", ft.Container(
            content=ft.Text(card_text(total), size=t.TITLE, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{players[seat]} total {card_text(total)}"),
            width=col, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.PRIMARY))))
        for seat, total in enumerate(card.totals())], spacing=0))
    grid: ft.Control = ft.Column(rows, spacing=2, width=grid_width)
    items: list[ft.Control] = [] if screen.app.wide else [*screen.messages(), game_name_line(screen.name)]
    items.append(ident("leader", text(card.leader_line(), t.TITLE - 2, weight=ft.FontWeight.BOLD)))
    hint = f" · tap a {screen.game.unit} to correct it"
    items.append(muted(card.progress_line() + (hint if correct is not None and card_rows else ""), t.BODY))
    if grid_width > usable + 1:  # (not by a rounding error: the columns share the width exactly)
        grid = ft.Row([grid], scroll=ft.ScrollMode.ALWAYS)
        items.append(muted("Swipe the card sideways to see every player.", t.SMALL + 1))
    items.append(grid)
    items.append(heading("Standings", t.TITLE - 2))
    standings = []
    for s in card.standings():
        standings.append(ident(f"standing-{s.seat}", ft.Container(
            content=ft.Row([
                ft.Text(s.place_text, size=t.BODY + 1, weight=ft.FontWeight.BOLD, width=52,
                        color=ft.Colors.PRIMARY if s.leader else None),
                ft.Column([
                    ft.Row([ft.Text(s.name, size=t.BODY + 1, weight=ft.FontWeight.BOLD),
                            ft.Icon(ft.Icons.STAR, color=ft.Colors.PRIMARY, size=20, semantics_label="leader")
                            if s.leader else ft.Container()], spacing=6),
                    ft.Text(s.detail, size=t.SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
                ], spacing=0, expand=True),
                ft.Text(card_text(s.score), size=t.TITLE - 2, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.RIGHT),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if s.leader else ft.Colors.SURFACE_CONTAINER)))
    items.append(ft.Column(standings, spacing=4))
    items.append(muted(card.legend(), t.SMALL))
    return fill(screen.pane("card"), items)


def _head(value: str, width: float, bold: bool = False, lines: int = 1) -> ft.Control:
    size = t.BODY if bold else (t.SMALL if lines == 1 or " " not in value else t.SMALL - 2)
    return ft.Container(
        content=ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None,
                        max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
        width=width, height=40, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
