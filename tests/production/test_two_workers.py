"""Two daphne workers sharing PostgreSQL and Redis, as the club runs them: a spectator on one
worker follows every hand posted to the other, one change after another."""
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
