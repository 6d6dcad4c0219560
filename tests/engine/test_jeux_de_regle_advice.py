"""The advice on a full two-handed record: the elder's jeu de règle of the French source with
its advice, Cavendish's as a second opinion, what he did, and the estimate (docs/rules.md,
rulings 59-65)."""

import pytest

from games.engine import EngineError, score
from games.engine.advisor import advise, estimate

# One trump and a tierce major, the eight of hearts turned up: the French source's jeu 1 (its
# own example of a hand lost only if the dealer holds two trumps), Cavendish's no. 5.
TIERCE = ["9H", "KS", "QS", "JS", "7C"]
DEALER = ["7H", "8S", "AC", "TD", "9D"]
PLAY = [["KS", "8S"], ["QS", "7H"], ["AC", "7C"], ["9D", "9H"], ["JS", "TD"]]


def full(elder=TIERCE, dealer=DEALER, turn_up="8H", exchanges=None, tricks=PLAY, **more):
    return {"deal": {"elder": elder, "dealer": dealer, "turn_up": turn_up},
            "exchanges": [] if exchanges is None else exchanges, "tricks": tricks, **more}


def test_a_jeu_de_regle_played_without_proposing():
    record = full()
    score(record)  # the record is a legal hand
    advice = advise(record, seed=1)
    assert advice["jeu_de_regle"] == {
        "number": 1, "name": "a hand that can be lost only if the dealer holds two trumps",
        "advice": "Without an exchange, reason as if the dealer held one trump.",
        "lead": None, "wait": None, "for_the_vole": False}
    assert advice["cavendish"] == {"number": 5, "name": "one trump and a tierce major"}
    assert advice["elder_did"] == "played_without_proposing"
    assert advice["dealer_answer"] is None
    assert advice["elder"] == TIERCE and advice["turn_up"] == "8H"
    assert advice["king_of_trumps"] is False
    assert advice["estimate"] == estimate(TIERCE, "8H", seed=1)


def test_a_proposal_refused_and_a_proposal_accepted():
    """docs/rules.md, ruling 65: the first proposal's answer is given."""
    refused = full(exchanges=[{"accepted": False}])
    assert advise(refused, seed=1)["elder_did"] == "proposed"
    assert advise(refused, seed=1)["dealer_answer"] == "refused"
    accepted = full(
        exchanges=[{"accepted": True, "elder": {"discard": ["7C"], "draw": ["KC"]},
                    "dealer": {"discard": ["9D"], "draw": ["7D"]}}],
        tricks=[["KS", "8S"], ["QS", "7H"], ["AC", "KC"], ["JS", "7D"], ["9H", "TD"]],
    )
    score(accepted)
    advice = advise(accepted, seed=1)
    assert advice["elder_did"] == "proposed" and advice["dealer_answer"] == "accepted"


def test_the_advice_is_on_the_hand_as_dealt_not_as_exchanged():
    """docs/rules.md, ruling 65: the elder who proposed with a jeu de règle held it, though he
    then threw a card of it."""
    record = full(
        exchanges=[{"accepted": True, "elder": {"discard": ["JS"], "draw": ["KC"]},
                    "dealer": {"discard": ["9D"], "draw": ["7D"]}}],
        tricks=[["KS", "8S"], ["QS", "7H"], ["AC", "KC"], ["7C", "7D"], ["9H", "TD"]],
    )
    score(record)
    advice = advise(record, seed=1)
    assert advice["jeu_de_regle"]["number"] == 1
    assert advice["elder"] == TIERCE


def test_no_jeu_de_regle():
    elder = ["7S", "8S", "7C", "8C", "7D"]
    dealer = ["9H", "KS", "QS", "JS", "9C"]
    record = full(elder=elder, dealer=dealer, tricks=[
        ["7S", "KS"], ["QS", "8S"], ["JS", "7C"], ["9C", "8C"], ["9H", "7D"]])
    score(record)
    advice = advise(record, seed=1)
    assert advice["jeu_de_regle"] is None and advice["cavendish"] is None


def test_cards_in_any_notation_come_back_canonical():
    record = full(elder=["9♥", "k♠", "Q♠", "j♠", "7C"], turn_up="8♥", tricks=[
        ["k♠", "8S"], ["Q♠", "7H"], ["AC", "7C"], ["9D", "9♥"], ["j♠", "TD"]])
    assert advise(record, seed=1)["elder"] == TIERCE


def test_without_a_seed_the_same_deal_gets_the_same_advice():
    """docs/rules.md, ruling 63: the seed is drawn from the deal itself."""
    assert advise(full()) == advise(full())
    other = full(exchanges=[{"accepted": False}])
    assert advise(other)["estimate"] == advise(full())["estimate"]


def test_a_summary_has_no_cards_to_advise_on():
    """docs/rules.md, ruling 64."""
    summary = {"summary": {"opening": "played", "king_turned": False,
                           "tricks": {"elder": 3, "dealer": 2}}}
    score(summary)
    with pytest.raises(EngineError) as raised:
        advise(summary)
    assert raised.value.code == "bad_format" and raised.value.at == "deal"


def test_a_bad_record_is_rejected_as_score_rejects_it():
    record = full(tricks=[["KS", "8S"], ["QS", "AC"]] + PLAY[2:])
    with pytest.raises(EngineError) as by_score:
        score(record)
    with pytest.raises(EngineError) as by_advise:
        advise(record)
    assert (by_advise.value.code, by_advise.value.at) == (by_score.value.code, by_score.value.at)


def test_a_turned_up_king_that_ends_the_game_leaves_the_elder_nothing_to_do():
    """docs/rules.md, ruling 65."""
    record = full(turn_up="KH", tricks=[], score_before={"elder": 0, "dealer": 4})
    score(record)
    advice = advise(record, seed=1)
    assert advice["elder_did"] == "nothing"
    assert advice["jeu_de_regle"]["number"] == 1


def test_the_advice_says_when_the_elder_holds_the_king_of_trumps():
    """Foster: a jeu de règle that holds the king of trumps is the exception, with which the
    elder may propose instead (docs/rules.md, ruling 65)."""
    record = full(elder=["KH", "KS", "QS", "JS", "7C"], tricks=[
        ["KS", "8S"], ["QS", "7H"], ["AC", "7C"], ["9D", "KH"], ["JS", "TD"]])
    score(record)
    advice = advise(record, seed=1)
    assert advice["king_of_trumps"] is True
    assert advice["jeu_de_regle"]["number"] == 1


def test_a_french_jeu_de_regle_with_its_lead_and_the_card_to_wait_with():
    """The source's 4th: two kings, one guarded, and a guarded queen, without a trump (hearts
    trumps). Lead the guarded king, K♠; wait in the queen's suit, with Q♣. Cavendish's list
    has no such hand."""
    record = full(elder=["KS", "7S", "KD", "QC", "8C"], dealer=["9H", "AS", "7D", "9C", "7C"],
                  tricks=[["KS", "AS"], ["KD", "7D"], ["7S", "9H"], ["9C", "QC"],
                          ["8C", "7C"]])
    score(record)
    advice = advise(record, seed=1)
    assert advice["jeu_de_regle"]["number"] == 4
    assert (advice["jeu_de_regle"]["lead"], advice["jeu_de_regle"]["wait"]) == ("KS", "QC")
    assert advice["cavendish"] is None
