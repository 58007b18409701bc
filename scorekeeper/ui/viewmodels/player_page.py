"""One player's page: what storage's PlayerPage (the engine's figures) says, in the score keeper's words.
Nothing here works a figure out: it picks the words, the percentages shown and the order."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from scorekeeper import i18n
from scorekeeper.i18n import _, _n
from scorekeeper.rules.common import share_text, shown_display_name

from ..kinds import kind_ui
from .history import left_out_lines
from .texts import card_text
from .summaries import when


@dataclass(frozen=True)
class Pick:
    """A tappable choice on the page (a game to look at, a player to compare with) and where it leads."""

    label: str
    route: str
    selected: bool
    identifier: str


@dataclass(frozen=True)
class SizeCell:
    """One hand size on the strip of bids made: "3/6" under "8", shaded by how often the bids were made."""

    cards: str
    made: str
    share: float  # 0..1, the shade
    label: str  # what a screen reader says: "8 cards: made 3 of 6"


@dataclass(frozen=True)
class GameLink:
    label: str
    route: str
    identifier: str


@dataclass(frozen=True)
class PlayerPageView:
    name: str
    headline: str
    games: tuple[Pick, ...]
    figures_title: str  # "Bids" for the games with bids, else "In these games"
    bid_lines: tuple[str, ...]
    sizes: tuple[SizeCell, ...]
    game_links: tuple[GameLink, ...]
    opponents: tuple[Pick, ...]
    versus_line: str | None
    left_out: tuple[str, ...]


def page_route(player_id: int, kind: str | None = None, preset_id: str | None = None,
               versus: int | None = None) -> str:
    query = {name: value for name, value in (("kind", kind), ("preset", preset_id), ("versus", versus))
             if value is not None}
    return f"/players/{player_id}" + (f"?{urlencode(query)}" if query else "")


def player_page_view(page: Any) -> PlayerPageView:
    record = page.record
    games = _game_picks(page)
    if not page.choices:
        headline = _("No finished game yet: the figures come with the first one.")
    else:
        wins = _n("{count} win", "{count} wins", record.wins)
        headline = _n("{title}: {count} finished game, {wins}", "{title}: {count} finished games, {wins}",
                      record.games, title=_chosen_title(page), wins=wins)
    bid_lines: list[str] = []
    sizes: tuple[SizeCell, ...] = ()
    bids = record.bids
    if bids is not None and bids.hands:
        bid_lines.append(_("Bids made: {share}", share=share_text(bids.made, bids.hands)))
        bid_lines.append(_("Zero bids made: {share}", share=share_text(bids.zero_made, bids.zero_bids))
                         if bids.zero_bids else _("Zero bids: none yet"))
        missed = bids.over + bids.under
        if missed:
            if bids.lean == "high":
                lean = _("bids tend to be too high")
            elif bids.lean == "low":
                lean = _("bids tend to be too low")
            else:
                lean = _("as often too high as too low")
            bid_lines.append(_("Bids missed: {over} too high, {under} too low ({lean})", over=bids.over,
                               under=bids.under, lean=lean))
        else:
            bid_lines.append(_("Bids missed: none"))
        bid_lines.append(_n("Hooked as the dealer: made it {made} of {count} time",
                            "Hooked as the dealer: made it {made} of {count} times", bids.hooked, made=bids.hooked_made)
                         if bids.hooked else _("Hooked as the dealer: not yet"))
        bid_lines.append(_n("Longest streak: {count} made bid in a row", "Longest streak: {count} made bids in a row",
                            bids.longest_streak))
        sizes = tuple(SizeCell(str(size.cards), f"{size.made}/{size.hands}", size.made / size.hands,
                               _n("{count} card: made {made} of {hands}", "{count} cards: made {made} of {hands}",
                                  size.cards, made=size.made, hands=size.hands))
                      for size in bids.by_size)
    if bids is None and page.kind is not None:  # a kind without bids: what it counts, in its own words
        detail = kind_ui(page.kind).stats_detail(page.counters).removeprefix("; ")
        if detail:
            bid_lines.append(detail[0].upper() + detail[1:])
    links = []
    for which, line in (("best", record.best), ("worst", record.worst)):
        if line is None or (which == "worst" and line.game_id == record.best.game_id):
            continue
        # The place it ended in says which game it was better than its time alone ("Worst game: 5, 4th").
        said = {"score": card_text(line.score), "place": i18n.ordinal(line.place), "when": when(line.finished_at),
                "title": line.title}
        if which == "best":
            label = (_("Best game: {score}, {place} · {when} · {title}", **said) if line.title
                     else _("Best game: {score}, {place} · {when}", **said))
        else:
            label = (_("Worst game: {score}, {place} · {when} · {title}", **said) if line.title
                     else _("Worst game: {score}, {place} · {when}", **said))
        links.append(GameLink(label, f"/game/{line.game_id}", f"{which}-game"))
    opponents = tuple(
        Pick(_n("{name} · {count} game", "{name} · {count} games", opponent.games, name=opponent.name),
             page_route(page.player_id, page.kind, page.preset_id,
                        None if page.versus and page.versus.player_id == opponent.player_id else opponent.player_id),
             bool(page.versus and page.versus.player_id == opponent.player_id), f"versus-{opponent.name}")
        for opponent in page.opponents)
    versus_line = None
    if page.versus is not None and page.head_to_head is not None:
        duel = page.head_to_head
        versus_line = _n("Against {other}: {count} game · {name} ahead in {ahead}, {other} ahead in {behind}, "
                         "level in {level}",
                         "Against {other}: {count} games · {name} ahead in {ahead}, {other} ahead in {behind}, "
                         "level in {level}", duel.games, other=page.versus.name, name=page.name, ahead=duel.ahead,
                         behind=duel.behind, level=duel.level)
    return PlayerPageView(name=page.name, headline=headline, games=games,
                          # Translators: the title over a player's figures about bids
                          figures_title=_("Bids") if bids is not None else _("In these games"),
                          bid_lines=tuple(bid_lines), sizes=sizes,
                          game_links=tuple(links), opponents=opponents, versus_line=versus_line,
                          left_out=tuple(left_out_lines(page)))


def _game_picks(page: Any) -> tuple[Pick, ...]:
    """Per kind, the kind as a whole and, when the player played more than one of its presets, each preset."""
    picks: list[Pick] = []
    kinds = list(dict.fromkeys(choice.kind for choice in page.choices))
    for kind in kinds:
        presets = [choice for choice in page.choices if choice.kind == kind]
        if len(presets) == 1:
            only = presets[0]
            picks.append(Pick(_("{game} ({games})", game=shown_display_name(only.name), games=only.games), page_route(page.player_id, kind),
                              page.kind == kind, f"game-{kind}"))
            continue
        picks.append(Pick(_("All {kind} ({games})", kind=kind_ui(kind).title, games=sum(c.games for c in presets)),
                          page_route(page.player_id, kind), page.kind == kind and page.preset_id is None,
                          f"game-{kind}"))
        picks += [Pick(_("{game} ({games})", game=shown_display_name(choice.name), games=choice.games), page_route(page.player_id, kind, choice.preset_id),
                       page.kind == kind and page.preset_id == choice.preset_id, f"game-{kind}-{choice.preset_id}")
                  for choice in presets]
    return tuple(picks)


def _chosen_title(page: Any) -> str:
    """The preset's name, or "All <kind>" when the page adds up several (storage always shows a choice
    the player has games of)."""
    chosen = [c for c in page.choices if c.kind == page.kind and page.preset_id in (None, c.preset_id)]
    # Translators: every game of one kind together: "All Oh Heck", "All score pads"
    return shown_display_name(chosen[0].name) if len(chosen) == 1 else _("All {kind}", kind=kind_ui(page.kind).title)
