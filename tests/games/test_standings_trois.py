"""A game à trois in the standings and the ratings (docs/rules.md, section 12): the first to
reach the target is first, and the two-handed finish decides second and third. Each player's
place is on his side of the game; the game is rated as openskill ranks three players.

What counts as won: one game has one winner, the first to reach the target (section 12: "the
first player to reach it wins"). Second and third both lost the game; the two-handed finish
shows in their places and their ratings, not in games won."""
from datetime import datetime, timezone

import pytest

from games import ratings
from games.models import Game, GamePlayer, Hand, RatingsDue
from tests.games.kit import open_trois, writes_of_full_projection
from tests.games.rating_kit import beats, clock, ranked, row_of, rubber, stored, win
from tests.games.trois_kit import play_to, post_counting, vole_to

pytestmark = pytest.mark.django_db


def test_a_finished_game_gives_each_player_his_place_points_and_voles(scorer, trio):
    athos, porthos, aramis = trio
    voles = {}

    snap = play_to(scorer, open_trois(scorer, trio).json(), athos, aramis, voles=voles)

    assert snap["trois"]["order"] == [athos.pk, aramis.pk, porthos.pk]
    sides = {s.player_id: s for s in GamePlayer.objects.all()}
    assert {p: s.place for p, s in sides.items()} == {athos.pk: 1, aramis.pk: 2,
                                                        porthos.pk: 3}
    game = Game.objects.get()
    assert (game.winner_id, game.loser_id) == (athos.pk, porthos.pk)
    assert game.score == snap["trois"]["score"]
    score = {int(p): n for p, n in snap["trois"]["score"].items()}
    assert score[athos.pk] == score[aramis.pk] == 7
    for player in trio:
        row = row_of(scorer, player)
        others = sum(n for p, n in score.items() if p != player.pk)
        assert (row["games_played"], row["points_for"], row["points_against"]) == (
            1, score[player.pk], others)
        assert row["voles"] == voles.get(player.pk, 0)
        assert row["units_played"] == row["pools_played"] == 0
    assert voles[athos.pk] == 3 and voles[aramis.pk] == 3  # 2, 4, 6, then the point: 7
    page = scorer.client.get("/standings").content.decode()
    assert all(player.name in page for player in trio)
    assert writes_of_full_projection(snap["id"]) == []  # written once, right, as it ended


def test_only_the_first_to_reach_the_target_wins_the_game(scorer, trio):
    athos, porthos, aramis = trio

    play_to(scorer, open_trois(scorer, trio).json(), porthos, athos)

    assert [row_of(scorer, p)["games_won"] for p in (porthos, athos, aramis)] == [1, 0, 0]
    won = {s.player_id: s.won for s in GamePlayer.objects.all()}
    assert won == {porthos.pk: True, athos.pk: False, aramis.pk: False}
    page = scorer.client.get(f"/players/{athos.pk}/").content.decode()
    assert '<dd data-won>0</dd>' in page and '<dd data-lost>1</dd>' in page
    page = scorer.client.get(f"/players/{porthos.pk}/").content.decode()
    assert '<dd data-won>1</dd>' in page and '<dd data-lost>0</dd>' in page


def test_the_game_is_rated_as_openskill_ranks_three_players(scorer, trio):
    athos, porthos, aramis = trio

    play_to(scorer, open_trois(scorer, trio).json(), aramis, porthos)

    start = ratings.START
    [first], [second], [third] = ranked([start], [start], [start])
    for player, expected in ((aramis, first), (porthos, second), (athos, third)):
        side = GamePlayer.objects.get(player=player)
        assert (side.mu, side.sigma) == pytest.approx(expected)
        rating = row_of(scorer, player)["rating"]
        assert (rating["mu"], rating["sigma"]) == pytest.approx(expected, abs=1e-3)
    assert first[0] > second[0] > third[0]
    assert not RatingsDue.objects.exists()


def test_a_game_a_trois_is_rated_after_the_two_handed_games_before_it(scorer, trio, staff):
    athos, porthos, aramis = trio
    earlier = rubber(staff, athos, porthos)
    with clock(20):
        win(earlier, staff, athos)
    with clock(21):
        play_to(scorer, open_trois(scorer, trio).json(), porthos, aramis)

    athos_then, porthos_then = beats(ratings.START, ratings.START)
    [porthos_now], [aramis_now], [athos_now] = ranked([porthos_then], [ratings.START],
                                                      [athos_then])
    trois = Game.objects.get(table__format="trois").table
    assert stored(trois, porthos) == pytest.approx(porthos_now)
    assert stored(trois, aramis) == pytest.approx(aramis_now)
    assert stored(trois, athos) == pytest.approx(athos_now)


def test_a_correction_that_changes_the_winner_rerates_as_a_fresh_rating(staff_api, trio,
                                                                          staff):
    athos, porthos, aramis = trio
    before = rubber(staff, porthos, athos)
    with clock(20):
        win(before, staff, porthos)
    with clock(21):  # Athos and Porthos take turns to 6 each; Athos's vole reaches 7 first
        snap = open_trois(staff_api, trio).json()
        for player in (athos, porthos) * 3:
            snap = post_counting(staff_api, snap, player.pk)
        seventh = snap
        snap = post_counting(staff_api, snap, athos.pk)
        snap = play_to(staff_api, snap, athos, porthos)  # Porthos wins the finish
    assert snap["trois"]["order"] == [athos.pk, porthos.pk, aramis.pk]
    after = rubber(staff, aramis, athos)
    with clock(22):
        win(after, staff, aramis)
    assert row_of(staff_api, athos)["games_won"] == 1

    hand = Hand.objects.get(table_id=snap["id"], number=7)
    with clock(23):  # the seventh hand was Porthos's vole: he reaches 7 first
        answer = staff_api.post(f"/hands/{hand.pk}/correct",
                                {"record": vole_to(seventh, porthos.pk)})
    assert answer.status_code == 200, answer.content
    snap = staff_api.get(f"/tables/{snap['id']}").json()
    assert snap["status"] == "playing" and snap["trois"]["order"] == [porthos.pk]
    assert not Game.objects.filter(table_id=snap["id"]).exists()  # unfinished again
    assert row_of(staff_api, athos)["games_won"] == 0
    with clock(23, 10):  # Athos, at 6, beats Aramis in the finish
        snap = play_to(staff_api, snap, athos)
    assert snap["trois"]["order"] == [porthos.pk, athos.pk, aramis.pk]
    assert ratings.pending_since() == datetime(2026, 3, 5, 21, tzinfo=timezone.utc)

    assert ratings.catch_up() is True

    # Rated afresh in finishing order: 20:00, 22:00, then the game à trois at 23:10.
    porthos_1, athos_1 = beats(ratings.START, ratings.START)
    aramis_2, athos_2 = beats(ratings.START, athos_1)
    [porthos_3], [athos_3], [aramis_3] = ranked([porthos_1], [athos_2], [aramis_2])
    trois = Game.objects.get(table__format="trois").table
    assert stored(before, porthos) == pytest.approx(porthos_1)
    assert stored(after, athos) == pytest.approx(athos_2)
    assert stored(after, aramis) == pytest.approx(aramis_2)
    assert stored(trois, porthos) == pytest.approx(porthos_3)
    assert stored(trois, athos) == pytest.approx(athos_3)
    assert stored(trois, aramis) == pytest.approx(aramis_3)
    assert ratings.rerate(datetime(2026, 3, 5, tzinfo=timezone.utc)) == 0
    assert [row_of(staff_api, p)["games_won"] for p in (porthos, athos, aramis)] == [2, 0, 1]
    assert {s.player_id: s.place for s in GamePlayer.objects.filter(game__table=trois)} == {
        porthos.pk: 1, athos.pk: 2, aramis.pk: 3}
