"""New game: the game (a preset, or a table's own rules from any preset), the players in seating order,
the first dealer; a live preview of the hand sequence, worked examples and the deck's cap."""
from __future__ import annotations

import flet as ft

from scorekeeper import services
from scorekeeper.i18n import _

from .. import theme as t
from ..screen import Screen
from ..viewmodels.new_game import ALL_PRESETS, NewGame
from ..widgets import (above_action_bar, banner, body, button, card, field_text, heading, icon_button, ident,
                       labelled_switch, muted, name_field, staircase, text)


class NewGameScreen(Screen):
    @property
    def title(self) -> str:
        return _("New game")

    # Redrawn by diff (App.redraw): a control keeps its place in the browser across a redraw, so a tap
    # on a switch while a number field has the focus (the field's blur redraws) still reaches it. Every
    # control is drawn anew from what this screen knows: a field's text is what its on_change events
    # said (`typed`), a switch flips what the view model holds.
    reconcile = True

    def __init__(self, app, *, like: str | None = None, table: str | None = None):
        super().__init__(app)
        self.table = (table or "").strip()[:40]  # the table it is played at ("Table 3": /new?table=Table%203)
        try:
            roster = [player.name for player in app.store.roster()]
        except Exception as error:
            roster, self.message = [], str(error)
        self.vm = NewGame(roster=roster, default_preset=app.settings.default_preset)
        self.typed: dict[str, str] = {}  # field key -> the text typed into it
        self.names_added = 0  # a fresh name field after each name added (its key says which)
        if like:
            self._start_like(like)

    # ----- drawing -----

    def build(self) -> ft.Control:
        if not self.app.may_edit:  # (an address typed, a link): no form a device without the PIN can't send
            return body(self.pane(), self.app.width, [
                *self.messages(),
                text(_("This device follows the games. To start one here, enter the table's PIN."), t.BODY),
                ft.Row([button(_("Enter the PIN"), self.app.act(lambda: self.app.open("/pin", replace=True)),
                               icon=ft.Icons.LOCK_OPEN, identifier="enter-pin", expand=True, primary=True)])])
        vm = self.vm
        items: list[ft.Control] = [*self.messages()]
        if self.table:
            # Translators: {table} is the name of the table the new game is played at ("Table 3").
            items.append(ident("table-name", muted(_("Played at {table}", table=self.table), t.BODY)))
        items += self._game_section()
        items += self._players_section()
        items += self._preview_section()
        pane = body(self.pane(), self.app.width, items)
        # Start stays on screen below the form, however long it grows (seats, house rules, the preview).
        problem = vm.problem()
        return above_action_bar(pane, [
            *([ident("start-problem", muted(problem, t.BODY))] if problem else []),
            ft.Row([button(_("Start the game"), self.app.act(self.start), icon=ft.Icons.PLAY_ARROW, primary=True,
                           disabled=problem is not None, identifier="start-game", expand=True)]),
        ], self.app.width)

    def _game_section(self) -> list[ft.Control]:
        vm = self.vm
        # The chosen game is told to screen readers too (aria-current), not only by its tick and colour.
        presets = ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            ft.Semantics(selected=rules.id == vm.preset_id, content=button(
                rules.shown_name, self.app.act(lambda _e=None, pid=rules.id: vm.choose_preset(pid)),
                primary=rules.id == vm.preset_id, icon=ft.Icons.CHECK if rules.id == vm.preset_id else None))
            for rules in vm.presets
        ])
        # Translators: the heading over the games to choose from (Oh Heck, Skull King, ...).
        items = [heading(_("Game")), presets, ident("description", muted(vm.description(), t.BODY))]
        if not vm.bid_tricks:  # the other kinds' few options, always in view
            items.append(self._options_card(self._kind_options()))
            if vm.rules_error:
                items.append(banner(vm.rules_error, identifier="rules-problem"))
            return items
        items += [labelled_switch(_("Change the rules (house rules)"), vm.custom,
                                  self.app.act(lambda: vm.set_custom(not vm.custom)))]
        if vm.custom:
            items.append(self._options_card(self._options()))
            if vm.rules_error:
                items.append(banner(vm.rules_error, identifier="rules-problem"))
        return items

    def _options_card(self, options: list[ft.Control]) -> ft.Control:
        drawn = card(ft.Column(options, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        drawn.key = f"options:{self.vm.preset_id}"
        return drawn

    def _kind_options(self) -> list[ft.Control]:
        vm = self.vm
        controls: list[ft.Control] = []
        for option in vm.kind_options:
            if option.kind == "choice":
                current = vm.option_value(option.name)
                controls.append(muted(option.label, t.BODY))
                controls.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                    button(words, self.app.act(lambda _e=None, v=value, name=option.name: vm.set_option(name, v)),
                           primary=value == current, icon=ft.Icons.CHECK if value == current else None)
                    for value, words in option.choices]))
            else:
                controls.append(self._field(option.name, option.label, vm.option_text(option.name)))
        for index in vm.ui.rule_lines_with_options:
            controls.append(muted("• " + vm.rule_lines()[index], t.SMALL + 1))
        return controls

    def _options(self) -> list[ft.Control]:
        vm = self.vm
        controls: list[ft.Control] = []
        for option in vm.ui.options:
            if option.kind == "bool":
                controls.append(labelled_switch(
                    option.label, bool(vm.option_value(option.name)),
                    self.app.act(lambda _e=None, name=option.name: vm.set_option(name, not vm.option_value(name)))))
            elif option.kind == "choice":
                current = vm.option_value(option.name)
                controls.append(muted(option.label, t.BODY))
                controls.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                    button(words, self.app.act(lambda _e=None, v=value, name=option.name: vm.set_option(name, v)),
                           primary=value == current)
                    for value, words in option.choices]))
                if current == "list":
                    controls.append(self._field("hand_list", _("Hands, largest first or in any order (e.g. 5, 3, 1)"),
                                                ", ".join(str(c) for c in vm.rules.hand_list)))
            else:
                controls.append(self._field(option.name, option.field_label, vm.option_text(option.name)))
        return controls

    def _field(self, name: str, label: str, value: str) -> ft.TextField:
        key = f"{self.vm.preset_id}:{getattr(self.vm, 'fields_version', 0)}:{name}"  # a fresh field per game
        return ft.TextField(label=label, value=self.typed.get(key, value), text_size=t.BODY, key=f"field:{key}",
                            keyboard_type=ft.KeyboardType.NUMBER if name != "hand_list" else ft.KeyboardType.TEXT,
                            on_change=self.app.act(lambda e, n=name, k=key: self._typed(n, field_text(e), k), redraw=False),
                            on_blur=self.app.typed, on_submit=self.app.act(lambda: None))

    def _typed(self, name: str, value: str, key: str) -> None:
        self.typed[key] = value
        if name == "hand_list":
            parts = [p for p in value.replace(",", " ").split() if p]
            try:
                hands = tuple(int(p) for p in parts)
            except ValueError:
                self.vm.rules_error = _("Hands: type whole numbers separated by commas, for example 5, 3, 1")
                return
            self.vm.set_option_raw("hand_list", hands)
        else:
            self.vm.set_option(name, value)

    def _players_section(self) -> list[ft.Control]:
        vm = self.vm
        items: list[ft.Control] = [heading(_("Players"))]
        roster = vm.roster_choices()
        if roster:
            items.append(muted(_("Tap to seat or unseat a player:"), t.BODY))
            items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
                button(name, self.app.act(lambda _e=None, n=name: vm.toggle_player(n)),
                       icon=ft.Icons.CHECK if seated else ft.Icons.PERSON_ADD_ALT, primary=seated)
                for name, seated in roster]))
        # Translators: the button beside the new player's name: adds the player.
        items.append(ft.Row([self._name_field(), button(_("Add"), self.app.act(self.add_typed), icon=ft.Icons.ADD,
                                                     identifier="add-player")],
                            vertical_alignment=ft.CrossAxisAlignment.CENTER, key="add-player-row"))
        if vm.players and not vm.bid_tricks:
            items.append(muted(_("Seating order:"), t.BODY))
            items.append(ft.Column([self._plain_row(seat, name) for seat, name in enumerate(vm.players)], spacing=4))
        elif vm.players:
            items.append(muted(_("Seating order, in the direction of play:"), t.BODY))
            rows = []
            for seat, name in enumerate(vm.players):
                dealer = vm.first_dealer == seat
                shown = ident(f"seat-{seat}", ft.Text(name, size=t.BODY + 1, weight=ft.FontWeight.BOLD,
                                                      overflow=ft.TextOverflow.ELLIPSIS, expand=not dealer))
                choice = ft.TextButton(
                    # Translators: "Dealer?" is tapped to make a player the first dealer.
                    content=ft.Text(_("Deals first") if dealer else _("Dealer?"), size=t.SMALL + 1,
                                    semantics_label=_("{name} deals first", name=name),
                                    weight=ft.FontWeight.BOLD if dealer else None,
                                    color=ft.Colors.PRIMARY if dealer else ft.Colors.ON_SURFACE_VARIANT),
                    icon=ft.Icons.STYLE if dealer else None, height=t.TOUCH - 8 if dealer else t.TOUCH,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)) if dealer else None,
                    on_click=self.app.act(lambda _e=None, s=seat: vm.set_dealer(s)))
                # The first dealer's name keeps the row's width, "Deals first" under it: beside it, a long
                # language's words ("Donne en premier") left the name no room at all on a phone.
                who = ([ft.Column([shown, choice], spacing=0, tight=True, expand=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.START)] if dealer else [shown, choice])
                rows.append(ft.Container(
                    content=ft.Row([
                        ft.Text(f"{seat + 1}", size=t.BODY, width=22, color=ft.Colors.ON_SURFACE_VARIANT),
                        *who,
                        *self._seat_buttons(seat, name),
                    ], spacing=0),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if dealer else ft.Colors.SURFACE_CONTAINER,
                    border_radius=10, padding=ft.Padding.only(left=10),
                ))
            items.append(ft.Column(rows, spacing=4))
            # On a line of its own, so a long one wraps ("First dealer: drawn at random when the game starts").
            items.append(ident("dealer-line", text(vm.dealer_line(), weight=ft.FontWeight.W_600)))
            items.append(ft.Row([button(_("Draw the first dealer"), self.app.act(vm.draw_dealer), icon=ft.Icons.CASINO,
                                        identifier="draw-dealer", expand=True)]))
        return items

    def _seat_buttons(self, seat: int, name: str) -> list[ft.Control]:
        """The buttons that move the player at `seat` up or down the table or take them off it."""
        vm = self.vm
        return [
            icon_button(ft.Icons.ARROW_UPWARD, _("Move {name} up", name=name), self.app.act(lambda _e=None, s=seat: vm.move(s, -1)),
                        disabled=seat == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, _("Move {name} down", name=name),
                        self.app.act(lambda _e=None, s=seat: vm.move(s, 1)), disabled=seat == len(vm.players) - 1),
            icon_button(ft.Icons.CLOSE, _("Remove {name}", name=name), self.app.act(lambda _e=None, s=seat: vm.remove_player(s))),
        ]

    def _plain_row(self, seat: int, name: str) -> ft.Control:
        return ft.Container(
            content=ft.Row([
                ft.Text(f"{seat + 1}", size=t.BODY, width=22, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(name, size=t.BODY + 1, weight=ft.FontWeight.BOLD, expand=True, overflow=ft.TextOverflow.ELLIPSIS,
                        semantics_label=_("Seat {number}: {name}", number=seat + 1, name=name)),
                *self._seat_buttons(seat, name),
            ], spacing=0),
            bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=10, padding=ft.Padding.only(left=10), height=t.TOUCH,
        )

    def _preview_section(self) -> list[ft.Control]:
        vm = self.vm
        if not vm.bid_tricks:
            lines = vm.rule_lines()
            shown = vm.ui.rule_lines_with_options  # in view under the options already
            lines = [line for index, line in enumerate(lines) if index not in shown]
            return [heading(_("The game at a glance")), ident("sequence", text(vm.sequence_line())),
                    ft.Column([muted("• " + line, t.SMALL + 1) for line in lines], spacing=2)]
        sizes = vm.sequence()
        items: list[ft.Control] = [heading(_("The game at a glance"))]
        items.append(ident("sequence", text(vm.sequence_line())))
        items.append(staircase(sizes, height=64))
        note = vm.cap_note()
        if note:
            items.append(banner(note, error=False, identifier="cap-note"))
        items.append(muted(_("Worked examples (5 cards dealt):"), t.BODY))
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            ft.Container(content=text(example, t.BODY, weight=ft.FontWeight.W_600), padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                         bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=10)
            for example in vm.examples()]))
        items.append(ft.Column([muted("• " + line, t.SMALL + 1) for line in vm.rule_lines()], spacing=2))
        return items

    # ----- taps -----

    def _name_field(self) -> ft.TextField:
        key = f"name:{self.names_added}"
        field = name_field(self.app.act(self.add_typed), autofocus=self.names_added > 0)
        field.key, field.value = key, self.typed.get(key, "")
        field.on_change = self.app.act(lambda e: self.typed.__setitem__(key, field_text(e)), redraw=False)
        return field

    def add_typed(self) -> None:
        problem = self.vm.add_player(self.typed.get(f"name:{self.names_added}", ""))
        self.message = problem
        if problem is None:
            # A fresh, focused field for the next name (setting the value to "" does not reach the browser).
            self.names_added += 1

    def _start_like(self, game_id: str) -> None:
        """The players and game of a stored game (its game over's "New game"): the same again."""
        try:
            game = self.app.store.load(game_id).game
        except Exception as error:  # gone meanwhile: an empty New game, and why
            self.message = str(error)
            return
        if not self.table:  # the next game at the same table
            try:
                self.table = self.app.store.table_of(game_id)
            except Exception:  # (no table's name to carry over: the game is played at none)
                self.table = ""
        if game.rules.id in ALL_PRESETS:  # a table's own rules start from their preset
            self.vm.choose_preset(game.rules.id)
        for name in game.players:
            self.vm.add_player(name)

    def start(self) -> None:
        players, rules, setup = self.vm.start_setup()
        state = services.start_game(self.app.store, players, rules, table=self.table, **setup)
        self.app.open(f"/game/{state.id}", replace=True)
