"""Helpers for the API tests: users with tokens, players, and hands that a given seat wins."""
import json

from django.contrib.auth import get_user_model

from club.models import ApiToken, Player


def user_with_token(username: str, staff: bool = False):
    user = get_user_model().objects.create_user(username, is_staff=staff)
    return user, ApiToken.objects.create(user=user).key


class Api:
    """A scripted client: JSON bodies and a bearer token."""

    def __init__(self, client, token: str):
        self.client, self.token = client, token

    def _headers(self, extra):
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}", **extra}

    def post(self, path: str, body=None, key: str | None = None, raw: bytes | None = None):
        extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        data = raw if raw is not None else json.dumps(body if body is not None else {})
        return self.client.post(f"/api{path}", data=data, content_type="application/json",
                                **self._headers(extra))

    def get(self, path: str):
        return self.client.get(f"/api{path}", **self._headers({}))


def players(*names):
    return [Player.objects.create(name=name) for name in names]


def summary(elder_tricks: int, **summary_fields) -> dict:
    fields = {"opening": "exchanged", "king_turned": False,
              "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}} | summary_fields
    return {"summary": fields}


def hand_won_by(snapshot: dict, player_id: int, vole: bool = True) -> dict:
    """A summary record in which the given seated player takes the point (or the vole)."""
    if snapshot["seats"]["elder"] == player_id:
        return summary(5 if vole else 3)
    assert snapshot["seats"]["dealer"] == player_id, "that player is not seated"
    return summary(0 if vole else 2)


def win_game(api: Api, snapshot: dict, player_id: int) -> tuple[dict, list[int]]:
    """Posts hands that the seated `player_id` wins until the table's current game is over;
    returns the snapshot after it and the ids of the hands posted."""
    hands = []
    number = snapshot["game"]["number"]
    while snapshot["game"]["number"] == number and snapshot["status"] == "playing":
        answer = api.post(f"/tables/{snapshot['id']}/hands",
                          {"record": hand_won_by(snapshot, player_id)})
        assert answer.status_code == 201, answer.content
        hands.append(answer.json()["hand"]["id"])
        snapshot = answer.json()["table"]
    return snapshot, hands
