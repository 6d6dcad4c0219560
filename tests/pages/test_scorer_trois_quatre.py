"""The scorer's page of a table à trois and à quatre, a hand entered as a summary (docs/rules.md,
sections 12 and 13, rulings 41 to 58). What holds the same for both forms is one test run for
each (the `form` fixture): the players named by their seats in the hand to come; a hand
recorded as the form's summary; a refusal that makes its player, or his side, vulnerable;
the vole against the vulnerable; a refused record shown beside its field with nothing saved;
a second tap that records nothing twice; a stale page; a correction, with the same form or
card by card; the form in French. Then what one form alone has: à trois the 2-2-1 split and
a game played to its end, the winner withdrawing and the other two playing on two-handed; à
quatre the sides named by their partners, and a match played to la belle.

À trois Athos deals first: Porthos, at his left, is elder, and Aramis the middle. À quatre
Dartagnan deals first: Athos is elder, Porthos second, Aramis third; Athos and Aramis are
partners, against Porthos and Dartagnan. `scores` gives the game's score of Athos, Porthos
and Aramis à trois; à quatre of Athos and Aramis, then of Porthos and Dartagnan."""
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.pages.forms import resend_card_form
from tests.pages.kit import quatre_post, trois_post

pytestmark = pytest.mark.django_db


def trois_scores(table, trio) -> tuple:
    score = table.snapshot["trois"]["score"]
    return tuple(score[str(p.pk)] for p in trio)


def quatre_scores(table, four) -> tuple:
    sides = {tuple(s["players"]): s["score"] for s in table.snapshot["quatre"]["sides"]}
    return sides[(four[0].pk, four[2].pk)], sides[(four[1].pk, four[3].pk)]


@dataclass(frozen=True)
class Form:
    name: str
    players: str  # the fixture of the table's players
    first_dealer: int  # which of them deals first
    post: Callable  # (**fields): the form's summary as sent
    scores: Callable  # (table, players): the game's scores


TROIS = Form("trois", "trio", 0, trois_post, trois_scores)
QUATRE = Form("quatre", "four", 3, quatre_post, quatre_scores)
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture(params=FORMS)
def form(request) -> Form:
    return FORMS[request.param]


@pytest.fixture
def seated(request, form) -> list:
    return request.getfixturevalue(form.players)


@pytest.fixture
def table(staff, form, seated):
    return open_table(name=form.name.title(), format=form.name, players=seated, rules={},
                      by=staff, first_dealer=seated[form.first_dealer])


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def scores(form, table, seated) -> tuple:
    table.refresh_from_db()
    return form.scores(table, seated)


def seated_by_name(page: str) -> dict:
    """{seat: name} as the form's heading names the players."""
    roles = re.search(r'<p class="roles"[^>]*>(.*?)</p>', page, re.S).group(1)
    return {seat: name for name, seat in re.findall(
        r"<strong>(.*?)</strong> <small>(\w+)</small>", roles)}


SEATS = {"trois": {"elder": "Porthos", "middle": "Aramis", "dealer": "Athos"},
         "quatre": {"elder": "Athos", "second": "Porthos", "third": "Aramis",
                    "dealer": "Dartagnan"}}


@pytest.mark.parametrize("form, present, absent, counts", [
    ("trois", ["proposal refused by Aramis, middle", "proposal refused by Athos, dealer",
               "announced by Aramis, middle"], [],
     {'name="tricks_elder"': 6, 'name="tricks_middle"': 6, 'name="tricks_dealer"': 6}),
    ("quatre", ["proposal refused by Porthos, second", "proposal refused by Aramis, third",
                "proposal refused by Dartagnan, dealer"],
     ["proposal refused by Athos"],  # the elder proposes
     {'name="elder_side"': 7}),
], indirect=["form"])
def test_the_form_names_the_players_by_their_seats(scorer, form, table, present, absent,
                                                   counts):
    page = scorer.get(url(table)).content.decode()

    assert seated_by_name(page) == SEATS[form.name]
    assert f'id="{form.name}-form"' in page and 'name="number" value="1"' in page
    for text in present:
        assert text in page, text
    for text in absent:
        assert text not in page, text
    for text, count in counts.items():
        assert page.count(text) == count, text
    # Finished hands only: no card-by-card form, no two-handed summary.
    assert 'id="deal-form"' not in page and 'id="summary-form"' not in page


@pytest.mark.parametrize("form, fields, summary, marked, said", [
    # The elder (Porthos) takes the point, the middle (Aramis) marks his king; no one was
    # vulnerable, so there is no refusal point (rulings 46, 47). The last hands name them.
    ("trois", {"king": "middle"},
     {"opening": "exchanged", "king_turned": False, "king": "middle",
      "tricks": {"elder": 3, "middle": 1, "dealer": 1}}, (0, 1, 1),
     ["Aramis +1 king, Porthos +1 point"]),
    # The elder's side, vulnerable, wins the point: 1; the second's king: 1 to his side. The
    # last hands name the four in the order of play, from the elder to the dealer, and each
    # mark's side by its partners.
    ("quatre", {"king": "second", "opening": "played"},
     {"opening": "played", "king_turned": False, "king": "second",
      "tricks": {"elder_side": 3, "dealer_side": 2}}, (1, 1),
     ["Hand 1: Athos – Porthos – Aramis – Dartagnan",
      "Porthos &amp; Dartagnan +1 king, Athos &amp; Aramis +1 point"]),
], indirect=["form"])
def test_a_hand_is_recorded_as_the_forms_summary(scorer, form, table, seated, fields, summary,
                                                 marked, said):
    answer = scorer.post(url(table), form.post(**fields), follow=True)

    hand = Hand.objects.get()
    assert hand.record == {"format": f"ecarte-{form.name}/1", "summary": summary}
    page = answer.content.decode()
    assert "Hand 1 recorded." in page
    assert scores(form, table, seated) == marked
    for text in said:
        assert text in page, text


@pytest.mark.parametrize("form, fields, refused_by, vulnerable, marked", [
    # The elder, Porthos, wins the point; the refusal point goes to the third player, the
    # middle Aramis, not to the winner of the point; the dealer Athos marks nothing.
    ("trois", {"opening": "refused:dealer", "tricks": (3, 1, 1)}, "dealer", "dealer",
     (0, 1, 1)),
    # Ruling 55: Aramis, the third, refused: the elder's partner makes his side vulnerable.
    # It failed to win the point, so the adversaries mark 2 for it (section 7).
    ("quatre", {"opening": "refused:third", "elder_side": "2"}, "third", "elder_side", (0, 2)),
], indirect=["form"])
def test_a_refusal_makes_the_refuser_or_his_side_vulnerable(scorer, form, table, seated,
                                                            fields, refused_by, vulnerable,
                                                            marked):
    scorer.post(url(table), form.post(**fields))

    hand = Hand.objects.get()
    assert hand.record["summary"]["refused_by"] == refused_by
    assert hand.result["vulnerable"] == vulnerable
    assert scores(form, table, seated) == marked


@pytest.mark.parametrize("form, fields, marked", [
    # The elder, Porthos, played without proposing; the middle, Aramis, makes the vole (2) and
    # the other who is not vulnerable, the dealer Athos, marks the refusal point.
    ("trois", {"opening": "played", "tricks": (0, 5, 0)}, (1, 0, 2)),
    # Porthos, the second, refused, and the elder's side makes the vole: it stays at 2, the
    # refusal point not added to it.
    ("quatre", {"opening": "refused:second", "elder_side": "5"}, (2, 0)),
], indirect=["form"])
def test_a_vole_against_the_vulnerable(scorer, form, table, seated, fields, marked):
    scorer.post(url(table), form.post(**fields))

    assert scores(form, table, seated) == marked


@pytest.mark.parametrize("form, fields, marked", [
    # Ruling 46: the middle refused and won the point: 1, and no refusal point; the dealer
    # Athos marks the king he turned up.
    ("trois", {"opening": "refused:middle", "king": "turned", "tricks": (1, 3, 1)}, (1, 0, 1)),
    # The dealer refused, and his side wins the point: 1.
    ("quatre", {"opening": "refused:dealer", "elder_side": "1"}, (0, 1)),
], indirect=["form"])
def test_a_vulnerable_player_or_side_who_wins_the_point_marks_it_alone(scorer, form, table,
                                                                       seated, fields, marked):
    scorer.post(url(table), form.post(**fields))

    assert scores(form, table, seated) == marked


@pytest.mark.parametrize("form, fields, error, said", [
    ("trois", {"tricks": (3, 1, 0)}, "tricks-m-error", "add up to 4"),
    # No trick at all, though no king mark ended the game: the engine refuses it.
    ("quatre", {"elder_side": "none"}, "tricks-m-error", "Nothing was saved."),
    ("trois", {"opening": ""}, "opening-m-error", "Nothing was saved."),
    ("quatre", {"opening": ""}, "opening-m-error", "Nothing was saved."),
], indirect=["form"])
def test_a_refused_record_is_shown_beside_its_field_and_nothing_is_saved(scorer, form, table,
                                                                         fields, error, said):
    answer = scorer.post(url(table), form.post(**fields))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert f'id="{error}"' in page and said in page


def test_the_same_key_twice_records_one_hand(scorer, form, table):
    first = scorer.post(url(table), form.post(key="same"))
    again = scorer.post(url(table), form.post(key="same"), follow=True)

    assert first.status_code == 302 and Hand.objects.count() == 1
    assert "already recorded from this page: it counts once" in again.content.decode()


@pytest.mark.parametrize("form, other", [
    ("trois", {"tricks": (1, 1, 3)}),
    ("quatre", {}),
], indirect=["form"])
def test_a_stale_page_records_nothing(scorer, form, table, other):
    scorer.post(url(table), form.post(key="phone-1"))

    answer = scorer.post(url(table), form.post(key="phone-2", **other), follow=True)

    assert Hand.objects.count() == 1
    page = answer.content.decode()
    assert "Hand 1 was already entered from another phone" in page
    assert 'name="number" value="2"' in page


@pytest.mark.parametrize("form, first, second, before, chosen, fixed, changed, after", [
    # Athos, middle in hand 2, makes the vole. Then the refusing dealer, Athos, won the point
    # himself: 1, and no refusal point; then his vole in hand 2.
    ("trois", {"opening": "refused:dealer", "tricks": (3, 1, 1)}, {"tricks": (0, 5, 0)},
     (2, 1, 1), 'name="tricks_elder" value="3" required checked',
     {"opening": "refused:dealer", "tricks": (1, 1, 3)}, ("dealer", 3), (3, 0, 0)),
    # Hand 2: Athos deals, so Porthos is elder, his side making the vole.
    ("quatre", {"opening": "refused:third", "elder_side": "3"}, {"elder_side": "5"}, (1, 2),
     'name="elder_side" value="3" class="split chosen"',
     {"opening": "refused:third", "elder_side": "2"}, ("dealer_side", 3), (0, 4)),
], indirect=["form"])
def test_a_hand_is_corrected_with_the_same_form_filled_in(scorer, form, table, seated, first,
                                                          second, before, chosen, fixed,
                                                          changed, after):
    scorer.post(url(table), form.post(**first))
    scorer.post(url(table), form.post(number=2, key="k2", **second))
    assert scores(form, table, seated) == before

    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/").content.decode()
    assert seated_by_name(page) == SEATS[form.name]
    assert f'name="opening" value="{first["opening"]}" required checked' in page
    assert chosen in page

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/",
                         form.post(key="c1", **fixed) | {"version": 1})

    assert answer.status_code == 302
    hand = Hand.objects.get(number=1)
    taker, tricks = changed
    assert hand.version == 2 and hand.record["summary"]["tricks"][taker] == tricks
    assert scores(form, table, seated) == after


@pytest.mark.parametrize("form, bad, error", [
    ("trois", {"tricks": (2, 2, 1)}, "first-m-error"),
    ("quatre", {"elder_side": "none"}, "tricks-m-error"),
], indirect=["form"])
def test_a_refused_correction_saves_nothing(scorer, form, table, bad, error):
    scorer.post(url(table), form.post())

    answer = scorer.post(f"/tables/{table.pk}/hands/1/correct/",
                         form.post(key="c1", **bad) | {"version": 1})

    assert answer.status_code == 422 and f'id="{error}"' in answer.content.decode()
    assert Hand.objects.get().version == 1


TROIS_FULL = {"format": "ecarte-trois/1",
              "deal": {"elder": ["KS", "7H", "9H", "QS", "JD"],
                       "middle": ["KH", "QH", "7S", "8S", "AH"],
                       "dealer": ["KC", "QC", "JC", "AC", "9D"], "turn_up": "8D"},
              "exchanges": [{"accepted": True, "elder": {"discard": ["JD"], "draw": ["8C"]},
                             "dealer": {"discard": ["9D"], "draw": ["TC"]}},
                            {"accepted": False, "refused_by": "dealer"}],
              "king": None,
              "tricks": [["KS", "7S", "TC"], ["7H", "KH", "JC"], ["QH", "AC", "9H"],
                         ["8S", "QC", "QS"], ["8C", "AH", "KC"]]}
QUATRE_FULL = {
    "format": "ecarte-quatre/1",
    "deal": {"elder": ["QS", "JS", "AS", "TS", "8D"], "second": ["KH", "9S", "8S", "7S", "QC"],
             "third": ["KD", "QD", "JD", "AD", "TD"], "dealer": ["KC", "JC", "AC", "TC", "9C"],
             "turn_up": "7H"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["8D"], "draw": ["JH"]},
                   "dealer": {"discard": ["9C", "TC"], "draw": ["KS", "9D"]}},
                  {"accepted": False, "refused_by": "third"}],
    "king": "second",
    "tricks": [["QS", "9S", "KD", "KS"], ["KC", "JH", "QC", "QD"], ["JS", "8S", "JD", "JC"],
               ["AS", "7S", "AD", "AC"], ["TS", "KH", "TD", "9D"]]}


@pytest.mark.parametrize("form, full, again, version", [
    # The same record, but for its `"king": null`, which the form leaves out: a new version.
    ("trois", TROIS_FULL, {key: value for key, value in TROIS_FULL.items() if value is not None},
     2),
    # The same record: no new version.
    ("quatre", QUATRE_FULL, QUATRE_FULL, 1),
], indirect=["form"])
def test_a_full_record_is_corrected_card_by_card_or_replaced_by_a_summary(
        scorer, form, table, staff, full, again, version):
    record_hand(table_id=table.pk, record=full, by=staff)
    correct = f"/tables/{table.pk}/hands/1/correct/"

    # The card-by-card form sent back as it was drawn makes the same record again: the deal,
    # the exchanges with the refusal after them, the king and the tricks.
    resend_card_form(scorer, correct, f"{form.name}-form")
    hand = Hand.objects.get()
    assert hand.record == again and hand.version == version

    # The summary replaces the cards, as a two-handed summary does.
    answer = scorer.post(correct, form.post(key="c1") | {"version": version})
    assert answer.status_code == 302
    hand.refresh_from_db()
    assert hand.version == version + 1 and "deal" not in hand.record


@pytest.mark.parametrize("form, present, absent", [
    ("trois", ["proposition refusée par Aramis, milieu", "annoncé par Porthos, premier en main",
               "Enregistrer le coup 1", "pas de partage 2-2-1"],
     ["Record hand", "2-2-1 split"]),
    ("quatre", ["proposition refusée par Aramis, troisième", "le camp du premier en main",
                "Partie 1 du match."],
     ["the elder&#x27;s side", "of the match"]),
], indirect=["form"])
def test_the_form_reads_in_french(scorer, form, table, present, absent):
    page = scorer.get(url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    for text in present:
        assert text in page, text
    for text in absent:
        assert text not in page, text


def form_of(page: str, form_id: str) -> str:
    return re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S).group(0)


# -- À trois only ---------------------------------------------------------------------------
def test_a_trois_a_two_two_one_split_goes_to_the_first_to_take_his_second_trick(
        scorer, trois_table, trio):
    scorer.post(url(trois_table), trois_post(tricks=(2, 2, 1), first_to_two="middle"))

    hand = Hand.objects.get()
    assert hand.record["summary"]["first_to_two"] == "middle"
    assert hand.result["first_to_two"] == "middle"
    # Ruling 45: the point to the middle, Aramis, though the elder took as many tricks.
    assert scores(TROIS, trois_table, trio) == (0, 0, 1)


def test_a_trois_a_two_two_one_split_without_the_first_to_two_is_refused_beside_it(
        scorer, trois_table):
    answer = scorer.post(url(trois_table), trois_post(tricks=(2, 1, 2)))

    page = answer.content.decode()
    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="first-m-error"' in page and "Nothing was saved." in page
    assert 'name="tricks_dealer" value="2" required checked' in page  # the form kept


def test_a_trois_the_first_to_two_on_another_split_is_refused(scorer, trois_table):
    answer = scorer.post(url(trois_table), trois_post(tricks=(3, 1, 1), first_to_two="elder"))

    assert answer.status_code == 422 and Hand.objects.count() == 0
    assert 'id="first-m-error"' in answer.content.decode()


def test_a_trois_a_game_to_its_end_the_winner_withdraws_and_the_other_two_play_on(
        scorer, trois_table, trio):
    table = trois_table
    number = 0
    while True:  # Athos makes the vole in every hand: 2 each, 7 in his fourth
        page = scorer.get(url(table)).content.decode()
        if 'id="trois-form"' not in page:
            break
        number += 1
        seat = {name: seat for seat, name in seated_by_name(page).items()}["Athos"]
        tricks = tuple(5 if s == seat else 0 for s in ("elder", "middle", "dealer"))
        answer = scorer.post(url(table), trois_post(number=number, key=f"t{number}",
                                                    tricks=tricks))
        assert answer.status_code == 302
    assert number == 4
    assert scores(TROIS, table, trio) == (7, 0, 0)

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
    assert scores(TROIS, table, trio) == (7, 0, 7)
    assert "This table is over" in page


# -- À quatre only --------------------------------------------------------------------------
@pytest.fixture
def quatre_table(staff, four):
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                      first_dealer=four[3])


def sides_named(page: str) -> list[str]:
    """The partners of the elder's side, then the dealer's, as the tricks' buttons name them."""
    names = re.search(r'<p class="split-names">(.*?)</p>', page, re.S).group(1)
    return re.findall(r"<span[^>]*>(\w+ &amp; \w+)</span> <small>", names)


def test_a_quatre_the_form_names_the_sides_by_their_partners(scorer, quatre_table):
    page = scorer.get(url(quatre_table)).content.decode()

    assert sides_named(page) == ["Athos &amp; Aramis", "Porthos &amp; Dartagnan"]


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


def test_a_quatre_a_match_to_la_belle(scorer, quatre_table, four):
    table = quatre_table
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
    assert scores(QUATRE, table, four) == (0, 0)  # la belle starts from nothing
    # The losing side deals first in the next game (ruling 58). Game 1 was dealt by
    # Dartagnan, Athos, Porthos and Aramis; the losers, Porthos and Dartagnan, then dealt
    # game 2 from Dartagnan, the first of them at Aramis's left: Dartagnan, Athos, Porthos,
    # Aramis again. Now the losers are Athos and Aramis: at Aramis's left sits Dartagnan (a
    # winner), then Athos, who deals la belle; Porthos is elder.
    page = scorer.get(url(table)).content.decode()
    assert seated_by_name(page) == {"elder": "Porthos", "second": "Aramis",
                                    "third": "Dartagnan", "dealer": "Athos"}
    assert 'name="number" value="9"' in page
    assert "La belle: the deciding game of the match." in page

    number = win_game(scorer, table, a, number)
    assert number == 12
    table.refresh_from_db()
    assert table.status == "won"
    assert table.snapshot["quatre"]["winner"] == [four[0].pk, four[2].pk]
    assert "This table is over" in scorer.get(url(table)).content.decode()
