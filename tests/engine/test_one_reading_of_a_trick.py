"""Every form of the game reads a trick one way (section 6): the two-handed record as the
records à trois and à quatre, and the double-dummy analysis's masks as `tricks` says."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import EngineError, score
from games.engine.analysis import _Deal
from games.engine.cards import RANK_ORDERS, SUITS
from games.engine.tricks import legal, winner
from games.engine.trois import score_trois
from tests.engine.ecarte_kit import full
from tests.engine.kit import ALL_CARDS
from tests.hypothesis_profiles import examples


def refusal(scorer, record) -> EngineError:
    try:
        scorer(record)
    except EngineError as error:
        return error
    raise AssertionError("the record was accepted")


def test_a_two_handed_refusal_names_the_card_the_follower_should_have_played():
    # The dealer holds the 7D and the KD; the 8D is led: he must follow and beat it with
    # the king. Discarding a club is refused, naming the KD, not the 7D he might not play.
    record = full("8D QH JH 7C 8C", "7D KD AS TS 9C", "8S", tricks=["8D 9C"],
                  in_progress=True)
    error = refusal(score, record)
    assert (error.code, error.at) == ("must_follow_suit", "tricks[0][1]")
    assert error.params["card"] == "KD"


def test_a_two_handed_refusal_to_trump_names_the_lowest_trump():
    # Out of hearts, the dealer must trump; he may trump with any of his, so the refusal
    # names the lowest, as à trois and à quatre.
    record = full("KH QH JH 7C 8C", "KS 7S AD TD 9D", "8S", tricks=["KH AD"],
                  in_progress=True)
    error = refusal(score, record)
    assert error.code == "must_trump"
    assert (error.params["card"], error.params["card2"]) == ("7S", "KH")


def test_the_second_player_a_trois_is_told_the_card_he_must_trump():
    # A trick of one card: its card is named, as in the two-handed game.
    record = {"format": "ecarte-trois/1",
              "deal": {"elder": ["KH", "QC", "JC", "7C", "8C"],
                       "middle": ["7S", "AD", "TD", "9D", "8D"],
                       "dealer": ["QH", "JH", "AH", "TH", "9H"], "turn_up": "8S"},
              "exchanges": [], "tricks": [["KH", "AD", "QH"]], "in_progress": True}
    error = refusal(score_trois, record)
    assert error.code == "must_trump"
    assert (error.params["card"], error.params["card2"]) == ("7S", "KH")


def _positions(rnd: random.Random):
    """A deal's two hands of five, a trump, a ranking, and the cards each still holds: as many
    each, from one to five."""
    cards = rnd.sample(ALL_CARDS, 10)
    left = rnd.randint(1, 5)
    elder_mask = sum(1 << i for i in rnd.sample(range(5), left))
    dealer_mask = sum(1 << i for i in rnd.sample(range(5), left))
    return (cards[:5], cards[5:], rnd.choice(SUITS), rnd.choice(sorted(RANK_ORDERS)),
            elder_mask, dealer_mask)


@given(st.randoms(use_true_random=False))
@settings(max_examples=examples(400), deadline=None)
def test_the_analysis_masks_play_a_trick_as_the_tricks_rules_do(rnd):
    elder, dealer, trump, ranking, em, dm = _positions(rnd)
    deal = _Deal(elder, dealer, trump, ranking)
    for elder_leads in (1, 0):
        leads, follows = (elder, dealer) if elder_leads else (dealer, elder)
        lead_mask, follow_mask = (em, dm) if elder_leads else (dm, em)
        wins = deal.e_wins if elder_leads else deal.d_wins
        held = [card for j, card in enumerate(follows) if follow_mask >> j & 1]
        for i, led in enumerate(leads):
            if not lead_mask >> i & 1:
                continue
            replies = deal.replies(em, dm, elder_leads, i)
            assert [follows[j] for j in replies] == legal(held, [led], trump, ranking)
            for j, card in enumerate(follows):
                assert wins[i][j] == (winner([led, card], trump, ranking) == 0)
