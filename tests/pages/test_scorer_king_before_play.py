"""A turned or announced king that ends the game before play (docs/rules.md, ruling 12): no
trick is played, and the scorer's summary says so with a button of its own, "0 – 0, no trick:
the king's mark won the game", two-handed and à trois as à quatre already did (issue 31). A
split of the tricks is refused (the game was already over); the button records the hand, in
its place, and a correction shows it chosen."""
import html
import re

import pytest

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import hand_won_by
from tests.games.trois_kit import vole_to
from tests.pages.kit import summary_post, trois_post, url

pytestmark = pytest.mark.django_db
NO_TRICK = "no trick: the king's mark won the game"


def played_to_four(table, player, staff, record_for) -> dict:
    """Voles for `player` until he has 4 points of the 5 of the game: the table's snapshot."""
    for _vole in range(2):
        table.refresh_from_db()
        record_hand(table_id=table.pk, record=record_for(table.snapshot, player.pk), by=staff)
    table.refresh_from_db()
    return table.snapshot


@pytest.fixture
def pool(staff, trio):
    """Athos has 4 points of 5: his king ends the game before play."""
    table = open_table(name="Pool", format="pool", players=trio, rules={}, by=staff,
                       first_dealer=trio[1])
    snap = played_to_four(table, trio[0], staff, hand_won_by)
    assert snap["game"]["score"][str(trio[0].pk)] == 4
    return table


def athos_seat(table, trio) -> str:
    table.refresh_from_db()
    return next(seat for seat in ("elder", "dealer")
                if table.snapshot["seats"][seat] == trio[0].pk)


def buttons(page: str, name: str) -> list[str]:
    """The text of each button of the form field `name` that says no trick, its spaces one."""
    found = re.findall(rf'<button type="submit" name="{name}" value="none"[^>]*>(.*?)</button>',
                       page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split()) for text in found]


def test_the_two_handed_summary_offers_the_hand_with_no_trick(scorer, pool):
    page = scorer.get(url(pool)).content.decode()

    assert buttons(page, "elder_tricks") == [f"0 – 0 {NO_TRICK}"]


def test_the_king_before_play_is_recorded_with_no_trick(scorer, pool, trio):
    seat = athos_seat(pool, trio)
    split = scorer.post(url(pool), summary_post(opening="played", king=seat,
                                                elder_tricks="3", number=3))

    answer = scorer.post(url(pool), summary_post(opening="played", king=seat, key="k2",
                                                 elder_tricks="none", number=3))

    assert split.status_code == 422  # a split of the tricks: the game was already over
    assert "the game was already over" in split.content.decode()
    assert answer.status_code == 302
    hand = Hand.objects.get(number=3)
    assert hand.record["summary"]["tricks"] == {"elder": 0, "dealer": 0}
    assert hand.result["game_over"]
    pool.refresh_from_db()
    assert pool.snapshot["last_game"]["winner"] == trio[0].pk
    # Its correction shows the button chosen.
    page = scorer.get(f"/tables/{pool.pk}/hands/3/correct/").content.decode()
    assert re.search(r'name="elder_tricks" value="none" class="split quiet chosen"', page)


def test_a_turned_king_that_ends_the_game_goes_in_the_same_way(scorer, staff, trio):
    table = open_table(name="Pool", format="pool", players=trio, rules={}, by=staff,
                       first_dealer=trio[1])
    played_to_four(table, trio[0], staff, hand_won_by)
    table.refresh_from_db()
    if table.snapshot["seats"]["dealer"] != trio[0].pk:  # the king is turned by the dealer
        record_hand(table_id=table.pk, record=hand_won_by(table.snapshot, trio[1].pk,
                                                           vole=False), by=staff)
        table.refresh_from_db()
    assert table.snapshot["seats"]["dealer"] == trio[0].pk
    number = Hand.objects.count() + 1

    answer = scorer.post(url(table), summary_post(opening="played", king="turned",
                                                  elder_tricks="none", number=number))

    assert answer.status_code == 302
    assert Hand.objects.get(number=number).record["summary"] == {
        "opening": "played", "king_turned": True, "tricks": {"elder": 0, "dealer": 0}}


def test_without_a_king_that_ends_the_game_no_trick_is_refused_beside_the_tricks(scorer,
                                                                                staff, trio):
    table = open_table(name="Pool", format="pool", players=trio, rules={}, by=staff)
    page = scorer.get(url(table)).content.decode()

    answer = scorer.post(url(table), summary_post(elder_tricks="none"))

    assert buttons(page, "elder_tricks") == [f"0 – 0 {NO_TRICK}"]
    assert answer.status_code == 422 and not Hand.objects.exists()
    refused = re.search(r'id="tricks-s-error"[^>]*>(.*?)</p>', answer.content.decode(), re.S)
    assert "this outcome cannot happen" in refused.group(1)


@pytest.fixture
def trois(staff, trio):
    """Porthos has 4 points of 5, and is the middle of the next hand."""
    table = open_table(name="Trois", format="trois", players=trio, rules={"target": 5},
                       by=staff, first_dealer=trio[0])
    snap = played_to_four(table, trio[1], staff, vole_to)
    assert snap["trois"]["score"][str(trio[1].pk)] == 4
    assert snap["trois"]["seats"]["middle"] == trio[1].pk
    return table


def test_a_trois_the_king_before_play_is_recorded_with_no_trick(scorer, trois, trio):
    page = scorer.get(url(trois)).content.decode()
    refused = scorer.post(url(trois), trois_post(number=3, opening="played", king="middle"))

    answer = scorer.post(url(trois), {k: v for k, v in trois_post(
        number=3, key="k2", opening="played", king="middle").items()
        if not k.startswith("tricks_")} | {"tricks": "none"})

    assert buttons(page, "tricks") == [f"0 – 0 – 0 {NO_TRICK}"]
    assert refused.status_code == 422
    assert "the game was already over" in refused.content.decode()
    assert answer.status_code == 302
    hand = Hand.objects.get(number=3)
    assert hand.record["summary"]["tricks"] == {"elder": 0, "middle": 0, "dealer": 0}
    trois.refresh_from_db()
    assert trois.snapshot["trois"]["withdrawn"] == [trio[1].pk]  # Porthos won the game
    correct = scorer.get(f"/tables/{trois.pk}/hands/3/correct/").content.decode()
    assert re.search(r'name="tricks" value="none" class="split quiet chosen"', correct)


def test_the_button_reads_in_french(scorer, pool, trois):
    pages = [scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
             for table in (pool, trois)]

    said = "aucune levée : le point du roi a gagné la partie"
    assert buttons(pages[0], "elder_tricks") == [f"0 – 0 {said}"]
    assert buttons(pages[1], "tricks") == [f"0 – 0 – 0 {said}"]
