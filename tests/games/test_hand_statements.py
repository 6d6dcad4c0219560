"""What a hand costs the database, statement by statement: the players' names are read once for
the snapshot and the live feed's public snapshot, and the table is locked without its snapshot
(games.services.changes.locked_table), in a transaction only (docs/benchmarks.md, A hand
against the floor)."""
import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from club.errors import Refused
from club.models import Player
from games.live import publish
from games.refusal_codes import GameCode
from games.services.changes import locked_table
from games.services.hands import record_hand
from testbed.users import user_with_token
from tests.games.kit import pool, summary

pytestmark = pytest.mark.django_db


def test_a_hand_reads_the_players_once_for_the_snapshot_and_the_public_one(monkeypatch):
    by, _ = user_with_token("scorer", staff=True)
    table = pool(by)
    Player.objects.filter(name="Athos").update(public_initials=True)
    athos = Player.objects.get(name="Athos")
    sent = []
    monkeypatch.setattr(publish, "_on_commit", lambda group, message: sent.append(message))
    with CaptureQueriesContext(connection) as queries:
        hand, _ = record_hand(table_id=table.pk, record=summary(3), by=by)
    players = [q["sql"] for q in queries.captured_queries if '"club_player"' in q["sql"]]
    assert len(players) == 1, players
    names = hand.table.snapshot["names"]
    assert names[str(athos.pk)] == "Athos"
    change = next(m for m in sent if m["type"] == "table.change")
    assert '"Athos"' in change["text"] and '"A."' not in change["text"]
    assert '"A."' in change["public"] and '"Athos"' not in change["public"]


def test_a_hand_with_no_initials_chosen_sends_no_public_snapshot(monkeypatch):
    by, _ = user_with_token("scorer", staff=True)
    table = pool(by)
    sent = []
    monkeypatch.setattr(publish, "_on_commit", lambda group, message: sent.append(message))
    record_hand(table_id=table.pk, record=summary(3), by=by)
    assert next(m for m in sent if m["type"] == "table.change")["public"] is None


def test_the_table_is_locked_without_its_snapshot():
    by, _ = user_with_token("scorer", staff=True)
    table = pool(by)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = locked_table(table.pk)
    assert locked.pk == table.pk and locked.seq == table.seq and locked.rules == table.rules
    assert locked.get_deferred_fields() == {"snapshot"}
    [statement] = queries.captured_queries
    assert statement["sql"].endswith(" FOR UPDATE") == connection.features.has_select_for_update
    for missing in (table.pk + 1000, 0, -1, 2**63, 10**40):  # past what an id column holds too
        with transaction.atomic(), pytest.raises(Refused) as refused:
            locked_table(missing)
        assert refused.value.code == GameCode.NO_SUCH_TABLE, missing


@pytest.mark.skipif(not connection.features.has_select_for_update,
                    reason="a database without FOR UPDATE locks nothing by row")
@pytest.mark.django_db(transaction=True)  # outside the test's own transaction
def test_the_table_is_locked_in_a_transaction_only():
    by, _ = user_with_token("scorer", staff=True)
    table = pool(by)
    with pytest.raises(TransactionManagementError):
        locked_table(table.pk)
