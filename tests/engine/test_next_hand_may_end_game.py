"""docs/rules.md, sections 7, 9 and 10: whether the next hand may end the game. One hand marks
3 at the most for one player (a king and the vole, or the point against a vulnerable player),
5 with `doubling` (the trick points doubled): a game whose players are further than that from
its target goes on after the next hand, whatever it gives, and the deal passes to the other."""
from games.engine.course import may_end_game
from tests.engine.test_s10_games_rubbers_pools import A, B, course, play, summary

FIVE = {"target": 5}


def test_at_love_all_to_five_no_hand_ends_the_game():
    assert not may_end_game({A: 0, B: 0}, 5, FIVE)
    assert not may_end_game({A: 1, B: 1}, 5, FIVE)


def test_two_points_from_five_a_king_and_the_vole_end_the_game():
    assert may_end_game({A: 2, B: 0}, 5, FIVE)
    c = course(target=5)
    play(c, summary(5))  # Athos, elder, takes the vole: 2-0
    assert c.game.score == {A: 2, B: 0} and c.dealer == A  # the deal has passed to him
    result = play(c, summary(0, king_turned=True))  # he turns the king and takes the vole
    assert result["game_over"] and c.games[0].winner == A


def test_with_doubling_a_king_and_a_doubled_vole_end_a_game_to_five_at_once():
    assert may_end_game({A: 0, B: 0}, 5, {"doubling": True})
    c = course(target=5, doubling=True)
    result = play(c, summary(5, king="elder", opening="played",
                             double={"by": "elder", "before_trick": 1, "accepted": True}))
    assert result["game_over"] and result["points"]["elder"] == 5


def test_a_game_to_the_retourne_before_its_first_turn_up_plays_to_seven_at_the_least():
    assert not may_end_game({A: 0, B: 0}, None, {"target": "retourne"})
    assert may_end_game({A: 4, B: 0}, None, {"target": "retourne"})
    assert not may_end_game({A: 4, B: 0}, 10, {"target": "retourne"})
