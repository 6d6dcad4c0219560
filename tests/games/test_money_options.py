"""A table's money options (docs/rules.md, Table options) are whole numbers inside: amounts in
cents, the levy in hundredths of a percent. The API gives and reads them as decimal strings,
"12.50", and so do the snapshot and the exports; migration 0017 turns the tables stored as
text into whole numbers, and back."""
import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.admin.exports import tables_json
from games.courses import course_of
from games.models import Table
from tests.games.kit import created, open_pool, summary

MONEY = ("pool_entry", "pool_forfeit", "levy_percent", "wager_min", "wager_max")
GIVEN = {"pool_entry": "5.00", "pool_forfeit": 1, "levy_percent": "12.5", "wager_max": "25"}
WHOLE = {"pool_entry": 500, "pool_forfeit": 100, "levy_percent": 1250, "wager_min": 10,
         "wager_max": 2500}
WRITTEN = {"pool_entry": "5.00", "pool_forfeit": "1.00", "levy_percent": "12.50",
           "wager_min": "0.10", "wager_max": "25.00"}
# A hand record may carry the table's options in its rules (docs/hand-record.md), written as
# the API writes them; at its table they must agree with the table's.
AGREEING = summary(3) | {"rules": {"pool_entry": "5.00", "levy_percent": "12.50"}}


def _money(rules: dict) -> dict:
    return {key: rules[key] for key in MONEY}


@pytest.mark.django_db
def test_the_api_s_amounts_are_kept_in_cents_and_written_back_as_the_api_writes_them(
        staff_api):
    snap = open_pool(staff_api, rules=GIVEN)

    assert _money(Table.objects.get(pk=snap["id"]).rules) == WHOLE
    assert _money(snap["rules"]) == _money(staff_api.get(f"/tables/{snap['id']}").json()["rules"])
    assert _money(snap["rules"]) == WRITTEN
    assert _money(tables_json(Table.objects.filter(pk=snap["id"]))["tables"][0]["rules"]) == (
        WRITTEN)


def _migrate(target) -> None:
    MigrationExecutor(connection).migrate(target)


def _stored(table_id: int) -> dict:
    """The table's rules as the database holds them, whatever the models say."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rules FROM games_table WHERE id = %s", [table_id])
        rules = cursor.fetchone()[0]
    return _money(json.loads(rules) if isinstance(rules, str) else rules)


@pytest.mark.django_db(transaction=True)
def test_migration_0017_turns_the_stored_amounts_into_whole_numbers_and_back(staff_api):
    snap = open_pool(staff_api, rules=GIVEN)
    created(staff_api.post(f"/tables/{snap['id']}/hands", {"record": AGREEING}))
    try:
        _migrate([("games", "0016_waiting_hands")])
        assert _stored(snap["id"]) == WRITTEN

        _migrate([("games", "0017_money_options_in_cents")])
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert _stored(snap["id"]) == WHOLE
    table = Table.objects.get(pk=snap["id"])
    assert course_of(table).set_aside == []  # the record's options still agree with the table's
    answer = created(staff_api.post(f"/tables/{snap['id']}/hands", {"record": AGREEING}))
    assert answer["hand"]["number"] == 2 and _money(answer["table"]["rules"]) == WRITTEN
