"""The games tests' kit: a scripted API client and the checks of its answers, members,
players, summary records, tables à trois and à quatre opened through the API, tables played
to a given point through the API or through the services, and the secretary's two evenings of
wagers (the `evenings` fixture) with the readers of the admin's lists of the money, the checks
of the books (balances, escrow, every transaction balanced), the queries of a page, the writes
of a full projection, and a snapshot built afresh."""
import json
import re
import threading

import pytest
from django.db import connection, connections
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from club import ledger, limits, money_text
from club.models import ApiToken, Entry, Player, Transaction
from club.payments import record_payment
from club.players import create_player
from club.settle_up import club_settle_up
from games.api.schemas import HandAndTable
from games.courses import course_of
from games.models import Hand, Table, Wager
from games.selectors.snapshot import snapshot
from games.services.hands import record_hand
from games.services.projection import project
from games.services.settlement import reconcile
from games.services.tables import open_table
from testbed.users import user_with_token


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


def created(answer) -> dict:
    """The JSON of an answer that must be 201 Created."""
    assert answer.status_code == 201, answer.content
    return answer.json()


def checked(answer) -> dict:
    """The answer's JSON, checked against the API's schema of a hand and its table."""
    return HandAndTable.model_validate(created(answer)).model_dump(exclude_unset=True)


def post_hand(api: Api, snap: dict, record: dict) -> dict:
    """POSTs `record` as a hand of the table `snap`: the answer's JSON, which must be 201."""
    return created(api.post(f"/tables/{snap['id']}/hands", {"record": record}))


def hand_and_table(hand_id: int) -> tuple:
    """The hand as stored, and its table."""
    hand = Hand.objects.get(pk=hand_id)
    return hand, Table.objects.get(pk=hand.table_id)


def open_trois(api: Api, trio, **fields):
    """POSTs a table à trois of `trio` (with `fields` added to the body): the first deals
    first, so the second is the elder and the third the middle. The answer."""
    return api.post("/tables", {"name": "Trois", "format": "trois",
                                "players": [p.pk for p in trio],
                                "first_dealer": trio[0].pk} | fields)


def open_quatre(api: Api, four, **fields):
    """POSTs a table à quatre of `four` (with `fields` added to the body): the first deals
    first, so the second is the elder, the third the second and the fourth the third; the
    first and the third are partners, the dealer's side. The answer."""
    return api.post("/tables", {"name": "Quatre", "format": "quatre",
                                "players": [p.pk for p in four],
                                "first_dealer": four[0].pk} | fields)


def member(client, name: str):
    """A member with a login and a token, linked to a player of his name: (his API client,
    his player)."""
    user, token = user_with_token(name.lower())
    return Api(client, token), create_player(name=name, username=user.username)


def balance_of(user) -> int:
    """The balance of `user`'s player, in cents."""
    return ledger.player_balance(user.player)


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


def pool(by, names=("Athos", "Porthos", "Aramis"), name="Table 1", hands=0, **rules) -> Table:
    """A pool of three (made or found by name), Porthos dealing first, with `hands` hands in
    which the elder takes the point."""
    seated = [Player.objects.get_or_create(name=n)[0] for n in names]
    table = open_table(name=name, format="pool", players=seated, rules=rules, by=by,
                       first_dealer=seated[1])
    for _ in range(hands):
        record_hand(table_id=table.pk, record=summary(3), by=by)
    return table


def wager_pool(api: Api, style: str) -> tuple[int, list]:
    """A pool of Athos, Porthos and Aramis, Porthos dealing first, opened through the API with
    wagers in `style` ("english" or "french"): its id, and the players."""
    seated = players("Athos", "Porthos", "Aramis")
    snap = api.post("/tables", {"name": "T", "format": "pool", "wager_style": style,
                                "players": [p.pk for p in seated],
                                "first_dealer": seated[1].pk}).json()
    return snap["id"], seated


def record_game_won_by(table: Table, player: Player, by) -> None:
    """Records hands of voles to `player`, through the services, until the current game is
    over."""
    table.refresh_from_db()
    number = table.snapshot["game"]["number"]
    while table.snapshot["game"]["number"] == number and table.status == Table.Status.PLAYING:
        seats = table.snapshot["seats"]
        record = summary(5 if seats["elder"] == player.pk else 0)
        record_hand(table_id=table.pk, record=record, by=by)
        table.refresh_from_db()


def won_pool(by, name="Won pool") -> Table:
    """Athos wins two games in succession: the pool is his."""
    table = pool(by, name=name)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, by)
    record_game_won_by(table, athos, by)
    table.refresh_from_db()
    assert table.status == Table.Status.WON
    return table


def paid_out_pool(by) -> Table:
    """A pool of entry 10.00 and forfeit 1.00 that Athos wins in two games of three hands,
    its settle-up paid: every balance is back to 0.00."""
    table = pool(by, pool_entry=1000, pool_forfeit=100)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, by)
    record_game_won_by(table, athos, by)
    table.refresh_from_db()
    assert table.status == Table.Status.WON and Hand.objects.count() == 6
    for payer, payee, cents in club_settle_up().suggested:
        record_payment(payer=Player.objects.get(pk=payer.pk), payee=Player.objects.get(
            pk=payee.pk), cents=cents, by=by)
    assert not any(ledger.player_balances().values())
    return table


def page_text(response) -> str:
    """The page's HTML with the red suits' colouring taken off: "J♦" reads as it is shown."""
    return re.sub(r'<span class="red-suit">(.*?)</span>', r"\1", response.content.decode())


def at_once(*works):
    """Runs each work in its own thread (with its own database connection), released together;
    returns what each returned or raised, in order."""
    barrier = threading.Barrier(len(works))
    answers = [None] * len(works)

    def run(i):
        try:
            barrier.wait()
            answers[i] = works[i]()
        except Exception as err:  # judged by the test
            answers[i] = err
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


# -- the secretary's view of the money (the admin) ---------------------------------------------
WAGERS, MONEY, LEDGER = "/admin/games/wager/", "/admin/games/movement/", "/admin/club/transaction/"


@pytest.fixture
def evenings(client, secretary) -> dict:
    """Two evenings played through the API; returns the players, the tables and the wagers by
    name. At the English one Charles offers 10.00 on Athos at 5:2, Dora lays 10.00 to 4.00 and
    Emile 15.00 to 6.00; Emile offers 2.00 on Porthos and withdraws it; Athos wins the unit. At
    the French one (levy 5%) Charles backs Athos for 10.00, Dora for 5.00 and Emile backs
    Porthos for 12.00; Dora gets 3.00 back when the sides are balanced, and Athos wins the unit.
    Before both, Charles paid 20.00 in at the door: a transaction of the club's ledger made at
    no table."""
    api = Api(client, ApiToken.objects.create(user=secretary).key)
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = (
        member(client, name) for name in ("Charles", "Dora", "Emile"))
    door = ledger.post(reason=Transaction.Reason.DEPOSIT, memo="paid in at the door",
                       by=secretary, entries=[
        (ledger.house_account(), -2000), (ledger.account_for_player(charles), 2000)])

    def open_pool(name, style, **rules):
        return api.post("/tables", {
            "name": name, "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
            "first_dealer": porthos.pk, "wager_style": style, "rules": rules}).json()

    def bet(bettor_api, table, on, stake, **odds):
        answer = bettor_api.post(f"/tables/{table['id']}/wagers",
                                 {"on": on.pk, "stake": stake, **odds})
        assert answer.status_code == 201, answer.content
        return Wager.objects.get(pk=answer.json()["id"])

    english = open_pool("English evening", "english")
    offer = bet(charles_api, english, athos, "10.00", odds="5:2")
    dora_api.post(f"/wagers/{offer.pk}/take", {"stake": "4.00"})
    emile_api.post(f"/wagers/{offer.pk}/take", {"stake": "6.00"})
    withdrawn = bet(emile_api, english, porthos, "2.00")
    emile_api.post(f"/wagers/{withdrawn.pk}/withdraw")
    win_game(api, english, athos.pk)

    french = open_pool("French evening", "french", levy_percent="5")
    gallery = [bet(charles_api, french, athos, "10.00"), bet(dora_api, french, athos, "5.00"),
               bet(emile_api, french, porthos, "12.00")]
    win_game(api, french, athos.pk)
    return {"charles": charles, "dora": dora, "emile": emile, "door": door, "offer": offer,
            "withdrawn": withdrawn, "gallery": gallery,
            "english": Table.objects.get(pk=english["id"]),
            "french": Table.objects.get(pk=french["id"])}


def listed(response) -> list:
    """The list's rows: wagers' ids, or the transactions' ids of the money at tables."""
    assert response.status_code == 200
    return sorted(getattr(row, "transaction_id", row.pk)
                  for row in response.context["cl"].result_list)


def transactions(**lookups) -> list:
    """The ids of the club's transactions that match `lookups`, in order."""
    return sorted(Transaction.objects.filter(**lookups).values_list("pk", flat=True))


def words(html: str) -> str:
    """The HTML's text, its tags taken off."""
    return re.sub(r"<[^>]+>", "", html)


def cells(page: str, link: str) -> dict:
    """The cells of the list's row that holds `link`, by field, without their tags."""
    start = page.rindex("<tr", 0, page.index(link))
    row = page[start:page.index("</tr>", start)]
    return {field: words(text).strip() for field, text in
            re.findall(r'<t[dh] class="field-(\w+)[^"]*">(.*?)</t[dh]>', row, re.S)}


def money(*players_) -> list[str]:
    return [money_text.plain(ledger.player_balance(p)) for p in players_]


def escrow(table_id: int, unit: int) -> int:
    rows = Entry.objects.filter(account__code=f"escrow:table:{table_id}:unit:{unit}")
    return sum(rows.values_list("amount", flat=True))


def balanced_books():
    assert sum(Entry.objects.values_list("amount", flat=True)) == 0
    for tx in Transaction.objects.prefetch_related("entries"):
        assert sum(e.amount for e in tx.entries.all()) == 0


STAKE_CHECK = "games_wager_stake_ceiling"


def queries_for(client, url: str) -> int:
    """The queries of a second visit: the first fills Django's caches (content types)."""
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def writes_of_full_projection(table_id: int) -> list[str]:
    table = Table.objects.get(pk=table_id)
    course = course_of(table)
    with CaptureQueriesContext(connection) as seen:
        project(table, course)
        reconcile(table, course, by=table.opened_by)
    return [q["sql"] for q in seen.captured_queries
            if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]


def fresh(table_id: int) -> dict:
    table = Table.objects.get(pk=table_id)
    return snapshot(table, course_of(table))


# Diamonds are trumps. The elder exchanges 9C for 9S, the dealer 8C for TS; the dealer takes
# the first trick with KS and leads AH, which the elder must beat with QH.
SEEN_DEAL = {
    "deal": {"elder": ["7S", "8H", "9C", "KC", "QH"], "dealer": ["KS", "7D", "AH", "TC", "8C"],
             "turn_up": "JD"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["9C"], "draw": ["9S"]},
                   "dealer": {"discard": ["8C"], "draw": ["TS"]}}],
    "tricks": [["7S", "KS"]],
    "in_progress": True,
}


def open_pool(api, rules=None, scorers=()):
    trio = players("Athos", "Porthos", "Aramis")
    return api.post("/tables", {"name": "T", "format": "pool", "first_dealer": trio[1].pk,
                                "players": [p.pk for p in trio], "rules": rules or {},
                                "scorers": list(scorers)}).json()


def spend(user, name: str, times: int) -> None:
    """`times` tries of the limit on writes `name` (club/limits.py) by `user`, counted as the
    pages and the API count them: for a test that needs many before the one it watches."""
    request = RequestFactory().post("/")
    request.user = user
    for _ in range(times):
        limits.count(request, name)
