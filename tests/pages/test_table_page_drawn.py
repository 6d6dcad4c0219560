"""A table's page as the server draws it, before live.js: the end of the last game said in
words (templates/games/_game_end.html: "Claire takes the game 5–3", the same sentence live.js
writes), in English and in French; the table's rules folded away, and only the options that
apply to its kind: a rubber lists none of the pool's. From the Laws: a game is won by the
first to reach its target, 5 here; the elder who takes three tricks marks one point, and
two tricks give the dealer one."""
import html
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client

from games.models import Table
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import players, summary

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(answer) -> str:
    page = re.sub(r"<script.*?</script>", " ", answer.content.decode(), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def point_to(table: Table, player, by) -> Table:
    table.refresh_from_db()
    elder = table.snapshot["seats"]["elder"] == player.pk
    record_hand(table_id=table.pk, record=summary(3 if elder else 2), by=by)
    table.refresh_from_db()
    return table


@pytest.fixture
def won_5_3(staff):
    """A pool whose first game Claire won 5–3 over Alice, Bob looking on."""
    claire, alice, bob = players("Claire", "Alice", "Bob")
    table = open_table(name="Table 1", format="pool", players=[claire, alice, bob], rules={},
                       by=staff, first_dealer=alice)
    for who in (alice, claire, alice, claire, alice, claire, claire):
        table = point_to(table, who, staff)
    member = Client()  # whose pages are never kept (games/cached.py)
    member.force_login(staff)
    assert "takes the game" not in text(member.get(f"/tables/{table.pk}/"))
    return point_to(table, claire, staff)


def test_the_end_of_a_game_is_said_on_the_table_page_and_the_projector(won_5_3):
    for path in (f"/tables/{won_5_3.pk}/", f"/tables/{won_5_3.pk}/tv/", "/tv/", "/tables/"):
        assert "Claire takes the game 5–3" in text(Client().get(path)), path
        assert "Claire remporte la partie 5–3" in text(Client().get(path, **FR)), path


def test_the_game_end_partial_says_it_from_any_snapshot(won_5_3):
    said = render_to_string("games/_game_end.html", {"snap": won_5_3.snapshot})
    assert "Claire takes the game 5–3" in html.unescape(said)
    assert 'data-game="1"' in said
    fresh = dict(won_5_3.snapshot, last_game=None)
    assert render_to_string("games/_game_end.html", {"snap": fresh}).strip() == ""
    assert render_to_string("games/_game_end.html", {"snap": {}}).strip() == ""


def test_a_rubbers_page_lists_no_pool_only_rule_and_folds_its_rules(staff):
    claire, alice = players("Claire", "Alice")
    rubber = open_table(name="R", format="rubber", players=[claire, alice], rules={}, by=staff)
    page = Client().get(f"/tables/{rubber.pk}/").content.decode()
    assert '<details class="table-rules">' in page  # folded: no "open"
    rules = page[page.index('<details class="table-rules">'):]
    rules = rules[:rules.index("</details>")]
    for pool_only in ("The pool&#x27;s unit", "Units in succession to take the pool",
                      "Entry to the pool", "Forfeit of each unit"):
        assert pool_only not in rules, pool_only
    assert "Games in a rubber" in rules and "Game target" in rules


def test_a_pools_page_lists_its_rules_and_a_rubbers_games_only_when_its_unit_is_one(staff):
    trio = players("Claire", "Alice", "Bob")
    by_game = open_table(name="G", format="pool", players=trio, rules={}, by=staff)
    by_rubber = open_table(name="R", format="pool", players=trio,
                           rules={"pool_unit": "rubber"}, by=staff)
    game_page = text(Client().get(f"/tables/{by_game.pk}/"))
    rubber_page = text(Client().get(f"/tables/{by_rubber.pk}/"))
    for page in (game_page, rubber_page):
        assert "Units in succession to take the pool" in page and "Entry to the pool" in page
    assert "Games in a rubber" not in game_page
    assert "Games in a rubber" in rubber_page


def test_only_a_table_that_takes_wagers_has_a_wagers_section(staff, client):
    """À quatre takes no wagers (nor a table opened without them): no empty "Wagers" section;
    a pool in the English style has it, with its rule that no advice is given."""
    four = players("Athos", "Porthos", "Aramis", "Dartagnan")
    quatre = open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                        first_dealer=four[0])
    english = open_table(name="Pool", format="pool", players=four[:3], rules={}, by=staff,
                         wager_style="english", first_dealer=four[0])

    assert "Wagers (paris)" not in text(client.get(f"/tables/{quatre.pk}/"))
    page = text(client.get(f"/tables/{english.pk}/"))
    assert "Wagers (paris)" in page and "No advice to the players is allowed." in page


@pytest.mark.parametrize("asked, every", [("", "15"), ("4", "4"), ("1.5", "1.5"), ("0.1", "0.5"),
                                          ("300", "120"), ("soon", "15"), ("-3", "15")])
def test_the_projector_turns_its_pages_every_so_many_seconds_written_for_its_script(asked,
                                                                                    every):
    """`/tv/?every=N`: N seconds, a fraction too, from 0.5 to 120, else 15; written as the
    script reads a number, in French too (never "1,5")."""
    for language in ({}, FR):
        answer = Client().get(f"/tv/?every={asked}", **language)
        assert f'data-every="{every}"' in answer.content.decode()
