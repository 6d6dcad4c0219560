"""The jeux de règle advisor's note (docs/rules.md, section 3, "The jeux de règle"): after a
full-record hand of the two-handed game, the table's page and the hand's history say whether
the elder held a jeu de règle and which, what he did, and the chance that playing without
proposing wins him the point, with its margin. A summary hand gets no note; a private table's
note is refused to an outsider; one hand's advice is computed once for every page that shows
it."""
import html
import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client

from games.engine.advisor import advise
from games.models import Hand, Table
from games.services.hands import record_hand
from games.views.advice import noted
from tests.games.kit import page_text, pool, summary

pytestmark = pytest.mark.django_db
# Three trumps (spades): jeu de règle no. 1. The elder plays without proposing and takes all five.
THREE_TRUMPS = {"deal": {"elder": ["KS", "QS", "AS", "JD", "QD"],
                         "dealer": ["7S", "8S", "9C", "TC", "7H"], "turn_up": "9S"},
                "exchanges": [],
                "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "7H"], ["JD", "9C"], ["QD", "TC"]]}
# No trump and small cards: no jeu de règle. The elder proposes and the dealer refuses.
REFUSED = {"deal": {"elder": ["7C", "8C", "9H", "7D", "8D"],
                    "dealer": ["KS", "QS", "JS", "KH", "QH"], "turn_up": "9S"},
           "exchanges": [{"accepted": False}],
           "tricks": [["7C", "JS"], ["KS", "7D"], ["QS", "8D"], ["KH", "9H"], ["QH", "8C"]]}
CHANCE = re.compile(r"chance of (\d+) % ± (\d+)")


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("steward", is_staff=True)


@pytest.fixture
def steward(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def text(answer) -> str:
    assert answer.status_code == 200, answer.status_code
    page = re.sub(r"<script.*?</script>", " ", page_text(answer), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_jeu_de_regle_shows_its_number_what_the_elder_did_and_his_chance(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    expected = advise(hand.record)["estimate"]

    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/advice/",
                 f"/tables/{table.pk}/hands/{hand.number}/"):
        page = text(steward.get(path))
        assert "jeu de règle no. 1: three trumps" in page, path
        assert "He played without proposing." in page, path
        chance, margin = map(int, CHANCE.search(page).groups())
        assert abs(chance - 100 * expected["chance"]) <= 0.5
        assert margin >= 100 * expected["margin"] and margin <= 2  # the rules' 2 points at most


def test_a_refused_proposal_without_a_jeu_de_regle_says_so(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=REFUSED, by=staff)

    page = text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))

    assert "The elder held no jeu de règle." in page
    assert "He proposed, and the dealer refused." in page
    assert CHANCE.search(page)


def test_the_table_shows_its_latest_full_record_hand_past_later_summaries(staff, steward):
    table = pool(staff)
    record_hand(table_id=table.pk, record=REFUSED, by=staff)
    full, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    page = text(steward.get(f"/tables/{table.pk}/advice/"))

    assert f"The jeux de règle, hand {full.number}" in page
    assert "three trumps" in page and "no jeu de règle" not in page


def test_a_summary_hand_gets_no_note_and_no_advice_is_computed(staff, steward):
    table = pool(staff, hands=2)
    with mock.patch("games.views.advice.advise", wraps=advise) as advising:
        pages = [text(steward.get(path)) for path in (
            f"/tables/{table.pk}/", f"/tables/{table.pk}/advice/",
            f"/tables/{table.pk}/hands/1/")]
    assert advising.call_count == 0
    for page in pages:
        assert "jeu de règle" not in page and not CHANCE.search(page)


def test_a_hand_in_progress_and_other_formats_get_no_note(staff):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record={**THREE_TRUMPS, "tricks": [],
                                                      "in_progress": True}, by=staff)
    assert not noted(hand)
    done = {"tricks": {"elder": 5, "dealer": 0}}
    assert noted(Hand(table=table, record=THREE_TRUMPS, result=done))
    assert not noted(Hand(table=table, record={**THREE_TRUMPS, "format": "ecarte-trois/1"},
                          result=done))
    assert not noted(Hand(table=Table(format="quatre"), record=THREE_TRUMPS, result=done))


def test_a_private_tables_note_is_refused_to_an_outsider(staff, steward):
    table = pool(staff)
    table.private = True
    table.save(update_fields=["private"])
    record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)

    outsider = Client().get(f"/tables/{table.pk}/advice/")

    assert outsider.status_code == 302 and "/login" in outsider["Location"]
    assert "three trumps" not in outsider.content.decode()
    assert "three trumps" in text(steward.get(f"/tables/{table.pk}/advice/"))


def test_a_public_tables_note_is_shown_without_a_login(staff):
    table = pool(staff)
    record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)

    assert "three trumps" in text(Client().get(f"/tables/{table.pk}/advice/"))


def test_the_advice_on_a_hand_is_computed_once_for_many_views(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    phones = [Client() for _ in range(10)]

    with mock.patch("games.views.advice.advise", wraps=advise) as advising:
        for phone in phones:
            assert "three trumps" in text(phone.get(f"/tables/{table.pk}/"))
            assert "three trumps" in text(phone.get(f"/tables/{table.pk}/advice/"))
        assert "three trumps" in text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))

    assert advising.call_count == 1


def test_a_new_full_record_hand_is_advised_afresh(staff, steward):
    table = pool(staff)
    record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    with mock.patch("games.views.advice.advise", wraps=advise) as advising:
        steward.get(f"/tables/{table.pk}/advice/")
        record_hand(table_id=table.pk, record=REFUSED, by=staff)
        page = text(steward.get(f"/tables/{table.pk}/advice/"))

    assert advising.call_count == 2
    assert "The jeux de règle, hand 2" in page and "no jeu de règle" in page


def test_the_note_is_in_french_for_a_french_reader(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)

    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/{hand.number}/"):
        page = text(steward.get(path, HTTP_ACCEPT_LANGUAGE="fr"))
        assert "jeu de règle n° 1 : trois atouts" in page, path
        assert "Il a joué d'autorité, sans proposer." in page, path
        assert "He played without proposing" not in page, path
        assert re.search(r"\d+ % ± \d+", page), path


def test_the_tables_ranking_decides_a_tierce_major(staff, steward):
    """Ace, king and queen of a plain suit are a tierce major only where the ace ranks high
    (docs/rules.md, section 3, "The jeux de règle"): with one trump, jeu de règle no. 5."""
    record = {"deal": {"elder": ["9S", "AD", "KD", "QD", "7C"],
                       "dealer": ["7H", "8H", "9H", "TH", "JH"], "turn_up": "8S"},
              "exchanges": [],
              "tricks": [["9S", "7H"], ["AD", "8H"], ["KD", "9H"], ["QD", "TH"], ["7C", "JH"]]}
    for ranking, expected in (("ace_high", "jeu de règle no. 5"), ("classic", "no jeu de règle")):
        table = pool(staff, name=f"Table {ranking}", ranking=ranking)
        hand, _ = record_hand(table_id=table.pk, record=record, by=staff)
        page = text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))
        assert expected in page, ranking
