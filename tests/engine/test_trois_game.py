"""Écarté à trois, the game (docs/rules.md, section 12): played to 7; the first player to
reach it wins and withdraws; the other two finish the game as two-handed Écarté, keeping their
scores, to decide second and third place. The deal passes to the left."""
import pytest

from games.engine import EngineError
from games.engine.trois import score_trois
from games.engine.trois_game import TroisGame
from tests.engine.kit import marks, refuses
from tests.engine.trois_kit import summary

PLAYERS = ("ann", "bob", "cy")  # bob sits at ann's left, cy at bob's


def two_handed(elder, dealer, opening="exchanged", **extra):
    return {"format": "ecarte-hand/1", "summary": {
        "opening": opening, "king_turned": False,
        "tricks": {"elder": elder, "dealer": dealer}}} | extra


def test_the_elder_sits_at_the_dealers_left_and_the_deal_passes_to_the_left():
    game = TroisGame(PLAYERS, first_dealer="ann")
    assert game.seats() == {"elder": "bob", "middle": "cy", "dealer": "ann"}
    game.play(summary("exchanged", (3, 1, 1)))
    assert game.dealer == "bob"
    assert game.seats() == {"elder": "cy", "middle": "ann", "dealer": "bob"}
    assert game.score == {"ann": 0, "bob": 1, "cy": 0}


def test_the_first_to_reach_seven_wins_and_withdraws_and_the_others_play_on_two_handed():
    game = TroisGame(PLAYERS, first_dealer="ann")
    game.play(summary("exchanged", (5, 0, 0)))  # bob, elder: 2
    game.play(summary("exchanged", (0, 0, 5)))  # bob, dealer: 4
    game.play(summary("exchanged", (0, 5, 0)))  # bob, middle: 6
    game.play(summary("played", (1, 3, 1)))  # cy takes the point, ann the refusal point
    assert game.score == {"ann": 1, "bob": 6, "cy": 1}
    result = game.play(summary("exchanged", (0, 0, 5)))  # bob deals and reaches 7
    assert result["winner"] == "dealer" and game.score["bob"] == 7
    assert game.order == ["bob"] and game.in_play == ("ann", "cy")
    # The deal passes to bob's left: cy deals to ann, and they keep their scores.
    assert game.seats() == {"elder": "ann", "dealer": "cy"}
    refuses(game.play, summary("exchanged", (3, 1, 1)), "bad_format", "format")
    result = game.play(two_handed(5, 0))
    assert result["score_after"] == {"elder": 3, "dealer": 1}
    assert game.seats() == {"elder": "cy", "dealer": "ann"}
    game.play(two_handed(5, 0))  # cy: 3
    game.play(two_handed(5, 0))  # ann: 5
    assert not game.over and game.order == ["bob"]
    game.play(two_handed(0, 5))  # ann deals and reaches 7
    assert game.over and game.order == ["bob", "ann", "cy"]
    assert game.in_play == () and game.seats() == {}
    refuses(game.play, two_handed(5, 0), "after_game_end")


def test_the_winner_reaching_the_target_ends_the_marking_of_the_hand():
    # docs/rules.md, ruling 47: bob reaches 7 with the point of his vole; the vole's second
    # point and the refusal point that cy would have had are not marked.
    result = score_trois(summary("played", (0, 5, 0), r_score_before={"middle": 6}))
    assert marks(result) == [("middle", 1, "point")]
    assert result["score_after"] == {"elder": 0, "middle": 7, "dealer": 0}


def test_a_dealer_who_withdraws_passes_the_deal_to_his_left():
    # docs/rules.md, ruling 49.
    game = TroisGame(PLAYERS, first_dealer="ann", target=2)
    game.play(summary("exchanged", (0, 0, 5)))  # ann deals and makes the vole
    assert game.order == ["ann"]
    assert game.seats() == {"elder": "cy", "dealer": "bob"}


def test_the_game_gives_each_record_its_score_and_target():
    game = TroisGame(PLAYERS, first_dealer="ann", target=5)
    game.play(summary("exchanged", (3, 1, 1)))
    refuses(game.play, summary("exchanged", (3, 1, 1), r_score_before={"cy": 0}),
            "bad_format", "score_before")
    refuses(game.play, summary("exchanged", (3, 1, 1), r_target=7), "bad_format", "target")
    assert game.score == {"ann": 0, "bob": 1, "cy": 0}
    game.play(summary("exchanged", (3, 1, 1), r_score_before={"elder": 0, "middle": 0,
                                                              "dealer": 1}, r_target=5))
    assert game.score == {"ann": 0, "bob": 1, "cy": 1}


def test_a_hand_in_progress_scores_nothing_and_keeps_the_deal():
    # A hand entered card by card (docs/api.md): the dealer deals again only once it is done.
    game = TroisGame(PLAYERS, first_dealer="ann")
    record = {"format": "ecarte-trois/1", "in_progress": True, "exchanges": [], "deal": {
        "elder": "KS QS JS AS TS".split(), "middle": "9S 8S 7S KH QH".split(),
        "dealer": "JH AH TH 9H 8H".split(), "turn_up": "7D"}, "tricks": [["KS", "9S", "JH"]]}
    result = game.play(record)
    assert result["in_progress"] and result["marks"] == []
    assert game.score == dict.fromkeys(PLAYERS, 0) and game.dealer == "ann"


def test_a_void_two_handed_hand_is_dealt_again_by_the_same_dealer():
    game = TroisGame(PLAYERS, first_dealer="ann", target=1)
    game.play(summary("exchanged", (1, 3, 1)))  # cy wins at once
    dealer = game.dealer
    game.play(two_handed(3, 2, irregularities=[{"type": "replay", "reason": "misdeal"}]))
    assert game.dealer == dealer and not game.over


def test_a_game_needs_three_players_and_a_first_dealer_among_them():
    with pytest.raises(ValueError):
        TroisGame(("ann", "bob"), first_dealer="ann")
    with pytest.raises(ValueError):
        TroisGame(PLAYERS, first_dealer="dan")
    with pytest.raises(EngineError):
        TroisGame(PLAYERS, first_dealer="ann").play("not a record")
