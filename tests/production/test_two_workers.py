"""Two daphne workers sharing PostgreSQL and Redis, as the club runs them: a spectator on one
worker follows every hand posted to the other, one change after another."""
import json

from testbed.daphne import manage
from tests.games.kit import at_once
from tests.production.kit import Spectator, open_pool, post_hand, production

pytestmark = production


def test_a_spectator_on_one_worker_follows_every_hand_posted_to_the_other(workers):
    a, b = workers
    table = open_pool(a)
    with Spectator(table["id"], b) as spectator:
        posted = [post_hand(a, table["id"], number) for number in range(1, 5)]
        last = posted[-1]["table"]["seq"]
        spectator.follow_until(last)
        fresh = spectator.fresh()

    assert spectator.changes == list(range(table["seq"] + 1, last + 1))  # in order, no gap
    assert (spectator.resyncs, spectator.connections) == (0, 1)
    assert spectator.table == posted[-1]["table"]
    assert fresh == a.api(f"/tables/{table['id']}") == b.api(f"/tables/{table['id']}")


TABLES, HANDS = 10, 4  # four hands of a point each: no game ends, so every post is taken

REBUILT = """
import json
from games.models import Table
from games.courses import course_of
from games.selectors.snapshot import snapshot
print(json.dumps({table.pk: {"rebuilt": snapshot(table, course_of(table)), "stored": table.snapshot,
                             "hands": table.hands.count()}
                  for table in Table.objects.all()}))
"""


def scorers(server, count: int) -> dict[str, str]:
    """`count` new users with their API tokens, made in one go in the workers' database."""
    made = manage(server.env, "shell", "-v", "0", "-c", f"""
import json
from django.contrib.auth import get_user_model
from club.models import ApiToken
users = [get_user_model().objects.create_user(f"scorer{{i}}") for i in range({count})]
print(json.dumps({{user.username: ApiToken.objects.create(user=user).key for user in users}}))
""")
    return json.loads(made)


def test_scorers_posting_through_both_workers_at_once_count_every_hand_once(workers):
    """Each table's scorer posts its hands one after another, through either worker; every
    other hand is sent to both workers at once with the same key, as a client that retries
    while its first attempt is still under way, and one is sent again afterwards."""
    a, b = workers
    tokens = scorers(a, TABLES)
    tables = [open_pool(a, scorers=[name])["id"] for name in tokens]

    def evening(table_id: int, token: str) -> list[dict]:
        answers = []
        for number in range(1, HANDS + 1):
            post = [lambda server=server: post_hand(server, table_id, number, token)
                    for server in ((a, b) if number % 2 == 0 else (b,) if number == 1 else (a,))]
            answers += at_once(*post)
        return answers + [post_hand(b, table_id, HANDS, token)]  # a retry, once all is done

    played = dict(zip(tables, at_once(*[lambda t=t, k=k: evening(t, k)
                                         for t, k in zip(tables, tokens.values())])))
    stored = json.loads(manage(a.env, "shell", "-v", "0", "-c", REBUILT))

    for table_id, answers in played.items():
        assert all(isinstance(answer, dict) for answer in answers), answers
        kept = {answer["hand"]["number"]: answer["hand"]["id"] for answer in answers}
        assert sorted(kept) == list(range(1, HANDS + 1))
        assert len({answer["hand"]["id"] for answer in answers}) == HANDS  # retries: same hand
        table = stored[str(table_id)]
        assert table["hands"] == HANDS
        assert table["stored"] == table["rebuilt"] == a.api(f"/tables/{table_id}")
        assert table["stored"]["seq"] == 1 + HANDS  # opened, then one change a hand
