"""The fold "Irregularities" of the scorer's forms à trois and à quatre (docs/rules.md, rulings
80 to 83): a revoke, a false king and a hand dealt again entered with a summary, a refused
entry shown with nothing saved, and a correction that opens with the irregularities recorded
and sends them back as they were."""
import pytest

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.engine.quatre_kit import REVOKE, REVOKE_DEAL, REVOKE_TRICKS
from tests.games.kit import players
from tests.pages.forms import form_values
from tests.pages.kit import quatre_post, trois_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def trois(staff):
    """Athos deals first: Porthos is the elder, Aramis the middle."""
    trio = players("Athos", "Porthos", "Aramis")
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                      first_dealer=trio[0])


@pytest.fixture
def quatre(staff):
    """Athos deals first: Porthos is the elder, Aramis the second, Dartagnan the third; Athos
    and Aramis are the dealer's side."""
    four = players("Athos", "Porthos", "Aramis", "Dartagnan")
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                      first_dealer=four[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def test_the_fold_names_each_player_by_his_seat(scorer, trois):
    page = scorer.get(url(trois)).content.decode()
    fold = page[page.index('id="irregular-trois"'):page.index("</details>",
                                                               page.index('id="irregular-trois"'))]
    assert "open" not in fold.split(">")[0]  # closed: three taps stay three taps
    for words in ("Revoke (renonce) by", "False king (faux roi) by", "a misdeal",
                  "Porthos, elder", "Aramis, middle", "Athos, dealer"):
        assert words in fold
    assert "abandon" not in fold  # ruling 80


def test_a_revoke_a_trois_costs_the_revoker_his_point(scorer, trois):
    # The middle, Aramis, took 4 tricks and revoked in trick 2; the elder, who played without
    # proposing, took 1: the point lost, the dealer's refusal point stands (ruling 81).
    answer = scorer.post(url(trois), trois_post(opening="played", tricks=(1, 4, 0)) | {
        "many_revoke_by": "middle", "many_revoke_trick": "2", "many_false_king_by": "none",
        "many_replay_reason": "none"})
    assert answer.status_code == 302
    hand = Hand.objects.get()
    assert hand.record["irregularities"] == [{"type": "revoke", "by": "middle", "trick": 2}]
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == [("dealer", "refusal")]


def test_a_false_king_a_quatre_is_an_announced_king_and_costs_the_side(scorer, quatre):
    # Athos, the dealer, announced the king without it; the king taps left at "no king". His
    # side took 4 tricks against the vulnerable elder's side: the point, and the refusal point
    # lost for the false king (rulings 19 and 83); no king mark.
    answer = scorer.post(url(quatre), quatre_post(opening="played", elder_side="1") | {
        "many_false_king_by": "dealer"})
    assert answer.status_code == 302
    hand = Hand.objects.get()
    assert hand.record["summary"]["king"] == "dealer"
    assert hand.record["irregularities"] == [{"type": "false_king", "by": "dealer"}]
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == [("dealer_side", "point")]


def test_a_hand_dealt_again_keeps_the_dealer(scorer, quatre):
    answer = scorer.post(url(quatre), quatre_post(king="turned", elder_side="none") | {
        "many_replay_reason": "misdeal"})
    assert answer.status_code == 302
    hand = Hand.objects.get()
    assert hand.result["void"] is True and hand.result["marks"] == []
    page = scorer.get(url(quatre)).content.decode()
    assert 'name="number" value="2"' in page
    assert "<strong>Athos</strong> <small>dealer</small>" in page  # he deals again


def test_a_refused_irregularity_is_shown_and_nothing_is_saved(scorer, trois):
    # The elder announced the king, and the fold names the middle's false king: the middle
    # announced nothing (ruling 18).
    answer = scorer.post(url(trois), trois_post(king="elder") | {
        "many_false_king_by": "middle"})
    assert answer.status_code == 422
    page = answer.content.decode()
    assert "did not announce the king of trumps" in page
    assert not Hand.objects.exists()


def test_a_correction_opens_with_the_irregularities_recorded(scorer, quatre, staff):
    record = {"format": "ecarte-quatre/1", "deal": REVOKE_DEAL, "exchanges": [],
              "tricks": [t.split() for t in REVOKE_TRICKS], "irregularities": [REVOKE]}
    record_hand(table_id=quatre.pk, record=record, by=staff)
    correct = f"/tables/{quatre.pk}/hands/1/correct/"
    page = scorer.get(correct).content.decode()
    assert 'id="irregular-many_deal" open' in page
    sent = form_values(page, "many-deal-form")
    assert (sent["many_revoke_by"], sent["many_revoke_trick"]) == ("second", "1")

    # Sent back as drawn, it is the same record: nothing changes.
    answer = scorer.post(correct, sent)
    assert answer.status_code == 302
    hand = Hand.objects.get()
    assert hand.version == 1 and hand.record["irregularities"] == [REVOKE]

    # The revoke taken out, the illegal card is refused again, and nothing is saved.
    answer = scorer.post(correct, sent | {"many_revoke_by": "none"})
    assert answer.status_code == 422 and "must follow" in answer.content.decode()
    assert Hand.objects.get().version == 1

    # A summary's fold opens with its entry too, and a replay makes the hand void.
    summary = scorer.post(correct, quatre_post(elder_side="0", key="s1") | {
        "version": 1, "many_replay_reason": "revoke"})
    assert summary.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 2 and hand.result["void"] is True
    page = scorer.get(correct).content.decode()
    assert form_values(page, "quatre-form")["many_replay_reason"] == "revoke"


def test_the_fold_reads_in_french(scorer, trois):
    page = scorer.get(url(trois), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Irrégularités" in page and "Renonce par" in page and "une maldonne" in page
