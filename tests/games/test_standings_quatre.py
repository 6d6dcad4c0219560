"""A match à quatre in the standings and the ratings (docs/rules.md, section 13): each game of
the match counts for both partners of a side, the side's result theirs, and is rated as
openskill rates two teams of two. The match itself is no unit of the standings."""
from datetime import datetime, timezone

import pytest

from games import ratings
from games.models import Game, GamePlayer, Hand
from tests.games.kit import checked, open_quatre, writes_of_full_projection
from tests.games.quatre_kit import post_counting, vole_to, win_game
from tests.games.rating_kit import beats, clock, ranked, row_of, rubber, stored, win

pytestmark = pytest.mark.django_db


def test_each_game_counts_for_both_partners_of_a_side(scorer, four):
    a, b, c, d = four
    ac, bd = (a.pk, c.pk), (b.pk, d.pk)
    voles = {}
    snap = open_quatre(scorer, four).json()

    snap = win_game(scorer, snap, ac, voles)
    snap = win_game(scorer, snap, ac, voles)

    assert snap["status"] == "won" and snap["quatre"]["winner"] == list(ac)
    assert Game.objects.count() == 2
    for game in Game.objects.all():
        assert game.score == {str(a.pk): 7, str(b.pk): 0, str(c.pk): 7, str(d.pk): 0}
        assert {s.player_id: (s.place, s.won) for s in game.sides.all()} == {
            a.pk: (1, True), c.pk: (1, True), b.pk: (2, False), d.pk: (2, False)}
    assert voles[ac] == 6 and bd not in voles  # 2, 4, 6, then the point: 7, twice
    for partner in (a, c):
        row = row_of(scorer, partner)
        assert (row["games_played"], row["games_won"], row["points_for"],
                row["points_against"], row["voles"]) == (2, 2, 14, 0, 6)
    for partner in (b, d):
        row = row_of(scorer, partner)
        assert (row["games_played"], row["games_won"], row["points_for"],
                row["points_against"], row["voles"]) == (2, 0, 0, 14, 0)
        assert row["units_played"] == 0


def test_a_match_on_la_belle_counts_three_games(scorer, four):
    a, b, c, d = four
    ac, bd = (a.pk, c.pk), (b.pk, d.pk)
    snap = open_quatre(scorer, four).json()

    for pair in (ac, bd, ac):
        snap = win_game(scorer, snap, pair)

    assert snap["status"] == "won"
    assert [(row_of(scorer, p)["games_played"], row_of(scorer, p)["games_won"])
            for p in four] == [(3, 2), (3, 1), (3, 2), (3, 1)]
    page = scorer.client.get(f"/players/{b.pk}/").content.decode()
    assert '<dd data-won>1</dd>' in page and '<dd data-lost>2</dd>' in page
    assert writes_of_full_projection(snap["id"]) == []  # each game written as it ended
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


def test_each_game_is_rated_as_openskill_rates_two_teams_of_two(scorer, four):
    a, b, c, d = four
    ac, bd = (a.pk, c.pk), (b.pk, d.pk)
    snap = open_quatre(scorer, four).json()

    snap = win_game(scorer, snap, bd)
    snap = win_game(scorer, snap, ac)

    start = ratings.START
    (b_1, d_1), (a_1, c_1) = ranked([start, start], [start, start])
    (a_2, c_2), (b_2, d_2) = ranked([a_1, c_1], [b_1, d_1])
    first, second = Game.objects.order_by("number")
    expected = {(first, b): b_1, (first, d): d_1, (first, a): a_1, (first, c): c_1,
                (second, a): a_2, (second, c): c_2, (second, b): b_2, (second, d): d_2}
    for (game, player), rating in expected.items():
        side = GamePlayer.objects.get(game=game, player=player)
        assert (side.mu, side.sigma) == pytest.approx(rating)
    for player, rating in ((a, a_2), (b, b_2), (c, c_2), (d, d_2)):
        shown = row_of(scorer, player)["rating"]
        assert (shown["mu"], shown["sigma"]) == pytest.approx(rating, abs=1e-3)
    assert a_1[0] < start[0] < b_1[0]


def test_a_correction_that_changes_a_games_winner_rerates_as_a_fresh_rating(staff_api, four,
                                                                             staff):
    a, b, c, d = four
    ac, bd = (a.pk, c.pk), (b.pk, d.pk)
    with clock(20):  # the sides take turns to 6 each; the seventh hand, a vole, decides
        snap = open_quatre(staff_api, four).json()
        for pair in (ac, bd) * 3:
            snap = post_counting(staff_api, snap, pair)
        seventh = snap
        snap = post_counting(staff_api, snap, ac)
    assert snap["quatre"]["game"] == 2
    with clock(21):
        snap = win_game(staff_api, snap, bd)
    with clock(22):
        snap = win_game(staff_api, snap, ac)  # la belle
    assert snap["quatre"]["winner"] == list(ac)
    later = rubber(staff, a, b)
    with clock(22, 30):
        win(later, staff, a)
    assert [row_of(staff_api, p)["games_won"] for p in four] == [3, 1, 2, 1]

    hand = Hand.objects.get(table_id=snap["id"], number=7)
    with clock(23):  # the seventh hand was the other side's vole: they win the first game
        answer = staff_api.post(f"/hands/{hand.pk}/correct",
                                {"record": vole_to(seventh, list(bd))})
    assert answer.status_code == 200, answer.content
    snap = staff_api.get(f"/tables/{snap['id']}").json()
    # Hands 1 to 7 were dealt by Athos, Porthos, Aramis, D'Artagnan, Athos, Porthos, Aramis.
    # The losers of the first game are now Athos and Aramis: the first of them at Aramis's
    # left, past D'Artagnan, is Athos, who deals the second game (ruling 58). Hand 8, which
    # D'Artagnan dealt, no longer fits and is set aside; hands 9 to 11, voles of Porthos and
    # D'Artagnan dealt by Athos, Porthos and Aramis, fit and give them 6. La belle's hands,
    # in game 3, no longer fit. D'Artagnan deals next.
    assert snap["quatre"]["game"] == 2 and snap["quatre"]["winner"] is None
    assert [s["score"] for s in snap["quatre"]["sides"]] == [0, 6]
    assert snap["quatre"]["seats"]["dealer"] == d.pk
    assert [row_of(staff_api, p)["games_won"] for p in four] == [1, 1, 0, 1]
    with clock(23, 30):  # the second game played again: Porthos and D'Artagnan win it
        snap = win_game(staff_api, snap, bd)
    assert snap["quatre"]["winner"] == list(bd)  # two games to none
    assert [row_of(staff_api, p)["games_won"] for p in four] == [1, 2, 0, 2]
    assert ratings.pending_since() == datetime(2026, 3, 5, 20, tzinfo=timezone.utc)

    assert ratings.catch_up() is True

    start = ratings.START
    (b_1, d_1), (a_1, c_1) = ranked([start, start], [start, start])
    a_2, b_2 = beats(a_1, b_1)  # the rubber, at 22:30, now comes before the second game
    (b_3, d_2), (a_3, c_2) = ranked([b_2, d_1], [a_2, c_1])
    first, second = Game.objects.filter(table_id=snap["id"]).order_by("number")
    expected = {(first, b): b_1, (first, d): d_1, (first, a): a_1, (first, c): c_1,
                (second, b): b_3, (second, d): d_2, (second, a): a_3, (second, c): c_2}
    for (game, player), rating in expected.items():
        side = GamePlayer.objects.get(game=game, player=player)
        assert (side.mu, side.sigma) == pytest.approx(rating)
        assert side.place == (1 if player in (b, d) else 2)
    assert stored(later, a) == pytest.approx(a_2)
    assert stored(later, b) == pytest.approx(b_2)
    assert ratings.rerate(datetime(2026, 3, 5, tzinfo=timezone.utc)) == 0


def test_a_king_marked_by_a_side_counts_for_both_partners(scorer, four):
    a, b, c, d = four
    snap = open_quatre(scorer, four).json()
    dealers = next(s["players"] for s in snap["quatre"]["sides"] if s["side"] == "dealer_side")
    assert dealers == [a.pk, c.pk]  # Athos deals first: his side marks the king turned up
    record = vole_to(snap, dealers)
    record["summary"]["king_turned"] = True

    snap = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))["table"]
    snap = win_game(scorer, snap, (a.pk, c.pk))

    assert [row_of(scorer, p)["kings"] for p in four] == [1, 0, 1, 0]
    assert [row_of(scorer, p)["points_for"] for p in four] == [7, 0, 7, 0]
