"""Games' migration 0014: a wager's `closed` ("" while open) becomes its `status`, "open" while
open. Every open wager is given "open", one stored past the club's ceiling on amounts (before
migration 0013 added its checks) included, and the ceiling's check still holds for every row
written after. Back to 0013, "open" is "" again."""
import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from club.money_text import MAX_AMOUNT
from games.models import Wager
from tests.games.kit import STAKE_CHECK, member, wager_pool

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0013_wager_ceiling")]
AFTER = [("games", "0014_wager_status")]
PAST = MAX_AMOUNT * 1000


def _migrate(target) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(target)


def _columns() -> set:
    with connection.cursor() as cursor:
        return {c.name for c in connection.introspection.get_table_description(
            cursor, "games_wager")}


def _past_the_ceiling(pk: int) -> None:
    """Wager `pk`'s stake set past the ceiling, as a database that held it before 0013 keeps
    it: the check is left out for the update (dropped, then added again NOT VALID, on
    PostgreSQL)."""
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"ALTER TABLE games_wager DROP CONSTRAINT {STAKE_CHECK}")
            cursor.execute("UPDATE games_wager SET stake = %s WHERE id = %s", [PAST, pk])
            cursor.execute(f"ALTER TABLE games_wager ADD CONSTRAINT {STAKE_CHECK} "
                           f"CHECK (stake <= {MAX_AMOUNT}) NOT VALID")
        else:
            cursor.execute("PRAGMA ignore_check_constraints = ON")
            try:
                cursor.execute("UPDATE games_wager SET stake = %s WHERE id = %s", [PAST, pk])
            finally:
                cursor.execute("PRAGMA ignore_check_constraints = OFF")


def _rows() -> list:
    with connection.cursor() as cursor:
        column = "closed" if "closed" in _columns() else "status"
        cursor.execute(f"SELECT id, stake, {column} FROM games_wager ORDER BY id")
        return cursor.fetchall()


def test_open_wagers_are_open_by_name_even_past_the_ceiling(client, staff_api):
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, _ = member(client, "Charles")
    dora_api, _ = member(client, "Dora")
    placed = [charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": stake})
              .json()["id"] for stake in ("5.00", "6.00", "7.00")]
    assert charles_api.post(f"/wagers/{placed[1]}/withdraw").status_code == 200
    assert dora_api.post(f"/wagers/{placed[2]}/take", {"stake": "7.00"}).status_code == 201
    try:
        _migrate(BEFORE)
        assert "closed" in _columns() and "status" not in _columns()
        assert _rows() == [(placed[0], 500, ""), (placed[1], 600, "withdrawn"),
                           (placed[2], 700, "")]  # matched in full, but its unit not started
        _past_the_ceiling(placed[0])

        _migrate(AFTER)
        assert "status" in _columns() and "closed" not in _columns()
        assert _rows() == [(placed[0], PAST, "open"), (placed[1], 600, "withdrawn"),
                           (placed[2], 700, "open")]
        assert Wager.objects.get(pk=placed[0]).status == Wager.Status.OPEN
    finally:  # 0018 voids the wager past the ceiling (tests/games/test_ceiling_migration.py)
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    with pytest.raises(IntegrityError), transaction.atomic():  # the check holds for new rows
        Wager.objects.filter(pk=placed[1]).update(stake=MAX_AMOUNT + 1)


def test_back_to_0013_an_open_wager_is_blank_again(client, staff_api):
    table, (athos, _, _) = wager_pool(staff_api, "french")
    charles_api, _ = member(client, "Charles")
    placed = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "5.00"})
    _past_the_ceiling(placed.json()["id"])
    try:
        _migrate(BEFORE)
        assert _rows() == [(placed.json()["id"], PAST, "")]
        _migrate(AFTER)
        assert _rows() == [(placed.json()["id"], PAST, "open")]
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
