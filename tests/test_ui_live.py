"""Another server process's changes reach this process's pages (ui/live.py, App._on_pubsub): a notice
heard from the database redraws the pages showing that game; after notices were missed (the listener's
connection dropped), each page compares the version it shows with the stored one and catches up. In-process
sessions as the server runs them; the other process is a second Store on the same database file."""
from __future__ import annotations

import asyncio

from benchmarks import tap as harness
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.storage.notices import Notice
from scorekeeper.ui import app as app_module, live
from scorekeeper.ui.viewmodels.drafts import draft_of
from tests.test_ui_redraw import run_apart


async def _follower_hears_the_other_process(game_id: str, url: str) -> tuple:
    connection, session = await harness._new_session(390, 844, client_ip="192.168.1.20")
    await harness._run_main(session, app_module.main)
    follower = session.page.data
    follower.open(f"/game/{game_id}")
    first = follower.screen.shown_version()
    with Store(url) as other:  # another process on the database: its own origin
        state = other.load(game_id)
        state = other.record(game_id, {"type": "bids", "hand": 0, "values": [0, 2, 1, 3]}, state.version)
        message = live.message_for(Notice(game_id, state.version, other.notices.origin), "this process")
        follower._on_pubsub(message)  # as the relay hands it on (PubSub runs it on a worker thread)
        heard = follower.screen.shown_version()
        state = other.record(game_id, {"type": "tricks", "hand": 0, "values": [1, 2, 2, 3]}, state.version)
        unheard = follower.screen.shown_version()  # its notice was missed: the page still shows the last one
        follower._on_pubsub(live.message_for(Notice.caught_up(), "this process"))
        caught_up = follower.screen.shown_version()
        # Hand 2's first bids tapped on the other process, its notice missed: a draft keeps the version.
        state = other.load(game_id)
        other.save_draft(game_id, state.version, draft_of([1, "bids"], [1, 2, None, None]), merge=True)
        missed = list(follower.screen.play.entry.bids)
        follower._on_pubsub(live.message_for(Notice.caught_up(), "this process"))
        taken_in = list(follower.screen.play.entry.bids)
    await session.disconnect(0)
    session.close()
    return first, heard, unheard, caught_up, missed, taken_in


def test_a_page_redraws_what_another_process_changed_and_catches_up_after_missed_notices(app_store):
    state = app_store.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], first_dealer=0)
    first, heard, unheard, caught_up, missed, taken_in = run_apart(
        _follower_hears_the_other_process(state.id, app_store.url))
    assert first == 1 and heard == 2 and unheard == 2 and caught_up == 3
    # The taps of a step under way are caught up too, though they leave the game's version as it was.
    assert missed == [None] * 4 and taken_in == [1, 2, None, None]
