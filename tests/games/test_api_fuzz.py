"""No request ever answers 500 for bad input, and a refused request changes nothing."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Hand, HandVersion, Table
from testbed.users import user_with_token
from tests.games.kit import Api, players
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["KS", "10♥", "elder", "dealer", "exchanged"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["deal", "summary", "tricks", "exchanges", "elder",
                                       "dealer", "turn_up", "opening", "king", "rules",
                                       "king_turned", "record", "number", "name", "format",
                                       "players", "irregularities", "type", "by"]),
                      children, max_size=5),
    max_leaves=12)


@pytest.fixture
def setting(client):
    api = Api(client, user_with_token("secretary", staff=True)[1])
    trio = players("A", "B", "C")
    snap = api.post("/tables", {"name": "T", "format": "pool",
                                "players": [p.pk for p in trio]}).json()
    return api, snap


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_any_json_body_posted_as_a_hand_is_answered_without_a_500(setting, body):
    api, snap = setting
    before = (Hand.objects.count(), Table.objects.get(pk=snap["id"]).seq)
    for payload in (body, {"record": body}):
        answer = api.post(f"/tables/{snap['id']}/hands", raw=json.dumps(payload).encode())
        assert answer.status_code in (201, 400, 409, 422), answer.content
        if answer.status_code != 201:
            assert "error" in answer.json()
            assert (Hand.objects.count(), Table.objects.get(pk=snap["id"]).seq) == before
        else:
            before = (Hand.objects.count(), Table.objects.get(pk=snap["id"]).seq)


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_any_json_body_posted_as_a_table_or_player_is_answered_without_a_500(setting, body):
    api, _ = setting
    for path in ("/tables", "/players"):
        answer = api.post(path, raw=json.dumps(body).encode())
        assert answer.status_code in (201, 400, 409, 422), answer.content


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"{" * 5000, b'{"record": ' + b"[" * 3000 + b"]"
                                 * 3000 + b"}", b'{"record": 1e999}'])
def test_hostile_bodies_are_refused_cleanly(setting, raw):
    api, snap = setting
    answer = api.post(f"/tables/{snap['id']}/hands", raw=raw)
    assert 400 <= answer.status_code < 500
    assert not HandVersion.objects.exists()
