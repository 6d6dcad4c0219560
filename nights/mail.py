"""Each member's night card by mail, once the night closes: to every member present whose login
has an email address, once per member and night (`Presence.card_sent`, claimed in the same
transaction as the sending), in the club's language (settings.LANGUAGE_CODE: the club keeps no
member's own). Django's mail backends send it (server/settings.py, docs/operations.md)."""
import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models.signals import post_save
from django.template.loader import render_to_string
from django.utils import timezone, translation

from nights import reports
from nights.models import Night, Presence

log = logging.getLogger(__name__)


def send_cards(night: Night) -> int:
    """Mails his night card (nights.reports.cards) to each member present not yet sent his;
    the number sent. A mail that fails is logged and left unsent."""
    sent = 0
    for presence in night.presences.select_related("player__user").filter(
            card_sent__isnull=True, player__user__isnull=False).exclude(player__user__email=""):
        try:
            with transaction.atomic():
                if not Presence.objects.filter(pk=presence.pk, card_sent__isnull=True).update(
                        card_sent=timezone.now()):
                    continue  # another worker sent it
                with translation.override(settings.LANGUAGE_CODE):
                    context = {"night": night, "player": presence.player,
                               "card": reports.cards(night, [presence.player_id])[0]}
                    subject = render_to_string("nights/results/card_subject.txt", context)
                    body = render_to_string("nights/results/card_email.txt", context)
                send_mail(subject.strip(), body, None, [presence.player.user.email])
        except Exception:
            log.exception("the night card of %s for night %s was not sent",
                          presence.player.name, night.pk)
        else:
            sent += 1
    return sent


def _on_save(sender, instance: Night, update_fields=None, **kwargs) -> None:
    if instance.status == Night.Status.CLOSED and "status" in (update_fields or ()):
        transaction.on_commit(lambda: send_cards(instance))


def connect() -> None:
    """Sends the cards once a night's closing is committed (nights.services.close_night)."""
    post_save.connect(_on_save, sender=Night, dispatch_uid="nights.mail")
