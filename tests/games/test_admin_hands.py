"""A hand's own page: its record and result in words, every version, and corrections that go
through games.services."""
import json

import pytest

from club.models import Player
from games.models import Hand, HandVersion
from games.services.hands import correct_hand, record_hand
from testbed.records import ELDER_VOLE, elder_vole
from tests.games.kit import page_text, pool, record_game_won_by, summary, won_pool

pytestmark = pytest.mark.django_db


def test_the_hand_page_shows_the_record_and_result_in_words(staff_client, secretary):
    table = pool(secretary)
    hand, _ = record_hand(table_id=table.pk, record=ELDER_VOLE, by=secretary)

    page = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/"))

    assert "elder K♠ Q♠ A♠ J♦ Q♦; dealer 7♠ 8♠ 9♥ 10♥ 7♣; turn-up 8♦" in page
    assert "none: the elder played without proposing" in page
    assert "5. elder leads Q♦, dealer plays 7♣: elder wins" in page
    assert "Athos +1 point, Athos +1 vole" in page  # the marks by the player who took them
    assert "vulnerable:</strong> elder" in page


def test_every_version_of_a_corrected_hand_is_shown_in_order(staff_client, secretary,
                                                                django_user_model):
    scorer = django_user_model.objects.create_user("scorer", is_staff=True)
    table = pool(secretary)
    hand, _ = record_hand(table_id=table.pk, record=summary(2), by=secretary)
    correct_hand(hand_id=hand.pk, record=summary(3), by=scorer)
    correct_hand(hand_id=hand.pk, record=ELDER_VOLE, by=secretary)

    page = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/"))

    versions = page[page.index("Versions (as entered, in order)"):]
    first, second, third = (versions.index(text) for text in (
        "tricks elder 2, dealer 3", "tricks elder 3, dealer 2", "elder leads K♠"))
    assert first < second < third
    assert "Porthos +1 point" in versions and "Athos +1 point, Athos +1 vole" in versions
    assert ">scorer<" in versions and versions.count(">secretary<") == 2


def test_hands_are_read_only_in_the_admin(staff_client, secretary):
    table = pool(secretary, hands=1)
    hand = table.hands.get()

    page = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/"))
    changed = staff_client.post(f"/admin/games/hand/{hand.pk}/change/", {"record": "{}"})
    deleted = staff_client.post(f"/admin/games/hand/{hand.pk}/delete/", {"post": "yes"})

    assert 'name="_save"' not in page
    assert (changed.status_code, deleted.status_code) == (403, 403)
    assert Hand.objects.get(pk=hand.pk).record == summary(3)


def test_the_hand_list_shows_marks_and_filters_by_player(staff_client, secretary):
    pool(secretary, hands=2, name="Musketeers")
    other = pool(secretary, names=("Rochefort", "Milady", "Bazin"), name="Cardinal's men")
    record_hand(table_id=other.pk, record=ELDER_VOLE, by=secretary)
    milady = other.seats.get(position=1).player

    everything = staff_client.get("/admin/games/hand/")
    hers = staff_client.get(f"/admin/games/hand/?player={milady.pk}")
    searched = staff_client.get("/admin/games/hand/?q=cardinal")

    assert len(everything.context["cl"].result_list) == 3
    assert "Rochefort +1 point, Rochefort +1 vole" in everything.content.decode()
    assert [h.table.name for h in hers.context["cl"].result_list] == ["Cardinal's men"]
    assert [h.table.name for h in searched.context["cl"].result_list] == ["Cardinal's men"]


def test_a_correction_from_the_admin_makes_a_new_version_and_rebuilds_the_course(
        staff_client, secretary):
    table = pool(secretary)
    hand, _ = record_hand(table_id=table.pk, record=summary(2), by=secretary)

    form = staff_client.get(f"/admin/games/hand/{hand.pk}/correct/")
    response = staff_client.post(f"/admin/games/hand/{hand.pk}/correct/",
                                 {"record": json.dumps(ELDER_VOLE)}, follow=True)

    assert form.status_code == 200 and "tricks elder 2, dealer 3" in form.content.decode()
    assert "is now version 2" in response.content.decode()
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record == ELDER_VOLE
    assert hand.result["points"] == {"elder": 2, "dealer": 0}
    assert HandVersion.objects.filter(hand=hand).count() == 2
    table.refresh_from_db()
    assert table.snapshot["game"]["score"] == {str(table.seats.get(position=0).player_id): 2,
                                               str(table.seats.get(position=1).player_id): 0}


def test_the_hand_page_of_a_table_in_play_offers_the_correction(staff_client, secretary):
    hand = pool(secretary, hands=1).hands.get()

    page = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/"))

    assert f'href="/admin/games/hand/{hand.pk}/correct/">Correct this hand</a>' in page


def test_a_rejected_correction_shows_the_engines_message_and_saves_nothing(
        staff_client, secretary):
    table = pool(secretary)
    hand, _ = record_hand(table_id=table.pk, record=summary(2), by=secretary)
    bad = elder_vole()
    bad["tricks"][0] = ["KS", "9H"]  # the dealer holds 7S and must follow

    response = staff_client.post(f"/admin/games/hand/{hand.pk}/correct/",
                                 {"record": json.dumps(bad)})

    assert response.status_code == 422
    page = response.content.decode()
    assert "must_follow_suit" in page and "(at tricks[0][1])" in page
    hand.refresh_from_db()
    assert hand.version == 1 and HandVersion.objects.filter(hand=hand).count() == 1


def test_a_correction_that_is_not_json_is_refused_with_a_message(staff_client, secretary):
    hand = pool(secretary, hands=1).hands.get()

    response = staff_client.post(f"/admin/games/hand/{hand.pk}/correct/", {"record": "{oops"})

    assert response.status_code == 422 and "bad_json" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).version == 1


def test_the_hands_of_a_finished_table_are_not_corrected_from_the_admin(staff_client, secretary):
    table = won_pool(secretary)
    hand = table.hands.get(number=1)

    page = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/"))
    response = staff_client.post(f"/admin/games/hand/{hand.pk}/correct/",
                                 {"record": json.dumps(summary(3))}, follow=True)

    assert "Correct this hand" not in page
    assert "its hands are not corrected from the admin" in response.content.decode()
    hand.refresh_from_db()
    assert hand.version == 1 and hand.record == summary(5)


def test_the_hands_of_a_decided_unit_are_read_only_while_the_pool_goes_on(
        staff_client, secretary):
    """Issue 3: finished units are read-only in the admin. The first game (the unit) is won,
    the pool goes on: its hands are shown, not corrected; the new game's hands still are."""
    table = pool(secretary)
    record_game_won_by(table, Player.objects.get(name="Athos"), secretary)
    record_hand(table_id=table.pk, record=summary(3), by=secretary)
    decided, open_one = table.hands.get(number=1), table.hands.order_by("number").last()

    page = page_text(staff_client.get(f"/admin/games/hand/{decided.pk}/change/"))
    response = staff_client.post(f"/admin/games/hand/{decided.pk}/correct/",
                                 {"record": json.dumps(summary(2))}, follow=True)
    open_page = page_text(staff_client.get(f"/admin/games/hand/{open_one.pk}/change/"))

    assert "Correct this hand" not in page
    assert "finished units are read-only" in response.content.decode()
    decided.refresh_from_db()
    assert decided.version == 1 and HandVersion.objects.filter(hand=decided).count() == 1
    assert "Correct this hand" in open_page


@pytest.mark.parametrize("value", ["abc", "99999999999999999999999", "-1", "١"])
def test_a_player_filter_value_that_is_no_id_shows_the_list_unfiltered(
        staff_client, secretary, value):
    pool(secretary, hands=1)

    for page in ("hand", "table"):
        response = staff_client.get(f"/admin/games/{page}/?player={value}")

        assert response.status_code == 302 and response["Location"].endswith("?e=1")


def test_the_correction_page_is_for_staff_only(client, secretary, django_user_model):
    hand = pool(secretary, hands=1).hands.get()
    client.force_login(django_user_model.objects.create_user("member"))

    response = client.post(f"/admin/games/hand/{hand.pk}/correct/",
                           {"record": json.dumps(summary(2))})

    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert Hand.objects.get(pk=hand.pk).version == 1


def test_a_correction_that_is_not_an_object_is_refused_with_a_message(staff_client, secretary):
    hand = pool(secretary, hands=1).hands.get()

    response = staff_client.post(f"/admin/games/hand/{hand.pk}/correct/", {"record": "[1, 2]"})

    assert response.status_code == 422 and "bad_format" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).version == 1
