"""Bystanders' wagers through the API (docs/rules.md, section 11), every balance checked to the
cent against examples worked by hand. Athos and Porthos play the first unit of a pool and Aramis
observes; Charles, Dora and Emile are members who wager."""
import pytest

from club.models import Entry, Transaction
from games.models import Wager
from tests.games.kit import balanced_books, escrow, member, money, players, summary, win_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(client, staff_api):
    """Opens a pool in the given wager style; returns (table snapshot, seated, bettors)."""
    def open_pool(style, **rules):
        seated = players("Athos", "Porthos", "Aramis")
        bettors = {name: member(client, name) for name in ("Charles", "Dora", "Emile")}
        snap = staff_api.post("/tables", {
            "name": "T", "format": "pool", "players": [p.pk for p in seated],
            "first_dealer": seated[1].pk, "wager_style": style, "rules": rules}).json()
        return snap, seated, bettors
    return open_pool


def test_an_english_offer_at_five_to_two_taken_in_two_parts_pays_the_backer(
        evening, staff_api):
    snap, (athos, porthos, _), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = bettors.values()
    offer = charles_api.post(f"/tables/{snap['id']}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "5:2"})
    assert offer.status_code == 201 and offer.json()["status"] == "open"
    wager = offer.json()["id"]
    assert dora_api.post(f"/wagers/{wager}/take", {"stake": "4.00"}).status_code == 201
    taken = emile_api.post(f"/wagers/{wager}/take", {"stake": "6.00"}).json()
    assert [t["lay"] for t in taken["takes"]] == ["10.00", "15.00"]
    assert taken["unmatched"] == "0.00"
    assert money(charles, dora, emile) == ["-10.00", "-10.00", "-15.00"]  # held in escrow
    assert escrow(snap["id"], 1) == 3500

    win_game(staff_api, snap, athos.pk)  # Athos takes the unit
    assert money(charles, dora, emile) == ["25.00", "-10.00", "-15.00"]
    assert escrow(snap["id"], 1) == 0
    settled = charles_api.get(f"/tables/{snap['id']}/wagers").json()["wagers"][0]
    assert (settled["status"], settled["outcome"]) == ("matched", "won")  # nothing lapsed
    balanced_books()


def test_a_take_larger_than_what_remains_is_refused_and_changes_nothing(evening):
    snap, (athos, _, _), bettors = evening("english")
    (charles_api, _), (dora_api, dora), _ = bettors.values()
    wager = charles_api.post(f"/tables/{snap['id']}/wagers",
                             {"on": athos.pk, "stake": "10.00"}).json()["id"]
    dora_api.post(f"/wagers/{wager}/take", {"stake": "7.00"})
    refused = dora_api.post(f"/wagers/{wager}/take", {"stake": "3.01"})
    assert refused.status_code == 422
    assert refused.json()["error"]["message"] == f"only 3.00 of wager {wager} is still unmatched"
    assert money(dora) == ["-7.00"] and Wager.objects.get().matched == 700


def test_odds_whose_lay_is_a_fraction_of_a_cent_are_refused_naming_stakes_that_work(evening):
    snap, (athos, _, _), bettors = evening("english")
    charles_api, charles = bettors["Charles"]
    refused = charles_api.post(f"/tables/{snap['id']}/wagers",
                               {"on": athos.pk, "stake": "10.00", "odds": "3:7"})
    assert refused.status_code == 422
    assert refused.json()["error"]["message"].endswith("9.94 or 10.01 would do")
    assert not Wager.objects.exists() and money(charles) == ["0.00"]


def test_the_unmatched_part_is_withdrawn_before_the_unit_and_lapses_when_it_starts(
        evening, staff_api):
    snap, (athos, porthos, _), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = bettors.values()
    table = snap["id"]
    first = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "10.00"})
    second = emile_api.post(f"/tables/{table}/wagers", {"on": porthos.pk, "stake": "8.00"})
    dora_api.post(f"/wagers/{first.json()['id']}/take", {"stake": "4.00"})
    withdrawn = charles_api.post(f"/wagers/{first.json()['id']}/withdraw").json()
    assert (withdrawn["status"], withdrawn["returned"], withdrawn["matched"]) == (
        "withdrawn", "6.00", "4.00")
    assert money(charles, emile) == ["-4.00", "-8.00"]

    staff_api.post(f"/tables/{table}/hands", {"record": summary(3)})  # the unit starts
    lapsed = Wager.objects.get(pk=second.json()["id"])
    assert (lapsed.status, lapsed.returned) == ("lapsed", 800)
    assert money(charles, dora, emile) == ["-4.00", "-4.00", "0.00"]
    late = emile_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "1.00"})
    assert late.status_code == 409 and late.json()["error"]["code"] == "wagers_closed"
    gone = dora_api.post(f"/wagers/{first.json()['id']}/take", {"stake": "1.00"})
    assert gone.status_code == 409


@pytest.mark.parametrize("who, on, code", [
    ("Charles", "Aramis", "not_playing"),   # nobody may wager on the observer
    ("Athos", "Athos", "may_not_wager"),    # in the English style the players do not wager
])
def test_who_may_wager_on_whom_in_the_english_style(evening, client, who, on, code):
    snap, seated, bettors = evening("english")
    by_name = {p.name: p for p in seated}
    if who in bettors:
        api = bettors[who][0]
    else:  # a seated player with a login
        from club.models import Player
        from testbed.users import user_with_token
        from tests.games.kit import Api
        user, token = user_with_token(who.lower())
        Player.objects.filter(pk=by_name[who].pk).update(user=user)
        api = Api(client, token)
    refused = api.post(f"/tables/{snap['id']}/wagers", {"on": by_name[on].pk, "stake": "1.00"})
    assert refused.status_code in (403, 422) and refused.json()["error"]["code"] == code
    assert not Wager.objects.exists()


def test_nobody_lays_against_himself_or_withdraws_another_members_wager(evening):
    snap, (athos, _, _), bettors = evening("english")
    (charles_api, _), (dora_api, _), _ = bettors.values()
    wager = charles_api.post(f"/tables/{snap['id']}/wagers",
                             {"on": athos.pk, "stake": "2.00"}).json()["id"]
    own = charles_api.post(f"/wagers/{wager}/take", {"stake": "1.00"})
    assert own.status_code == 403 and "against himself" in own.json()["error"]["message"]
    other = dora_api.post(f"/wagers/{wager}/withdraw")
    assert other.status_code == 403
    assert Wager.objects.get().status == "open" and not Wager.objects.get().takes.exists()


@pytest.mark.parametrize("stake, words", [
    ("0.05", "at least 0.10"), ("0", "at least 0.10"), ("-1.00", "negative"),
    ("25.01", "at most 25.00"), ("1.001", "two decimal places"), ("ten", "not an amount"),
])
def test_stakes_outside_the_tables_limits_are_refused(evening, stake, words):
    snap, (athos, _, _), bettors = evening("french", wager_max="25.00")
    charles_api, charles = bettors["Charles"]
    refused = charles_api.post(f"/tables/{snap['id']}/wagers", {"on": athos.pk, "stake": stake})
    assert refused.status_code == 422 and words in refused.json()["error"]["message"]
    assert not Wager.objects.exists() and money(charles) == ["0.00"]


def test_the_french_gallery_is_balanced_when_the_unit_starts_and_the_levy_goes_to_the_house(
        evening, staff_api):
    snap, (athos, porthos, _), bettors = evening("french", levy_percent="5")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = bettors.values()
    table = snap["id"]
    charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "10.00"})
    dora_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "5.00"})
    emile_api.post(f"/tables/{table}/wagers", {"on": porthos.pk, "stake": "12.00"})
    gallery = staff_api.get(f"/tables/{table}").json()["gallery"]
    assert gallery[str(athos.pk)]["total"] == "15.00"
    assert gallery[str(porthos.pk)]["total"] == "12.00"

    staff_api.post(f"/tables/{table}/hands", {"record": summary(3)})  # balanced: Dora gets 3.00
    assert money(charles, dora, emile) == ["-10.00", "-2.00", "-12.00"]
    win_game(staff_api, staff_api.get(f"/tables/{table}").json(), athos.pk)
    # Charles: 10.00 + 10.00 less 0.50; Dora: 2.00 + 2.00 less 0.10; the house 0.60.
    assert money(charles, dora, emile) == ["9.50", "1.90", "-12.00"]
    house = Entry.objects.filter(account__code="house")
    assert sum(house.values_list("amount", flat=True)) == 60
    assert escrow(table, 1) == 0
    balanced_books()


def test_once_balanced_the_gallery_shows_each_bets_matched_and_returned_parts(
        evening, staff_api):
    """Charles backs Athos for 5.00 and Dora Porthos for 3.00. When the unit starts the
    sides are balanced at 3.00: Charles's bet is matched for 3.00 and 2.00 of it is returned;
    Dora's 3.00 is matched in full. The snapshot and the table's wagers both say so."""
    snap, (athos, porthos, _), bettors = evening("french")
    (charles_api, charles), (dora_api, dora), _ = bettors.values()
    table = snap["id"]
    on_athos = charles_api.post(f"/tables/{table}/wagers",
                                {"on": athos.pk, "stake": "5.00"}).json()["id"]
    on_porthos = dora_api.post(f"/tables/{table}/wagers",
                               {"on": porthos.pk, "stake": "3.00"}).json()["id"]
    before = staff_api.get(f"/tables/{table}").json()["gallery"][str(athos.pk)]
    assert (before["total"], before["matched"], before["returned"]) == ("5.00", None, None)
    assert before["bettors"] == [{"player": charles.pk, "wager": on_athos, "stake": "5.00",
                                  "matched": None, "returned": None}]

    started = staff_api.post(f"/tables/{table}/hands", {"record": summary(3)}).json()["table"]

    listed = staff_api.get(f"/tables/{table}/wagers").json()["gallery"]
    for gallery in (started["gallery"], listed):
        athos_side, porthos_side = gallery[str(athos.pk)], gallery[str(porthos.pk)]
        assert (athos_side["total"], athos_side["matched"], athos_side["returned"]) == (
            "5.00", "3.00", "2.00")
        assert athos_side["bettors"] == [{"player": charles.pk, "wager": on_athos,
                                          "stake": "5.00", "matched": "3.00",
                                          "returned": "2.00"}]
        assert (porthos_side["total"], porthos_side["matched"], porthos_side["returned"]) == (
            "3.00", "3.00", "0.00")
        assert porthos_side["bettors"][0]["wager"] == on_porthos
    assert money(charles, dora) == ["-3.00", "-3.00"]  # Charles's 2.00 is back


def test_a_correction_that_changes_the_winner_settles_again_and_one_that_undoes_it_holds_again(
        evening, staff_api):
    snap, (athos, porthos, _), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), _ = bettors.values()
    table = snap["id"]
    wager = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "10.00"}).json()["id"]
    dora_api.post(f"/wagers/{wager}/take", {"stake": "10.00"})
    # Porthos deals first: Athos is elder in hands 1 and 3, dealer in hand 2.
    hands = [staff_api.post(f"/tables/{table}/hands", {"record": record}).json()["hand"]["id"]
             for record in (summary(5), summary(0), summary(5))]  # three voles to Athos
    assert money(charles, dora) == ["10.00", "-10.00"]

    for hand, record in zip(hands, (summary(0), summary(5), summary(0))):  # Porthos's voles
        assert staff_api.post(f"/hands/{hand}/correct", {"record": record}).status_code == 200
    assert money(charles, dora) == ["-10.00", "10.00"]
    assert staff_api.get(f"/tables/{table}/wagers").json()["wagers"][0]["outcome"] == "lost"

    staff_api.post(f"/hands/{hands[2]}/correct", {"record": summary(3)})  # only the point
    assert staff_api.get(f"/tables/{table}").json()["game"]["score"] == {
        str(athos.pk): 1, str(porthos.pk): 4}
    assert money(charles, dora) == ["-10.00", "-10.00"]  # the unit is open: stakes held again
    assert escrow(table, 1) == 2000
    reversals = Transaction.objects.filter(reason=Transaction.Reason.REVERSAL)
    assert reversals.count() == 2 and {t.made_by.username for t in reversals} == {"secretary"}
    balanced_books()


def test_abandoning_the_table_returns_every_stake(evening, staff_api):
    snap, (athos, porthos, _), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = bettors.values()
    table = snap["id"]
    wager = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "2:1"}).json()["id"]
    dora_api.post(f"/wagers/{wager}/take", {"stake": "5.00"})
    staff_api.post(f"/tables/{table}/hands", {"record": summary(3)})
    assert money(charles, dora) == ["-5.00", "-10.00"]
    staff_api.post(f"/tables/{table}/abandon")
    assert money(charles, dora, emile) == ["0.00", "0.00", "0.00"]
    assert staff_api.get(f"/tables/{table}/wagers").json()["wagers"][0]["outcome"] == "void"
    balanced_books()


def test_ruling_31_a_tables_scorers_may_not_wager_at_it(client, staff_api):
    """The opener and his named scorers enter the hands the wagers settle on."""
    opener_api, _ = member(client, "Charles")
    deputy_api, _ = member(client, "Dora")
    emile_api, _ = member(client, "Emile")
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = opener_api.post("/tables", {
        "name": "T", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "wager_style": "english", "scorers": ["dora"]}).json()["id"]
    refused = opener_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "1.00"})
    assert refused.status_code == 403 and "scorers" in refused.json()["error"]["message"]
    wager = emile_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "1.00"})
    taken = deputy_api.post(f"/wagers/{wager.json()['id']}/take", {"stake": "1.00"})
    assert taken.status_code == 403 and Wager.objects.get().matched == 0


def test_ruling_31_a_seated_scorer_may_back_himself_in_the_french_style(client):
    athos_api, athos = member(client, "Athos")
    porthos, aramis = players("Porthos", "Aramis")
    table = athos_api.post("/tables", {
        "name": "T", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "wager_style": "french"}).json()["id"]
    own = athos_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "3.00"})
    assert own.status_code == 201
    against = athos_api.post(f"/tables/{table}/wagers", {"on": porthos.pk, "stake": "3.00"})
    assert against.status_code == 403 and "never his adversary" in against.text


def test_ruling_33_a_french_bet_is_withdrawn_whole_before_the_unit_starts(evening):
    snap, (athos, _, _), bettors = evening("french")
    charles_api, charles = bettors["Charles"]
    bet = charles_api.post(f"/tables/{snap['id']}/wagers", {"on": athos.pk, "stake": "6.00"})
    withdrawn = charles_api.post(f"/wagers/{bet.json()['id']}/withdraw").json()
    assert (withdrawn["status"], withdrawn["returned"]) == ("withdrawn", "6.00")
    assert money(charles) == ["0.00"] and escrow(snap["id"], 1) == 0


def test_ruling_34_the_whole_remainder_of_an_offer_may_be_taken_below_the_minimum(evening):
    snap, (athos, _, _), bettors = evening("english", wager_min="1.00")
    (charles_api, _), (dora_api, dora), (emile_api, emile) = bettors.values()
    wager = charles_api.post(f"/tables/{snap['id']}/wagers",
                             {"on": athos.pk, "stake": "1.50"}).json()["id"]
    dora_api.post(f"/wagers/{wager}/take", {"stake": "1.00"})
    too_small = emile_api.post(f"/wagers/{wager}/take", {"stake": "0.40"})
    assert too_small.status_code == 422 and "at least 1.00" in too_small.text
    assert emile_api.post(f"/wagers/{wager}/take", {"stake": "0.50"}).status_code == 201
    assert money(dora, emile) == ["-1.00", "-0.50"]


def test_a_correction_that_takes_the_backed_player_out_of_the_next_unit_voids_his_wagers(
        evening, staff_api):
    snap, (athos, porthos, aramis), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), _ = bettors.values()
    table = snap["id"]
    # Porthos deals first: Athos, elder in hands 1 and 3, takes three voles and the first unit.
    hands = [staff_api.post(f"/tables/{table}/hands", {"record": record}).json()["hand"]["id"]
             for record in (summary(5), summary(0), summary(5))]
    assert staff_api.get(f"/tables/{table}").json()["unit"]["number"] == 2  # Athos v Aramis
    wager = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "5.00"}).json()["id"]
    dora_api.post(f"/wagers/{wager}/take", {"stake": "5.00"})
    assert money(charles, dora) == ["-5.00", "-5.00"]

    for hand, record in zip(hands, (summary(0), summary(5), summary(0))):  # Porthos's unit
        staff_api.post(f"/hands/{hand}/correct", {"record": record})
    unit = staff_api.get(f"/tables/{table}").json()["unit"]
    assert unit["number"] == 2 and set(unit["games"]) == {str(porthos.pk), str(aramis.pk)}
    assert money(charles, dora) == ["0.00", "0.00"]  # Athos no longer plays unit 2: void
    assert staff_api.get(f"/tables/{table}/wagers").json()["wagers"][0]["outcome"] == "void"
    balanced_books()


def test_a_unit_decided_after_a_correction_voided_part_of_it_refunds_the_void_once(
        evening, staff_api):
    snap, (athos, porthos, aramis), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = bettors.values()
    table = snap["id"]
    hands = [staff_api.post(f"/tables/{table}/hands", {"record": record}).json()["hand"]["id"]
             for record in (summary(5), summary(0), summary(5))]  # Athos takes unit 1
    on_athos = charles_api.post(f"/tables/{table}/wagers",
                                {"on": athos.pk, "stake": "5.00"}).json()["id"]
    on_aramis = emile_api.post(f"/tables/{table}/wagers",
                               {"on": aramis.pk, "stake": "3.00"}).json()["id"]
    dora_api.post(f"/wagers/{on_athos}/take", {"stake": "5.00"})
    dora_api.post(f"/wagers/{on_aramis}/take", {"stake": "3.00"})
    for hand, record in zip(hands, (summary(0), summary(5), summary(0))):  # Porthos's unit
        staff_api.post(f"/hands/{hand}/correct", {"record": record})
    assert money(charles, dora, emile) == ["0.00", "-3.00", "-3.00"]  # Athos's wager void

    snap = staff_api.get(f"/tables/{table}").json()  # unit 2: Porthos v Aramis
    win_game(staff_api, snap, aramis.pk)  # decided by a new hand, not by a correction
    assert money(charles, dora, emile) == ["0.00", "-3.00", "3.00"]
    assert escrow(table, 2) == 0
    balanced_books()


def test_with_a_credit_limit_a_stake_that_would_pass_it_is_refused(evening, settings):
    settings.CREDIT_LIMIT = 1000  # a member may owe 10.00 at most
    snap, (athos, _, _), bettors = evening("english")
    (charles_api, charles), (dora_api, dora), _ = bettors.values()
    table = snap["id"]
    assert charles_api.post(f"/tables/{table}/wagers",
                            {"on": athos.pk, "stake": "8.00"}).status_code == 201
    refused = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "2.01"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "insufficient_funds"
    wager = Wager.objects.get().pk
    taken = dora_api.post(f"/wagers/{wager}/take", {"stake": "8.00"})
    assert taken.status_code == 201  # a layer at evens puts up 8.00: within his 10.00
    assert money(charles, dora) == ["-8.00", "-8.00"] and Wager.objects.count() == 1
