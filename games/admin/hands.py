"""The secretary's admin of hands: each with its versions, and the correction of a hand whose
unit is still open (through the hands service, which refuses what it must). Each hand's marks
name the players who took them, as the pages name them (games.pages.hand_by_hand.takers)."""
import json

from django import forms
from django.contrib import admin, messages
from django.db.models import Q, Subquery
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import dateformat, timezone
from django.utils.html import format_html
from django.utils.text import smart_split, unescape_string_literal
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from club.admin import GuardedListMixin, ReadOnlyMixin
from club.errors import Refused
from club.models import Player
from games.admin.common import HandPlayerFilter, ReadOnlyInline
from games.engine import EngineError, loads
from games.models import Game, Hand, HandVersion, Seat, Table, Unit
from games.pages.hand_by_hand import takers
from games.presentation import display, engine_words, words
from games.services.hands import correct_hand


def marked_to(hands) -> None:
    """Gives each of `hands` (with their tables) whom its marks name, by name (`takers`): the
    players of every table in one query."""
    hands = list(hands)
    names = dict(Seat.objects.filter(table__in={hand.table_id for hand in hands})
                 .values_list("player_id", "player__name"))
    for hand in hands:
        hand.takers = takers(hand.table, hand.elder_id, hand.dealer_id, names)


def takers_of(hand) -> dict:
    """{seat or side: name} of the hand's marks (`marked_to`, once for the page)."""
    if getattr(hand, "takers", None) is None:
        marked_to([hand])
    return hand.takers


# A hand's status in the list's short words.
STATUS_SHORT = {"counted": pgettext_lazy("hand status", "counted"),
                "set_aside": pgettext_lazy("hand status", "set aside")}


class RecordForm(forms.Form):
    """A hand's record corrected by staff: the JSON they typed, read by the engine."""
    record = forms.CharField(required=False, strip=False)


class HandVersionInline(ReadOnlyInline):
    model = HandVersion
    hand = None  # the hand whose page it is on (HandAdmin.get_inline_instances)
    fields = ["version", "entered_by", "created_at", "record_display", "result_display"]
    readonly_fields = fields
    verbose_name_plural = _("versions (as entered, in order)")

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("entered_by", "hand__table")
                .defer("hand__table__snapshot").order_by("version"))

    @admin.display(description=_("record"))
    def record_display(self, version):
        return display.lines_html(display.record_lines(
            version.record, ranking=version.hand.table.ranking))

    @admin.display(description=_("result when entered"))
    def result_display(self, version):
        return display.lines_html(display.result_lines(version.result, takers_of(self.hand)))


@admin.register(Hand)
class HandAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["hand_label", "table_link", "game", "in_game", "elder", "dealer",
                    "status_short", "version", "marks", "entered_at"]
    list_display_links = ["hand_label"]
    list_select_related = ["table", "elder", "dealer"]
    list_filter = ["status", ("created_at", admin.DateFieldListFilter), "table__format",
                   HandPlayerFilter]
    search_fields = ["table__name", "elder__name", "dealer__name"]
    search_help_text = _("A table's name or a player's name.")
    show_full_result_count = False
    ordering = ["-pk"]
    inlines = [HandVersionInline]
    fieldsets = [
        (None, {"fields": ["table_link", "number", "game_number", "number_in_game", "elder",
                           "dealer", "status", "version", "entered_by", "created_at",
                           "idempotency_key"]}),
        (_("The current version"), {"fields": ["record_display", "result_display"]}),
        (_("As stored (JSON)"), {"fields": ["record_json", "result_json"],
                              "classes": ["collapse"]}),
    ]
    readonly_fields = ["table_link", "number", "game_number", "number_in_game", "elder",
                       "dealer", "status", "version", "entered_by", "created_at",
                       "idempotency_key", "record_display", "result_display", "record_json",
                       "result_json"]

    def get_changelist_instance(self, request):
        """The list, each hand of the page with whom its marks name (one query for the
        page)."""
        changelist = super().get_changelist_instance(request)
        marked_to(changelist.result_list)
        return changelist

    def get_inline_instances(self, request, obj=None):
        inlines = super().get_inline_instances(request, obj)
        for inline in inlines:
            inline.hand = obj
        return inlines

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

    @admin.display(description=_("hand"), ordering="pk")
    def hand_label(self, hand):
        return _("hand %(number)s") % {"number": hand.number}

    @admin.display(description=_("entered"), ordering="created_at")
    def entered_at(self, hand):
        return dateformat.format(timezone.localtime(hand.created_at),
                                 pgettext("admin date and time format", "Y-m-d H:i"))

    @admin.display(description=_("game"), ordering="game_number")
    def game(self, hand):
        return hand.game_number

    @admin.display(description=_("in game"), ordering="number_in_game")
    def in_game(self, hand):
        return "—" if hand.number_in_game is None else hand.number_in_game

    @admin.display(description=_("status"), ordering="status")
    def status_short(self, hand):
        return str(STATUS_SHORT.get(hand.status, hand.status))

    @admin.display(description=_("table"), ordering="table")
    def table_link(self, hand):
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:games_table_change", args=[hand.table_id]),
                           hand.table.name)

    @admin.display(description=_("marks"))
    def marks(self, hand):
        return display.marks_text(hand.result, takers_of(hand))

    @admin.display(description=_("record"))
    def record_display(self, hand):
        return display.lines_html(display.record_lines(hand.record,
                                                       ranking=hand.table.ranking))

    @admin.display(description=_("result"))
    def result_display(self, hand):
        return display.lines_html(display.result_lines(hand.result, takers_of(hand)))

    @admin.display(description=_("record"))
    def record_json(self, hand):
        return format_html("<pre>{}</pre>", json.dumps(hand.record, indent=2,
                                                       ensure_ascii=False))

    @admin.display(description=_("result"))
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
            return _("You may not correct hands.")
        if hand.table.status != Table.Status.PLAYING:
            return _("The table is %(status)s: its hands are not corrected from the admin.") % {
                "status": hand.table.get_status_display().lower()}
        unit = Game.objects.filter(table_id=hand.table_id, number=hand.game_number)
        if Unit.objects.filter(table_id=hand.table_id, winner__isnull=False,
                               number=Subquery(unit.values("unit_number")[:1])).exists():
            return _("Hand %(number)s counts in a unit that is decided: finished units are "
                     "read-only.") % {"number": hand.number}
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
            form = RecordForm(request.POST)
            text = form.cleaned_data["record"] if form.is_valid() else ""
            try:
                corrected = correct_hand(hand_id=hand.pk, record=loads(text),
                                         by=request.user)
            except EngineError as err:
                error = f"{err.code}: {engine_words.detail(err.params)}"
            except Refused as refused:
                error = f"{refused.code}: {words.refusal(refused)}"
                if refused.at:
                    error += " " + _("(at %(at)s)") % {"at": refused.at}
            else:
                if corrected.version == hand.version:
                    self.message_user(request, _("The record is unchanged: no new version."),
                                      messages.INFO)
                else:
                    self.message_user(request, _("Hand %(number)s is now version %(version)s; "
                                                 "the table's course was rebuilt.") % {
                                          "number": hand.number, "version": corrected.version},
                                      messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:games_hand_change",
                                                    args=[hand.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Correct hand %(number)s of %(table)s") % {"number": hand.number,
                                                                    "table": hand.table.name},
            "opts": self.opts,
            "hand": hand,
            "original": hand,
            "record_text": text,
            "error": error,
            "current": display.hand_html(hand.record, hand.result,
                                         ranking=hand.table.ranking, names=takers_of(hand)),
        }
        return TemplateResponse(request, "admin/games/hand/correct.html", context,
                                status=422 if error else 200)
