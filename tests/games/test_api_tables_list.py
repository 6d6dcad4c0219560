"""GET /api/tables: the tables, by default those in play, with filters and pages (docs/api.md,
Lists)."""
import pytest

from games.api.schemas import TableList
from testbed.users import user_with_token
from tests.games.kit import Api, players, summary

pytestmark = pytest.mark.django_db


def open_table(api, names, format="pool", **extra):
    seated = players(*names)
    body = {"name": "T " + names[0], "format": format, "players": [p.pk for p in seated],
            "first_dealer": seated[1].pk} | extra
    answer = api.post("/tables", body)
    assert answer.status_code == 201, answer.content
    return answer.json()


def listed(api, query=""):
    answer = api.get(f"/tables{query}")
    assert answer.status_code == 200, answer.content
    return TableList.model_validate(answer.json()).model_dump()


def ids(page):
    return [table["id"] for table in page["tables"]]


def test_by_default_the_tables_in_play_newest_first_each_with_its_seats_and_score(scorer):
    first = open_table(scorer, ("Athos", "Porthos", "Aramis"))
    athos, porthos, aramis = first["players"]
    hand = scorer.post(f"/tables/{first['id']}/hands", {"record": summary(5)}).json()  # a vole
    rubber = open_table(scorer, ("Milady", "Rochefort"), format="rubber")
    closed = open_table(scorer, ("Tréville", "Planchet", "Bazin"))
    scorer.post(f"/tables/{closed['id']}/abandon")

    page = listed(scorer)

    assert ids(page) == [rubber["id"], first["id"]] and page["count"] == 2
    item = page["tables"][1]
    assert item["players"] == [  # after the hand, Porthos is elder and Athos deals
        {"id": athos, "name": "Athos", "seat": "dealer"},
        {"id": porthos, "name": "Porthos", "seat": "elder"},
        {"id": aramis, "name": "Aramis", "seat": "observer"}]
    assert item["game"] == {"number": 1, "score": {str(athos): 2, str(porthos): 0}, "hands": 1,
                            "target": 5}
    assert (item["status"], item["format"], item["seq"], item["wager_style"]) == (
        "playing", "pool", hand["table"]["seq"], "none")
    assert item["finished_at"] is None and item["opened_at"]
    assert item["winner"] is None and item["hand_in_progress"] is None
    assert [p["seat"] for p in page["tables"][0]["players"]] == ["elder", "dealer"]


def test_the_status_the_format_and_a_player_filter_the_list(scorer):
    pool = open_table(scorer, ("Athos", "Porthos", "Aramis"))
    rubber = open_table(scorer, ("Milady", "Athos2"), format="rubber")
    closed = open_table(scorer, ("Tréville", "Planchet", "Bazin"))
    scorer.post(f"/tables/{closed['id']}/abandon")

    assert ids(listed(scorer, "?status=abandoned")) == [closed["id"]]
    everything = listed(scorer, "?status=all")
    assert ids(everything) == [closed["id"], rubber["id"], pool["id"]]
    abandoned = everything["tables"][0]
    assert abandoned["status"] == "abandoned" and abandoned["finished_at"]
    assert {p["seat"] for p in abandoned["players"]} == {None}
    assert ids(listed(scorer, "?format=rubber")) == [rubber["id"]]
    assert ids(listed(scorer, "?status=all&format=pool")) == [closed["id"], pool["id"]]
    athos = pool["players"][0]
    assert ids(listed(scorer, f"?player={athos}")) == [pool["id"]]
    assert ids(listed(scorer, f"?player={closed['players'][2]}&status=all")) == [closed["id"]]
    assert listed(scorer, "?status=won")["tables"] == []


def test_a_won_table_is_listed_with_its_winner(scorer):
    table = open_table(scorer, ("Athos", "Porthos"), format="rubber",
                       rules={"rubber_games": 1})
    athos = table["players"][0]
    snap = table
    while snap["status"] == "playing":  # Athos takes the vole in every hand
        record = summary(5 if snap["seats"]["elder"] == athos else 0)
        snap = scorer.post(f"/tables/{table['id']}/hands", {"record": record}).json()["table"]
    item = listed(scorer, "?status=won")["tables"][0]
    assert item["winner"] == athos and item["finished_at"] and item["status"] == "won"


def test_pages_follow_one_another(scorer):
    opened = [open_table(scorer, (f"A{n}", f"B{n}"), format="rubber")["id"] for n in range(5)]
    newest_first = opened[::-1]
    first = listed(scorer, "?limit=2")
    second = listed(scorer, f"?limit=2&offset={first['next_offset']}")
    last = listed(scorer, f"?limit=2&offset={second['next_offset']}")
    assert (first["count"], first["next_offset"], second["next_offset"]) == (5, 2, 4)
    assert ids(first) + ids(second) + ids(last) == newest_first
    assert last["next_offset"] is None
    assert listed(scorer, "?offset=10")["tables"] == []


@pytest.mark.parametrize("query", ["?limit=0", "?limit=201", "?offset=-1", "?status=lost",
                                   "?format=whist", "?player=0", "?player=athos"])
def test_a_bad_filter_or_page_is_a_400(scorer, query):
    answer = scorer.get(f"/tables{query}")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"


def test_anyone_signed_in_may_list_but_not_anonymously(client, scorer):
    open_table(scorer, ("Athos", "Porthos"), format="rubber")
    kibitzer = Api(client, user_with_token("kibitzer")[1])
    assert listed(kibitzer)["count"] == 1
    assert client.get("/api/tables").status_code == 401


def test_the_list_costs_the_same_queries_however_many_tables_it_holds(
        scorer, django_assert_max_num_queries):
    for n in range(2):
        open_table(scorer, (f"A{n}", f"B{n}", f"C{n}"))
    with django_assert_max_num_queries(4) as few:
        assert len(listed(scorer)["tables"]) == 2
    queries = len(few)
    for n in range(2, 12):
        table = open_table(scorer, (f"A{n}", f"B{n}", f"C{n}"))
        scorer.post(f"/tables/{table['id']}/hands", {"record": summary(3)})
    with django_assert_max_num_queries(queries):
        assert len(listed(scorer)["tables"]) == 12
