"""A correction that reaches past its own hand is shown before it is saved (docs/rules.md,
ruling 75): a pool won and paid out, whose first hand is corrected, says which hands it sets
aside, which games and the table are no longer won, whose balance moves and by how much, and
that the settle-up's payments no longer square; nothing is saved until the scorer confirms,
Back gives his form again, and a confirmation made after the table changed is shown again.
An undo that ends a game's win goes through the same step.

The figures, worked by hand from docs/rules.md (section 10, pools): entry 10.00, forfeit
1.00. Athos wins game 1 against Porthos in three hands (voles: 2, 4, 6 points) and game 2
against Aramis in three more: the pot of 3 x 10.00 + 2 x 1.00 = 32.00 is his. Balances:
Athos -10.00 + 32.00 = 22.00, Porthos and Aramis -11.00 each; the settle-up is paid (each
pays Athos 11.00) and every balance is 0.00. Hand 1 corrected to the dealer's vole: Porthos
2, then Athos 2 and 4; game 1 goes on, so hands 4 to 6 (game 2) are set aside, no forfeit is
due and the pot is not paid out. Athos's balance goes 0.00 -> -32.00, Porthos's and Aramis's
0.00 -> 1.00 (their forfeits back), and the 30.00 of entries is held in the pot again."""
import re

import pytest

from club import ledger
from club.models import Player
from games.models import Hand, Table
from games.pages.effects import confirm_page
from games.services.hands import correct_hand
from games.services.previews import Effect
from tests.games.kit import paid_out_pool, pool, record_game_won_by
from tests.pages.kit import summary_post, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def paid_pool(staff):
    return paid_out_pool(staff)


def balances() -> dict:
    names = dict(Player.objects.values_list("pk", "name"))
    return {names[pk]: cents for pk, cents in ledger.player_balances().items()}


def confirmation(page: str) -> str:
    """The value of the confirmation page's Confirm: the table's `seq` it was shown at."""
    return re.search(r'name="confirm" value="(\d+)"', page)[1]


def dealers_vole(**more) -> dict:
    return summary_post(number="", version=1, opening="exchanged", elder_tricks="0") | more


def test_a_late_correction_says_what_it_will_change_and_waits_for_confirmation(
        scorer, paid_pool):
    correct = f"/tables/{paid_pool.pk}/hands/1/correct/"
    seq = Table.objects.get().seq
    answer = scorer.post(correct, dealers_vole())

    page = answer.content.decode()
    assert answer.status_code == 200 and "This correction will change more than this hand" in page
    assert "Hands 4, 5, 6 will be set aside: they will count for nothing." in page
    assert "Decided again: game 1 won by Athos becomes game 1 unfinished." in page
    assert "Decided again: game 2 won by Athos becomes game 2 unfinished." in page
    assert "Decided again: the table won by Athos becomes the table still in play." in page
    assert "Athos: balance 0.00, then -32.00 (-32.00)." in page
    assert "Porthos: balance 0.00, then 1.00 (+1.00)." in page
    assert "Aramis: balance 0.00, then 1.00 (+1.00)." in page
    assert "The settle-up had been paid: every balance was 0.00." in page
    assert "Money held at the tables (pots, wagers in escrow): 0.00, then 30.00." in page
    assert "As recorded now (version 1)" in page and "Nothing is saved until you confirm." in page
    assert "tricks elder 5, dealer 0" in page and "tricks elder 0, dealer 5" in page  # and then
    # Nothing saved yet.
    assert Hand.objects.get(number=1).version == 1 and not any(balances().values())
    assert Table.objects.get().status == Table.Status.WON and Table.objects.get().seq == seq

    confirm = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    assert confirm["elder_tricks"] == "0" and confirm["action"] == "summary"
    done = scorer.post(correct, confirm | {"confirm": confirmation(page)})

    assert done.status_code == 302
    assert Hand.objects.get(number=1).version == 2
    assert balances() == {"Athos": -3200, "Porthos": 100, "Aramis": 100}
    assert list(Hand.objects.filter(status="set_aside").values_list("number", flat=True)) == [
        4, 5, 6]


def test_back_gives_the_form_again_and_saves_nothing(scorer, paid_pool):
    correct = f"/tables/{paid_pool.pk}/hands/1/correct/"
    answer = scorer.post(correct, dealers_vole(back="1"))
    page = answer.content.decode()
    assert answer.status_code == 200 and 'id="summary-form"' in page
    assert 'value="0" class="split chosen"' in page  # the split he chose, still chosen
    assert Hand.objects.get(number=1).version == 1


def test_a_confirmation_after_the_table_changed_is_shown_again(scorer, paid_pool, staff):
    correct = f"/tables/{paid_pool.pk}/hands/1/correct/"
    stale = confirmation(scorer.post(correct, dealers_vole()).content.decode())
    six = Hand.objects.get(number=6)  # meanwhile, another phone corrects hand 6
    correct_hand(hand_id=six.pk, record={"summary": six.record["summary"] | {
        "opening": "played"}}, by=staff)

    answer = scorer.post(correct, dealers_vole(confirm=stale))

    page = answer.content.decode()
    assert answer.status_code == 200
    assert "The table changed since this was shown: here is what it will change now." in page
    assert Hand.objects.get(number=1).version == 1


def test_an_undo_that_ends_a_win_is_shown_first(scorer, paid_pool):
    hand = Hand.objects.get(number=6)  # the hand that won the pool
    page = scorer.get(url(paid_pool)).content.decode()
    assert "Undo hand 6" in page  # staff: the unit is decided, he still may

    answer = scorer.post(url(paid_pool), {"action": "undo_hand", "hand": hand.pk, "key": "u6"})

    page = answer.content.decode()
    assert answer.status_code == 200 and "Undoing it will change more than this hand" in page
    assert "Decided again: game 2 won by Athos becomes game 2 unfinished." in page
    assert Hand.objects.get(number=6).version == 1
    done = scorer.post(url(paid_pool), {"action": "undo_hand", "hand": hand.pk, "key": "u6",
                                        "confirm": confirmation(page)})
    assert done.status_code == 302 and Hand.objects.get(number=6).result["void"] is True


def test_a_scorer_who_is_not_staff_is_not_offered_to_undo_a_decided_game(
        client, django_user_model, staff):
    scorer = django_user_model.objects.create_user("scorer")
    table = pool(staff)
    table.scorers.add(scorer)
    record_game_won_by(table, Player.objects.get(name="Athos"), staff)
    client.force_login(scorer)
    page = client.get(url(table)).content.decode()
    assert "Undo hand" not in page
    answer = client.post(url(table), {"action": "undo_hand",
                                      "hand": Hand.objects.last().pk, "key": "u"})
    assert answer.status_code == 422 and "only staff may undo it now" in answer.content.decode()


def test_the_confirmation_in_french(scorer, paid_pool):
    page = scorer.post(f"/tables/{paid_pool.pk}/hands/1/correct/", dealers_vole(),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Cette correction changera plus que ce coup" in page
    assert "Les coups 4, 5, 6 seront mis de côté\u00a0: ils ne compteront pas." in page
    assert ("Décidé à nouveau\u00a0: la table gagnée par Athos devient la table encore en "
            "jeu.") in page
    assert "Athos\u00a0: solde 0,00, puis -32,00 (-32,00)." in page
    assert "Confirmer la correction" in page and "Retour" in page


def test_a_confirmation_shown_again_that_now_changes_nothing_more_says_so(rf, paid_pool, staff):
    request = rf.post("/", {"action": "summary", "elder_tricks": "5"})
    request.user = staff
    hand = Hand.objects.get(number=1)
    page = confirm_page(request, paid_pool, hand, Effect(record=hand.record, result=hand.result),
                        undo=False, again=True).content.decode()
    assert "The table changed since this was shown" in page
    assert "Now it changes nothing beyond this hand." in page and "<li>" not in page.split(
        'class="effect"')[1].split("</section>")[0]
