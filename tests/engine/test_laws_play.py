"""The Laws to the letter: the exchange, the king and the play (docs/rules.md, rulings 88 to
92). A lead out of turn that was played to, a card turned up in error, the false king in a
summary, the offer declined then abandoned, and when the king of trumps is announced."""

from games.engine import hand_state, score
from games.engine.quatre import score_quatre
from games.engine.trois import score_trois
from tests.engine import quatre_kit, trois_kit
from tests.engine.ecarte_kit import (
    BOTH,
    KING_DEALER,
    KING_ELDER,
    POINT,
    REFUSE,
    Deal,
    before,
    check,
    ex,
    exhausting,
    irr,
    rejects,
    summary,
)
from tests.engine.kit import marks

# -- a lead out of turn that was played to stands (ruling 88) --------------------------------
# The elder takes trick 1; the dealer leads the second, out of turn, and the elder plays to it.
LED_OUT = POINT.record(tricks=["KH 9S", "TS 7C", "AS 8C", "AC QH", "KC JH"],
                       irregularities=[irr("lead_out_of_turn", "dealer", trick=2)])


def test_law_a_card_led_out_of_turn_and_played_to_stands():
    check(LED_OUT, [("dealer", 1, "point"), ("dealer", 1, "refusal")], tricks=(1, 4))


def test_law_a_lead_out_of_turn_is_followed_by_the_hands_state():
    state = hand_state(LED_OUT)
    assert [(t.leader, t.winner) for t in state.tricks] == [
        ("elder", "elder"), ("dealer", "dealer"), ("dealer", "dealer"), ("dealer", "dealer"),
        ("dealer", "dealer")]


def test_law_a_lead_out_of_turn_is_recorded_or_the_card_is_not_held():
    rejects(dict(LED_OUT, irregularities=[]), "card_not_held", "tricks[1][0]")
    rejects(POINT.record(irregularities=[irr("lead_out_of_turn", "elder", trick=2)]),
            "bad_irregularity", "irregularities[0]")  # the elder's lead was his own
    rejects(POINT.record(irregularities=[irr("lead_out_of_turn", "dealer", trick=6)]),
            "bad_irregularity", "irregularities[0].trick")


def test_law_a_follower_still_follows_a_card_led_out_of_turn():
    record = POINT.record(tricks=["KH 9S", "TS 7C"], in_progress=True,
                          irregularities=[irr("lead_out_of_turn", "dealer", trick=2)])
    assert score(record)["tricks"] == {"elder": 1, "dealer": 1}
    dealer_leads_clubs = POINT.record(tricks=["KH 9S", "AC QH"], in_progress=True,
                                      irregularities=[irr("lead_out_of_turn", "dealer", trick=2)])
    rejects(dealer_leads_clubs, "must_follow_suit", "tricks[1][1]")


def test_law_a_summary_may_record_a_lead_out_of_turn():
    check(summary("exchanged", 1, 4, irregularities=[irr("lead_out_of_turn", "dealer",
                                                          trick=2)]), [("dealer", 1, "point")])


# -- a card turned up in error: the dealer cannot refuse another discard (ruling 89) ----------
# The dealer turns up the eight of hearts as he gives the elder his card; the elder refuses it.
EXPOSED = dict(ex("8C", "9H", "9S", "QC"), exposed="8H")


def test_law_after_a_card_turned_up_in_error_the_dealer_cannot_refuse_another_discard():
    rejects(POINT.first(0, exchanges=[EXPOSED, REFUSE]), "bad_exchange", "exchanges[1]")
    taken = dict(ex("8C", "8H", "9S", "QC"), exposed="8H")  # the elder took it
    rejects(POINT.first(0, exchanges=[taken, REFUSE]), "bad_exchange", "exchanges[1]")
    check(POINT.first(0, exchanges=[EXPOSED, ex("9H", "7H", "TS", "7S")], in_progress=True),
          [])


def test_law_a_card_turned_up_in_error_and_refused_leaves_the_stock():
    rejects(POINT.first(0, exchanges=[EXPOSED, ex("9H", "8H")], in_progress=True),
            "duplicate_card", "exchanges[1].elder.draw[0]")
    three = exhausting()  # the three proposals that draw the 21 cards of the stock
    three[0] = dict(three[0], exposed=POINT.stock[20])
    rejects(POINT.first(0, exchanges=three, in_progress=True), "stock_exhausted", "exchanges[2]")


def test_law_a_card_turned_up_in_error_is_a_card_of_the_stock():
    rejects(POINT.first(0, exchanges=[dict(EXPOSED, exposed="KH")], in_progress=True),
            "duplicate_card", "exchanges[0].exposed")
    rejects(POINT.first(0, exchanges=[dict(EXPOSED, exposed="1H")], in_progress=True),
            "bad_card", "exchanges[0].exposed")
    rejects(POINT.first(0, exchanges=[dict(REFUSE, exposed="8H")]), "bad_exchange",
            "exchanges[0]")


# -- a false king when the adversary holds the king (ruling 90) -------------------------------
FALSE_KING = [irr("false_king", "elder")]


def test_law_a_false_king_when_the_adversary_holds_the_king_carries_no_penalty():
    check(summary("exchanged", 3, 2, king="elder", s_king_holder="dealer",
                  irregularities=FALSE_KING), [("elder", 1, "point")])
    for holder in ({}, {"s_king_holder": None}):  # not said, or in no hand: penalised
        check(summary("exchanged", 3, 2, king="elder", irregularities=FALSE_KING, **holder), [])


def test_law_a_summary_says_who_held_the_king_consistently():
    rejects(summary("exchanged", 3, 2, king="elder", s_king_holder="elder",
                    irregularities=FALSE_KING), "bad_irregularity", "irregularities[0]")
    rejects(summary("exchanged", 3, 2, king="elder", s_king_holder="dealer"), "king_not_held",
            "summary.king")
    rejects(summary("exchanged", 3, 2, king_turned=True, s_king_holder="dealer"),
            "bad_summary", "summary.king_holder")
    rejects(summary("exchanged", 3, 2, s_king_holder="middle"), "bad_format",
            "summary.king_holder")
    check(summary("exchanged", 3, 2, king="elder", s_king_holder="elder"),
          [("elder", 1, "king_held"), ("elder", 1, "point")])


def test_law_a_false_king_excused_a_trois_and_a_quatre_in_a_summary():
    record = trois_kit.summary("played", (4, 1, 0), king="elder", king_holder="middle",
                               r_irregularities=[irr("false_king", "elder")])
    assert marks(score_trois(record)) == [("elder", 1, "point")]
    record = quatre_kit.summary("played", 1, 4, king="dealer", s_king_holder="elder",
                                irregularities=[irr("false_king", "dealer")])
    assert marks(score_quatre(record)) == [("dealer_side", 1, "point"),
                                           ("dealer_side", 1, "refusal")]
    record["summary"]["king_holder"] = "second"  # his partner: no adversary
    assert marks(score_quatre(record)) == [("dealer_side", 1, "point")]


# -- the offer of the point declined, then the decliner abandons (ruling 91) ------------------
def test_law_whoever_declines_the_offer_is_bound_to_win_the_vole_even_by_abandoning():
    # The dealer offers; the elder declines, takes the first trick, and throws in his hand.
    record = POINT.first(1, exchanges=[REFUSE], rules=BOTH,
                         offer={"by": "dealer", "accepted": False},
                         irregularities=[irr("abandon", "elder")])
    check(record, [("dealer", 2, "offer_failed")])
    # The offerer who abandons gives what the Laws of the abandon give.
    record["offer"] = {"by": "elder", "accepted": False}
    check(record, [("dealer", 1, "abandon")])


# -- when the king of trumps is announced (ruling 92) -----------------------------------------
# The elder leads the king of trumps first.
KING_LED = Deal("KD KH QH 7C 8C", "AS TS 9S AC KC", "7D",
                ["KD AS", "KH 9S", "QH TS", "7C AC", "KC 8C"])
# The elder leads the king of hearts; the dealer, void, must trump it with his king.
KING_TRUMPED = Deal("KH QH KS 7C 8C", "KD 9S 8S AC TC", "7D",
                    ["KH KD", "AC 7C", "TC 8C", "9S KS", "QH 8S"])
FRENCH = {"king_announcement": "french"}


def test_law_london_the_king_is_announced_before_the_holder_plays_his_first_card():
    rejects(KING_ELDER.record(king="elder", king_announced="before_second_card"), "too_late",
            "king_announced")
    check(KING_ELDER.record(king="elder", king_announced="before_play"),
          [("elder", 1, "king_held"), ("elder", 1, "point")])


def test_law_london_the_king_led_first_is_announced_before_it_is_played_to():
    check(KING_LED.record(king="elder", king_announced="with_first_card"),
          [("elder", 1, "king_held"), ("elder", 1, "point")])


def test_law_london_the_dealers_first_card_the_king_is_announced_before_he_plays_again():
    check(KING_TRUMPED.record(king="dealer", king_announced="with_first_card"),
          [("dealer", 1, "king_held"), ("dealer", 1, "point"), ("dealer", 1, "refusal")])


def test_law_french_the_king_is_announced_before_the_holder_plays_his_second_card():
    check(KING_ELDER.record(king="elder", king_announced="before_second_card", rules=FRENCH),
          [("elder", 1, "king_held"), ("elder", 1, "point")])
    check(summary("exchanged", 3, 2, king="elder", s_king_announced="before_second_card",
                  rules=FRENCH), [("elder", 1, "king_held"), ("elder", 1, "point")])
    rejects(summary("exchanged", 3, 2, king="elder", s_king_announced="before_second_card"),
            "too_late", "summary.king_announced")


def test_law_the_time_of_the_king_agrees_with_the_cards():
    rejects(KING_ELDER.record(king="elder", king_announced="with_first_card"), "bad_format",
            "king_announced")  # his first card was the king of hearts
    rejects(KING_DEALER.first(0, king="dealer", king_announced="with_first_card",
                              in_progress=True), "bad_format", "king_announced")
    rejects(POINT.record(king_announced="before_play"), "bad_format", "king_announced")
    rejects(KING_ELDER.record(king="elder", king_announced="later"), "bad_format",
            "king_announced")


def test_law_a_king_announced_in_play_that_reaches_the_target_ends_the_game_there():
    # The dealer at 4 marks his king after the first trick, which he trumped with it.
    check(KING_TRUMPED.first(1, king="dealer", king_announced="with_first_card",
                             score_before=before(0, 4)),
          [("dealer", 1, "king_held")], game_over=True, winner="dealer")
    rejects(KING_TRUMPED.first(2, king="dealer", king_announced="with_first_card",
                               score_before=before(0, 4)), "after_game_end", "tricks[1]")
    # The elder's king led first ends it before the trick is played to.
    rejects(KING_LED.first(1, king="elder", king_announced="with_first_card",
                           score_before=before(4, 0)), "after_game_end", "tricks[0]")
    check(KING_ELDER.first(1, king="elder", king_announced="before_second_card", rules=FRENCH,
                           score_before=before(4, 0)),
          [("elder", 1, "king_held")], game_over=True, winner="elder")

