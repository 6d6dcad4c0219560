"""Écarté à quatre, the match (docs/rules.md, section 13): two games and, if needed, a deciding
game (la belle), each to 7. Partners sit opposite; the deal passes to the left after a hand,
and the losing side deals first in the next game (ruling 58)."""
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


def test_the_losing_side_deals_first_in_the_next_game():
    # Ruling 58 (the French source's rule of a partie liée): the first player of the losing
    # side to the left of the last dealer deals the next game.
    match = QuatreMatch(PLAYERS, first_dealer="A")
    dealers = []
    while match.game_number == 1:
        dealers.append(match.next_dealer)
        match.play(vole_for(match, AC))
    # Voles of 2 for A and C: 2, 4, 6, then 7, dealt by A, B, C and D. D dealt last; to his
    # left sit A (the winners' side), then B (the losers'): B deals. Passing the deal to the
    # left would have given it to A, of the side that won.
    assert dealers == ["A", "B", "C", "D"]
    assert match.next_dealer == "B"
    assert match.seats() == {"elder": "C", "second": "D", "third": "A", "dealer": "B"}
    assert match.sides() == {"elder_side": AC, "dealer_side": BD}


def test_the_losing_side_deals_la_belle():
    match = QuatreMatch(PLAYERS, first_dealer="A")
    win_game(match, AC)  # dealt by A, B, C, D, as above: B deals the second game
    dealers = []
    while match.game_number == 2:
        dealers.append(match.next_dealer)
        match.play(vole_for(match, BD))
    # B and D win the second game in four voles dealt by B, C, D and A. A dealt last; to his
    # left sit B (the winners'), then C (the losers'): C deals la belle, not B.
    assert dealers == ["B", "C", "D", "A"]
    assert match.belle and match.next_dealer == "C"


def test_when_the_elders_side_loses_the_elder_deals_next():
    # One game to 1: A deals; B and D, the elder's side, lose the first hand by a vole of A
    # and C. The first of the losers at A's left is B, as passing the deal would give.
    match = QuatreMatch(PLAYERS, first_dealer="A", target=1)
    match.play(vole_for(match, AC))
    assert match.games_won == {AC: 1, BD: 0} and match.next_dealer == "B"


def test_a_king_turned_that_ends_the_game_gives_the_deal_to_the_losers():
    # Target 1: the dealer A turns up a king and his side, A and C, wins the game before play.
    # The losers are B and D; the first of them at A's left is B.
    match = QuatreMatch(PLAYERS, first_dealer="A", target=1)
    match.play(summary("exchanged", 0, 0, king_turned=True))
    assert match.games_won == {AC: 1, BD: 0} and match.next_dealer == "B"
    # Now B deals and turns up a king: B and D win; the first loser at B's left is C.
    match.play(summary("exchanged", 0, 0, king_turned=True))
    assert match.belle and match.next_dealer == "C"


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
