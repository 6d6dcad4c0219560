"""The scorer's page of a table à trois and à quatre, card by card (docs/rules.md, sections 12
and 13, rulings 41 to 58): the deal named by the players and their seats, then each trick card
by card from its leader, the winner of the trick before; an illegal card refused beside it
with nothing saved, and an offer to keep it as a revoke by its player (ruling 80,
tests/pages/test_scorer_many_revoke.py); undo; finish; a second tap that enters nothing twice;
a correction card by card. What holds the same for both forms is one test run for each (the
`form` fixture); then what one form alone has.

The deal is the kits' (tests/games/trois_kit.py, quatre_kit.py, and
tests/games/test_api_tricks_trois_quatre.py): diamonds are trumps; Porthos, the elder, holds
only spades; Aramis, the middle or the second, no spade and the trumps TD 8D; à quatre
D'Artagnan, the third, low spades and hearts; Athos, the dealer, no spade and the trumps QD 9D.
The elder plays without proposing. À quatre Athos and Aramis are partners, the dealer's
side."""
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.models import Hand
from games.services.tables import open_table
from tests.engine import quatre_kit, trois_kit
from tests.games import quatre_kit as quatre_games
from tests.games import trois_kit as trois_games
from tests.games.kit import players
from tests.pages.kit import quatre_post, trois_post

pytestmark = pytest.mark.django_db

PLACES = ("leader", "follower", "follower2", "follower3")


@dataclass(frozen=True)
class Form:
    name: str
    seats: tuple  # from the elder to the dealer
    names: tuple  # the players: Athos deals first
    hands: dict  # each seat's cards as the scorer types them, and the turn-up
    play: list
    summary: Callable  # (**fields): the form's summary as sent

    def deal_post(self, number=1, key="d1", **fields) -> dict:
        return {"action": "many_deal", "number": number, "key": key, "opening": "played",
                "king": "none"} | self.hands | fields


TROIS = Form("trois", trois_kit.SEATS, ("Athos", "Porthos", "Aramis"),
             {"elder": "K♠ Q♠ J♠ A♠ 10♠", "middle": "10♦ 8♦ K♥ Q♥ J♥",
              "dealer": "QD 9D KC QC JC", "turn_up": "7♦"}, trois_games.PLAY, trois_post)
QUATRE = Form("quatre", quatre_kit.SEATS, ("Athos", "Porthos", "Aramis", "D'Artagnan"),
              {"elder": "KS QS JS AS TS", "second": "TD 8D KH QH JH",
               "third": "9S 8S 7S AH TH", "dealer": "QD 9D KC QC JC", "turn_up": "7D"},
              quatre_games.PLAY, quatre_post)
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture(params=FORMS)
def form(request) -> Form:
    return FORMS[request.param]


@pytest.fixture
def seated(form) -> list:
    return players(*form.names)


@pytest.fixture
def table(staff, form, seated):
    """Athos deals first: Porthos, at his left, is elder."""
    return open_table(name=form.name.title(), format=form.name, players=seated, rules={},
                      by=staff, first_dealer=seated[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def trick(hand, number, cards, key=None):
    return {"action": "trick", "hand": hand.pk, "number": number,
            "key": key or uuid.uuid4().hex, **dict(zip(PLACES, cards))}


def act(hand, action, **fields):
    return {"action": action, "hand": hand.pk, "key": uuid.uuid4().hex, **fields}


def enter_deal(scorer, form, table, **fields) -> Hand:
    answer = scorer.post(url(table), form.deal_post(**fields))
    assert answer.status_code == 302, answer.content.decode()
    return Hand.objects.get(table=table, number=1)


def deal_form(page: str) -> str:
    form = page[page.index('id="many-deal-form"'):]
    return form[:form.index("</form>")]


@pytest.mark.parametrize("form, texts", [
    ("trois", ["Porthos, elder: five cards", "Aramis, middle: five cards",
               "Athos, dealer: five cards", "proposal refused by Aramis, middle",
               "proposal refused by Athos, dealer", "Aramis discards", "Athos draws",
               "announced by Aramis, middle"]),
    ("quatre", ["Porthos, elder: five cards", "Aramis, second: five cards",
                "D&#x27;Artagnan, third: five cards", "Athos, dealer: five cards",
                "proposal refused by Aramis, second"]),
], indirect=["form"])
def test_the_deal_form_names_each_seat_and_carries_the_number_and_key(scorer, form, table,
                                                                      texts):
    page = deal_form(scorer.get(url(table)).content.decode())
    assert 'name="csrfmiddlewaretoken"' in page and 'name="number" value="1"' in page
    assert re.search(r'name="key" value="[0-9a-f]{32}"', page)
    for text in texts:
        assert text in page, text


@pytest.mark.parametrize("form, so_far, order, marks, points, scores", [
    # Athos takes four tricks: the point; Porthos, vulnerable, failed: the refusal point goes
    # to the third player, Aramis.
    ("trois", "<li>Porthos K♠, Aramis 10♦, Athos Q♦; Athos takes it</li>"
              "<li>Athos K♣, Porthos 10♠, Aramis 8♦; Aramis takes it</li>",
     "Porthos – Aramis – Athos", [("dealer", "point"), ("middle", "refusal")],
     {"elder": 0, "middle": 1, "dealer": 1}, (1, 0, 1)),
    # The dealer's side takes all five: the vole, 2 (section 7).
    ("quatre", "<li>Porthos K♠, Aramis 10♦, D&#x27;Artagnan 7♠, Athos Q♦; Athos takes it</li>"
               "<li>Athos K♣, Porthos 10♠, Aramis 8♦, D&#x27;Artagnan 8♠; Aramis takes it</li>",
     "Porthos – Aramis – D&#x27;Artagnan – Athos", [("dealer_side", "point"),
                                                    ("dealer_side", "vole")],
     {"elder_side": 0, "dealer_side": 2}, (2, 0, 2, 0)),
], indirect=["form"])
def test_a_hand_card_by_card_scores_as_the_laws_say(scorer, form, table, seated, so_far, order,
                                                    marks, points, scores):
    hand = enter_deal(scorer, form, table)
    assert hand.record["deal"][form.seats[1]] == ["TD", "8D", "KH", "QH", "JH"]
    assert hand.record["exchanges"] == [] and hand.record["in_progress"] is True
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1, trick 1" in page
    assert "Porthos (elder) leads" in page and f"Aramis ({form.seats[1]}) plays" in page
    assert "Athos (dealer) plays" in page
    assert 'id="offline-play"' not in page  # offline, only a two-handed hand plays on
    assert 'name="revoke"' not in page and 'name="revoke_by"' not in page

    assert scorer.post(url(table), trick(hand, 1, form.play[0])).status_code == 302
    page = scorer.get(url(table)).content.decode()
    assert "Athos (dealer) leads" in page and 'name="leader" value="KC"' in page
    assert scorer.post(url(table), trick(hand, 2, form.play[1])).status_code == 302
    page = scorer.get(url(table)).content.decode()
    # Athos took trick 1 and led trick 2; Aramis trumped trick 2 and leads trick 3.
    assert f'<ol class="tricks-so-far">{so_far}</ol>' in page
    assert f"Aramis ({form.seats[1]}) leads" in page and 'name="leader" value="KH"' in page

    for number, cards in enumerate(form.play[2:], start=3):
        assert scorer.post(url(table), trick(hand, number, cards)).status_code == 302
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1: the five tricks are in" in page and "trick 6" not in page
    answer = scorer.post(url(table), act(hand, "finish", number=1), follow=True)
    page = answer.content.decode()
    assert "Hand 1 finished and scored." in page
    # The last hands name the players in the order of play, the dealer last.
    assert f"Hand 1: {order}" in page
    hand.refresh_from_db()
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == marks
    assert hand.result["points"] == points
    table.refresh_from_db()
    score = table.snapshot["game"]["score"] if form is QUATRE else table.snapshot["trois"]["score"]
    assert score == {str(p.pk): n for p, n in zip(seated, scores, strict=True)}
    # The jeux de règle advisor and the double-dummy analysis are two-handed: neither shows.
    for path in (url(table), f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/1/",
                 f"/tables/{table.pk}/advice/"):
        answer = scorer.get(path)
        assert answer.status_code == 200, path
        assert "jeux de règle" not in answer.content.decode()
        assert "with every card in view" not in answer.content.decode()


@pytest.mark.parametrize("form, cards, place, words", [
    ("trois", ["KS", "KH", "QD"], "follower", "must trump"),  # Aramis must trump
    ("trois", ["KS", "TD", "9D"], "follower2", "must beat"),  # Athos must overtrump
    ("quatre", ["KS", "KH", "7S", "QD"], "follower", "must trump"),  # Aramis must trump
    ("quatre", ["KS", "8D", "AH", "9D"], "follower2", "must follow"),  # D'Artagnan: spades
    # Athos must overtrump, his partner too.
    ("quatre", ["KS", "TD", "7S", "9D"], "follower3", "must beat"),
], indirect=["form"])
def test_an_illegal_card_is_refused_beside_it_and_nothing_is_saved(scorer, form, table, cards,
                                                                   place, words):
    hand = enter_deal(scorer, form, table)
    answer = scorer.post(url(table), trick(hand, 1, cards))
    assert answer.status_code == 422
    page = answer.content.decode()
    fault = page.index("at-fault")
    assert fault < page.index(f'id="{place}-error"') < page.index("</fieldset>", fault)
    assert words in page and "Nothing was saved." in page
    assert f'name="revoke" value="{place}"' in page  # kept only if the scorer says so
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == [] and "irregularities" not in hand.record


def test_undo_and_a_second_tap(scorer, form, table):
    hand = enter_deal(scorer, form, table)
    scorer.post(url(table), trick(hand, 1, form.play[0], key="page-1"))
    scorer.post(url(table), trick(hand, 1, form.play[0], key="page-1"))
    hand.refresh_from_db()
    assert hand.record["tricks"] == form.play[:1]
    again = scorer.post(url(table), trick(hand, 2, form.play[1], key="page-1"), follow=True)
    assert "already sent from this page: it counts once" in again.content.decode()
    hand.refresh_from_db()
    assert hand.record["tricks"] == form.play[:1]
    answer = scorer.post(url(table), act(hand, "undo", number=1), follow=True)
    assert "Trick 1 taken back." in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record["tricks"] == []


def test_a_second_hand_waits_for_the_one_in_progress(scorer, form, table):
    enter_deal(scorer, form, table)
    answer = scorer.post(url(table), form.deal_post(number=2, key="d2"), follow=True)
    assert "is being entered card by card from another phone" in answer.content.decode()
    assert Hand.objects.filter(table=table).count() == 1


def played_hand(scorer, form, table) -> Hand:
    hand = enter_deal(scorer, form, table)
    for number, cards in enumerate(form.play, start=1):
        scorer.post(url(table), trick(hand, number, cards))
    scorer.post(url(table), act(hand, "finish", number=1))
    hand.refresh_from_db()
    return hand


def correction(form, hand, tricks, **fields) -> dict:
    return form.deal_post(key=uuid.uuid4().hex, version=hand.version) | {
        f"trick{n}": " ".join(cards) for n, cards in enumerate(tricks)} | fields


@pytest.mark.parametrize("form, wrong", [
    # At trick 2 Aramis holds 8♦ and no club: he must trump Athos's K♣, not play K♥.
    ("trois", ["KC", "TS", "KH"]),
    ("quatre", ["KC", "TS", "KH", "8S"]),
], indirect=["form"])
def test_an_illegal_card_in_a_correction_is_refused_beside_its_trick(scorer, form, table,
                                                                     wrong):
    hand = played_hand(scorer, form, table)
    tricks = [form.play[0], wrong, *form.play[2:]]
    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", correction(form, hand, tricks))
    assert answer.status_code == 422
    page = answer.content.decode()
    assert 'id="f-trick1-error"' in page and "must trump" in page
    hand.refresh_from_db()
    assert hand.version == 1 and hand.record["tricks"] == form.play


@pytest.mark.parametrize("form, fields, marks", [
    ("trois", {"opening": "played", "tricks": (1, 0, 4)},
     [("dealer", "point"), ("middle", "refusal")]),
    ("quatre", {"opening": "played", "elder_side": "1"},
     [("dealer_side", "point"), ("dealer_side", "vole")]),
], indirect=["form"])
def test_a_summary_may_be_corrected_card_by_card(scorer, form, table, fields, marks):
    answer = scorer.post(url(table), form.summary(key="s1", **fields))
    assert answer.status_code == 302
    hand = Hand.objects.get(table=table)
    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert f'id="{form.name}-form"' in page and "Or card by card" in page
    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/",
                         correction(form, hand, form.play))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record["deal"]["elder"] == [
        "KS", "QS", "JS", "AS", "TS"]
    assert [(m["to"], m["for"]) for m in hand.result["marks"]] == marks


# -- À trois only ---------------------------------------------------------------------------
def test_a_trois_a_revoke_is_refused_unless_kept(scorer, trois_table):
    """Aramis holds 9♠ and must follow Porthos's K♠."""
    hand = enter_deal(scorer, TROIS, trois_table, middle="9♠ 8♦ K♥ Q♥ J♥")
    answer = scorer.post(url(trois_table), trick(hand, 1, ["KS", "8D", "QD"]))
    assert answer.status_code == 422
    assert 'id="follower-error"' in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []


def test_a_trois_exchanges_and_a_bad_card_in_the_deal(scorer, trois_table):
    """The elder proposes, the middle and the dealer accept; Porthos discards two and draws
    two, Aramis one; a card dealt twice is refused beside the seat that holds it."""
    hand = enter_deal(scorer, TROIS, trois_table, opening="exchanged",
                      ex0_elder_discard="T♠ A♠", ex0_elder_draw="9♠ 8♠",
                      ex0_middle_discard="J♥", ex0_middle_draw="7♠")
    assert hand.record["exchanges"] == [{"accepted": True,
                                         "elder": {"discard": ["TS", "AS"],
                                                   "draw": ["9S", "8S"]},
                                         "middle": {"discard": ["JH"], "draw": ["7S"]}}]
    other = open_table(name="Trois 2", format="trois", players=players("A", "B", "C"),
                       rules={}, by=hand.entered_by, first_dealer=None)
    answer = scorer.post(url(other), TROIS.deal_post(middle="K♠ 8♦ K♥ Q♥ J♥"))
    assert answer.status_code == 422
    page = answer.content.decode()
    assert 'id="f-middle-error"' in page and Hand.objects.filter(table=other).count() == 0


def test_a_trois_the_card_by_card_forms_in_french(scorer, trois_table):
    page = scorer.get(url(trois_table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Aramis, milieu\u00a0: cinq cartes" in page
    assert "Une nouvelle proposition" in page and "pas de refus ensuite" in page
    hand = enter_deal(scorer, TROIS, trois_table)
    scorer.post(url(trois_table), trick(hand, 1, TROIS.play[0]))
    page = scorer.get(url(trois_table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # The cards in the French letters (R D V), as the French rules write them.
    assert "<li>Porthos R♠, Aramis 10♦, Athos D♦\u202f; Athos la prend</li>" in page
    page = scorer.post(url(trois_table), trick(hand, 2, ["KC", "TS", "KH"]),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Refusé par les règles" in page


# Athos leads 9♦ at trick 2 instead of K♣: Aramis must follow with 8♦, which cannot beat it,
# and Athos, who is not vulnerable, takes all five tricks.
VOLE = [["KS", "TD", "QD"], ["9D", "TS", "8D"], ["KC", "AS", "KH"], ["QC", "JS", "QH"],
        ["JC", "QS", "JH"]]


def test_a_trois_a_hand_entered_card_by_card_is_corrected_card_by_card(scorer, trois_table,
                                                                       trio):
    athos, porthos, aramis = trio
    table = trois_table
    hand = played_hand(scorer, TROIS, table)
    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    form = deal_form(page)
    # The form is prefilled from the record: each seat's cards, the opening and every trick.
    assert 'name="middle"' in form and 'value="10♦ 8♦ K♥ Q♥ J♥"' in form
    assert 'name="trick1"' in form and 'value="K♣ 10♠ 8♦"' in form
    assert 'name="version" value="1"' in form and "Record the correction" in form
    assert re.search(r'name="opening" value="played" required checked', form)
    assert "through the API" not in page

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/",
                         correction(TROIS, hand, VOLE))
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


# -- À quatre only --------------------------------------------------------------------------
@pytest.fixture
def quatre_four():
    return players("Athos", "Porthos", "Aramis", "D'Artagnan")


@pytest.fixture
def quatre_table(staff, quatre_four):
    return open_table(name="Quatre", format="quatre", players=quatre_four, rules={}, by=staff,
                      first_dealer=quatre_four[0])


def test_a_quatre_a_king_turned_that_ends_the_game_leaves_no_hand_in_progress(
        scorer, staff, quatre_four):
    """To 5, the dealer's side has 4 when Aramis deals and turns up the king: the game is
    theirs before play (ruling 56), and the page offers the next hand."""
    table = open_table(name="Q5", format="quatre", players=quatre_four, rules={"target": 5},
                       by=staff, first_dealer=quatre_four[0])
    for number, side in ((1, "0"), (2, "5")):  # two voles to Athos and Aramis
        answer = scorer.post(url(table), {"action": "quatre", "number": number,
                                          "key": f"s{number}", "opening": "exchanged",
                                          "king": "none", "elder_side": side})
        assert answer.status_code == 302, answer.content.decode()
    answer = scorer.post(url(table), QUATRE.deal_post(number=3, key="d3", turn_up="KD"),
                         follow=True)
    assert answer.status_code == 200
    hand = Hand.objects.get(table=table, number=3)
    assert hand.result["game_over"] and hand.result["winner"] == "dealer_side"
    page = answer.content.decode()
    assert "Hand 4" in page and "trick 1" not in page


def test_a_quatre_a_hand_card_by_card_is_corrected_card_by_card(scorer, quatre_table):
    """The scorer finished the hand after three tricks by mistake: the correction keeps the
    deal and the first three tricks, still being played; the hand goes back to the trick
    form at trick 4, and the vole no longer counts."""
    table = quatre_table
    played_hand(scorer, QUATRE, table)
    correct = f"/tables/{table.pk}/hands/1/correct/"
    form = deal_form(scorer.get(correct).content.decode())
    assert 'value="K♠ 10♦ 7♠ Q♦"' in form and 'name="trick4"' in form
    assert 'name="third"' in form and 'value="9♠ 8♠ 7♠ A♥ 10♥"' in form

    fields = {f"trick{n}": " ".join(cards) for n, cards in enumerate(QUATRE.play[:3])}
    answer = scorer.post(correct, QUATRE.deal_post(key=uuid.uuid4().hex, version=1,
                                                   in_progress="on", **fields))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    hand = Hand.objects.get(table=table)
    assert hand.version == 2 and hand.record["tricks"] == QUATRE.play[:3]
    assert hand.record["in_progress"] is True
    table.refresh_from_db()
    assert set(table.snapshot["game"]["score"].values()) == {0}
    page = scorer.get(url(table)).content.decode()
    assert "Hand 1, trick 4" in page and "Athos (dealer) leads" in page
