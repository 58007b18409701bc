"""History: games played, newest first (every kind), to look back on, export, delete (to the bin) or restore."""
from __future__ import annotations

import flet as ft

from scorekeeper import services
from scorekeeper.i18n import _, _n
from scorekeeper.rules.common import shown_display_name

from .. import theme as t
from ..screen import Screen
from ..viewmodels import summaries
from ..viewmodels.history import history_lists, left_out_lines
from ..widgets import banner, body, button, field_text, heading, icon_button, muted

PAGE = 30


class HistoryScreen(Screen):
    @property
    def title(self) -> str:
        return _("History")

    def __init__(self, app):
        super().__init__(app)
        self.limit = PAGE
        self.show_bin = False
        self.confirm_empty = False  # "Empty the bin" was tapped once: the next tap destroys the games
        self.search = ""  # what the finished games are searched for (empty: all of them)
        self.typed_search = ""  # what the search field holds, searched on Enter or the search button
        self.searches = 0

    def build(self) -> ft.Control:
        store = self.app.store
        items: list[ft.Control] = [*self.messages()]
        if self.show_bin:
            games = store.deleted_games()
            items += [banner(line, identifier="left-out") for line in left_out_lines(games)]
            items.append(heading(_("The bin")))
            items.append(muted(_("Deleted games wait here until the bin is emptied."), t.BODY))
            for summary in games:
                items.append(self._tile(summary, restore=True))
            if not games:
                items.append(muted(_("The bin is empty."), t.BODY))
            items.append(ft.Row([
                button(_("Back to history"), self.app.act(self.leave_bin), expand=True, identifier="leave-bin"),
                button(_("Delete for good") if self.confirm_empty else _("Empty the bin"), self.app.act(self.empty_bin),
                       danger=True, expand=True, disabled=not games, identifier="empty-bin"),
            ], spacing=t.GAP))
            return body(self.pane(), self.app.width, items)
        lists = history_lists(store, self.limit, self.search)
        items.append(self._search_row())
        items += [banner(line, identifier="left-out") for line in lists.left_out]
        searched = self.search.strip()
        if searched:  # the games found, under way and finished, under what was searched for
            # Translators: the heading over the games a search found; {search} is what was searched for.
            items.append(heading(_("Found: “{search}”", search=searched), t.TITLE - 2))
        part = t.TITLE - 4 if searched else t.TITLE - 2
        if lists.unfinished:
            items.append(heading(_("Unfinished"), part))
            items += [self._tile(s) for s in lists.unfinished]
        if lists.unfinished or not searched:
            items.append(heading(_("Finished or ended early"), part))  # (a player's figures count the finished only)
        if not lists.finished:
            items.append(muted(_("No finished game yet.") if not searched else
                               _("No finished game found.") if lists.unfinished else _("No game found."), t.BODY))
        items += [self._tile(s) for s in lists.finished]
        if lists.more:
            items.append(button(_("Show more"), self.app.act(self.more), identifier="more"))
        if self.app.may_edit:
            items.append(button(_("The bin"), self.app.act(lambda: setattr(self, "show_bin", True)),
                                icon=ft.Icons.DELETE_OUTLINE, identifier="bin"))
        return body(self.pane(), self.app.width, items)

    def _search_row(self) -> ft.Control:
        """Search the games by their name, game, notes, a player, or a date (2026-11-21, 2026-11)."""
        field = ft.TextField(label=_("Find a game"), value=self.typed_search, text_size=t.BODY,
                             helper=_("Name, player, game or date (2026-11)"), helper_max_lines=2, expand=True, key=f"search:{self.searches}",
                             on_change=self.app.act(lambda e: setattr(self, "typed_search", field_text(e)), redraw=False),
                             on_submit=self.app.act(self.run_search))
        controls: list[ft.Control] = [field, icon_button(ft.Icons.SEARCH, _("Search"), self.app.act(self.run_search),
                                                         identifier="search")]
        if self.search.strip():
            controls.append(icon_button(ft.Icons.CLOSE, _("Clear the search"), self.app.act(self.clear_search),
                                        identifier="clear-search"))
        return ft.Row(controls, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def run_search(self) -> None:
        self.search = self.typed_search
        self.limit = PAGE

    def clear_search(self) -> None:
        self.search = self.typed_search = ""
        self.searches += 1  # a fresh, empty field
        self.limit = PAGE

    def _tile(self, summary, restore: bool = False) -> ft.Control:
        title = f"{shown_display_name(summary.game_name)}: {summaries.players_line(summary.players)}"
        if summary.title:  # the table's own name first, the game and its players under it
            title = f"{summary.title} · {title}"
        sub = " · ".join(p for p in (summaries.when(summary.finished_at or summary.updated_at),
                                     summaries.progress_line(summary), summaries.leader_line(summary)) if p)
        scores = summaries.scores_line(summary)
        trailing = (None if not self.app.may_edit else  # (a device that follows deletes nothing)
                    icon_button(ft.Icons.RESTORE_FROM_TRASH, _("Restore {game}", game=title), self.app.act(lambda: self.restore(summary.id)))
                    if restore else
                    icon_button(ft.Icons.DELETE_OUTLINE, _("Delete {game}", game=title), self.app.act(lambda: self.delete(summary.id))))
        return ft.Container(
            content=ft.Row([
                ft.Container(content=ft.Column([
                    ft.Text(title, size=t.BODY, weight=ft.FontWeight.BOLD),
                    ft.Text(sub, size=t.SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(scores, size=t.SMALL),
                ], spacing=2), expand=True, on_click=None if restore else self.app.act(lambda: self.open(summary.id)),
                    padding=ft.Padding.symmetric(vertical=6)),
                *([trailing] if trailing is not None else []),
            ]),
            bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=12, padding=ft.Padding.only(left=12, right=4),
        )

    def open(self, game_id: str) -> None:
        self.app.open(f"/game/{game_id}")

    def more(self) -> None:
        self.limit += PAGE

    def delete(self, game_id: str) -> None:
        services.move_to_bin(self.app.store, game_id)
        self.app.changed(game_id)
        self.info = _("Moved to the bin. Open the bin below to restore it.")

    def restore(self, game_id: str) -> None:
        self.confirm_empty = False
        services.restore_from_bin(self.app.store, game_id)
        self.info = _("Restored.")

    def leave_bin(self) -> None:
        self.show_bin = self.confirm_empty = False
        self.info = None

    def empty_bin(self) -> None:
        """Two taps: the first says what would be lost for good; only the second destroys the games."""
        if not self.confirm_empty:
            count = len(self.app.store.deleted_games())
            self.confirm_empty = True
            self.info = _n("Tap \u201cDelete for good\u201d to destroy the {count} game in the bin: "
                           "they can't be restored after that.",
                           "Tap \u201cDelete for good\u201d to destroy the {count} games in the bin: "
                           "they can't be restored after that.", count)
            return
        self.confirm_empty = False
        count = services.empty_bin(self.app.store)
        self.info = _n("Deleted {count} game for good.", "Deleted {count} games for good.", count)
