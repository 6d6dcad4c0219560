"""A finished game à trois on the pages, in English and French (issue 31): the table's page and
its projector, the scorer's last hands, the hand-by-hand page and the history say the end of
the three-handed phase and the finish, never a figure that reads like a tie ("7–7–4") or like
a duel the winner took 7–4; and a won table à trois or à quatre has its result card, as a won
pool or rubber has."""
import html
import io
import re

import pytest
from django.core.cache import cache
from django.test import Client
from PIL import Image

from testbed.users import user_with_token
from tests.games.kit import Api, open_quatre, players
from tests.games.quatre_kit import win_game
from tests.games.trois_phases_kit import FINISH, play, trois_table

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
SAID = {"en": "Constance takes the game at 7 (Athos 2, Porthos 1); Athos second, 7–4 over "
              "Porthos",
        "fr": "Constance remporte la partie à 7 (Athos 2, Porthos 1)\u202f; Athos deuxième, "
              "7–4 contre Porthos"}
GAME = {"en": "Game 1: ", "fr": "Partie 1\u00a0: "}


@pytest.fixture(autouse=True)
def no_cards_kept():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api(staff) -> Api:
    return Api(Client(), user_with_token("terminal", staff=True)[1])


def text(page: str) -> str:
    """The page's text as it reads, its scripts (the snapshot, the words) left out."""
    page = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", "", page)))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_of_a_game_a_trois_says_its_two_phases(api, scorer, language):
    snap, _ = trois_table(api)
    headers = FR if language == "fr" else {}
    table = snap["id"]

    for path in ("", "tv/", "score/", "hand-by-hand/", "history/"):
        page = text(scorer.get(f"/tables/{table}/{path}", **headers).content.decode())
        assert GAME[language] + SAID[language] in page, path
        assert "7–7" not in page and "7–4 " not in page.replace(SAID[language], ""), path


def meta(page: str) -> dict:
    return {name: html.unescape(value) for name, value in re.findall(
        r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', page)}


def test_a_won_game_a_trois_has_its_result_card(api, client):
    snap, who = trois_table(api, finished=False)  # Constance has withdrawn: the finish goes on
    assert client.get(f"/tables/{snap['id']}/card.png").status_code == 404  # none in play
    play(api, snap, FINISH, {name: player.pk for name, player in who.items()})

    tags = meta(client.get(f"/tables/{snap['id']}/").content.decode())
    french = meta(client.get(f"/tables/{snap['id']}/", **FR).content.decode())
    card = client.get(f"/tables/{snap['id']}/card.png")

    assert tags["og:title"] == "Constance wins the game à trois · Trois"
    assert tags["og:description"].startswith(
        f"Constance wins the game à trois at the table “Trois”: {SAID['en']}.")
    assert french["og:title"] == "Constance remporte la partie à trois · Trois"
    assert SAID["fr"] in french["og:description"]
    assert card.status_code == 200 and card["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(card.content)).size == (1200, 630)


def test_a_won_match_a_quatre_has_its_result_card(api, client):
    four = players("Aramis", "D'Artagnan", "Rochefort", "Milady")
    ours, theirs = (four[1].pk, four[3].pk), (four[0].pk, four[2].pk)
    snap = open_quatre(api, four).json()
    for side in (ours, theirs, ours):
        snap = win_game(api, snap, side)

    tags = meta(client.get(f"/tables/{snap['id']}/").content.decode())
    french = meta(client.get(f"/tables/{snap['id']}/", **FR).content.decode())

    assert tags["og:title"] == "D'Artagnan & Milady win the match à quatre · Quatre"
    assert tags["og:description"].startswith(
        "D'Artagnan & Milady win the match à quatre at the table “Quatre”: D'Artagnan & "
        "Milady 2 games won, Aramis & Rochefort 1 game won.")
    assert french["og:title"] == "D'Artagnan & Milady remportent le match à quatre · Quatre"
    assert client.get(f"/tables/{snap['id']}/card.png").status_code == 200
