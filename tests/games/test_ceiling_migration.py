"""Games' migration 0018: a wager still open that a database kept from before the club's
ceiling on amounts (1,000,000.00) holds past it is void once (docs/rules.md, "Limits"): what is
held for it goes back from its unit's escrow, to its bettor and to the layers of its takes, no
money made, and it is closed; a wager whose unit's wagers were settled already is left as its
settlement left it. Then, on PostgreSQL, the ceiling's checks hold for every row (valid)."""
import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from club.models import Transaction
from club.money_text import MAX_AMOUNT
from games.models import Wager, WagerTake
from tests.games.kit import (
    STAKE_CHECK,
    balanced_books,
    escrow,
    member,
    money,
    wager_pool,
    win_game,
)

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0017_money_options_in_cents")]
PAST = 9_000_000_000_000_00  # 9,000,000,000,000.00


def _stake_past_the_ceiling(wager_id: int) -> None:
    """At migration 0017, wager `wager_id`'s stake raised to PAST and the difference held in
    its unit's escrow, as the services held a stake before the ceiling existed. The check that
    0013 added NOT VALID is left out for the update (dropped, then added again NOT VALID, on
    PostgreSQL; not checked meanwhile on SQLite)."""
    loader = MigrationExecutor(connection).loader
    club = [node for node in loader.graph.leaf_nodes() if node[0] == "club"]
    apps = loader.project_state(BEFORE + club).apps
    wager = apps.get_model("games", "Wager").objects.get(pk=wager_id)
    account = apps.get_model("club", "Account").objects
    extra = PAST - wager.stake
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"ALTER TABLE games_wager DROP CONSTRAINT {STAKE_CHECK}")
        else:
            cursor.execute("PRAGMA ignore_check_constraints = ON")
        wager.stake = PAST
        wager.save(update_fields=["stake"])
        if connection.vendor == "postgresql":
            cursor.execute(f"ALTER TABLE games_wager ADD CONSTRAINT {STAKE_CHECK} "
                           f"CHECK (stake <= {MAX_AMOUNT}) NOT VALID")
        else:
            cursor.execute("PRAGMA ignore_check_constraints = OFF")
        tx = apps.get_model("club", "Transaction").objects.create(
            reason=Transaction.Reason.WAGER_STAKE, reference=f"wager:{wager.pk}:stake",
            memo="before the ceiling")
        apps.get_model("club", "Entry").objects.bulk_create([
            apps.get_model("club", "Entry")(
                transaction=tx, account=account.get(code=f"player:{wager.bettor_id}"),
                amount=-extra),
            apps.get_model("club", "Entry")(
                transaction=tx, account=account.get(
                    code=f"escrow:table:{wager.table_id}:unit:{wager.unit_number}"),
                amount=extra)])


def _migrated_from_0017(*wager_ids) -> None:
    """Back to 0017, where the wagers are raised past the ceiling, and forward again."""
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        for wager_id in wager_ids:
            _stake_past_the_ceiling(wager_id)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def _valid_checks() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT conname, convalidated FROM pg_constraint WHERE conname IN "
                       "('games_wager_stake_ceiling', 'games_wagertake_ceiling')")
        return dict(cursor.fetchall())


def test_a_french_bet_past_the_ceiling_goes_back_and_is_closed(client, staff_api):
    table, (athos, porthos, _) = wager_pool(staff_api, "french")
    charles_api, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    past = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "5.00"})
    honest = dora_api.post(f"/tables/{table}/wagers", {"on": porthos.pk, "stake": "3.00"})

    _migrated_from_0017(past.json()["id"])

    assert money(charles, dora) == ["0.00", "-3.00"] and escrow(table, 1) == 300
    balanced_books()
    wager = Wager.objects.get(pk=past.json()["id"])
    assert (wager.status, wager.stake, wager.returned, wager.matched) == (
        Wager.Status.LAPSED, MAX_AMOUNT, MAX_AMOUNT, 0)
    assert Wager.objects.get(pk=honest.json()["id"]).status == Wager.Status.OPEN
    void = Transaction.objects.get(reference=f"wager:{wager.pk}:void")
    assert void.reason == "wager_void" and void.movement.wager == wager
    if connection.vendor == "postgresql":
        assert _valid_checks() == {"games_wager_stake_ceiling": True,
                                   "games_wagertake_ceiling": True}


def test_an_english_offer_past_the_ceiling_gives_back_its_takes_too(client, staff_api):
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    offer = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "10.00"}).json()["id"]
    assert dora_api.post(f"/wagers/{offer}/take", {"stake": "4.00"}).status_code == 201

    _migrated_from_0017(offer)

    assert money(charles, dora) == ["0.00", "0.00"] and escrow(table, 1) == 0
    balanced_books()
    assert Wager.objects.get(pk=offer).status == Wager.Status.LAPSED
    assert not WagerTake.objects.exists()


def test_a_wager_of_a_settled_unit_is_left_as_its_settlement_left_it(client, staff_api):
    """Athos's unit is decided and its wagers settled: the stored stake is not given back a
    second time, and the wagers' check stays as 0013 added it, holding for new rows."""
    table, (athos, porthos, _) = wager_pool(staff_api, "french")
    charles_api, charles = member(client, "Charles")
    dora_api, _ = member(client, "Dora")
    past = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "5.00"})
    dora_api.post(f"/tables/{table}/wagers", {"on": porthos.pk, "stake": "5.00"})
    win_game(staff_api, staff_api.get(f"/tables/{table}").json(), athos.pk)
    held = escrow(table, 1)

    _migrated_from_0017(past.json()["id"])

    assert escrow(table, 1) == held + PAST - 500
    assert not Transaction.objects.filter(reason=Transaction.Reason.WAGER_VOID).exists()
    wager = Wager.objects.get(pk=past.json()["id"])
    assert (wager.status, wager.stake) == (Wager.Status.BALANCED, PAST)
    if connection.vendor == "postgresql":
        assert _valid_checks() == {"games_wager_stake_ceiling": False,
                                   "games_wagertake_ceiling": True}
