"""The standings' money column is what each player won or lost at play (the pool's entries,
forfeits and payout, the wagers' stakes and settlements, the levy), whatever has been paid
since: payments between members settle debts, they are not winnings (docs/api.md, Standings).
The same figure in the selector, the API, a player's stats and the page, in both languages."""
import re
from datetime import datetime, timezone
from unittest import mock

import pytest
from django.utils import translation

from club import ledger, money_text
from tests.games.kit import member, players, win_game

pytestmark = pytest.mark.django_db

EVENING, NEXT_DAY = (datetime(2026, 3, 5, 20, tzinfo=timezone.utc),
                     datetime(2026, 3, 6, 12, tzinfo=timezone.utc))

# Worked by hand (docs/rules.md: a French gallery balanced, the levy of 5 % on the winnings):
#   Athos   -10.00 entry, -4.00 on himself, +7.80 (his 4.00 + Dora's 4.00 less 0.20 levy),
#           +30.00 the pot (three entries)                                    = 23.80
#   Porthos -10.00 entry;  Aramis -10.00 entry;  Dora -4.00 on Porthos, lost;  the house 0.20
#   Sum: 23.80 - 10.00 - 10.00 - 4.00 + 0.20 = 0.
WON_AT_PLAY = {"Athos": "23.80", "Porthos": "-10.00", "Aramis": "-10.00", "Dora": "-4.00"}


@pytest.fixture
def evening_paid(client, staff_api):
    """Athos wins a French pool and his bet on himself; the next day every payment of the
    settle-up is recorded, so that every balance is 0.00."""
    athos_api, athos = member(client, "Athos")
    dora_api, dora = member(client, "Dora")
    porthos, aramis = players("Porthos", "Aramis")
    with mock.patch("django.utils.timezone.now", return_value=EVENING):
        pool = staff_api.post("/tables", {
            "name": "Pool", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
            "first_dealer": porthos.pk, "wager_style": "french",
            "rules": {"pool_entry": "10.00", "levy_percent": "5"}}).json()
        bet = f"/tables/{pool['id']}/wagers"
        assert athos_api.post(bet, {"on": athos.pk, "stake": "4.00"}).status_code == 201
        assert dora_api.post(bet, {"on": porthos.pk, "stake": "4.00"}).status_code == 201
        pool, _ = win_game(staff_api, pool, athos.pk)
        pool, _ = win_game(staff_api, pool, athos.pk)
        assert (pool["status"], pool["pool"]["pot"]) == ("won", "30.00")
    assert money_text.plain(ledger.player_balance(athos)) == "23.80"
    with mock.patch("django.utils.timezone.now", return_value=NEXT_DAY):
        for payment in dora_api.get("/settle-up").json()["payments"]:
            paid = staff_api.post("/payments", {"from": payment["from"]["id"],
                                                "to": payment["to"]["id"],
                                                "amount": payment["amount"]})
            assert paid.status_code == 201, paid.content
    assert ledger.player_balance(athos) == 0
    return {"Athos": athos, "Porthos": porthos, "Aramis": aramis, "Dora": dora}


def won(rows) -> dict:
    return {row["player"]["name"]: row["won_at_play"] for row in rows}


def test_the_standings_keep_what_was_won_at_play_after_the_settle_up_is_paid(
        staff_api, evening_paid):
    assert won(staff_api.get("/standings").json()["standings"]) == WON_AT_PLAY
    evening = staff_api.get("/standings?from=2026-03-05&to=2026-03-05").json()["standings"]
    assert won(evening) == WON_AT_PLAY
    athos = evening_paid["Athos"].pk
    assert staff_api.get(f"/players/{athos}").json()["stats"]["won_at_play"] == "23.80"


def test_a_day_of_payments_only_lists_nobody(staff_api, evening_paid):
    answer = staff_api.get("/standings?from=2026-03-06&to=2026-03-06")

    assert answer.json()["standings"] == []


@pytest.mark.parametrize("language, heading, period, won, lost", [
    ("en", "Won at play", "All time: 4 players", "23.80", "-4.00"),
    # French spaces its colons, and writes a decimal comma
    ("fr", "Gagné au jeu", "Depuis toujours\u00a0: 4 joueurs", "23,80", "-4,00")])
def test_the_page_names_the_column_and_shows_the_winnings(client, evening_paid, language,
                                                          heading, period, won, lost):
    with translation.override(language):
        page = client.get("/standings", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert f">{heading}</th>" in page and period in re.sub(r"[ \n]+", " ", page)
    assert f">{won}</td>" in page and f">{lost}</td>" in page
