"""Games à trois and à quatre in the standings and the ratings (docs/rules.md, sections 12
and 13). The rule both forms share is one test run for each (the `form` fixture): a game is
rated as openskill ranks its sides in the order of their places, each player à trois, each
side of two partners à quatre. Then what one form alone has.

À trois the first to reach the target is first, and the two-handed finish decides second and
third. Each player's place is on his side of the game. What counts as won: one game has one
winner, the first to reach the target (section 12: "the first player to reach it wins").
Second and third both lost the game; the two-handed finish shows in their places and their
ratings, not in games won.

À quatre each game of the match counts for both partners of a side, the side's result theirs.
The match itself is no unit of the standings."""
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone

import pytest

from games import ratings
from games.models import Game, GamePlayer, Hand, RatingsDue
from tests.games import quatre_kit, trois_kit
from tests.games.kit import checked, open_quatre, open_trois, writes_of_full_projection
from tests.games.quatre_kit import win_game
from tests.games.rating_kit import beats, clock, ranked, row_of, rubber, stored, win
from tests.games.trois_kit import play_to

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Form:
    name: str
    players: str  # the fixture of the table's players
    open: Callable  # (api, players): the answer to the table's opening
    play: Callable  # (api, snap, places): a game played to its end in the order of `places`


TROIS = Form("trois", "trio", open_trois,
             lambda api, snap, places: play_to(api, snap, *(side[0] for side in places)))
QUATRE = Form("quatre", "four", open_quatre,
              lambda api, snap, places: win_game(api, snap, [p.pk for p in places[0]]))
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture
def form(request) -> Form:
    return FORMS[request.param]


@pytest.mark.parametrize("form, games", [
    # Aramis wins, Porthos takes the finish from Athos.
    ("trois", [[[2], [1], [0]]]),
    # Porthos and D'Artagnan win the first game, Athos and Aramis the second.
    ("quatre", [[[1, 3], [0, 2]], [[0, 2], [1, 3]]]),
], indirect=["form"])
def test_each_game_is_rated_as_openskill_ranks_its_sides(request, scorer, form, games):
    seated = request.getfixturevalue(form.players)
    snap = form.open(scorer, seated).json()
    now = dict.fromkeys(seated, ratings.START)
    for number, places in enumerate(games, start=1):
        sides = [[seated[i] for i in side] for side in places]

        snap = form.play(scorer, snap, sides)

        game = Game.objects.get(table_id=snap["id"], number=number)
        rated = ranked(*([now[p] for p in side] for side in sides))
        for side, ratings_after in zip(sides, rated, strict=True):
            for player, expected in zip(side, ratings_after, strict=True):
                gp = GamePlayer.objects.get(game=game, player=player)
                assert (gp.mu, gp.sigma) == pytest.approx(expected)
                now[player] = expected
        mus = [ratings_after[0][0] for ratings_after in rated]
        assert mus == sorted(mus, reverse=True) and len(set(mus)) == len(mus)
        if number == 1:  # from the start: the first go up, the last down
            assert mus[0] > ratings.START[0] > mus[-1]
    for player in seated:
        shown = row_of(scorer, player)["rating"]
        assert (shown["mu"], shown["sigma"]) == pytest.approx(now[player], abs=1e-3)
    assert not RatingsDue.objects.exists()


# -- À trois only ---------------------------------------------------------------------------
def test_a_trois_a_finished_game_gives_each_player_his_place_points_and_voles(scorer, trio):
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


def test_a_trois_only_the_first_to_reach_the_target_wins_the_game(scorer, trio):
    athos, porthos, aramis = trio

    play_to(scorer, open_trois(scorer, trio).json(), porthos, athos)

    assert [row_of(scorer, p)["games_won"] for p in (porthos, athos, aramis)] == [1, 0, 0]
    won = {s.player_id: s.won for s in GamePlayer.objects.all()}
    assert won == {porthos.pk: True, athos.pk: False, aramis.pk: False}
    page = scorer.client.get(f"/players/{athos.pk}/").content.decode()
    assert '<dd data-won>0</dd>' in page and '<dd data-lost>1</dd>' in page
    page = scorer.client.get(f"/players/{porthos.pk}/").content.decode()
    assert '<dd data-won>1</dd>' in page and '<dd data-lost>0</dd>' in page


def test_a_trois_the_game_is_rated_after_the_two_handed_games_before_it(scorer, trio, staff):
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


def test_a_trois_a_correction_that_changes_the_winner_rerates_as_a_fresh_rating(
        staff_api, trio, staff):
    athos, porthos, aramis = trio
    before = rubber(staff, porthos, athos)
    with clock(20):
        win(before, staff, porthos)
    with clock(21):  # Athos and Porthos take turns to 6 each; Athos's vole reaches 7 first
        snap = open_trois(staff_api, trio).json()
        for player in (athos, porthos) * 3:
            snap = trois_kit.post_counting(staff_api, snap, player.pk)
        seventh = snap
        snap = trois_kit.post_counting(staff_api, snap, athos.pk)
        snap = play_to(staff_api, snap, athos, porthos)  # Porthos wins the finish
    assert snap["trois"]["order"] == [athos.pk, porthos.pk, aramis.pk]
    after = rubber(staff, aramis, athos)
    with clock(22):
        win(after, staff, aramis)
    assert row_of(staff_api, athos)["games_won"] == 1

    hand = Hand.objects.get(table_id=snap["id"], number=7)
    with clock(23):  # the seventh hand was Porthos's vole: he reaches 7 first
        answer = staff_api.post(f"/hands/{hand.pk}/correct",
                                {"record": trois_kit.vole_to(seventh, porthos.pk)})
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


# -- À quatre only --------------------------------------------------------------------------
def test_a_quatre_each_game_counts_for_both_partners_of_a_side(scorer, four):
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


def test_a_quatre_a_match_on_la_belle_counts_three_games(scorer, four):
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


def test_a_quatre_a_correction_that_changes_a_games_winner_rerates_as_a_fresh_rating(
        staff_api, four, staff):
    a, b, c, d = four
    ac, bd = (a.pk, c.pk), (b.pk, d.pk)
    with clock(20):  # the sides take turns to 6 each; the seventh hand, a vole, decides
        snap = open_quatre(staff_api, four).json()
        for pair in (ac, bd) * 3:
            snap = quatre_kit.post_counting(staff_api, snap, pair)
        seventh = snap
        snap = quatre_kit.post_counting(staff_api, snap, ac)
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
                                {"record": quatre_kit.vole_to(seventh, list(bd))})
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


def test_a_quatre_a_king_marked_by_a_side_counts_for_both_partners(scorer, four):
    a, b, c, d = four
    snap = open_quatre(scorer, four).json()
    dealers = next(s["players"] for s in snap["quatre"]["sides"] if s["side"] == "dealer_side")
    assert dealers == [a.pk, c.pk]  # Athos deals first: his side marks the king turned up
    record = quatre_kit.vole_to(snap, dealers)
    record["summary"]["king_turned"] = True

    snap = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))["table"]
    snap = win_game(scorer, snap, (a.pk, c.pk))

    assert [row_of(scorer, p)["kings"] for p in four] == [1, 0, 1, 0]
    assert [row_of(scorer, p)["points_for"] for p in four] == [7, 0, 7, 0]
