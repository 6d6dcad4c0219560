"""Écarté à trois, the deal (docs/rules.md, section 12): five cards each, the 16th card turned
up, a stock of 16; the elder at the dealer's left leads first, and play passes to the left."""
from games.engine.trois import score_trois
from tests.engine.kit import marks
from tests.engine.trois_kit import accept, full, rejects

ELDER, MIDDLE, DEALER = "KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H"
TRICKS = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]
STOCK = "KC QC JC AC TC 9C 8C 7C KD QD JD AD TD 9D 8D".split()  # with 7D turned: 16 cards


def test_five_cards_each_and_a_turn_up_make_a_hand():
    result = score_trois(full(ELDER, MIDDLE, DEALER, "7D", tricks=TRICKS))
    assert result["tricks"] == {"elder": 5, "middle": 0, "dealer": 0}


def test_each_player_is_dealt_five_cards():
    for seat, cards in (("elder", "KS QS JS AS"), ("middle", "9S 8S 7S KH QH 7H"),
                        ("dealer", "JH AH TH 9H")):
        hands = {"elder": ELDER, "middle": MIDDLE, "dealer": DEALER} | {seat: cards}
        record = full(hands["elder"], hands["middle"], hands["dealer"], "7D", tricks=TRICKS)
        rejects(record, "wrong_hand_size", f"deal.{seat}")


def test_no_card_is_dealt_twice():
    rejects(full(ELDER, MIDDLE, "JH AH TH 9H KS", "7D", tricks=TRICKS),
            "duplicate_card", "deal.dealer[4]")
    rejects(full(ELDER, MIDDLE, DEALER, "8H", tricks=TRICKS),
            "duplicate_card", "deal.turn_up")


def test_a_card_is_written_as_in_the_two_handed_record():
    rejects(full(ELDER, "9S 8S 1S KH QH", DEALER, "7D", tricks=TRICKS),
            "bad_card", "deal.middle[2]")
    rejects(full(ELDER, MIDDLE, DEALER, "XD", tricks=TRICKS),
            "bad_card", "deal.turn_up")


def test_the_deal_names_the_three_seats():
    record = full(ELDER, MIDDLE, DEALER, "7D", tricks=TRICKS)
    del record["deal"]["middle"]
    rejects(record, "bad_format", "deal.middle")


def test_the_stock_holds_sixteen_cards():
    # The elder and the middle take five each, the dealer five, the elder one more: 16.
    record = full(ELDER, MIDDLE, DEALER, "7D", [
        accept((ELDER, STOCK[0:5]), (MIDDLE, STOCK[5:10]), (DEALER, STOCK[10:15])),
        accept(("KC", ["7H"]))])
    record["in_progress"] = True
    score_trois(record)
    record["exchanges"].append(accept(("QC", ["6H"])))
    rejects(record, "stock_exhausted", "exchanges[2]")


def test_the_turn_up_never_leaves_the_table():
    record = full(ELDER, MIDDLE, DEALER, "7D", [accept(("TS", "7D"))], in_progress=True)
    rejects(record, "duplicate_card", "exchanges[0].elder.draw[0]")


def test_the_turn_up_makes_trumps():
    # Diamonds are trumps: the dealer, without spades, takes the first trick with 7D and
    # leads the second, which the middle takes with KC.
    record = full("KS QH JH AH TH", "AS 9S 8S 7S KC", "7D 9C 8C 7C QC", "8D",
                  tricks=["KS 9S 7D", "QC TH KC"], in_progress=True)
    result = score_trois(record)
    assert result["tricks"] == {"elder": 0, "middle": 1, "dealer": 1}


def test_the_elder_leads_the_first_trick():
    # docs/rules.md, ruling 41: the trick is written in the order played, the leader's first.
    record = full(ELDER, MIDDLE, DEALER, "7D", tricks=["9S KS JH"] + TRICKS[1:])
    rejects(record, "card_not_held", "tricks[0][0]")


def test_play_passes_to_the_left_elder_middle_dealer():
    record = full(ELDER, MIDDLE, DEALER, "7D", tricks=["KS JH 9S"] + TRICKS[1:])
    rejects(record, "card_not_held", "tricks[0][1]")


def test_a_king_turned_up_marks_one_for_the_dealer():
    result = score_trois(full(ELDER, MIDDLE, DEALER, "KD", tricks=TRICKS))
    assert marks(result)[0] == ("dealer", 1, "king_turned")
