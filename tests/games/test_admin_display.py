"""Hand records and results in words: suit symbols, who led and won each trick, the marks."""
from games.engine import hand_state, score
from games.presentation import display
from testbed.records import ELDER_VOLE, elder_vole


def test_cards_are_written_with_suit_symbols_and_ten_in_full():
    assert display.cards(["KS", "QS", "AS", "JD", "QD"]) == "K♠ Q♠ A♠ J♦ Q♦"
    assert display.cards(["TH", "10c", "7♦"]) == "10♥ 10♣ 7♦"
    assert display.card("XS") == "XS"  # a stored oddity is shown as it is


def two_handed(tricks, turn_up="7D", **extra):
    return {"deal": {"elder": ["KH", "7S", "8C", "9C", "TC"],
                     "dealer": ["AH", "8S", "7C", "JC", "QC"], "turn_up": turn_up},
            "exchanges": [], "tricks": tricks, "in_progress": True, **extra}


def test_each_trick_names_who_led_and_who_won_it():
    record = two_handed([["KH", "AH"], ["7S", "8S"], ["JC", "TC"]])

    lines = display.trick_lines(hand_state(record))

    assert lines == ["1. elder leads K♥, dealer plays A♥: elder wins",
                     "2. elder leads 7♠, dealer plays 8♠: dealer wins",
                     "3. dealer leads J♣, elder plays 10♣: dealer wins"]


def test_the_ace_high_ranking_changes_who_wins_a_trick():
    lines = dict(display.record_lines(two_handed([["KH", "AH"]]), ranking="ace_high"))

    assert lines["tricks"] == ["1. elder leads K♥, dealer plays A♥: dealer wins"]


def test_a_trump_wins_a_trick_of_another_suit():
    lines = dict(display.record_lines(two_handed([["7S", "7C"]], turn_up="8C")))

    assert lines["tricks"] == ["1. elder leads 7♠, dealer plays 7♣: dealer wins"]


def test_tricks_the_engine_cannot_follow_are_shown_as_recorded():
    record = two_handed([["KH", "AH"], ["KH", "8S"], "oops"])

    lines = dict(display.record_lines(record))

    assert lines["tricks"] == ["1. K♥, A♥", "2. K♥, 8♠", "3. 'oops'"]


def test_the_marks_read_in_the_order_they_were_marked():
    assert display.marks_text(score(ELDER_VOLE)) == "elder +1 point, elder +1 vole"
    assert display.marks_text({"marks": [], "void": True}) == "void"
    assert display.marks_text(None) == ""


def test_a_full_record_reads_as_deal_exchanges_and_tricks():
    record = elder_vole(exchanges=[{"accepted": False}], king=None)

    lines = dict(display.record_lines(record))

    assert lines["deal"] == "elder K♠ Q♠ A♠ J♦ Q♦; dealer 7♠ 8♠ 9♥ 10♥ 7♣; turn-up 8♦"
    assert lines["exchanges"] == ["1. refused by the dealer"]
    assert lines["tricks"][4] == "5. elder leads Q♦, dealer plays 7♣: elder wins"


def test_an_exchange_names_the_cards_each_side_discards_and_draws():
    exchange = {"accepted": True, "elder": {"discard": ["8H"], "draw": ["7S"]},
                "dealer": {"discard": [], "draw": []}}

    lines = dict(display.record_lines(two_handed([], exchanges=[exchange])))

    assert lines["exchanges"] == ["1. elder discards 8♥, draws 7♠; dealer stands"]


def test_a_summary_record_reads_in_one_line_with_its_variants():
    record = {"summary": {"opening": "played", "king_turned": False, "king": "dealer",
                          "tricks": {"elder": 2, "dealer": 3}},
              "double": {"by": "dealer", "before_trick": 2, "accepted": True},
              "irregularities": [{"type": "revoke", "by": "elder", "trick": 3}]}

    lines = dict(display.record_lines(record))

    assert lines["summary"] == ("the elder played without proposing; king announced by the "
                                "dealer; tricks elder 2, dealer 3")
    assert lines["double"] == "by the dealer before trick 2, accepted"
    assert lines["irregularities"] == ["revoke by the elder in trick 3"]


def test_a_void_hand_says_nothing_was_marked():
    result = score({"summary": {"opening": "played", "king_turned": False,
                                "tricks": {"elder": 0, "dealer": 0}},
                    "irregularities": [{"type": "replay", "reason": "misdeal"}]})

    assert display.result_lines(result) == [("void", "the hand is replayed: nothing is marked")]


def test_red_suits_are_coloured_and_the_rest_escaped_in_html():
    html = display.lines_html([("deal", "elder J♦ K♠ <b>")])

    assert '<span class="red-suit">J♦</span> K♠ &lt;b&gt;' in html
