"""A table, its seats, the changes it went through, and the hands recorded at it with every
version of each.
"""
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.models import Player
from games.engine.rules import DEFAULTS


class Table(models.Model):
    class Kind(models.TextChoices):
        POOL = "pool", pgettext_lazy("table kind", "Pool")
        RUBBER = "rubber", pgettext_lazy("table kind", "Rubber")
        TROIS = "trois", pgettext_lazy("table kind", "à trois")
        QUATRE = "quatre", pgettext_lazy("table kind", "à quatre")

    class Status(models.TextChoices):
        PLAYING = "playing", pgettext_lazy("table status", "Playing")
        WON = "won", pgettext_lazy("table status", "Won")
        ABANDONED = "abandoned", pgettext_lazy("table status", "Abandoned")

    class WagerStyle(models.TextChoices):
        ENGLISH = "english", pgettext_lazy("wager style", "English")
        FRENCH = "french", pgettext_lazy("wager style", "French")
        NONE = "none", pgettext_lazy("wager style", "None")

    name = models.CharField(max_length=100, verbose_name=pgettext_lazy("field", "name"))
    format = models.CharField(max_length=6, choices=Kind.choices,
                              verbose_name=pgettext_lazy("field", "format"))  # the kind of table
    rules = models.JSONField(help_text=_("The table's options, defaults filled in."),
                             verbose_name=pgettext_lazy("field", "rules"))
    wager_style = models.CharField(max_length=7, choices=WagerStyle.choices,
                                   default=WagerStyle.NONE,
                                   verbose_name=pgettext_lazy("field", "wager style"))
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.PLAYING,
                              db_index=True, verbose_name=pgettext_lazy("field", "status"))
    seq = models.PositiveIntegerField(default=0, help_text=_("Counts every change of the table."),
                                      verbose_name=pgettext_lazy("field", "seq"))
    snapshot = models.JSONField(default=dict, help_text=_("The snapshot at `seq`: what the API "
                                  "returns and the live feed sends."),
                                verbose_name=pgettext_lazy("field", "snapshot"))
    players = models.ManyToManyField(Player, through="Seat", related_name="tables",
                                     verbose_name=pgettext_lazy("field", "players"))
    seating = models.JSONField(default=list, help_text=_("The players' ids in the order they sat "
                                 "down (the Seat rows, kept on the table for the course of play)."),
                               verbose_name=pgettext_lazy("field", "seating"))
    first_dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=pgettext_lazy("field", "first dealer"))
    cut = models.JSONField(default=list, blank=True,
                           help_text=_("The cut for the first deal: rounds of [player, card]."),
                           verbose_name=pgettext_lazy("field", "cut"))
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="tables_opened",
                                  verbose_name=pgettext_lazy("field", "opened by"))
    scorers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                     related_name="tables_scored",
                                     help_text=_("Users the opener names as scorers too."),
                                     verbose_name=pgettext_lazy("field", "scorers"))
    winner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="tables_won",
                               verbose_name=pgettext_lazy("field", "winner"))
    created_at = models.DateTimeField(auto_now_add=True, db_index=True,
                                      verbose_name=pgettext_lazy("field", "created at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=pgettext_lazy("field", "finished at"))
    private = models.BooleanField(default=False, help_text=_("Only signed-in users may follow "
                                    "its live feed (spectators of other tables need no login)."),
                                  verbose_name=pgettext_lazy("field", "private"))
    waiting_hands = models.PositiveSmallIntegerField(
        default=0, help_text=_("Hands the scorer's phone keeps until it can send them, as it "
                               "last told the club."),
        verbose_name=pgettext_lazy("field", "hands on their way"))
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text=_("Since when the scorer's phone has kept hands; "
                                           "null while it keeps none."),
        verbose_name=pgettext_lazy("field", "on their way since"))

    class Meta:
        verbose_name = pgettext_lazy("model", "table")
        verbose_name_plural = pgettext_lazy("model", "tables")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_format_display()} #{self.pk})"

    @property
    def ranking(self) -> str:
        """The order of the cards at this table: its rules' choice, else the Laws' default."""
        return (self.rules or {}).get("ranking", DEFAULTS["ranking"])

    @property
    def has_stakes(self) -> bool:
        """Whether the table is a pool whose players pay an entry or forfeits."""
        return self.format == self.Kind.POOL and any(
            self.rules.get(key) for key in ("pool_entry", "pool_forfeit"))

    @property
    def entry_cents(self) -> int:
        """A pool's entry, in cents (games.money_options)."""
        return self.rules["pool_entry"]

    @property
    def levy(self) -> Decimal:
        """The club's levy on the French gallery's winnings, a percentage: its option is kept
        in hundredths of a percent (500: Decimal("5.00"))."""
        return Decimal(self.rules["levy_percent"]).scaleb(-2)

    def seat_rows(self) -> list:
        """The table's seats with their players, in seat order. They are read once for this
        instance: a change of the table works on one instance, and taking a seat changes its
        row in this list."""
        if getattr(self, "_seat_rows", None) is None:
            self._seat_rows = list(self.seats.select_related("player").order_by("position"))
        return self._seat_rows

    def pending_players(self, played: bool = False) -> list:
        """The players who have not taken their seats yet, in seat order (only a pool with
        stakes that a member opened has any). None once a hand was `played` at the table: no
        hand is recorded before every seat is taken, and a seat once taken stays taken."""
        if not self.has_stakes or played:
            return []
        return [seat.player for seat in self.seat_rows() if seat.taken_at is None]

    def seated(self, played: bool = False) -> list:
        """The ids of the players who have taken their seats, in seat order (every player once
        a hand was `played`, as for pending_players)."""
        if played:
            return list(self.seating)
        return [seat.player_id for seat in self.seat_rows() if seat.taken_at]


class TableEvent(models.Model):
    """One change of a table: the one that moved its `seq` to this row's. Written by
    games.services.changes.record_change in the change's own transaction, so the table's events are
    exactly its seqs, and the live feed sends each as its `type` (docs/api.md, Live updates)."""

    class Type(models.TextChoices):
        """What changed; each said in words by games.presentation.words.event_type."""
        OPEN = "open", _("opened")
        HAND = "hand", _("hand recorded")
        TRICK = "trick", _("trick entered")
        GAME_OVER = "game_over", _("game over")
        ROTATION = "rotation", _("unit over: the seats turn")
        POOL_WON = "pool_won", _("pool won")
        RUBBER_WON = "rubber_won", _("rubber won")
        TROIS_WON = "trois_won", _("game à trois won")
        QUATRE_WON = "quatre_won", _("match à quatre won")
        CORRECTION = "correction", _("hand corrected")
        SEAT = "seat", _("seat taken")
        WAGER = "wager", _("wager")
        WAITING = "waiting", _("hands kept by the scorer's phone")
        SCORERS = "scorers", _("scorers changed")
        ABANDONED = "abandoned", _("abandoned")

        @classmethod
        def won(cls, kind: str) -> "TableEvent.Type":
            """The change that decides a table of `kind` (Table.Kind): `pool_won`, ..."""
            return cls(f"{kind}_won")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events",
                              verbose_name=pgettext_lazy("field", "table"))
    seq = models.PositiveIntegerField(help_text=_("The table's `seq` after this change."),
                                      verbose_name=pgettext_lazy("field", "seq"))
    type = models.CharField(max_length=20, choices=Type.choices,
                            verbose_name=pgettext_lazy("field", "type"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.PROTECT, related_name="+",
                           help_text=_("The user who made the change."),
                           verbose_name=pgettext_lazy("field", "by"))
    at = models.DateTimeField(default=timezone.now, verbose_name=pgettext_lazy("field", "at"))
    change = models.JSONField(default=dict, blank=True,
                              help_text=_("What changed, in short: a hand's number and version, "
                                "a wager's id and act, a seated player."),
                              verbose_name=pgettext_lazy("field", "change"))

    class Meta:
        verbose_name = pgettext_lazy("model", "table event")
        verbose_name_plural = pgettext_lazy("model", "table events")
        ordering = ["table_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="games_tableevent_seq"),
        ]

    def __str__(self) -> str:
        return _("%(type)s (seq %(seq)s) at %(table)s") % {
            "type": self.type, "seq": self.seq, "table": self.table}


class Seat(models.Model):
    """The order in which the players sat down: in a pool the first two play first. At a table
    with stakes that a member opened, each other player takes his seat himself (`taken_at`),
    and only then pays his entry."""
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats",
                              verbose_name=pgettext_lazy("field", "table"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats",
                               verbose_name=pgettext_lazy("field", "player"))
    position = models.PositiveSmallIntegerField(verbose_name=pgettext_lazy("field", "position"))
    taken_at = models.DateTimeField(null=True, blank=True,
                                    help_text=_("When the player sat down; null while pending."),
                                    verbose_name=pgettext_lazy("field", "taken at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "seat")
        verbose_name_plural = pgettext_lazy("model", "seats")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="games_seat_position"),
            models.UniqueConstraint(fields=["table", "player"], name="games_seat_player"),
        ]


class Hand(models.Model):
    class Status(models.TextChoices):
        COUNTED = "counted", pgettext_lazy("hand status", "Counted")
        SET_ASIDE = "set_aside", pgettext_lazy("hand status", "set aside by a correction")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands",
                              verbose_name=pgettext_lazy("field", "table"))
    number = models.PositiveIntegerField(help_text=_("The hand's place at the table, from 1."),
                                         verbose_name=pgettext_lazy("field", "number"))
    game_number = models.PositiveIntegerField(help_text=_("The game it was entered in."),
                                              verbose_name=pgettext_lazy("field", "game number"))
    elder = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                              verbose_name=pgettext_lazy("field", "elder"))
    dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=pgettext_lazy("field", "dealer"))
    idempotency_key = models.CharField(max_length=200, null=True, blank=True,
                                       verbose_name=pgettext_lazy("field", "idempotency key"))
    record = models.JSONField(help_text=_("The current version's record."),
                              verbose_name=pgettext_lazy("field", "record"))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+",
                                   verbose_name=pgettext_lazy("field", "entered by"))
    created_at = models.DateTimeField(auto_now_add=True, db_index=True,
                                      verbose_name=pgettext_lazy("field", "created at"))
    # Derived from the table's course:
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.COUNTED,
                              verbose_name=pgettext_lazy("field", "status"))
    number_in_game = models.PositiveIntegerField(
        null=True, blank=True, verbose_name=pgettext_lazy("field", "number in game"))
    result = models.JSONField(null=True, blank=True, verbose_name=pgettext_lazy("field", "result"))
    version = models.PositiveIntegerField(default=1, help_text=_("The current version."),
                                          verbose_name=pgettext_lazy("field", "version"))

    class Meta:
        verbose_name = pgettext_lazy("model", "hand")
        verbose_name_plural = pgettext_lazy("model", "hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_hand_number"),
            models.UniqueConstraint(fields=["table", "idempotency_key"],
                                    name="games_hand_idempotency_key"),
        ]

    def __str__(self) -> str:
        return _("hand %(number)s of %(table)s") % {"number": self.number, "table": self.table}


class HandVersion(models.Model):
    """A hand's record as entered: the first version and every correction."""
    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="versions",
                             verbose_name=pgettext_lazy("field", "hand"))
    version = models.PositiveIntegerField(verbose_name=pgettext_lazy("field", "version"))
    record = models.JSONField(verbose_name=pgettext_lazy("field", "record"))
    result = models.JSONField(help_text=_("The engine's result when this version was entered."),
                              verbose_name=pgettext_lazy("field", "result"))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+",
                                   verbose_name=pgettext_lazy("field", "entered by"))
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "hand version")
        verbose_name_plural = pgettext_lazy("model", "hand versions")
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="games_hand_version"),
        ]
