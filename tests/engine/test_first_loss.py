"""docs/rules.md, Analysis: the first card of a hand as played that lost value against
double-dummy play, for the side that played it. Hands are built from the Laws of play
(section 6: follow suit, win the trick if you can, else trump)."""
import random

from games.engine import Loss, analyse, first_loss, score
from testbed.records import legal_record
from tests.engine.ecarte_kit import full

# Trumps are diamonds; the dealer's one trump is the 10. The elder's K♥ takes the dealer's
# only heart, the 7. Then K♣ draws the 8♣, Q♠ pulls out K♠ and the ace of spades is master of
# the 8♠: three tricks. Leading the 7♠ at trick 2 gives the dealer the 8♠ to win it with and
# keeps his K♠ over both the elder's spades: two.
ELDER, DEALER, TURN_UP = "KH AS QS KC 7S", "TD 8S 7H KS 8C", "9D"


def test_the_elder_leads_the_best_card_then_loses_the_point_at_trick_two():
    record = full(ELDER, DEALER, TURN_UP, [],
                  ["KH 7H", "7S 8S", "8C KC", "QS KS", "TD AS"])
    assert analyse(record)["by_lead"]["KH"] == 3
    assert first_loss(record) == Loss(trick=2, seat="elder", card="7S", before=3, after=2,
                                      keep=("AS", "QS", "KC"))


def test_a_hand_played_as_well_as_could_be_has_no_loss():
    record = full(ELDER, DEALER, TURN_UP, [],
                  ["KH 7H", "KC 8C", "QS KS", "8S AS", "7S TD"])
    assert first_loss(record) is None


def test_the_dealer_lets_the_elder_take_the_point():
    # Trumps are hearts: the elder's one trump is the 7 and the dealer has none. The elder's
    # A♠ and 7♥ are sure; led the 8♣, the dealer must beat it. With the 9♣ he keeps the A♣
    # over the elder's 10 and holds him to two; with the A♣ the 10♣ becomes master: three.
    record = full("AS TC 8C 7H 9D", "7C AC 9C JD KD", "9H", [],
                  ["8C AC", "KD 9D", "JD 7H", "AS 7C", "TC 9C"])
    assert analyse(record)["elder_tricks"] == 2
    assert first_loss(record) == Loss(trick=1, seat="dealer", card="AC", before=2, after=3,
                                      keep=("9C",))


def test_the_first_loss_agrees_with_the_analysis_of_each_first_lead():
    # random legal deals and play (testbed.records), checked against analyse's by_lead
    rng = random.Random(2026)
    for _ in range(300):
        record = legal_record(rng)
        analysis, loss = analyse(record), first_loss(record)
        led = record["tricks"][0][0]
        best = analysis["elder_tricks"]
        if analysis["by_lead"][led] < best:
            assert loss == Loss(1, "elder", led, best, analysis["by_lead"][led],
                                tuple(c for c, n in analysis["by_lead"].items() if n == best))
        else:
            assert loss is None or (loss.trick, loss.seat) != (1, "elder")
            assert loss is None or loss.before == best
        if loss is None:  # nobody lost value: the elder took what best play gives
            assert score(record)["tricks"]["elder"] == best


def test_the_rank_of_the_cards_is_the_table_s():
    # No trumps in either hand. In the classic order the K♥ takes the A♥ led and the dealer,
    # on lead, runs his clubs, which the elder can neither follow nor trump; ace high, the
    # A♥ is master and leading it loses nothing.
    record = full("7H 8S JS QS AH", "JC 8C TS KH 8H", "9D", [], ["AH KH"], in_progress=True)
    assert first_loss(record) == Loss(1, "elder", "AH", 3, 1, ("JS", "QS"))
    record["rules"] = {"ranking": "ace_high"}
    assert first_loss(record) is None
