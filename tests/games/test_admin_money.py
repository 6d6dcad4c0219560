"""The secretary's view of the money at tables and of the club's ledger in the admin: each
transaction linked to its table, unit and wager, filtered by player, table and reason, who made
it; and the wagers and the money exported as CSV. The evenings are the kit's (`evenings`)."""
import csv
import io
from decimal import Decimal

import pytest

from club.models import Transaction
from games.models import Movement, Wager
from tests.games.kit import LEDGER, MONEY, WAGERS, cells, listed, page_text, transactions

pytestmark = pytest.mark.django_db


# -- the money at tables and the club's ledger ------------------------------------------------
def test_the_money_list_links_each_transaction_to_its_table_unit_and_wager(
        staff_client, evenings):
    english, offer = evenings["english"], evenings["offer"]

    response = staff_client.get(MONEY)

    assert listed(response) == transactions(movement__isnull=False)  # not the door's
    assert response.context["title"] == "Money at tables"
    page = page_text(response)
    take = Transaction.objects.filter(reason="wager_lay", entries__account__player__name="Dora")
    link = f'href="/admin/club/transaction/{take.get().pk}/change/">#{take.get().pk}</a>'
    row = page[page.rindex("<tr", 0, page.index(link)):].split("</tr>")[0]
    assert f'href="/admin/games/table/{english.pk}/change/">English evening</a>' in row
    assert f'href="/admin/games/wager/{offer.pk}/change/">wager {offer.pk}</a>' in row
    assert {k: v for k, v in cells(page, link).items() if k != "created"} == {
        "transaction_id_link": f"#{take.get().pk}", "reason": "wager lay", "made_by": "dora",
        "table_column": "English evening", "unit": "1",
        "wager_column": f"wager {offer.pk}", "entries": "Dora −10.00, escrow +10.00"}


def test_the_money_is_filtered_by_player_table_and_reason(staff_client, evenings):
    dora, english = evenings["dora"], evenings["english"]

    def money(query):
        return listed(staff_client.get(MONEY + query))

    assert money(f"?player={dora.pk}") == transactions(entries__account__player=dora)
    assert len(money(f"?player={dora.pk}")) == 4  # a lay, a bet, its excess, the winnings
    charles = evenings["charles"]
    assert money(f"?player={charles.pk}") == transactions(  # not what he paid at the door
        entries__account__player=charles, movement__isnull=False)
    assert money(f"?table={english.pk}") == transactions(movement__table=english)
    assert money("?reason=wager_lay") == transactions(reason=Transaction.Reason.WAGER_LAY)
    assert len(money("?reason=wager_settlement")) == 2
    assert money(f"?reason=wager_stake&table={english.pk}&player={evenings['emile'].pk}") == (
        transactions(reason=Transaction.Reason.WAGER_STAKE, movement__wager=evenings["withdrawn"]))


def test_the_club_ledger_shows_who_made_each_transaction_and_filters_by_player_and_reason(
        staff_client, evenings):
    dora = evenings["dora"]
    own = transactions(movement__wager=evenings["offer"])
    settled = transactions(reason=Transaction.Reason.WAGER_SETTLEMENT)[0]

    page = page_text(staff_client.get(LEDGER))
    by_dora = listed(staff_client.get(f"{LEDGER}?player={dora.pk}"))
    by_charles = listed(staff_client.get(f"{LEDGER}?player={evenings['charles'].pk}"))
    settlements = listed(staff_client.get(f"{LEDGER}?reason=wager_settlement"))

    assert cells(page, f'"/admin/club/transaction/{own[0]}/change/"')["made_by"] == "charles"
    assert cells(page, f'"/admin/club/transaction/{settled}/change/"')["made_by"] == "secretary"
    assert by_dora == transactions(entries__account__player=dora)
    assert evenings["door"].pk in by_charles
    assert by_charles == transactions(entries__account__player=evenings["charles"])
    assert settlements == transactions(reason=Transaction.Reason.WAGER_SETTLEMENT)


# -- CSV ---------------------------------------------------------------------------------------
def exported(client, url: str, selected) -> list[dict]:
    response = client.post(url, {"action": "export_csv", "_selected_action": selected})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_wagers_export_as_csv(staff_client, evenings):
    rows = exported(staff_client, WAGERS, Wager.objects.values_list("pk", flat=True))

    by_id = {int(row["wager_id"]): row for row in rows}
    offer = by_id[evenings["offer"].pk]
    assert (offer["table_name"], offer["style"], offer["bettor"], offer["on"]) == (
        "English evening", "english", "Charles", "Athos")
    assert (offer["stake"], offer["odds"], offer["matched"], offer["unmatched"]) == (
        "10.00", "5:2", "10.00", "0.00")
    assert offer["takes"] == "Dora lays 10.00 to 4.00; Emile lays 15.00 to 6.00"
    # Athos won: Charles wins both lays (10.00 + 15.00), the layers lose them.
    assert (offer["outcome"], offer["bettor_net"], offer["layers_net"]) == (
        "won", "25.00", "Dora -10.00; Emile -15.00")
    withdrawn = by_id[evenings["withdrawn"].pk]
    assert (withdrawn["unmatched_part"], withdrawn["returned"]) == ("withdrawn", "2.00")
    assert (withdrawn["outcome"], withdrawn["bettor_net"]) == ("returned", "0.00")
    dora = by_id[evenings["gallery"][1].pk]
    assert (dora["odds"], dora["matched"], dora["returned"], dora["placed_by"]) == (
        "", "2.00", "3.00", "dora")
    assert (dora["outcome"], dora["bettor_net"], dora["layers_net"]) == ("won", "1.90", "")
    assert sum(Decimal(row["stake"]) for row in rows) == Decimal("39.00")
    only = exported(staff_client, WAGERS, [evenings["offer"].pk])  # the selected rows only
    assert [row["wager_id"] for row in only] == [str(evenings["offer"].pk)]


def test_the_money_exports_as_csv_one_row_per_entry_and_adds_up(staff_client, evenings):
    rows = exported(staff_client, MONEY, Movement.objects.values_list("pk", flat=True))

    by_player = {}
    for row in rows:
        key = row["player"] or row["account"].split(":")[0]
        by_player[key] = by_player.get(key, Decimal(0)) + Decimal(row["amount"])
    assert by_player == {"Charles": Decimal("34.50"), "Dora": Decimal("-8.10"),
                         "Emile": Decimal("-27.00"), "house": Decimal("0.60"),
                         "escrow": Decimal("0.00")}
    for tx in {row["transaction_id"] for row in rows}:
        assert sum(Decimal(r["amount"]) for r in rows if r["transaction_id"] == tx) == 0
    settlement = [r for r in rows if r["kind"] == "wager_settlement"
                  and r["table_name"] == "French evening"]
    assert [(r["account"], r["amount"]) for r in settlement] == [
        (f"escrow:table:{evenings['french'].pk}:unit:1", "-24.00"),
        (f"player:{evenings['charles'].pk}", "19.50"), ("house", "0.60"),
        (f"player:{evenings['dora'].pk}", "3.90")]
    assert {(r["unit"], r["wager_id"], r["made_by"]) for r in settlement} == {
        ("1", "", "secretary")}
    lay = next(r for r in rows if r["kind"] == "wager_lay" and r["player"] == "Emile")
    assert (lay["wager_id"], lay["amount"]) == (str(evenings["offer"].pk), "-15.00")
    offers = Movement.objects.filter(wager=evenings["offer"]).values_list("pk", flat=True)
    only = exported(staff_client, MONEY, offers)  # its stake and two lays: six entries
    assert {row["wager_id"] for row in only} == {str(evenings["offer"].pk)} and len(only) == 6
