"""Wagers through corrections that change who plays a unit, and takes of nothing: each case in
its smallest form, as a random walk through wagers, hands and corrections found it. Athos and
Porthos play the first unit of a pool (Porthos deals first), Aramis observes; Charles, Dora and
Emile are bystanders who wager. No stake is paid twice, none is lost."""
import csv
import io

import pytest
from django.contrib.auth import get_user_model

from club.errors import Refused
from club.models import Entry
from club.players import create_player
from games.models import Hand
from games.services.hands import correct_hand, record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager, withdraw_wager
from tests.games.kit import balance_of, players, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def secretary():
    return get_user_model().objects.create_user("secretary", is_staff=True)


@pytest.fixture
def bystanders():
    """Charles, Dora and Emile: logins linked to players."""
    users = get_user_model().objects
    found = []
    for name in ("Charles", "Dora", "Emile"):
        create_player(name=name, username=users.create_user(name.lower()).username)
        found.append(users.get(username=name.lower()))
    return found


def pool(secretary, style):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=[athos, porthos, aramis], rules={},
                       by=secretary, wager_style=style, first_dealer=porthos)
    return table, athos, porthos, aramis


def escrow(table, unit: int) -> int:
    rows = Entry.objects.filter(account__code=f"escrow:table:{table.pk}:unit:{unit}")
    return sum(rows.values_list("amount", flat=True))



def record(table, secretary, *elder_tricks):
    for tricks in elder_tricks:
        record_hand(table_id=table.pk, record=summary(tricks), by=secretary)


def correct(table, secretary, number: int, elder_tricks: int):
    hand = Hand.objects.get(table=table, number=number)
    correct_hand(hand_id=hand.pk, record=summary(elder_tricks), by=secretary)


def athos_takes_unit_1_on_the_last_hand(table, secretary):
    """Four voles, two each (4-4), then Athos, elder, takes the point of hand 5: the unit is
    his. Corrected to summary(2), hand 5 gives Porthos the point and the unit."""
    record(table, secretary, 5, 5, 5, 5, 3)


def play_unit_2_won_by(table, secretary, winner):
    """Voles to `winner` until the current game (the first of unit 2) is over."""
    while True:
        table.refresh_from_db()
        if table.snapshot["game"]["number"] != 2 or table.status != "playing":
            return
        seats = table.snapshot["seats"]
        record(table, secretary, 5 if seats["elder"] == winner.pk else 0)


def test_taking_nothing_of_a_fully_matched_offer_is_refused(secretary, bystanders):
    table, athos, _, _ = pool(secretary, "english")
    charles, dora, _ = bystanders
    wager = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    take_wager(wager_id=wager.pk, by=dora, stake=10_00)
    with pytest.raises(Refused):
        take_wager(wager_id=wager.pk, by=dora, stake=0)


def test_a_unit_brought_back_by_a_new_hand_holds_its_stakes_again(secretary, bystanders):
    table, athos, _, _ = pool(secretary, "english")
    charles, dora, _ = bystanders
    record(table, secretary, 5, 0, 5)  # three voles to Athos: unit 1 is his
    wager = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    take_wager(wager_id=wager.pk, by=dora, stake=10_00)
    correct(table, secretary, 3, 2)  # 4-1: unit 1 is open again, unit 2 gone (stakes back)
    record(table, secretary, 0)  # Athos's vole: unit 1 his again, unit 2 back, not started
    assert (balance_of(charles), balance_of(dora), escrow(table, 2)) == (-1000, -1000, 2000)


def test_an_offer_on_a_unit_a_correction_took_away_is_returned_once(secretary, bystanders):
    table, athos, porthos, aramis = pool(secretary, "english")
    charles, _, _ = bystanders
    athos_takes_unit_1_on_the_last_hand(table, secretary)
    record(table, secretary, 0, 5, 0)  # Aramis takes unit 2 from Athos: unit 3 open
    wager = place_wager(table_id=table.pk, by=charles, on=aramis.pk, stake=10_00)
    assert wager.unit_number == 3
    correct(table, secretary, 5, 2)  # unit 1 is Porthos's: unit 2 not played, unit 3 gone
    assert balance_of(charles) == 0  # the void gave his stake back
    try:
        withdraw_wager(wager_id=wager.pk, by=charles)
    except Refused:
        pass
    assert (balance_of(charles), escrow(table, 3)) == (0, 0)


def test_a_french_gallery_whose_player_a_correction_replaced_pays_no_more_than_it_holds(
        secretary, bystanders):
    table, athos, porthos, aramis = pool(secretary, "french")
    charles, dora, _ = bystanders
    athos_takes_unit_1_on_the_last_hand(table, secretary)
    place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    place_wager(table_id=table.pk, by=dora, on=aramis.pk, stake=10_00)
    record(table, secretary, 3)  # unit 2 starts: 10.00 against 10.00
    correct(table, secretary, 5, 2)  # unit 1 is Porthos's: unit 2 is Porthos against Aramis
    play_unit_2_won_by(table, secretary, aramis)
    assert escrow(table, 2) == 0
    assert balance_of(charles) + balance_of(dora) == 0


def test_a_french_bet_on_a_player_a_correction_unseated_is_not_balanced(secretary, bystanders):
    table, athos, porthos, aramis = pool(secretary, "french")
    charles, dora, _ = bystanders
    athos_takes_unit_1_on_the_last_hand(table, secretary)
    place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    place_wager(table_id=table.pk, by=dora, on=aramis.pk, stake=10_00)
    correct(table, secretary, 5, 2)  # unit 1 is Porthos's: unit 2 is Porthos against Aramis
    record(table, secretary, 3)  # unit 2 starts: nobody backs Porthos, nothing is matched
    assert (balance_of(charles), balance_of(dora), escrow(table, 2)) == (0, 0, 0)


def win_current_game(table, secretary, winner):
    """Voles to `winner` until the table's current game is over."""
    table.refresh_from_db()
    game = table.snapshot["game"]["number"]
    while table.snapshot["game"]["number"] == game and table.status == "playing":
        record(table, secretary, 5 if table.snapshot["seats"]["elder"] == winner.pk else 0)
        table.refresh_from_db()


def test_a_bet_placed_after_a_correction_voided_the_gallery_is_not_void_with_it(
        secretary, bystanders):
    """The gallery balanced between Athos and Aramis is void once a correction makes unit 2
    Porthos's against Aramis; a bet placed on the unit after that is a new gallery's, and is
    settled."""
    table, athos, porthos, aramis = pool(secretary, "french")
    charles, dora, emile = bystanders
    record(table, secretary, 5, 0, 5)  # three voles to Athos: unit 1 is his
    place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    place_wager(table_id=table.pk, by=dora, on=aramis.pk, stake=10_00)
    record(table, secretary, 3)  # unit 2 starts: Athos against Aramis, 10.00 against 10.00
    correct(table, secretary, 3, 2)  # 4-1: unit 1 is open again, unit 2 gone
    win_current_game(table, secretary, porthos)  # unit 2: Porthos against Aramis
    assert (balance_of(charles), balance_of(dora)) == (0, 0)  # the old gallery is void
    place_wager(table_id=table.pk, by=emile, on=porthos.pk, stake=5_00)
    place_wager(table_id=table.pk, by=charles, on=aramis.pk, stake=5_00)
    win_current_game(table, secretary, aramis)
    assert escrow(table, 2) == 0
    assert (balance_of(charles), balance_of(dora), balance_of(emile)) == (500, 0, -500)


def wagers_read(client, table) -> dict:
    """The table's wagers as GET /api/tables/{id}/wagers gives them, by wager id."""
    client.force_login(get_user_model().objects.get(username="secretary"))
    answer = client.get(f"/api/tables/{table.pk}/wagers")
    assert answer.status_code == 200, answer.content
    return {wager["id"]: wager for wager in answer.json()["wagers"]}


def test_a_french_bet_whose_gallery_a_correction_voided_reads_void_when_its_player_wins(
        client, secretary, bystanders):
    """Dora's bet on Aramis was balanced against Athos; a correction makes unit 2 Porthos
    against Aramis, so the gallery is void (ruling 35) and her stake goes back whole. Aramis
    then wins unit 2: the bet neither won nor lost, it is void, and it did nothing to her
    money."""
    table, athos, porthos, aramis = pool(secretary, "french")
    charles, dora, _ = bystanders
    athos_takes_unit_1_on_the_last_hand(table, secretary)
    on_athos = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    on_aramis = place_wager(table_id=table.pk, by=dora, on=aramis.pk, stake=10_00)
    record(table, secretary, 3)  # unit 2 starts: Athos against Aramis, 10.00 against 10.00
    correct(table, secretary, 5, 2)  # unit 1 is Porthos's: unit 2 is Porthos against Aramis
    play_unit_2_won_by(table, secretary, aramis)
    assert (balance_of(charles), balance_of(dora)) == (0, 0)  # the settlement gave both stakes back
    read = wagers_read(client, table)
    assert read[on_aramis.pk]["outcome"] == "void"
    assert read[on_athos.pk]["outcome"] == "void"


def test_a_wager_whose_player_a_correction_took_out_reads_void_everywhere_once_the_unit_is_won(
        client, secretary, bystanders):
    """As above: Charles's bet on Athos, whom the correction took out of unit 2, and Dora's on
    Aramis, balanced against Athos, are void when Aramis wins the unit. The API, the admin's
    list and its CSV, and the members' own pages all say so, and that they did nothing to
    either balance."""
    table, athos, porthos, aramis = pool(secretary, "french")
    charles, dora, _ = bystanders
    athos_takes_unit_1_on_the_last_hand(table, secretary)
    on_athos = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00)
    on_aramis = place_wager(table_id=table.pk, by=dora, on=aramis.pk, stake=10_00)
    record(table, secretary, 3)
    correct(table, secretary, 5, 2)  # unit 2 is Porthos against Aramis
    play_unit_2_won_by(table, secretary, aramis)

    read = wagers_read(client, table)
    client.force_login(get_user_model().objects.create_superuser("treasurer"))
    admin_list = client.get("/admin/games/wager/").content.decode()
    exported = client.post("/admin/games/wager/", {
        "action": "export_csv", "_selected_action": [on_athos.pk, on_aramis.pk]})
    rows = {int(row["wager_id"]): row for row in
            csv.DictReader(io.StringIO(exported.content.decode()))}
    for wager, bettor in ((on_athos, charles), (on_aramis, dora)):
        assert (read[wager.pk]["outcome"], read[wager.pk]["net"]) == ("void", "0.00")
        start = admin_list.index(f'href="/admin/games/wager/{wager.pk}/change/"')
        row = admin_list[start:admin_list.index("</tr>", start)]
        assert "void: every stake given back" in row and ">0.00<" in row
        assert (rows[wager.pk]["outcome"], rows[wager.pk]["bettor_net"]) == ("void", "0.00")
        page = client.get(f"/players/{bettor.player.pk}/").content.decode()
        start = page.index(f'data-wager="{wager.pk}"')
        assert "void: every stake given back" in page[start:page.index("</li>", start)]
