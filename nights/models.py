"""A club night and a season: who came (Presence, with the fee posted for it), the tables drawn
at the night (NightTable), and the seasons whose ladders count the nights between two dates.

Rows are written only through nights.services. The database keeps the invariants the services
rely on: one night open at a time, a player present once a night, a table drawn at one night,
fees whole cents not below zero.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from club.models import Player, Transaction
from games.models import Table


class Night(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("night status", "Open")
        CLOSED = "closed", pgettext_lazy("night status", "Closed")

    name = models.CharField(max_length=100)
    date = models.DateField()  # the club's evening (club.evenings) it was opened in
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OPEN)
    member_fee = models.BigIntegerField(default=0)  # what a member pays, in cents
    guest_fee = models.BigIntegerField(default=0)  # what a guest pays, in cents
    draws = models.PositiveIntegerField(default=0)  # how many draws were made
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "club night")
        verbose_name_plural = pgettext_lazy("model", "club nights")
        ordering = ["-date", "-id"]
        permissions = [("direct_night", "Can direct a club night")]
        constraints = [
            models.UniqueConstraint(fields=["status"], condition=Q(status="open"),
                                    name="nights_night_one_open"),
            models.CheckConstraint(condition=Q(member_fee__gte=0, guest_fee__gte=0),
                                   name="nights_night_fees_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name


class Presence(models.Model):
    """A player at a night: since when, the fee he paid for it and its ledger transaction (none
    for 0.00), whether he came as a guest (a player without a login), who marked him, and when
    his night's card was mailed to him (nights.mail: once)."""
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="presences")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="presences")
    since = models.DateTimeField(auto_now_add=True)
    fee = models.BigIntegerField(default=0)
    guest = models.BooleanField(default=False)
    transaction = models.OneToOneField(Transaction, null=True, blank=True,
                                       on_delete=models.PROTECT, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    card_sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["since", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="nights_presence_once"),
            models.CheckConstraint(condition=Q(fee__gte=0), name="nights_presence_fee"),
        ]


class NightTable(models.Model):
    """A table drawn at a night, and the number of the draw that opened it."""
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="night_tables")
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="night_table")
    draw = models.PositiveIntegerField()

    class Meta:
        ordering = ["id"]


class Season(models.Model):
    """The nights from `first` to `last` (their dates, both included) and the ladder's rules:
    the best `best_nights` nights count (all when null), and a player qualifies once he came to
    `minimum_nights` (docs/rules.md, The season's ladder)."""
    name = models.CharField(max_length=100)
    first = models.DateField()
    last = models.DateField()
    best_nights = models.PositiveIntegerField(null=True, blank=True)
    minimum_nights = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")

    class Meta:
        verbose_name = pgettext_lazy("model", "season")
        verbose_name_plural = pgettext_lazy("model", "seasons")
        ordering = ["-first", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(first__lte=models.F("last")),
                                   name="nights_season_dates"),
        ]

    def __str__(self) -> str:
        return self.name
