"""Écarté à trois, the king (docs/rules.md, section 12): the dealer marks a king turned up, and
a player who holds the king of trumps and announces it marks 1, as in the two-handed game."""
from games.engine.trois import score_trois
from tests.engine.kit import marks
from tests.engine.trois_kit import accept, full, rejects, summary

ELDER, MIDDLE, DEALER = "KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H"
ELDER_VOLE = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]


def test_the_dealer_marks_a_king_turned_up():
    result = score_trois(full(ELDER, MIDDLE, DEALER, "KD", [], ELDER_VOLE))
    assert marks(result) == [("dealer", 1, "king_turned"), ("elder", 1, "point"),
                             ("elder", 1, "vole")]
    assert marks(score_trois(summary("exchanged", (1, 3, 1), king_turned=True)))[0] == (
        "dealer", 1, "king_turned")


def test_a_player_who_holds_the_king_of_trumps_and_announces_it_marks_one():
    # Hearts are trumps: the middle holds KH. The mark is made before play.
    result = score_trois(full(ELDER, MIDDLE, DEALER, "7H", [], [], king="middle",
                              in_progress=True))
    assert marks(result)[0] == ("middle", 1, "king_held")
    assert result["points"]["middle"] == 1
    assert marks(score_trois(summary("exchanged", (3, 1, 1), king="dealer")))[0] == (
        "dealer", 1, "king_held")


def test_no_mark_for_a_king_not_announced():
    result = score_trois(full(ELDER, MIDDLE, DEALER, "7H", [], [], in_progress=True))
    assert result["marks"] == []


def test_a_king_announced_but_not_held_is_refused():
    err = rejects(full(ELDER, MIDDLE, DEALER, "7H", [], ELDER_VOLE, king="dealer"),
                  "king_not_held", "king")
    assert "KH" in err.message
    rejects(full(ELDER, MIDDLE, DEALER, "KD", [], ELDER_VOLE, king="elder"),
            "king_not_held", "king")


def test_a_king_drawn_in_the_exchange_counts_and_a_king_discarded_does_not():
    drawn = [accept(("TS", "KD"))]
    tricks = ELDER_VOLE[:4] + ["KD QH 8H"]
    result = score_trois(full(ELDER, MIDDLE, DEALER, "7D", drawn, tricks, king="elder"))
    assert marks(result)[0] == ("elder", 1, "king_held")
    thrown = [accept(("TS", "KC"), ("KH", "JC"))]
    record = full(ELDER, MIDDLE, DEALER, "7H", thrown, tricks, king="middle", in_progress=True)
    record["tricks"] = []
    rejects(record, "king_not_held", "king")


def test_no_one_announces_a_king_that_was_turned_up():
    rejects(summary("exchanged", (3, 1, 1), king_turned=True, king="elder"),
            "bad_summary", "summary.king")
    rejects(summary("exchanged", (3, 1, 1), king_turned=True, turn_up="QD"),
            "bad_summary", "summary.king_turned")


def test_a_king_that_reaches_the_target_ends_the_game_before_play():
    # docs/rules.md, ruling 47.
    before = {"elder": 3, "middle": 2, "dealer": 6}
    record = full(ELDER, MIDDLE, DEALER, "KD", [], [], score_before=before)
    result = score_trois(record)
    assert marks(result) == [("dealer", 1, "king_turned")]
    assert result["game_over"] and result["winner"] == "dealer"
    record["exchanges"] = [accept(("TS", "KC"))]
    rejects(record, "after_game_end", "exchanges[0]")
    record = full(ELDER, MIDDLE, DEALER, "KD", [], ELDER_VOLE, score_before=before)
    rejects(record, "after_game_end", "tricks[0]")
    before = {"elder": 3, "middle": 6, "dealer": 2}
    record = full(ELDER, MIDDLE, DEALER, "7H", [], ELDER_VOLE, king="middle",
                  score_before=before)
    rejects(record, "after_game_end", "tricks[0]")
    record["tricks"] = []
    assert score_trois(record)["winner"] == "middle"
    assert score_trois(summary("played", (0, 0, 0), king="middle", r_score_before=before))[
        "winner"] == "middle"
    rejects(summary("played", (3, 1, 1), king="middle", r_score_before=before),
            "after_game_end", "summary.tricks")
