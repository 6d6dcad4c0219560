"""What the admin's pages of tables and hands share: read-only inlines, the players filter,
the ranking a table's cards are shown in, a link to a hand, and a table's course."""
from django.contrib import admin
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from club.admin import IdFilter, ReadOnlyMixin
from club.models import Player
from club.players import by_name
from games.models import Hand, Seat
from games.selectors.table_state import state_of


class ReadOnlyInline(ReadOnlyMixin, admin.TabularInline):
    """A read-only list under a record, in a box that scrolls sideways on a phone and that the
    keyboard can reach."""
    template = "admin/games/tabular_scrolls.html"
    extra = 0
    can_delete = False


def course(table):
    """The table's course, as its pages read it (games.selectors.table_state), built once for
    the page."""
    return state_of(table).course


def hand_link(hand: Hand) -> str:
    return format_html('<a href="{}">{}</a>', reverse("admin:games_hand_change", args=[hand.pk]),
                       _("hand %(number)s") % {"number": hand.number})


class PlayerFilter(IdFilter):
    """Tables at which a player sat (the player's id read as club.admin.IdFilter reads it)."""
    title = _("player")
    parameter_name = "player"

    def lookups(self, request, model_admin):
        return [(player.pk, player.name) for player in by_name(Player.objects.all())]

    def queryset(self, request, queryset):
        player = self.chosen_id()
        if player is None:
            return queryset
        return queryset.filter(Exists(Seat.objects.filter(table=OuterRef("pk"),
                                                          player_id=player)))


class HandPlayerFilter(PlayerFilter):
    """Hands a player played, as elder or dealer."""

    def queryset(self, request, queryset):
        player = self.chosen_id()
        if player is None:
            return queryset
        return queryset.filter(Q(elder_id=player) | Q(dealer_id=player))
