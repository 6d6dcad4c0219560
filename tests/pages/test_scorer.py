"""The scorer's view of a table: who may score, a summary in one POST, a hand card by card
(deal, tricks, undo, finish), the engine's refusal beside the card at fault, two phones that
never record a hand twice, a correction and the hand's history."""

import pytest
from django.test import Client

from games.models import Hand
from testbed.records import ELDER_VOLE
from tests.games.kit import pool
from tests.pages.kit import act, enter_deal, page_key, summary_post, trick, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff):
    return pool(staff)


def test_only_the_tables_scorers_and_staff_score_it(client, django_user_model, table):
    assert client.get(url(table))["Location"].startswith("/login/")
    member = django_user_model.objects.create_user("member")
    client.force_login(member)
    assert client.get(url(table)).status_code == 403
    assert client.post(url(table), summary_post()).status_code == 403
    assert client.get(f"/tables/{table.pk}/hands/1/").status_code == 403
    table.scorers.add(member)
    page = client.get(url(table)).content.decode()
    assert "Hand 1" in page
    # Who is elder and who deals, by name (Porthos dealt first).
    assert "<strong>Athos</strong> is elder" in page and "<strong>Porthos</strong> deals" in page
    assert Hand.objects.count() == 0


def test_a_post_without_the_csrf_token_is_refused(staff, table):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff)
    assert browser.post(url(table), summary_post()).status_code == 403
    assert Hand.objects.count() == 0


def test_a_summary_is_recorded_in_one_post(scorer, table):
    page = scorer.get(url(table)).content.decode()
    # The six splits, and no trick at all (a king that ended the game before play).
    assert page.count('name="elder_tricks"') == 7 and 'name="number" value="1"' in page

    answer = scorer.post(url(table), summary_post(elder_tricks="5", key=page_key(page)),
                         follow=True)

    hand = Hand.objects.get()
    assert hand.record == {"summary": {"opening": "played", "king_turned": False,
                                       "tricks": {"elder": 5, "dealer": 0}}}
    assert hand.idempotency_key == page_key(page)
    assert [m["for"] for m in hand.result["marks"]] == ["point", "vole"]
    assert "Hand 1 recorded." in answer.content.decode()


def test_the_king_announced_goes_into_the_summary(scorer, table):
    scorer.post(url(table), summary_post(king="dealer", elder_tricks="2"))
    assert Hand.objects.get().record["summary"]["king"] == "dealer"


def test_a_stale_hand_number_is_refused_and_nothing_is_saved(scorer, table):
    scorer.post(url(table), summary_post(key="phone-1"))

    answer = scorer.post(url(table), summary_post(key="phone-2", elder_tricks="0"), follow=True)

    assert Hand.objects.count() == 1
    page = answer.content.decode()
    assert "Hand 1 was already entered from another phone" in page
    assert 'name="number" value="2"' in page  # a fresh view


def test_the_same_idempotency_key_records_the_hand_once(scorer, table):
    first = scorer.post(url(table), summary_post(key="same"))
    again = scorer.post(url(table), summary_post(key="same"), follow=True)

    assert first.status_code == 302 and Hand.objects.count() == 1
    assert "already recorded from this page: it counts once" in again.content.decode()


def test_a_summary_the_engine_refuses_is_shown_beside_its_field(scorer, table):
    answer = scorer.post(url(table), summary_post(king="turned", elder_tricks="9"))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="tricks-s-error"' in page and "Nothing was saved." in page


def test_an_illegal_card_is_refused_beside_it_with_the_rule_and_nothing_saved(scorer, table):
    hand = enter_deal(scorer, table)
    assert hand.record["in_progress"] is True and hand.record["deal"]["dealer"][4] == "7C"

    answer = scorer.post(url(table), trick(hand, 1, "KS", "9H"))

    page = answer.content.decode()
    assert answer.status_code == 422
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []
    # The refusal sits right after the card at fault, with the rule in words.
    fault = page.index('class="card-tap red at-fault"')
    error = page.index('id="follower-error"')
    assert fault < error < page.index("</fieldset>", fault)
    assert "a player must follow suit" in page and "dealer holds 7♠ and must follow spades" in page


def test_a_hand_card_by_card_tricks_undo_and_finish(scorer, table):
    hand = enter_deal(scorer, table)
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1, trick 1" in page and 'name="leader" value="KS"' in page

    tricks = ELDER_VOLE["tricks"]
    scorer.post(url(table), trick(hand, 1, *tricks[0]))
    scorer.post(url(table), trick(hand, 2, *tricks[1]))
    hand.refresh_from_db()
    assert hand.record["tricks"] == tricks[:2] and hand.version == 1
    assert hand.versions.count() == 1  # a trick is not a correction

    answer = scorer.post(url(table), act(hand, "undo", number=2),
                         follow=True)
    hand.refresh_from_db()
    assert hand.record["tricks"] == tricks[:1]
    assert "Trick 2 taken back." in answer.content.decode()

    stale = scorer.post(url(table), trick(hand, 3, *tricks[2]), follow=True)
    assert "already entered or taken back from another phone" in stale.content.decode()
    hand.refresh_from_db()
    assert hand.record["tricks"] == tricks[:1]

    for number in range(2, 6):
        scorer.post(url(table), trick(hand, number, *tricks[number - 1]))
    answer = scorer.post(url(table), act(hand, "finish", number=1),
                         follow=True)

    hand.refresh_from_db()
    assert "in_progress" not in hand.record and hand.versions.count() == 1
    assert [m["for"] for m in hand.result["marks"]] == ["point", "vole"]
    page = answer.content.decode()
    assert "Hand 1 finished and scored." in page
    assert "With every card in view" in page and "the elder takes 5 tricks" in page
    assert 'name="number" value="2"' in page  # the next hand


def test_a_correction_makes_version_2_and_the_history_shows_both(scorer, table, staff):
    scorer.post(url(table), summary_post())
    hand = Hand.objects.get()
    form = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert 'value="played" required checked' in form  # prefilled from the record

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/",
                         summary_post(number="", version=1, opening="exchanged",
                                      elder_tricks="1"), follow=True)

    hand.refresh_from_db()
    assert hand.version == 2 and hand.record["summary"]["opening"] == "exchanged"
    page = answer.content.decode()
    assert "Hand 1 is now version 2." in page
    assert "Version 2" in page and "Version 1" in page and "entered by steward" in page
    assert "the elder played without proposing" in page and "exchanged; tricks elder 1" in page


def test_a_correction_from_a_stale_page_is_not_made(scorer, table):
    scorer.post(url(table), summary_post())
    correct = f"/tables/{table.pk}/hands/1/correct/"
    scorer.post(correct, summary_post(version=1, elder_tricks="1"))
    scorer.post(correct, summary_post(version=1, elder_tricks="4"))
    assert Hand.objects.get().version == 2


def test_the_tables_page_links_its_scorers_to_the_scorers_view(client, scorer, table):
    page = scorer.get(f"/tables/{table.pk}/").content.decode()
    assert f'href="/tables/{table.pk}/score/"' in page
    assert "/score/" not in Client().get(f"/tables/{table.pk}/").content.decode()


def test_the_scorers_view_in_french(scorer, table):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "<strong>Athos</strong> est premier en main" in page
    assert "Les levées\u00a0: touchez pour enregistrer" in page and "la vole" in page
    assert "Carte par carte\u00a0: la donne, l'écart, puis chaque levée" in page
    enter_deal(scorer, table)
    hand = Hand.objects.get()
    page = scorer.post(url(table), trick(hand, 1, "KS", "9H"),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Refusé par les règles" in page and "un joueur doit fournir à la couleur" in page


def test_a_second_tap_of_a_trick_form_enters_nothing_more(scorer, table):
    """The forms of one drawing of the page share its key: sent twice, or after another of its
    forms was sent, the second is not done, whatever it holds."""
    hand = enter_deal(scorer, table)
    tricks = ELDER_VOLE["tricks"]
    scorer.post(url(table), trick(hand, 1, *tricks[0], key="page-1"))
    again = scorer.post(url(table), trick(hand, 2, *tricks[1], key="page-1"), follow=True)
    undo = scorer.post(url(table), act(hand, "undo", number=1) | {"key": "page-1"}, follow=True)

    hand.refresh_from_db()
    assert hand.record["tricks"] == tricks[:1]
    for answer in (again, undo):
        assert "already sent from this page: it counts once" in answer.content.decode()


def test_a_trick_form_without_its_key_is_refused(scorer, table):
    hand = enter_deal(scorer, table)
    answer = scorer.post(url(table), trick(hand, 1, *ELDER_VOLE["tricks"][0]) | {"key": ""})

    hand.refresh_from_db()
    assert answer.status_code == 422 and hand.record.get("tricks", []) == []
    assert "This form has no key: load the page again." in answer.content.decode()
