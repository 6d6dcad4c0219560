"""The secretary's admin for past rubbers and pools: tables, their units, games and hands.

Everything here is read-only. Game rows are written only by games.services: the admin's few
writes (abandoning a table, correcting a hand of a table still in play) call those services
and show their refusals. A finished table (won or abandoned) is not changed from here at all.
The lists stay a fixed number of queries whatever their length (bench/admin.py times them).
"""
import json

from django.contrib import admin, messages
from django.contrib.admin.options import IncorrectLookupParameters
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import smart_split, unescape_string_literal

from club.admin import GuardedListMixin, ReadOnlyMixin
from club.errors import Refused
from club.ledger import BIGINT_MAX
from club.models import Player
from games import display, exports, services
from games.engine import EngineError, loads
from games.models import Game, Hand, HandVersion, Seat, Table, Unit

FINISHED = (Table.Status.WON, Table.Status.ABANDONED)


class ReadOnlyInline(ReadOnlyMixin, admin.TabularInline):
    extra = 0
    can_delete = False


def _ranking(table: Table) -> str:
    return (table.rules or {}).get("ranking", "classic")


def _hand_link(hand: Hand) -> str:
    return format_html('<a href="{}">hand {}</a>',
                       reverse("admin:games_hand_change", args=[hand.pk]), hand.number)


# -- filters --------------------------------------------------------------------------------
class PlayerFilter(admin.SimpleListFilter):
    """Tables at which a player sat."""
    title = "player"
    parameter_name = "player"

    def lookups(self, request, model_admin):
        return list(Player.objects.order_by("name").values_list("pk", "name"))

    def player_id(self) -> int | None:
        """The chosen player's id; a value that cannot be one makes the admin show the list
        unfiltered, saying so (club.admin.GuardedListMixin), as for its own filters."""
        value = self.value()
        if value is None:
            return None
        if not value.isascii() or not value.isdigit() or int(value) > BIGINT_MAX:
            raise IncorrectLookupParameters(f"player={value!r} is not a player's id")
        return int(value)

    def queryset(self, request, queryset):
        player = self.player_id()
        if player is None:
            return queryset
        return queryset.filter(Exists(Seat.objects.filter(table=OuterRef("pk"),
                                                          player_id=player)))


class HandPlayerFilter(PlayerFilter):
    """Hands a player played, as elder or dealer."""

    def queryset(self, request, queryset):
        player = self.player_id()
        if player is None:
            return queryset
        return queryset.filter(Q(elder_id=player) | Q(dealer_id=player))


# -- inlines of a table ---------------------------------------------------------------------
class UnitInline(ReadOnlyInline):
    model = Unit
    fields = ["number", "players", "games_won_display", "winner", "loser", "value"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("first", "second", "winner",
                                                            "loser")

    @admin.display(description="players")
    def players(self, unit):
        return f"{unit.first.name} v {unit.second.name}"

    @admin.display(description="games won")
    def games_won_display(self, unit):
        return display.score_text(unit.games_won, unit.first, unit.second)


class GameInline(ReadOnlyInline):
    model = Game
    verbose_name_plural = "games (finished; the game in play is under Snapshot)"
    fields = ["number", "unit_number", "players", "score_display", "target", "winner",
              "value", "hands", "finished_at"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("first", "second", "winner")

    @admin.display(description="players")
    def players(self, game):
        return f"{game.first.name} v {game.second.name}"

    @admin.display(description="score")
    def score_display(self, game):
        return display.score_text(game.score, game.first, game.second)


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ["link", "game_number", "number_in_game", "elder", "dealer", "status",
              "version", "rendering"]
    readonly_fields = fields
    verbose_name_plural = "hands (the current version of each)"

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("elder", "dealer", "table")
                .defer("table__snapshot"))

    @admin.display(description="hand")
    def link(self, hand):
        return _hand_link(hand)

    @admin.display(description="record and result")
    def rendering(self, hand):
        return display.hand_html(hand.record, hand.result, ranking=_ranking(hand.table))


# -- tables ---------------------------------------------------------------------------------
@admin.register(Table)
class TableAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["name", "format", "status", "players_display", "winner", "hands_count",
                    "created_at"]
    list_select_related = ["winner"]
    list_filter = [("created_at", admin.DateFieldListFilter), "format", "status",
                   PlayerFilter]
    date_hierarchy = "created_at"
    search_fields = ["name", "seats__player__name"]
    search_help_text = "A table's name or one of its players' names."
    show_full_result_count = False
    actions = ["export_json", "export_csv", "abandon"]
    inlines = [UnitInline, GameInline, HandInline]
    fieldsets = [
        (None, {"fields": ["name", "format", "status", "wager_style", "players_display",
                           "winner", "opened_by", "scorers_display", "created_at",
                           "finished_at"]}),
        ("Rules", {"fields": ["rules_display"]}),
        ("First deal", {"fields": ["first_dealer", "cut_display"]}),
        ("Snapshot", {"fields": ["snapshot_display"]}),
    ]
    readonly_fields = ["name", "format", "status", "wager_style", "players_display", "winner",
                       "opened_by", "scorers_display", "created_at", "finished_at",
                       "rules_display", "first_dealer", "cut_display", "snapshot_display"]

    def get_queryset(self, request):
        hands = (Hand.objects.filter(table=OuterRef("pk")).order_by().values("table")
                 .annotate(n=Count("pk")).values("n"))
        seats = Seat.objects.select_related("player").order_by("position")
        return (super().get_queryset(request)
                .annotate(hands_count=Coalesce(Subquery(hands), Value(0)))
                .prefetch_related(Prefetch("seats", queryset=seats)))

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
    @admin.display(description="players")
    def players_display(self, table):
        return ", ".join(seat.player.name for seat in table.seats.all())

    @admin.display(description="hands", ordering="hands_count")
    def hands_count(self, table):
        return table.hands_count

    @admin.display(description="scorers")
    def scorers_display(self, table):
        return ", ".join(str(u) for u in table.scorers.all()) or "—"

    @admin.display(description="rules")
    def rules_display(self, table):
        rules = table.rules
        if table.format == Table.Format.RUBBER and isinstance(rules, dict):  # no pool here
            rules = {k: v for k, v in rules.items() if not k.startswith("pool_")}
        return display.lines_html(display.rules_lines(rules))

    @admin.display(description="cut")
    def cut_display(self, table):
        return display.lines_html(display.cut_lines(table.cut, self._names(table)))

    @admin.display(description="snapshot")
    def snapshot_display(self, table):
        return display.lines_html(display.snapshot_lines(table.snapshot, self._names(table)))

    @staticmethod
    def _names(table) -> dict:
        return {seat.player_id: seat.player.name for seat in table.seats.all()}

    # -- actions
    @admin.action(description="Export JSON")
    def export_json(self, request, queryset):
        body = json.dumps(exports.tables_json(queryset), ensure_ascii=False, indent=1)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-tables.json"'
        return response

    @admin.action(description="Export CSV")
    def export_csv(self, request, queryset):
        response = HttpResponse(exports.tables_csv(queryset.order_by()),
                                content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-hands.csv"'
        return response

    @admin.action(description="Abandon the selected tables still in play")
    def abandon(self, request, queryset):
        done = 0
        for table in queryset.order_by("pk"):
            if table.status in FINISHED:
                self.message_user(request, f"{table.name} is already {table.status}: left "
                                  "as it is.", messages.WARNING)
                continue
            try:
                services.abandon_table(table_id=table.pk, by=request.user)
            except Refused as refused:
                self.message_user(request, f"{table.name}: {refused.message}", messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, f"Abandoned {done} table(s): a pool's stakes go back "
                              "as paid.", messages.SUCCESS)


# -- hands ----------------------------------------------------------------------------------
class HandVersionInline(ReadOnlyInline):
    model = HandVersion
    fields = ["version", "entered_by", "created_at", "record_display", "result_display"]
    readonly_fields = fields
    verbose_name_plural = "versions (as entered, in order)"

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("entered_by", "hand__table")
                .defer("hand__table__snapshot").order_by("version"))

    @admin.display(description="record")
    def record_display(self, version):
        return display.lines_html(display.record_lines(
            version.record, ranking=_ranking(version.hand.table)))

    @admin.display(description="result when entered")
    def result_display(self, version):
        return display.lines_html(display.result_lines(version.result))


@admin.register(Hand)
class HandAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["hand_label", "table_link", "game", "in_game", "elder", "dealer",
                    "status_short", "version", "marks", "entered_at"]
    list_display_links = ["hand_label"]
    list_select_related = ["table", "elder", "dealer"]
    list_filter = ["status", ("created_at", admin.DateFieldListFilter), "table__format",
                   HandPlayerFilter]
    search_fields = ["table__name", "elder__name", "dealer__name"]
    search_help_text = "A table's name or a player's name."
    show_full_result_count = False
    ordering = ["-pk"]
    inlines = [HandVersionInline]
    fieldsets = [
        (None, {"fields": ["table_link", "number", "game_number", "number_in_game", "elder",
                           "dealer", "status", "version", "entered_by", "created_at",
                           "idempotency_key"]}),
        ("The current version", {"fields": ["record_display", "result_display"]}),
        ("As stored (JSON)", {"fields": ["record_json", "result_json"],
                              "classes": ["collapse"]}),
    ]
    readonly_fields = ["table_link", "number", "game_number", "number_in_game", "elder",
                       "dealer", "status", "version", "entered_by", "created_at",
                       "idempotency_key", "record_display", "result_display", "record_json",
                       "result_json"]

    def get_search_results(self, request, queryset, search_term):
        """Each word in the table's name or the elder's or dealer's name, looked up in the
        small tables first: the hands are then filtered by id, without joining every row."""
        for bit in smart_split(search_term):
            if bit.startswith(('"', "'")) and bit[0] == bit[-1]:
                bit = unescape_string_literal(bit)
            tables = Table.objects.filter(name__icontains=bit).values("pk")
            named = Player.objects.filter(name__icontains=bit).values("pk")
            queryset = queryset.filter(Q(table__in=tables) | Q(elder__in=named)
                                       | Q(dealer__in=named))
        return queryset, False

    def get_queryset(self, request):
        return (super().get_queryset(request)
                .select_related("table", "elder", "dealer", "entered_by")
                .defer("table__snapshot"))

    @admin.display(description="hand", ordering="pk")
    def hand_label(self, hand):
        return f"hand {hand.number}"

    @admin.display(description="entered", ordering="created_at")
    def entered_at(self, hand):
        return timezone.localtime(hand.created_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="game", ordering="game_number")
    def game(self, hand):
        return hand.game_number

    @admin.display(description="in game", ordering="number_in_game")
    def in_game(self, hand):
        return "—" if hand.number_in_game is None else hand.number_in_game

    @admin.display(description="status", ordering="status")
    def status_short(self, hand):
        return hand.status.replace("_", " ")

    @admin.display(description="table", ordering="table")
    def table_link(self, hand):
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:games_table_change", args=[hand.table_id]),
                           hand.table.name)

    @admin.display(description="marks")
    def marks(self, hand):
        return display.marks_text(hand.result)

    @admin.display(description="record")
    def record_display(self, hand):
        return display.lines_html(display.record_lines(hand.record,
                                                       ranking=_ranking(hand.table)))

    @admin.display(description="result")
    def result_display(self, hand):
        return display.lines_html(display.result_lines(hand.result))

    @admin.display(description="record")
    def record_json(self, hand):
        return format_html("<pre>{}</pre>", json.dumps(hand.record, indent=2,
                                                       ensure_ascii=False))

    @admin.display(description="result")
    def result_json(self, hand):
        return format_html("<pre>{}</pre>", json.dumps(hand.result, indent=2,
                                                       ensure_ascii=False))

    # -- correcting a hand of a unit still open
    def get_urls(self):
        correct = self.admin_site.admin_view(self.correct_view)
        return [path("<int:hand_id>/correct/", correct, name="games_hand_correct"),
                *super().get_urls()]

    def why_read_only(self, request, hand) -> str | None:
        """Why the admin may not correct this hand, or None when it may: finished units are
        read-only, and so is every hand of a table no longer in play."""
        if not (request.user.is_staff and self.has_view_permission(request, hand)):
            return "You may not correct hands."
        if hand.table.status != Table.Status.PLAYING:
            return f"The table is {hand.table.status}: its hands are not corrected from the admin."
        unit = Game.objects.filter(table_id=hand.table_id, number=hand.game_number)
        if Unit.objects.filter(table_id=hand.table_id, winner__isnull=False,
                               number=Subquery(unit.values("unit_number")[:1])).exists():
            return (f"Hand {hand.number} counts in a unit that is decided: finished units are "
                    "read-only.")
        return None

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        if obj is not None and self.why_read_only(request, obj) is None:
            context["correct_url"] = reverse("admin:games_hand_correct", args=[obj.pk])
        return super().render_change_form(request, context, add, change, form_url, obj)

    def correct_view(self, request, hand_id):
        hand = get_object_or_404(Hand.objects.select_related("table"), pk=hand_id)
        refusal = self.why_read_only(request, hand)
        if refusal is not None:
            self.message_user(request, refusal, messages.ERROR)
            return HttpResponseRedirect(reverse("admin:games_hand_change", args=[hand.pk]))
        text, error = json.dumps(hand.record, indent=2, ensure_ascii=False), None
        if request.method == "POST":
            text = request.POST.get("record", "")
            try:
                corrected = services.correct_hand(hand_id=hand.pk, record=loads(text),
                                                  by=request.user)
            except EngineError as err:
                error = f"{err.code}: {err.message}"
            except Refused as refused:
                error = f"{refused.code}: {refused.message}" + (
                    f" (at {refused.at})" if refused.at else "")
            else:
                if corrected.version == hand.version:
                    self.message_user(request, "The record is unchanged: no new version.",
                                      messages.INFO)
                else:
                    self.message_user(request, f"Hand {hand.number} is now version "
                                      f"{corrected.version}; the table was replayed.",
                                      messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:games_hand_change",
                                                    args=[hand.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": f"Correct hand {hand.number} of {hand.table.name}",
            "opts": self.opts,
            "hand": hand,
            "original": hand,
            "record_text": text,
            "error": error,
            "current": display.hand_html(hand.record, hand.result,
                                         ranking=_ranking(hand.table)),
        }
        return TemplateResponse(request, "admin/games/hand/correct.html", context,
                                status=422 if error else 200)
