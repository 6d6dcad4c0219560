"""The scorer's page of a table à trois, card by card (docs/rules.md, section 12, rulings 41 to
49): the deal and the exchanges named by the players and their seats, then each trick card by
card from its leader, the winner of the trick before; an illegal card refused beside it with
nothing saved, and an offer to keep it as a revoke by its player (ruling 80,
tests/pages/test_scorer_many_revoke.py); undo; finish;
a second tap that enters nothing twice.

The deal (the same as tests/games/test_api_trois_tricks.py): diamonds are trumps; Porthos, the
elder, holds only spades; Aramis, the middle, no spade and the trumps TD 8D; Athos, the dealer,
no spade and the trumps QD 9D. The elder plays without proposing."""
import re
import uuid

import pytest

from games.models import Hand
from games.services.tables import open_table
from tests.games.kit import players

pytestmark = pytest.mark.django_db

PLAY = [["KS", "TD", "QD"], ["KC", "TS", "8D"], ["KH", "9D", "AS"], ["QC", "JS", "JH"],
        ["JC", "QS", "QH"]]


@pytest.fixture
def table(staff, trio):
    """Athos deals first: Porthos, at his left, is elder, and Aramis the middle."""
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                      first_dealer=trio[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def deal_post(number=1, key="d1", **fields):
    return {"action": "many_deal", "number": number, "key": key, "opening": "played",
            "king": "none", "elder": "K♠ Q♠ J♠ A♠ 10♠", "middle": "10♦ 8♦ K♥ Q♥ J♥",
            "dealer": "QD 9D KC QC JC", "turn_up": "7♦"} | fields


def trick(hand, number, cards, key=None):
    return {"action": "trick", "hand": hand.pk, "number": number,
            "key": key or uuid.uuid4().hex, **dict(zip(("leader", "follower", "follower2"),
                                                       cards))}


def act(hand, action, **fields):
    return {"action": action, "hand": hand.pk, "key": uuid.uuid4().hex, **fields}


def enter_deal(scorer, table, **fields) -> Hand:
    answer = scorer.post(url(table), deal_post(**fields))
    assert answer.status_code == 302, answer.content.decode()
    return Hand.objects.get(table=table, number=1)


def test_the_deal_form_names_each_seat_and_carries_the_number_and_key(scorer, table):
    page = scorer.get(url(table)).content.decode()
    form = page[page.index('id="many-deal-form"'):]
    form = form[:form.index("</form>")]
    assert 'name="csrfmiddlewaretoken"' in form and 'name="number" value="1"' in form
    assert re.search(r'name="key" value="[0-9a-f]{32}"', form)
    for text in ("Porthos, elder: five cards", "Aramis, middle: five cards",
                 "Athos, dealer: five cards", "proposal refused by Aramis, middle",
                 "proposal refused by Athos, dealer", "Aramis discards", "Athos draws",
                 "announced by Aramis, middle"):
        assert text in form, text


def test_a_hand_card_by_card_scores_as_the_laws_say(scorer, table, trio):
    athos, porthos, aramis = trio
    hand = enter_deal(scorer, table)
    assert hand.record["deal"]["middle"] == ["TD", "8D", "KH", "QH", "JH"]
    assert hand.record["exchanges"] == [] and hand.record["in_progress"] is True
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1, trick 1" in page
    assert "Porthos (elder) leads" in page and "Aramis (middle) plays" in page
    assert "Athos (dealer) plays" in page
    assert 'id="offline-play"' not in page  # offline, only a two-handed hand plays on
    assert 'name="revoke"' not in page and 'name="revoke_by"' not in page

    for number, cards in enumerate(PLAY[:2], start=1):
        assert scorer.post(url(table), trick(hand, number, cards)).status_code == 302
    page = scorer.get(url(table)).content.decode()
    # Athos took trick 1 and led trick 2; Aramis trumped trick 2 and leads trick 3.
    assert ('<ol class="tricks-so-far"><li>Porthos K♠, Aramis 10♦, Athos Q♦; Athos takes it</li>'
            '<li>Athos K♣, Porthos 10♠, Aramis 8♦; Aramis takes it</li></ol>') in page
    assert "Aramis (middle) leads" in page and 'name="leader" value="KH"' in page

    for number, cards in enumerate(PLAY[2:], start=3):
        assert scorer.post(url(table), trick(hand, number, cards)).status_code == 302
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1: the five tricks are in" in page and "trick 6" not in page
    answer = scorer.post(url(table), act(hand, "finish", number=1), follow=True)
    page = answer.content.decode()
    assert "Hand 1 finished and scored." in page
    # The last hands name the three players in the order of play, the dealer last.
    assert "Hand 1: Porthos – Aramis – Athos" in page
    hand.refresh_from_db()
    # Athos takes four tricks: the point; Porthos, vulnerable, failed: the refusal point goes
    # to the third player, Aramis.
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == [
        ("dealer", "point"), ("middle", "refusal")]
    table.refresh_from_db()
    assert table.snapshot["trois"]["score"] == {str(athos.pk): 1, str(porthos.pk): 0,
                                                str(aramis.pk): 1}
    # The jeux de règle advisor and the double-dummy analysis are two-handed: neither shows.
    for path in (url(table), f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/1/",
                 f"/tables/{table.pk}/advice/"):
        answer = scorer.get(path)
        assert answer.status_code == 200, path
        assert "jeux de règle" not in answer.content.decode()
        assert "with every card in view" not in answer.content.decode()


@pytest.mark.parametrize("cards, code, place, words", [
    (["KS", "KH", "QD"], "must_trump", "follower", "must trump"),
    (["KS", "TD", "9D"], "must_win_trick", "follower2", "must beat"),
])
def test_an_illegal_card_is_refused_beside_it_and_nothing_is_saved(
        scorer, table, cards, code, place, words):
    hand = enter_deal(scorer, table)
    answer = scorer.post(url(table), trick(hand, 1, cards))
    assert answer.status_code == 422
    page = answer.content.decode()
    fault = page.index("at-fault")
    assert fault < page.index(f'id="{place}-error"') < page.index("</fieldset>", fault)
    assert words in page and "Nothing was saved." in page
    assert f'name="revoke" value="{place}"' in page  # kept only if the scorer says so
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == [] and "irregularities" not in hand.record


def test_a_revoke_is_refused_unless_kept(scorer, table):
    """Aramis holds 9♠ and must follow Porthos's K♠."""
    hand = enter_deal(scorer, table, middle="9♠ 8♦ K♥ Q♥ J♥")
    answer = scorer.post(url(table), trick(hand, 1, ["KS", "8D", "QD"]))
    assert answer.status_code == 422
    assert 'id="follower-error"' in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []


def test_undo_and_a_second_tap(scorer, table):
    hand = enter_deal(scorer, table)
    scorer.post(url(table), trick(hand, 1, PLAY[0], key="page-1"))
    again = scorer.post(url(table), trick(hand, 2, PLAY[1], key="page-1"), follow=True)
    assert "already sent from this page: it counts once" in again.content.decode()
    hand.refresh_from_db()
    assert hand.record["tricks"] == PLAY[:1]
    answer = scorer.post(url(table), act(hand, "undo", number=1), follow=True)
    assert "Trick 1 taken back." in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record["tricks"] == []


def test_exchanges_and_a_bad_card_in_the_deal(scorer, table):
    """The elder proposes, the middle and the dealer accept; Porthos discards two and draws
    two, Aramis one; a card dealt twice is refused beside the seat that holds it."""
    hand = enter_deal(scorer, table, opening="exchanged", ex0_elder_discard="T♠ A♠",
                      ex0_elder_draw="9♠ 8♠", ex0_middle_discard="J♥", ex0_middle_draw="7♠")
    assert hand.record["exchanges"] == [{"accepted": True,
                                         "elder": {"discard": ["TS", "AS"],
                                                   "draw": ["9S", "8S"]},
                                         "middle": {"discard": ["JH"], "draw": ["7S"]}}]
    other = open_table(name="Trois 2", format="trois", players=players("A", "B", "C"),
                       rules={}, by=hand.entered_by, first_dealer=None)
    answer = scorer.post(url(other), deal_post(middle="K♠ 8♦ K♥ Q♥ J♥"))
    assert answer.status_code == 422
    page = answer.content.decode()
    assert 'id="f-middle-error"' in page and Hand.objects.filter(table=other).count() == 0


def test_a_second_hand_waits_for_the_one_in_progress(scorer, table):
    enter_deal(scorer, table)
    answer = scorer.post(url(table), deal_post(number=2, key="d2"), follow=True)
    assert "is being entered card by card from another phone" in answer.content.decode()
    assert Hand.objects.filter(table=table).count() == 1


def test_the_card_by_card_forms_in_french(scorer, table):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Aramis, milieu\u00a0: cinq cartes" in page
    assert "Une nouvelle proposition" in page and "pas de refus ensuite" in page
    hand = enter_deal(scorer, table)
    scorer.post(url(table), trick(hand, 1, PLAY[0]))
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # The cards in the French letters (R D V), as the French rules write them.
    assert "<li>Porthos R♠, Aramis 10♦, Athos D♦\u202f; Athos la prend</li>" in page
    page = scorer.post(url(table), trick(hand, 2, ["KC", "TS", "KH"]),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Refusé par les règles" in page


def played_hand(scorer, table) -> Hand:
    hand = enter_deal(scorer, table)
    for number, cards in enumerate(PLAY, start=1):
        scorer.post(url(table), trick(hand, number, cards))
    scorer.post(url(table), act(hand, "finish", number=1))
    hand.refresh_from_db()
    return hand


# Athos leads 9♦ at trick 2 instead of K♣: Aramis must follow with 8♦, which cannot beat it,
# and Athos, who is not vulnerable, takes all five tricks.
VOLE = [["KS", "TD", "QD"], ["9D", "TS", "8D"], ["KC", "AS", "KH"], ["QC", "JS", "QH"],
        ["JC", "QS", "JH"]]


def correction(hand, tricks, **fields) -> dict:
    return deal_post(key=uuid.uuid4().hex, version=hand.version) | {
        f"trick{n}": " ".join(cards) for n, cards in enumerate(tricks)} | fields


def test_a_hand_entered_card_by_card_is_corrected_card_by_card(scorer, table, trio):
    athos, porthos, aramis = trio
    hand = played_hand(scorer, table)
    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    form = page[page.index('id="many-deal-form"'):]
    form = form[:form.index("</form>")]
    # The form is prefilled from the record: each seat's cards, the opening and every trick.
    assert 'name="middle"' in form and 'value="10♦ 8♦ K♥ Q♥ J♥"' in form
    assert 'name="trick1"' in form and 'value="K♣ 10♠ 8♦"' in form
    assert 'name="version" value="1"' in form and "Record the correction" in form
    assert re.search(r'name="opening" value="played" required checked', form)
    assert "through the API" not in page

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", correction(hand, VOLE))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record["tricks"] == VOLE
    assert "in_progress" not in hand.record
    # The vole by a player who is not vulnerable marks 2 (the point and the vole, as
    # two-handed), and the third player, Aramis, the refusal point: Porthos failed.
    assert [(m["to"], m["for"], m["points"]) for m in hand.result["marks"]] == [
        ("dealer", "point", 1), ("dealer", "vole", 1), ("middle", "refusal", 1)]
    table.refresh_from_db()
    assert table.snapshot["trois"]["score"] == {str(athos.pk): 2, str(porthos.pk): 0,
                                                str(aramis.pk): 1}
    history = scorer.get(answer["Location"]).content.decode()
    assert re.search(r"Porthos</strong> <small>elder</small> · <strong>Aramis</strong> "
                     r"<small>middle</small> · <strong>Athos</strong> <small>dealer", history)


def test_an_illegal_card_in_a_correction_is_refused_beside_its_trick(scorer, table):
    hand = played_hand(scorer, table)
    # At trick 2 Aramis holds 8♦ and no club: he must trump Athos's K♣, not play K♥.
    tricks = [PLAY[0], ["KC", "TS", "KH"], *PLAY[2:]]
    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", correction(hand, tricks))
    assert answer.status_code == 422
    page = answer.content.decode()
    assert 'id="f-trick1-error"' in page and "must trump" in page
    hand.refresh_from_db()
    assert hand.version == 1 and hand.record["tricks"] == PLAY


def test_a_summary_a_trois_may_be_corrected_card_by_card(scorer, table):
    answer = scorer.post(url(table), {
        "action": "trois", "number": 1, "key": "s1", "opening": "played", "king": "none",
        "tricks_elder": "1", "tricks_middle": "0", "tricks_dealer": "4"})
    assert answer.status_code == 302
    hand = Hand.objects.get(table=table)
    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert 'id="trois-form"' in page and "Or card by card" in page
    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", correction(hand, PLAY))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record["deal"]["elder"] == [
        "KS", "QS", "JS", "AS", "TS"]
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == [
        ("dealer", "point"), ("middle", "refusal")]
