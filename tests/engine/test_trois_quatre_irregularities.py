"""Écarté à trois and à quatre, the Laws' irregularities (docs/rules.md, section 8, rulings 80
to 83): a revoke or a false king kept in the record costs the offender one point of his own
trick marks, à quatre his side's, and the hand may be dealt again (`replay`) instead. À trois
each player plays for himself, so both others are his adversaries; à quatre the sides stand
in the place of the two players. Each test is run for each form (the `form` fixture) with the
Laws' figures of each.

The revoke is each kit's REVOKE hand (trois_kit.py, quatre_kit.py): à trois the middle trumps
the elder's KS though he holds the 9S, à quatre the second does the same with the KH; diamonds
are trumps à trois, hearts à quatre. Summaries are played without proposing: the elder, or
his side, is vulnerable."""
import pytest

from games.engine.quatre import QuatreMatch
from games.engine.trois_game import TroisGame
from tests.engine import quatre_kit, trois_kit
from tests.engine.kit import marks
from tests.engine.trois_quatre_kit import QUATRE, TROIS

REVOKED = {"trois": TROIS.deal(*trois_kit.REVOKE_DEAL[:3], turn_up=trois_kit.REVOKE_DEAL[3]),
           "quatre": quatre_kit.REVOKE_DEAL}
REVOKE_TRICKS = {"trois": trois_kit.REVOKE_TRICKS, "quatre": quatre_kit.REVOKE_TRICKS}
REVOKE = {"trois": trois_kit.REVOKE, "quatre": quatre_kit.REVOKE}
# A name that is no seat of the form.
STRANGER = {"trois": "second", "quatre": "middle"}
# A summary's tricks, whoever takes the point.
SPLIT = {"trois": (3, 1, 1), "quatre": (1, 4)}
GAMES = {"trois": TroisGame, "quatre": QuatreMatch}
REPLAY = {"type": "replay", "reason": "revoke"}


def revoked(form, tricks=None, **extra):
    """The form's revoke hand, with its five tricks or the first `tricks`."""
    if tricks is not None:
        extra["in_progress"] = True
    return form.full(REVOKED[form.name], [], REVOKE_TRICKS[form.name][:tricks], **extra)


def revoke(by, trick):
    return {"type": "revoke", "by": by, "trick": trick}


def test_an_illegal_card_is_refused_unless_a_revoke_keeps_it(form):
    form.rejects(revoked(form), "must_follow_suit", "tricks[0][1]")
    form.score(revoked(form, irregularities=[REVOKE[form.name]]))


@pytest.mark.parametrize("form, entries", [
    ("trois", [(revoke("dealer", 2), "irregularities[1]"),
               (revoke("middle", 6), "irregularities[1].trick"),
               (revoke(STRANGER["trois"], 1), "irregularities[1].by")]),
    ("quatre", [(revoke("third", 1), "irregularities[1]"),
                (revoke("second", 6), "irregularities[1].trick"),
                (revoke(STRANGER["quatre"], 1), "irregularities[1].by")]),
], indirect=["form"])
def test_a_revoke_names_an_illegal_play_of_that_seat(form, entries):
    for entry, at in entries:
        form.rejects(revoked(form, irregularities=[REVOKE[form.name], entry]),
                     "bad_irregularity", at)


@pytest.mark.parametrize("form, tricks, marked, points", [
    # The middle takes 4 tricks, the elder 1, the dealer none. The elder played without
    # proposing and failed: the point to the middle, the refusal point to the dealer (section
    # 12). The middle's revoke costs him his point, which goes to no one (ruling 81).
    ("trois", {"elder": 1, "middle": 4, "dealer": 0}, [("dealer", 1, "refusal")],
     {"elder": 0, "middle": 0, "dealer": 1}),
    # The dealer's side's vole marks 2 (the point and the vole; with the vulnerable elder's
    # side beaten, the vole and the refusal point never add up). The second's revoke costs
    # his side one point, the vole's: 1 (ruling 83).
    ("quatre", {"elder_side": 0, "dealer_side": 5}, [("dealer_side", 1, "point")],
     {"elder_side": 0, "dealer_side": 1}),
], indirect=["form"])
def test_a_revoke_costs_the_offender_one_point(form, tricks, marked, points):
    result = form.score(revoked(form, irregularities=[REVOKE[form.name]]))
    assert result["tricks"] == tricks
    assert marks(result) == marked
    assert result["points"] == points
    assert "void" not in result


@pytest.mark.parametrize("form, tricks, offences, marked", [
    # Ruling 81, as ruling 17: once per offender. The middle's vole against the vulnerable
    # elder marks 2, the dealer the refusal point (section 12); the revokes cut the vole to 1.
    ("trois", (0, 5, 0), [revoke("middle", 1), revoke("middle", 4)],
     [("middle", 1, "point"), ("dealer", 1, "refusal")]),
    # Ruling 83: both partners revoke, and the side loses one point all the same. The
    # dealer's side takes 4 tricks against the vulnerable elder's side: point and refusal, 2,
    # less 1.
    ("quatre", (1, 4), [revoke("second", 1), revoke("dealer", 3)], [("dealer_side", 1, "point")]),
], indirect=["form"])
def test_the_penalty_is_one_point_however_many_offences(form, tricks, offences, marked):
    record = form.summary("played", tricks, irregularities=offences)
    assert marks(form.score(record)) == marked


@pytest.mark.parametrize("form, tricks, offence, marked", [
    # The elder, vulnerable, takes 1 trick: the point to the middle, the refusal point to the
    # dealer. His revoke has no trick mark of his to take.
    ("trois", (1, 4, 0), revoke("elder", 1), [("middle", 1, "point"), ("dealer", 1, "refusal")]),
    # The third's side loses the point: it has no trick award.
    ("quatre", (1, 4), revoke("third", 2), [("dealer_side", 1, "point"),
                                            ("dealer_side", 1, "refusal")]),
], indirect=["form"])
def test_a_revoke_by_one_who_marks_nothing_costs_nothing(form, tricks, offence, marked):
    record = form.summary("played", tricks, irregularities=[offence])
    assert marks(form.score(record)) == marked


def test_a_trois_a_revoke_costs_a_vole_one_point_and_the_third_his_consolation():
    # Summaries, the elder vulnerable. The middle's vole marks 2 and the dealer the refusal
    # point (section 12); the middle's revoke cuts his vole to 1. In the next hand the dealer,
    # who would mark the refusal point of the failing elder, loses it for his own revoke.
    vole = TROIS.summary("played", (0, 5, 0), irregularities=[revoke("middle", 2)])
    assert marks(TROIS.score(vole)) == [("middle", 1, "point"), ("dealer", 1, "refusal")]
    point = TROIS.summary("played", (1, 4, 0), irregularities=[revoke("dealer", 3)])
    assert marks(TROIS.score(point)) == [("middle", 1, "point")]


# À trois diamonds are trumps again. The elder, who plays without proposing, announces the
# king of trumps without holding it. He wins the KS and the QS; the middle, out of spades,
# must trump the JS and does; he leads the 7C, which the elder's KC takes; the AS takes the
# last trick.
TROIS_FALSE = [{"type": "false_king", "by": "elder"}]
TROIS_TRICKS = ["KS 9S JH", "QS 8S AH", "JS {trump} TH", "7C 9H KC", "AS 8C 8H"]


def trois_false_king(middle_trump: str):
    """The middle holds `middle_trump` (KD, the king of trumps, or QD) and trumps trick 3."""
    deal = TROIS.deal("KS QS JS AS KC", f"9S 8S {middle_trump} 7C 8C", "JH AH TH 9H 8H",
                      turn_up="7D")
    tricks = [t.format(trump=middle_trump) for t in TROIS_TRICKS]
    return TROIS.full(deal, [], tricks, king="elder", irregularities=TROIS_FALSE)


# À quatre the dealer announces the king of trumps without holding it. The elder leads the 9D
# and the KH, and wins both; the 9C he leads next is trumped by the second and overtaken in
# clubs by the dealer's QC (he must beat the 9C); the second then wins with the QH and the QS.
# Three tricks to the dealer's side. In QUATRE_SECOND the KH is the second's, the dealer's
# partner: the elder's AH is overtaken by the second's QH, who wins every trick after the
# first.
QUATRE_FALSE = [{"type": "false_king", "by": "dealer"}]
QUATRE_ELDER = QUATRE.full(
    quatre_kit.deal("KH 9C 8C 7C 9D", "QS QH JH TH 8D", "JS 7S 8S TS 7D", "KC QC JC AC TC",
                    "7H"),
    [], ["9D 8D 7D TC", "KH TH 7S JC", "9C JH 8S QC", "QH TS AC 8C", "QS JS KC 7C"],
    king="dealer", irregularities=QUATRE_FALSE)
QUATRE_SECOND = QUATRE.full(
    quatre_kit.deal("AH 9C 8C 7C 9D", "QS KH QH TH 8D", "JS 7S 8S TS 7D", "KC QC JC AC TC",
                    "7H"),
    [], ["9D 8D 7D TC", "AH QH 7S JC", "KH 8S QC 9C", "TH TS AC 8C", "QS JS KC 7C"],
    king="dealer", irregularities=QUATRE_FALSE)


@pytest.mark.parametrize("form, record, tricks, marked", [
    # The elder takes tricks 1, 2, 4 and 5; the middle trick 3 with his trump. The elder was
    # vulnerable and won the point: 1. The KD is in the middle's hand, an adversary's: no
    # penalty (ruling 82), and no king mark for a false king.
    ("trois", trois_false_king("KD"), {"elder": 4, "middle": 1, "dealer": 0},
     [("elder", 1, "point")]),
    # The dealer's side wins the point against the vulnerable elder's side: 1 and the refusal
    # point, 1. The KH is in the elder's hand, an adversary's: no penalty, and no king mark
    # (ruling 83).
    ("quatre", QUATRE_ELDER, {"elder_side": 2, "dealer_side": 3},
     [("dealer_side", 1, "point"), ("dealer_side", 1, "refusal")]),
], indirect=["form"])
def test_a_false_king_is_excused_when_an_adversary_holds_the_king(form, record, tricks, marked):
    result = form.score(record)
    assert result["tricks"] == tricks
    assert marks(result) == marked


@pytest.mark.parametrize("form, record, tricks, marked", [
    # The same hand with the QD for the middle: the KD is in the stock, nobody could show it.
    # The elder loses his point.
    ("trois", trois_false_king("QD"), {"elder": 4, "middle": 1, "dealer": 0}, []),
    # Four tricks to the dealer's side, point and refusal; the KH is his partner's, who is no
    # adversary: the side loses the refusal point, its last mark (ruling 83).
    ("quatre", QUATRE_SECOND, {"elder_side": 1, "dealer_side": 4},
     [("dealer_side", 1, "point")]),
], indirect=["form"])
def test_a_false_king_is_penalised_when_no_adversary_holds_the_king(form, record, tricks,
                                                                    marked):
    result = form.score(record)
    assert result["tricks"] == tricks
    assert marks(result) == marked


@pytest.mark.parametrize("form, record", [
    ("trois", trois_false_king("QD")),
    ("quatre", QUATRE_SECOND),
], indirect=["form"])
def test_a_false_king_needs_its_entry_and_a_king_announced(form, record):
    # Without its entry, the announcement is refused: the offender does not hold the king.
    form.rejects({k: v for k, v in record.items() if k != "irregularities"}, "king_not_held",
                 "king")
    form.rejects(record | {"king": None}, "bad_irregularity", "irregularities[0]")


@pytest.mark.parametrize("form, tricks, false_king, marked", [
    # Ruling 19: a summary cannot show who held the king.
    ("trois", (4, 1, 0), TROIS_FALSE, []),
    ("quatre", (1, 4), QUATRE_FALSE, [("dealer_side", 1, "point")]),
], indirect=["form"])
def test_a_false_king_in_a_summary_is_penalised_and_marks_no_king(form, tricks, false_king,
                                                                  marked):
    record = form.summary("played", tricks, s_king=false_king[0]["by"],
                          irregularities=false_king)
    assert marks(form.score(record)) == marked


def test_a_hand_dealt_again_marks_nothing_and_the_same_dealer_deals(form):
    # A misdeal, claimed: the hand is void, not even the king turned up is marked (ruling
    # 21); the same dealer deals again.
    players = ("ann", "bob", "cy", "di")[:len(form.seats)]
    game = GAMES[form.name](players, first_dealer="ann")
    misdeal = [{"type": "replay", "reason": "misdeal"}]
    result = game.play(form.summary("exchanged", (0,) * len(form.takers), king_turned=True,
                                    irregularities=misdeal))
    assert result["void"] is True and result["marks"] == []
    assert result["points"] == dict.fromkeys(form.takers, 0)
    assert not result["game_over"]
    game.play(form.summary("exchanged", SPLIT[form.name], irregularities=misdeal))
    assert game.seats()["dealer"] == "ann" and set(game.score.values()) == {0}
    # The adversaries of the revoker may have the hand played again instead of the penalty.
    replayed = form.score(revoked(form, irregularities=[REVOKE[form.name], REPLAY]))
    assert replayed["void"] is True and replayed["marks"] == []


def test_no_replay_in_a_hand_in_progress_no_abandon_and_no_stranger(form):
    record = revoked(form, 1, irregularities=[REVOKE[form.name], REPLAY])
    form.rejects(record, "bad_irregularity", "irregularities[1]")
    for entry, at in (({"type": "abandon", "by": "elder"}, "irregularities[0]"),
                      ({"type": "abandon", "by": "dealer"}, "irregularities[0]"),
                      (revoke(STRANGER[form.name], 1), "irregularities[0].by")):
        form.rejects(form.summary("played", SPLIT[form.name], irregularities=[entry]),
                     "bad_irregularity", at)
