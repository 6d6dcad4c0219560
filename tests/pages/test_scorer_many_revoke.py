"""The scorer's trick form and finish form à trois and à quatre, card by card (docs/rules.md,
rulings 80 to 83): an illegal card kept as a revoke by the player who played it, named by his
seat, and the hand scored with the revoke's penalty; a false king and a hand dealt again from
the finish form, where there is no abandon; a refused irregularity shown beside its field."""
import uuid

import pytest

from games.models import Hand
from games.services.tables import open_table
from tests.pages.kit import trois_post

pytestmark = pytest.mark.django_db
PLACES = ("leader", "follower", "follower2", "follower3")


@pytest.fixture
def trois(staff, trio):
    """Athos deals first: Porthos, at his left, is the elder, and Aramis the middle."""
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                      first_dealer=trio[0])


@pytest.fixture
def quatre(staff, four):
    """Athos deals first: Porthos is the elder, Aramis the second, Dartagnan the third; Athos
    and Aramis are the dealer's side."""
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                      first_dealer=four[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def deal(scorer, table, **seats) -> Hand:
    """The deal form, the elder playing without proposing and no king announced."""
    answer = scorer.post(url(table), {"action": "many_deal", "number": 1, "key": "d1",
                                      "opening": "played", "king": "none", **seats})
    assert answer.status_code == 302, answer.content.decode()
    return Hand.objects.get(table=table, number=1)


def trick(hand, number, cards, **fields):
    return {"action": "trick", "hand": hand.pk, "number": number, "key": uuid.uuid4().hex,
            **dict(zip(PLACES, cards.split())), **fields}


def finish(hand, **fields):
    return {"action": "finish", "hand": hand.pk, "number": hand.number,
            "key": uuid.uuid4().hex, **fields}


def play(scorer, table, hand, tricks, start=1):
    for number, cards in enumerate(tricks, start=start):
        answer = scorer.post(url(table), trick(hand, number, cards))
        assert answer.status_code == 302, answer.content.decode()


# À trois, diamonds trumps (the turn-up 7D). Porthos, the elder, leads the KS; Aramis, the
# middle, holds the 9S but trumps with the 8D: a revoke, he must follow suit (ruling 36).
# Athos, the dealer, has neither spade nor trump. Aramis then wins tricks 2 to 4 with his
# hearts, which nobody can follow or trump, and loses the last to Porthos's QS.
TROIS_DEAL = {"elder": "KS QS JS AS TS", "middle": "9S 8D KH QH JH",
              "dealer": "KC QC JC AC TC", "turn_up": "7D"}
TROIS_TRICKS = ["KS 8D TC", "KH QC TS", "QH JC AS", "JH AC JS", "9S KC QS"]


def test_an_illegal_card_a_trois_is_kept_as_a_revoke_and_costs_the_revoker_his_point(
        scorer, trois, trio):
    athos, porthos, aramis = trio
    hand = deal(scorer, trois, **TROIS_DEAL)
    answer = scorer.post(url(trois), trick(hand, 1, TROIS_TRICKS[0]))
    assert answer.status_code == 422
    page = answer.content.decode()
    # The refusal is beside Aramis's card, and so is the offer to keep it, naming him.
    fault = page.index('id="follower-error"')
    button = page.index('name="revoke" value="follower"')
    assert fault < button < page.index("</fieldset>", fault)
    assert "Keep it: a revoke (renonce) by Aramis, middle" in page
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []

    kept = scorer.post(url(trois), trick(hand, 1, TROIS_TRICKS[0], revoke="follower"),
                       follow=True)
    assert "Trick 1 entered, with a revoke by Aramis, middle." in kept.content.decode()
    hand.refresh_from_db()
    assert hand.record["irregularities"] == [{"type": "revoke", "by": "middle", "trick": 1}]
    play(scorer, trois, hand, TROIS_TRICKS[1:], start=2)
    answer = scorer.post(url(trois), finish(hand), follow=True)
    assert "Hand 1 finished and scored." in answer.content.decode()
    hand.refresh_from_db()
    # Aramis takes 4 tricks, Porthos 1, Athos none. Porthos played without proposing and
    # failed: the point (1) would be Aramis's and the refusal point (1) goes to the third
    # player, Athos (section 12). Aramis's revoke costs him his own last mark, his point, which
    # goes to no one (ruling 81): Athos 1, the others 0.
    assert [(m["to"], m["for"], m["points"]) for m in hand.result["marks"]] == [
        ("dealer", "refusal", 1)]
    trois.refresh_from_db()
    assert trois.snapshot["trois"]["score"] == {str(athos.pk): 1, str(porthos.pk): 0,
                                                str(aramis.pk): 0}


def test_a_revoke_a_trois_in_french(scorer, trois):
    hand = deal(scorer, trois, **TROIS_DEAL)
    page = scorer.post(url(trois), trick(hand, 1, TROIS_TRICKS[0]),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "La garder\u00a0: renonce par Aramis, milieu" in page
    kept = scorer.post(url(trois), trick(hand, 1, TROIS_TRICKS[0], revoke="follower"),
                       HTTP_ACCEPT_LANGUAGE="fr", follow=True).content.decode()
    assert "Levée 1 saisie, avec une renonce par Aramis, milieu." in kept


# À quatre, hearts trumps (the turn-up 7H). Porthos, the elder, leads the KS; Aramis, the
# second, holds the QS but trumps with the KH: a revoke. Dartagnan, the third, cannot beat the
# KS and plays low; Athos, the dealer, has neither spade nor trump. Aramis then wins every
# trick: the QH and the JH, trumps nobody can follow; the QS, which Dartagnan cannot beat; the
# 8D, the only diamond left.
QUATRE_DEAL = {"elder": "KS 9C 8C 7C 9D", "second": "QS KH QH JH 8D",
               "third": "JS 7S 8S TS 7D", "dealer": "KC QC JC AC TC", "turn_up": "7H"}
QUATRE_TRICKS = ["KS KH 7S TC", "QH 7D JC 9D", "JH 8S AC 9C", "QS TS QC 8C", "8D JS KC 7C"]


def test_an_illegal_card_a_quatre_is_kept_as_a_revoke_and_costs_the_side_a_point(
        scorer, quatre, four):
    athos, porthos, aramis, dartagnan = four
    hand = deal(scorer, quatre, **QUATRE_DEAL)
    page = scorer.post(url(quatre), trick(hand, 1, QUATRE_TRICKS[0])).content.decode()
    assert "Keep it: a revoke (renonce) by Aramis, second" in page
    kept = scorer.post(url(quatre), trick(hand, 1, QUATRE_TRICKS[0], revoke="follower"),
                       follow=True)
    assert "Trick 1 entered, with a revoke by Aramis, second." in kept.content.decode()
    play(scorer, quatre, hand, QUATRE_TRICKS[1:], start=2)
    scorer.post(url(quatre), finish(hand))
    hand.refresh_from_db()
    # The dealer's side takes all five against the vulnerable elder's side: the point and the
    # vole, 2 (section 7). Aramis's revoke costs his side one point, its last mark (ruling 83):
    # Athos and Aramis 1, Porthos and Dartagnan 0.
    assert hand.record["irregularities"] == [{"type": "revoke", "by": "second", "trick": 1}]
    assert [(m["to"], m["for"], m["points"]) for m in hand.result["marks"]] == [
        ("dealer_side", "point", 1)]
    quatre.refresh_from_db()
    score = quatre.snapshot["game"]["score"]
    assert [score[str(p.pk)] for p in (athos, aramis, porthos, dartagnan)] == [1, 1, 0, 0]


def test_a_kept_revoke_taken_back_with_its_trick(scorer, quatre):
    hand = deal(scorer, quatre, **QUATRE_DEAL)
    scorer.post(url(quatre), trick(hand, 1, QUATRE_TRICKS[0], revoke="follower"))
    scorer.post(url(quatre), {"action": "undo", "hand": hand.pk, "number": 1,
                              "key": uuid.uuid4().hex})
    hand.refresh_from_db()
    assert hand.record["tricks"] == [] and "irregularities" not in hand.record


# À trois, diamonds trumps. Porthos, the elder, announces the king of trumps at the end of the
# hand without holding it. He wins the KS and the QS; Aramis, out of spades, must trump the JS
# and does; Aramis leads the 7C, which Porthos's KC takes; the AS takes the last trick.
FALSE_DEAL = {"elder": "KS QS JS AS KC", "dealer": "JH AH TH 9H 8H", "turn_up": "7D"}
FALSE_TRICKS = ["KS 9S JH", "QS 8S AH", "JS {trump} TH", "7C 9H KC", "AS 8C 8H"]


def false_king_hand(scorer, trois, middle_trump: str) -> Hand:
    """The hand played to its end, Aramis holding `middle_trump` (KD, the king of trumps, or
    QD: the KD is then in the stock)."""
    hand = deal(scorer, trois, middle=f"9S 8S {middle_trump} 7C 8C", **FALSE_DEAL)
    play(scorer, trois, hand, [t.format(trump=middle_trump) for t in FALSE_TRICKS])
    return hand


def test_the_finish_form_a_trois_offers_the_fold_without_an_abandon(scorer, trois):
    false_king_hand(scorer, trois, "QD")
    page = scorer.get(url(trois)).content.decode()
    form = page[page.index('id="finish-form"'):]
    form = form[:form.index("</form>")]
    assert 'id="irregular-finish"' in form
    for words in ("False king (faux roi) by", "Porthos, elder", "Aramis, middle",
                  "Athos, dealer", "a misdeal"):
        assert words in form, words
    assert 'name="many_false_king_by"' in form and 'name="many_replay_reason"' in form
    assert "abandon" not in form.lower()  # ruling 80
    assert 'name="many_revoke_by"' not in form  # kept on the trick form, trick by trick


def test_a_false_king_from_the_finish_form_costs_the_point(scorer, trois, trio):
    athos, porthos, aramis = trio
    hand = false_king_hand(scorer, trois, "QD")
    answer = scorer.post(url(trois), finish(hand, many_false_king_by="elder",
                                            many_replay_reason="none"))
    assert answer.status_code == 302, answer.content.decode()
    hand.refresh_from_db()
    assert hand.record["king"] == "elder"
    assert hand.record["irregularities"] == [{"type": "false_king", "by": "elder"}]
    # Porthos takes tricks 1, 2, 4 and 5, Aramis trick 3. Porthos was vulnerable and won the
    # point, 1, with no refusal point (ruling 46). The KD is in the stock, no adversary's hand:
    # his false king costs him his point (rulings 81 and 82), and a false king marks no king.
    assert hand.result["tricks"] == {"elder": 4, "middle": 1, "dealer": 0}
    assert hand.result["marks"] == []
    trois.refresh_from_db()
    assert set(trois.snapshot["trois"]["score"].values()) == {0}


def test_a_false_king_is_excused_when_an_adversary_holds_the_king(scorer, trois):
    hand = false_king_hand(scorer, trois, "KD")
    scorer.post(url(trois), finish(hand, many_false_king_by="elder"))
    hand.refresh_from_db()
    assert hand.record["irregularities"] == [{"type": "false_king", "by": "elder"}]
    # The KD is Aramis's, an adversary's: Porthos keeps his point (ruling 82).
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == [("elder", "point")]


def test_a_hand_dealt_again_from_the_finish_form_is_void(scorer, trois):
    hand = false_king_hand(scorer, trois, "QD")
    answer = scorer.post(url(trois), finish(hand, many_false_king_by="elder",
                                            many_replay_reason="false_king"), follow=True)
    assert "Hand 1 finished and scored." in answer.content.decode()
    hand.refresh_from_db()
    assert hand.result["void"] is True and hand.result["marks"] == []
    page = answer.content.decode()
    assert "<strong>Athos</strong> <small>dealer</small>" in page  # he deals again


def test_a_refused_false_king_on_the_finish_form_is_shown_beside_its_field(scorer, trois):
    # Aramis, said to have announced the king falsely, holds the KD: the king is not false
    # (ruling 18), and the refusal is beside its field.
    hand = false_king_hand(scorer, trois, "KD")
    answer = scorer.post(url(trois), finish(hand, many_false_king_by="middle"))
    assert answer.status_code == 422
    page = answer.content.decode()
    fold = page.index('id="irregular-finish" open')
    field = page.index('id="f-finish-many_false_king_by"', fold)
    error = page.index('id="f-finish-many_false_king_by-error"')
    assert fold < field < error < page.index("</details>", fold)
    assert "holds the king of trumps: the king is not false" in page[error:]
    assert 'id="finish-error"' not in page
    hand.refresh_from_db()
    assert hand.result["in_progress"] and "irregularities" not in hand.record


def test_a_refused_irregularity_on_the_summary_form_is_shown_beside_its_field(scorer, trois):
    # The elder announced the king, and the fold names the middle's false king (ruling 18).
    answer = scorer.post(url(trois), trois_post(king="elder") | {
        "many_false_king_by": "middle"})
    assert answer.status_code == 422
    page = answer.content.decode()
    fold = page.index('id="irregular-trois" open')
    error = page.index('id="f-trois-many_false_king_by-error"')
    assert fold < page.index('id="f-trois-many_false_king_by"') < error < page.index(
        "</details>", fold)
    assert 'id="trois-error"' not in page
    assert not Hand.objects.exists()


def test_a_refused_irregularity_in_a_correction_is_shown_beside_its_field(scorer, quatre):
    hand = deal(scorer, quatre, **QUATRE_DEAL)
    scorer.post(url(quatre), trick(hand, 1, QUATRE_TRICKS[0], revoke="follower"))
    play(scorer, quatre, hand, QUATRE_TRICKS[1:], start=2)
    scorer.post(url(quatre), finish(hand))
    # The fold keeps Aramis's revoke and adds a false king of his: he holds the KH, the king
    # of trumps, so his king is not false (ruling 18).
    correct = f"/tables/{quatre.pk}/hands/1/correct/"
    sent = {"action": "many_deal", "key": "c1", "version": 1, "opening": "played",
            "king": "none", **QUATRE_DEAL, "many_revoke_by": "second", "many_revoke_trick": "1",
            "many_false_king_by": "second",
            **{f"trick{n}": cards for n, cards in enumerate(QUATRE_TRICKS)}}
    answer = scorer.post(correct, sent)
    assert answer.status_code == 422
    page = answer.content.decode()
    fold = page.index('id="irregular-many_deal" open')
    error = page.index('id="f-many_deal-many_false_king_by-error"')
    assert fold < page.index('id="f-many_deal-many_false_king_by"') < error < page.index(
        "</details>", fold)
    assert "holds the king of trumps" in page[error:]
    assert Hand.objects.get().version == 1
