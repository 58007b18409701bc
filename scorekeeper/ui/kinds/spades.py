"""Spades in the app: two partnerships, each player's bid (nil, blind nil, 1 to 13) and tricks per hand,
the partnership's points and bags on both partners' cells. The house rules are options of New game."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.i18n import N_, _, _n
from scorekeeper.rules import spades
from scorekeeper.rules.common import number_text, share_text, signed
from scorekeeper.rules.sheet import SheetRow

from ..viewmodels.spades_entry import SpadesEntry
from .base import CardCell, CardRow, KindUI, Option, Shown, TableStep

# The house rules that are yes or no, as New game's choices (value: the option's value).
YES_NO = {"ten_for_two_hundred": {"off": False, "on": True}, "nil_tricks_help": {"bags": False, "help": True}}
BAG_CHOICES = {"1": 1, "0": 0, "-1": -1}


class SpadesUI(KindUI):
    kind = spades.KIND
    title = "Spades"  # i18n: not shown (a game's proper name, the same in every language)
    presets = spades.PRESETS
    offered = ("spades",)
    options = (
        Option("target", N_("The game ends at (points)"), "int"),
        Option("mercy", N_("A partnership loses at minus (points)"), "optional-int", blank=N_("no mercy rule")),
        Option("nil_points", N_("Nil is worth (points)"), "int"),
        Option("blind_nil_points", N_("Blind nil is worth (points)"), "optional-int", blank=N_("no blind nil")),
        Option("bag_points", N_("Each bag (trick over the bid)"), "choice",
               tuple((value, spades.BAG_POINTS[points]) for value, points in BAG_CHOICES.items())),
        Option("bag_limit", N_("Bags that cost a penalty"), "optional-int", blank=N_("bags cost nothing")),
        Option("bag_penalty", N_("The bags penalty (points)"), "int"),
        Option("nil_tricks_help", N_("A nil bidder's tricks"), "choice",
               (("bags", N_("are bags for the partnership")), ("help", N_("help the partner's bid")))),
        Option("ten_for_two_hundred", N_("A partnership bid of 10 or more"), "choice",
               (("off", N_("10 a trick, as any bid")), ("on", N_("10 for 200: 20 a trick")))),
    )
    # Translators: the heading of a score card's first column (the hand's number)
    head_word = Shown(N_("Hand"))
    entry = SpadesEntry
    ends_at_target = True
    rule_lines_with_options = (0,)  # who partners whom: seats 1 and 3 against 2 and 4

    def option_value(self, rules: Any, name: str) -> Any:
        value = getattr(rules, name)
        if name in YES_NO:
            return next(key for key, meant in YES_NO[name].items() if meant == value)
        if name == "bag_points":
            return str(value)
        return value

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        changes = dict(changes)
        for name, meaning in YES_NO.items():
            if name in changes:
                changes[name] = meaning[changes[name]]
        if "bag_points" in changes:
            changes["bag_points"] = BAG_CHOICES[changes["bag_points"]]
        return super().with_changes(base, changes)

    def summary_line(self, rules: Any) -> str:
        return _("Two partnerships, 13 cards a hand; the first to {target} wins", target=rules.target)

    # ----- the score card -----

    def score_row(self, game: Any, row: SheetRow) -> CardRow:
        played, totals = row.step, row.totals
        cells = []
        for seat, name in enumerate(game.players):
            team = played.teams[spades.team_of(seat)]
            bid, took = played.bid_text(seat), played.tricks[seat]
            note = [bid] if not played.bids[seat] else []  # "nil", "blind nil": the cell's top says 0
            if team.bags:
                note.append(_n("{count} bag", "{count} bags", team.bags))
            if team.penalty:
                note.append(_("bags −{points}", points=team.penalty))
            made = played.made(seat)
            label = _("Hand {number}, {name}: bid {bid}, took {took}; partnership {points}, total {total}",
                      number=played.number, name=name, bid=bid, took=took, points=signed(team.points),
                      total=number_text(totals[seat]))
            cells.append(CardCell(seat, f"{played.bids[seat]}/{took}", number_text(totals[seat]),
                                  "good" if made else "bad", label,
                                  points=signed(team.points), note=" · ".join(note)))
        dealer = game.players[played.dealer]
        return CardRow(played.number - 1, str(played.number), dealer,
                       _("Hand {number}, {name} deals", number=played.number, name=dealer), tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        team = spades.team_of(seat)
        return _n("with {name} · {count} bag", "with {name} · {count} bags", game.bags()[team],
                  name=game.players[spades.partner_of(seat)])

    def legend(self, game: Any) -> str:
        return _("Each cell: bid/tricks, the partnership's points and bags of the hand, and its running total below "
                 "(both partners show it). Green: bid made; red: set or a nil lost.")

    def table_step(self, game: Any, current: int, draft: Any) -> TableStep:
        """The hand's dealer, the partnerships' bids and each player's bid and tricks as they are tapped in."""
        entry = SpadesEntry(game, current)
        entry.restore(draft)
        dealer = game.dealer(current)
        headline = " · ".join((_("Hand {number}", number=current + 1),
                               _("{dealer} deals", dealer=game.players[dealer])))
        now = {}
        for seat in range(len(game.players)):
            if entry.bids[seat] is None:
                # Translators: on the table display, a player whose bid is still to come
                now[seat] = _("to bid")
            elif entry.tricks[seat] is None:
                now[seat] = _("bid {bid}", bid=entry.bid_text(seat))
            else:
                now[seat] = _("bid {bid} · took {took}", bid=entry.bid_text(seat), took=entry.tricks[seat])
        return TableStep(headline, entry.bids_line(), now, dealer=dealer)

    # ----- player statistics -----

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        played = counters.get("hands_played", 0)
        if not played:
            return ""
        parts = [_("partnership bids made: {share}", share=share_text(counters.get("team_bids_made", 0), played))]
        if counters.get("nils_bid"):
            parts.append(_("nils made: {share}", share=share_text(counters.get("nils_made", 0), counters["nils_bid"])))
        return "; " + "; ".join(parts)
