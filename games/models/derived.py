"""What a table's hands make, derived and rewritten whenever its course is rebuilt: its units
and games, each player's side of a game, and the re-ratings the club owes.
"""
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.models import Player
from games.models.tables import Table


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
