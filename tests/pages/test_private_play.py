"""What an anonymous reader learns of a private table's play (docs/api.md, Private tables):
nothing. Its pages answer as a table that does not exist; the lists, the standings, the member's
page and its charts count the public tables' play alone, a player who played only at private
tables is not in the standings, and the ratings shown are those of the public games alone. A
signed-in member sees the club's play whole, as before."""
import html
import re
from datetime import datetime, timezone
from unittest import mock

import pytest
from django.test import Client

from club.models import Player
from games import ratings
from games.models import Hand
from games.services.hands import correct_hand
from games.services.tables import open_table
from tests.games.rating_kit import DEALER_VOLE, ELDER_VOLE, beats, rubber, win
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
START = ratings.START


def at(day: int, hour: int, minute: int = 0):
    """Everything stamped inside happens then, in March 2026."""
    return mock.patch("django.utils.timezone.now",
                      return_value=datetime(2026, 3, day, hour, minute, tzinfo=timezone.utc))


def private_rubber(by, first, second):
    return open_table(name=f"{first} v {second} (private)", format="rubber",
                      players=[first, second], rules={"rubber_games": 1}, by=by,
                      first_dealer=second, private=True)


@pytest.fixture
def club(staff):
    """Athos beats Porthos at a public table; at private tables Dora beats Edmond, then Athos;
    then Porthos beats Athos at a public table. Dora and Edmond never played in public."""
    athos, porthos, dora, edmond = (Player.objects.create(name=name)
                                    for name in ("Athos", "Porthos", "Dora", "Edmond"))
    for minute, (opened, first, second, winner) in enumerate([
            (rubber, athos, porthos, athos), (private_rubber, dora, edmond, dora),
            (private_rubber, athos, dora, dora), (rubber, athos, porthos, porthos)]):
        with at(5, 18, 10 * minute):
            win(opened(staff, first, second), staff, winner)
    return {"Athos": athos, "Porthos": porthos, "Dora": dora, "Edmond": edmond}


def public_ratings(game: int = 2) -> dict:
    """Athos's and Porthos's ratings after the first public game or the second alone, as
    openskill has them."""
    athos, porthos = beats(START, START)
    if game == 2:
        porthos, athos = beats(porthos, athos)
    return {"Athos": ratings.ordinal(*athos), "Porthos": ratings.ordinal(*porthos)}


def standings_rows(page: str) -> dict:
    """{name: (rating, games)} of the standings page's rows."""
    rows = re.findall(r'<a href="/players/\d+/">([^<]+)</a></th>\s*<td class="rating"><strong>'
                      r'(-?[0-9.]+)</strong>.*?</td>\s*<td>(\d+/\d+)</td>', page, re.S)
    return {name: (float(rating), games) for name, rating, games in rows}


def test_the_anonymous_standings_count_the_public_tables_alone(client, club, staff):
    anonymous = client.get("/standings").content.decode()
    member = as_user(staff).get("/standings").content.decode()

    assert standings_rows(anonymous) == {name: (rating, "1/2") for name, rating
                                         in public_ratings().items()}
    assert "Dora" not in anonymous and "Edmond" not in anonymous
    trends = [html.unescape(label) for label in re.findall(r'aria-label="([^"]*)"', anonymous)]
    assert (f"Athos's rating over the latest 2 games: {public_ratings(1)['Athos']} to "
            f"{public_ratings()['Athos']}") in trends
    # A signed-in member sees every game, rated as the club rates them.
    assert set(standings_rows(member)) == {"Athos", "Porthos", "Dora", "Edmond"}
    assert standings_rows(member)["Athos"][1] == "1/3"


def facts(page: str) -> dict:
    return {key: value for key, value in re.findall(r"<dd data-(\w+)>([^<]*)</dd>", page)}


def without_token(page: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page)


def test_an_anonymous_member_page_shows_the_public_play_alone(client, club, staff):
    athos, dora = club["Athos"], club["Dora"]
    never = Player.objects.create(name="Zed")

    page = client.get(f"/players/{athos.pk}/").content.decode()
    hers = client.get(f"/players/{dora.pk}/").content.decode()
    nobody = client.get(f"/players/{never.pk}/").content.decode()

    assert facts(page) == {"won": "1", "lost": "1"}
    assert f'<strong data-rating>{public_ratings()["Athos"]}</strong>' in page
    rating_figures = page[page.index('data-chart="rating"'):page.index('id="evenings-title"')]
    assert len(re.findall(r"<tr><td", rating_figures)) == 2
    assert "1 won, 1 lost" in html.unescape(page)
    assert "private" not in page
    # Dora played only at private tables: her page is that of a player who never played.
    assert without_token(hers).replace("Dora", "Zed").replace(
        f"/{dora.pk}/", f"/{never.pk}/") == without_token(nobody)
    # A signed-in member sees his games at private tables too.
    mine = as_user(staff).get(f"/players/{athos.pk}/").content.decode()
    assert facts(mine) == {"won": "1", "lost": "2"}
    assert "1 won, 2 lost" in html.unescape(mine)


def test_a_correction_at_a_private_table_tells_an_anonymous_reader_nothing(client, club,
                                                                         staff):
    """Correcting a private game's winner owes a re-rating of the club; the public ratings
    are those of the public games, which it does not change."""
    before = client.get("/standings").content.decode()
    first = Hand.objects.get(table__private=True, table__name__startswith="Dora", number=1)
    assert first.record == ELDER_VOLE  # Dora's: Edmond deals first
    correct_hand(hand_id=first.pk, record=DEALER_VOLE, by=staff)
    assert ratings.pending_since() is not None

    after = client.get("/standings", {"again": 1}).content.decode()  # not the page kept

    assert standings_rows(after) == standings_rows(before)
    assert "being recomputed" not in after
    assert "being recomputed" in as_user(staff).get("/standings").content.decode()


def test_a_private_table_opened_on_a_later_evening_leaves_tonights_public_tables_listed(
        client, staff):
    with at(5, 19):
        public = rubber(staff, *(Player.objects.create(name=n) for n in ("Athos", "Porthos")))
    with at(6, 19):
        private_rubber(staff, *(Player.objects.create(name=n) for n in ("Dora", "Edmond")))

    for path in ("/tables/", "/tv/"):
        page = client.get(path).content.decode()
        assert public.name in page and "private" not in page, path


TABLE_PAGES = ["/tables/{}/", "/tables/{}/tv/", "/tables/{}/advice/", "/tables/{}/history/",
               "/tables/{}/hand-by-hand/", "/tables/{}/hand-by-hand/1/advice/",
               "/tables/{}/card.png"]


def said(answer, table_id: int) -> tuple:
    """The answer's status, where it leads and its page, the table's id and the form's token
    taken out."""
    text = without_token(answer.content.decode())
    return answer.status_code, answer.get("Location"), text.replace(f"/tables/{table_id}/",
                                                                    "/tables/ID/")


def test_an_anonymous_reader_asking_for_a_private_table_gets_what_no_table_gives(staff):
    table = private_rubber(staff, *(Player.objects.create(name=n) for n in ("Dora", "Edmond")))
    win(table, staff, Player.objects.get(name="Dora"))
    missing = table.pk + 1000

    for path in TABLE_PAGES:
        hidden = said(Client().get(path.format(table.pk)), table.pk)
        assert hidden == said(Client().get(path.format(missing)), missing), path
        assert hidden[0] == 404, path
    shown = as_user(staff).get(TABLE_PAGES[0].format(table.pk))
    assert shown.status_code == 200 and table.name in shown.content.decode()
    assert as_user(staff).get(TABLE_PAGES[-1].format(table.pk)).status_code == 200
