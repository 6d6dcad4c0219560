"""A daphne worker dies in the middle of an evening (SIGKILL): its spectators connect to the
other worker, as the club's proxy sends them there, and miss nothing. The snapshot they get
on connecting holds every hand posted meanwhile, and the changes after it come in order."""
from tests.production.kit import Spectator, open_pool, post_hand, production

pytestmark = production


def test_the_spectators_of_a_killed_worker_follow_on_from_the_other(workers, tmp_path):
    a = workers[0]
    b = a.worker(tmp_path / "killed.log").start()  # a third worker, for this test to kill
    tid = open_pool(a)["id"]
    with Spectator(tid, b, a) as spectator:
        spectator.follow_until(post_hand(a, tid, 1)["table"]["seq"])
        b.kill()
        meanwhile = [post_hand(a, tid, number) for number in (2, 3)]
        spectator.follow_until(meanwhile[-1]["table"]["seq"])
        on_connecting = spectator.table
        seen = len(spectator.changes)
        after = [post_hand(a, tid, number) for number in (4, 5)]
        spectator.follow_until(after[-1]["table"]["seq"])

    assert spectator.connections == 2
    assert on_connecting == meanwhile[-1]["table"]
    assert [hand["number"] for hand in on_connecting["last_hands"]] == [3, 2, 1]
    assert spectator.changes[seen:] == [answer["table"]["seq"] for answer in after]
    assert spectator.table == a.api(f"/tables/{tid}")
