"""Opening a table à trois or à quatre through the page (/tables/new/): three or four players
in the order they sit down, the target (7 by the Laws, or 5) and the rank of the cards; neither
stakes nor wagers (docs/rules.md, sections 12 and 13). A refusal is shown beside its field and
nothing is opened."""
import re

import pytest

from games.models import Table
from tests.pages.kit import open_form

pytestmark = pytest.mark.django_db


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', page, re.S)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_the_form_offers_both_formats_a_fourth_seat_and_says_no_stakes(opener):
    page = opener.get("/tables/new/").content.decode()

    assert 'value="trois"' in page and 'value="quatre"' in page
    assert "Écarté à trois: three players, all playing" in page
    assert 'name="seat4"' in page and 'name="many_target"' in page
    assert "Neither stakes nor wagers are taken on them" in page
    assert "the first and third seats play against the second and fourth" in page


def test_a_table_a_trois_opens_with_its_three_players_to_seven(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "trois", seat4=""))

    table = Table.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert table.format == "trois"
    assert table.seating == [p.pk for p in four[:3]]
    assert table.first_dealer == four[0]
    assert table.rules["target"] == 7 and table.rules["ranking"] == "classic"
    snap = table.snapshot
    # The elder sits at the dealer's left, the middle at the elder's (ruling 41).
    assert snap["trois"]["seats"] == {"elder": four[1].pk, "middle": four[2].pk,
                                      "dealer": four[0].pk}


def test_a_fourth_player_given_a_trois_table_is_left_out(opener, four):
    opener.post("/tables/new/", open_form(four, "trois"))

    assert Table.objects.get().seating == [p.pk for p in four[:3]]


def test_a_table_a_quatre_seats_partners_opposite(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "quatre", many_target="5",
                                              ranking="ace_high", first_dealer="seat4"))

    table = Table.objects.get()
    assert answer.status_code == 302
    assert table.format == "quatre" and table.seating == [p.pk for p in four]
    assert table.rules["target"] == 5 and table.rules["ranking"] == "ace_high"
    assert table.first_dealer == four[3]
    sides = {tuple(s["players"]) for s in table.snapshot["quatre"]["sides"]}
    # The first and third seats are partners, against the second and fourth (section 13).
    assert sides == {(four[0].pk, four[2].pk), (four[1].pk, four[3].pk)}
    # D'Artagnan deals; the elder is at his left: Athos, then Porthos, Aramis.
    assert table.snapshot["quatre"]["seats"] == {
        "elder": four[0].pk, "second": four[1].pk, "third": four[2].pk, "dealer": four[3].pk}


@pytest.mark.parametrize("format, empty, said", [
    ("trois", "seat3", "À trois takes three players."),
    ("quatre", "seat4", "À quatre takes four players."),
])
def test_a_missing_player_is_refused_beside_his_seat(opener, four, format, empty, said):
    answer = opener.post("/tables/new/", open_form(four, format, **{empty: ""}))

    assert answer.status_code == 400
    assert said in error_of(answer.content.decode(), empty)
    assert Table.objects.count() == 0


def test_the_same_player_twice_is_refused(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "quatre", seat4=four[0].pk))

    assert answer.status_code == 400 and Table.objects.count() == 0
    assert "Each seat takes a different player." in error_of(answer.content.decode(), "seat4")


@pytest.mark.parametrize("field, value", [
    ("pool_entry", "5"), ("pool_forfeit", "1.00"), ("levy_percent", "10"),
    ("wager_min", "1.00"), ("wager_max", "20"),
])
@pytest.mark.parametrize("format", ["trois", "quatre"])
def test_a_stake_is_refused_beside_its_field(opener, four, format, field, value):
    answer = opener.post("/tables/new/", open_form(four, format, **{field: value}))

    assert answer.status_code == 400 and Table.objects.count() == 0
    assert "take only the game target and the rank of the cards" in error_of(
        answer.content.decode(), field)


@pytest.mark.parametrize("style", ["english", "french"])
def test_wagers_are_refused(opener, four, style):
    answer = opener.post("/tables/new/", open_form(four, "trois", wager_style=style))

    assert answer.status_code == 400 and Table.objects.count() == 0
    assert "Wagers are not taken à trois or à quatre" in error_of(
        answer.content.decode(), "wager_style")


def test_a_two_handed_option_is_refused_rather_than_dropped(opener, four):
    doubling = opener.post("/tables/new/", open_form(four, "quatre", doubling="true"))
    target = opener.post("/tables/new/", open_form(four, "quatre", target="7"))

    assert doubling.status_code == target.status_code == 400 and Table.objects.count() == 0
    assert "take only the game target and the rank of the cards" in error_of(
        doubling.content.decode(), "doubling")
    assert "the game target is chosen under its own heading" in error_of(
        target.content.decode(), "target")


def test_a_first_dealer_who_has_no_seat_is_refused(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "trois", seat4="", first_dealer="seat4"))

    assert answer.status_code == 400 and Table.objects.count() == 0
    assert "The first dealer must be one of the table" in error_of(
        answer.content.decode(), "first_dealer")


def test_without_a_first_dealer_the_cut_chooses_among_all_the_players(opener, four):
    opener.post("/tables/new/", open_form(four, "quatre", first_dealer=""))

    table = Table.objects.get()
    assert table.first_dealer in four
    assert {pk for pk, _card in table.cut[0]} == {p.pk for p in four}


def test_a_second_tap_opens_no_second_table(opener, four):
    sent = open_form(four, "trois", seat4="")

    first = opener.post("/tables/new/", sent)
    second = opener.post("/tables/new/", sent, follow=True)

    assert first.status_code == 302 and Table.objects.count() == 1
    assert "This form was sent already" in second.content.decode()


def test_a_pool_still_opens_as_before(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "pool", first_dealer="seat2",
                                              pool_entry="", wager_min=""))

    assert answer.status_code == 302
    table = Table.objects.get()
    assert table.format == "pool" and table.seating == [p.pk for p in four[:3]]


def test_a_refused_stake_is_said_in_french(opener, four):
    answer = opener.post("/tables/new/", open_form(four, "quatre", pool_entry="5"),
                         HTTP_ACCEPT_LANGUAGE="fr")

    page = answer.content.decode()
    assert "ne prennent que le but de la partie et le rang des cartes" in error_of(
        page, "pool_entry")
    assert "Quatrième place (à quatre seulement)" in page
