"""Écarté à quatre, the exchange (docs/rules.md, section 13): it needs the consent of all four;
after all accept, each discards and draws in turn from the elder to the dealer; the elder may
propose again while the stock lasts. And the vulnerable side."""
from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import STOCK, full, refused, rejects, summary, swap


def in_progress(exchanges):
    return full(exchanges=exchanges, tricks=[], in_progress=True)


def vulnerable(exchanges):
    return score_quatre(in_progress(exchanges))["vulnerable"]


def test_after_all_accept_each_seat_discards_and_draws_in_turn():
    entry = swap(elder=("TS", "JH"), second=("7S", "AH"), third=("TD", "TH"),
                 dealer=("TC", "9H"))
    score_quatre(in_progress([entry]))


def test_a_drawn_card_is_held_and_a_discarded_one_is_gone():
    entry = swap(elder=("TS", "JH"))
    score_quatre(full(exchanges=[entry], tricks=["JH KH KD KC"], in_progress=True))
    rejects(full(exchanges=[entry], tricks=["TS 7S KD KC"], in_progress=True),
            "card_not_held", "tricks[0][0]", mentions=["TS"])


def test_the_elder_who_proposes_takes_at_least_one_card():
    # docs/rules.md, ruling 53.
    rejects(in_progress([swap(elder=("", ""), second=("7S", "JH"))]), "bad_exchange",
            "exchanges[0].elder")
    rejects(in_progress([{"accepted": True}]), "bad_exchange", "exchanges[0]")


def test_the_other_three_may_take_none_or_up_to_five():
    # docs/rules.md, ruling 53: a seat left out of the entry took no card.
    score_quatre(in_progress([swap(elder=("TS", "JH"))]))
    score_quatre(in_progress([swap(elder=("TS", "JH"), dealer=(
        "KC QC JC AC TC", "AH TH 9H 8H 9D"))]))
    rejects(in_progress([swap(elder=("TS", "JH"), second=("7S", "AH TH"))]), "bad_exchange",
            "exchanges[0].second")


def test_no_one_discards_a_card_he_does_not_hold():
    rejects(in_progress([swap(elder=("TS", "JH"), third=("KC", "AH"))]), "card_not_held",
            "exchanges[0].third.discard[0]")


def test_no_one_draws_a_card_that_is_not_in_the_stock():
    rejects(in_progress([swap(elder=("TS", "7H"))]), "duplicate_card",
            "exchanges[0].elder.draw[0]")
    # the elder discarded TS: it is out for good, not back in the stock
    rejects(in_progress([swap(elder=("TS", "JH"), dealer=("TC", "TS"))]), "duplicate_card",
            "exchanges[0].dealer.draw[0]")


def test_the_elder_may_propose_again_while_the_stock_lasts():
    first = swap(elder=("TS", "JH"), second=("7S", "AH"))
    second = swap(elder=("AS", "TH"), third=("TD", "9H"))
    score_quatre(in_progress([first, second]))


def test_once_the_stock_is_empty_no_one_proposes():
    # docs/rules.md, ruling 54.
    emptying = swap(elder=("KS QS JS AS TS", STOCK[:5]), dealer=("KC QC JC AC TC", STOCK[5:10]),
                    third=("KD", STOCK[10:]))
    rejects(in_progress([emptying, swap(elder=("JH", "KD"))]), "stock_exhausted",
            "exchanges[1]")
    rejects(in_progress([emptying, refused("dealer")]), "stock_exhausted", "exchanges[1]")


def test_when_the_stock_runs_short_the_later_seats_take_none():
    # docs/rules.md, ruling 54.
    short = swap(elder=("KS QS JS AS TS", STOCK[:5]), second=("9S 8S 7S KH QH", STOCK[5:10]),
                 third=("KD", STOCK[10:]))
    score_quatre(in_progress([short]))
    late = dict(short, dealer={"discard": ["TC"], "draw": ["KD"]})
    rejects(in_progress([late]), "stock_exhausted", "exchanges[0].dealer.draw")


def test_a_single_refusal_ends_the_exchange():
    for seat in ("second", "third", "dealer"):
        score_quatre(in_progress([refused(seat)]))
        rejects(in_progress([refused(seat), swap(elder=("TS", "JH"))]), "bad_exchange",
                "exchanges[1]")


def test_a_refusal_exchanges_no_card():
    entry = dict(refused("third"), elder={"discard": ["TS"], "draw": ["JH"]})
    rejects(in_progress([entry]), "bad_exchange", "exchanges[0]")


def test_a_refusal_names_one_of_the_three_who_were_asked():
    # docs/rules.md, ruling 52.
    rejects(in_progress([{"accepted": False}]), "bad_exchange", "exchanges[0].refused_by")
    rejects(in_progress([refused("elder")]), "bad_exchange", "exchanges[0].refused_by")
    rejects(in_progress([refused("north")]), "bad_format", "exchanges[0].refused_by")
    rejects(in_progress([dict(swap(elder=("TS", "JH")), refused_by="dealer")]), "bad_exchange",
            "exchanges[0].refused_by")


def test_the_elder_who_plays_without_proposing_makes_his_side_vulnerable():
    assert vulnerable([]) == "elder_side"


def test_the_first_refusal_of_the_first_proposal_makes_the_refusers_side_vulnerable():
    # docs/rules.md, ruling 55: even when the refuser is the elder's partner.
    assert vulnerable([refused("second")]) == "dealer_side"
    assert vulnerable([refused("dealer")]) == "dealer_side"
    assert vulnerable([refused("third")]) == "elder_side"


def test_a_later_refusal_makes_no_side_vulnerable():
    assert vulnerable([swap(elder=("TS", "JH"))]) is None
    assert vulnerable([swap(elder=("TS", "JH")), refused("third")]) is None


def test_the_summary_says_who_refused():
    # docs/rules.md, ruling 57.
    result = score_quatre(summary("refused", 2, 3, s_refused_by="third"))
    assert result["vulnerable"] == "elder_side"
    rejects(summary("refused", 2, 3), "bad_summary", "summary.refused_by")
    rejects(summary("exchanged", 2, 3, s_refused_by="dealer"), "bad_summary",
            "summary.refused_by")
    assert score_quatre(summary("played", 2, 3))["vulnerable"] == "elder_side"
