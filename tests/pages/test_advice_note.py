"""The jeux de règle advisor's note (docs/rules.md, section 3, "The jeux de règle"): after a
full-record hand of the two-handed game, the table's page and the hand's history say which of
the French source's ten jeux de règle the elder held, by the source's number, with the source's
advice and the cards it names; Cavendish's list as a second opinion, named as his; what he did;
and the chance that playing without proposing wins him the point, with its margin. A summary
hand gets no note; a private table's note is refused to an outsider; one hand's advice is
computed once for every page that shows it."""
import html
import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client

from games.engine.advisor import advise
from games.models import Hand, Table
from games.pages.advice import noted
from games.services.hands import record_hand
from tests.games.kit import page_text, pool, summary

pytestmark = pytest.mark.django_db
# Three trumps (K♠ Q♠ A♠, the nine turned up) and two diamonds: sure of the point against at most
# one trump, the French source's jeu 1; Cavendish's no. 1, three trumps. The elder plays without
# proposing and takes all five.
THREE_TRUMPS = {"deal": {"elder": ["KS", "QS", "AS", "JD", "QD"],
                         "dealer": ["7S", "8S", "9C", "TC", "7H"], "turn_up": "9S"},
                "exchanges": [],
                "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "7H"], ["JD", "9C"], ["QD", "TC"]]}
# No trump and small cards: no jeu de règle in either list. The elder proposes and the dealer
# refuses.
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
        assert ("The elder held the French source's jeu de règle no. 1: a hand that can be "
                "lost only if the dealer holds two trumps.") in page, path
        assert ("The source's advice: Without an exchange, reason as if the dealer held one "
                "trump.") in page, path
        assert "Cavendish's list, a second opinion: its no. 1, three trumps." in page, path
        assert "The elder played without proposing." in page, path
        chance, margin = map(int, CHANCE.search(page).groups())
        assert abs(chance - 100 * expected["chance"]) <= 0.5
        assert margin >= 100 * expected["margin"] and margin <= 2  # the rules' 2 points at most


def test_a_refused_proposal_without_a_jeu_de_regle_says_so(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=REFUSED, by=staff)

    page = text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))

    assert "The elder held none of the French source's ten jeux de règle." in page
    assert "Cavendish's list, a second opinion: none of its hands." in page
    assert "The elder proposed, and the dealer refused." in page
    assert CHANCE.search(page)


def test_the_table_shows_its_latest_full_record_hand_past_later_summaries(staff, steward):
    table = pool(staff)
    record_hand(table_id=table.pk, record=REFUSED, by=staff)
    full, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    page = text(steward.get(f"/tables/{table.pk}/advice/"))

    assert f"The jeux de règle, hand {full.number}" in page
    assert "three trumps" in page and "none of the French source's" not in page


def test_a_summary_hand_gets_no_note_and_no_advice_is_computed(staff, steward):
    table = pool(staff, hands=2)
    with mock.patch("games.pages.advice.advise", wraps=advise) as advising:
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

    assert outsider.status_code == 404  # as for a table that does not exist
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

    with mock.patch("games.pages.advice.advise", wraps=advise) as advising:
        for phone in phones:
            assert "three trumps" in text(phone.get(f"/tables/{table.pk}/"))
            assert "three trumps" in text(phone.get(f"/tables/{table.pk}/advice/"))
        assert "three trumps" in text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))

    assert advising.call_count == 1


def test_a_new_full_record_hand_is_advised_afresh(staff, steward):
    table = pool(staff)
    record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)
    with mock.patch("games.pages.advice.advise", wraps=advise) as advising:
        steward.get(f"/tables/{table.pk}/advice/")
        record_hand(table_id=table.pk, record=REFUSED, by=staff)
        page = text(steward.get(f"/tables/{table.pk}/advice/"))

    assert advising.call_count == 2
    assert "The jeux de règle, hand 2" in page and "none of the French source's" in page


def test_the_note_is_in_french_for_a_french_reader(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=THREE_TRUMPS, by=staff)

    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/{hand.number}/"):
        page = text(steward.get(path, HTTP_ACCEPT_LANGUAGE="fr"))
        assert ("jeu de règle n° 1 de la source française : un jeu qui ne peut être perdu que "
                "si le donneur a deux atouts") in page, path
        assert "Le conseil de la source : Sans écart" in page, path
        assert "La liste de Cavendish, un second avis : son n° 1, trois atouts." in page, path
        assert "Le premier en main a joué d'autorité, sans proposer." in page, path
        assert "played without proposing" not in page, path
        assert re.search(r"\d+ % ± \d+", page), path


def test_the_tables_ranking_decides_the_jeu_de_regle(staff, steward):
    """A♦ K♦ Q♦ with the nine of spades, the one trump: under ace_high the three highest
    diamonds, sure of the point against at most one trump (the French source's jeu 1) and
    Cavendish's tierce major (his no. 5); in the classic order the knave of diamonds ranks
    above the ace, and neither list names the hand (docs/rules.md, ruling 60)."""
    record = {"deal": {"elder": ["9S", "AD", "KD", "QD", "7C"],
                       "dealer": ["7H", "8H", "9H", "TH", "JH"], "turn_up": "8S"},
              "exchanges": [],
              "tricks": [["9S", "7H"], ["AD", "8H"], ["KD", "9H"], ["QD", "TH"], ["7C", "JH"]]}
    for ranking, french, his in (
            ("ace_high", "jeu de règle no. 1:", "its no. 5, one trump and a tierce major"),
            ("classic", "none of the French source's ten", "none of its hands")):
        table = pool(staff, name=f"Table {ranking}", ranking=ranking)
        hand, _ = record_hand(table_id=table.pk, record=record, by=staff)
        page = text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))
        assert french in page and his in page, ranking


def test_the_note_names_the_lead_and_the_card_to_wait_with(staff, steward):
    """The French source's 4th, two kings (K♠ guarded) and a guarded queen (Q♣) without a
    trump: lead the guarded king, wait in the queen's suit; the note names K♠ and Q♣, in
    French too."""
    record = {"deal": {"elder": ["KS", "7S", "KD", "QC", "8C"],
                       "dealer": ["9H", "AS", "7D", "9C", "7C"], "turn_up": "8H"},
              "exchanges": [],
              "tricks": [["KS", "AS"], ["KD", "7D"], ["7S", "9H"], ["9C", "QC"], ["8C", "7C"]]}
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=record, by=staff)
    path = f"/tables/{table.pk}/hands/{hand.number}/"

    page = text(steward.get(path))
    assert "jeu de règle no. 4: two kings, one of them guarded" in page
    assert "The source's advice: Lead the guarded king; wait in the queen's suit." in page
    assert "With the elder's cards: lead K♠; wait with Q♣." in page
    assert "Cavendish's list, a second opinion: none of its hands." in page
    french = text(steward.get(path, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Avec les cartes du premier en main : entamer par R♠ ; attendre avec D♣." in french


def test_the_pages_names_and_advice_are_the_engines():
    """The note translates the engine's English: its names and advice, number by number."""
    from django.utils import translation

    from games.engine.jeux import CAVENDISH as HIS
    from games.engine.jeux import FRENCH
    from games.pages.advice import ADVICE, CAVENDISH, JEUX

    with translation.override("en"):
        assert {n: name for n, name, _, _ in FRENCH} == {n: str(t) for n, t in JEUX.items()}
        assert {n: advice for n, _, advice, _ in FRENCH if advice} == {
            n: str(t) for n, t in ADVICE.items()}
        assert {n: name for n, name, _ in HIS} == {n: str(t) for n, t in CAVENDISH.items()}
