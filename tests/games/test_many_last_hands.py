"""The last hands of a table à trois or à quatre name the players each mark goes to (the
snapshot's `seats`, docs/api.md), so that a page can say "middle Aramis: +1 vulnerable
beaten"; and the table's page lists only the options that apply to these games."""
import pytest

from tests.games.kit import checked, open_quatre, open_trois, players

pytestmark = pytest.mark.django_db

PLAYED_DEALER_THREE = {"opening": "played", "king_turned": False}


def test_a_refusal_point_a_trois_names_the_third_player(scorer):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    snap = open_trois(scorer, [athos, porthos, aramis]).json()  # Athos deals: Porthos elder
    record = {"format": "ecarte-trois/1", "summary": PLAYED_DEALER_THREE | {
        "tricks": {"elder": 1, "middle": 1, "dealer": 3}}}

    table = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))["table"]

    [hand] = table["last_hands"]
    # The vulnerable elder lost the point: the dealer marks it, the third player the
    # refusal point in consolation (docs/rules.md, section 12).
    assert hand["marks"] == [{"to": "dealer", "points": 1, "for": "point"},
                             {"to": "middle", "points": 1, "for": "refusal"}]
    assert hand["seats"] == {"elder": [porthos.pk], "middle": [aramis.pk],
                             "dealer": [athos.pk]}


def test_a_mark_a_quatre_names_both_partners_of_the_side(scorer):
    four = players("Athos", "Porthos", "Aramis", "D'Artagnan")
    a, b, c, d = four
    snap = open_quatre(scorer, four).json()  # Athos deals: Porthos elder, D'Artagnan third
    record = {"format": "ecarte-quatre/1", "summary": PLAYED_DEALER_THREE | {
        "tricks": {"elder_side": 2, "dealer_side": 3}}}

    table = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))["table"]

    [hand] = table["last_hands"]
    assert hand["marks"] == [{"to": "dealer_side", "points": 1, "for": "point"},
                             {"to": "dealer_side", "points": 1, "for": "refusal"}]
    assert {side: sorted(ids) for side, ids in hand["seats"].items()} == {
        "elder_side": sorted([b.pk, d.pk]), "dealer_side": sorted([a.pk, c.pk])}


def test_a_two_handed_hand_has_no_seats(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    snap = scorer.post("/tables", {"name": "Pool", "format": "pool",
                                   "players": [p.pk for p in trio],
                                   "first_dealer": trio[0].pk}).json()
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": {"summary": {
        "opening": "exchanged", "king_turned": False, "tricks": {"elder": 3, "dealer": 2}}}})
    assert "seats" not in answer.json()["table"]["last_hands"][0]


def test_the_page_of_a_table_a_trois_lists_only_the_target_and_the_ranking(scorer, client):
    trio = players("Athos", "Porthos", "Aramis")
    snap = open_trois(scorer, trio).json()

    page = client.get(f"/tables/{snap['id']}/").content.decode()

    assert "Game target" in page and "Rank of the cards" in page
    for two_handed in ("Game value", "Doubling", "Entry to the pool", "Least stake"):
        assert two_handed not in page
