"""The secretary's admin of tables: their units, games, hands, events and wagers, exports,
abandoning.

A table's page says what its pages say, from the same course (games.selectors.table_state,
built once for the page): each game's result in words (games.presentation.results), its winner (à
quatre the side, "Athos & Aramis") and value; à trois and à quatre what is played instead of
units; the marks by the players who took them; the events in words (words.event_type and
event_change, as the table's history page says them); and the wagers with what became of each
(games.selectors.wagers.figured, the API's reading).

Everything here is read-only. Game rows are written only by games.services: the admin's few
writes (abandoning a table, correcting a hand of a table still in play) call those services
and show their refusals. A finished table (won or abandoned) is not changed from here at all.
The lists stay a fixed number of queries whatever their length (bench/admin.py times them).
"""
import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils.text import smart_split, unescape_string_literal
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from club.admin import GuardedListMixin, ReadOnlyMixin
from club.errors import Refused
from games.admin import exports, lines
from games.admin.common import PlayerFilter, ReadOnlyInline, course, hand_link
from games.admin.wagers import TableWagerInline
from games.models import Game, Hand, Seat, Table, TableEvent, Unit
from games.pages.hand_by_hand import takers
from games.presentation import display, results, words
from games.selectors.table_state import winner
from games.services.tables import MANY_HANDED_RULES, abandon_table
from games.table_kinds import MANY_HANDED

FINISHED = (Table.Status.WON, Table.Status.ABANDONED)
# What is played at a table à trois or à quatre, where a pool or a rubber has its units
# (docs/rules.md, sections 12 and 13).
PLAYED = {
    "trois": _("One game à trois, to %(target)s: the first to reach it wins and withdraws, "
               "and the other two play on, two-handed, for second and third place."),
    "quatre": _("A match à quatre: two games and, if needed, la belle, each to %(target)s; the "
                "side that wins two games wins the match."),
}


def names(table: Table) -> dict:
    """{player id: name} of the table's players (its seats, read with it)."""
    return {seat.player_id: seat.player.name for seat in table.seats.all()}


def partners(table: Table) -> tuple:
    """À quatre, the match's two pairs of partners; else ()."""
    return getattr(getattr(course(table), "engine", None), "partnerships", ())


class ConfirmForm(forms.Form):
    """An admin action's intermediate page confirmed (`post`), as Django's "delete selected"."""
    post = forms.BooleanField(required=False)


class OfTable:
    """An inline told the table whose page it is on (`table`, by TableAdmin)."""
    table = None


class UnitInline(ReadOnlyInline):
    model = Unit
    fields = ["number", "players", "games_won_display", "winner", "loser", "value"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("first", "second", "winner",
                                                            "loser")

    @admin.display(description=_("players"))
    def players(self, unit):
        return f"{unit.first.name} v {unit.second.name}"

    @admin.display(description=_("games won"))
    def games_won_display(self, unit):
        return lines.score_text(unit.games_won, unit.first, unit.second)


class GameInline(OfTable, ReadOnlyInline):
    """The finished games, each as the course plays it: its score in words (à trois its two
    phases), its winner (à quatre the side) and its value."""
    model = Game
    verbose_name_plural = _("games (finished; the game in play is under Snapshot)")
    fields = ["number", "unit_number", "players", "score_display", "target", "winner_display",
              "value_display", "hands", "finished_at"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("first", "second")

    def played(self, game):
        """The course's game of this row."""
        return next(g for g in course(self.table).games if g.number == game.number)

    @admin.display(description=_("players"))
    def players(self, game):
        """ "Athos v Porthos"; à trois by place, à quatre "Athos & Aramis v Porthos & …"."""
        return " v ".join(" & ".join(p.name for p in side) for side in lines.game_sides(game))

    @admin.display(description=_("score"))
    def score_display(self, game):
        return results.score_words(self.played(game), names(self.table), partners(self.table))

    @admin.display(description=pgettext_lazy("field", "winner"))
    def winner_display(self, game):
        return results.named(self.played(game).winner, names(self.table))

    @admin.display(description=pgettext_lazy("field", "value"))
    def value_display(self, game):
        return self.played(game).value


class HandInline(OfTable, ReadOnlyInline):
    model = Hand
    fields = ["link", "game_number", "number_in_game", "elder", "dealer", "status",
              "version", "rendering"]
    readonly_fields = fields
    verbose_name_plural = _("hands (the current version of each)")

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("elder", "dealer", "table")
                .defer("table__snapshot"))

    @admin.display(description=_("hand"))
    def link(self, hand):
        return hand_link(hand)

    @admin.display(description=_("record and result"))
    def rendering(self, hand):
        """The record and its result in words, the marks by the players who took them."""
        return display.hand_html(hand.record, hand.result, ranking=hand.table.ranking,
                                 names=takers(self.table, hand.elder_id, hand.dealer_id,
                                              names(self.table)))


class EventInline(OfTable, ReadOnlyInline):
    """Every change of the table in words, as its history page says it."""
    model = TableEvent
    fields = ["seq", "type_words", "by", "at", "change_words"]
    readonly_fields = fields
    verbose_name_plural = _("events (every change of the table, by seq)")

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("by", "table")
                .defer("table__snapshot"))

    @admin.display(description=_("type"))
    def type_words(self, event):
        return words.event_type(event.type, event.change)

    @admin.display(description=_("change"))
    def change_words(self, event):
        return words.event_change(event.change, names(self.table)) or "—"


@admin.register(Table)
class TableAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["name", "format", "status", "players_display", "winner_display",
                    "hands_count", "created_at"]
    list_filter = [("created_at", admin.DateFieldListFilter), "format", "status",
                   PlayerFilter]
    date_hierarchy = "created_at"
    search_fields = ["name", "seats__player__name"]
    search_help_text = _("A table's name or one of its players' names.")
    show_full_result_count = False
    actions = ["export_json", "export_csv", "abandon"]
    inlines = [UnitInline, GameInline, HandInline, EventInline, TableWagerInline]
    fieldsets = [
        (None, {"fields": ["name", "format", "status", "wager_style", "private",
                           "players_display", "played_display",
                           "winner_display", "opened_by", "scorers_display", "created_at",
                           "finished_at"]}),
        (_("Rules"), {"fields": ["rules_display"]}),
        (_("First deal"), {"fields": ["first_dealer", "cut_display"]}),
        (_("Snapshot"), {"fields": ["snapshot_display"]}),
    ]
    readonly_fields = ["name", "format", "status", "wager_style", "players_display",
                       "played_display", "winner_display", "opened_by", "scorers_display",
                       "created_at", "finished_at", "rules_display", "first_dealer",
                       "cut_display", "snapshot_display"]

    def get_queryset(self, request):
        hands = (Hand.objects.filter(table=OuterRef("pk")).order_by().values("table")
                 .annotate(n=Count("pk")).values("n"))
        seats = Seat.objects.select_related("player").order_by("position")
        return (super().get_queryset(request)
                .annotate(hands_count=Coalesce(Subquery(hands), Value(0)))
                .prefetch_related(Prefetch("seats", queryset=seats)))

    def get_fieldsets(self, request, obj=None):
        """What is played is said à trois and à quatre only: a pool or a rubber lists its
        units."""
        if obj is not None and obj.format in MANY_HANDED:
            return self.fieldsets
        return [(name, {**options, "fields": [f for f in options["fields"]
                                              if f != "played_display"]})
                for name, options in self.fieldsets]

    def get_inlines(self, request, obj):
        """À trois and à quatre have no units (`played_display` says what is played); a
        table without wagers has no list of them."""
        if obj is None:
            return self.inlines
        return [inline for inline in self.inlines
                if not (inline is UnitInline and obj.format in MANY_HANDED)
                and not (inline is TableWagerInline
                         and obj.wager_style == Table.WagerStyle.NONE)]

    def get_inline_instances(self, request, obj=None):
        """The inlines, each told the table; its course is built at once, so that the page
        takes as many queries whatever it shows."""
        inlines = super().get_inline_instances(request, obj)
        for inline in inlines:
            inline.table = obj
        if obj is not None:
            course(obj)
        return inlines

    def get_search_results(self, request, queryset, search_term):
        """Each word in the table's name or a player's name: an EXISTS, not a join, so the
        list needs no DISTINCT."""
        for bit in smart_split(search_term):
            if bit.startswith(('"', "'")) and bit[0] == bit[-1]:
                bit = unescape_string_literal(bit)
            at_table = Seat.objects.filter(table=OuterRef("pk"), player__name__icontains=bit)
            queryset = queryset.filter(Q(name__icontains=bit) | Q(Exists(at_table)))
        return queryset, False

    # -- columns and fields
    @admin.display(description=_("players"))
    def players_display(self, table):
        return ", ".join(seat.player.name for seat in table.seats.all())

    @admin.display(description=pgettext_lazy("field", "winner"), ordering="winner")
    def winner_display(self, table):
        """Who won the table: a player, or à quatre the side that won the match (the
        member's page's answer: games.selectors.table_state.winner)."""
        return results.named(winner(table), names(table))

    @admin.display(description=_("what is played"))
    def played_display(self, table):
        """À trois and à quatre, what is played: the game, or the match with the games each
        side has won."""
        said = PLAYED[table.format] % {"target": table.rules.get("target")}
        if table.format == Table.Kind.QUATRE:
            match = course(table).engine
            said += " " + _("Games won: %(games)s.") % {"games": " – ".join(
                f"{results.named(pair, names(table))} {match.games_won[pair]}"
                for pair in match.partnerships)}
        return said

    @admin.display(description=_("hands"), ordering="hands_count")
    def hands_count(self, table):
        return table.hands_count

    @admin.display(description=_("scorers"))
    def scorers_display(self, table):
        return ", ".join(str(u) for u in table.scorers.all()) or "—"

    @admin.display(description=_("rules"))
    def rules_display(self, table):
        rules = table.rules
        if table.format == Table.Kind.RUBBER and isinstance(rules, dict):  # no pool here
            rules = {k: v for k, v in rules.items() if not k.startswith("pool_")}
        elif table.format in MANY_HANDED and isinstance(rules, dict):  # the two they play by
            rules = {k: v for k, v in rules.items() if k in MANY_HANDED_RULES}
        return display.lines_html(lines.rules_lines(rules))

    @admin.display(description=_("cut"))
    def cut_display(self, table):
        return display.lines_html(lines.cut_lines(table.cut, names(table)))

    @admin.display(description=_("snapshot"))
    def snapshot_display(self, table):
        return display.lines_html(lines.snapshot_lines(table.snapshot, names(table)))

    # -- actions
    @admin.action(description=_("Export JSON"))
    def export_json(self, request, queryset):
        body = json.dumps(exports.tables_json(queryset), ensure_ascii=False, indent=1)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-tables.json"'
        return response

    @admin.action(description=_("Export CSV"))
    def export_csv(self, request, queryset):
        response = HttpResponse(exports.tables_csv(queryset.order_by()),
                                content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-hands.csv"'
        return response

    @admin.action(description=_("Abandon the selected tables still in play"))
    def abandon(self, request, queryset):
        """Asks first, on an intermediate page as Django's "delete selected" does: the tables
        in play it will abandon and what goes back, and those already finished, left as they
        are. Abandons them only once that page is confirmed (`post`)."""
        confirmed = ConfirmForm(request.POST)
        if not (confirmed.is_valid() and confirmed.cleaned_data["post"]):
            tables = [(table, self.players_display(table)) for table in queryset.order_by("pk")]
            return TemplateResponse(request, "admin/games/table/abandon_confirmation.html", {
                **self.admin_site.each_context(request), "opts": self.model._meta,
                "title": _("Abandon these tables?"),
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                "playing": [row for row in tables if row[0].status not in FINISHED],
                "finished": [table for table, _players in tables if table.status in FINISHED]})
        done = 0
        for table in queryset.order_by("pk"):
            if table.status in FINISHED:
                self.message_user(request, _("%(table)s is already %(status)s: left as it is.")
                                  % {"table": table.name,
                                     "status": table.get_status_display().lower()},
                                  messages.WARNING)
                continue
            try:
                abandon_table(table_id=table.pk, by=request.user)
            except Refused as refused:
                self.message_user(request, f"{table.name}: {refused.message}", messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, ngettext(
                "Abandoned %(count)s table: a pool's stakes go back as paid.",
                "Abandoned %(count)s tables: a pool's stakes go back as paid.", done)
                % {"count": done}, messages.SUCCESS)
