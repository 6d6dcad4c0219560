"""An evening of the club under load, through two daphne workers sharing PostgreSQL and Redis:
fifty clients at once, each on its own HTTP connection to one worker or the other, post hands,
corrections and wagers to ten tables.

- Each table's scorer posts its hands; some are sent at the same moment by the secretary at
  the desk, under the same Idempotency-Key (the key names the hand), through the other worker,
  and some are sent again afterwards by the scorer through the other worker, as a client that
  retries.
- Staff correct earlier hands now and then: some corrections change a game's result, so that
  units are decided afresh, their wagers settled again and the ratings owed a re-rating.
- Members place French bets and English offers for their own players, take offers and withdraw
  their own, at tables where they do not score.

Refusals (a unit that has started, a table that is won, an offer already taken...) are part of
such an evening and are only counted; an answer of 5xx fails. Afterwards, once the ratings have
caught up, the workers' database is checked as a whole: every table is the course rebuilt from its
stored hands, no hand is counted twice, the ledger balances, reconciling each table afresh
posts nothing, each escrow and pot holds exactly what is still at stake, and re-rating the club
changes nothing. The work is bounded by counts, never by a clock."""
import http.client
import json
import random
import threading
import time
from collections import Counter

from testbed.daphne import LIMIT, manage
from tests.games.kit import at_once, summary
from tests.production.kit import production, until

pytestmark = production

TABLES, SCORERS, STAFF, MEMBERS = 10, 10, 5, 35  # 50 clients
HANDS, CORRECTIONS, WAGERS = 12, 6, 8  # what each scorer, staff member and member does
ELDER_TRICKS = (0, 2, 3, 5)  # the dealer's vole or point, the elder's point or vole


def table_rules(number: int) -> dict:
    """Table `number`'s opening: pools with stakes and French wagers, pools with English
    wagers, and rubbers with English wagers."""
    if number < 4:
        return {"format": "pool", "wager_style": "french",
                "rules": {"pool_entry": "2.00", "pool_forfeit": "0.50", "levy_percent": "5.00",
                          "pool_streak": 3}}
    if number < 7:
        return {"format": "pool", "wager_style": "english",
                "rules": {"pool_entry": "1.00", "pool_streak": 3}}
    return {"format": "rubber", "wager_style": "english", "rules": {"rubber_games": 5}}


CLUB = """
import json
from django.contrib.auth import get_user_model
from club.models import ApiToken, Player
from club.players import create_player
users = get_user_model().objects
def token(name):
    return ApiToken.objects.create(user=users.create_user(name)).key
scorers = [token(f"evening-scorer{i}") for i in range(%(scorers)d)]
members = []
for i in range(%(members)d):
    key = token(f"evening-member{i}")
    members.append([key, create_player(name=f"Evening member {i}",
                                       username=f"evening-member{i}").pk])
seated = [[Player.objects.create(name=f"Evening {name} {i}").pk
           for name in ("Athos", "Porthos", "Aramis")] for i in range(%(tables)d)]
print(json.dumps({"scorers": scorers, "members": members, "seated": seated}))
"""

CHECKS = """
import json
from collections import Counter
from datetime import datetime, timezone
from django.db import transaction
from django.db.models import Sum
from club import money_text
from club.models import Entry, Transaction
from games import ratings
from games.models import HandVersion, Table, Wager
from games.courses import course_of
from games.selectors.snapshot import snapshot
from games.services.settlement import reconcile


def held(prefix):
    return {code: cents for code, cents in Entry.objects.filter(account__code__startswith=prefix)
            .values_list("account__code").annotate(total=Sum("amount"))
            .values_list("account__code", "total") if cents}


def at_risk(table, course):
    # The stakes still held on each unit: those of a unit to be decided at a table in play,
    # on (and balanced against) players who still play it; nothing of a decided unit.
    units = Counter()
    for wager in Wager.objects.filter(table=table).prefetch_related("takes"):
        unit = course.units[wager.unit_number - 1:wager.unit_number]
        playing = set(unit[0].players) if unit else set()
        if (unit and unit[0].winner is None and table.status == Table.Status.PLAYING
                and wager.on_id in playing and wager.against_id in playing | {None}):
            units[f"escrow:table:{table.pk}:unit:{wager.unit_number}"] += (
                wager.stake - wager.returned + sum(take.lay for take in wager.takes.all()))
    return {code: cents for code, cents in units.items() if cents}


def pot(table, course):
    # What the pot holds while the pool is played: every entry and each decided unit's forfeit.
    if table.format != Table.Kind.POOL or table.status != Table.Status.PLAYING:
        return 0
    decided = sum(unit.loser is not None for unit in course.units)
    return 3 * table.rules["pool_entry"] + decided * table.rules["pool_forfeit"]


def reconciled_afresh(table, course, staff):
    # How many transactions reconciling the table again would post (rolled back).
    with transaction.atomic():
        before = Transaction.objects.count()
        reconcile(table, course, by=staff)
        posted = Transaction.objects.count() - before
        transaction.set_rollback(True)
    return posted


def rerated():
    with transaction.atomic():
        changed = ratings.rerate(datetime(2000, 1, 1, tzinfo=timezone.utc))
        transaction.set_rollback(True)
    return changed


tables = {}
for table in Table.objects.all():
    course = course_of(table)
    tables[table.pk] = {
        "rebuilt": snapshot(table, course), "stored": table.snapshot,
        "numbers": list(table.hands.order_by("number").values_list("number", flat=True)),
        "keys": list(table.hands.values_list("idempotency_key", flat=True)),
        "escrow": [held(f"escrow:table:{table.pk}:"), at_risk(table, course)],
        "pot": [sum(held(f"pot:table:{table.pk}").values()), pot(table, course)],
        "afresh": reconciled_afresh(table, course, table.opened_by),
    }
unbalanced = (Entry.objects.values("transaction_id").annotate(total=Sum("amount"))
              .exclude(total=0).count())
print(json.dumps({
    "tables": tables, "unbalanced": unbalanced,
    "total": Entry.objects.aggregate(total=Sum("amount"))["total"] or 0,
    "rerated": rerated(), "pending": ratings.pending_since() is not None,
    "figures": {"transactions": Transaction.objects.count(),
                "reversals": Transaction.objects.filter(reason=Transaction.Reason.REVERSAL).count(),
                "corrected": HandVersion.objects.filter(version__gt=1).count(),
                "wagers": Wager.objects.count()},
}))
"""


def parsed(body: bytes):
    """An answer's JSON; the text of one that is not JSON (a server error's page)."""
    try:
        return json.loads(body)
    except ValueError:
        return body.decode(errors="replace")


class Client:
    """A club client with its own HTTP connection to one worker, as the holder of `token`.
    Every POST it sends carries an Idempotency-Key, so a request whose connection the worker
    closed before answering is sent again safely."""

    def __init__(self, server, token: str):
        self.token = token
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=LIMIT)

    def send(self, method: str, path: str, body: dict | None = None,
             key: str | None = None) -> tuple[int, dict]:
        """(status, JSON answer) of the request to /api`path`."""
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        data = None if body is None else json.dumps(body)
        try:
            return self._exchange(method, f"/api{path}", data, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.connection.close()  # the request connects again
            return self._exchange(method, f"/api{path}", data, headers)

    def _exchange(self, method: str, url: str, data: str | None, headers: dict):
        self.connection.request(method, url, body=data, headers=headers)
        answer = self.connection.getresponse()
        return answer.status, parsed(answer.read())

    def get(self, path: str) -> dict:
        status, answer = self.send("GET", path)
        assert status == 200, (path, status, answer)
        return answer

    def close(self) -> None:
        self.connection.close()


class Evening:
    """What the clients share: the tables, the hands posted so far (for the corrections), how
    far the scorers have gone (the others pace themselves on it), every answer's outcome as
    (operation, status, code), the answers to each hand sent by the scorer and the desk at
    once, and the first answer and the retry's of each hand sent again."""

    def __init__(self, workers, tables: list[dict]):
        self.workers, self.tables = workers, tables
        self.hands = {table["id"]: [] for table in tables}  # ids of the hands taken
        self.progress = 0  # the scorers' hands posted, whatever the answer
        self.outcomes, self.copies, self.retries = Counter(), [], []
        self.lock = threading.Lock()

    def count(self, operation: str, status: int, answer) -> None:
        code = answer["error"]["code"] if isinstance(answer, dict) and "error" in answer else ""
        with self.lock:
            self.outcomes[operation, status, code] += 1

    def posted(self) -> None:
        with self.lock:
            self.progress += 1

    def wait_for(self, share: float) -> None:
        """Waits until the scorers have posted `share` of the evening's hands."""
        until(lambda: self.progress >= share * TABLES * HANDS, f"{share:.0%} of the hands")

    def other(self, server):
        return self.workers[1] if server is self.workers[0] else self.workers[0]


def score(evening: Evening, table: dict, token: str, server, staff: str) -> None:
    """The table's scorer posts HANDS hands. Every third is also sent at the same moment by the
    secretary through the other worker, under the same key; every fourth is sent again by the
    scorer through the other worker once answered. Before a unit's first hand, the scorer gives
    the members a moment to wager on it: until three wagers are placed, at most ten looks
    at the table."""
    rng, tid = random.Random(table["id"]), table["id"]
    other = evening.other(server)
    own, again, desk = Client(server, token), Client(other, token), Client(other, staff)
    snapshot = table
    for number in range(1, HANDS + 1):
        for _ in range(10):
            if not (unit_to_start(snapshot) and len(snapshot["wagers"]) < 3):
                break
            time.sleep(0.1)
            snapshot = own.get(f"/tables/{tid}")
        body, key = {"record": summary(rng.choice(ELDER_TRICKS))}, f"table-{tid}-hand-{number}"
        posts = [lambda: own.send("POST", f"/tables/{tid}/hands", body, key)]
        if number % 3 == 2:
            posts.append(lambda: desk.send("POST", f"/tables/{tid}/hands", body, key))
        answers = at_once(*posts)
        for operation, (status, answer) in zip(("hand", "hand from the desk"), answers):
            evening.count(operation, status, answer)
            if status == 201:
                evening.hands[tid].append(answer["hand"]["id"])
                snapshot = answer["table"]
        if len(answers) == 2:
            evening.copies.append(answers)
        if number % 4 == 0:
            retried = again.send("POST", f"/tables/{tid}/hands", body, key)
            evening.count("hand retried", *retried)
            evening.retries.append((answers[0], retried))
        evening.posted()
    for client in (own, again, desk):
        client.close()


def unit_to_start(snapshot: dict) -> bool:
    """Whether no hand of the table's current unit is recorded yet: its wagers are open."""
    return (snapshot["status"] == "playing" and snapshot["game"]["hands"] == 0
            and not any(snapshot["unit"]["games"].values()))


def correct(evening: Evening, number: int, server, staff: str) -> None:
    """A staff member corrects CORRECTIONS earlier hands, spread over the evening: each gets
    a record drawn afresh, which changes who took the point, or the vole, or nothing."""
    rng, client = random.Random(1000 + number), Client(server, staff)
    for done in range(CORRECTIONS):
        evening.wait_for((done + 1) / (CORRECTIONS + 1))
        tid = rng.choice(list(evening.hands))
        if not evening.hands[tid]:
            continue
        hand = rng.choice(evening.hands[tid])
        body = {"record": summary(rng.choice(ELDER_TRICKS))}
        evening.count("correction", *client.send("POST", f"/hands/{hand}/correct", body,
                                                 key=f"correction-{number}-{done}"))
    client.close()


def wager(evening: Evening, number: int, server, token: str, player: int) -> None:
    """A member does WAGERS acts, spread over the evening. He looks for a table whose unit is
    still open (at most three looks at tables drawn at random), then takes an English offer of
    another's there (at times), withdraws one of the wagers he placed (at times: one at that
    table when he has one), or places a wager on one of the two seated players."""
    rng, client = random.Random(2000 + number), Client(server, token)
    placed = []  # the ids of his wagers
    for done in range(WAGERS):
        evening.wait_for(done / WAGERS)
        for _ in range(3):
            table = rng.choice(evening.tables)
            snapshot = client.get(f"/tables/{table['id']}")
            if unit_to_start(snapshot):
                break
        offers = [w for w in snapshot["wagers"] if w["status"] == "open"
                  and w["style"] == "english" and w["bettor"] != player]
        key = f"member-{number}-{done}"
        if offers and rng.random() < 0.6:
            offer = rng.choice(offers)
            stake = offer["unmatched"] if rng.random() < 0.5 else "0.50"
            evening.count("take", *client.send("POST", f"/wagers/{offer['id']}/take",
                                               {"stake": stake}, key))
        elif placed and rng.random() < 0.3:
            mine = [w["id"] for w in snapshot["wagers"] if w["id"] in placed]
            evening.count("withdraw", *client.send(
                "POST", f"/wagers/{rng.choice(mine or placed)}/withdraw", key=key))
        else:
            seats = snapshot["seats"]
            body = {"on": seats[rng.choice(("elder", "dealer"))] or snapshot["players"][0],
                    "stake": rng.choice(("1.00", "2.50", "5.00"))}
            if table["wager_style"] == "english":
                body["odds"] = rng.choice(("1:1", "2:1", "1:2", "5:2"))
            status, answer = client.send("POST", f"/tables/{table['id']}/wagers", body, key)
            evening.count("place", status, answer)
            if status == 201:
                placed.append(answer["id"])
    client.close()


def open_tables(server, club: dict) -> list[dict]:
    """The ten tables, opened by staff (every seat taken, the entries paid), each with its
    own scorer."""
    tables = []
    for i, seated in enumerate(club["seated"]):
        opening = table_rules(i)
        seated = seated[:3 if opening["format"] == "pool" else 2]
        tables.append(server.api("/tables", {"name": f"Evening table {i}", "players": seated,
                                             "first_dealer": seated[1],
                                             "scorers": [f"evening-scorer{i}"]} | opening))
    return tables


def test_fifty_clients_through_two_workers_leave_every_table_and_every_cent_right(workers):
    a, b = workers
    club = json.loads(manage(a.env, "shell", "-v", "0", "-c", CLUB % {
        "scorers": SCORERS, "members": MEMBERS, "tables": TABLES}))
    evening = Evening(workers, open_tables(a, club))
    clients = [lambda i=i: score(evening, evening.tables[i], club["scorers"][i],
                                 workers[i % 2], a.token) for i in range(SCORERS)]
    clients += [lambda i=i: correct(evening, i, workers[i % 2], a.token) for i in range(STAFF)]
    clients += [lambda i=i: wager(evening, i, workers[i % 2], *club["members"][i])
                for i in range(MEMBERS)]

    done = at_once(*clients)
    print(sorted(evening.outcomes.items()))
    assert not [outcome for outcome in evening.outcomes if outcome[1] >= 500]
    assert done == [None] * len(clients)
    for scorer, desk in evening.copies:  # one hand, whoever was first (a correction of an
        assert scorer[0] == desk[0] == 201  # earlier hand may have changed it in between)
        assert scorer[1]["hand"]["id"] == desk[1]["hand"]["id"]
    for first, again in evening.retries:
        assert again == first  # a retry gets the first answer, whatever it was

    manage(a.env, "catch_up_ratings")
    assert a.api("/standings")["ratings_pending_since"] is None
    checked = json.loads(manage(a.env, "shell", "-v", "0", "-c", CHECKS))
    print(checked["figures"])

    for table in evening.tables:
        stored = checked["tables"][str(table["id"])]
        assert stored["stored"] == stored["rebuilt"] == a.api(f"/tables/{table['id']}") == (
            b.api(f"/tables/{table['id']}"))
        assert stored["numbers"] == list(range(1, len(stored["numbers"]) + 1))
        assert len(set(stored["keys"])) == len(stored["keys"])  # each key at most once
        assert stored["afresh"] == 0  # reconciling the table again posts nothing
        assert stored["escrow"][0] == stored["escrow"][1]  # held: what is still at stake
        assert stored["pot"][0] == stored["pot"][1]
    assert (checked["unbalanced"], checked["total"]) == (0, 0)
    assert (checked["rerated"], checked["pending"]) == (0, False)
