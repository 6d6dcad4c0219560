"""The open-table form says what the table will be (issue 31): only the kind's own seats and
options (a pool's first dealer one of its two who play first, a rubber's "best of" in view),
the wagers' limits only once a style of wagers is chosen (a limit sent for a table without
those wagers is ignored), the table's other scorers and its privacy; and a player already at a
table in play is a warning beside his seat that the opener overrides ("Open it all the same"):
nothing is opened until he does. Without a script, as these requests are."""
import html
import re
import uuid

import pytest
from django.contrib.auth import get_user_model

from club.players import create_player
from games.models import Table
from games.services.tables import open_table
from tests.pages.test_open_table_fields import controls

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="pw")


@pytest.fixture
def opener(client, alice):
    client.force_login(alice)
    return client


def sent(four, kind="pool", **changes) -> dict:
    """The form as the page draws a pool (or `kind`) without wagers, the seats filled in."""
    data = {"format": kind, "name": "T", "first_dealer": "", "wager_style": "none",
            "key": uuid.uuid4().hex, "seat1": four[0].pk, "seat2": four[1].pk}
    if kind != "rubber":
        data["seat3"] = four[2].pk
    return data | changes


def dealers(page: str) -> list[str]:
    """The first dealers the page lets the reader choose: the options neither hidden nor
    disabled."""
    select = re.search(r'<select name="first_dealer".*?</select>', page, re.S).group(0)
    return [value for value, attrs in re.findall(r'<option value="(\w*)"([^>]*)>', select)
            if "hidden" not in attrs and "disabled" not in attrs]


def said(text: str) -> str:
    """Text as a reader reads it: its entities read, each run of spaces (a no-break space
    before a French colon too) one space."""
    return " ".join(html.unescape(text).split())


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', page, re.S)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_the_first_dealer_is_chosen_among_the_kinds_own_seats(opener):
    offered = {kind: dealers(opener.get(f"/tables/new/?kind={kind}").content.decode())
               for kind in ("pool", "rubber", "trois", "quatre")}

    assert offered == {"pool": ["", "seat1", "seat2"], "rubber": ["", "seat1", "seat2"],
                       "trois": ["", "seat1", "seat2", "seat3"],
                       "quatre": ["", "seat1", "seat2", "seat3", "seat4"]}


def test_a_pool_names_its_third_seat_the_observer_and_a_table_a_trois_does_not(opener):
    pool = opener.get("/tables/new/").content.decode()
    trois = opener.get("/tables/new/?kind=trois").content.decode()

    assert re.search(r'<span data-kinds="pool">\(observes first at a pool\)</span>', pool)
    assert re.search(r'<span data-kinds="pool" hidden>\(observes first at a pool\)</span>',
                     trois)
    assert "plays à trois and à quatre" not in pool


def test_a_rubber_shows_how_many_games_it_is_played_to_outside_the_fold(opener):
    rubber = controls(opener.get("/tables/new/?kind=rubber"))
    pool = controls(opener.get("/tables/new/"))

    assert "rubber_games" in rubber.shown() and not rubber.controls["rubber_games"]["folded"]
    assert pool.controls["rubber_games"]["folded"]  # a pool's unit is seldom a rubber


def test_the_wagers_limits_are_shown_for_the_style_chosen_only(opener, four):
    """Without a script, "Show its fields" draws the page again for the wagers chosen."""
    shown = {style: controls(opener.post("/tables/new/", sent(four, wager_style=style,
                                                              step="kind"))).shown()
             for style in ("none", "english", "french")}

    limits = {"levy_percent", "wager_min", "wager_max"}
    assert {style: limits & fields for style, fields in shown.items()} == {
        "none": set(), "english": {"wager_min", "wager_max"}, "french": limits}
    assert all("pool_entry" in fields for fields in shown.values())
    assert not Table.objects.exists()


def test_a_limit_sent_for_a_table_without_wagers_is_ignored(opener, four):
    answer = opener.post("/tables/new/", sent(four, levy_percent="5", wager_min="3",
                                              wager_max="2"))

    table = Table.objects.get()
    assert answer.status_code == 302
    assert (table.rules["levy_percent"], table.rules["wager_min"],
            table.rules["wager_max"]) == (0, 10, None)


def test_the_levy_sent_with_english_wagers_is_ignored_and_their_limits_kept(opener, four):
    opener.post("/tables/new/", sent(four, wager_style="english", levy_percent="5",
                                     wager_min="1"))

    table = Table.objects.get()
    assert (table.rules["levy_percent"], table.rules["wager_min"]) == (0, 100)


def test_the_opener_names_the_other_scorers_and_makes_the_table_private(opener, four, alice):
    claire = get_user_model().objects.create_user("claire")
    create_player(name="Claire", username="claire")
    page = opener.get("/tables/new/").content.decode()
    box = re.search(r'<input type="checkbox" name="scorers" value="(\d+)"[^>]*>\s*Claire',
                    page)

    answer = opener.post("/tables/new/", sent(four, scorers=[box.group(1)], private="on"))

    table = Table.objects.get()
    assert answer.status_code == 302 and table.private
    assert list(table.scorers.all()) == [claire] and table.opened_by == alice
    # The opener scores his tables anyway: he is no choice.
    assert not re.search(r'name="scorers" value="%d"' % alice.pk, page)


def test_a_scorer_sent_in_other_digits_is_refused(opener, four):
    get_user_model().objects.create_user("claire")
    pk = get_user_model().objects.get(username="claire").pk
    arabic = str(pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))

    answer = opener.post("/tables/new/", sent(four, scorers=[arabic]))

    assert answer.status_code == 400 and not Table.objects.exists()
    assert "is not a valid value" in error_of(answer.content.decode(), "scorers")


def test_show_its_fields_keeps_the_scorers_and_the_privacy(opener, four):
    claire = get_user_model().objects.create_user("claire")

    page = opener.post("/tables/new/", sent(four, kind="quatre", seat4=four[3].pk,
                                            scorers=[claire.pk], private="on",
                                            step="kind")).content.decode()

    assert re.search(rf'name="scorers" value="{claire.pk}"[^>]* checked', page)
    assert re.search(r'name="private"[^>]* checked', page)


@pytest.fixture
def elsewhere(four, alice):
    """Porthos already plays a rubber, in play."""
    return open_table(name="The long rubber", format="rubber", players=[four[3], four[1]],
                      rules={}, by=alice)


def test_a_player_at_a_table_in_play_is_said_beside_his_seat_until_confirmed(opener, four,
                                                                              elsewhere):
    answer = opener.post("/tables/new/", sent(four))

    page = answer.content.decode()
    assert answer.status_code == 400 and Table.objects.count() == 1
    assert ("Already at another table in play: Porthos (The long rubber). Open this one all "
            "the same only if they will play at both.") in error_of(page, "seat2")
    assert re.search(r'<div class="notice" data-elsewhere-confirm>', page)
    assert "Open it all the same: they will play at both tables" in page
    # The opener confirms: it opens.
    confirmed = opener.post("/tables/new/", sent(four, despite_elsewhere="on"))
    assert confirmed.status_code == 302 and Table.objects.count() == 2


def test_the_warning_is_said_in_french(opener, four, elsewhere):
    answer = opener.post("/tables/new/", sent(four), HTTP_ACCEPT_LANGUAGE="fr")

    page = answer.content.decode()
    assert ("Déjà à une autre table en jeu : Porthos (The long rubber). Ouvrez celle-ci "
            "quand même seulement s'ils joueront aux deux.") in said(error_of(page, "seat2"))
    assert "Ouvrir quand même : ils joueront aux deux tables" in said(page)


def test_the_page_tells_its_script_who_is_at_a_table_in_play(opener, four, elsewhere):
    """open_table.js shows each sentence beside the seat as its player is chosen."""
    page = opener.get("/tables/new/").content.decode()

    words = re.search(r'<script id="elsewhere-words" type="application/json">(.*?)</script>',
                      page).group(1)
    assert f'"{four[1].pk}": "Porthos already sits at The long rubber, in play."' in words
    assert f'"{four[0].pk}"' not in words
    assert re.search(r'<div class="notice" data-elsewhere-confirm hidden>', page)
