"""The scorer's "Undo hand N": the table's last hand taken back until the next is entered, as
a new version of it that is void (a `replay` for `undone`, docs/rules.md, ruling 74):
nothing is deleted, and the table goes on as before the hand, the same dealer dealing again.
Only its scorers and staff undo, with the form's CSRF token and key; a hand that is no
longer the last is refused with the reason, and nothing changes."""
import pytest
from django.test import Client

from games.models import Hand, HandVersion, Table
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import hand_won_by, players, pool, summary
from tests.pages.kit import page_key, summary_post, trois_post, url

pytestmark = pytest.mark.django_db
UNDONE = {"type": "replay", "reason": "undone"}


@pytest.fixture
def table(staff):
    return pool(staff)


def undo_post(hand: Hand, key="u1", **more) -> dict:
    return {"action": "undo_hand", "hand": hand.pk, "key": key} | more


def course(table: Table) -> tuple:
    """What the next hand depends on: the seats, the game's score and the unit."""
    table.refresh_from_db()
    snap = table.snapshot
    return snap["seats"], snap["game"]["score"], snap["game"]["target"], snap["unit"]


def test_the_last_hand_is_undone_as_a_void_version_and_the_table_is_as_before_it(
        scorer, table, staff):
    record_hand(table_id=table.pk, record=summary(3), by=staff)
    before = course(table)  # Porthos is elder now, Athos deals; Athos has 1 point
    scorer.post(url(table), summary_post(number=2, key="k2", elder_tricks="0"))  # a mis-tap
    hand = Hand.objects.get(number=2)
    page = scorer.get(url(table)).content.decode()
    assert "Undo hand 2" in page and "Undo hand 1" not in page

    answer = scorer.post(url(table), undo_post(hand, key=page_key(page)), follow=True)

    assert "Hand 2 undone: it is void, and the same dealer deals again." in (
        answer.content.decode())
    hand.refresh_from_db()
    assert hand.version == 2 and hand.result["void"] is True
    assert hand.record["irregularities"] == [UNDONE]
    assert hand.record["summary"]["tricks"] == {"elder": 0, "dealer": 5}  # kept, as entered
    assert list(hand.versions.values_list("version", flat=True)) == [1, 2]  # nothing deleted
    assert course(table) == before
    page = scorer.get(url(table)).content.decode()
    assert 'name="number" value="3"' in page and "Undo hand" not in page
    history = scorer.get(f"/tables/{table.pk}/hands/2/").content.decode()
    assert "Version 2" in history and "Version 1" in history


def test_a_hand_that_is_no_longer_the_last_is_not_undone(scorer, table, staff):
    first, _ = record_hand(table_id=table.pk, record=summary(3), by=staff)
    page = scorer.get(url(table)).content.decode()  # this page offers to undo hand 1 ...
    assert "Undo hand 1" in page
    record_hand(table_id=table.pk, record=summary(2), by=staff)  # ... another phone enters 2

    answer = scorer.post(url(table), undo_post(first, key=page_key(page)))

    text = answer.content.decode()
    assert answer.status_code == 422 and 'id="undo-hand-error"' in text
    assert "Hand 1 is no longer the last hand: another was entered since." in text
    assert "Undo hand 2" in text  # the page as it stands
    assert HandVersion.objects.count() == 2 and Hand.objects.get(number=1).version == 1


def test_the_same_form_sent_twice_undoes_once(scorer, table, staff):
    hand, _ = record_hand(table_id=table.pk, record=summary(3), by=staff)
    scorer.post(url(table), undo_post(hand, key="page-1"))
    again = scorer.post(url(table), undo_post(hand, key="page-1"))
    assert again.status_code == 422 and "void already" in again.content.decode()
    assert Hand.objects.get().version == 2


def test_only_the_tables_scorers_and_staff_undo(client, django_user_model, table, staff):
    hand, _ = record_hand(table_id=table.pk, record=summary(3), by=staff)
    member = django_user_model.objects.create_user("member")
    client.force_login(member)
    assert client.post(url(table), undo_post(hand)).status_code == 403
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff)
    assert browser.post(url(table), undo_post(hand)).status_code == 403
    assert Hand.objects.get().version == 1


def test_a_hand_being_played_card_by_card_is_not_offered_nor_undone(scorer, table, staff):
    from testbed.records import elder_vole
    hand, _ = record_hand(table_id=table.pk, record=elder_vole(tricks=[], in_progress=True),
                          by=staff)
    assert "Undo hand 1" not in scorer.get(url(table)).content.decode()
    answer = scorer.post(url(table), undo_post(hand))
    assert answer.status_code == 422 and "take its tricks back one by one" in (
        answer.content.decode())
    assert Hand.objects.get().version == 1


def test_an_undone_hand_is_corrected_like_any_other(scorer, table, staff):
    hand, _ = record_hand(table_id=table.pk, record=summary(3), by=staff)
    scorer.post(url(table), undo_post(hand))
    correct = f"/tables/{table.pk}/hands/1/correct/"
    page = scorer.get(correct).content.decode()
    assert '<option value="undone" selected>' in page
    assert "As recorded now (version 2)" in page and "replay (undone)" in page

    # Back as it was: the void taken off again, a third version.
    answer = scorer.post(correct, summary_post(number="", version=2, opening="exchanged",
                                               replay_reason="none"))
    assert answer.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 3 and not hand.result["void"]


def test_a_hand_a_trois_is_undone_too(scorer, staff):
    """À trois a hand dealt again is void and the same dealer deals again (ruling 80): undone,
    the next hand has the same seats and the game the same scores as before it."""
    trio = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])
    table.refresh_from_db()
    before = table.snapshot["trois"]
    scorer.post(url(table), trois_post())
    hand = Hand.objects.get()
    assert "Undo hand 1" in scorer.get(url(table)).content.decode()

    scorer.post(url(table), undo_post(hand))

    hand.refresh_from_db()
    table.refresh_from_db()
    assert hand.version == 2 and hand.result["void"] is True
    assert hand.record["irregularities"] == [UNDONE]
    assert (table.snapshot["trois"]["seats"], table.snapshot["trois"]["score"]) == (
        before["seats"], before["score"])


def test_a_scorer_undoes_the_hand_that_ended_a_rubbers_first_game(staff, django_user_model):
    """The page offers what the service allows: at a rubber, a hand that ends its first game
    leaves the unit (the rubber) undecided, so its scorer, not only staff, may take it back
    (docs/api.md: a scorer corrects a hand while its unit is open); the hand that decides the
    rubber is staff's alone."""
    athos, porthos = players("Athos", "Porthos")
    member = django_user_model.objects.create_user("scorer")
    table = open_table(name="Rubber", format="rubber", players=[athos, porthos], rules={},
                       by=staff, first_dealer=porthos, scorers=[member])
    for _ in range(2):  # Athos, elder, then dealer: the vole twice, 2 + 2 ... then the point
        record_hand(table_id=table.pk, record=hand_won_by(snapshot(table), athos.pk), by=staff)
    hand, _ = record_hand(table_id=table.pk, record=hand_won_by(snapshot(table), athos.pk),
                          by=staff)
    assert hand.result["game_over"]  # Athos takes the first game: the rubber goes on
    scorer = Client()
    scorer.force_login(member)
    page = scorer.get(url(table)).content.decode()
    assert f"Undo hand {hand.number}" in page

    key = page_key(page)
    shown = scorer.post(url(table), undo_post(hand, key=key)).content.decode()
    assert "game 1 unfinished" in shown  # what it will change, before it is done
    table.refresh_from_db()
    scorer.post(url(table), undo_post(hand, key=key, confirm=table.seq))

    hand.refresh_from_db()
    assert hand.version == 2 and hand.result["void"] is True
    while snapshot(table)["status"] == "playing":  # Athos takes the first game, the second
        hand, _ = record_hand(table_id=table.pk, record=hand_won_by(snapshot(table), athos.pk),
                              by=staff)                                  # and the rubber
    assert table.status == Table.Status.WON and hand.result["game_over"]
    assert "Undo hand" not in scorer.get(url(table)).content.decode()
    assert scorer.post(url(table), undo_post(hand, key="k9")).status_code in (403, 422)
    assert hand.versions.count() == 1


def snapshot(table: Table) -> dict:
    table.refresh_from_db()
    return table.snapshot
