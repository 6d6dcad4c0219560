"""docs/rules.md, section 10: games, rubbers and pools, played through the course of a table."""
import pytest

from games.engine import EngineError
from games.engine.course import Course, CourseHand, Setup, cut_for_deal, game_value
from games.engine.rules import table_rules

A, B, C = "Athos", "Porthos", "Aramis"


def summary(elder_tricks, opening="exchanged", king=None, king_turned=False, turn_up=None,
            **extra):
    s = {"opening": opening, "king_turned": king_turned, "king": king,
         "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}
    if turn_up:
        s["turn_up"] = turn_up
    return {"summary": s, **extra}


def course(fmt="pool", players=(A, B, C), first_dealer=B, **rules):
    return Course(Setup(kind=fmt, players=players, first_dealer=first_dealer,
                        rules=table_rules(rules)))


def play(c, record):
    """Plays a hand for whoever holds the seats now."""
    return c.play(CourseHand(key=len(c.game.hands), game=c.game.number, elder=c.elder,
                        dealer=c.dealer, record=record))


def win_hand(c, player, points=1):
    """The given seated player wins a hand worth 1 (point) or 2 (vole)."""
    tricks = (5 if points == 2 else 3) if c.elder == player else (0 if points == 2 else 2)
    return play(c, summary(tricks))


def win_game(c, player):
    number = c.game.number
    while c.game.number == number and not c.over:
        win_hand(c, player, 2)


def test_the_incoming_first_dealer_deals_and_the_other_player_is_elder():
    c = course(first_dealer=B)
    assert c.seats() == {"elder": A, "dealer": B, "observer": C}


def test_the_deal_alternates_hand_by_hand_within_a_game():
    c = course(first_dealer=B)
    win_hand(c, A)
    assert (c.elder, c.dealer) == (B, A)
    win_hand(c, A)
    assert (c.elder, c.dealer) == (A, B)


def test_a_void_hand_is_dealt_again_by_the_same_dealer():
    c = course(first_dealer=B)
    result = play(c, summary(3, irregularities=[{"type": "replay", "reason": "misdeal"}]))
    assert result["void"] and (c.elder, c.dealer) == (A, B)
    assert c.game.score == {A: 0, B: 0}


def test_the_game_ends_the_moment_a_player_reaches_five_and_never_passes_it():
    c = course()
    for _ in range(2):
        win_hand(c, A, 2)  # A: 2, then 4
    assert c.game.score[A] == 4
    result = win_hand(c, A, 2)  # a vole at 4 of 5 marks only the point needed
    assert result["score_after"][result["winner"]] == 5
    assert c.games[0].winner == A and c.games[0].score == {A: 5, B: 0}


def test_target_seven_needs_seven_points():
    c = course(target=7)
    for _ in range(3):
        win_hand(c, A, 2)
    assert c.games[0].winner is None and c.game.score[A] == 6
    win_hand(c, A)
    assert c.games[0].winner == A


@pytest.mark.parametrize("turn_up, target", [("AS", 11), ("KS", 10), ("JH", 10), ("TD", 10),
                                             ("9C", 9), ("7S", 7)])
def test_retourne_the_first_turn_up_of_the_game_sets_the_target(turn_up, target):
    c = course(target="retourne")
    king_turned = turn_up[0] == "K"
    result = play(c, summary(3, turn_up=turn_up, king_turned=king_turned))
    assert c.game.target == target
    assert result["game_over"] is False


def test_retourne_later_hands_need_no_turn_up_and_keep_the_target():
    c = course(target="retourne")
    play(c, summary(3, turn_up="8S"))
    play(c, summary(2))
    assert c.game.target == 8


def test_retourne_first_hand_without_a_turn_up_is_refused():
    c = course(target="retourne")
    with pytest.raises(EngineError) as err:
        play(c, summary(3))
    assert err.value.at == "summary.turn_up"
    assert c.game.hands == []


def test_retourne_each_game_takes_the_target_of_its_own_first_turn_up():
    c = course(target="retourne")
    play(c, summary(3, turn_up="7S"))  # a target of 7
    win_game(c, A)
    assert c.games[0].target == 7 and c.game.number == 2 and c.game.target is None
    play(c, summary(3, turn_up="AS"))
    assert c.game.target == 11


REPLAY = [{"type": "replay", "reason": "misdeal"}]


@pytest.mark.parametrize("turn_up", [None, "9S"])
def test_retourne_a_void_first_hand_sets_no_target(turn_up):
    """docs/rules.md, ruling 30: the target comes from the first turn-up of a hand that stands.
    A void hand needs no turn-up, and one it gives does not count."""
    c = course(target="retourne")
    result = play(c, summary(3, turn_up=turn_up, irregularities=REPLAY))
    assert result["void"] and c.game.target is None
    with pytest.raises(EngineError) as err:  # the hand dealt again is the first that stands
        play(c, summary(3))
    assert err.value.at == "summary.turn_up"
    play(c, summary(3, turn_up="8H"))
    assert c.game.target == 8


@pytest.mark.parametrize("record, code, at", [
    (summary(3) | {"zzz": 1}, "unknown_field", "zzz"),
    ({"format": "ecarte-hand/9", "deal": {"elder": [], "dealer": []}, "exchanges": []},
     "bad_format", "format"),
])
def test_retourne_a_fault_of_the_records_shape_is_named_before_the_missing_turn_up(
        record, code, at):
    """docs/hand-record.md, Errors: the shape of the record is checked first. The table's need of a
    turn-up comes after the engine's own shape checks."""
    c = course(target="retourne")
    with pytest.raises(EngineError) as err:
        play(c, record)
    assert (err.value.code, err.value.at) == (code, at)


def test_a_single_game_counts_one_whatever_the_score():
    assert game_value("single", 0, 5) == 1


@pytest.mark.parametrize("loser_score, value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_graded_game_is_treble_double_or_single_by_the_losers_score(loser_score, value):
    assert game_value("graded", loser_score, 5) == value


@pytest.mark.parametrize("loser_score, value", [(0, 3), (2, 2), (3, 1)])
def test_graded_thresholds_scale_to_forty_percent_of_a_target_of_seven(loser_score, value):
    assert game_value("graded", loser_score, 7) == value


def test_graded_value_is_recorded_on_the_game():
    c = course(game_value="graded")
    win_game(c, A)
    assert c.games[0].value == 3


def test_a_rubber_is_best_of_three_and_the_loser_of_a_game_deals_first_in_the_next():
    c = course("rubber", players=(A, B), first_dealer=A)
    win_game(c, A)
    assert c.game.number == 2 and c.dealer == B  # B lost game 1
    win_game(c, B)
    assert c.dealer == A  # la belle: A lost game 2 and deals
    win_game(c, A)
    assert c.over and c.winner == A and c.units[0].games == {A: 2, B: 1}


def test_a_rubber_ends_when_the_winner_has_the_majority():
    c = course("rubber", players=(A, B), first_dealer=A)
    win_game(c, B)
    win_game(c, B)
    assert c.over and c.winner == B and len(c.games) == 2


def test_the_rubbers_value_is_the_sum_of_the_games_its_winner_won():
    c = course("rubber", players=(A, B), first_dealer=A, game_value="graded")
    win_game(c, A)  # treble
    win_game(c, B)  # treble for B, not counted
    win_game(c, A)
    assert c.units[0].value == 6


@pytest.mark.parametrize("games, needed", [(1, 1), (5, 3), (7, 4), (11, 6)])
def test_a_rubber_of_n_games_is_won_by_a_majority(games, needed):
    c = course("rubber", players=(A, B), first_dealer=A, rubber_games=games)
    for _ in range(needed - 1):
        win_game(c, A)
    assert not c.over
    win_game(c, A)
    assert c.over


def test_pool_the_loser_rises_and_the_observer_comes_in_and_deals_first():
    c = course(first_dealer=B)
    win_game(c, A)
    assert c.seats() == {"elder": A, "dealer": C, "observer": B}


def test_pool_is_won_by_two_units_in_succession():
    c = course()
    win_game(c, A)
    assert not c.over and c.streak == (A, 1)
    win_game(c, A)
    assert c.over and c.winner == A


def test_pool_streak_is_broken_by_a_loss():
    c = course()
    win_game(c, A)  # A beats B; C comes in
    win_game(c, C)  # C beats A; B comes in
    assert c.streak == (C, 1) and c.seats()["observer"] == A
    win_game(c, B)  # B beats C
    assert c.streak == (B, 1) and not c.over


def test_pool_streak_of_three_option():
    c = course(pool_streak=3)
    win_game(c, A)
    win_game(c, A)
    assert not c.over
    win_game(c, A)
    assert c.over and c.winner == A


def test_pool_whose_unit_is_a_rubber_rotates_only_after_the_rubber():
    c = course(pool_unit="rubber")
    win_game(c, A)
    assert c.seats()["observer"] == C and c.dealer == B  # the loser of the game deals next
    win_game(c, A)
    assert c.units[0].winner == A and c.seats()["observer"] == B and c.dealer == C


def test_pool_whose_unit_is_a_rubber_counts_the_streak_in_rubbers():
    c = course(pool_unit="rubber")
    win_game(c, A)  # A leads B in the first rubber: no unit decided yet
    assert c.streak is None and len(c.units) == 1
    win_game(c, A)  # A takes the rubber: one unit in succession
    assert c.streak == (A, 1) and not c.over
    win_game(c, A)
    win_game(c, A)  # and the second rubber, against C: two in succession
    assert c.over and c.winner == A and [u.winner for u in c.units] == [A, A]


def test_a_hand_in_progress_keeps_the_deal_until_it_is_finished():
    c = course(first_dealer=B)
    full = {"deal": {"elder": ["KS", "QS", "AS", "JD", "QD"],
                     "dealer": ["7S", "8S", "9H", "TH", "7C"], "turn_up": "8D"},
            "exchanges": [], "tricks": [["KS", "7S"]], "in_progress": True}
    play(c, full)
    assert (c.elder, c.dealer) == (A, B) and c.hand_in_progress == 0


def test_a_hand_that_no_longer_fits_the_course_is_set_aside():
    c = course(first_dealer=B)
    result = c.play(CourseHand(key="late", game=1, elder=B, dealer=A, record=summary(3)))
    assert result is None and c.set_aside[0][0] == "late"


def test_the_tables_rules_are_imposed_on_the_record():
    c = course(first_dealer=B)
    with pytest.raises(EngineError) as err:
        play(c, summary(3, score_before={"elder": 2, "dealer": 0}))
    assert err.value.at == "score_before"


@pytest.mark.parametrize("given", [{"target": 7}, {"ranking": "ace_high"},
                                   {"game_value": "graded"}])
def test_a_record_whose_rules_contradict_the_tables_is_refused(given):
    """A table option the record repeats must be the table's, whether or not it matters to the
    hand itself (the target does not, in a record's rules; the table's game does)."""
    c = course(first_dealer=B)
    with pytest.raises(EngineError) as err:
        play(c, summary(3, rules=given))
    key = next(iter(given))
    assert (err.value.code, err.value.at) == ("bad_format", f"rules.{key}")
    assert c.game.hands == []


def test_a_record_may_repeat_the_tables_own_rules():
    c = course(first_dealer=B, target=7)
    assert play(c, summary(3, rules={"target": 7, "ranking": "classic"}))["points"] == {
        "elder": 1, "dealer": 0}


class FixedCut:
    """Stands in for the random source of a cut: deals the given cards, round after round."""

    def __init__(self, *rounds):
        self.rounds = list(rounds)

    def sample(self, pack, count):
        return self.rounds.pop(0)


@pytest.mark.parametrize("ranking, dealer", [("classic", B), ("ace_high", A)])
def test_the_cut_uses_the_tables_ranking(ranking, dealer):
    """docs/rules.md, section 10: the highest card deals. The ace is below the knave in the classic
    ranking and above the king in ace_high (section 1)."""
    winner, rounds = cut_for_deal([A, B], FixedCut(["AS", "KH"]), ranking)
    assert winner == dealer
    assert rounds == [[[A, "AS"], [B, "KH"]]]


def test_equal_ranks_cut_again():
    winner, rounds = cut_for_deal([A, B], FixedCut(["QS", "QH"], ["7C", "8D"]))
    assert winner == B and len(rounds) == 2


def test_table_rules_name_the_option_at_fault():
    with pytest.raises(ValueError, match="rules.rubber_games"):
        table_rules({"rubber_games": 4})
    with pytest.raises(ValueError, match="rules.colour"):
        table_rules({"colour": "red"})
