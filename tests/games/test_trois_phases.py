"""A game à trois said as the Laws play it (docs/rules.md, section 12; issue 31): the first to
reach the target wins and withdraws, with the others' scores at that moment; the other two
finish it for second and third, keeping their scores. Constance reaches 7 with Athos on 2 and
Porthos on 1; Athos wins the finish 7–4. No figure may read like a tie ("7–7–4"), nor like a
duel Constance won 7–4. Each game à trois or à quatre counts one game (rulings 66 and 67)."""
import pytest
from django.utils import translation

from games.courses import course_of
from games.engine.trois_game import TroisGame
from games.models import Game, Table
from games.presentation import words
from games.presentation.results import game_result
from tests.engine.trois_kit import summary as trois_summary
from tests.games.kit import open_quatre, players
from tests.games.quatre_kit import win_game
from tests.games.trois_phases_kit import FINISH, play, trois_table

pytestmark = pytest.mark.django_db
SAID = "Constance takes the game at 7 (Athos 2, Porthos 1); Athos second, 7–4 over Porthos"
SAID_FR = ("Constance remporte la partie à 7 (Athos 2, Porthos 1)\u202f; Athos deuxième, "
           "7–4 contre Porthos")


def test_the_engine_keeps_the_scores_when_the_winner_withdrew():
    game = TroisGame(("ann", "bob", "cy"), first_dealer="ann")
    for tricks in ((5, 0, 0), (0, 0, 5), (0, 5, 0), (1, 3, 1)):  # bob 2, 4, 6; then cy 1
        game.play(trois_summary("exchanged", tricks))
    assert game.withdrew_at is None  # nobody has reached 7 yet
    game.play(trois_summary("exchanged", (0, 0, 5)))  # bob deals and reaches 7
    assert game.withdrew_at == {"ann": 0, "bob": 7, "cy": 1}
    game.play({"format": "ecarte-hand/1", "summary": {
        "opening": "exchanged", "king_turned": False, "tricks": {"elder": 5, "dealer": 0}}})
    assert game.withdrew_at == {"ann": 0, "bob": 7, "cy": 1}  # the finish leaves it be
    assert game.score == {"ann": 2, "bob": 7, "cy": 1}


def test_the_snapshot_gives_the_order_of_finish_and_the_scores_when_the_winner_withdrew(
        scorer):
    snap, who = trois_table(scorer)
    constance, athos, porthos = (who[n].pk for n in ("Constance", "Athos", "Porthos"))

    ended = snap["last_game"]

    assert ended["order"] == [constance, athos, porthos]
    assert ended["withdrew_at"] == {str(constance): 7, str(athos): 2, str(porthos): 1}
    assert ended["score"] == {str(constance): 7, str(athos): 7, str(porthos): 4}
    assert snap["last_games"] == [ended]
    assert scorer.get(f"/tables/{snap['id']}").json()["last_game"] == ended  # the API's


def test_the_end_of_the_game_says_each_phase_in_both_languages(scorer):
    snap, _ = trois_table(scorer)

    assert words.game_end(snap) == SAID
    with translation.override("fr"):
        assert words.game_end(snap) == SAID_FR


def test_the_game_in_the_scorers_list_and_the_replay_says_each_phase(scorer):
    snap, who = trois_table(scorer, finished=False)
    table = Table.objects.get(pk=snap["id"])
    names = {player.pk: name for name, player in who.items()}
    ids = {name: player.pk for name, player in who.items()}

    withdrawn = game_result(course_of(table).games[0], names)
    play(scorer, snap, FINISH, ids)
    finished = game_result(course_of(table).games[0], names)

    assert withdrawn == ("Game 1, being played: Constance takes the game at 7 (Athos 2, "
                         "Porthos 1); Athos 2 – Porthos 1")
    assert finished == f"Game 1: {SAID}"
    assert "7–7" not in finished


def test_each_game_a_trois_and_a_quatre_counts_one_game(scorer):
    trois, _ = trois_table(scorer)
    four = players("Aramis", "D'Artagnan", "Rochefort", "Milady")
    quatre = win_game(scorer, open_quatre(scorer, four).json(), (four[1].pk, four[3].pk))

    for snap in (trois, quatre):
        table = Table.objects.get(pk=snap["id"])
        [game] = [g for g in course_of(table).games if g.winner is not None]
        assert game.value == 1
        assert list(Game.objects.filter(table=table).values_list("value", flat=True)) == [1]
