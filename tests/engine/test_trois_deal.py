"""Écarté à trois, the deal (docs/rules.md, section 12): the 16th card turned up makes trumps
and stays on the table; the elder at the dealer's left leads first, and play passes to the
left. What the deal has as à quatre (five cards each, no card twice, the stock of the cards
not dealt) is in test_trois_quatre_deal.py."""
from games.engine.trois import score_trois
from tests.engine.kit import marks
from tests.engine.trois_kit import accept, full, rejects

ELDER, MIDDLE, DEALER = "KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H"
TRICKS = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]


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
