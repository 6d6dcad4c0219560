"""The scorer's page of a table à trois (docs/rules.md, section 12, rulings 41-49): a hand
entered as a summary, the players named by their seats in the hand to come; the 2-2-1 split
and who took his second trick first; the refusal point to the third player; a refused record
shown beside its field with nothing saved; a second tap that records nothing twice; a
correction; and a game played to its end, the winner withdrawing and the other two playing on
two-handed."""
import re

import pytest

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.pages.forms import resend_card_form
from tests.pages.kit import trois_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff, trio):
    """Athos deals first: Porthos, at his left, is elder, and Aramis the middle."""
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                      first_dealer=trio[0])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def scores(table, trio) -> tuple:
    """Athos's, Porthos's and Aramis's scores in the game, as the table's page gives them."""
    table.refresh_from_db()
    score = table.snapshot["trois"]["score"]
    return tuple(score[str(p.pk)] for p in trio)


def seated(page: str) -> dict:
    """{seat: name} as the form's heading names the players."""
    roles = re.search(r'<p class="roles"[^>]*>(.*?)</p>', page, re.S).group(1)
    return {seat: name for name, seat in re.findall(
        r"<strong>(.*?)</strong> <small>(\w+)</small>", roles)}


def test_the_form_names_the_three_players_by_their_seats(scorer, table):
    page = scorer.get(url(table)).content.decode()

    assert seated(page) == {"elder": "Porthos", "middle": "Aramis", "dealer": "Athos"}
    assert 'id="trois-form"' in page and 'name="number" value="1"' in page
    assert "proposal refused by Aramis, middle" in page
    assert "proposal refused by Athos, dealer" in page
    assert "announced by Aramis, middle" in page
    for seat in ("elder", "middle", "dealer"):
        assert page.count(f'name="tricks_{seat}"') == 6
    # Finished hands only: no card-by-card form, no two-handed summary.
    assert 'id="deal-form"' not in page and 'id="summary-form"' not in page


def test_a_hand_is_recorded_as_an_a_trois_summary(scorer, table, trio):
    answer = scorer.post(url(table), trois_post(king="middle"), follow=True)

    hand = Hand.objects.get()
    assert hand.record == {"format": "ecarte-trois/1", "summary": {
        "opening": "exchanged", "king_turned": False, "king": "middle",
        "tricks": {"elder": 3, "middle": 1, "dealer": 1}}}
    assert "Hand 1 recorded." in answer.content.decode()
    # The elder (Porthos) takes the point, the middle (Aramis) marks his king; no one was
    # vulnerable, so there is no refusal point (rulings 46, 47). The last hands name them.
    assert scores(table, trio) == (0, 1, 1)
    assert "Aramis +1 king, Porthos +1 point" in answer.content.decode()


def test_a_two_two_one_split_goes_to_the_first_to_take_his_second_trick(scorer, table, trio):
    scorer.post(url(table), trois_post(tricks=(2, 2, 1), first_to_two="middle"))

    hand = Hand.objects.get()
    assert hand.record["summary"]["first_to_two"] == "middle"
    assert hand.result["first_to_two"] == "middle"
    # Ruling 45: the point to the middle, Aramis, though the elder took as many tricks.
    assert scores(table, trio) == (0, 0, 1)


def test_a_two_two_one_split_without_the_first_to_two_is_refused_beside_it(scorer, table):
    answer = scorer.post(url(table), trois_post(tricks=(2, 1, 2)))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="first-m-error"' in page and "Nothing was saved." in page
    assert 'name="tricks_dealer" value="2" required checked' in page  # the form kept


def test_tricks_that_do_not_add_up_to_five_are_refused_beside_the_tricks(scorer, table):
    answer = scorer.post(url(table), trois_post(tricks=(3, 1, 0)))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="tricks-m-error"' in page and "add up to 4" in page


def test_the_first_to_two_on_another_split_is_refused(scorer, table):
    answer = scorer.post(url(table), trois_post(tricks=(3, 1, 1), first_to_two="elder"))

    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="first-m-error"' in answer.content.decode()


def test_a_refusing_dealer_who_fails_gives_the_third_player_the_refusal_point(scorer, table,
                                                                               trio):
    scorer.post(url(table), trois_post(opening="refused:dealer", tricks=(3, 1, 1)))

    hand = Hand.objects.get()
    assert hand.record["summary"]["refused_by"] == "dealer"
    assert hand.result["vulnerable"] == "dealer"
    # The elder, Porthos, wins the point; the refusal point goes to the third player, the
    # middle Aramis, not to the winner of the point; the dealer Athos marks nothing.
    assert scores(table, trio) == (0, 1, 1)


def test_a_vole_against_a_vulnerable_elder_gives_the_other_the_refusal_point(scorer, table,
                                                                            trio):
    scorer.post(url(table), trois_post(opening="played", tricks=(0, 5, 0)))

    # The elder, Porthos, played without proposing; the middle, Aramis, makes the vole (2) and
    # the other who is not vulnerable, the dealer Athos, marks the refusal point.
    assert scores(table, trio) == (1, 0, 2)


def test_a_vulnerable_player_who_wins_the_point_marks_it_alone(scorer, table, trio):
    scorer.post(url(table), trois_post(opening="refused:middle", king="turned",
                                       tricks=(1, 3, 1)))

    # Ruling 46: the middle refused and won the point: 1, and no refusal point; the dealer
    # Athos marks the king he turned up.
    assert scores(table, trio) == (1, 0, 1)


def test_the_same_key_twice_records_one_hand(scorer, table):
    first = scorer.post(url(table), trois_post(key="same"))
    again = scorer.post(url(table), trois_post(key="same"), follow=True)

    assert first.status_code == 302 and Hand.objects.count() == 1
    assert "already recorded from this page: it counts once" in again.content.decode()


def test_a_stale_page_records_nothing(scorer, table):
    scorer.post(url(table), trois_post(key="phone-1"))

    answer = scorer.post(url(table), trois_post(key="phone-2", tricks=(1, 1, 3)), follow=True)

    assert Hand.objects.count() == 1
    page = answer.content.decode()
    assert "Hand 1 was already entered from another phone" in page
    assert 'name="number" value="2"' in page


def test_a_hand_is_corrected_with_the_same_form_filled_in(scorer, table, trio):
    scorer.post(url(table), trois_post(opening="refused:dealer", tricks=(3, 1, 1)))
    scorer.post(url(table), trois_post(number=2, key="k2", tricks=(0, 5, 0)))
    assert scores(table, trio) == (2, 1, 1)  # Athos, middle in hand 2, made the vole

    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert seated(page) == {"elder": "Porthos", "middle": "Aramis", "dealer": "Athos"}
    assert 'name="opening" value="refused:dealer" required checked' in page
    assert 'name="tricks_elder" value="3" required checked' in page

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", trois_post(
        opening="refused:dealer", tricks=(1, 1, 3), key="c1") | {"version": 1})

    assert answer.status_code == 302
    hand = Hand.objects.get(number=1)
    assert hand.version == 2 and hand.record["summary"]["tricks"]["dealer"] == 3
    # Now the refusing dealer, Athos, won the point himself: 1, and no refusal point; then
    # his vole in hand 2.
    assert scores(table, trio) == (3, 0, 0)


def test_a_refused_correction_saves_nothing(scorer, table):
    scorer.post(url(table), trois_post())

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", trois_post(
        tricks=(2, 2, 1), key="c1") | {"version": 1})

    assert answer.status_code == 422 and 'id="first-m-error"' in answer.content.decode()
    assert Hand.objects.get().version == 1


FULL = {"format": "ecarte-trois/1",
        "deal": {"elder": ["KS", "7H", "9H", "QS", "JD"],
                 "middle": ["KH", "QH", "7S", "8S", "AH"],
                 "dealer": ["KC", "QC", "JC", "AC", "9D"], "turn_up": "8D"},
        "exchanges": [{"accepted": True, "elder": {"discard": ["JD"], "draw": ["8C"]},
                       "dealer": {"discard": ["9D"], "draw": ["TC"]}},
                      {"accepted": False, "refused_by": "dealer"}],
        "king": None,
        "tricks": [["KS", "7S", "TC"], ["7H", "KH", "JC"], ["QH", "AC", "9H"],
                   ["8S", "QC", "QS"], ["8C", "AH", "KC"]]}


def test_a_full_record_is_corrected_card_by_card_or_replaced_by_a_summary(scorer, table,
                                                                          staff):
    record_hand(table_id=table.pk, record=FULL, by=staff)
    correct = f"/tables/{table.pk}/hands/1/correct/"

    # The card-by-card form sent back as it was drawn makes the same record again: the deal,
    # the exchanges with the refusal after them, the king and the tricks.
    resend_card_form(scorer, correct, "trois-form")
    hand = Hand.objects.get()
    # The same record, but for its `"king": null`, which the form leaves out.
    assert hand.version == 2
    assert hand.record == {key: value for key, value in FULL.items() if value is not None}

    # The summary replaces the cards, as a two-handed summary does.
    answer = scorer.post(correct, trois_post(key="c1") | {"version": 2})
    assert answer.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 3 and "deal" not in hand.record


def form_of(page: str, form_id: str) -> str:
    return re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S).group(0)


def test_a_game_to_its_end_the_winner_withdraws_and_the_other_two_play_on(scorer, table,
                                                                          trio):
    number = 0
    while True:  # Athos makes the vole in every hand: 2 each, 7 in his fourth
        page = scorer.get(url(table)).content.decode()
        if 'id="trois-form"' not in page:
            break
        number += 1
        seat = {name: seat for seat, name in seated(page).items()}["Athos"]
        tricks = tuple(5 if s == seat else 0 for s in ("elder", "middle", "dealer"))
        answer = scorer.post(url(table), trois_post(number=number, key=f"t{number}",
                                                    tricks=tricks))
        assert answer.status_code == 302
    assert number == 4
    assert scores(table, trio) == (7, 0, 0)

    # The two who remain, and only they, are offered; two-handed, keeping their scores.
    form = form_of(page, "summary-form")
    assert "Porthos" in form and "Aramis" in form and "Athos" not in form
    assert "Athos has won the game and withdrawn" in page
    roles = re.search(r"<strong>(\w+)</strong> is elder.*?<strong>(\w+)</strong> deals",
                      page, re.S).groups()
    assert set(roles) == {"Porthos", "Aramis"}
    # The deal passes to the left (ruling 49): Athos dealt hand 4, so Porthos, at his left,
    # deals hand 5, and Aramis is elder.
    assert roles == ("Aramis", "Porthos")

    while 'id="summary-form"' in page:  # Aramis makes the vole: the elder takes 5, or 0
        number += 1
        elder = re.search(r"<strong>(\w+)</strong> is elder", page).group(1)
        answer = scorer.post(url(table), {
            "action": "summary", "number": number, "key": f"t{number}",
            "opening": "exchanged", "king": "none",
            "elder_tricks": "5" if elder == "Aramis" else "0"})
        assert answer.status_code == 302
        page = scorer.get(url(table)).content.decode()
    assert number == 8
    table.refresh_from_db()
    assert table.status == "won" and table.winner == trio[0]
    assert table.snapshot["trois"]["order"] == [trio[0].pk, trio[2].pk, trio[1].pk]
    assert scores(table, trio) == (7, 0, 7)
    assert "This table is over" in page


def test_the_form_reads_in_french(scorer, table):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "proposition refusée par Aramis, milieu" in page
    assert "annoncé par Porthos, premier en main" in page
    assert "Enregistrer le coup 1" in page and "pas de partage 2-2-1" in page
    assert "Record hand" not in page and "2-2-1 split" not in page
