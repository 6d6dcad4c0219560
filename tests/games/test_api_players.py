"""POST /api/players and GET /api/players/{id} (docs/api.md, Players)."""
import pytest

from club.models import Player
from testbed.users import user_with_token
from tests.games.kit import Api

pytestmark = pytest.mark.django_db



def test_staff_adds_a_player_with_a_zero_balance(staff_api):
    answer = staff_api.post("/players", {"name": "Athos"})
    assert answer.status_code == 201
    assert answer.json() == {"id": Player.objects.get().pk, "name": "Athos", "balance": "0.00"}


def test_a_player_can_be_linked_to_a_login(staff_api):
    user, _ = user_with_token("athos")
    answer = staff_api.post("/players", {"name": "Athos", "user": "athos"})
    assert answer.status_code == 201
    assert Player.objects.get().user == user


def test_a_member_who_is_not_staff_cannot_add_players(member_api):
    answer = member_api.post("/players", {"name": "Athos"})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_staff"
    assert not Player.objects.exists()


def test_without_a_token_the_api_answers_401(client):
    answer = client.post("/api/players", data={"name": "Athos"}, content_type="application/json")
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "unauthorized"


def test_a_wrong_token_is_refused(client):
    answer = Api(client, "0" * 40).post("/players", {"name": "Athos"})
    assert answer.status_code == 401


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_a_name_must_be_one_to_a_hundred_characters(staff_api, name):
    answer = staff_api.post("/players", {"name": name})
    assert answer.status_code == 422 and "name" in answer.json()["error"]["message"]
    assert not Player.objects.exists()


def test_two_players_cannot_share_a_name_whatever_its_case(staff_api):
    staff_api.post("/players", {"name": "Athos"})
    answer = staff_api.post("/players", {"name": "ATHOS"})
    assert answer.status_code == 409 and Player.objects.count() == 1


def test_an_unknown_login_is_named_in_the_error(staff_api):
    answer = staff_api.post("/players", {"name": "Athos", "user": "nobody"})
    assert answer.status_code == 422 and "nobody" in answer.json()["error"]["message"]


def test_a_login_links_to_one_player_only(staff_api):
    user_with_token("athos")
    staff_api.post("/players", {"name": "Athos", "user": "athos"})
    answer = staff_api.post("/players", {"name": "Athos II", "user": "athos"})
    assert answer.status_code == 409 and Player.objects.count() == 1


@pytest.mark.parametrize("raw", [b"not json", b"[]", b'{"nom": "Athos"}', b'{"name": 12}'])
def test_a_malformed_body_is_a_400_not_a_500(staff_api, raw):
    answer = staff_api.post("/players", raw=raw)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"


def test_get_player_shows_balance_and_stats(staff_api):
    pk = staff_api.post("/players", {"name": "Athos"}).json()["id"]
    answer = staff_api.get(f"/players/{pk}")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] == "Athos" and body["balance"] == "0.00"
    assert body["stats"]["games_played"] == 0


def test_an_unknown_player_is_404(staff_api):
    answer = staff_api.get("/players/999")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "no_such_player"


@pytest.mark.parametrize("body, character", [
    ({"name": "\u0000"}, "U+0000, a control character"),
    ({"name": "Athos\nPorthos"}, "U+000A, a control character"),
    ({"name": "a\u0085b"}, "U+0085, a control character"),  # C1: NEXT LINE
    ({"name": "Athos", "user": "athos\u0000"}, "U+0000, a control character"),
])
def test_control_characters_are_refused_and_name_the_field(staff_api, body, character):
    """PostgreSQL cannot store NUL in text, and no name has a line break: a 400 that names
    the field and the character, on every database, and no player."""
    answer = staff_api.post("/players", body)

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_request" and character in error["message"]
    assert f"{list(body)[-1]}: must not contain" in error["message"]
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", ["A\udcffB", "\ud800"])
def test_a_lone_surrogate_is_refused_not_a_500(staff_api, name):
    """JSON may escape half a surrogate pair (json.dumps does); no database stores it."""
    answer = staff_api.post("/players", {"name": name})

    assert answer.status_code == 400
    assert "a lone surrogate" in answer.json()["error"]["message"]
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", ["\u200b", "Athos\u200b", "\ufeffAthos", "\u202eSOHTA",
                                  "A\ue000"])
def test_invisible_and_private_characters_are_refused(staff_api, name):
    """A zero-width space, a byte order mark or a right-to-left override makes a name that
    looks like another, or like nothing; a private-use character shows as nothing known."""
    answer = staff_api.post("/players", {"name": name})

    assert answer.status_code == 400
    assert "must not contain U+" in answer.json()["error"]["message"]
    assert not Player.objects.exists()


def test_a_persian_name_keeps_its_zero_width_non_joiner(staff_api):
    """Some scripts write names with the zero-width (non-)joiner: those two pass."""
    answer = staff_api.post("/players", {"name": "\u0645\u06cc\u200c\u0631\u0648\u06cc"})

    assert answer.status_code == 201, answer.content
    assert Player.objects.get().name == "\u0645\u06cc\u200c\u0631\u0648\u06cc"


def test_one_name_in_two_unicode_spellings_is_one_player(staff_api):
    """É as one character (NFC) or as E and a combining accent (NFD) is the same name."""
    assert staff_api.post("/players", {"name": "\u00c9mile"}).status_code == 201
    answer = staff_api.post("/players", {"name": "E\u0301mile"})

    assert answer.status_code == 409
    assert Player.objects.count() == 1
    assert staff_api.post("/players", {"name": "Zo\u0065\u0308"}).json()["name"] == "Zo\u00eb"
