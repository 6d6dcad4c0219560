"""Tables, the hands recorded at them, and the games and units those hands make.

A table's course of play is a fold of its hands (games.engine.course). `Hand` and its
`HandVersion`s are what the scorer entered: a correction is a new version, and only the
table's last hand, while it is entered trick by trick, is updated in place
(games.services.tricks). `Game` and `Unit` rows, and each hand's current `result`, are derived
from them and rewritten whenever the table's course is rebuilt.
"""
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club import ledger, money_text
from club.models import Player, Transaction


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

    class Meta:
        verbose_name = pgettext_lazy("model", "table")
        verbose_name_plural = pgettext_lazy("model", "tables")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_format_display()} #{self.pk})"

    @property
    def has_stakes(self) -> bool:
        """Whether the table is a pool whose players pay an entry or forfeits."""
        return self.format == self.Kind.POOL and any(
            self.rules.get(key, "0.00") != "0.00" for key in ("pool_entry", "pool_forfeit"))

    @property
    def entry_cents(self) -> int:
        """A pool's entry, in cents (its option is kept as the API writes it, "5.00")."""
        return money_text.parse(self.rules["pool_entry"])

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
    games.services.changes.publish in the change's own transaction, so the table's events are
    exactly its seqs, and the live feed sends each under its `kind`."""
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events",
                              verbose_name=pgettext_lazy("field", "table"))
    seq = models.PositiveIntegerField(help_text=_("The table's `seq` after this change."),
                                      verbose_name=pgettext_lazy("field", "seq"))
    kind = models.CharField(max_length=20, help_text=_("open, hand, trick, correction, wager..."),
                            verbose_name=pgettext_lazy("field", "kind"))
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
        return _("%(kind)s (seq %(seq)s) at %(table)s") % {"kind": self.kind, "seq": self.seq,
                                                             "table": self.table}


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


class Unit(models.Model):
    """A game, or a rubber, between the two seated players (derived)."""
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="units",
                              verbose_name=pgettext_lazy("field", "table"))
    number = models.PositiveIntegerField(verbose_name=pgettext_lazy("field", "number"))
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                              verbose_name=pgettext_lazy("field", "first"))
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=pgettext_lazy("field", "second"))
    games_won = models.JSONField(help_text=_("Games won by player id."),
                                 verbose_name=pgettext_lazy("field", "games won"))
    winner = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+",
                               verbose_name=pgettext_lazy("field", "winner"))
    loser = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+",
                              verbose_name=pgettext_lazy("field", "loser"))
    value = models.PositiveIntegerField(default=0, verbose_name=pgettext_lazy("field", "value"))
    finished_at = models.DateTimeField(null=True, db_index=True,
                                       help_text=_("When its last game finished; null while open."),
                                       verbose_name=pgettext_lazy("field", "finished at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "unit")
        verbose_name_plural = pgettext_lazy("model", "units")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_unit_number"),
        ]
        indexes = [  # the standings: what each player played and won, by finish time
            models.Index(fields=["first", "finished_at", "winner"], name="games_unit_first_won"),
            models.Index(fields=["second", "finished_at", "winner"],
                         name="games_unit_second_won"),
        ]

    def __str__(self) -> str:
        return _("unit %(number)s") % {"number": self.number}  # its table's page lists it


class Game(models.Model):
    """One finished game of a table (derived): its two players, score, winner and value. The
    game in play is in the table's snapshot.

    A game à trois or à quatre has three or four players, all in `score`: `first` and
    `second` are then the first two seated, and its `sides` give each player's place. À trois
    `winner` is the first placed and `loser` the last; à quatre both are null (a side won)."""
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games",
                              verbose_name=pgettext_lazy("field", "table"))
    number = models.PositiveIntegerField(verbose_name=pgettext_lazy("field", "number"))
    unit_number = models.PositiveIntegerField(verbose_name=pgettext_lazy("field", "unit number"))
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                              verbose_name=pgettext_lazy("field", "first"))
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=pgettext_lazy("field", "second"))
    score = models.JSONField(help_text=_("Points by player id."),
                             verbose_name=pgettext_lazy("field", "score"))
    target = models.PositiveIntegerField(null=True, verbose_name=pgettext_lazy("field", "target"))
    winner = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+",
                               verbose_name=pgettext_lazy("field", "winner"))
    loser = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+",
                              verbose_name=pgettext_lazy("field", "loser"))
    value = models.PositiveIntegerField(default=0, verbose_name=pgettext_lazy("field", "value"))
    hands = models.PositiveIntegerField(default=0, verbose_name=pgettext_lazy("field", "hands"))
    finished_at = models.DateTimeField(null=True, db_index=True,
                                       verbose_name=pgettext_lazy("field", "finished at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "game")
        verbose_name_plural = pgettext_lazy("model", "games")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_game_number"),
        ]


class GamePlayer(models.Model):
    """One player's side of a finished game (derived), for standings and ratings."""
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides",
                             verbose_name=pgettext_lazy("field", "game"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="game_sides",
                               verbose_name=pgettext_lazy("field", "player"))
    won = models.BooleanField(null=True, verbose_name=pgettext_lazy("field", "won"))
    place = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("À trois 1, 2 or 3; à quatre 1 for the side that won "
          "the game, 2 for the other; null in a two-handed game (`won` says it)."),
                                             verbose_name=pgettext_lazy("field", "place"))
    points_for = models.PositiveIntegerField(default=0,
                                             verbose_name=pgettext_lazy("field", "points for"))
    points_against = models.PositiveIntegerField(
        default=0, verbose_name=pgettext_lazy("field", "points against"))
    voles = models.PositiveIntegerField(default=0, verbose_name=pgettext_lazy("field", "voles"))
    kings = models.PositiveIntegerField(default=0, verbose_name=pgettext_lazy("field", "kings"))
    finished_at = models.DateTimeField(null=True, db_index=True,
                                       verbose_name=pgettext_lazy("field", "finished at"))
    # The player's skill rating just after this game (games.ratings); null until rated.
    mu = models.FloatField(null=True, blank=True, verbose_name=pgettext_lazy("field", "mu"))
    sigma = models.FloatField(null=True, blank=True, verbose_name=pgettext_lazy("field", "sigma"))

    class Meta:
        verbose_name = pgettext_lazy("model", "game player")
        verbose_name_plural = pgettext_lazy("model", "game players")
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="games_gameplayer_once"),
        ]
        indexes = [  # covers the standings' sums, and finds a player's latest rating
            models.Index(fields=["player", "finished_at", "won", "points_for", "points_against",
                                 "voles", "kings"], name="games_gameplayer_standings"),
        ]


class RatingsDue(models.Model):
    """A re-rating the club owes from `since` on (games.ratings): written when a correction
    changes a game's result, or when a game finishes while ratings are owed or before a rated
    game. The ratings catch up in the background and delete the rows they have paid."""
    since = models.DateTimeField(verbose_name=pgettext_lazy("field", "since"))
    created_at = models.DateTimeField(auto_now_add=True,
                                      verbose_name=pgettext_lazy("field", "created at"))

    class Meta:
        verbose_name = pgettext_lazy("model", "ratings due")
        verbose_name_plural = pgettext_lazy("model", "ratings due")


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
