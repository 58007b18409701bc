"""JSON: the full record of each game (rules, custom ones too, setup, status, times and every entry),
for backups and moving games between devices. docs/export-format.md describes it field by field.

Each game also carries what the rules compute from its entries (`computed`: the kind's own details,
such as each hand's points and running totals, then the progress, totals, final scores and winners of
the one verdict, rules.outcome) for readers. On import it is recomputed and compared, never taken as given.
"""
from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.i18n import _, _n

import dataclasses
import io
import json
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Mapping, TextIO

from scorekeeper.rules import ReplayError, outcome, replay
from scorekeeper.rules.common import InvalidEntry, excerpt
from scorekeeper.rules.kinds import new_game, rules_from_dict
from scorekeeper.rules.outcome import FINISHED, PLAYING
from scorekeeper.rules.roster import JOIN
from scorekeeper.storage.records import STATUSES, GameRecord, can_finish
from scorekeeper.storage.about import clean_notes, clean_title

from .kinds import json_details
from .common import (LONGEST_NUMBER, MOST_GAME_CHARS, MOST_GAMES, ExchangeError, StoredGames, at_step, check_game_id,
                     THE_FILE, iso_time, line_of, parse_time, too_many)

FORMAT = "scorekeeper"
VERSION = 3  # 2: entries may be adjustments (rules.adjustments), listed in "computed" too;
# 3: players may join late, leave or sit out a hand (rules.roster), listed in "computed" too
READS = (1, 2, 3)  # a version 1 file is a version 2 file without adjustments, a 2 one a 3 without changes at the table
GAME_FIELDS = ("id", "kind", "game", "name", "title", "notes", "players", "rules", "setup", "status", "started_at",
               "finished_at", "actions", "computed")
REQUIRED_FIELDS = ("id", "kind", "players", "rules", "setup", "status", "started_at", "actions")


def write_json(records: Iterable[GameRecord], games: StoredGames | None = None,
               exported_at: datetime | None = None) -> str:
    """One game per line inside the envelope: the C encoder stays fast, and files diff and grep well."""
    games = games or StoredGames()
    moment = exported_at or datetime.now(timezone.utc)
    games = [json.dumps(game_entry(record, game), ensure_ascii=False) for record, game in games(records)]
    head = json.dumps({"format": FORMAT, "version": VERSION, "exported_at": iso_time(moment)})
    return head[:-1] + ', "games": [\n' + ",\n".join(games) + ("\n" if games else "") + "]}\n"


def game_entry(record: GameRecord, game) -> dict[str, Any]:
    rules = game.rules
    about = {key: value for key, value in (("title", record.title), ("notes", record.notes)) if value}
    return {
        "id": record.id,
        "kind": record.kind,
        "game": rules.preset_id,
        "name": rules.stored_name,  # English in every language (docs/export-format.md)
        **about,  # the table's own name and notes, when it gave them
        "players": list(record.players),
        # complete and in field order, whatever storage kept; as the game started (a change of the scoring
        # is one of its entries)
        "rules": getattr(game, "rules_at_start", rules).to_dict(),
        "setup": dict(record.setup),
        "status": record.status,
        "started_at": iso_time(record.started_at),
        "finished_at": None if record.finished_at is None else iso_time(record.finished_at),
        "actions": [dict(action) for action in record.actions],
        "computed": computed(game, record.status),
    }


VERDICT = ("progress", "totals", "final_scores", "winners")


def computed(game, status: str) -> dict[str, Any]:
    """What the rules make of the entries, the same for every reader and checked on import: the kind's
    details, then the one verdict (rules.outcome): a game ended early has no winner and no bonus, nor
    does a game still being played."""
    details = json_details(game.kind)
    result: dict[str, Any] = details(game) if details else {}
    result["adjustments"] = [{game.unit: adjustment.at + 1, "player": game.players[adjustment.seat],
                              "points": adjustment.points, "note": adjustment.note}
                             for adjustment in game.adjustments]
    changes = getattr(game, "table_changes", list)()
    if changes:  # (only when there are: older files have none)
        result["table"] = [{game.unit: index + 1, "player": game.players[seat], "change": change,
                            **({"start": start} if change == "joined" else {})}
                           for index, seat, change, start in changes]
    verdict = outcome(game, status)
    result["progress"] = [verdict.played, verdict.total]
    result["totals"] = list(verdict.totals)
    result["final_scores"] = list(verdict.final_scores)
    result["winners"] = verdict.names(verdict.winners)
    return result


def earlier_verdict(game) -> dict[str, Any]:
    """The final scores and winners that files written before the one verdict state for a game not
    decided (being played, or ended early): the verdict as if the table finished it now, and with
    nothing entered every player tied. Such files still import."""
    verdict = outcome(game, FINISHED)
    winners = verdict.winners if verdict.played else range(len(verdict.players))
    return {"final_scores": list(verdict.final_scores), "winners": verdict.names(winners)}


# ----- reading -----

def _whole_number(text: str) -> int:
    """json.loads' reading of a whole number, refusing ones no score card holds (Python won't even read
    one of more than 4300 digits)."""
    if len(text.lstrip("-")) > LONGEST_NUMBER:
        raise ExchangeError(_(
            "it holds a number of {digits} digits ({start}…): no score, count or hand number is that long. The "
            "file was changed after it was exported: export it again.", digits=len(text.lstrip("-")), start=text[:12]))
    return int(text)


def read_json(data: bytes | str, source: str = THE_FILE) -> list[GameRecord]:
    """The games of a JSON export, each replayed and checked; ExchangeError names the first problem."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ExchangeError(_("{source} is not text (it is not UTF-8): it is not a Scorekeeper export.",
                                  source=_(THE_FILE) if source == THE_FILE else source)) from None
    return list(iter_json(io.StringIO(data), source))


def iter_json(text: TextIO, source: str = THE_FILE) -> Iterator[GameRecord]:
    """The games of a JSON export read from a text stream, each replayed and checked as soon as it is
    read: memory holds one game (at most MOST_GAME_CHARS of it), never the file. The envelope's keys
    may come in any order; when "format" and "version" follow the games they are checked at the end,
    which still refuses the whole import (storage writes it in one transaction). Other keys (a newer
    app's, or a hand's) are read past and dropped: kept, a file of them would cost its size in memory."""
    if source == THE_FILE:
        source = _(THE_FILE)
    stream = _JsonStream(text, source)
    if stream.take() != "{":
        raise ExchangeError(_("{source} is not a Scorekeeper export: it is not one JSON object starting {start}.",
                              source=source, start='{"format": "%s", ...}' % FORMAT))
    envelope: dict[str, Any] = {}  # "format" and "version"
    has_games = after_field = False
    while True:
        if after_field:
            separator = stream.take()
            if separator == "}":
                break
            if separator != ",":
                if separator:
                    stream.incomplete(_("a , or }} was expected, not {found}", found=excerpt(separator)))
                stream.incomplete(_("a , or }} was expected, not {found}", found=excerpt(_("the end"))))
        elif stream.peek() == "}":
            stream.take()
            break
        after_field = True
        key = stream.value(MOST_GAME_CHARS, _("the file's fields"))
        if not isinstance(key, str) or stream.take() != ":":
            stream.incomplete(_("a field name and : were expected"))
        if key != "games":
            value = stream.value(MOST_GAME_CHARS, f'"{excerpt(key, as_text=True)}"')
            if key in ("format", "version"):
                envelope[key] = value
            continue
        if has_games:
            raise ExchangeError(_('{source} has two lists of "games": the file is damaged; export it again.',
                                  source=source))
        has_games = True
        if "format" in envelope and "version" in envelope:
            _check_envelope(envelope, source)
        if stream.take() != "[":
            raise ExchangeError(_('{source} has no list of "games": the file is damaged; export it again.',
                                  source=source))
        yield from _games(stream, source)
    if stream.peek():
        stream.incomplete(_("there is more after the end of the export"))
    _check_envelope(envelope, source)
    if not has_games:
        raise ExchangeError(_('{source} has no list of "games": the file is damaged; export it again.', source=source))


def _games(stream: "_JsonStream", source: str) -> Iterator[GameRecord]:
    seen: dict[str, int] = {}
    if stream.peek() == "]":
        stream.take()
        return
    number = 0
    while True:
        number += 1
        # Translators: a game of a JSON file that a refusal points at ("data.json, game 2").
        where = _("{source}, game {number}", source=source, number=number)
        too_many(number, MOST_GAMES, where)
        record = record_from_entry(stream.value(MOST_GAME_CHARS, _("game {number}", number=number)), where)
        if record.id in seen:
            raise ExchangeError(_("{where}: game {game} is also game {number} of the file; keep one.",
                                  where=where, game=record.id, number=seen[record.id]))
        seen[record.id] = number
        yield record
        separator = stream.take()
        if separator == "]":
            return
        if separator != ",":
            stream.incomplete(_("a , or ] was expected after game {number}", number=number))


def _check_envelope(envelope: dict[str, Any], source: str) -> None:
    if envelope.get("format") != FORMAT:
        raise ExchangeError(_('{source} is JSON but not a Scorekeeper export: it has no {field} at the top.',
                              source=source, field='"format": "%s"' % FORMAT))
    version = envelope.get("version")
    if type(version) is not int or version not in READS:  # (not 3.0, not true)
        newer = type(version) is int and version > VERSION
        reads = " and ".join(map(str, READS))
        if newer:
            raise ExchangeError(_("{source} is a Scorekeeper export of format version {version}, and this version of "
                                  "the app reads versions {reads}: update Scorekeeper to import it.",
                                  source=source, version=excerpt(version), reads=reads))
        raise ExchangeError(_("{source} is a Scorekeeper export of format version {version}, and this version of the "
                              "app reads versions {reads}.", source=source, version=excerpt(version), reads=reads))


class _JsonStream:
    """A JSON text read in chunks and decoded one value at a time (json's raw_decode on a window of the
    text): the window holds the value being read and never more than MOST_GAME_CHARS of it."""

    CHUNK = 1 << 16
    SPACE = " \t\n\r"

    def __init__(self, text: TextIO, source: str) -> None:
        self.text, self.source = text, source
        self.window, self.at, self.ended = "", 0, False
        self.lines_before = 0  # line breaks in the text dropped from the window
        self.decoder = json.JSONDecoder(parse_int=_whole_number)

    def _more(self, size: int) -> bool:
        if self.ended:
            return False
        try:
            chunk = self.text.read(size)
        except UnicodeDecodeError:
            raise ExchangeError(_("{source} is not text (after line {line} it is not UTF-8): it is not a "
                                  "Scorekeeper export.", source=self.source, line=self.lines_before + 1)) from None
        if not chunk:
            self.ended = True
            return False
        self.lines_before += self.window.count("\n", 0, self.at)
        self.window = self.window[self.at:] + chunk
        self.at = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space; "" at the end."""
        while True:
            while self.at < len(self.window) and self.window[self.at] in self.SPACE:
                self.at += 1
            if self.at < len(self.window) or not self._more(self.CHUNK):
                return self.window[self.at:self.at + 1]

    def take(self) -> str:
        char = self.peek()
        self.at += len(char)
        return char

    def value(self, most: int, what: str) -> Any:
        """The next JSON value, read on until it is complete (or the text ends, or it is over `most`)."""
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.window, self.at)
            except (json.JSONDecodeError, ExchangeError) as problem:
                # Perhaps only cut off by the window: read on, twice as much each time, so a value is
                # decoded at most about twice over.
                if len(self.window) - self.at <= most and self._more(max(self.CHUNK, len(self.window) - self.at)):
                    continue
                self._refuse(problem, most, what)
            except RecursionError:
                raise ExchangeError(_("{source} nests lists or objects thousands deep: it is not a Scorekeeper "
                                      "export (those nest four deep). Export the games again.",
                                      source=self.source)) from None
            else:
                if end == len(self.window) and self._more(self.CHUNK):
                    continue  # a number may go on past the window
                if end - self.at > most:
                    self._refuse(None, most, what)
                self.at = end
                return value

    def _refuse(self, problem: Exception | None, most: int, what: str):
        if problem is None or len(self.window) - self.at > most:
            # Translators: {what} is what was being read ("game 3", "the file's fields").
            raise ExchangeError(_(
                "{source}: {what} is longer than {most} characters; no game a table played is that long, so this "
                "is not a Scorekeeper export (or it is damaged). Nothing was imported.",
                source=self.source, what=what, most=i18n.number(most))) from None
        if isinstance(problem, ExchangeError):
            raise ExchangeError(_("{source} can't be imported: {problem}", source=self.source,
                                  problem=problem)) from None
        line = self.lines_before + problem.lineno
        # Translators: {problem} is the JSON reader's own words (English).
        raise ExchangeError(_(
            "{where}: this is not complete JSON ({problem}). The file may be truncated or edited by hand: export "
            "it again.", where=line_of(self.source, line), problem=problem.msg)) from None

    def incomplete(self, what: str):
        line = self.lines_before + self.window.count("\n", 0, self.at) + 1
        raise ExchangeError(_(
            "{where}: this is not complete JSON ({problem}). The file may be truncated or edited by hand: export "
            "it again.", where=line_of(self.source, line), problem=what))


def _field(entry: Mapping[str, Any], name: str, kind: type | tuple[type, ...], what: str, where: str) -> Any:
    value = entry.get(name)
    if not isinstance(value, kind):
        raise ExchangeError(_('{where}: "{name}" must be {what}, not {value}.', where=where, name=name, what=what,
                              value=_shown(value)))
    return value


def record_from_entry(entry: Any, where: str) -> GameRecord:
    if not isinstance(entry, dict):
        raise ExchangeError(_("{where} is not a game (a JSON object): the file is damaged.", where=where))
    game_id = check_game_id(entry.get("id"), where)
    # Translators: a game of a file that a refusal points at ("data.json, game 2 (game 5c1f...)").
    where = _("{where} (game {game})", where=where, game=game_id)
    missing = [name for name in REQUIRED_FIELDS if name not in entry]
    if missing:
        raise ExchangeError(_("{where}: missing {missing}; every game has {fields}. The file may be damaged: export "
                              "it again.", where=where, missing=", ".join(missing), fields=", ".join(REQUIRED_FIELDS)))
    unknown = sorted(set(entry) - set(GAME_FIELDS))
    if unknown:
        raise ExchangeError(_("{where}: unknown field {unknown}; this version reads {fields}.", where=where,
                              unknown=", ".join(unknown), fields=", ".join(GAME_FIELDS)))
    kind = _field(entry, "kind", str, _("the game kind"), where)
    players = _field(entry, "players", list, _("the list of player names"), where)
    if not all(isinstance(name, str) for name in players):
        raise ExchangeError(_('{where}: "players" must be names (text).', where=where))
    rules = _field(entry, "rules", dict, _("the rules (an object)"), where)
    setup = _field(entry, "setup", dict, _("the setup (an object)"), where)
    status = entry.get("status")
    if status not in STATUSES:
        raise ExchangeError(_('{where}: "status" must be one of {statuses}, not {status}.', where=where,
                              statuses=", ".join(STATUSES), status=excerpt(status)))
    started_at = parse_time(entry.get("started_at"), f"{where}: started_at")
    finished_at = entry.get("finished_at")
    if finished_at is not None:
        finished_at = parse_time(finished_at, f"{where}: finished_at")
    actions = _field(entry, "actions", list, _("the list of entries"), where)
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise ExchangeError(_("{where}: entry {number} is not an object: {value}.", where=where,
                                  number=index + 1, value=_shown(action)))
    try:
        # null or left out: none; anything else that isn't text (false, 0, []) is refused, not taken for none
        title, notes = (clean(entry[field]) if entry.get(field) is not None else ""
                        for field, clean in (("title", clean_title), ("notes", clean_notes)))
    except InvalidEntry as problem:
        raise ExchangeError(f"{where}: {problem}") from None  # a place, and the rules' own sentence
    record = GameRecord(id=game_id, kind=kind, rules=rules, players=tuple(players), setup=setup, status=status,
                        started_at=started_at, finished_at=finished_at, actions=tuple(actions), title=title,
                        notes=notes)

    game = replayed(record, where)
    if "computed" in entry:
        record, game = with_stated_starts(record, game, entry["computed"], where)
    check_status(record, game, where)
    if "game" in entry and entry["game"] != game.rules.preset_id:
        raise ExchangeError(_('{where}: "game" says {game}, but the rules are {preset}. "game" is computed from the '
                              'rules: correct it or remove it.', where=where, game=excerpt(entry["game"]),
                              preset=excerpt(game.rules.preset_id)))
    if "computed" in entry:
        check_computed(entry["computed"], computed(game, record.status), game, where)
    return record


def with_stated_starts(record: GameRecord, game, given: Any, where: str) -> tuple[GameRecord, Any]:
    """(record, game), or, for a file written before a late arrival's start by a rule followed the hands
    before it (rules.roster), the record with each such start the number the file states: such a file
    gives the start it came to then, which a correction of those hands after she came no longer gives.
    Taken only when the file's "computed" then checks whole; else the entries' own game is checked."""
    pinned = pinned_starts(record, game, given)
    if pinned is None:
        return record, game
    try:
        kept = replay(pinned)
        check_computed(given, computed(kept, record.status), kept, where)
    except (InvalidEntry, ExchangeError):
        return record, game  # (refused as the entries give it)
    return pinned, kept


def pinned_starts(record: GameRecord, game, given: Any) -> GameRecord | None:
    """`record` with each join by a rule starting from the number `given` (a file's "computed") states for
    it where that is another; None when there is none such."""
    table = given.get("table") if isinstance(given, dict) else None
    if not isinstance(table, list) or not game.joins:
        return None
    stated = {(change[game.unit], change.get("player")): change.get("start") for change in table
              if isinstance(change, dict) and change.get("change") == "joined" and game.unit in change}
    actions, seat, pinned = list(record.actions), len(record.players), False
    for at, action in enumerate(actions):
        if action.get("type") != JOIN:
            continue
        index, rule, points = game.joins[seat]
        start = stated.get((index + 1, game.players[seat]))
        if rule in ("lowest", "highest", "average") and type(start) is int and start != points:
            actions[at], pinned = {**action, "start": start}, True
        seat += 1
    return dataclasses.replace(record, actions=tuple(actions)) if pinned else None


def check_status(record: GameRecord, game, where: str) -> None:
    """The status and times must agree with each other and with the entries."""
    if record.status == PLAYING:
        if record.finished_at is not None:
            raise ExchangeError(_('{where}: the game is "playing" but has a finished_at; a game still being played '
                                  'has "finished_at": null.', where=where))
        return
    if record.finished_at is None:
        raise ExchangeError(_('{where}: the game is "{status}" but has no finished_at, the time it ended.',
                              where=where, status=record.status))
    if record.finished_at < record.started_at:
        raise ExchangeError(_("{where}: finished_at is before started_at; the game can't end before it starts.",
                              where=where))
    played, total = game.progress()
    if record.status == FINISHED and not can_finish(game):
        if total is None:  # open-ended: the table ends it, after one round at least
            raise ExchangeError(_('{where}: the game is "finished", but no round is entered; a game stopped before '
                                  'its first round is "abandoned".', where=where))
        if game.unit == "round":
            raise ExchangeError(_n('{where}: the game is "finished", but only {played} of {count} round are entered; '
                                   'a game stopped early is "abandoned".',
                                   '{where}: the game is "finished", but only {played} of {count} rounds are '
                                   'entered; a game stopped early is "abandoned".', total, where=where, played=played))
        raise ExchangeError(_n('{where}: the game is "finished", but only {played} of {count} hand are entered; a '
                               'game stopped early is "abandoned".',
                               '{where}: the game is "finished", but only {played} of {count} hands are entered; a '
                               'game stopped early is "abandoned".', total, where=where, played=played))


def replayed(record: GameRecord, where: str):
    """The game of an imported record through the engine (rules.replay), a refusal naming what the rules
    refused: the rules, the setup, the players, or the entry (numbered from 1, and in words)."""
    try:
        return replay(record)
    except ReplayError as problem:
        if problem.entry is not None:
            action = record.actions[problem.entry]
            if problem.unreadable:
                raise ExchangeError(_(
                    "{where}, entry {number}: {value} is not an entry of this game kind; the file is damaged: export "
                    "it again.", where=where, number=problem.entry + 1, value=_shown(action))) from None
            described = new_game(record.kind, record.players, record.rules, record.setup).describe(action)
            # Translators: {entry} is the rules' description of the entry, {problem} the rules' refusal.
            raise ExchangeError(_("{where}, entry {number} ({entry}): {problem}", where=where,
                                  number=problem.entry + 1, entry=described, problem=problem)) from None
        try:
            rules_from_dict(record.kind, record.rules)
        except InvalidEntry as refused:
            # Translators: {problem} is the rules' refusal of a file's rules.
            raise ExchangeError(_("{where}, rules: {problem}", where=where, problem=refused)) from None
        if problem.unreadable:  # a setup value the kind doesn't take
            raise ExchangeError(_('{where}, setup: {problem}; "setup" holds only what the game kind takes.',
                                  where=where, problem=problem)) from None
        raise ExchangeError(f"{where}: {problem}") from None  # a place, and the rules' own sentence


def check_computed(given: Any, expected: dict[str, Any], game, where: str) -> None:
    """Name the first hand (round) and player whose stated score differs from the rules' own."""
    if not isinstance(given, dict):
        raise ExchangeError(_('{where}: "computed" must be an object; remove it, it is recomputed on import.',
                              where=where))
    names = list(game.players)
    unit = game.unit
    rounds = unit == "round"
    for field in [key for key in expected if key not in VERDICT]:  # the kind's details, hand by hand
        listed = given.get(field, expected[field])
        if not isinstance(listed, list) or len(listed) != len(expected[field]):
            has = len(expected[field])
            if not isinstance(listed, list):
                raise ExchangeError(
                    _('{where}: "computed" lists no rounds, but the game has {has}; it is recomputed on import: '
                      'remove it or export again.', where=where, has=has) if rounds else
                    _('{where}: "computed" lists no hands, but the game has {has}; it is recomputed on import: '
                      'remove it or export again.', where=where, has=has))
            raise ExchangeError(
                _('{where}: "computed" lists {listed} rounds, but the game has {has}; it is recomputed on import: '
                  'remove it or export again.', where=where, listed=len(listed), has=has) if rounds else
                _('{where}: "computed" lists {listed} hands, but the game has {has}; it is recomputed on import: '
                  'remove it or export again.', where=where, listed=len(listed), has=has))
        for stated, right in zip(listed, expected[field]):
            if stated == right:
                continue
            place = at_step(where, unit, right[unit])
            if not isinstance(stated, dict):
                raise ExchangeError(_('{where}: the "computed" round must be an object.', where=place) if rounds else
                                    _('{where}: the "computed" hand must be an object.', where=place))
            for key, value in right.items():
                if stated.get(key) == value:
                    continue
                player = _first_difference(stated.get(key), value, names)
                raise ExchangeError(_(
                    '{where}: the {key} in "computed" are {given}, but the entries and rules give {right}. Scores are '
                    'recomputed from the entries: fix the entries, or the scores.',
                    where=_with_player(place, player), key=key, given=_shown(stated.get(key)), right=_shown(value)))
            raise ExchangeError(_('{where}: the "computed" round has unknown fields.', where=place) if rounds else
                                _('{where}: the "computed" hand has unknown fields.', where=place))
    earlier = None
    for key in VERDICT:
        if key not in given or given[key] == expected[key]:
            continue
        if key in ("final_scores", "winners"):
            earlier = earlier or earlier_verdict(game)
            if given[key] == earlier[key]:  # as a file written before the one verdict states it
                continue
        player = _first_difference(given[key], expected[key], names)
        # Translators: {key} is the field's name in the file with spaces for underscores ("final scores").
        raise ExchangeError(_('{where}: the {key} in "computed" are {given}, but the entries and rules give {right}.',
                              where=_with_player(where, player), key=key.replace("_", " "),
                              given=_shown(given[key]), right=_shown(expected[key])))
    unknown = sorted(set(given) - set(expected))
    if unknown:
        raise ExchangeError(_('{where}: unknown field {unknown} in "computed".', where=where,
                              unknown=", ".join(unknown)))


def _shown(value: Any) -> str:
    """A value of the file as a message quotes it: as JSON, cut short (rules.common.excerpt)."""
    return excerpt(json.dumps(value, ensure_ascii=False), as_text=True)


def _first_difference(stated: Any, right: Any, names: list[str]) -> str | None:
    """'Bob' when two per-player lists first differ at Bob's seat; None otherwise."""
    if isinstance(stated, list) and isinstance(right, list) and len(stated) == len(right) == len(names):
        for seat, (a, b) in enumerate(zip(stated, right)):
            if a != b:
                return names[seat]
    return None


def _with_player(where: str, player: str | None) -> str:
    """The place a refusal points at, with the player whose figures differ ('data.json, game 2, hand 3, Bob')."""
    # Translators: a place in a file's game and the player a refusal points at ("data.json, game 2, hand 3, Bob").
    return where if player is None else _("{where}, {player}", where=where, player=player)
