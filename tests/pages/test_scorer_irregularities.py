"""The scorer's "Irregularities and variants": a revoke kept in a card-by-card hand, a void
hand dealt again, an abandon, the double and the offer only where the table plays them, and
an irregularity the engine refuses shown beside its field with nothing saved. The expected
marks come from docs/rules.md (sections 7 to 9 and rulings 15 to 25), not from the page."""
import pytest

from games.models import Hand
from testbed.records import ELDER_VOLE
from tests.games.kit import pool
from tests.pages.kit import act, deal_post, enter_deal, summary_post, trick, url

pytestmark = pytest.mark.django_db

# Hearts are trumps (the turn-up 7H); the elder plays without proposing, so is vulnerable.
# Trick 1: the elder leads 7S and the dealer, who holds KS and QS, throws KD: a revoke.
# The dealer then takes the four other tricks.
REVOKE_DEAL = {"elder": "7S 8S 9C 8C 7D", "dealer": "KS QS KH QH KD", "turn_up": "7H"}
REVOKE_TRICKS = [["7S", "KD"], ["8S", "QS"], ["KH", "9C"], ["QH", "8C"], ["KS", "7D"]]


@pytest.fixture
def table(staff):
    return pool(staff)


@pytest.fixture
def variants_table(staff):
    return pool(staff, name="Table 2", doubling=True, offer_point=True)


def points(hand: Hand) -> dict:
    hand.refresh_from_db()
    return hand.result["points"]


def test_a_revoke_kept_in_a_card_by_card_hand_costs_the_offender_a_point(scorer, table):
    post = deal_post() | REVOKE_DEAL
    assert scorer.post(url(table), post).status_code == 302
    hand = Hand.objects.get()

    refused = scorer.post(url(table), trick(hand, 1, *REVOKE_TRICKS[0]))
    page = refused.content.decode()
    assert refused.status_code == 422 and "a player must follow suit" in page
    assert 'name="revoke" value="1"' in page and "Keep it: a revoke (renonce) by Porthos" in page

    kept = scorer.post(url(table), trick(hand, 1, *REVOKE_TRICKS[0]) | {"revoke": "1"},
                       follow=True)
    assert "Trick 1 entered, with a revoke by the dealer." in kept.content.decode()
    for number, played in enumerate(REVOKE_TRICKS[1:], 2):
        assert scorer.post(url(table), trick(hand, number, *played)).status_code == 302
    scorer.post(url(table), act(hand, "finish", number=1))

    hand.refresh_from_db()
    assert hand.record["irregularities"] == [{"type": "revoke", "by": "dealer", "trick": 1}]
    # The dealer takes 4 tricks against a vulnerable elder: 2 (section 7); the revoke takes
    # one point off his trick award (section 8, ruling 17): 1.
    assert hand.result["tricks"] == {"elder": 1, "dealer": 4}
    assert hand.result["points"] == {"elder": 0, "dealer": 1}


def test_a_revoke_taken_back_with_its_trick_goes_with_it(scorer, table):
    scorer.post(url(table), deal_post() | REVOKE_DEAL)
    hand = Hand.objects.get()
    scorer.post(url(table), trick(hand, 1, *REVOKE_TRICKS[0]) | {"revoke": "1"})
    scorer.post(url(table), act(hand, "undo", number=1))
    hand.refresh_from_db()
    assert hand.record.get("tricks") == [] and "irregularities" not in hand.record


def test_a_misdeal_voids_the_hand_and_the_same_dealer_deals_again(scorer, table):
    page = scorer.get(url(table)).content.decode()
    assert "<strong>Porthos</strong> deals" in page

    scorer.post(url(table), summary_post(king="turned", replay_reason="misdeal"))

    hand = Hand.objects.get()
    assert hand.record["irregularities"] == [{"type": "replay", "reason": "misdeal"}]
    # A void hand marks nothing, not even a turned-up king (ruling 21), and the same dealer
    # deals again (section 2).
    assert hand.result["void"] is True and hand.result["marks"] == []
    assert hand.result["points"] == {"elder": 0, "dealer": 0}
    page = scorer.get(url(table)).content.decode()
    assert 'name="number" value="2"' in page
    assert "<strong>Athos</strong> is elder" in page and "<strong>Porthos</strong> deals" in page


def test_an_abandon_in_a_summary_that_ended_early(scorer, table):
    # The vulnerable elder (he played without proposing) throws in his hand with one trick:
    # his adversary marks the point, 2 against a vulnerable player (section 8, ruling 15).
    answer = scorer.post(url(table), summary_post(ended="early", early_elder="1",
                                                  early_dealer="2", abandon_by="elder"))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand = Hand.objects.get()
    assert hand.record == {"summary": {"opening": "played", "king_turned": False,
                                       "tricks": {"elder": 1, "dealer": 2}},
                           "irregularities": [{"type": "abandon", "by": "elder"}]}
    assert hand.result["marks"] == [{"to": "dealer", "points": 2, "for": "abandon"}]


def test_an_abandon_when_finishing_a_card_by_card_hand(scorer, table):
    hand = enter_deal(scorer, table)
    scorer.post(url(table), trick(hand, 1, *ELDER_VOLE["tricks"][0]))

    scorer.post(url(table), {**act(hand, "finish", number=1),
                             "abandon_by": "dealer", "revoke_by": "none",
                             "replay_reason": "none"})

    # The dealer throws in his hand without a trick: the elder marks the vole, 2.
    assert points(hand) == {"elder": 2, "dealer": 0}
    assert hand.record["irregularities"] == [{"type": "abandon", "by": "dealer"}]
    assert "in_progress" not in hand.record


def test_the_double_and_the_offer_are_absent_and_refused_where_the_table_does_not_play_them(
        scorer, table):
    page = scorer.get(url(table)).content.decode()
    assert "Irregularities and variants" in page and 'name="revoke_by"' in page
    assert 'name="double_by"' not in page and 'name="offer_by"' not in page

    answer = scorer.post(url(table), summary_post(double_by="elder", double_before="1",
                                                  double_accepted="yes"))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="summary-error"' in page and "this table does not play this variant" in page
    assert "Nothing was saved." in page
    answer = scorer.post(url(table), summary_post(ended="early", early_elder="0",
                                                  early_dealer="0", offer_by="elder",
                                                  offer_accepted="yes"))
    assert answer.status_code == 422 and Hand.objects.count() == 0


def test_the_double_and_the_offer_where_the_table_plays_them(scorer, variants_table):
    page = scorer.get(url(variants_table)).content.decode()
    assert 'name="double_by"' in page and 'name="double_before"' in page
    assert 'name="offer_by"' in page and 'name="offer_accepted"' in page

    scorer.post(url(variants_table), summary_post(opening="exchanged", elder_tricks="3",
                                                  double_by="dealer", double_before="2",
                                                  double_accepted="yes"))
    first = Hand.objects.get()
    assert first.record["double"] == {"by": "dealer", "before_trick": 2, "accepted": True}
    # An accepted double doubles the trick points: the point is 2 (section 9).
    assert first.result["points"] == {"elder": 2, "dealer": 0}

    scorer.post(url(variants_table), summary_post(
        number=2, key="k2", opening="exchanged", ended="early", early_elder="0",
        early_dealer="0", offer_by="elder", offer_accepted="yes"))
    second = Hand.objects.get(number=2)
    # The point offered and accepted: the adversary of the offerer marks 1 (ruling 15).
    assert second.record["offer"] == {"by": "elder", "accepted": True}
    assert second.result["marks"] == [{"to": "dealer", "points": 1, "for": "offer_accepted"}]


def test_a_revoke_in_a_trick_that_does_not_exist_is_refused_beside_its_field(scorer, table):
    answer = scorer.post(url(table), summary_post(revoke_by="dealer", revoke_trick="6"))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert "this irregularity cannot be recorded so" in page and "Nothing was saved." in page
    field = page.index('id="f-summary-revoke_trick"')
    assert field < page.index('id="f-summary-revoke_trick-error"') < page.index(
        'id="f-summary-false_king_by"')
    assert '<details class="irregular" id="irregular-summary" open>' in page


def test_a_bad_irregularity_when_finishing_leaves_the_hand_in_progress(scorer, table):
    hand = enter_deal(scorer, table)
    for number, played in enumerate(ELDER_VOLE["tricks"], 1):
        scorer.post(url(table), trick(hand, number, *played))

    answer = scorer.post(url(table), {**act(hand, "finish", number=1),
                                      "revoke_by": "dealer", "revoke_trick": "2"})

    page = answer.content.decode()
    assert answer.status_code == 422 and 'id="f-finish-revoke_by-error"' in page
    assert "dealer made no illegal play in trick 2" in page
    hand.refresh_from_db()
    assert hand.record["in_progress"] is True and "irregularities" not in hand.record


def test_a_false_king_on_a_summary_is_an_announced_king_penalised(scorer, table):
    scorer.post(url(table), summary_post(opening="exchanged", elder_tricks="5",
                                         false_king_by="elder"))
    hand = Hand.objects.get()
    assert hand.record["summary"]["king"] == "elder"
    assert hand.record["irregularities"] == [{"type": "false_king", "by": "elder"}]
    # No king point, and a vole won with a false king marks only 1 (section 8).
    assert hand.result["points"] == {"elder": 1, "dealer": 0}


def test_the_disclosure_in_french(scorer, table):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Irrégularités et variantes" in page and "Renonce par" in page
    assert "Faux roi par" in page and "la donne à refaire" in page


def test_a_correction_keeps_the_irregularities_it_is_prefilled_with(scorer, table):
    scorer.post(url(table), summary_post(ended="early", early_elder="1", early_dealer="2",
                                         abandon_by="elder"))
    correct = f"/tables/{table.pk}/hands/1/correct/"
    form = scorer.get(correct).content.decode()
    assert '<option value="elder" selected>' in form  # the abandon, prefilled

    scorer.post(correct, summary_post(number="", version=1, ended="early", early_elder="0",
                                      early_dealer="2", abandon_by="elder"))

    hand = Hand.objects.get()
    assert hand.version == 2 and hand.record["irregularities"] == [
        {"type": "abandon", "by": "elder"}]
    # Now without a trick: his adversary marks the vole, 2 (section 8).
    assert hand.result["marks"] == [{"to": "dealer", "points": 2, "for": "abandon"}]
