"""Each member's night card by mail once the night closes: to every member present with an
email address, once per member and night, in the club's language (Django's locmem backend in
the tests: mail.outbox)."""
import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import translation

from club.models import Player
from club.players import create_player
from nights import mail as night_mail
from nights import selectors, services
from tests.nights.kit import win_table

pytestmark = pytest.mark.django_db


def a_member(name: str, email: str = ""):
    """A member's player, linked to his login."""
    get_user_model().objects.create_user(name.lower(), email=email)
    return create_player(name=name, username=name.lower())


@pytest.fixture
def played(staff):
    """A night with Athos and Porthos (with their email) and Aramis (none), members at 2.00,
    and a guest; a pool played out, not closed yet."""
    night = services.open_night(name="Friday", member_fee=200, by=staff)
    for name, email in (("Athos", "athos@example.org"), ("Porthos", "porthos@example.org"),
                        ("Aramis", "")):
        player = a_member(name, email)
        services.mark_present(night_id=night.pk, player=player, by=staff)
    services.mark_present(night_id=night.pk, player=create_player(name="Planchet"), by=staff)
    tables, _ = services.draw(night_id=night.pk, format="pool", rules={}, by=staff)
    return night, win_table(tables[0].pk, staff)


def test_closing_the_night_mails_each_member_his_card_once(played, staff,
                                                          django_capture_on_commit_callbacks):
    night, winner = played
    assert mail.outbox == []  # not while the night is open
    with django_capture_on_commit_callbacks(execute=True):
        services.close_night(night_id=night.pk, by=staff)
    assert sorted(message.to[0] for message in mail.outbox) == [
        "athos@example.org", "porthos@example.org"]
    card = next(m for m in mail.outbox if m.to == ["athos@example.org"])
    assert card.subject == "Your night at the club: Friday"
    assert "Dear Athos," in card.body and "Fee paid: 2.00" in card.body
    athos = next(row for row in selectors.results(night) if row["player"] == Player.objects.get(
        name="Athos").pk)
    assert f"Games won / played: {athos['games_won']}/{athos['games_played']}" in card.body
    night.refresh_from_db()
    assert night_mail.send_cards(night) == 0  # sent once
    assert len(mail.outbox) == 2


def test_the_card_is_in_the_clubs_language_whatever_the_closers(
        played, staff, settings, django_capture_on_commit_callbacks):
    night, _winner = played
    settings.LANGUAGE_CODE = "fr"
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        services.close_night(night_id=night.pk, by=staff)
    assert {m.subject for m in mail.outbox} == {"Votre soirée au club\xa0: Friday"}
    assert all("Droit payé\xa0: 2,00" in m.body for m in mail.outbox)
