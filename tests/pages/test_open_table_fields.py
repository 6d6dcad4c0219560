"""The open-table form (/tables/new/) shows the kind of table first, then only what that kind
takes: a pool three seats, its stakes and wagers and every option of the two-handed game; a
rubber two seats and none of the pool's own options (its unit, streak, entry and forfeit);
à trois three seats, à quatre four, with their target and the rank of the cards, and neither
stakes nor wagers (docs/rules.md, sections 10 to 13). The options seldom changed fold away.
Without JS the page is drawn for the kind asked (?kind=, or "Show its fields"), and the form
sent as the page shows it opens the table: what it leaves out keeps its default."""
import re
from html.parser import HTMLParser

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db

SEATS = ("seat1", "seat2", "seat3", "seat4")
RARE = ("ranking", "dealer_exchange", "doubling", "offer_point", "target", "game_value",
        "rubber_games", "pool_unit", "pool_streak")
LIMITS = ("levy_percent", "wager_min", "wager_max")  # shown once a style of wagers is chosen


class Controls(HTMLParser):
    """The form's controls as a reader meets them: each name with whether it is shown (in no
    hidden box, and not disabled, so that it is sent) and whether it sits in a closed fold."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self, page: str):
        super().__init__()
        self.stack, self.controls = [], {}
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("input", "select") and attrs.get("name") and attrs.get("type") != "hidden":
            hidden = any(box["hidden"] for box in self.stack)
            folded = any(box["tag"] == "details" and not box["open"] for box in self.stack)
            shown = not hidden and "disabled" not in attrs
            was = self.controls.get(attrs["name"])
            self.controls[attrs["name"]] = {"shown": shown or bool(was and was["shown"]),
                                            "folded": folded}
        if tag not in self.VOID:
            self.stack.append({"tag": tag, "hidden": "hidden" in attrs, "open": "open" in attrs})

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break

    def shown(self) -> set[str]:
        return {name for name, c in self.controls.items() if c["shown"]}


def controls(answer) -> Controls:
    page = answer.content.decode()
    return Controls(page[page.index('data-open-table'):page.index("</form>",
                                                                   page.index("data-open-table"))])


def test_a_pool_shows_no_field_of_a_table_a_trois_or_a_quatre(opener):
    form = controls(opener.get("/tables/new/"))  # a pool unless another kind is asked

    shown = form.shown()
    assert {"format", "name", "seat1", "seat2", "seat3", "first_dealer", "wager_style",
            "pool_entry", "pool_forfeit", *RARE} <= shown
    assert "seat4" not in shown and "many_target" not in shown
    assert not set(LIMITS) & shown  # no wagers by default
    # The kind of table comes first; the options seldom changed are folded away, the stakes not.
    assert list(form.controls)[0] == "format"
    assert all(form.controls[name]["folded"] for name in RARE)
    assert not form.controls["pool_entry"]["folded"]


@pytest.mark.parametrize("kind, takes, not_taken", [
    ("rubber", {"seat1", "seat2", "wager_style", "rubber_games", "doubling", "target"},
     {"seat3", "seat4", "many_target", "pool_unit", "pool_streak", "pool_entry",
      "pool_forfeit"}),
    ("trois", {"seat1", "seat2", "seat3", "many_target", "ranking"},
     {"seat4", "wager_style", "pool_entry", "pool_forfeit", "doubling", "target",
      "rubber_games", "levy_percent", "wager_min"}),
    ("quatre", {"seat1", "seat2", "seat3", "seat4", "many_target", "ranking"},
     {"wager_style", "pool_entry", "doubling", "target", "game_value", "offer_point"}),
])
def test_each_kind_of_table_shows_its_own_fields_only(opener, kind, takes, not_taken):
    answer = opener.get(f"/tables/new/?kind={kind}")

    shown = controls(answer).shown()
    assert takes <= shown and not (not_taken & shown)
    assert re.search(rf'name="format" value="{kind}"[^>]* checked', answer.content.decode())


@pytest.mark.parametrize("kind, seats", [("pool", 3), ("rubber", 2), ("trois", 3),
                                         ("quatre", 4)])
def test_the_form_sent_as_the_page_shows_it_opens_that_kind_of_table(opener, four, kind,
                                                                      seats):
    shown = controls(opener.get(f"/tables/new/?kind={kind}")).shown()
    every = {"format": kind, "name": f"A {kind}", "first_dealer": "seat1", "wager_style": "none",
             "many_target": "5", "ranking": "ace_high", "dealer_exchange": "required",
             "doubling": "false", "offer_point": "false", "target": "5",
             "game_value": "single", "rubber_games": "3", "pool_unit": "game",
             "pool_streak": "2", "pool_entry": "", "pool_forfeit": "", "levy_percent": "",
             "wager_min": "", "wager_max": "", **{SEATS[n]: four[n].pk for n in range(seats)}}
    sent = {name: value for name, value in every.items() if name in shown} | {"key": kind}

    answer = opener.post("/tables/new/", sent)

    table = Table.objects.get()
    assert answer.status_code == 302 and table.format == kind
    assert table.seating == [p.pk for p in four[:seats]]
    assert table.rules["ranking"] == "ace_high"
    if kind in ("trois", "quatre"):
        assert table.rules["target"] == 5 and "pool_entry" not in sent
    else:
        assert table.rules["target"] == 5 and table.rules["pool_entry"] == 0
        assert ("pool_entry" in sent) == (kind == "pool")


def test_show_its_fields_draws_the_page_again_for_the_kind_chosen_keeping_what_was_typed(
        opener, four):
    answer = opener.post("/tables/new/", {"step": "kind", "format": "quatre", "name": "Whist",
                                          "seat1": four[2].pk, "key": "k"})

    assert answer.status_code == 200 and not Table.objects.exists()
    page = answer.content.decode()
    shown = controls(answer).shown()
    assert {"seat4", "many_target"} <= shown and "wager_style" not in shown
    assert 'value="Whist"' in page
    assert f'<option value="{four[2].pk}" selected>' in page


def test_a_refusal_beside_a_field_the_kind_does_not_take_is_shown(opener, four):
    sent = {"format": "quatre", "name": "T", "first_dealer": "seat1", "key": "k",
            "ranking": "classic", "many_target": "7", "doubling": "true",
            **{SEATS[n]: four[n].pk for n in range(4)}}

    answer = opener.post("/tables/new/", sent)

    assert answer.status_code == 400 and not Table.objects.exists()
    form = controls(answer)
    assert "doubling" in form.shown() and not form.controls["doubling"]["folded"]
    assert "take only the game target and the rank of the cards" in answer.content.decode()
