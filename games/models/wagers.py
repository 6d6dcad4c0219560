"""The wagers on a table's units, the takes of an English offer, and each money movement at a
table with the table, unit and wager it was for.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club import ledger
from club.models import Player, Transaction
from games.models.tables import Table


class Wager(models.Model):
    """A bystander's wager on a seated player to win a unit (docs/rules.md, section 11).

    English style: an offer by the backer, at odds a:b, that other members take in part or in
    full (`WagerTake`); what is still unmatched is withdrawn, or lapses when the unit starts.
    French style: a bet for the gallery, balanced against the other side when the unit starts
    (`matched`). Stakes are held in the unit's escrow account from the moment they are
    recorded; what happens to them is in the ledger, linked through `Movement`."""

    class Status(models.TextChoices):
        """Open while its unmatched part may still be taken or withdrawn; then how that part
        closed: withdrawn, lapsed when the unit started, matched in full, or balanced by the
        French gallery. The API's `status` of a wager."""
        OPEN = "open", pgettext_lazy("wager status", "Open")
        WITHDRAWN = "withdrawn", pgettext_lazy("wager status", "Withdrawn")
        LAPSED = "lapsed", pgettext_lazy("wager status", "Lapsed")
        MATCHED = "matched", pgettext_lazy("wager status", "Matched")
        BALANCED = "balanced", pgettext_lazy("wager status", "Balanced")

    # A wager's style is its table's, which wagers at all.
    STYLES = [(value, label) for value, label in Table.WagerStyle.choices
              if value != Table.WagerStyle.NONE]

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="wagers",
                              verbose_name=pgettext_lazy("field", "table"))
    unit_number = models.PositiveIntegerField(verbose_name=pgettext_lazy("field", "unit number"))
    style = models.CharField(max_length=7, choices=STYLES,
                             verbose_name=pgettext_lazy("field", "style"))
    bettor = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="wagers",
                               help_text=_("Who backs: the offerer (English) or the bettor."),
                               verbose_name=pgettext_lazy("field", "bettor"))
    on = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                           help_text=_("The seated player backed to win the unit."),
                           verbose_name=pgettext_lazy("field", "on"))
    stake = models.BigIntegerField(help_text=_("The backer's stake, in cents."),
                                   verbose_name=pgettext_lazy("field", "stake"))
    odds_for = models.PositiveIntegerField(default=1,
                                           verbose_name=pgettext_lazy("field", "odds for"))
    odds_against = models.PositiveIntegerField(default=1,
                                               verbose_name=pgettext_lazy("field", "odds against"))
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.OPEN,
                              verbose_name=pgettext_lazy("field", "status"))
    returned = models.BigIntegerField(default=0, help_text=_("Cents of the stake given back "
                                        "unmatched: withdrawn, lapsed or the gallery's excess."),
                                      verbose_name=pgettext_lazy("field", "returned"))
    matched = models.BigIntegerField(default=0, help_text=_("Cents of the stake matched."),
                                     verbose_name=pgettext_lazy("field", "matched"))
    against = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", null=True,
                                blank=True, help_text=_("French style: the other player of the "
                                  "unit when its gallery was balanced."),
                                verbose_name=pgettext_lazy("field", "against"))
    placed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+",
                                  verbose_name=pgettext_lazy("field", "placed by"))
    created_at = models.DateTimeField(auto_now_add=True, db_index=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "wager")
        verbose_name_plural = pgettext_lazy("model", "wagers")
        ordering = ["table", "unit_number", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(stake__gt=0), name="games_wager_stake"),
            models.CheckConstraint(condition=models.Q(stake__lte=ledger.MAX_AMOUNT),
                                   name="games_wager_stake_ceiling"),
            models.CheckConstraint(
                condition=models.Q(returned__gte=0, matched__gte=0)
                & models.Q(returned__lte=models.F("stake") - models.F("matched")),
                name="games_wager_parts"),
        ]

    def __str__(self) -> str:
        return _("wager %(number)s at %(table)s") % {"number": self.pk, "table": self.table}

    @property
    def unmatched(self) -> int:
        return self.stake - self.matched - self.returned


class WagerTake(models.Model):
    """The other side of an English offer, taken by a layer: `stake` is the part of the
    backer's stake matched, `lay` what the layer puts up against it."""
    wager = models.ForeignKey(Wager, on_delete=models.PROTECT, related_name="takes",
                              verbose_name=pgettext_lazy("field", "wager"))
    layer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="wagers_laid",
                              verbose_name=pgettext_lazy("field", "layer"))
    stake = models.BigIntegerField(verbose_name=pgettext_lazy("field", "stake"))
    lay = models.BigIntegerField(verbose_name=pgettext_lazy("field", "lay"))
    taken_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+", verbose_name=pgettext_lazy("field", "taken by"))
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "wager take")
        verbose_name_plural = pgettext_lazy("model", "wager takes")
        ordering = ["wager", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(stake__gt=0, lay__gt=0),
                                   name="games_wagertake_amounts"),
            models.CheckConstraint(
                condition=models.Q(stake__lte=ledger.MAX_AMOUNT, lay__lte=ledger.MAX_AMOUNT),
                name="games_wagertake_ceiling"),
        ]


class Movement(models.Model):
    """Why a ledger transaction was made at a table: the table, the unit and the wager it is
    for (its kind, maker and entries are on the transaction)."""
    transaction = models.OneToOneField(Transaction, on_delete=models.PROTECT,
                                       related_name="movement",
                                       verbose_name=pgettext_lazy("field", "transaction"))
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="movements",
                              verbose_name=pgettext_lazy("field", "table"))
    unit_number = models.PositiveIntegerField(null=True, blank=True,
                                              verbose_name=pgettext_lazy("field", "unit number"))
    wager = models.ForeignKey(Wager, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="movements",
                              verbose_name=pgettext_lazy("field", "wager"))

    class Meta:
        verbose_name = pgettext_lazy("model", "money at a table")
        verbose_name_plural = pgettext_lazy("model", "money at tables")
        ordering = ["-transaction"]
