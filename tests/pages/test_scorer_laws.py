"""The Laws to the letter on the scorer's pages (docs/rules.md, rulings 84 to 94): each rare
case recorded under "Irregularities and variants" as a browser sends the page's forms, the
three-tap hand unchanged, and the stored record and result checked against the rulings. At
the pool of tests/games/kit.py Porthos deals the first hand and Athos is elder. The expected
marks come from docs/rules.md, not from the page."""
import pytest

from games.models import Hand, Table
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import pool
from tests.pages.forms import form_values
from tests.pages.kit import act, trick, trois_post, url

pytestmark = pytest.mark.django_db

POINT = {"to": "elder", "points": 1, "for": "point"}


@pytest.fixture
def table(staff):
    return pool(staff)


def drawn(scorer, address: str, form_id: str) -> dict:
    """The form `form_id` of the page at `address`, as the browser would send it untouched."""
    return form_values(scorer.get(address).content.decode(), form_id)


def summary_taps(scorer, table, elder_tricks: str, **chosen) -> Hand:
    """The summary form as drawn, with the taps and the fold's choices `chosen`, recorded by
    the split `elder_tricks` (its button); the hand recorded."""
    sent = drawn(scorer, url(table), "summary-form") | {"opening": "exchanged"} | chosen
    answer = scorer.post(url(table), sent | {"elder_tricks": elder_tricks})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    return Hand.objects.order_by("-number").first()


def correct_page(table, number: int = 1) -> str:
    return f"/tables/{table.pk}/hands/{number}/correct/"


# -- ruling 84: a mark not made -----------------------------------------------------------------
def test_law_a_forgotten_mark_is_recorded_from_the_scorers_page(scorer, table):
    page = scorer.get(url(table)).content.decode()
    assert 'value="elder:point"' in page and "Athos, elder: point" in page

    hand = summary_taps(scorer, table, "3", unmarked="elder:point")

    assert hand.record["irregularities"] == [{"type": "unmarked", "by": "elder",
                                              "mark": "point"}]
    assert hand.result["marks"] == [] and hand.result["unmarked"] == [POINT]
    assert Table.objects.get().snapshot["game"]["score"] == {
        str(hand.elder_id): 0, str(hand.dealer_id): 0}
    # The scorer's last hands say it by name.
    assert "the point of Athos was not marked" in scorer.get(url(table)).content.decode()


# -- ruling 85: a mark claimed late -----------------------------------------------------------
def test_law_a_forgotten_mark_is_claimed_late_on_a_correction(scorer, table):
    summary_taps(scorer, table, "3", unmarked="elder:point")
    sent = drawn(scorer, correct_page(table), "summary-form")
    assert sent["unmarked"] == "elder:point" and sent["unmarked_late"] == "no"

    answer = scorer.post(correct_page(table), sent | {"unmarked_late": "yes",
                                                       "elder_tricks": "3"})

    assert answer.status_code == 302, answer.content.decode()[:3000]
    hand = Hand.objects.get()
    assert hand.version == 2
    assert hand.record["irregularities"] == [{"type": "marked_late", "by": "elder",
                                              "mark": "point"}]
    assert hand.result["marks"] == [POINT] and "unmarked" not in hand.result


def test_law_a_claim_after_the_next_turn_up_is_refused_beside_its_field(scorer, table):
    summary_taps(scorer, table, "3", unmarked="elder:point")
    summary_taps(scorer, table, "3")  # hand 2 turned its trump up: the claim is closed
    sent = drawn(scorer, correct_page(table), "summary-form")

    answer = scorer.post(correct_page(table), sent | {"unmarked_late": "yes",
                                                       "elder_tricks": "3"})

    page = answer.content.decode()
    assert answer.status_code == 422
    beside = page[page.index('id="f-summary-unmarked-error"'):]
    assert "this comes too late under the Laws" in beside[:600]
    assert Hand.objects.get(number=1).version == 1


# -- rulings 86 and 87: a misdeal played, the wrong number of cards ------------------------------
# The elder is dealt four cards and plays with them; the king of diamonds is turned up. He takes
# three tricks, and the dealer's fifth card, not played to, is a trick to the dealer.
SHORT_DEAL = {"elder": "K♥ Q♥ J♥ 7♣", "dealer": "A♠ 10♠ 9♠ A♣ K♣", "turn_up": "K♦"}
SHORT_TRICKS = [("KH", "9S"), ("QH", "TS"), ("JH", "AS"), ("7C", "AC")]


def test_law_a_misdeal_played_is_entered_card_by_card_with_four_cards(scorer, table):
    page = scorer.get(url(table)).content.decode()
    assert 'id="irregular-deal-dealt"' in page
    sent = form_values(page, "deal-form") | SHORT_DEAL | {
        "opening": "played", "misdeal_played": "yes", "wrong_number_by": "elder",
        "wrong_number_cards": "4"}
    assert scorer.post(url(table), sent).status_code == 302
    hand = Hand.objects.get()
    for number, (leader, follower) in enumerate(SHORT_TRICKS, 1):
        answer = scorer.post(url(table), trick(hand, number, leader, follower))
        assert answer.status_code == 302, answer.content.decode()[:3000]

    scorer.post(url(table), act(hand, "finish", number=1))

    hand.refresh_from_db()
    assert hand.record["irregularities"] == [
        {"type": "misdeal_played"}, {"type": "wrong_number", "by": "elder", "cards": 4}]
    # No king turned up is marked after a misdeal played (ruling 86); the dealer's king of
    # clubs, not played to, is his trick (ruling 87): 3 to 2, the elder's point.
    assert hand.result["tricks"] == {"elder": 3, "dealer": 2}
    assert hand.result["marks"] == [POINT]


def test_law_a_misdeal_played_takes_the_king_turned_away_in_a_summary(scorer, table):
    hand = summary_taps(scorer, table, "3", king="turned", misdeal_played="yes")

    assert hand.record["irregularities"] == [{"type": "misdeal_played"}]
    assert hand.result["marks"] == [POINT]


def test_law_a_player_who_played_with_six_cards_marks_nothing_for_the_tricks(scorer, table):
    hand = summary_taps(scorer, table, "5", wrong_number_by="elder", wrong_number_cards="6")

    assert hand.record["irregularities"] == [{"type": "wrong_number", "by": "elder",
                                              "cards": 6}]
    assert hand.result["tricks"] == {"elder": 5, "dealer": 0} and hand.result["marks"] == []


# -- ruling 88: a lead out of turn ------------------------------------------------------------
# Diamonds are trumps (the turn-up 7D). The elder takes trick 1;
# the dealer leads the second out of turn, and the elder plays to it; the dealer takes the rest.
LED_OUT_TRICKS = ["K♥ 9♠", "10♠ 7♣", "A♠ 8♣", "A♣ Q♥", "K♣ J♥"]


def test_law_a_lead_out_of_turn_played_to_is_recorded_card_by_card(scorer, table):
    summary_taps(scorer, table, "3")  # the hand, corrected card by card
    card_form = drawn(scorer, correct_page(table), "deal-form") | {
        "elder": "K♥ Q♥ J♥ 7♣ 8♣", "dealer": "A♠ 10♠ 9♠ A♣ K♣", "turn_up": "7♦",
        "opening": "played", "lead_out_of_turn_by": "dealer", "lead_out_of_turn_trick": "2",
        **{f"trick{n}": cards for n, cards in enumerate(LED_OUT_TRICKS)}}

    answer = scorer.post(correct_page(table), card_form)

    assert answer.status_code == 302, answer.content.decode()[:3000]
    hand = Hand.objects.get()
    assert hand.record["irregularities"] == [{"type": "lead_out_of_turn", "by": "dealer",
                                              "trick": 2}]
    # The card led out of turn stands: the dealer takes four tricks against the elder who
    # played without proposing: the point and the vulnerable's extra point (section 7).
    assert hand.result["tricks"] == {"elder": 1, "dealer": 4}
    assert hand.result["marks"] == [{"to": "dealer", "points": 1, "for": "point"},
                                    {"to": "dealer", "points": 1, "for": "refusal"}]


def test_law_a_lead_out_of_turn_is_recorded_by_itself_on_the_trick_form(scorer, table):
    sent = drawn(scorer, url(table), "deal-form") | {
        "elder": "K♥ Q♥ J♥ 7♣ 8♣", "dealer": "A♠ 10♠ 9♠ A♣ K♣", "turn_up": "7♦",
        "opening": "played"}
    assert scorer.post(url(table), sent).status_code == 302
    hand = Hand.objects.get()
    scorer.post(url(table), trick(hand, 1, "KH", "9S"))
    page = scorer.get(url(table)).content.decode()
    assert "Porthos led it, out of turn" in page

    # The scorer picks Porthos's lead: the form is his first, and says so.
    led_out = scorer.get(url(table) + "?led_out_of_turn=dealer").content.decode()
    sides = form_values(led_out, "trick-form")
    assert sides["led_out_of_turn"] == "dealer"
    assert led_out.index('data-side="leader"') < led_out.index('value="TS"') < led_out.index(
        'data-side="follower"') < led_out.index('value="7C"')
    answer = scorer.post(url(table), trick(hand, 2, "TS", "7C") | {"led_out_of_turn": "dealer"})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    hand.refresh_from_db()
    assert hand.record["irregularities"] == [{"type": "lead_out_of_turn", "by": "dealer",
                                              "trick": 2}]
    # Taken back, the trick takes its lead out of turn with it.
    scorer.post(url(table), act(hand, "undo", number=2))
    hand.refresh_from_db()
    assert "irregularities" not in hand.record
    scorer.post(url(table), trick(hand, 2, "TS", "7C") | {"led_out_of_turn": "dealer"})
    for number, (leader, follower) in enumerate([("AS", "8C"), ("AC", "QH"), ("KC", "JH")], 3):
        scorer.post(url(table), trick(hand, number, leader, follower))
    scorer.post(url(table), act(hand, "finish", number=1))

    hand.refresh_from_db()
    assert hand.result["tricks"] == {"elder": 1, "dealer": 4}
    assert hand.result["marks"] == [{"to": "dealer", "points": 1, "for": "point"},
                                    {"to": "dealer", "points": 1, "for": "refusal"}]


def test_law_a_lead_out_of_turn_is_recorded_in_a_summary(scorer, table):
    hand = summary_taps(scorer, table, "1", lead_out_of_turn_by="dealer",
                        lead_out_of_turn_trick="2")

    assert hand.record["irregularities"] == [{"type": "lead_out_of_turn", "by": "dealer",
                                              "trick": 2}]
    assert hand.result["marks"] == [{"to": "dealer", "points": 1, "for": "point"}]


# -- ruling 89: a card turned up in error -----------------------------------------------------
def test_law_a_card_turned_up_in_error_is_recorded_in_its_exchange(scorer, table):
    page = scorer.get(url(table)).content.decode()
    sent = form_values(page, "deal-form") | {
        "elder": "K♥ Q♥ J♥ 7♣ 8♣", "dealer": "A♠ 10♠ 9♠ A♣ K♣", "turn_up": "7♦",
        "opening": "exchanged", "ex0_elder_discard": "8♣", "ex0_elder_draw": "9♥",
        "ex0_dealer_discard": "9♠", "ex0_dealer_draw": "Q♣", "ex0_exposed": "8♥",
        "then_refused": "on"}

    refused = scorer.post(url(table), sent)  # the dealer may not refuse the next proposal

    assert refused.status_code == 422 and not Hand.objects.exists()
    sent.pop("then_refused")
    assert scorer.post(url(table), sent).status_code == 302
    exchange = Hand.objects.get().record["exchanges"][0]
    assert exchange["exposed"] == "8H" and exchange["elder"]["draw"] == ["9H"]


# -- ruling 90: the king's holder beside a false king -----------------------------------------
def test_law_a_false_king_when_the_adversary_held_the_king_carries_no_penalty(scorer, table):
    hand = summary_taps(scorer, table, "3", king="elder", false_king_by="elder",
                        king_holder="dealer")

    assert hand.record["summary"]["king_holder"] == "dealer"
    assert hand.result["marks"] == [POINT]  # the point stands, the false king excused
    # Not said who held it, the false king is penalised as before: the point is lost.
    hand = summary_taps(scorer, table, "2", king="dealer", false_king_by="dealer")
    assert "king_holder" not in hand.record["summary"] and hand.result["marks"] == []


# -- ruling 92: when the king is announced ------------------------------------------------------
def test_law_french_the_king_announced_before_the_second_card_is_marked(scorer, staff):
    french = pool(staff, name="Paris", king_announcement="french")
    london = pool(staff, name="London")
    assert 'name="king_announced"' not in scorer.get(url(london)).content.decode()

    hand = summary_taps(scorer, french, "2", king="elder",
                        king_announced="before_second_card")

    assert hand.record["summary"]["king_announced"] == "before_second_card"
    assert hand.result["marks"][0] == {"to": "elder", "points": 1, "for": "king_held"}


# -- ruling 93: the retourne turned at random -------------------------------------------------
def test_law_the_first_hand_of_a_random_retourne_game_asks_for_its_card(scorer, staff):
    table = pool(staff, target="retourne_random")
    page = scorer.get(url(table)).content.decode()
    assert 'name="target_card"' in page

    hand = summary_taps(scorer, table, "3", target_card="9H")

    assert hand.record["target_card"] == "9H"
    assert Table.objects.get().snapshot["game"]["target"] == 9  # a nine: the game is to nine
    # Only the first hand of the game asks for it.
    assert 'name="target_card"' not in scorer.get(url(table)).content.decode()


# -- ruling 94: a deal out of turn that stood -------------------------------------------------
def test_law_a_deal_out_of_turn_that_stood_is_seated_as_it_was_dealt(scorer, table):
    hand = summary_taps(scorer, table, "3", dealt_out_of_turn="yes")

    assert hand.record["irregularities"] == [{"type": "dealt_out_of_turn"}]
    # It was Porthos's deal; Athos dealt, and the deal stood: Porthos is elder, and takes
    # the point; the next hand is dealt by Porthos.
    assert (hand.elder.name, hand.dealer.name) == ("Porthos", "Athos")
    assert hand.result["marks"] == [POINT]
    page = scorer.get(url(table)).content.decode()
    assert "<strong>Porthos</strong> deals" in page


def test_law_a_false_king_excused_a_trois_when_another_player_held_the_king(scorer, staff,
                                                                            trio):
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])
    form = drawn(scorer, url(table), "trois-form")
    sent = form | trois_post(key=form["key"], opening="played", king="elder", tricks=(4, 1, 0)) | {
        "many_false_king_by": "elder", "many_king_holder": "middle"}

    assert scorer.post(url(table), sent).status_code == 302
    hand = Hand.objects.get()
    assert hand.record["summary"]["king_holder"] == "middle"
    # The elder's false king is excused (the middle held the king): his point stands.
    assert hand.result["marks"] == [{"to": "elder", "points": 1, "for": "point"}]
    # À trois the fold offers the king's holder, and none of the two-handed Laws.
    page = scorer.get(url(table)).content.decode()
    assert 'name="many_king_holder"' in page and 'name="unmarked"' not in page


# -- a correction's form, filled from the stored record, gives the record back ------------------
SUMMARY_LAWS = {
    "target_card": "9H",
    "summary": {"opening": "exchanged", "king_turned": False, "king": "elder",
                "king_announced": "with_first_card", "king_holder": "elder",
                "tricks": {"elder": 3, "dealer": 2}},
    "irregularities": [{"type": "misdeal_played"}, {"type": "dealt_out_of_turn"},
                       {"type": "lead_out_of_turn", "by": "dealer", "trick": 2},
                       {"type": "unmarked", "by": "elder", "mark": "point"}],
}
# Card by card: the elder is dealt six cards and plays with them (he drew one more than he
# discarded); the dealer turns the seven of spades up in error as he gives it, and the elder
# takes it. The king is announced with the elder's first card, the king of hearts.
FULL_LAWS = {
    "target_card": "9H",
    "deal": {"elder": ["KH", "QH", "JH", "7C", "8C"], "dealer": ["AS", "TS", "9S", "AC", "KC"],
             "turn_up": "7H"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["8C"], "draw": ["7S", "8S"]},
                   "dealer": {"discard": ["9S"], "draw": ["QC"]}, "exposed": "7S"}],
    "king": "elder", "king_announced": "with_first_card",
    "tricks": [["KH", "TS"], ["QH", "AS"], ["JH", "AC"], ["7C", "KC"], ["QC", "7S"]],
    "irregularities": [{"type": "wrong_number", "by": "elder", "cards": 6},
                       {"type": "marked_late", "by": "elder", "mark": "king_held"}],
}


@pytest.mark.parametrize("record, form_id", [(SUMMARY_LAWS, "summary-form"),
                                             (FULL_LAWS, "deal-form")])
def test_law_a_hand_with_the_laws_goes_back_unchanged_from_its_correction_page(
        scorer, staff, record, form_id):
    table = pool(staff, king_announcement="french", target="retourne_random")
    hand = record_hand(table_id=table.pk, record=record, by=staff)[0]
    sent = drawn(scorer, correct_page(table), form_id)
    if form_id == "summary-form":
        sent["elder_tricks"] = "3"  # the split's button, chosen

    answer = scorer.post(correct_page(table), sent, follow=True)

    assert "Nothing changed: hand 1 stays version 1." in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record == record


def test_law_french_the_king_announced_before_the_second_card_when_played_card_by_card(
        scorer, staff):
    """Ruling 92, on the finish form of a hand entered card by card: the elder, holding the king
    of trumps (diamonds), leads the queen of spades and announces the king before his second
    card, as the French source allows; the finish form says when, and the king is his."""
    french = pool(staff, name="Paris", king_announcement="french")
    page = scorer.get(url(french)).content.decode()
    sent = form_values(page, "deal-form") | {
        "opening": "played", "king": "elder", "elder": "KD QS AS JS 7C",
        "dealer": "7S 8S 9H TH 9C", "turn_up": "8D"}
    assert scorer.post(url(french), sent).status_code == 302
    hand = Hand.objects.get()
    for number, (leader, follower) in enumerate(
            [("QS", "7S"), ("AS", "8S"), ("JS", "9H"), ("KD", "TH"), ("7C", "9C")], 1):
        answer = scorer.post(url(french), trick(hand, number, leader, follower))
        assert answer.status_code == 302, answer.content.decode()[:3000]
    finish = form_values(scorer.get(url(french)).content.decode(), "finish-form")
    assert "king_announced" in finish

    scorer.post(url(french), finish | {"king_announced": "before_second_card"})

    hand.refresh_from_db()
    assert hand.record["king_announced"] == "before_second_card"
    assert hand.result["marks"] == [{"to": "elder", "points": 1, "for": "king_held"}, POINT]
