"""The stored snapshot is always the table rebuilt afresh from its hands (docs/architecture.md: the
database is the truth; the snapshot and the feed are views of it)."""
import json

import pytest

from games.models import Table
from tests.games.kit import SEEN_DEAL, fresh, hand_won_by, players, summary

pytestmark = pytest.mark.django_db


def test_after_hands_a_rotation_and_a_correction_the_snapshot_is_the_course_rebuilt(scorer,
                                                                                    staff_api):
    trio = players("Athos", "Porthos", "Aramis")
    snap = staff_api.post("/tables", {"name": "T", "format": "pool", "scorers": ["scorer"],
                                      "players": [p.pk for p in trio],
                                      "rules": {"pool_entry": "5.00"}}).json()
    first = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}).json()
    snap = first["table"]
    while snap["unit"]["number"] == 1:  # the dealer of each hand wins: a rotation
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": hand_won_by(snap, snap["seats"]["dealer"])}).json()["table"]
    snap = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(4)}).json()["table"]
    fixed = staff_api.post(f"/hands/{first['hand']['id']}/correct", {"record": summary(2)})
    assert fixed.status_code == 200

    stored = Table.objects.get(pk=snap["id"]).snapshot
    assert stored == fixed.json()["table"] == fresh(snap["id"])
    assert scorer.get(f"/tables/{snap['id']}").json() == stored
    assert stored["seq"] == snap["seq"] + 1


def test_the_snapshot_names_its_players_and_says_its_last_hands(staff_api):
    trio = players("Athos", "Porthos", "Aramis")
    snap = staff_api.post("/tables", {"name": "T", "format": "pool", "first_dealer": trio[1].pk,
                                      "players": [p.pk for p in trio]}).json()
    for _ in range(6):
        snap = staff_api.post(f"/tables/{snap['id']}/hands",
                              {"record": summary(3)}).json()["table"]

    assert snap["names"] == {str(p.pk): p.name for p in trio}
    assert [h["number"] for h in snap["last_hands"]] == [6, 5, 4, 3, 2]  # newest first, five
    newest = snap["last_hands"][0]
    assert newest["marks"] == [{"to": "elder", "points": 1, "for": "point"}]
    assert (newest["elder"], newest["dealer"]) in ((trio[0].pk, trio[1].pk),
                                                   (trio[1].pk, trio[0].pk))
    assert snap == fresh(snap["id"])


UNSEEN = ("8H", "9S", "KC", "7D", "TC", "TS", "9C", "8C")  # in a hand, or discarded


def test_a_hand_in_progress_shows_its_tricks_and_no_card_not_yet_played(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    athos, porthos = trio[0].pk, trio[1].pk
    snap = scorer.post("/tables", {"name": "T", "format": "pool", "first_dealer": porthos,
                                   "players": [p.pk for p in trio]}).json()
    assert snap["in_progress"] is None
    hand = scorer.post(f"/tables/{snap['id']}/hands", {"record": SEEN_DEAL}).json()["hand"]
    snap = scorer.post(f"/hands/{hand['id']}/tricks",
                       {"trick": ["ah", "Q♥"], "number": 2}).json()["table"]

    assert snap["in_progress"] == {
        "hand": 1, "elder": athos, "dealer": porthos, "turn_up": "JD", "king": None,
        "tricks": [{"leader": athos, "cards": ["7S", "KS"], "winner": porthos},
                   {"leader": porthos, "cards": ["AH", "QH"], "winner": athos}],
        "won": {str(athos): 1, str(porthos): 1}}
    text = json.dumps(snap)
    assert [card for card in UNSEEN if f'"{card}"' in text] == []
    assert snap == fresh(snap["id"])

    for number in (2, 1):
        snap = scorer.post(f"/hands/{hand['id']}/tricks/undo", {"number": number}).json()["table"]
    assert snap["in_progress"]["tricks"] == []
    assert snap["in_progress"]["won"] == {str(athos): 0, str(porthos): 0}
