"""The scorer's page of a table à quatre, card by card (docs/rules.md, section 13, rulings 50
to 58): the four seats named by their players, each trick's four cards from its leader, the
winner of the trick before; an illegal card refused beside it, with an offer to keep it as a
revoke by its player (ruling 80, tests/pages/test_scorer_many_revoke.py); undo; finish; a king
turned that ends the game before play.

The deal (the same as tests/games/test_api_quatre_tricks.py): diamonds are trumps; Porthos, the
elder, holds only spades; Aramis, the second, no spade and the trumps TD 8D; D'Artagnan, the
third, low spades and hearts; Athos, the dealer, no spade and the trumps QD 9D. Athos and
Aramis are partners, the dealer's side."""
import uuid

import pytest

from games.models import Hand
from games.services.tables import open_table
from tests.games.kit import players

pytestmark = pytest.mark.django_db

PLAY = [["KS", "TD", "7S", "QD"], ["KC", "TS", "8D", "8S"], ["KH", "TH", "9D", "AS"],
        ["QC", "JS", "JH", "9S"], ["JC", "QS", "QH", "AH"]]
PLACES = ("leader", "follower", "follower2", "follower3")


@pytest.fixture
def four():
    return players("Athos", "Porthos", "Aramis", "D'Artagnan")


@pytest.fixture
def table(staff, four):
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                      first_dealer=four[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def deal_post(number=1, key="d1", **fields):
    return {"action": "many_deal", "number": number, "key": key, "opening": "played",
            "king": "none", "elder": "KS QS JS AS TS", "second": "TD 8D KH QH JH",
            "third": "9S 8S 7S AH TH", "dealer": "QD 9D KC QC JC", "turn_up": "7D"} | fields


def trick(hand, number, cards, key=None):
    return {"action": "trick", "hand": hand.pk, "number": number,
            "key": key or uuid.uuid4().hex, **dict(zip(PLACES, cards))}


def act(hand, action, **fields):
    return {"action": action, "hand": hand.pk, "key": uuid.uuid4().hex, **fields}


def enter_deal(scorer, table, **fields) -> Hand:
    answer = scorer.post(url(table), deal_post(**fields))
    assert answer.status_code == 302, answer.content.decode()
    return Hand.objects.get(table=table, number=1)


def test_the_deal_form_names_the_four_seats(scorer, table):
    page = scorer.get(url(table)).content.decode()
    form = page[page.index('id="many-deal-form"'):]
    for text in ("Porthos, elder: five cards", "Aramis, second: five cards",
                 "D&#x27;Artagnan, third: five cards", "Athos, dealer: five cards",
                 "proposal refused by Aramis, second", 'name="number" value="1"'):
        assert text in form, text


def test_a_hand_card_by_card_scores_as_the_laws_say(scorer, table, four):
    athos, porthos, aramis, dartagnan = four
    hand = enter_deal(scorer, table)
    page = scorer.get(url(table)).content.decode()
    assert "Porthos (elder) leads" in page and "Athos (dealer) plays" in page
    scorer.post(url(table), trick(hand, 1, PLAY[0]))
    page = scorer.get(url(table)).content.decode()
    assert "Athos (dealer) leads" in page and 'name="leader" value="KC"' in page
    for number, cards in enumerate(PLAY[1:], start=2):
        assert scorer.post(url(table), trick(hand, number, cards)).status_code == 302
    answer = scorer.post(url(table), act(hand, "finish", number=1), follow=True)
    assert "Hand 1 finished and scored." in answer.content.decode()
    hand.refresh_from_db()
    # The dealer's side takes all five: the vole, 2 (section 7).
    assert hand.result["points"] == {"elder_side": 0, "dealer_side": 2}
    table.refresh_from_db()
    score = table.snapshot["game"]["score"]
    assert (score[str(athos.pk)], score[str(aramis.pk)], score[str(porthos.pk)]) == (2, 2, 0)


@pytest.mark.parametrize("cards, place", [
    (["KS", "KH", "7S", "QD"], "follower"),    # Aramis must trump
    (["KS", "8D", "AH", "9D"], "follower2"),   # D'Artagnan must follow spades
    (["KS", "TD", "7S", "9D"], "follower3"),   # Athos must overtrump, his partner too
])
def test_an_illegal_card_is_refused_beside_it_and_nothing_is_saved(scorer, table, cards, place):
    hand = enter_deal(scorer, table)
    answer = scorer.post(url(table), trick(hand, 1, cards))
    assert answer.status_code == 422
    page = answer.content.decode()
    fault = page.index("at-fault")
    assert fault < page.index(f'id="{place}-error"') < page.index("</fieldset>", fault)
    assert f'name="revoke" value="{place}"' in page  # kept only if the scorer says so
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []


def test_undo_and_a_trick_sent_twice(scorer, table):
    hand = enter_deal(scorer, table)
    scorer.post(url(table), trick(hand, 1, PLAY[0], key="page-1"))
    scorer.post(url(table), trick(hand, 1, PLAY[0], key="page-1"))
    hand.refresh_from_db()
    assert hand.record["tricks"] == PLAY[:1]
    scorer.post(url(table), act(hand, "undo", number=1))
    hand.refresh_from_db()
    assert hand.record["tricks"] == []


def test_a_king_turned_that_ends_the_game_leaves_no_hand_in_progress(scorer, staff, four):
    """To 5, the dealer's side has 4 when Aramis deals and turns up the king: the game is
    theirs before play (ruling 56), and the page offers the next hand."""
    table = open_table(name="Q5", format="quatre", players=four, rules={"target": 5}, by=staff,
                       first_dealer=four[0])
    for number, side in ((1, "0"), (2, "5")):  # two voles to Athos and Aramis
        answer = scorer.post(url(table), {"action": "quatre", "number": number,
                                          "key": f"s{number}", "opening": "exchanged",
                                          "king": "none", "elder_side": side})
        assert answer.status_code == 302, answer.content.decode()
    answer = scorer.post(url(table), deal_post(number=3, key="d3", turn_up="KD"), follow=True)
    assert answer.status_code == 200
    hand = Hand.objects.get(table=table, number=3)
    assert hand.result["game_over"] and hand.result["winner"] == "dealer_side"
    page = answer.content.decode()
    assert "Hand 4" in page and "trick 1" not in page


def test_a_hand_card_by_card_is_corrected_card_by_card(scorer, table, four):
    """The scorer finished the hand after three tricks by mistake: the correction keeps the
    deal and the first three tricks, still being played; the hand goes back to the trick
    form at trick 4, and the vole no longer counts."""
    athos, porthos, aramis, dartagnan = four
    hand = enter_deal(scorer, table)
    for number, cards in enumerate(PLAY, start=1):
        scorer.post(url(table), trick(hand, number, cards))
    scorer.post(url(table), act(hand, "finish", number=1))
    correct = f"/tables/{table.pk}/hands/1/correct/"
    page = scorer.get(correct).content.decode()
    form = page[page.index('id="many-deal-form"'):]
    assert 'value="K♠ 10♦ 7♠ Q♦"' in form and 'name="trick4"' in form
    assert 'name="third"' in form and 'value="9♠ 8♠ 7♠ A♥ 10♥"' in form

    fields = {f"trick{n}": " ".join(cards) for n, cards in enumerate(PLAY[:3])}
    answer = scorer.post(correct, deal_post(key=uuid.uuid4().hex, version=1,
                                            in_progress="on", **fields))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record["tricks"] == PLAY[:3]
    assert hand.record["in_progress"] is True
    table.refresh_from_db()
    assert set(table.snapshot["game"]["score"].values()) == {0}
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1, trick 4" in page and "Athos (dealer) leads" in page
