"""The stored snapshot is always the table replayed afresh from its hands (docs/architecture.md: the
database is the truth; the snapshot and the feed are views of it)."""
import pytest

from games.models import Table
from games.replay import replay
from games.selectors.snapshot import snapshot
from tests.games.kit import hand_won_by, players, summary

pytestmark = pytest.mark.django_db


def fresh(table_id: int) -> dict:
    table = Table.objects.get(pk=table_id)
    return snapshot(table, replay(table))


def test_after_hands_a_rotation_and_a_correction_the_snapshot_is_the_replay(scorer, staff_api):
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
