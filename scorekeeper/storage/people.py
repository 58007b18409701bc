"""The players: the roster, names, and the statistics over their finished games."""
from __future__ import annotations

from scorekeeper.i18n import _

import json
import re
from collections import defaultdict
from dataclasses import replace
from typing import Any, Sequence

from sqlalchemy import case, func, insert, select, tuple_, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from scorekeeper.rules import player_record
from scorekeeper.rules.common import InvalidEntry, clean_name, name_key

from . import integrity, summary
from .base import StoreBase
from .database import utc_now
from .errors import StorageError
from .integrity import DamagedGame
from .results import GameChoice, KindStats, Opponent, PlayerInfo, PlayerPage, PlayerStats, Readable
from .shared import CHUNK, _best_of, _counters
from .tables import game_players, games, players

# A seat's hand sizes as the store writes them: a flat JSON list of at most 3 x MAX_HAND_SIZE counts
# (checked before parsing, so damaged text costs no more than the store's own).
FLAT_COUNTS = re.compile(r"\[(?:\d{1,6}(?:,\d{1,6}){0,%d})?\]\Z" % (3 * player_record.MAX_HAND_SIZE - 1))


class PlayersMixin(StoreBase):
    # ----- players -----

    def roster(self) -> list[PlayerInfo]:
        with self._read() as connection:
            return self._roster(connection)

    def _roster(self, connection: Connection, player_id: int | None = None) -> list[PlayerInfo]:
        counted = games.c.id
        query = (
            select(players.c.id, players.c.name, func.count(counted))
            .select_from(players)
            .outerjoin(game_players, game_players.c.player_id == players.c.id)
            .outerjoin(games, (games.c.id == game_players.c.game_id) & games.c.deleted_at.is_(None))
            .group_by(players.c.id, players.c.name, players.c.name_key)
            .order_by(players.c.name_key, players.c.id)
        )
        if player_id is not None:
            query = query.where(players.c.id == player_id)
        return [PlayerInfo(id=row[0], name=row[1], games=row[2]) for row in connection.execute(query)]

    def add_player(self, name: str) -> PlayerInfo:
        name = clean_name(name)
        with self._write() as connection:
            self._check_name_free(connection, name)
            player_id = self._insert_player(connection, name)
        return PlayerInfo(id=player_id, name=name, games=0)

    def rename_player(self, player_id: int, name: str) -> PlayerInfo:
        name = clean_name(name)
        with self._write() as connection:
            old_name = self._player_row(connection, player_id).name
            self._check_name_free(connection, name, except_id=player_id)
            integrity.restamp_after_rename(connection, player_id, old_name, name)  # names are in each game's hash
            try:
                connection.execute(
                    update(players).where(players.c.id == player_id).values(name=name, name_key=name_key(name)))
            except IntegrityError:
                raise InvalidEntry(_("{name} was just added on another device: pick another name.", name=name)) from None
            self.notices.announce(connection, None)  # a name in any game
            return self._roster(connection, player_id)[0]

    def _player_row(self, connection: Connection, player_id: Any):
        if isinstance(player_id, bool) or not isinstance(player_id, int):
            raise StorageError(_("There is no player {player}: pick the player from the list.", player=repr(player_id)))
        row = connection.execute(select(players.c.id, players.c.name).where(players.c.id == player_id)).first()
        if row is None:
            raise StorageError(_("That player is no longer on the list (removed on another device?): pick again."))
        return row

    def _check_name_free(self, connection: Connection, name: str, except_id: int | None = None) -> None:
        row = connection.execute(
            select(players.c.id, players.c.name).where(players.c.name_key == name_key(name))).first()
        if row is not None and row.id != except_id:
            raise InvalidEntry(_(
                "{name} is already on the list of players: pick them from the list, or add an initial to tell the "
                "two apart.", name=row.name))

    def _insert_player(self, connection: Connection, name: str) -> int:
        try:
            result = connection.execute(
                insert(players).values(name=name, name_key=name_key(name), created_at=utc_now()))
        except IntegrityError:
            raise InvalidEntry(_("{name} was just added on another device: pick them from the list.", name=name)) from None
        return result.inserted_primary_key[0]

    def _player_ids(self, connection: Connection, names: Sequence[str],
                    known: dict[str, tuple[int, str]] | None = None) -> tuple[list[int], list[str]]:
        """Roster ids for these names (matched case-insensitively); new names join the roster.
        Returns the ids and the names as the roster spells them. `known` carries what an import
        has looked up already."""
        known = {} if known is None else known
        for name in names:
            key = name_key(name)
            if key not in known:
                row = connection.execute(select(players.c.id, players.c.name).where(players.c.name_key == key)).first()
                if row is None:
                    name = clean_name(name)
                known[key] = (row.id, row.name) if row else (self._insert_player(connection, name), name)
        found = [known[name_key(name)] for name in names]
        return [player_id for player_id, _spelled in found], [spelled for _id, spelled in found]

    # ----- statistics -----

    def player_stats(self, player_id: int) -> PlayerStats:
        with self._read() as connection:
            self._player_row(connection, player_id)
            return self._stats(connection, player_id)[0]

    def all_player_stats(self) -> Readable:
        with self._read() as connection:
            return self._stats(connection, None)

    def _stats(self, connection: Connection, player_id: int | None) -> Readable:
        """Added up in the database from the per game-player rows; no game is replayed. Rows that can't
        be read (damaged counters or scores) are left out, and their games named (Readable.left_out)."""
        seat = game_players.c
        counted = [games.c.status == "finished", games.c.deleted_at.is_(None)]
        people = select(players.c.id, players.c.name).order_by(players.c.name_key, players.c.id)
        if player_id is not None:
            counted.append(seat.player_id == player_id)
            people = people.where(players.c.id == player_id)
        joined = game_players.join(games, games.c.id == seat.game_id)
        # One pass over the rows: per player, kind, direction of play and distinct counters text.
        # figures[pid][kind][highest_wins] = [games, wins, sum, max, min]
        figures: dict[int, dict[str, dict[bool, list[int]]]] = defaultdict(lambda: defaultdict(dict))
        counters: dict[int, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        damaged: dict[str, DamagedGame] = {}
        for pid, kind, high, text, times, wins, total, top, bottom in connection.execute(
                select(seat.player_id, games.c.kind, games.c.highest_wins, seat.counters, func.count(),
                       func.sum(case((seat.won, 1), else_=0)), func.sum(seat.score), func.max(seat.score),
                       func.min(seat.score))
                .select_from(joined).where(*counted)
                .group_by(seat.player_id, games.c.kind, games.c.highest_wins, seat.counters)):
            try:
                read = _counters(text, (times, wins, total, top, bottom))
            except (TypeError, ValueError, RecursionError) as error:  # damaged: its games are left out, named
                for game_id in connection.execute(
                        select(seat.game_id).select_from(joined).where(
                            *counted, seat.player_id == pid, games.c.kind == kind, games.c.highest_wins == high,
                            seat.counters == text)).scalars():
                    damaged.setdefault(game_id, DamagedGame(game_id, _("its player figures can't be read ({problem})", problem=error)))
                continue
            mine = figures[pid][kind].setdefault(bool(high), [0, 0, 0, top, bottom])
            mine[0] += times
            mine[1] += wins
            mine[2] += total
            mine[3], mine[4] = max(mine[3], top), min(mine[4], bottom)
            for key, value in read.items():
                counters[pid][kind][key] += value * times
        # Scores compare only within one direction: the highest-wins games count when there are any
        # (their scores can't be set against penalty points), else the lowest-wins ones.
        best: dict[tuple[int, str], tuple[int, bool]] = {}  # (pid, kind) -> (best score, highest wins)
        for pid, by_kind in figures.items():
            for kind, by_direction in by_kind.items():
                best[pid, kind] = _best_of(by_direction)
        first_game: dict[tuple[int, str], tuple[str, Any]] = {}  # (pid, kind) -> (game id, finished at)
        wanted = [(pid, kind, score, high) for (pid, kind), (score, high) in best.items()]
        for start in range(0, len(wanted), CHUNK):
            for pid, kind, game_id, finished_at in connection.execute(
                    select(seat.player_id, games.c.kind, seat.game_id, games.c.finished_at).select_from(joined).where(
                        *counted, tuple_(seat.player_id, games.c.kind, seat.score, games.c.highest_wins)
                        .in_(wanted[start:start + CHUNK]))
                    .order_by(games.c.finished_at, games.c.id)):  # the first game to reach it
                first_game.setdefault((pid, kind), (game_id, finished_at))
        result = []
        for pid, name in connection.execute(people):
            by_kind: dict[str, KindStats] = {}
            for kind in sorted(figures.get(pid, {})):
                by_direction = figures[pid][kind]
                score, high = best[pid, kind]
                chosen = by_direction[high]
                by_kind[kind] = KindStats(
                    kind=kind, games=sum(row[0] for row in by_direction.values()),
                    wins=sum(row[1] for row in by_direction.values()), average_score=chosen[2] / chosen[0],
                    best_score=score, best_game_id=first_game.get((pid, kind), (None,))[0], highest_wins=high,
                    counters=dict(counters[pid][kind]))
            # Over all kinds: the same rule, across the kinds' own figures.
            merged: dict[bool, list[int]] = {}
            for by_direction in figures.get(pid, {}).values():
                for high, row in by_direction.items():
                    into = merged.setdefault(high, [0, 0, 0, row[3], row[4]])
                    into[0], into[1], into[2] = into[0] + row[0], into[1] + row[1], into[2] + row[2]
                    into[3], into[4] = max(into[3], row[3]), min(into[4], row[4])
            played = sum(row[0] for row in merged.values())
            best_score = best_game = average = None
            scored = 0
            if merged:
                best_score, high = _best_of(merged)
                scored = merged[high][0]
                average = merged[high][2] / scored
                reached = [first_game[pid, kind] for kind, stats in by_kind.items()
                           if stats.highest_wins == high and stats.best_score == best_score
                           and (pid, kind) in first_game]
                best_game = min(reached, key=lambda found: (found[1], found[0]))[0] if reached else None
            result.append(PlayerStats(
                player_id=pid, name=name, games=played, wins=sum(row[1] for row in merged.values()),
                average_score=average, best_score=best_score, best_game_id=best_game,
                counters={f"{kind}.{key}": value for kind, stats in by_kind.items()
                          for key, value in stats.counters.items()},
                by_kind=by_kind, scored_games=scored))
        return Readable(result, damaged.values())

    # ----- one player's page -----

    def player_page(self, player_id: int, kind: str | None = None, preset_id: str | None = None,
                    versus: int | None = None) -> PlayerPage:
        """The player's figures over their finished games of `kind` (the kind they played most when
        None), of one preset when `preset_id` is given, and head to head against the player `versus`."""
        with self._read() as connection:
            name = self._player_row(connection, player_id).name
            seat = game_players.c
            joined = game_players.join(games, games.c.id == seat.game_id)
            finished = [games.c.status == "finished", games.c.deleted_at.is_(None)]  # counted: not ended early, not binned
            mine = [*finished, seat.player_id == player_id]
            choices = tuple(GameChoice(*row) for row in connection.execute(
                select(games.c.kind, games.c.preset_id, func.min(games.c.game_name), func.count())
                .select_from(joined).where(*mine).group_by(games.c.kind, games.c.preset_id)
                .order_by(func.count().desc(), games.c.kind, games.c.preset_id)))
            if not any(choice.kind == kind and preset_id in (None, choice.preset_id) for choice in choices):
                # None chosen, or a choice the player has no game of (a page out of date, a hand-made
                # address): the kind they played most, all its presets together.
                games_of: dict[str, int] = defaultdict(int)
                for choice in choices:
                    games_of[choice.kind] += choice.games
                kind = max(games_of, key=games_of.get) if games_of else None  # ties: the first listed
                preset_id = None
            if kind is None:
                return PlayerPage(player_id, name, choices, None, None, player_record.combine([]), ())
            of_kind = [*finished, games.c.kind == kind] + ([games.c.preset_id == preset_id] if preset_id is not None else [])
            chosen = [*of_kind, seat.player_id == player_id]
            lines, damaged = [], {}
            counters: dict[str, int] = defaultdict(int)  # the kind's own counts (Game.stats()), summed
            for row in connection.execute(
                    select(seat.game_id, seat.score, seat.place, games.c.highest_wins, seat.won, seat.counters,
                           *(getattr(seat, column) for column in summary.BID_COLUMNS))
                    .select_from(joined).where(*chosen).order_by(games.c.finished_at, games.c.id)):
                try:
                    line = _game_line(row)
                    # The kind's own counts, for the kinds the bid figures don't speak for
                    read = _counters(row[5], ()) if line.bids is None else {}
                except (TypeError, ValueError, RecursionError) as error:  # damaged: left out, named
                    damaged[row[0]] = DamagedGame(row[0], _("its player figures can't be read ({problem})", problem=error))
                    continue
                lines.append(line)
                for counter, value in read.items():
                    counters[counter] += value
            # The others seated in those games, counted by game id (a join on the seats walks each
            # game's row twice, a third slower with thousands of games); names for the few found.
            other = game_players.alias("other")
            together = (select(other.c.player_id, func.count().label("games"))
                        .where(other.c.game_id.in_(select(seat.game_id).select_from(joined).where(*chosen)),
                               other.c.player_id != player_id)
                        .group_by(other.c.player_id).subquery())
            opponents = tuple(Opponent(*row) for row in connection.execute(
                select(together.c.player_id, players.c.name, together.c.games)
                .join(players, players.c.id == together.c.player_id)
                .order_by(together.c.games.desc(), players.c.name_key)))
            rival = next((opponent for opponent in opponents if opponent.player_id == versus), None)
            head_to_head = None
            if rival is not None:
                # The rival's rows of the same kind, matched to the player's own (one indexed read each:
                # a join of the two seats makes SQLite walk every pair of their games).
                places = {line.game_id: line.place for line in lines}
                pairs = []
                for game_id, theirs in connection.execute(
                        select(seat.game_id, seat.place).select_from(joined)
                        .where(*of_kind, seat.player_id == rival.player_id)):
                    if game_id not in places:
                        continue
                    if type(theirs) is not int or theirs < 1:
                        damaged.setdefault(game_id, DamagedGame(game_id, _("its player figures can't be read (a place)")))
                        continue
                    pairs.append((places[game_id], theirs))
                head_to_head = player_record.head_to_head(pairs)
            record = player_record.combine(lines)
            if record.best is not None:  # the games the page names: when they ended and their names
                # (a game of a club night without a name of its own: the table it was played at, "Table 3")
                named = {game_id: (finished_at, str(title) or str(table or "")) for game_id, finished_at, title, table
                         in connection.execute(select(games.c.id, games.c.finished_at, games.c.title, games.c.table_name)
                    .where(games.c.id.in_({record.best.game_id, record.worst.game_id})))}
                record = replace(record, best=record.best.named(*named[record.best.game_id]),
                                 worst=record.worst.named(*named[record.worst.game_id]))
            return PlayerPage(player_id, name, choices, kind, preset_id, record, opponents,
                              rival, head_to_head, tuple(damaged.values()), dict(counters))


def _game_line(row: Sequence[Any]) -> player_record.GameLine:
    """One row of the player's games (as player_page selects it), checked: a whole-number score
    and place, bid figures as the store writes them."""
    game_id, score, place, highest_wins, won, _, *figures, sizes = row
    if type(score) is not int or type(place) is not int or place < 1:
        raise TypeError(_("a score or place is not a whole number"))
    bids = None
    if figures[0] is not None:
        if not isinstance(sizes, str) or not FLAT_COUNTS.match(sizes):
            raise ValueError(_("its hand sizes are not the store's"))
        bids = player_record.checked(player_record.SeatBids(*figures, sizes=json.loads(sizes)))
    return player_record.GameLine(game_id, score, place, bool(highest_wins), bool(won), bids)
