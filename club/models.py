"""The club's own data: players, the money ledger and API tokens.

The ledger is real double entry in whole cents. A `Transaction` is a set of `Entry` rows whose
amounts sum to zero; an account's balance is the sum of its entries and is never stored. Rows are
written only through `club.ledger`; nothing is edited in place or deleted, and a correction is a
new transaction that reverses the old one. On PostgreSQL a deferred constraint trigger checks at
commit that every transaction balances (migration 0002).
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.names import normal, validate_name

# The largest row id, and so the largest offset into a list, that the database's ids hold: every
# primary key is a signed 64-bit integer (DEFAULT_AUTO_FIELD, BigAutoField).
ID_MAX = 2**63 - 1


class Player(models.Model):
    name = models.CharField(max_length=100, validators=[validate_name],
                            help_text=_("Unique, ignoring case."),
                            verbose_name=pgettext_lazy("field", "name"))
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        help_text=_("The login this player uses; a user wagers as the linked player."),
        verbose_name=pgettext_lazy("field", "user"),
    )
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))
    public_initials = models.BooleanField(
        default=False, verbose_name=pgettext_lazy("field", "initials on public pages"),
        help_text=_("On the public pages, readers who are not signed in read his initials; "
                    "signed-in members read his name."))

    class Meta:
        verbose_name = pgettext_lazy("model", "player")
        verbose_name_plural = pgettext_lazy("model", "players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="club_player_name_unique_ignoring_case",
                violation_error_message="A player with this name already exists.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        self.name = normal(self.name.strip())


class Account(models.Model):
    class Role(models.TextChoices):
        """Whose money the account holds: a player's own, the club's (the house), a pool's pot,
        or the stakes wagered on a unit, held until it is settled (an escrow)."""
        PLAYER = "player", pgettext_lazy("account role", "player")
        HOUSE = "house", pgettext_lazy("account role", "house")
        POT = "pot", pgettext_lazy("account role", "pot")
        ESCROW = "escrow", pgettext_lazy("account role", "escrow")

    code = models.CharField(
        max_length=100, unique=True, help_text=_('A stable name such as "player:12" or "house".'),
        verbose_name=pgettext_lazy("field", "code"),
    )
    role = models.CharField(max_length=10, choices=Role.choices,
                            verbose_name=pgettext_lazy("field", "role"))
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="accounts",
        verbose_name=pgettext_lazy("field", "player"),
    )
    name = models.CharField(max_length=200, verbose_name=pgettext_lazy("field", "name"))

    class Meta:
        verbose_name = pgettext_lazy("model", "account")
        verbose_name_plural = pgettext_lazy("model", "accounts")
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Transaction(models.Model):
    class Reason(models.TextChoices):
        """What moved the money: every reason the club posts a transaction for, each with its
        words as the admin says them (`get_reason_display`); a member's account page says them
        in its own words (club.movements.SAID). The API's JSON calls it `kind`."""
        DEPOSIT = "deposit", pgettext_lazy("transaction reason", "deposit")
        PAYMENT = "payment", pgettext_lazy("transaction reason", "payment")
        REVERSAL = "reversal", pgettext_lazy("transaction reason", "reversal")
        POOL_ENTRY = "pool_entry", pgettext_lazy("transaction reason", "pool entry")
        POOL_FORFEIT = "pool_forfeit", pgettext_lazy("transaction reason", "pool forfeit")
        POOL_REFUND = "pool_refund", pgettext_lazy("transaction reason", "pool refund")
        POOL_PAYOUT = "pool_payout", pgettext_lazy("transaction reason", "pool payout")
        WAGER_STAKE = "wager_stake", pgettext_lazy("transaction reason", "wager stake")
        WAGER_LAY = "wager_lay", pgettext_lazy("transaction reason", "wager lay")
        WAGER_WITHDRAWN = "wager_withdrawn", pgettext_lazy("transaction reason", "wager withdrawn")
        WAGER_LAPSED = "wager_lapsed", pgettext_lazy("transaction reason", "wager lapsed")
        WAGER_MATCHED = "wager_matched", pgettext_lazy("transaction reason", "wager matched")
        WAGER_BALANCED = "wager_balanced", pgettext_lazy("transaction reason", "wager balanced")
        WAGER_SETTLEMENT = "wager_settlement", pgettext_lazy("transaction reason",
                                                             "wager settlement")
        WAGER_VOID = "wager_void", pgettext_lazy("transaction reason", "wager void")
        NIGHT_FEE = "night_fee", pgettext_lazy("transaction reason", "night fee")

    created_at = models.DateTimeField(auto_now_add=True, db_index=True,
                                      verbose_name=pgettext_lazy("field", "created at"))
    reason = models.CharField(max_length=32, choices=Reason.choices,
                              help_text=_('What moved the money, e.g. "pool_entry".'),
                              verbose_name=pgettext_lazy("field", "reason"))
    memo = models.CharField(max_length=300, blank=True, verbose_name=pgettext_lazy("field", "memo"))
    reference = models.CharField(
        max_length=100,
        blank=True,
        db_index=True,
        help_text=_('What this transaction settles, e.g. "pool:7"; blank when nothing.'),
        verbose_name=pgettext_lazy("field", "reference"),
    )
    reverses = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reversal",
        help_text=_("The transaction this one undoes; each is reversed at most once."),
        verbose_name=pgettext_lazy("field", "reverses"),
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("The user whose act made it: a wager, a seat, a table's play, or staff."),
        verbose_name=pgettext_lazy("field", "made by"),
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "transaction")
        verbose_name_plural = pgettext_lazy("model", "transactions")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.reason}" + (f" {self.reference}" if self.reference else "")


class Entry(models.Model):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="entries",
                                    verbose_name=pgettext_lazy("field", "transaction"))
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries",
                                verbose_name=pgettext_lazy("field", "account"))
    amount = models.BigIntegerField(help_text=_("Signed, in cents: positive credits the account."),
                                    verbose_name=pgettext_lazy("field", "amount"))

    class Meta:
        verbose_name = pgettext_lazy("model", "entry")
        verbose_name_plural = pgettext_lazy("model", "entries")
        ordering = ["id"]
        # Balances are sums of entries by account: the index answers them on its own.
        indexes = [models.Index(fields=["account", "amount"], name="club_entry_account_amount")]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(amount=0), name="club_entry_amount_not_zero"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.account.code} {self.amount:+d}"


def new_token_key() -> str:
    return secrets.token_hex(20)


class ApiToken(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token",
        verbose_name=pgettext_lazy("field", "user"),
    )
    key = models.CharField(max_length=40, unique=True, default=new_token_key, editable=False,
                           verbose_name=pgettext_lazy("field", "key"))
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "API token")
        verbose_name_plural = pgettext_lazy("model", "API tokens")

    def __str__(self) -> str:
        return _("API token of %(user)s") % {"user": self.user}


class IdempotentRequest(models.Model):
    """The first answer to a POST sent with an `Idempotency-Key` (club.idempotency)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
                             verbose_name=pgettext_lazy("field", "user"))
    key = models.CharField(max_length=200, verbose_name=pgettext_lazy("field", "key"))
    fingerprint = models.CharField(max_length=64, help_text=_("SHA-256 of method, path and body."),
                                   verbose_name=pgettext_lazy("field", "fingerprint"))
    status = models.PositiveSmallIntegerField(null=True,
                                              verbose_name=pgettext_lazy("field", "status"))
    response = models.JSONField(null=True, verbose_name=pgettext_lazy("field", "response"))
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "idempotent request")
        verbose_name_plural = pgettext_lazy("model", "idempotent requests")
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="club_idempotent_request_once"),
        ]
