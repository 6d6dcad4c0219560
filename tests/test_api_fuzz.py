"""The API fuzzed from its own OpenAPI schema (/api/schema) by schemathesis, in-process through
Django's WSGI application, as the secretary with a bearer token: no answer is a server error,
and every answer has the status, the content type and the shape the schema gives it.

Requests made from the schema alone are almost all refused before anything is recorded, so the
hand and wager endpoints are also given records and wagers that are legal at a table seeded
for them; the test counts how many of those reach the recording path (a 2xx answer)."""
from collections import Counter

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.players import create_player
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager
from testbed.users import user_with_token
from tests.engine.ecarte_kit import follower_wins, legal_follows, other
from tests.engine.kit import ALL_CARDS
from tests.games.kit import players, summary
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

# No 5xx, and each answer has a status, a content type and a body the schema gives it.
CHECKS = [schemathesis.checks.not_a_server_error, schemathesis.checks.status_code_conformance,
          schemathesis.checks.content_type_conformance,
          schemathesis.checks.response_schema_conformance]
FUZZ = settings(max_examples=examples(25), deadline=None,
                suppress_health_check=list(HealthCheck))


schema = schemathesis.openapi.from_wsgi("/api/schema", get_wsgi_application())


@pytest.fixture(autouse=True)
def answers_in_the_tests_transaction():
    """The WSGI application answers in the test's own transaction: as in Django's test client,
    neither the start nor the end of a request closes the connection that transaction is on."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def secretary():
    """The secretary (staff) with his token; a member too, Dora, so that he may wager."""
    user, token = user_with_token("secretary", staff=True)
    create_player(name="Dora", username=user.username)
    return user, token


@pytest.fixture
def secretary_token(secretary):
    return secretary[1]


# The rows that exist, by the path parameter that names them (filled by `seeded`).
SEEDED = {}


@schema.hook
def flatmap_path_parameters(context, path_parameters: dict):
    """Each id in a path is the one generated or a row that exists, so that requests reach
    past the look-up: a table in play open for wagers, a recorded hand, an English offer that
    the secretary may take, a player."""
    return st.fixed_dictionaries({
        name: st.sampled_from([value, SEEDED[name]]) if name in SEEDED else st.just(value)
        for name, value in (path_parameters or {}).items()})


@pytest.fixture
def seeded(secretary):
    user, _ = secretary
    opener, _ = user_with_token("scorer")  # the secretary may then wager at his table
    charles = create_player(name="Charles", username=user_with_token("charles")[0].username)
    trio = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Seeded", format="pool", players=trio, rules={}, by=opener,
                       wager_style="english")
    offer = place_wager(table_id=table.pk, by=charles.user, on=trio[0].pk, stake=5_00)
    rubber = open_table(name="Played", format="rubber", players=trio[:2], rules={}, by=user)
    hand, _ = record_hand(table_id=rubber.pk, record=summary(3), by=user)
    SEEDED.update(table_id=table.pk, hand_id=hand.pk, wager_id=offer.pk, player_id=trio[0].pk)
    yield
    SEEDED.clear()


@schema.parametrize()
@FUZZ
def test_no_request_made_from_the_schema_gets_a_server_error_or_an_answer_off_schema(
        case, secretary_token, seeded):
    case.call_and_validate(headers=bearer(secretary_token), checks=CHECKS)


@st.composite
def played_out(draw, hands: dict, trump: str) -> list:
    """Five tricks played by section 6 from the two hands: any lead, any legal follow."""
    hands, tricks, leader = {role: sorted(cards) for role, cards in hands.items()}, [], "elder"
    for _ in range(5):
        follower = other(leader)
        lead = draw(st.sampled_from(hands[leader]))
        follow = draw(st.sampled_from(legal_follows(hands[follower], lead, trump)))
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        tricks.append([lead, follow])
        leader = follower if follower_wins(lead, follow, trump) else leader
    return tricks


@st.composite
def full_records(draw) -> dict:
    """A full record (docs/hand-record.md) of a shuffled pack: the elder plays at once, or one
    proposal is accepted and each side changes cards from the stock; then the play."""
    pack = draw(st.permutations(ALL_CARDS))
    deal = {"elder": pack[:5], "dealer": pack[5:10], "turn_up": pack[10]}
    hands, stock, exchanges = {"elder": deal["elder"], "dealer": deal["dealer"]}, pack[11:], []
    if draw(st.booleans()):
        entry = {"accepted": True}
        for role in ("elder", "dealer"):  # the dealer must change one card or more
            discard = draw(st.lists(st.sampled_from(hands[role]), min_size=1, max_size=5,
                                    unique=True))
            drawn, stock = stock[:len(discard)], stock[len(discard):]
            entry[role] = {"discard": discard, "draw": drawn}
            hands[role] = [c for c in hands[role] if c not in discard] + drawn
        exchanges.append(entry)
    tricks = draw(played_out(hands, deal["turn_up"][1]))
    return {"deal": deal, "exchanges": exchanges, "tricks": tricks}


summary_records = st.builds(
    lambda opening, king_turned, elder: {"summary": {
        "opening": opening, "king_turned": king_turned,
        "tricks": {"elder": elder, "dealer": 5 - elder}}},
    st.sampled_from(["played", "refused", "exchanged"]), st.booleans(), st.integers(0, 5))

legal_records = st.one_of(full_records(), summary_records)


def fuzz(operation: str, strategy, call) -> Counter:
    """Runs `call(drawn)` for examples of `strategy` (each gives the answers of its requests
    to `operation`, already validated); counts the answers by their class, 2xx, 4xx..."""
    answers = Counter()

    @FUZZ
    @given(strategy)
    def run(drawn):
        for answer in call(drawn):
            answers[f"{answer.status_code // 100}xx"] += 1

    run()
    print(f"{operation}: {dict(answers)}")
    return answers


def test_legal_hand_records_reach_the_recording_path_and_answer_by_the_schema(secretary):
    user, token = secretary
    trio = players("Athos", "Porthos", "Aramis")
    operation = schema["/api/tables/{table_id}/hands"]["POST"]

    def post(records):
        table = open_table(name="Fuzzed", format="pool", players=trio, rules={}, by=user)
        for record in records:
            yield operation.Case(path_parameters={"table_id": table.pk},
                                 body={"record": record}).call_and_validate(
                headers=bearer(token), checks=CHECKS)

    # A deal is recorded once at a table: the records of one example have different deals
    # (and one summary at most).
    answers = fuzz("POST hands", st.lists(legal_records, min_size=1, max_size=3,
                                          unique_by=lambda record: str(record.get("deal"))),
                   post)

    assert answers["2xx"] >= sum(answers.values()) * 3 // 4, answers


def money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def wager(on: int, odds: tuple, units: int) -> dict:
    """The stake is whole units of the odds' second term, so that the layer's stake is whole
    cents (the services refuse a fraction)."""
    return {"on": on, "stake": money(units * odds[1]), "odds": f"{odds[0]}:{odds[1]}"}


# A wager for a seated player (0 and 1 are seated first; 2 watches, and one in ten bets on him
# and is refused), within the tables' limits (at least 0.10, no maximum), at odds that a French
# table is not given.
wagers = st.builds(wager, st.integers(0, 19).map(lambda n: 2 if n < 2 else n % 2),
                   st.tuples(st.integers(1, 9), st.integers(1, 9)), st.integers(10, 10_000))


def test_legal_wagers_reach_the_recording_path_and_answer_by_the_schema(secretary):
    _, token = secretary
    opener, _ = user_with_token("scorer")  # who opens a table scores it, and may not wager
    trio = players("Athos", "Porthos", "Aramis")
    operation = schema["/api/tables/{table_id}/wagers"]["POST"]

    def place(drawn):
        style, placed = drawn
        table = open_table(name="Fuzzed", format="pool", players=trio, rules={}, by=opener,
                           wager_style=style)
        for bet in placed:
            body = {**bet, "on": trio[bet["on"]].pk}
            if style == "french":
                body.pop("odds", None)  # odds are for the English style
            yield operation.Case(path_parameters={"table_id": table.pk},
                                 body=body).call_and_validate(headers=bearer(token), checks=CHECKS)

    answers = fuzz("POST wagers", st.tuples(st.sampled_from(["french", "english"]),
                                            st.lists(wagers, min_size=1, max_size=3)), place)

    # Bets on the watching player, refused, came out up to one in four in trial runs:
    # hypothesis tries the edges of a range more than its middle.
    assert answers["2xx"] >= sum(answers.values()) // 2, answers
