"""Laws, section 8: what a revoke or a false king cost its offender is in the hand's result
(`penalised`, in the shape of `marks`), so that every face can say why a mark is missing; it
is listed only when the penalty took a mark (docs/hand-record.md, The result)."""
from games.engine import score
from games.engine.quatre import score_quatre
from games.engine.trois import score_trois
from tests.engine.ecarte_kit import DEALER_POINT, ELDER_VOLE, POINT, REFUSE
from tests.engine.quatre_kit import summary as quatre_summary
from tests.engine.trois_kit import summary as trois_summary

FALSE_KING = {"type": "false_king", "by": "elder"}


def lost(result):
    return [(m["to"], m["points"], m["for"]) for m in result.get("penalised", [])]


def test_a_false_king_who_wins_the_point_loses_it():
    result = score(POINT.record(king="elder", irregularities=[FALSE_KING]))
    assert result["marks"] == []
    assert lost(result) == [("elder", 1, "point")]


def test_a_false_king_against_a_vulnerable_player_loses_the_extra_point():
    result = score(POINT.record([REFUSE], king="elder", irregularities=[FALSE_KING]))
    assert lost(result) == [("elder", 1, "refusal")]


def test_a_false_king_who_wins_the_vole_loses_its_second_point():
    result = score(ELDER_VOLE.record(king="elder", irregularities=[FALSE_KING]))
    assert lost(result) == [("elder", 1, "vole")]


def test_nothing_is_listed_when_the_penalty_took_nothing():
    result = score(DEALER_POINT.record(king="elder", irregularities=[FALSE_KING]))
    assert "penalised" not in result
    assert "penalised" not in score(POINT.record())


def test_a_revoke_a_trois_names_the_mark_its_offender_lost():
    vole = trois_summary("played", (0, 5, 0),
                         r_irregularities=[{"type": "revoke", "by": "middle", "trick": 2}])
    assert lost(score_trois(vole)) == [("middle", 1, "vole")]


def test_a_quatre_the_side_loses_the_mark():
    record = quatre_summary("played", 1, 4, irregularities=[
        {"type": "revoke", "by": "second", "trick": 1}])
    assert lost(score_quatre(record)) == [("dealer_side", 1, "refusal")]
