"""Écarté à quatre, the match (docs/rules.md, section 13): two games and, if needed, a deciding
game (la belle), each to 7. Partners sit opposite; the deal passes to the left."""
import pytest

from games.engine import EngineError
from games.engine.quatre import QuatreMatch
from tests.engine.quatre_kit import full, summary

# Seating order: each player sits at the left of the one before. Partners: A and C, B and D.
PLAYERS = ("A", "B", "C", "D")
AC, BD = ("A", "C"), ("B", "D")


def vole_for(match, pair):
    """A hand in which `pair` takes all five tricks, wherever it sits."""
    side = next(side for side, p in match.sides().items() if p == pair)
    return summary("exchanged", 5 if side == "elder_side" else 0,
                   0 if side == "elder_side" else 5)


def win_game(match, pair):
    games = match.games_won[pair]
    while match.games_won[pair] == games:
        match.play(vole_for(match, pair))


def test_the_elder_sits_at_the_dealers_left_and_partners_sit_opposite():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    assert match.next_dealer == "A"
    assert match.seats() == {"elder": "B", "second": "C", "third": "D", "dealer": "A"}
    assert match.sides() == {"elder_side": BD, "dealer_side": AC}


def test_the_deal_passes_to_the_left():
    match = QuatreMatch(PLAYERS, first_dealer="C")
    dealers = []
    for _ in range(5):
        dealers.append(match.next_dealer)
        match.play(summary("exchanged", 3, 2))
    assert dealers == ["C", "D", "A", "B", "C"]


def test_a_sides_points_go_to_both_partners():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    match.play(summary("exchanged", 3, 2))  # the elder's side is B and D
    assert match.score == {AC: 0, BD: 1}
    match.play(summary("exchanged", 3, 2))  # now the dealer is B: the elder's side is A and C
    assert match.score == {AC: 1, BD: 1}


def test_the_match_gives_each_hand_its_score_before_and_target():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    for _ in range(3):
        match.play(vole_for(match, AC))
    assert match.score == {AC: 6, BD: 0}
    result = match.play(vole_for(match, AC))
    assert result["game_over"] and result["points"][result["winner"]] == 1
    assert match.games_won == {AC: 1, BD: 0}
    assert match.score == {AC: 0, BD: 0}


def test_a_record_that_disagrees_with_the_match_is_refused():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    with pytest.raises(EngineError) as caught:
        match.play(summary("exchanged", 3, 2, target=5))
    assert (caught.value.code, caught.value.at) == ("bad_format", "target")
    with pytest.raises(EngineError) as caught:
        match.play(summary("exchanged", 3, 2, score_before={"elder_side": 2, "dealer_side": 0}))
    assert caught.value.at == "score_before"
    match.play(summary("exchanged", 3, 2, target=7,
                       score_before={"elder_side": 0, "dealer_side": 0}))
    assert match.next_dealer == "B"


def test_two_games_won_win_the_match_without_la_belle():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    win_game(match, BD)
    assert match.game_number == 2 and not match.belle and match.winner is None
    win_game(match, BD)
    assert match.winner == BD
    assert match.games_won == {AC: 0, BD: 2}


def test_one_game_each_calls_for_la_belle_and_its_winner_wins_the_match():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    win_game(match, AC)
    win_game(match, BD)
    assert match.belle and match.game_number == 3 and match.winner is None
    win_game(match, AC)
    assert match.winner == AC and not match.belle
    assert match.games_won == {AC: 2, BD: 1}


def test_no_hand_after_the_match_is_won():
    # docs/rules.md, ruling 58.
    match = QuatreMatch(PLAYERS, first_dealer="A")
    win_game(match, AC)
    win_game(match, AC)
    with pytest.raises(EngineError) as caught:
        match.play(summary("exchanged", 3, 2))
    assert caught.value.code == "after_game_end"


def test_a_hand_in_progress_keeps_the_deal_and_a_refused_hand_changes_nothing():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    result = match.play(full(tricks=[], in_progress=True))
    assert result["in_progress"] and match.next_dealer == "A"
    with pytest.raises(EngineError):
        match.play(summary("exchanged", 3, 1))
    assert match.next_dealer == "A"  # a refused hand leaves the match as it was


def test_a_match_has_four_players_and_a_dealer_among_them():
    with pytest.raises(ValueError):
        QuatreMatch(("A", "B", "C"), first_dealer="A")
    with pytest.raises(ValueError):
        QuatreMatch(("A", "B", "C", "A"), first_dealer="A")
    with pytest.raises(ValueError):
        QuatreMatch(PLAYERS, first_dealer="E")
