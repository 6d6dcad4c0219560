"""The secretary's view of the wagers in the admin: the list with each wager's money, odds and
status, filtered by evening, member, table, style and status, searched, and a wager's page with
its takes, its table and its transactions. The evenings are the kit's (`evenings`)."""
import datetime
import re

import pytest
from django.contrib import admin
from django.utils import timezone

from club.models import ApiToken, Transaction
from games.models import Wager
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.games.kit import (
    LEDGER,
    MONEY,
    WAGERS,
    Api,
    cells,
    listed,
    member,
    page_text,
    players,
    transactions,
    win_game,
    words,
)

pytestmark = pytest.mark.django_db


def pks(*rows) -> list:
    return sorted(row.pk for row in rows)


def day_query(field: str, day: datetime.date) -> str:
    return f"?{field}__day={day.day}&{field}__month={day.month}&{field}__year={day.year}"


# -- the wagers --------------------------------------------------------------------------------
def test_the_wager_list_shows_each_wager_with_its_money_odds_and_status(staff_client, evenings):
    response = staff_client.get(WAGERS)

    assert len(listed(response)) == 5
    page = page_text(response)
    english, offer, dora = evenings["english"], evenings["offer"], evenings["gallery"][1]
    assert f'<a href="/admin/games/table/{english.pk}/change/">English evening</a>' in page
    assert cells(page, f'"/admin/games/wager/{offer.pk}/change/"') == {
        "id": str(offer.pk), "table_column": "English evening", "unit": "1",
        "style": "English", "bettor": "Charles", "on": "Athos", "stake_display": "10.00",
        "odds": "5:2", "matched_display": "10.00", "returned_display": "0.00",
        "unmatched_part": "none left", "outcome": "won", "net_display": "+25.00",
        "created": timezone.localtime(offer.created_at).strftime("%Y-%m-%d %H:%M")}
    row = cells(page, f'"/admin/games/wager/{dora.pk}/change/"')
    # Dora's 5.00 on Athos: 2.00 matched, 3.00 given back; Athos won, so she wins 2.00 less
    # the 5 % levy of 0.10.
    assert (row["style"], row["bettor"], row["odds"], row["matched_display"],
            row["returned_display"], row["unmatched_part"], row["outcome"], row["net_display"]) == (
        "French", "Dora", "—", "2.00", "3.00", "balanced", "won", "+1.90")
    emile = cells(page, f'"/admin/games/wager/{evenings["gallery"][2].pk}/change/"')
    assert (emile["outcome"], emile["net_display"]) == ("lost", "-12.00")  # all 12.00 matched
    withdrawn = cells(page, f'"/admin/games/wager/{evenings["withdrawn"].pk}/change/"')
    assert (withdrawn["unmatched_part"], withdrawn["outcome"], withdrawn["net_display"]) == (
        "withdrawn", "returned: nothing was matched", "0.00")


def test_an_offer_taken_in_part_that_won_is_listed_as_won_with_its_lapsed_part_returned(
        staff_client, secretary, client):
    """Charles offers 10.00 on Athos at 2:1; Dora takes 4.00 of it, laying 8.00; the 6.00
    nobody took lapses when the unit starts, and Athos wins it: Charles wins Dora's 8.00."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Evening", format="pool", players=[athos, porthos, aramis],
                       rules={}, by=secretary, first_dealer=porthos, wager_style="english")
    charles, dora = (member(client, name)[1].user for name in ("Charles", "Dora"))
    offer = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00, odds=(2, 1))
    take_wager(wager_id=offer.pk, by=dora, stake=4_00)
    win_game(Api(client, ApiToken.objects.create(user=secretary).key), table.snapshot,
             athos.pk)

    page = page_text(staff_client.get(WAGERS))

    row = cells(page, f'"/admin/games/wager/{offer.pk}/change/"')
    assert (row["matched_display"], row["returned_display"], row["unmatched_part"], row["outcome"],
            row["net_display"]) == ("4.00", "6.00", "lapsed", "won", "+8.00")
    detail = page_text(staff_client.get(f"{WAGERS}{offer.pk}/change/"))
    assert "Dora -8.00" in words(detail)  # the layer's side: she lost her lay


def test_the_wagers_are_filtered_by_member_table_style_and_status(staff_client, evenings):
    offer, withdrawn, (charles, dora, emile) = (
        evenings["offer"], evenings["withdrawn"], evenings["gallery"])

    def wagers(query):
        return listed(staff_client.get(WAGERS + query))

    assert wagers(f"?member={evenings['dora'].pk}") == pks(offer, dora)  # laid, then bet
    assert wagers(f"?member={evenings['emile'].pk}") == pks(offer, withdrawn, emile)
    assert wagers(f"?table={evenings['french'].pk}") == pks(charles, dora, emile)
    assert wagers("?style__exact=english") == pks(offer, withdrawn)
    assert wagers("?status=withdrawn") == pks(withdrawn)
    assert wagers(f"?status=balanced&member={evenings['charles'].pk}") == pks(charles)
    assert wagers("?status=open") == []
    specs = staff_client.get(WAGERS).context["cl"].filter_specs
    members = next(spec for spec in specs if spec.title == "member").lookup_choices
    assert [name for _, name in members] == ["Charles", "Dora", "Emile"]  # who wagered


def test_the_wagers_and_the_money_are_filtered_by_evening(staff_client, evenings):
    english, french = evenings["english"], evenings["french"]
    moment = timezone.now() - datetime.timedelta(days=3)  # the English evening, earlier
    Wager.objects.filter(table=english).update(created_at=moment)
    Transaction.objects.filter(movement__table=english).update(created_at=moment)
    earlier, today = timezone.localtime(moment).date(), timezone.localdate()
    at = "transaction__created_at"

    for url, field in ((WAGERS, "created_at"), (MONEY, at), (LEDGER, "created_at")):
        response = staff_client.get(url)
        assert response.context["cl"].date_hierarchy == field
        tonight = listed(staff_client.get(url + date_choice(response, "Today")))
        by_day = listed(staff_client.get(url + day_query(field, today)))
        expected = {WAGERS: pks(*evenings["gallery"]),
                    MONEY: transactions(movement__table=french),
                    LEDGER: sorted([*transactions(movement__table=french),
                                    evenings["door"].pk])}[url]
        assert tonight == by_day == expected
    assert listed(staff_client.get(WAGERS + day_query("created_at", earlier))) == pks(
        *Wager.objects.filter(table=english))
    assert listed(staff_client.get(MONEY + day_query(at, earlier))) == transactions(
        movement__table=english)


def date_choice(response, label: str) -> str:
    """The query string of a choice of the list's date filter."""
    cl = response.context["cl"]
    spec = next(s for s in cl.filter_specs if isinstance(s, admin.DateFieldListFilter))
    return next(c["query_string"] for c in spec.choices(cl) if c["display"] == label)


def test_the_search_finds_wagers_by_table_bettor_backed_player_or_layer(staff_client, evenings):
    offer, withdrawn, (charles, dora, emile) = (
        evenings["offer"], evenings["withdrawn"], evenings["gallery"])

    def found(words):
        return listed(staff_client.get(WAGERS, {"q": words}))

    assert found("french") == pks(charles, dora, emile)
    assert found("dora") == pks(offer, dora)  # she laid against the offer
    assert found("porthos") == pks(withdrawn, emile)
    assert found("english emile") == pks(offer, withdrawn)


def test_the_wager_page_shows_its_takes_and_links_its_table_and_transactions(
        staff_client, evenings):
    offer, english = evenings["offer"], evenings["english"]

    page = page_text(staff_client.get(f"{WAGERS}{offer.pk}/change/"))

    assert f'href="/admin/games/table/{english.pk}/change/">English evening</a>' in page
    takes = page[page.index("Takes (the other side"):]
    for layer, stake, lay in (("Dora", "4.00", "10.00"), ("Emile", "6.00", "15.00")):
        row = cells(takes, f">{layer}<")
        assert (row["stake_display"], row["lay_display"], row["taken_by"]) == (
            stake, lay, layer.lower())
    start = page.index('class="wager-ledger"')
    ledger = page[start:page.index("</table>", start)]
    own = transactions(movement__wager=offer)
    settlement = Transaction.objects.get(movement__table=english, reason="wager_settlement")
    for tx in [*own, settlement.pk]:
        assert f'href="/admin/club/transaction/{tx}/change/">#{tx}</a>' in ledger
    for entries in ("Charles −10.00, escrow +10.00", "Dora −10.00, escrow +10.00",
                    "Emile −15.00, escrow +15.00", "escrow −35.00, Charles +35.00"):
        assert entries in words(ledger)
    assert "Emile −2.00" not in words(ledger)  # his withdrawn offer is another wager

    followed = page_text(staff_client.get(f"{LEDGER}{own[0]}/change/"))
    assert "wager_stake" in followed and "-10.00" in followed
    made_by = r'Made by:</label>\s*<div class="readonly"><a href="/admin/auth/user/\d+/change/">'
    assert re.search(made_by + "charles</a>", followed)  # made by Charles's own act


def test_the_french_gallery_settlement_shows_the_levy_to_the_house(staff_client, evenings):
    dora = evenings["gallery"][1]

    page = words(page_text(staff_client.get(f"{WAGERS}{dora.pk}/change/")))

    assert "Dora −5.00, escrow +5.00" in page
    assert "wager balanced" in page and "escrow −3.00, Dora +3.00" in page
    assert "escrow −24.00, Charles +19.50, house +0.60, Dora +3.90" in page
    assert "wager settlementsecretary" in page  # the scorer's hand settled the unit
    assert "Takes (the other side" not in page  # a bet for the gallery has none
