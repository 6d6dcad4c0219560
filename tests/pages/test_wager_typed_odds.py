"""The odds of an English offer travel as two whole numbers (a, b) from the page's two boxes
to the wagers service; only the JSON API writes them "a:b", read once at its edge (docs/rules.md,
section 11: odds are two positive whole numbers)."""
import pytest

from games.services.wagers import place_wager
from tests.pages.test_wager_pages import athos, bettors, table_of  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_service_takes_the_odds_as_two_whole_numbers(staff, bettors):  # noqa: F811
    table = table_of(staff, "english")

    wager = place_wager(table_id=table.pk, by=bettors["Charles"][0], on=athos().pk,
                        stake=10_00, odds=(5, 2))

    assert (wager.odds_for, wager.odds_against) == (5, 2)

