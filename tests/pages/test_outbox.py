"""What the scorer's page answers to the forms its outbox kept on the phone while the network
was down (games/static/games/outbox.js sends each to /tables/<id>/score/outbox/): the form is
checked and recorded as the page's own, and the answer is JSON for the phone to show at the
hand. A hand entered card by card while offline travels whole: the deal with its tricks."""
import json
import re

import pytest
from django.test import Client

from games.models import Hand
from games.services.hands import record_hand
from testbed.records import ELDER_VOLE, EXCHANGED
from tests.games.kit import pool
from tests.pages.kit import deal_post, enter_deal, outbox_url, summary_post, trick, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff):
    return pool(staff)


def whole_hand(number=1, key="w1", **fields) -> dict:
    """ELDER_VOLE as the card-by-card form sends it with its five tricks typed in."""
    tricks = {f"trick{n}": " ".join(cards) for n, cards in enumerate(ELDER_VOLE["tricks"])}
    return deal_post(number, key) | {"dealer": " ".join(ELDER_VOLE["deal"]["dealer"])} | tricks \
        | fields


def test_a_hand_kept_on_the_phone_is_recorded_once_for_its_key(scorer, table):
    first = scorer.post(outbox_url(table), summary_post(key="phone-7", elder_tricks="4"))
    again = scorer.post(outbox_url(table), summary_post(key="phone-7", elder_tricks="4"))

    assert first.status_code == 200 and first.json()["outcome"] == "done"
    assert first.json()["said"] == "Hand 1 recorded."
    assert again.status_code == 200 and again.json()["outcome"] == "done"
    assert "it counts once" in again.json()["said"]
    hand = Hand.objects.get()
    assert hand.idempotency_key == "phone-7"
    assert hand.record["summary"]["tricks"] == {"elder": 4, "dealer": 1}


def test_hands_sent_in_order_follow_each_other(scorer, table):
    for number in (1, 2, 3):
        answer = scorer.post(outbox_url(table), summary_post(number, key=f"k{number}"))
        assert answer.json()["outcome"] == "done", answer.json()
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2, 3]


def test_a_hand_the_rules_refuse_is_answered_with_the_reason_and_nothing_is_saved(scorer, table):
    # The dealer holds the 7 of spades and must follow the king of spades: the 9 of hearts is
    # a revoke (section 8 of the Laws), refused at its trick.
    answer = scorer.post(outbox_url(table), whole_hand(trick0="KS 9H", trick2="AS 7S"))

    assert answer.status_code == 422
    body = answer.json()
    assert body["outcome"] == "refused" and "trick0" in body["fields"]
    assert "must follow" in body["message"]
    assert Hand.objects.count() == 0


def test_a_hand_another_phone_entered_first_is_stale(scorer, table):
    scorer.post(url(table), summary_post(key="other-phone"))

    answer = scorer.post(outbox_url(table), summary_post(key="offline-phone",
                                                         elder_tricks="0"))

    assert answer.status_code == 409
    assert answer.json()["outcome"] == "stale" and answer.json()["next"] == 2
    assert answer.json()["message"] == ("Another phone entered hand 1 first: this one was not "
                                        "recorded.")
    assert Hand.objects.get().idempotency_key == "other-phone"


def test_a_logged_out_phone_is_told_so_in_json_and_nothing_is_saved(table):
    answer = Client().post(outbox_url(table), summary_post())

    assert answer.status_code == 401 and answer.json()["outcome"] == "logged_out"
    assert "log in again" in answer.json()["message"]
    assert Hand.objects.count() == 0


def test_a_login_no_longer_scorer_of_the_table_is_refused(client, django_user_model, table):
    member = django_user_model.objects.create_user("member")
    table.scorers.add(member)
    client.force_login(member)
    table.scorers.remove(member)  # the steward took the table back meanwhile

    answer = client.post(outbox_url(table), summary_post())

    assert answer.status_code == 403 and answer.json()["outcome"] == "not_scorer"
    assert "no longer a scorer" in answer.json()["message"]
    assert Hand.objects.count() == 0


def test_the_outbox_needs_the_csrf_token_like_any_form(staff, table):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(staff)
    assert phone.post(outbox_url(table), summary_post()).status_code == 403
    assert Hand.objects.count() == 0


def test_a_whole_hand_card_by_card_is_recorded_whole(scorer, table):
    answer = scorer.post(outbox_url(table), whole_hand())

    assert answer.json()["outcome"] == "done", answer.json()
    hand = Hand.objects.get()
    assert hand.record["tricks"] == ELDER_VOLE["tricks"]
    assert not hand.record.get("in_progress") and not hand.result.get("in_progress")
    # The elder took the five tricks: the point and the vole (Laws, section 6).
    assert [m["for"] for m in hand.result["marks"]] == ["point", "vole"]


def test_the_deal_alone_still_starts_a_hand_played_trick_by_trick(scorer, table):
    hand = enter_deal(scorer, table)
    assert hand.record["in_progress"] is True and "tricks" not in hand.record


def test_a_trick_kept_on_the_phone_counts_once(scorer, table):
    hand = enter_deal(scorer, table)
    sent = trick(hand, 1, "KS", "7S", key="t1")

    assert scorer.post(outbox_url(table), sent).json()["outcome"] == "done"
    assert scorer.post(outbox_url(table), sent).json()["outcome"] == "done"

    hand.refresh_from_db()
    assert hand.record["tricks"] == [["KS", "7S"]]


def test_an_action_the_outbox_does_not_keep_is_refused(scorer, table):
    answer = scorer.post(outbox_url(table), {"action": "undo_hand", "key": "u"})
    assert answer.status_code == 422 and answer.json()["outcome"] == "refused"


def offline_play(page: str) -> dict:
    found = re.search(r'<script id="offline-play" type="application/json">(.*?)</script>', page,
                      re.S)
    return json.loads(found[1])


def test_a_hand_in_progress_comes_with_who_takes_each_trick_as_the_laws_say(scorer, table):
    """A phone that loses the network in the middle of a hand plays it on from what the page
    says: who takes each pair of cards the two may still play (diamonds are trumps)."""
    record_hand(table_id=table.pk, by=table.opened_by, record={
        "deal": EXCHANGED["deal"], "exchanges": EXCHANGED["exchanges"], "in_progress": True})
    hand = Hand.objects.get()
    scorer.post(url(table), trick(hand, 1, "KS", "7S"))

    play = offline_play(scorer.get(url(table)).content.decode())

    assert play["trick"] == 2 and play["leader"] == "elder"
    assert sorted(play["held"]["elder"]) == sorted(["QS", "AS", "JD", "QD"])
    assert play["takes"]["AS 9D"] == 1  # a trump takes a plain suit's ace
    assert play["takes"]["9H JD"] == 1  # so does a trump played by the follower, out of hearts
    assert play["takes"]["QS 8S"] == 0  # the queen of the suit led beats its eight
    assert play["takes"]["QD 9D"] == 0  # the queen of trumps beats the nine
    assert play["takes"]["9H QS"] == 0  # a card of another suit, not a trump, takes nothing
    assert len(play["takes"]) == 2 * 4 * 4

