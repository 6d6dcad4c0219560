"""The admin's lists of the money cannot write: every write to a wager, a movement or a
transaction is refused, a filter value that is no id shows the list unfiltered, and each list
and a wager's page take a fixed number of queries whatever their length."""
import pytest

from club.models import Transaction
from games.models import Movement, Wager, WagerTake
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.games.kit import LEDGER, MONEY, WAGERS, member, page_text, players, queries_for

pytestmark = pytest.mark.django_db


# -- nothing is written from here --------------------------------------------------------------
@pytest.mark.parametrize("model", ["games/wager", "games/movement", "club/transaction"])
def test_every_write_through_the_admin_is_refused(staff_client, evenings, model):
    row = {"games/wager": evenings["offer"].pk,
           "games/movement": Movement.objects.first().pk,
           "club/transaction": Transaction.objects.first().pk}[model]
    def books():
        return [*(m.objects.count() for m in (Wager, WagerTake, Movement, Transaction)),
                Wager.objects.get(pk=evenings["offer"].pk).stake]
    before = books()

    page = page_text(staff_client.get(f"/admin/{model}/{row}/change/"))
    answers = [staff_client.get(f"/admin/{model}/add/"),
               staff_client.post(f"/admin/{model}/add/", {"stake": "1.00", "reason": "deposit"}),
               staff_client.post(f"/admin/{model}/{row}/change/", {"stake": "99.00"}),
               staff_client.post(f"/admin/{model}/{row}/delete/", {"post": "yes"}),
               staff_client.post(f"/admin/{model}/", {"action": "delete_selected",
                                                      "_selected_action": [row],
                                                      "post": "yes"})]

    assert 'name="_save"' not in page
    assert [answer.status_code for answer in answers[:4]] == [403, 403, 403, 403]
    assert books() == before


@pytest.mark.parametrize("url", [f"{WAGERS}?member=abc", f"{WAGERS}?table=1.5",
                                 f"{MONEY}?player=x", f"{MONEY}?table=99999999999999999999",
                                 f"{LEDGER}?player=abc", f"{WAGERS}?id__regex=%5B"])
def test_a_filter_value_that_is_no_id_shows_the_list_unfiltered(staff_client, evenings, url):
    answer = staff_client.get(url)

    assert answer.status_code == 302 and answer["Location"].endswith("?e=1")


# -- a fixed number of queries ----------------------------------------------------------------
@pytest.fixture
def wagering(client, secretary):
    """Places `count` more English offers, each taken in part; returns their table."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Busy evening", format="pool", players=[athos, porthos, aramis],
                       rules={}, by=secretary, first_dealer=porthos, wager_style="english")
    backer, layer = (member(client, name)[1].user for name in ("Charles", "Dora"))

    def place(count: int):
        for _ in range(count):
            offer = place_wager(table_id=table.pk, by=backer, on=athos.pk, stake=1_00)
            take_wager(wager_id=offer.pk, by=layer, stake=50)
        return table
    return place


@pytest.mark.parametrize("url", [
    WAGERS, f"{WAGERS}?q=charles", f"{WAGERS}?member=LAYER&status=open&style__exact=english",
    MONEY, f"{MONEY}?player=LAYER&reason=wager_lay", LEDGER, f"{LEDGER}?player=BACKER",
])
def test_a_list_takes_as_many_queries_for_twenty_wagers_as_for_two(staff_client, wagering,
                                                                   url):
    table = wagering(2)
    layer = WagerTake.objects.first().layer_id
    url = url.replace("LAYER", str(layer)).replace("BACKER", str(Wager.objects.first().bettor_id))
    few = queries_for(staff_client, url)
    wagering(18)

    many = queries_for(staff_client, url)

    assert Wager.objects.filter(table=table).count() == 20
    assert len(staff_client.get(url).context["cl"].result_list) >= 20
    assert many == few


def test_a_wager_page_takes_as_many_queries_for_six_takes_as_for_one(staff_client, wagering):
    wagering(1)
    offer = Wager.objects.get()
    layers = [member(staff_client, f"Layer {n}")[1].user for n in range(5)]
    few = queries_for(staff_client, f"{WAGERS}{offer.pk}/change/")
    for layer in layers:
        take_wager(wager_id=offer.pk, by=layer, stake=10)

    many = queries_for(staff_client, f"{WAGERS}{offer.pk}/change/")

    assert offer.takes.count() == 6 and many == few
