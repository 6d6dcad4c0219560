"""Écarté à quatre, the king (docs/rules.md, section 13): a king turned up is marked by the
dealer's side; a player who holds the king of trumps and announces it marks for his side."""
from games.engine.quatre import score_quatre
from tests.engine.kit import marks
from tests.engine.quatre_kit import deal, full, rejects, summary, swap

# The second holds KH, and hearts are trumps.
HEARTS = deal()
# The turn-up is the king of diamonds.
KING_UP = deal(third="7H QD JD AD TD", turn_up="KD")


def started(the_deal=HEARTS, exchanges=(), **extra):
    return full(the_deal, exchanges, tricks=[], in_progress=True, **extra)


def test_a_king_turned_up_is_marked_by_the_dealers_side():
    assert marks(score_quatre(started(KING_UP))) == [("dealer_side", 1, "king_turned")]


def test_the_holder_of_the_king_of_trumps_marks_it_for_his_side():
    assert marks(score_quatre(started(king="second"))) == [("dealer_side", 1, "king_held")]
    elders = deal(elder="KH QS JS AS TS", second="KS QH 9S 8S 7S")
    assert marks(score_quatre(started(elders, king="elder"))) == [("elder_side", 1, "king_held")]


def test_the_partner_of_the_holder_cannot_announce_it():
    # docs/rules.md, ruling 56.
    rejects(started(king="dealer"), "king_not_held", "king", mentions=["dealer", "KH"])


def test_a_king_drawn_in_the_exchange_counts_like_one_dealt():
    # The second discards the king of trumps: he no longer holds it.
    entry = swap(elder=("TS", "JH"), second=("KH", "AH"))
    rejects(started(exchanges=[entry], king="second"), "king_not_held", "king")
    # The king of trumps is in the stock and the elder draws it.
    drawn = deal(second="9H QH 9S 8S 7S", turn_up="7H")
    stock_king = swap(elder=("TS", "KH"))
    result = score_quatre(started(drawn, [stock_king], king="elder"))
    assert marks(result) == [("elder_side", 1, "king_held")]


def test_no_one_announces_a_king_that_was_turned_up():
    rejects(started(KING_UP, king="dealer"), "king_not_held", "king")
    rejects(summary("exchanged", 3, 2, king_turned=True, king="dealer"), "bad_summary",
            "summary.king")


def test_king_must_name_a_seat():
    rejects(started(king="dealer_side"), "bad_format", "king")


def test_a_turned_up_king_that_reaches_the_target_ends_the_game_at_the_deal():
    # docs/rules.md, ruling 56, as ruling 12 for two players.
    record = started(KING_UP, score_before={"dealer_side": 6})
    del record["in_progress"]
    result = score_quatre(record)
    assert result["game_over"] and result["winner"] == "dealer_side"
    rejects(started(KING_UP, [swap(elder=("TS", "JH"))], score_before={"dealer_side": 6}),
            "after_game_end", "exchanges[0]")


def test_a_king_held_that_reaches_the_target_ends_the_game_before_play():
    record = full(HEARTS, [], tricks=["KS KH KD KC"], king="second",
                  score_before={"dealer_side": 6})
    rejects(record, "after_game_end", "tricks[0]")
    record["tricks"] = []
    assert score_quatre(record)["winner"] == "dealer_side"
    rejects(summary("played", 3, 2, king="dealer", score_before={"dealer_side": 6}),
            "after_game_end", "summary.tricks")
    assert score_quatre(summary("played", 0, 0, king="dealer",
                                score_before={"dealer_side": 6}))["game_over"]
