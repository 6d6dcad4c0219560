"""The club's laptop taking odd keys, for tests/club/test_backup_keys.py: `python -m
tests.club.laptop_keys KEYS.json` migrates the SQLite database DATABASE_URL names and sends each
key of the file through every face that takes one, as a client would: the scorer's page (a
hand's key), its outbox, a page's form (the players page, club.idempotency.form_once) and the
API's Idempotency-Key header. It prints each face's answer to each key, as JSON: {face: [status
of each key, in the file's order]}. `python -m tests.club.laptop_keys --held` prints the keys
the database holds: {"hands": [...], "requests": [...]}, sorted."""
import json
import sys

FACES = ("page", "outbox", "form", "api")


def send(keys: list[str]) -> dict:
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from club.models import Player
    from games.services.tables import open_table
    from testbed.users import user_with_token

    setup_test_environment()  # the test client's host is allowed
    call_command("migrate", verbosity=0)
    staff, token = user_with_token("secretary", staff=True)
    client = Client()
    client.force_login(staff)
    athos, porthos = Player.objects.create(name="Athos"), Player.objects.create(name="Porthos")

    def table():
        return open_table(name="Rubber", format="rubber", players=[athos, porthos], rules={},
                          by=staff).pk

    hand = {"action": "summary", "number": "1", "opening": "played", "king": "none",
            "elder_tricks": "3"}
    record = {"summary": {"opening": "played", "king_turned": False,
                          "tricks": {"elder": 3, "dealer": 2}}}
    answers = {face: [] for face in FACES}
    for n, key in enumerate(keys):
        answers["page"].append(client.post(f"/tables/{table()}/score/",
                                           hand | {"key": key}).status_code)
        answers["outbox"].append(client.post(f"/tables/{table()}/score/outbox/",
                                             hand | {"key": key}).status_code)
        answers["form"].append(client.post("/players/", {"action": "add", "key": key,
                                                         "name": f"Player {n}"}).status_code)
        answers["api"].append(client.post(
            f"/api/tables/{table()}/hands", {"record": record}, content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_IDEMPOTENCY_KEY=key).status_code)
    return answers


def held() -> dict:
    from club.models import IdempotentRequest
    from games.models import Hand

    return {"hands": sorted(Hand.objects.exclude(idempotency_key=None)
                            .values_list("idempotency_key", flat=True)),
            "requests": sorted(IdempotentRequest.objects.values_list("key", flat=True))}


if __name__ == "__main__":
    import django

    django.setup()
    if sys.argv[1] == "--held":
        print(json.dumps(held()))
    else:
        with open(sys.argv[1], encoding="utf-8") as file:
            print(json.dumps(send(json.load(file))))
