"""Écarté à trois and à quatre, the king (docs/rules.md, sections 12 and 13): a king turned up
is marked by the dealer, à quatre by his side; a player who holds the king of trumps and
announces it marks 1, à quatre for his side, as in the two-handed game; a king that reaches
the target ends the game before play. Each test is run for each form (the `form` fixture).

À trois the elder holds KS QS JS AS TS, the middle 9S 8S 7S KH QH, the dealer JH AH TH 9H 8H.
À quatre it is quatre_kit's deal: the elder holds spades, the second KH QH 9S 8S 7S, the third
diamonds, the dealer clubs. In HEARTS the 7H is turned up, and the king of trumps is the
middle's, or the second's; in KING_UP the KD is turned up (the third's KD à quatre becomes the
7H)."""
import pytest

from tests.engine import quatre_kit
from tests.engine.kit import marks
from tests.engine.trois_quatre_kit import TROIS, swap

TROIS_HANDS = ("KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H")
HEARTS = {"trois": TROIS.deal(*TROIS_HANDS, turn_up="7H"), "quatre": quatre_kit.deal()}
KING_UP = {"trois": TROIS.deal(*TROIS_HANDS, turn_up="KD"),
           "quatre": quatre_kit.deal(third="7H QD JD AD TD", turn_up="KD")}
# À trois, the elder's vole where diamonds are trumps; à quatre, a first trick, legal where
# diamonds or hearts are trumps.
PLAY = {"trois": ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"],
        "quatre": ["KS 7S QD KC"]}
# A summary's tricks: the elder takes the point, or his side.
SPLIT = {"trois": (3, 1, 1), "quatre": (3, 2)}
# The elder's proposal: the TS for the first card of the stock.
FIRST = {"trois": swap(elder=("TS", "KC")), "quatre": swap(elder=("TS", "JH"))}


def started(form, deal, exchanges=(), **extra):
    """The hand in progress before its first trick."""
    return form.full(deal, exchanges, [], in_progress=True, **extra)


def played(form, deal, exchanges=(), **extra):
    """The hand with the tricks of PLAY: à quatre in progress after its first."""
    if len(PLAY[form.name]) < 5:
        extra["in_progress"] = True
    return form.full(deal, exchanges, PLAY[form.name], **extra)


@pytest.mark.parametrize("form, marked, dealer", [
    # À trois the elder's vole follows: 1 for the point and 1 for the vole.
    ("trois", [("dealer", 1, "king_turned"), ("elder", 1, "point"), ("elder", 1, "vole")],
     "dealer"),
    ("quatre", [("dealer_side", 1, "king_turned")], "dealer_side"),
], indirect=["form"])
def test_a_king_turned_up_is_marked_by_the_dealer_or_his_side(form, marked, dealer):
    assert marks(form.score(played(form, KING_UP[form.name]))) == marked
    summary = form.summary("exchanged", SPLIT[form.name], king_turned=True)
    assert marks(form.score(summary))[0] == (dealer, 1, "king_turned")


@pytest.mark.parametrize("form, deal, holder, marked, points, summary_king, summary_mark", [
    # Hearts are trumps: the middle holds KH. The mark is made before play.
    ("trois", HEARTS["trois"], "middle", ("middle", 1, "king_held"),
     {"elder": 0, "middle": 1, "dealer": 0}, "dealer", ("dealer", 1, "king_held")),
    ("quatre", HEARTS["quatre"], "second", ("dealer_side", 1, "king_held"),
     {"elder_side": 0, "dealer_side": 1}, "second", ("dealer_side", 1, "king_held")),
    # The elder holds KH, the second KS.
    ("quatre", quatre_kit.deal(elder="KH QS JS AS TS", second="KS QH 9S 8S 7S"), "elder",
     ("elder_side", 1, "king_held"), {"elder_side": 1, "dealer_side": 0}, "third",
     ("elder_side", 1, "king_held")),
], indirect=["form"])
def test_the_holder_of_the_king_of_trumps_who_announces_it_marks_one(
        form, deal, holder, marked, points, summary_king, summary_mark):
    result = form.score(started(form, deal, king=holder))
    assert marks(result) == [marked]
    assert result["points"] == points
    summary = form.summary("exchanged", SPLIT[form.name], s_king=summary_king)
    assert marks(form.score(summary))[0] == summary_mark


def test_no_mark_for_a_king_not_announced(form):
    assert form.score(started(form, HEARTS[form.name]))["marks"] == []


def test_a_king_announced_by_one_who_does_not_hold_it_is_refused(form):
    # The dealer announces the KH: à trois the middle holds it; à quatre his partner, the
    # second, who is not he (ruling 56).
    form.rejects(played(form, HEARTS[form.name], king="dealer"), "king_not_held", "king",
                 mentions=["dealer", "KH"])


@pytest.mark.parametrize("form, thrown, drawn_deal, drawn, drawn_tricks, marked", [
    # The middle throws the KH (hearts trumps) for the KC. With the 7D turned up, the KD is
    # in the stock and the elder draws it for his TS: he leads it to the last trick, and
    # takes every trick after proposing, 1 for the point and 1 for the vole.
    ("trois", swap(elder=("TS", "KC"), middle=("KH", "JC")),
     TROIS.deal(*TROIS_HANDS, turn_up="7D"), swap(elder=("TS", "KD")),
     PLAY["trois"][:4] + ["KD QH 8H"],
     [("elder", 1, "king_held"), ("elder", 1, "point"), ("elder", 1, "vole")]),
    # The second throws the KH for the AH. With the KH in the stock (the second holds the
    # 9H), the elder draws it for his TS.
    ("quatre", swap(elder=("TS", "JH"), second=("KH", "AH")),
     quatre_kit.deal(second="9H QH 9S 8S 7S"), swap(elder=("TS", "KH")), None,
     [("elder_side", 1, "king_held")]),
], indirect=["form"])
def test_a_king_drawn_in_the_exchange_counts_and_a_king_thrown_does_not(
        form, thrown, drawn_deal, drawn, drawn_tricks, marked):
    holder = form.seats[1]
    form.rejects(started(form, HEARTS[form.name], [thrown], king=holder), "king_not_held",
                 "king")
    record = (form.full(drawn_deal, [drawn], drawn_tricks, king="elder") if drawn_tricks
              else started(form, drawn_deal, [drawn], king="elder"))
    assert marks(form.score(record)) == marked


@pytest.mark.parametrize("form, king", [("trois", "elder"), ("quatre", "dealer")],
                         indirect=["form"])
def test_no_one_announces_a_king_that_was_turned_up(form, king):
    form.rejects(played(form, KING_UP[form.name], king=king), "king_not_held", "king")
    form.rejects(form.summary("exchanged", SPLIT[form.name], king_turned=True, s_king=king),
                 "bad_summary", "summary.king")
    form.rejects(form.summary("exchanged", SPLIT[form.name], king_turned=True,
                              s_turn_up="QD"), "bad_summary", "summary.king_turned")


def test_king_names_a_seat(form):
    form.rejects(started(form, HEARTS[form.name], king="dealer_side"), "bad_format", "king")


@pytest.mark.parametrize("form, before, dealer", [
    ("trois", {"elder": 3, "middle": 2, "dealer": 6}, "dealer"),
    ("quatre", {"dealer_side": 6}, "dealer_side"),
], indirect=["form"])
def test_a_king_turned_up_that_reaches_the_target_ends_the_game_at_the_deal(form, before,
                                                                           dealer):
    # Rulings 47 and 56, as ruling 12 for two players.
    result = form.score(form.full(KING_UP[form.name], [], [], score_before=before))
    assert marks(result) == [(dealer, 1, "king_turned")]
    assert result["game_over"] and result["winner"] == dealer
    for progress in ({}, {"in_progress": True}):
        form.rejects(form.full(KING_UP[form.name], [FIRST[form.name]], [],
                               score_before=before, **progress),
                     "after_game_end", "exchanges[0]")
    form.rejects(played(form, KING_UP[form.name], score_before=before), "after_game_end",
                 "tricks[0]")


@pytest.mark.parametrize("form, before, winner, summary_king", [
    ("trois", {"elder": 3, "middle": 6, "dealer": 2}, "middle", "middle"),
    # À quatre a summary cannot show who held the king: the dealer announces it.
    ("quatre", {"dealer_side": 6}, "dealer_side", "dealer"),
], indirect=["form"])
def test_a_king_held_that_reaches_the_target_ends_the_game_before_play(
        form, before, winner, summary_king):
    holder = form.seats[1]
    record = form.full(HEARTS[form.name], [], PLAY[form.name], king=holder,
                       score_before=before)
    form.rejects(record, "after_game_end", "tricks[0]")
    record["tricks"] = []
    assert form.score(record)["winner"] == winner
    nothing = form.summary("played", (0,) * len(form.takers), s_king=summary_king,
                           score_before=before)
    result = form.score(nothing)
    assert result["game_over"] and result["winner"] == winner
    form.rejects(form.summary("played", SPLIT[form.name], s_king=summary_king,
                              score_before=before), "after_game_end", "summary.tricks")
