"""A won pool's or rubber's result card: a PNG made on the server at /tables/<id>/card.png, of
the link previews' size; none (404) for a table in play; the won table's page shows it with its
words and carries the Open Graph tags of a link preview, with the image's absolute URL. The
card is made again when a correction changes the finished table (a new `seq`)."""
import html
import io
import re

import pytest
from django.core.cache import cache
from PIL import Image

from club.models import Player
from games.models import Hand
from games.services.hands import correct_hand
from tests.games.kit import pool, record_game_won_by, summary, won_pool
from tests.games.rating_kit import rubber, win

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture(autouse=True)
def no_cards_kept():
    cache.clear()
    yield
    cache.clear()


def meta(page: str) -> dict:
    return {name: html.unescape(value) for name, value in re.findall(
        r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', page)}


def test_a_won_pool_has_a_png_card_of_the_link_previews_size(client, staff):
    table = pool(staff, name="Friday pool", pool_entry=1000)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)
    record_game_won_by(table, athos, staff)

    answer = client.get(f"/tables/{table.pk}/card.png")

    assert answer.status_code == 200 and answer["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(answer.content))
    assert image.format == "PNG" and image.size == (1200, 630)


def test_a_table_in_play_has_no_card(client, staff):
    table = pool(staff, hands=2)
    assert client.get(f"/tables/{table.pk}/card.png").status_code == 404
    assert client.get("/tables/999/card.png").status_code == 404
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "og:image" not in page and "card.png" not in page


def test_the_won_tables_page_shows_the_card_and_its_link_preview(client, staff):
    table = pool(staff, name="Friday pool", pool_entry=1000)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)
    record_game_won_by(table, athos, staff)
    table.refresh_from_db()

    page = client.get(f"/tables/{table.pk}/").content.decode()

    tags = meta(page)
    assert tags["og:image"] == f"http://testserver/tables/{table.pk}/card.png?v={table.seq}"
    assert tags["og:url"] == f"http://testserver/tables/{table.pk}/"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:title"] == "Athos wins the pool · Friday pool"
    # Athos won both games; the pot of the three entries is his.
    assert tags["og:description"].startswith(
        "Athos wins the pool at the table “Friday pool”: Athos 2 games won, Porthos 0 games "
        "won, Aramis 0 games won. The pot: 30.00.")
    img = re.search(r'<img src="([^"]+)" alt="([^"]+)"', page)
    assert img.group(1) == f"/tables/{table.pk}/card.png?v={table.seq}"
    assert html.unescape(img.group(2)) == tags["og:description"]
    assert f'href="/tables/{table.pk}/card.png?v={table.seq}" download="friday-pool.png"' in page
    assert client.get(img.group(1)).status_code == 200


def test_a_rubbers_card_in_french(client, staff):
    athos, porthos = (Player.objects.create(name=n) for n in ("Athos", "Porthos"))
    table = rubber(staff, athos, porthos)
    win(table, staff, porthos)

    page = client.get(f"/tables/{table.pk}/", **FR).content.decode()

    tags = meta(page)
    assert tags["og:title"] == "Porthos remporte la partie liée · Athos v Porthos"
    assert "Porthos 1 partie gagnée, Athos 0 partie gagnée." in tags["og:description"]
    assert "cagnotte" not in tags["og:description"]  # a rubber has no pot
    answer = client.get(f"/tables/{table.pk}/card.png", **FR)
    assert Image.open(io.BytesIO(answer.content)).size == (1200, 630)


def test_a_correction_of_the_finished_table_makes_a_new_card(client, staff):
    table = won_pool(staff)  # Athos beats Porthos, then Aramis, with voles
    url = f"/tables/{table.pk}/card.png"
    first = client.get(url).content
    assert client.get(url).content == first  # kept
    last = Hand.objects.filter(table=table).order_by("-number").first()
    tricks = last.record["summary"]["tricks"]["elder"]
    correct_hand(hand_id=last.pk, record=summary(5 - tricks), by=staff)  # Aramis's vole now
    assert client.get(url).status_code == 404  # the pool is in play again
    aramis = Player.objects.get(name="Aramis")
    record_game_won_by(table, aramis, staff)
    record_game_won_by(table, aramis, staff)  # Aramis beats Athos, then Porthos

    page = client.get(f"/tables/{table.pk}/").content.decode()

    assert meta(page)["og:title"] == "Aramis wins the pool · Won pool"
    again = client.get(url)
    assert again.status_code == 200 and again.content != first
