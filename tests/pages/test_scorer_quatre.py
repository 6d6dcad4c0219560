"""The scorer's page of a table à quatre (docs/rules.md, section 13, rulings 50-58): a hand
entered as a summary, the four named by their seats and the two sides by their partners; the
refusal that makes a side vulnerable, even the elder's partner's; a refused record shown beside
its field with nothing saved; a second tap that records nothing twice; a correction; and a
match played to la belle."""
import re

import pytest

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.pages.forms import resend_card_form
from tests.pages.kit import quatre_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff, four):
    """Dartagnan deals first: Athos is elder, Porthos second, Aramis third. Athos and Aramis
    are partners, against Porthos and Dartagnan."""
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                      first_dealer=four[3])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def scores(table, four) -> tuple:
    """The game's score of Athos and Aramis, and of Porthos and Dartagnan."""
    table.refresh_from_db()
    sides = {tuple(s["players"]): s["score"] for s in table.snapshot["quatre"]["sides"]}
    return sides[(four[0].pk, four[2].pk)], sides[(four[1].pk, four[3].pk)]


def seated(page: str) -> dict:
    roles = re.search(r'<p class="roles"[^>]*>(.*?)</p>', page, re.S).group(1)
    return {seat: name for name, seat in re.findall(
        r"<strong>(.*?)</strong> <small>(\w+)</small>", roles)}


def sides_named(page: str) -> list[str]:
    """The partners of the elder's side, then the dealer's, as the tricks' buttons name them."""
    names = re.search(r'<p class="split-names">(.*?)</p>', page, re.S).group(1)
    return re.findall(r"<span[^>]*>(\w+ &amp; \w+)</span> <small>", names)


def test_the_form_names_the_four_by_their_seats_and_the_sides(scorer, table):
    page = scorer.get(url(table)).content.decode()

    assert seated(page) == {"elder": "Athos", "second": "Porthos", "third": "Aramis",
                            "dealer": "Dartagnan"}
    assert sides_named(page) == ["Athos &amp; Aramis", "Porthos &amp; Dartagnan"]
    for seat in ("Porthos, second", "Aramis, third", "Dartagnan, dealer"):
        assert f"proposal refused by {seat}" in page
    assert "proposal refused by Athos" not in page  # the elder proposes
    assert page.count('name="elder_side"') == 7 and 'name="number" value="1"' in page
    assert 'id="deal-form"' not in page and 'id="summary-form"' not in page


def test_a_hand_is_recorded_as_an_a_quatre_summary(scorer, table, four):
    answer = scorer.post(url(table), quatre_post(king="second", opening="played"),
                         follow=True)

    hand = Hand.objects.get()
    assert hand.record == {"format": "ecarte-quatre/1", "summary": {
        "opening": "played", "king_turned": False, "king": "second",
        "tricks": {"elder_side": 3, "dealer_side": 2}}}
    assert "Hand 1 recorded." in answer.content.decode()
    # The last hands name the four in the order of play, from the elder to the dealer.
    assert "Hand 1: Athos – Porthos – Aramis – Dartagnan" in answer.content.decode()
    # The elder's side, vulnerable, wins the point: 1; the second's king: 1 to his side. The
    # last hands name each mark's side by its partners.
    assert scores(table, four) == (1, 1)
    assert ("Porthos &amp; Dartagnan +1 king, Athos &amp; Aramis +1 point"
            in answer.content.decode())


def test_a_refusal_by_the_elders_partner_makes_his_side_vulnerable(scorer, table, four):
    scorer.post(url(table), quatre_post(opening="refused:third", elder_side="2"))

    hand = Hand.objects.get()
    assert hand.record["summary"]["refused_by"] == "third"
    assert hand.result["vulnerable"] == "elder_side"
    # Ruling 55: Aramis, the third, refused; his side failed to win the point, so the
    # adversaries mark 2 for it (section 7).
    assert scores(table, four) == (0, 2)


def test_a_refusing_side_that_wins_the_point_marks_one(scorer, table, four):
    scorer.post(url(table), quatre_post(opening="refused:dealer", elder_side="1"))

    assert scores(table, four) == (0, 1)


def test_the_vole_against_a_vulnerable_side_stays_at_two(scorer, table, four):
    scorer.post(url(table), quatre_post(opening="refused:second", elder_side="5"))

    assert scores(table, four) == (2, 0)


def test_a_refused_record_is_shown_beside_the_tricks_and_nothing_is_saved(scorer, table):
    # No trick at all, though no king mark ended the game: the engine refuses it.
    answer = scorer.post(url(table), quatre_post(elder_side="none"))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="tricks-m-error"' in page and "Nothing was saved." in page


def test_a_form_without_its_opening_is_refused_beside_it(scorer, table):
    answer = scorer.post(url(table), quatre_post(opening=""))

    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="opening-m-error"' in answer.content.decode()


def test_the_same_key_twice_records_one_hand(scorer, table):
    first = scorer.post(url(table), quatre_post(key="same"))
    again = scorer.post(url(table), quatre_post(key="same"), follow=True)

    assert first.status_code == 302 and Hand.objects.count() == 1
    assert "already recorded from this page: it counts once" in again.content.decode()


def test_a_stale_page_records_nothing(scorer, table):
    scorer.post(url(table), quatre_post(key="phone-1"))

    answer = scorer.post(url(table), quatre_post(key="phone-2"), follow=True)

    assert Hand.objects.count() == 1
    assert "Hand 1 was already entered from another phone" in answer.content.decode()


def test_a_hand_is_corrected_with_the_same_form_filled_in(scorer, table, four):
    scorer.post(url(table), quatre_post(opening="refused:third", elder_side="3"))
    scorer.post(url(table), quatre_post(number=2, key="k2", elder_side="5"))
    # Hand 2: Athos deals, so Porthos is elder, his side making the vole.
    assert scores(table, four) == (1, 2)

    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert seated(page) == {"elder": "Athos", "second": "Porthos", "third": "Aramis",
                            "dealer": "Dartagnan"}
    assert 'name="opening" value="refused:third" required checked' in page
    assert re.search(r'name="elder_side" value="3" class="split chosen"', page)

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/", quatre_post(
        opening="refused:third", elder_side="2", key="c1") | {"version": 1})

    assert answer.status_code == 302
    hand = Hand.objects.get(number=1)
    assert hand.version == 2 and hand.record["summary"]["tricks"]["dealer_side"] == 3
    assert scores(table, four) == (0, 4)


FULL = {"format": "ecarte-quatre/1",
        "deal": {"elder": ["QS", "JS", "AS", "TS", "8D"], "second": ["KH", "9S", "8S", "7S", "QC"],
                 "third": ["KD", "QD", "JD", "AD", "TD"], "dealer": ["KC", "JC", "AC", "TC", "9C"],
                 "turn_up": "7H"},
        "exchanges": [{"accepted": True, "elder": {"discard": ["8D"], "draw": ["JH"]},
                       "dealer": {"discard": ["9C", "TC"], "draw": ["KS", "9D"]}},
                      {"accepted": False, "refused_by": "third"}],
        "king": "second",
        "tricks": [["QS", "9S", "KD", "KS"], ["KC", "JH", "QC", "QD"], ["JS", "8S", "JD", "JC"],
                   ["AS", "7S", "AD", "AC"], ["TS", "KH", "TD", "9D"]]}


def test_a_full_record_is_corrected_card_by_card_or_replaced_by_a_summary(scorer, table,
                                                                          staff):
    record_hand(table_id=table.pk, record=FULL, by=staff)
    correct = f"/tables/{table.pk}/hands/1/correct/"

    # The card-by-card form sent back as it was drawn makes the same record again: the deal,
    # the exchanges with the refusal after them, the king and the tricks.
    resend_card_form(scorer, correct, "quatre-form")
    hand = Hand.objects.get()
    assert hand.record == FULL and hand.version == 1  # the same record: no new version

    # The summary replaces the cards, as a two-handed summary does.
    answer = scorer.post(correct, quatre_post(key="c1") | {"version": 1})
    assert answer.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 2 and "deal" not in hand.record


def win_game(scorer, table, partners: set, number: int) -> int:
    """Voles for the side of `partners` until the game in play ends, whichever side is the
    elder's in each hand; returns the number of the last hand."""
    game = table.snapshot["quatre"]["game"]
    while True:
        page = scorer.get(url(table)).content.decode()
        number += 1
        elder_side = set(sides_named(page)[0].split(" &amp; ")) == partners
        answer = scorer.post(url(table), quatre_post(
            number=number, key=f"h{number}", elder_side="5" if elder_side else "0"))
        assert answer.status_code == 302
        table.refresh_from_db()
        if table.snapshot["quatre"]["game"] != game or table.status != "playing":
            return number


def test_a_match_to_la_belle(scorer, table, four):
    a, b = {"Athos", "Aramis"}, {"Porthos", "Dartagnan"}

    assert "Game 1 of the match." in scorer.get(url(table)).content.decode()
    number = win_game(scorer, table, a, 0)
    assert number == 4  # 2, 4, 6, and the fourth vole reaches 7
    assert "Game 2 of the match." in scorer.get(url(table)).content.decode()
    number = win_game(scorer, table, b, number)
    assert number == 8
    quatre = table.snapshot["quatre"]
    assert quatre["game"] == 3 and quatre["belle"] is True
    assert sorted(s["games"] for s in quatre["sides"]) == [1, 1]
    assert scores(table, four) == (0, 0)  # la belle starts from nothing
    # The losing side deals first in the next game (ruling 58). Game 1 was dealt by
    # Dartagnan, Athos, Porthos and Aramis; the losers, Porthos and Dartagnan, then dealt
    # game 2 from Dartagnan, the first of them at Aramis's left: Dartagnan, Athos, Porthos,
    # Aramis again. Now the losers are Athos and Aramis: at Aramis's left sits Dartagnan (a
    # winner), then Athos, who deals la belle; Porthos is elder.
    page = scorer.get(url(table)).content.decode()
    assert seated(page) == {"elder": "Porthos", "second": "Aramis", "third": "Dartagnan",
                            "dealer": "Athos"}
    assert 'name="number" value="9"' in page
    assert "La belle: the deciding game of the match." in page

    number = win_game(scorer, table, a, number)
    assert number == 12
    table.refresh_from_db()
    assert table.status == "won"
    assert table.snapshot["quatre"]["winner"] == [four[0].pk, four[2].pk]
    assert "This table is over" in scorer.get(url(table)).content.decode()


def test_the_form_reads_in_french(scorer, table):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "proposition refusée par Aramis, troisième" in page
    assert "le camp du premier en main" in page and "Partie 1 du match." in page
    assert "the elder&#x27;s side" not in page and "of the match" not in page
