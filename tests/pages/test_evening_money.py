"""The settle-up draws the evening's money: who won and who lost at play at the latest
evening's tables (the pool's entries and payout), as bars, winners to the right of the zero
line and losers to its left, with every amount named in the chart's text and listed in words.
It is what was won at play, not what is still owed: the payments made since leave it as it
is, and an older evening's winnings are not counted. An evening runs from 06:00 to 06:00 the
next morning in the club's time zone, so a table opened after midnight counts for the evening
it was played in. The balances stay listed in words where they were.

Worked by hand (a pool's winner takes the pot, every entry of the three players):
  the older evening, 4 March: entry 5.00, Porthos wins: Porthos +10.00, Athos and Aramis -5.00;
  tonight, 5 March: entry 3.00, Athos wins: Athos +6.00, Porthos and Aramis -3.00."""
import html
import re
from datetime import datetime, timezone
from unittest import mock

import pytest
from django.test import override_settings

from club import ledger
from club.models import Player
from club.payments import record_payment
from club.settle_up import club_settle_up
from games.models import Table
from tests.games.kit import pool, record_game_won_by
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db

OLDER = datetime(2026, 3, 4, 20, tzinfo=timezone.utc)
TONIGHT = datetime(2026, 3, 5, 20, tzinfo=timezone.utc)


def at(when: datetime):
    """Everything done inside happens at `when`."""
    return mock.patch("django.utils.timezone.now", return_value=when)


def pool_won(staff, winner: str, entry: int, when: datetime, name: str) -> Table:
    """A pool of Athos, Porthos and Aramis opened and won at `when` by `winner`, seated first."""
    others = [name for name in ("Athos", "Porthos", "Aramis") if name != winner]
    with at(when):
        table = pool(staff, names=(winner, *others), name=name, pool_entry=entry)
        won_by = Player.objects.get(name=winner)
        record_game_won_by(table, won_by, staff)
        record_game_won_by(table, won_by, staff)
        table.refresh_from_db()
    assert table.status == Table.Status.WON
    return table


def pay_everything(staff, when: datetime) -> None:
    """The settle-up's payments, all made: every balance back to 0.00."""
    with at(when):
        for payer, payee, cents in club_settle_up().suggested:
            record_payment(payer=Player.objects.get(pk=payer.pk),
                           payee=Player.objects.get(pk=payee.pk), cents=cents, by=staff)
    assert not any(ledger.player_balances().values())


def evening_section(page: str) -> str:
    found = re.search(r'<section class="evening-money".*?</section>', page, re.S)
    assert found, "no evening's money on the settle-up"
    return found.group(0)


def bars(svg: str) -> dict:
    """{name: ("pos" or "neg", the amount its title says, the bar's x, its width)}, and the
    zero line's x."""
    zero = float(re.search(r'<line class="zero" x1="([0-9.]+)"', svg).group(1))
    found = {html.unescape(name): (kind, amount, float(x), float(width))
             for name, amount, kind, x, width in re.findall(
                 r'<g><title>([^:<]*): ([^<]*)</title><text[^>]*>[^<]*</text><rect class="'
                 r'(pos|neg)" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"', svg)}
    return found, zero


def label(part: str) -> str:
    return html.unescape(re.search(r'<svg[^>]*aria-label="([^"]*)"', part).group(1))


def listed(part: str) -> dict:
    """The figures the section lists in words: {name: amount}."""
    return dict(re.findall(r'<li><span>([^<]*)</span><span class="(?:pos|neg)">([^<]*)</span>',
                           part))


@pytest.fixture
def two_evenings(staff):
    """The older evening won by Porthos and paid; tonight won by Athos and paid too."""
    pool_won(staff, "Porthos", 500, OLDER, "Older pool")
    pay_everything(staff, OLDER.replace(hour=23))
    pool_won(staff, "Athos", 300, TONIGHT, "Tonight's pool")
    pay_everything(staff, TONIGHT.replace(hour=23, minute=30))


def test_tonight_won_at_play_stays_after_the_payments_and_the_older_evening_is_left_out(
        staff, two_evenings):
    with at(TONIGHT.replace(hour=23, minute=45)):
        page = as_user(staff).get("/settle-up/").content.decode()
    assert "Everyone is square: nobody owes anything." in page  # paid: nothing is owed
    part = evening_section(page)
    assert "The evening's money (5 Mar 2026)" in part
    found, zero = bars(re.search(r'data-chart="money"><svg.*?</svg>', part, re.S).group(0))
    assert {name: amount for name, (_k, amount, _x, _w) in found.items()} == {
        "Athos": "+6.00", "Porthos": "-3.00", "Aramis": "-3.00"}  # not Porthos's 10.00
    kind, _amount, x, width = found["Athos"]
    assert kind == "pos" and x == zero and width > 0  # to the right of zero
    for loser in ("Porthos", "Aramis"):
        kind, _amount, x, lost = found[loser]
        assert kind == "neg" and x + lost == pytest.approx(zero)  # to its left
        assert lost == pytest.approx(width / 2, abs=0.2)  # 3.00 against 6.00
    assert label(part) == ("The evening of 5 Mar 2026, won and lost at play: Athos +6.00, "
                           "Porthos -3.00, Aramis -3.00")
    assert listed(part) == {"Athos": "+6.00", "Porthos": "-3.00", "Aramis": "-3.00"}


def test_the_balances_stay_listed_in_words_beside_the_evening(staff):
    pool_won(staff, "Athos", 300, TONIGHT, "Tonight's pool")
    with at(TONIGHT.replace(hour=23)):
        page = as_user(staff).get("/settle-up/").content.decode()
    balances = page.split("<h2>Balances</h2>")[1].split("</ul>")[0]
    assert listed(balances) == {"Aramis": "-3.00", "Athos": "6.00", "Porthos": "-3.00"}
    assert "<svg" not in balances  # the picture is the evening's, below
    assert listed(evening_section(page)) == {"Athos": "+6.00", "Porthos": "-3.00",
                                             "Aramis": "-3.00"}


def test_in_french_the_day_and_the_amounts_as_french_writes_them(staff, two_evenings):
    with at(TONIGHT.replace(hour=23, minute=45)):
        page = as_user(staff, HTTP_ACCEPT_LANGUAGE="fr").get("/settle-up/").content.decode()
    part = evening_section(page)
    assert "L'argent de la soirée (05/03/2026)" in part and "The evening" not in part
    assert label(part) == ("La soirée du 05/03/2026, gagné et perdu au jeu\u00a0: Athos +6,00, "
                           "Porthos -3,00, Aramis -3,00")
    assert "Qui a gagné et qui a perdu au jeu" in part
    assert listed(part) == {"Athos": "+6,00", "Porthos": "-3,00", "Aramis": "-3,00"}


@override_settings(TIME_ZONE="Europe/Paris")
def test_a_table_opened_after_midnight_counts_for_the_evening_it_was_played_in(staff):
    # 21:00 in Paris on 5 March, then 00:30 on the 6th: one evening, the 5th's.
    pool_won(staff, "Athos", 300, datetime(2026, 3, 5, 20, tzinfo=timezone.utc), "First")
    pool_won(staff, "Aramis", 100, datetime(2026, 3, 5, 23, 30, tzinfo=timezone.utc),
             "After midnight")
    with at(datetime(2026, 3, 6, 0, 45, tzinfo=timezone.utc)):
        part = evening_section(as_user(staff).get("/settle-up/").content.decode())
    assert "5 Mar 2026" in part
    assert listed(part) == {"Athos": "+5.00", "Aramis": "-1.00", "Porthos": "-4.00"}
    # 07:00 in Paris on the 6th: a new evening begins with its first table.
    pool_won(staff, "Porthos", 200, datetime(2026, 3, 6, 6, tzinfo=timezone.utc), "Next")
    part = evening_section(as_user(staff).get("/settle-up/").content.decode())
    assert "6 Mar 2026" in part
    assert listed(part) == {"Porthos": "+4.00", "Athos": "-2.00", "Aramis": "-2.00"}


def test_an_evening_without_money_at_play_says_so_and_no_table_shows_nothing(staff):
    page = as_user(staff).get("/settle-up/").content.decode()
    assert 'class="evening-money"' not in page and "<svg" not in page
    with at(TONIGHT):
        pool(staff, name="No stakes")  # a pool without an entry: nothing to win
    part = evening_section(as_user(staff).get("/settle-up/").content.decode())
    assert "<svg" not in part
    assert "No money was won or lost at play that evening." in part
