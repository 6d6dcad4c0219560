"""A transaction's reason (`Transaction.Reason`) is said in two voices, each written once: the
admin's, the reason's label, and the member's, club.movements.SAID. Every reason has both, in
English and in French, and the ledger takes no reason that is not a member."""
import pytest
from django.utils import translation

from club import ledger
from club.admin import reason_words
from club.models import Transaction
from club.movements import SAID
from club.movements import reason_words as members_words
from tests.club.kit import account_of

Reason = Transaction.Reason


def test_every_reason_has_the_members_words_and_nothing_else_does():
    assert list(SAID) == list(Reason)


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_is_said_in_words_by_the_admin_and_to_the_member_in_both_languages(
        reason):
    english = (reason_words(reason), members_words(reason))
    with translation.override("fr"):
        french = (reason_words(reason), members_words(reason))

    assert all(english) and not any("_" in words for words in english)  # words, not codes
    assert french[0] != english[0] and french[1] != english[1]


def test_a_reason_the_club_does_not_know_is_shown_as_it_is_stored():
    assert (reason_words("a_gift"), members_words("a_gift")) == ("a gift", "a gift")


@pytest.mark.django_db
def test_a_reason_is_stored_by_its_value():
    tx = ledger.post(reason=Reason.NIGHT_FEE, memo="",
                     entries=[(account_of("Athos"), -100), (ledger.house_account(), 100)])

    assert Transaction.objects.filter(reason="night_fee").get() == tx
    assert tx.get_reason_display() == "night fee"
