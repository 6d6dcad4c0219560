"""Écarté à trois, the exchange (docs/rules.md, section 12): it needs the consent of all three;
after a proposal all accept, each discards and draws in turn from the elder to the dealer, the
proposer at least one card, the others 0 to 5; the elder may propose again while the stock
lasts."""
from games.engine.trois import score_trois
from tests.engine.trois_kit import accept, full, refuse, rejects

ELDER, MIDDLE, DEALER = "KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H"
TRICKS = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]
STOCK = "KC QC JC AC TC 9C 8C 7C KD QD JD AD TD 9D 7D 7H".split()  # 8D is turned up


def record(exchanges, tricks=None, **extra):
    """The hand with these exchanges; without tricks, a hand in progress before play."""
    if tricks is None:
        extra["in_progress"] = True
    return full(ELDER, MIDDLE, DEALER, "8D", exchanges, tricks, **extra)


def test_after_all_accept_each_discards_and_draws_and_plays_what_he_drew():
    # The middle throws his hearts for two trumps, and takes the last two tricks with them.
    exchanges = [accept(("TS", "KC"), ("KH QH", "KD QD"), ("8H", "JC"))]
    tricks = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KD 9H", "QD JC KC"]
    result = score_trois(record(exchanges, tricks))
    assert result["tricks"] == {"elder": 3, "middle": 2, "dealer": 0}


def test_a_single_refusal_means_the_hand_is_played_as_dealt():
    for by in ("middle", "dealer"):
        result = score_trois(record([refuse(by)], TRICKS))
        assert result["tricks"]["elder"] == 5


def test_a_refused_proposal_exchanges_no_card():
    entry = refuse("middle") | {"elder": {"discard": ["TS"], "draw": ["KC"]}}
    rejects(record([entry]), "bad_exchange", "exchanges[0]")


def test_nothing_follows_a_refusal():
    rejects(record([refuse("dealer"), accept(("TS", "KC"))]), "bad_exchange",
            "exchanges[1]")


def test_only_the_middle_or_the_dealer_answers_a_proposal():
    # docs/rules.md, ruling 42: the record names who refused, and the elder does not answer
    # his own proposal.
    for by in ("elder", None, "nobody"):
        rejects(record([{"accepted": False, "refused_by": by}]), "bad_format",
                "exchanges[0].refused_by")
    rejects(record([{"accepted": False}]), "bad_format", "exchanges[0].refused_by")
    rejects(record([accept(("TS", "KC")) | {"refused_by": "middle"}]), "bad_format",
            "exchanges[0].refused_by")


def test_the_proposer_takes_at_least_one_card():
    rejects(record([accept(([], []), ("KH", "KC"))]), "bad_exchange",
            "exchanges[0].elder")
    rejects(record([{"accepted": True, "middle": {"discard": ["KH"],
                                                              "draw": ["KC"]}}]),
            "bad_exchange", "exchanges[0]")


def test_the_others_take_none_to_five():
    # docs/rules.md, ruling 44: the middle and the dealer may take no card, their key left
    # out or their lists empty, even at a table whose dealer_exchange is required.
    score_trois(record([accept(("TS", "KC"), ([], []))]))
    score_trois(record([accept(("TS", "KC"))], rules={"dealer_exchange": "required"}))
    score_trois(record([accept(("TS", "KC"), (MIDDLE, STOCK[1:6]), (DEALER, STOCK[6:11]))]))
    too_many = accept(("TS", "KC"), (MIDDLE + " 7H", STOCK[1:7]))
    rejects(record([too_many]), "bad_exchange", "exchanges[0].middle")


def test_discard_and_draw_are_equal():
    rejects(record([accept(("TS", "KC"), ("KH QH", "QC"))]), "bad_exchange",
            "exchanges[0].middle")


def test_each_discards_only_what_he_holds_and_draws_only_from_the_stock():
    rejects(record([accept(("TS", "KC"), ("JH", "QC"))]), "card_not_held",
            "exchanges[0].middle.discard[0]")
    # The elder's discard is out of the game: the middle, drawing after him, cannot have it.
    rejects(record([accept(("TS", "KC"), ("KH", "TS"))]), "duplicate_card",
            "exchanges[0].middle.draw[0]")
    rejects(record([accept(("TS", "KC"), ("KH", "KC"))]), "duplicate_card",
            "exchanges[0].middle.draw[0]")
    rejects(record([accept(("TS", "JH"))]), "duplicate_card",
            "exchanges[0].elder.draw[0]")


def test_the_elder_may_propose_again_while_the_stock_lasts():
    exchanges = [accept(("TS", "KC"), ("KH", "QC"), ("8H", "JC")), accept(("KC", "AC")),
                 accept(("AC", "TC"), dealer=("JC", "9C"))]
    score_trois(record(exchanges))


def test_no_one_draws_more_than_the_stock_holds():
    # docs/rules.md, ruling 44: fifteen cards are drawn, and the elder asks for two.
    rejects(record([accept((ELDER, STOCK[0:5]), (MIDDLE, STOCK[5:10]),
                                        ("JH AH TH 9H 8H", STOCK[10:15])),
                                 accept((STOCK[0:2], ["7H", "7C"]))]),
            "stock_exhausted", "exchanges[1].elder.draw")


def test_when_the_stock_runs_out_the_players_after_take_none():
    # docs/rules.md, ruling 44: the elder empties it with the middle's help; the dealer, last,
    # can take nothing, and no one may propose again.
    exchanges = [accept((ELDER, STOCK[0:5]), (MIDDLE, STOCK[5:10]), (DEALER, STOCK[10:15])),
                 accept(("KC", ["7H"]))]
    score_trois(record(exchanges))
    exchanges[1]["dealer"] = {"discard": ["JD"], "draw": ["7C"]}
    rejects(record(exchanges), "stock_exhausted", "exchanges[1].dealer.draw")
    del exchanges[1]["dealer"]
    rejects(record(exchanges + [refuse("middle")]), "stock_exhausted",
            "exchanges[2]")
