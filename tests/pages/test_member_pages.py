"""A table's history and its hands one by one, a member's page, the standings' links and the
settle-up."""
import re

import pytest

from club import ledger
from club.models import Player, Transaction
from club.players import create_player
from games.models import Hand
from games.services.hands import correct_hand
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.games.kit import page_text, pool, record_game_won_by, summary
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db


def test_the_history_lists_every_event_in_seq_order_in_words(client, staff):
    table = pool(staff, hands=2)
    hand = Hand.objects.get(table=table, number=1)
    correct_hand(hand_id=hand.pk, record=summary(5), by=staff)

    page = client.get(f"/tables/{table.pk}/history/").content.decode()

    assert [int(s) for s in re.findall(r'data-seq="(\d+)"', page)] == [1, 2, 3, 4]
    kinds = re.findall(r"<strong>([^<]+)</strong>", page)
    assert kinds == ["opened", "hand recorded", "hand recorded", "hand corrected"]
    assert "hand 1, version 2" in page and "steward" in page
    table_page = client.get(f"/tables/{table.pk}/").content.decode()
    assert f'href="/tables/{table.pk}/history/"' in table_page


def test_the_history_says_what_each_wager_act_was(client, staff, django_user_model):
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="english")
    users = [django_user_model.objects.create_user(n) for n in ("charles", "dora")]
    for user in users:
        create_player(name=user.username.title(), username=user.username)
    wager = place_wager(table_id=table.pk, by=users[0], on=seated[0].pk, stake=5_00)
    take_wager(wager_id=wager.pk, by=users[1], stake=2_00)

    page = client.get(f"/tables/{table.pk}/history/").content.decode()

    assert f"wager {wager.pk} placed" in page and f"wager {wager.pk} taken" in page
    assert page.index("placed") < page.index("taken")


def test_the_hand_by_hand_page_shows_hand_n_with_its_seats_marks_and_score(client, staff):
    table = pool(staff, hands=3)

    first = page_text(client.get(f"/tables/{table.pk}/hand-by-hand/"))
    second = page_text(client.get(f"/tables/{table.pk}/hand-by-hand/?hand=2"))
    beyond = page_text(client.get(f"/tables/{table.pk}/hand-by-hand/?hand=99"))

    assert "Hand 1, game 1" in first and "1 of 3" in first
    assert 'rel="next" href="?hand=2"' in first and 'rel="prev"' not in first
    # Porthos deals first, Athos is elder: the elder takes the point of each hand.
    assert re.search(r"elder</dt><dd>Athos</dd>\s*<dt>dealer</dt><dd>Porthos", first)
    assert "Athos +1 point" in first
    assert re.search(r'class="score">Athos 1 – Porthos 0<', first)
    assert "Hand 2, game 1" in second and 'rel="prev" href="?hand=1"' in second
    # The deal passes: Porthos is elder of the second hand, and takes its point.
    assert re.search(r"elder</dt><dd>Porthos</dd>", second) and "Porthos +1 point" in second
    assert re.search(r'class="score">Porthos 1 – Athos 1<', second)
    assert "tricks elder 3, dealer 2" in second  # the record in words
    assert "Hand 3, game 1" in beyond and 'rel="next"' not in beyond


def test_the_hand_by_hand_page_of_a_table_without_hands_says_so(client, staff):
    table = pool(staff)

    assert "No hand counts at this table yet." in client.get(
        f"/tables/{table.pk}/hand-by-hand/").content.decode()


def test_the_standings_link_each_member_to_his_page_with_his_rating(client, staff):
    table = pool(staff)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)

    standings = client.get("/standings").content.decode()
    page = client.get(f"/players/{athos.pk}/").content.decode()

    assert f'href="/players/{athos.pk}/">Athos</a>' in standings
    assert re.search(r"Games won</dt><dd data-won>1<", page)
    assert re.search(r"Games lost</dt><dd data-lost>0<", page)
    assert re.search(r"data-rating>[0-9.-]+<", page)
    assert f'href="/tables/{table.pk}/history/"' in page


def test_a_members_money_is_his_own_and_staffs(client, staff, django_user_model):
    athos_user = django_user_model.objects.create_user("athos")
    other = django_user_model.objects.create_user("dora")
    pool(staff, names=("Athos", "Porthos", "Aramis"), pool_entry=1000)
    athos = Player.objects.get(name="Athos")
    athos.user = athos_user
    athos.save()

    own = as_user(athos_user).get(f"/players/{athos.pk}/").content.decode()
    as_staff = as_user(staff).get(f"/players/{athos.pk}/").content.decode()
    others = [as_user(other).get(f"/players/{athos.pk}/").content.decode(),
              client.get(f"/players/{athos.pk}/").content.decode()]

    assert "data-balance>-10.00<" in own and "entry to the pool" in own
    assert re.search(r'href="/tables/\d+/">Table 1</a>', own)  # the table it was paid at
    assert "data-balance>-10.00<" in as_staff
    for page in others:
        assert "data-balance" not in page and "entry to the pool" not in page
        assert "Athos" in page


def wager_row(page: str, wager) -> dict:
    """The member page's row of a wager: its figures by data attribute."""
    start = page.index(f'data-wager="{wager.pk}"')
    row = page[start:page.index("</li>", start)]
    return dict(re.findall(r"data-(matched|returned|outcome|net)[^>]*>([^<]*)<", row))


def test_a_members_wagers_show_matched_returned_outcome_and_net_from_his_side(
        staff, django_user_model):
    """Charles offers 10.00 on Athos at 2:1; Dora takes 4.00 of it, laying 8.00; 6.00 lapses
    when the unit starts and Athos wins it. Charles: 4.00 matched, 6.00 returned, won, +8.00.
    Dora: her 8.00 laid all matched, nothing returned, lost, -8.00."""
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="english")
    charles, dora = (django_user_model.objects.create_user(n) for n in ("charles", "dora"))
    for user in (charles, dora):
        create_player(name=user.username.title(), username=user.username)
    offer = place_wager(table_id=table.pk, by=charles, on=seated[0].pk, stake=10_00,
                        odds=(2, 1))
    take_wager(wager_id=offer.pk, by=dora, stake=4_00)
    record_game_won_by(table, seated[0], staff)

    backer = as_user(charles).get(f"/players/{charles.player.pk}/").content.decode()
    layer = as_user(dora).get(f"/players/{dora.player.pk}/").content.decode()
    french = as_user(charles).get(f"/players/{charles.player.pk}/",
                                  headers={"accept-language": "fr"}).content.decode()

    assert wager_row(backer, offer) == {"matched": "4.00", "returned": "6.00",
                                        "outcome": "won", "net": "8.00"}
    assert wager_row(layer, offer) == {"matched": "8.00", "returned": "0.00",
                                       "outcome": "lost", "net": "-8.00"}
    assert wager_row(french, offer)["outcome"] == "gagné"
    assert "Net sur votre solde" in french


@pytest.fixture
def debts(staff):
    """Athos owes Porthos 12.50 (a payment the wrong way round makes the debt)."""
    from club.payments import record_payment
    athos, porthos = Player.objects.create(name="Athos"), Player.objects.create(name="Porthos")
    record_payment(payer=porthos, payee=athos, cents=1250, by=staff)
    return athos, porthos


def test_the_settle_up_says_who_pays_whom_to_members_only(client, staff, debts,
                                                          django_user_model):
    member = django_user_model.objects.create_user("dora")

    anonymous = client.get("/settle-up/")
    page = as_user(member).get("/settle-up/").content.decode()

    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/login/")
    assert re.search(r"Athos</a>\s*→ <a[^>]*>Porthos</a></span>\s*<strong>12.50<", page)
    assert "Record a payment" not in page


def test_staff_record_a_payment_once_and_the_settle_up_shows_the_rest(staff, debts):
    athos, porthos = debts
    client = as_user(staff)
    page = client.get("/settle-up/").content.decode()
    key = re.search(r'name="key" value="([0-9a-f]+)"', page).group(1)
    form = {"key": key, "payer": athos.pk, "payee": porthos.pk, "amount": "10.00"}

    answers = [client.post("/settle-up/", form), client.post("/settle-up/", form)]

    assert [a.status_code for a in answers] == [302, 302]
    assert Transaction.objects.filter(reason="payment").count() == 2  # the debt, one payment
    assert ledger.player_balance(athos) == -250
    assert re.search(r"→ <a[^>]*>Porthos</a></span>\s*<strong>2.50<",
                     client.get("/settle-up/").content.decode())


def test_a_member_may_not_record_a_payment_and_a_bad_amount_is_refused(
        staff, debts, django_user_model):
    athos, porthos = debts
    member = as_user(django_user_model.objects.create_user("dora"))
    form = {"key": "k1", "payer": athos.pk, "payee": porthos.pk, "amount": "10.00"}

    forbidden = member.post("/settle-up/", form)
    bad = as_user(staff).post("/settle-up/", form | {"amount": "1.234"})
    same = as_user(staff).post("/settle-up/", form | {"payee": athos.pk})

    assert forbidden.status_code == 403
    assert bad.status_code == 400 and "at most two decimal places" in bad.content.decode()
    assert same.status_code == 400
    assert "The payer and the payee must be two parties." in same.content.decode()
    assert Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).count() == 1
