"""A hand's lines say what the Laws did (docs/rules.md, section 8): a revoke or a false king
kept in the record is named by its offender, with the mark its penalty took, wherever the
hand's marks are listed (the scorer's last hands, the hand-by-hand page and its index of the
hands by game). The penalty expected is the Laws', not the page's: a revoker who beats a
vulnerable player marks the point only, a false king who wins the point marks nothing, and a
false king marks no king point."""
import pytest

from games.models import Hand
from games.services.hands import record_hand
from tests.games.kit import pool, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff):
    """Hand 1: the elder (Athos) plays without proposing, so is vulnerable; the dealer
    (Porthos) takes 4 tricks with a revoke in trick 2. Hand 2: its elder announces the king
    of trumps he does not hold and wins the point."""
    table = pool(staff)
    record_hand(table_id=table.pk, by=staff, record=summary(
        1, opening="played") | {"irregularities": [
            {"type": "revoke", "by": "dealer", "trick": 2}]})
    record_hand(table_id=table.pk, by=staff, record=summary(3, king="elder") | {
        "irregularities": [{"type": "false_king", "by": "elder"}]})
    return table


def names(table, number):
    hand = Hand.objects.select_related("elder", "dealer").get(table=table, number=number)
    return hand.elder.name, hand.dealer.name


def test_the_scorer_s_last_hands_say_the_revoke_and_the_false_king(scorer, table):
    page = scorer.get(f"/tables/{table.pk}/score/").content.decode()
    elder, dealer = names(table, 1)
    assert (f"{dealer} +1 point · a revoke by {dealer} in trick 2 · the penalty: {dealer} "
            "does not mark +1 vulnerable beaten") in page
    elder, _dealer = names(table, 2)
    assert (f"a false king by {elder}: no mark for the king · the penalty: {elder} does not "
            "mark +1 point") in page


def test_the_hand_by_hand_page_says_them_too_in_english_and_french(scorer, table):
    dealer = names(table, 1)[1]
    page = scorer.get(f"/tables/{table.pk}/hand-by-hand/?hand=1").content.decode()
    assert f"<li>a revoke by {dealer} in trick 2</li>" in page
    assert f"<li>the penalty: {dealer} does not mark +1 vulnerable beaten</li>" in page
    elder = names(table, 2)[0]
    assert f"a false king by {elder}: no mark for the king" in page  # the index by game
    french = scorer.get(f"/tables/{table.pk}/hand-by-hand/?hand=2",
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"<li>un faux roi de {elder}\u00a0: pas de marque pour le roi</li>" in french
    assert f"<li>la pénalité\u00a0: {elder} ne marque pas +1 point</li>" in french
