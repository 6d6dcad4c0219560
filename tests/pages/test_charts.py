"""The pictures of the member's page, the standings and the settle-up (server-side SVG): the
member's rating line, one point per rated game in the order played, at the height of the
rating the standings show; his results by evening; each player's trend in the standings; the
settle-up's bars of the evening's money (tests/pages/test_evening_money.py), money won to the
right of the zero line and money lost to its left, with the amounts said in words; and a
sentence, not an empty chart, where there is nothing to draw."""
import html
import re
from datetime import datetime, timedelta, timezone
from unittest import mock

import pytest
from django.test import override_settings

from club.models import Player
from games import ratings
from games.models import GamePlayer
from games.presentation import charts
from tests.games.kit import pool, record_game_won_by
from tests.games.rating_kit import rubber, win
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def svgs(page: str, chart: str) -> list[str]:
    """The SVG of each figure `data-chart=chart` on the page."""
    return re.findall(rf'data-chart="{chart}"><svg(.*?)</svg>', page, re.S)


def polyline(svg: str) -> list[tuple[float, float]]:
    points = re.search(r'<polyline class="line" points="([^"]*)"', svg).group(1)
    return [tuple(float(n) for n in point.split(",")) for point in points.split()]


def label(svg: str) -> str:
    return html.unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))


@pytest.fixture
def rivals():
    return [Player.objects.create(name=name) for name in ("Athos", "Porthos")]


def played(staff, athos, porthos, winners, day=5):
    """One-game rubbers between the two, won in turn by `winners`, ten minutes apart from 18:00
    on `day` March 2026."""
    for i, winner in enumerate(winners):
        at = datetime(2026, 3, day, 18, tzinfo=timezone.utc) + timedelta(minutes=10 * i)
        with mock.patch("django.utils.timezone.now", return_value=at):
            table = rubber(staff, athos, porthos)
            win(table, staff, winner)


def test_the_rating_line_has_a_point_per_rated_game_at_the_standings_rating(
        client, staff, rivals):
    athos, porthos = rivals
    played(staff, athos, porthos, [athos, athos, porthos, athos])
    shown = [ratings.ordinal(side.mu, side.sigma) for side in GamePlayer.objects.filter(
        player=athos).order_by("finished_at", "game_id")]

    page = client.get(f"/players/{athos.pk}/").content.decode()

    (svg,) = svgs(page, "rating")
    points = polyline(svg)
    assert len(points) == 4 == len(shown)
    assert [x for x, _ in points] == sorted(x for x, _ in points)  # oldest on the left
    # The higher the rating, the higher the point (a smaller y): the heights keep its order.
    by_height = sorted(range(4), key=lambda i: points[i][1])
    assert [shown[i] for i in by_height] == sorted(shown, reverse=True)
    assert shown[0] > 0 and shown[2] < shown[1]  # won, won, then lost: down at the third
    assert "role=\"img\"" in svg and "4 games" in label(svg)
    assert f"to {shown[-1]:.1f})" in label(svg)
    # The figures, as text: the rating after each game, the latest first.
    figures = page[page.index('data-chart="rating"'):page.index('id="evenings-title"')]
    assert [float(v) for v in re.findall(r"<td>(-?[0-9.]+)</td>", figures)] == shown[::-1]


def test_the_results_by_evening_group_the_games_by_local_date(client, staff, rivals):
    athos, porthos = rivals
    played(staff, athos, porthos, [athos, porthos, athos], day=5)
    played(staff, athos, porthos, [porthos], day=12)

    page = client.get(f"/players/{athos.pk}/").content.decode()

    (svg,) = svgs(page, "evenings")
    titles = [html.unescape(t) for t in re.findall(r"<g><title>([^<]*)</title>", svg)]
    assert titles == ["5 Mar 2026: 2 won, 1 lost", "12 Mar 2026: 0 won, 1 lost"]
    won = re.findall(r'<rect class="pos"', svg)
    lost = re.findall(r'<rect class="neg"', svg)
    assert len(won) == 1 and len(lost) == 2  # no bar for the evening's 0 won


def test_an_evening_is_the_clubs_and_runs_past_midnight(client, staff, rivals):
    """At a club in Paris, a game that ends at 05:30 UTC on 6 March (06:30 in Paris) is the
    evening of the 6th; one that ends at 23:30 UTC on 5 March (00:30 on the 6th in Paris)
    still belongs to the evening of the 5th, as the settle-up's evening does."""
    athos, porthos = rivals
    at = datetime(2026, 3, 6, 5, 30, tzinfo=timezone.utc)
    with mock.patch("django.utils.timezone.now", return_value=at):
        win(rubber(staff, athos, porthos), staff, athos)
    at = datetime(2026, 3, 5, 23, 30, tzinfo=timezone.utc)
    with mock.patch("django.utils.timezone.now", return_value=at):
        win(rubber(staff, athos, porthos), staff, athos)

    with override_settings(TIME_ZONE="Europe/Paris"):
        page = client.get(f"/players/{athos.pk}/").content.decode()

    (svg,) = svgs(page, "evenings")
    assert re.findall(r"<g><title>([^<]*)</title>", svg) == ["5 Mar 2026: 1 won, 0 lost",
                                                             "6 Mar 2026: 1 won, 0 lost"]


def test_a_member_without_games_gets_sentences_not_charts(client, rivals):
    page = client.get(f"/players/{rivals[0].pk}/").content.decode()
    assert "<svg" not in page
    assert 'data-chart-empty="rating"' in page and 'data-chart-empty="evenings"' in page
    assert "No rated game yet" in page


def test_the_member_charts_speak_french(client, staff, rivals):
    athos, porthos = rivals
    played(staff, athos, porthos, [athos, porthos])
    page = client.get(f"/players/{athos.pk}/", **FR).content.decode()
    (svg,) = svgs(page, "evenings")
    assert "La note au fil des parties" in page and "Résultats par soirée" in page
    assert "05/03/2026\u00a0: 1 gagnée(s), 1 perdue(s)" in html.unescape(svg)
    (line,) = svgs(page, "rating")
    assert "," in label(line)  # the ratings written with a decimal comma


def test_each_row_of_the_standings_draws_its_player_trend(client, staff, rivals):
    athos, porthos = rivals
    aramis = Player.objects.create(name="Aramis")
    played(staff, athos, porthos, [athos] * 12)
    sides = GamePlayer.objects.filter(player=athos).order_by("finished_at", "game_id")
    latest = [ratings.ordinal(s.mu, s.sigma) for s in sides][-10:]
    played(staff, aramis, porthos, [aramis], day=6)

    page = client.get("/standings").content.decode()

    trends = dict(re.findall(r'href="/players/(\d+)/">.*?data-trend><svg(.*?)</svg>', page,
                             re.S))
    assert set(trends) == {str(athos.pk), str(porthos.pk), str(aramis.pk)}
    athos_line = polyline(trends[str(athos.pk)])
    assert len(athos_line) == 10  # his latest ten games of twelve
    assert [y for _, y in athos_line] == sorted((y for _, y in athos_line), reverse=True)
    assert len(polyline(trends[str(aramis.pk)])) == 1
    assert f"from {latest[0]:.1f}" not in label(trends[str(athos.pk)])
    assert f"{latest[0]:.1f} to {latest[-1]:.1f}" in label(trends[str(athos.pk)])


def test_the_settle_up_bars_put_winners_right_of_zero_and_losers_left(staff):
    evening = datetime(2026, 3, 5, 21, tzinfo=timezone.utc)
    with mock.patch("django.utils.timezone.now", return_value=evening):
        table = pool(staff, pool_entry=1000)  # Athos, Porthos, Aramis pay 10.00 each
        athos = Player.objects.get(name="Athos")
        record_game_won_by(table, athos, staff)
        record_game_won_by(table, athos, staff)  # the pool of 30.00 is his: +20.00, -10.00 each

        page = as_user(staff).get("/settle-up/").content.decode()

    (svg,) = svgs(page, "money")
    zero = float(re.search(r'<line class="zero" x1="([0-9.]+)"', svg).group(1))
    bars = {html.unescape(name): (kind, float(x), float(width)) for name, kind, x, width in
            re.findall(r'<g><title>([^:]*): [^<]*</title><text[^>]*>[^<]*</text><rect class="'
                       r'(pos|neg)" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"', svg)}
    assert set(bars) == {"Athos", "Porthos", "Aramis"}
    kind, x, width = bars["Athos"]
    assert kind == "pos" and x == zero and width > 0
    for loser in ("Porthos", "Aramis"):
        kind, x, width = bars[loser]
        assert kind == "neg" and x + width == pytest.approx(zero)
        assert width == pytest.approx(bars["Athos"][2] / 2, abs=0.2)  # 10.00 against 20.00
    assert label(svg) == ("The evening of 5 Mar 2026, won and lost at play: Athos +20.00, "
                          "Porthos -10.00, Aramis -10.00")


def test_the_settle_up_has_no_chart_before_the_first_table(staff):
    page = as_user(staff).get("/settle-up/").content.decode()
    assert "<svg" not in page and "Everyone is square" in page


def test_charts_of_nothing_are_none_and_every_text_is_escaped():
    assert charts.line([], label="x") is None
    assert charts.sparkline([], label="x") is None
    assert charts.money_bars([], label="x") is None
    assert charts.result_bars([], label="x") is None
    svg = charts.money_bars([("<b>Bad</b>", -5, "-0.05")], label='say "<no>"')
    assert "<b>" not in svg and "&lt;b&gt;Bad&lt;/b&gt;" in svg
    assert 'aria-label="say &quot;&lt;no&gt;&quot;"' in svg


def test_one_point_stands_in_the_middle_and_zero_is_always_on_the_scale():
    svg = charts.line([("5 March", 3.5)], label="one")
    ((x, y),) = polyline(svg)
    assert x == pytest.approx((36 + 332) / 2)
    zero = float(re.search(r'<line class="axis"[^>]*y1="([0-9.]+)"', svg).group(1))
    assert y < zero  # a rating above 0 stands above the zero line
