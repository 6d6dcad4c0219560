"""The secretary's list of pools and rubbers, and a table's own page: read-only, readable."""
import datetime

import pytest
from django.utils import timezone

from games.models import Table
from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.records import ELDER_VOLE
from tests.games.kit import page_text, players, pool, won_pool

pytestmark = pytest.mark.django_db


def names_listed(response) -> list:
    return [table.name for table in response.context["cl"].result_list]


def test_the_list_shows_players_in_sitting_order_winner_and_hand_count(staff_client, secretary):
    table = won_pool(secretary, name="Friday pool")

    response = staff_client.get("/admin/games/table/")

    assert response.status_code == 200
    row = response.context["cl"].result_list[0]
    assert row.hands_count == table.hands.count() == 6
    page = response.content.decode()
    assert "Athos, Porthos, Aramis" in page
    assert "Friday pool" in page and ">Athos</td>" in page  # the winner's column


def test_the_player_filter_keeps_the_tables_he_sat_at(staff_client, secretary):
    pool(secretary, name="Musketeers")
    pool(secretary, names=("Athos", "Planchet", "Bazin"), name="With valets")
    pool(secretary, names=("Rochefort", "Planchet", "Bazin"), name="Without Athos")
    planchet = players("Mousqueton")[0]  # a player who sat nowhere
    athos = Table.objects.get(name="Musketeers").seats.get(position=0).player

    response = staff_client.get(f"/admin/games/table/?player={athos.pk}")

    assert sorted(names_listed(response)) == ["Musketeers", "With valets"]
    assert names_listed(staff_client.get(f"/admin/games/table/?player={planchet.pk}")) == []


def test_the_format_and_status_filters_narrow_the_list(staff_client, secretary):
    won_pool(secretary, name="Won")
    pool(secretary, name="Playing")
    a, b = players("Tréville", "Richelieu")
    open_table(name="Duel", format="rubber", players=[a, b], rules={}, by=secretary,
                        first_dealer=b)

    assert names_listed(staff_client.get("/admin/games/table/?status__exact=won")) == ["Won"]
    assert names_listed(staff_client.get("/admin/games/table/?format__exact=rubber")) == ["Duel"]
    assert sorted(names_listed(staff_client.get(
        "/admin/games/table/?format__exact=pool&status__exact=playing"))) == ["Playing"]


def test_the_date_filter_keeps_the_tables_opened_that_day(staff_client, secretary):
    old = pool(secretary, name="Last year")
    Table.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=400))
    pool(secretary, name="Tonight")
    today = timezone.localdate()

    by_day = staff_client.get(f"/admin/games/table/?created_at__day={today.day}"
                              f"&created_at__month={today.month}&created_at__year={today.year}")
    past_week = staff_client.get("/admin/games/table/" + date_choice(by_day, "Past 7 days"))

    assert names_listed(by_day) == ["Tonight"]
    assert names_listed(past_week) == ["Tonight"]


def date_choice(response, label: str) -> str:
    spec = next(s for s in response.context["cl"].filter_specs if s.title == "created at")
    return next(c["query_string"] for c in spec.choices(response.context["cl"])
                if c["display"] == label)


def test_search_finds_tables_by_their_name_or_a_players_name(staff_client, secretary):
    pool(secretary, name="Musketeers")
    pool(secretary, names=("Rochefort", "Milady", "Bazin"), name="Cardinal's men")

    assert names_listed(staff_client.get("/admin/games/table/?q=cardinal")) == ["Cardinal's men"]
    assert names_listed(staff_client.get("/admin/games/table/?q=milady")) == ["Cardinal's men"]
    assert names_listed(staff_client.get("/admin/games/table/?q=athos")) == ["Musketeers"]
    assert names_listed(staff_client.get("/admin/games/table/?q=nobody")) == []


def test_a_search_matching_several_players_lists_the_table_once(staff_client, secretary):
    pool(secretary, names=("Athos", "Aramis", "Porthos"), name="Musketeers")

    assert names_listed(staff_client.get("/admin/games/table/?q=a")) == ["Musketeers"]


def test_the_table_page_shows_rules_first_dealer_and_snapshot_readably(staff_client, secretary):
    table = pool(secretary, hands=2, pool_entry=1000)

    page = page_text(staff_client.get(f"/admin/games/table/{table.pk}/change/"))

    assert "Entry to the pool (cagnotte):</strong> 10.00" in page  # the options as the pages
    assert "The pool&#x27;s unit:</strong> a game" in page  # name them (words.OPTIONS)
    assert "the first dealer was named" in page
    assert "elder Athos, dealer Porthos, observer Aramis" in page
    assert "score Athos 1, Porthos 1" in page


def test_the_table_page_shows_the_cut_with_suit_symbols(staff_client, secretary):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Cut", format="pool", players=[athos, porthos, aramis],
                                rules={}, by=secretary)
    Table.objects.filter(pk=table.pk).update(cut=[[[athos.pk, "KS"], [porthos.pk, "TH"]]])

    page = staff_client.get(f"/admin/games/table/{table.pk}/change/").content.decode()

    assert 'Athos K♠, Porthos <span class="red-suit">10♥</span>' in page


def test_the_table_page_shows_units_games_and_hands_with_suits_tricks_and_marks(
        staff_client, secretary):
    table = pool(secretary, hands=3)
    record_hand(table_id=table.pk, record=ELDER_VOLE, by=secretary)

    page = page_text(staff_client.get(f"/admin/games/table/{table.pk}/change/"))

    assert "Athos v Porthos" in page  # the unit
    assert "score Athos 2, Porthos 3" in page  # the game in play, from the snapshot
    assert "elder K♠ Q♠ A♠ J♦ Q♦; dealer 7♠ 8♠ 9♥ 10♥ 7♣; turn-up 8♦" in page
    assert "1. elder leads K♠, dealer plays 7♠: elder wins" in page
    assert "Porthos +1 point, Porthos +1 vole" in page  # the marks by who took them
    assert "Athos +1 point</span>" in page  # a summary hand's mark
    hand = table.hands.get(number=4)
    assert f'href="/admin/games/hand/{hand.pk}/change/">hand 4</a>' in page


def test_a_finished_table_has_no_save_button_and_refuses_a_post(staff_client, secretary):
    table = won_pool(secretary)

    page = page_text(staff_client.get(f"/admin/games/table/{table.pk}/change/"))
    response = staff_client.post(f"/admin/games/table/{table.pk}/change/",
                                 {"name": "Renamed", "status": "playing"})

    assert 'name="_save"' not in page and 'name="_continue"' not in page
    assert response.status_code == 403
    table.refresh_from_db()
    assert (table.name, table.status) == ("Won pool", "won")


def test_a_table_in_play_cannot_be_edited_field_by_field_either(staff_client, secretary):
    table = pool(secretary, hands=1)

    page = page_text(staff_client.get(f"/admin/games/table/{table.pk}/change/"))
    response = staff_client.post(f"/admin/games/table/{table.pk}/change/", {"name": "Renamed"})

    assert 'name="_save"' not in page and '<input type="text" name="name"' not in page
    assert response.status_code == 403
    assert Table.objects.get(pk=table.pk).name == "Table 1"


def test_tables_cannot_be_added_or_deleted_through_the_admin(staff_client, secretary):
    table = pool(secretary)

    added = staff_client.post("/admin/games/table/add/", {"name": "New"})
    deleted = staff_client.post(f"/admin/games/table/{table.pk}/delete/", {"post": "yes"})

    assert (added.status_code, deleted.status_code) == (403, 403)
    assert list(Table.objects.values_list("name", flat=True)) == ["Table 1"]


def test_the_abandon_action_asks_first_and_abandons_nothing_until_confirmed(staff_client,
                                                                             secretary):
    playing = pool(secretary, hands=1, name="Playing", pool_entry=500)
    won = won_pool(secretary)

    response = staff_client.post("/admin/games/table/", {
        "action": "abandon", "_selected_action": [playing.pk, won.pk]})

    playing.refresh_from_db()
    assert response.status_code == 200 and playing.status == "playing" and playing.seq == 2
    page = page_text(response)
    assert "Abandon these tables?" in page
    assert "Playing" in page and "Athos, Porthos, Aramis" in page
    assert "every stake of a pool goes back as paid" in page
    assert "Won pool is already won: it is left as it is." in page
    assert 'name="post" value="yes"' in page and 'name="action" value="abandon"' in page
    assert f'name="_selected_action" value="{playing.pk}"' in page
    assert 'href="/admin/games/table/"' in page  # "No, take me back"


def test_the_abandon_action_abandons_tables_in_play_through_the_service(staff_client, secretary):
    playing = pool(secretary, hands=1, name="Playing")
    won = won_pool(secretary)

    response = staff_client.post("/admin/games/table/", {
        "action": "abandon", "_selected_action": [playing.pk, won.pk], "post": "yes"},
        follow=True)

    playing.refresh_from_db()
    won.refresh_from_db()
    assert playing.status == "abandoned" and playing.finished_at is not None
    assert playing.seq == 3  # opened, one hand, abandoned: the service moved seq on
    assert won.status == "won"
    page = response.content.decode()
    assert "Abandoned 1 table:" in page and "Won pool is already won" in page


def test_the_table_page_lists_each_finished_game_with_its_score(staff_client, secretary):
    table = won_pool(secretary)

    page = page_text(staff_client.get(f"/admin/games/table/{table.pk}/change/"))

    assert "Athos 5 – Porthos 0" in page  # game 1, Athos's voles
    assert "Athos 5 – Aramis 0" in page  # game 2
