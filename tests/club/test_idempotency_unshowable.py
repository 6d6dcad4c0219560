"""A refusal that echoes what a hostile client sent is still a clear 422, with a key or without
one: its message is stored with the key (jsonb on PostgreSQL, which holds neither NUL nor a lone
surrogate) and shown to the client, so the characters that cannot be are escaped
(club.errors.shown)."""
import json

import pytest

from club.errors import UNSHOWABLE, Refused, shown
from club.models import IdempotentRequest
from games.models import Table
from games.refusal_codes import GameCode, GameRule
from testbed.users import user_with_token
from tests.games.kit import Api, players

pytestmark = pytest.mark.django_db

# The bodies as sent on the wire: JSON escapes, which json.dumps cannot write for a lone surrogate.
HOSTILE_KEYS = ['"\\ud800"', '"\\u0000"', '"a\\u0000\\udfffb"']


def _open(client, rules_key: str, key: str | None):
    trio = players("A", "B", "C")
    body = (f'{{"name": "T", "format": "pool", "players": {json.dumps([p.pk for p in trio])},'
            f' "rules": {{{rules_key}: 1}}}}')
    api = Api(client, user_with_token("secretary", staff=True)[1])
    return api.post("/tables", raw=body.encode(), key=key)


@pytest.mark.parametrize("rules_key", HOSTILE_KEYS)
@pytest.mark.parametrize("key", [None, "open-1"])
def test_an_unknown_option_that_cannot_be_stored_is_a_422(client, rules_key, key):
    answer = _open(client, rules_key, key)
    assert answer.status_code == 422, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_rules" and "rules." in error["message"]
    assert not UNSHOWABLE.search(error["message"])
    assert not Table.objects.exists()


@pytest.mark.parametrize("rules_key", HOSTILE_KEYS)
def test_a_repeat_with_the_same_key_gets_the_same_answer(client, rules_key):
    first = _open(client, rules_key, "open-1")
    again = Api(client, first.wsgi_request.headers["Authorization"].split()[1]).post(
        "/tables", raw=first.wsgi_request.body, key="open-1")
    assert first.status_code == again.status_code == 422
    assert again.json() == first.json()
    assert IdempotentRequest.objects.get().status == 422


def test_a_key_holding_nul_is_refused_at_the_door(client):
    answer = Api(client, user_with_token("secretary", staff=True)[1]).post(
        "/players", {"name": "Athos"}, key="k\x00")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"
    assert not IdempotentRequest.objects.exists()


def test_shown_escapes_only_what_cannot_be_shown():
    assert shown("rules.\ud800\x00\x1b") == "rules.\\ud800\\u0000\\u001b"
    assert shown("Écarté\tà la\nmaison 🂡") == "Écarté\tà la\nmaison 🂡"


def test_every_text_of_a_refusal_is_shown():
    refused = Refused(GameCode.BAD_RULES, "no \x00", "rules.\ud800", rule=GameRule.NOT_AN_OPTION,
                      name="\x00")
    assert (refused.message, refused.at, refused.params) == ("no \\u0000", "rules.\\ud800",
                                                             {"name": "\\u0000"})
