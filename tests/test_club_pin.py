"""One PIN per club, whatever the number of server processes on its PostgreSQL database (docs/club.md):
two Stores on one database stand for two `scorekeeper serve` processes, one each."""
from __future__ import annotations

import queue

import pytest

from scorekeeper import access
from scorekeeper.storage import Store
from scorekeeper.storage.notices import NEW_PIN, Notice

pytestmark = pytest.mark.postgres


def test_the_pin_and_the_rights_are_the_clubs_not_a_process(postgres_server, tmp_path):
    url = postgres_server.new_database()
    with Store(url) as store_one, Store(url) as store_two:
        heard = queue.Queue()
        store_two.notices.subscribe(heard.put)
        assert store_two.notices.listening.wait(10)
        one = access.TableAccess(store_one, pin_file=tmp_path / "one" / "table-pin")
        two = access.TableAccess(store_two, pin_file=tmp_path / "two" / "table-pin")  # another machine's folder
        one.ensure_pin()
        two.ensure_pin()  # the second process to start keeps the first one's PIN
        pin = one.pin
        assert pin is not None and two.pin is None  # its digits stay on the machine that made it
        token = two.check("10.0.0.5", pin)  # entered on a page served by the second process
        right = access.token_hash(token)
        assert one.holds(right, fresh=True) and two.holds(right, fresh=True)  # the right holds on every process
        new = one.change_pin()  # the host makes a new PIN on the first
        assert heard.get(timeout=5) == Notice(NEW_PIN, None, store_one.notices.origin)  # its pages are told
        assert not two.holds(right, fresh=True)
        with pytest.raises(access.PinRefused):
            two.check("10.0.0.5", pin)
        assert one.holds(access.token_hash(two.check("10.0.0.5", new)), fresh=True)
