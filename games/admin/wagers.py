"""The secretary's admin of wagers: each with its table, its takes and its ledger transactions,
and what became of it (games.selectors.wagers.reckonings: its outcome and what it did to the
backer's and each layer's money, read as the settlement reads it); and a table's wagers on
its page (`TableWagerInline`), with the same columns (`WagerColumns`).

Read-only: wagers are placed, taken and withdrawn only through games.services.wagers, and
settled by games.services.settlement. The list stays a fixed number of queries whatever its
length.
"""
from django.contrib import admin
from django.db.models import Exists, OuterRef, Q
from django.http import HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import smart_split, unescape_string_literal
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club import money_text
from club.admin import GuardedListMixin, ReadOnlyMixin, reason_words
from club.models import Player
from club.movements import table_reference
from club.players import by_name
from games.admin import exports
from games.admin.common import PlayerFilter, ReadOnlyInline, course
from games.admin.money import (
    TableFilter,
    entries_html,
    table_link,
    transaction_link,
    when,
    with_entries,
)
from games.models import Movement, Table, Wager, WagerTake
from games.presentation import words
from games.selectors.wagers import figured, reckonings

# The API's status of a wager, as the list's column says how its unmatched part closed: "none
# left" for "matched", the offer taken in full.
UNMATCHED_PART = {
    "open": pgettext_lazy("unmatched part", "open"),
    "withdrawn": pgettext_lazy("unmatched part", "withdrawn"),
    "lapsed": pgettext_lazy("unmatched part", "lapsed"),
    "matched": pgettext_lazy("unmatched part", "none left"),
    "balanced": pgettext_lazy("unmatched part", "balanced"),
}


class WagerColumns:
    """The columns of a wager's row, in the list of wagers and on its table's page: its money,
    how its unmatched part closed, and what became of it (`figures`: its Reckoning)."""

    def figures(self, wager):
        """The wager's Reckoning: computed for the whole list at once when the list is shown
        (WagerAdmin.get_changelist_instance), or here for one wager."""
        if getattr(wager, "reckoning", None) is None:
            wager.reckoning = reckonings([wager])[wager.pk]
        return wager.reckoning

    @admin.display(description=_("unit"), ordering="unit_number")
    def unit(self, wager):
        return wager.unit_number

    @admin.display(description=_("stake"), ordering="stake")
    def stake_display(self, wager):
        return money_text.local(wager.stake)

    @admin.display(description=_("odds"))
    def odds(self, wager):
        if wager.style != Table.WagerStyle.ENGLISH:
            return "—"
        return f"{wager.odds_for}:{wager.odds_against}"

    @admin.display(description=_("matched"), ordering="matched")
    def matched_display(self, wager):
        return money_text.local(wager.matched)

    @admin.display(description=_("returned unmatched"), ordering="returned")
    def returned_display(self, wager):
        return money_text.local(wager.returned)

    @admin.display(description=_("unmatched part"), ordering="status")
    def unmatched_part(self, wager):
        """How the part of the stake not matched closed (the API's status): open, withdrawn,
        lapsed when the unit started, none left (matched in full), or balanced (French). It
        says nothing of who won: see the outcome."""
        return str(UNMATCHED_PART.get(wager.status, wager.status))

    @admin.display(description=_("outcome (the backer's side)"))
    def outcome(self, wager):
        return words.wager_outcome(self.figures(wager).outcome)

    @admin.display(description=_("net to the backer's balance"))
    def net_display(self, wager):
        """What the wager has done to the backer's money so far: minus the stake held while
        the unit is to be decided, then what he won (less the levy) or lost."""
        return money_text.signed(self.figures(wager).net[wager.bettor_id])


class TableWagerInline(WagerColumns, ReadOnlyInline):
    """A table's wagers on its page (games.admin.tables, which gives it the `table`), each with
    what became of it as the API reads it: games.selectors.wagers.figured, from the table's
    course (games.admin.common.course)."""
    model = Wager
    fields = ["wager_link", "unit", "bettor", "on", "stake_display", "odds", "matched_display",
              "returned_display", "unmatched_part", "outcome", "net_display"]
    readonly_fields = fields
    verbose_name_plural = _("wagers (each with what became of it)")
    table = None
    found = None  # {wager id: Reckoning} of the table's wagers, read once for the page

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("bettor", "on")
                .order_by("pk"))

    def figures(self, wager):
        if self.found is None:
            self.found = {row.wager.pk: row.reckoning
                          for row in figured(self.table, course(self.table))}
        return self.found[wager.pk]

    @admin.display(description=_("wager"))
    def wager_link(self, wager):
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:games_wager_change", args=[wager.pk]),
                           _("wager %(number)s") % {"number": wager.pk})


class WagerTakeInline(ReadOnlyInline):
    model = WagerTake
    fields = ["layer", "stake_display", "lay_display", "taken_by", "taken_at"]
    readonly_fields = fields
    verbose_name_plural = _("takes (the other side of the offer, layer by layer)")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("layer", "taken_by")

    @admin.display(description=_("backer's stake matched"))
    def stake_display(self, take):
        return money_text.local(take.stake)

    @admin.display(description=_("laid against it"))
    def lay_display(self, take):
        return money_text.local(take.lay)

    @admin.display(description=_("taken at"))
    def taken_at(self, take):
        return when(take.created_at)


class MemberFilter(PlayerFilter):
    """Wagers a member placed or took the other side of."""
    title = _("member")
    parameter_name = "member"

    def lookups(self, request, model_admin):
        placed = Wager.objects.filter(bettor=OuterRef("pk"))
        laid = WagerTake.objects.filter(layer=OuterRef("pk"))
        return [(player.pk, player.name)
                for player in by_name(Player.objects.filter(Exists(placed) | Exists(laid)))]

    def queryset(self, request, queryset):
        member = self.chosen_id()
        if member is None:
            return queryset
        laid = WagerTake.objects.filter(wager=OuterRef("pk"), layer_id=member)
        return queryset.filter(Q(bettor_id=member) | Q(Exists(laid)))


class StatusFilter(admin.SimpleListFilter):
    """Open, or how the wager's unmatched part closed (the API's status, named as the list's
    column names it)."""
    title = _("unmatched part")
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [(value, UNMATCHED_PART.get(value, value)) for value in Wager.Status.values]

    def queryset(self, request, queryset):
        status = self.value()
        if status is None:
            return queryset
        return queryset.filter(status=status)


@admin.register(Wager)
class WagerAdmin(WagerColumns, GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "table_column", "unit", "style", "bettor", "on", "stake_display",
                    "odds", "matched_display", "returned_display", "unmatched_part", "outcome",
                    "net_display", "created"]
    list_filter = [("created_at", admin.DateFieldListFilter), "style", StatusFilter,
                   MemberFilter, TableFilter]
    date_hierarchy = "created_at"
    search_fields = ["table__name", "bettor__name", "on__name"]
    search_help_text = _("A table's name, or the name of a member who wagered or of the player "
                         "backed.")
    show_full_result_count = False
    ordering = ["-pk"]
    actions = ["export_csv"]
    inlines = [WagerTakeInline]
    fieldsets = [
        (None, {"fields": ["table_column", "unit", "style", "bettor", "on", "stake_display",
                           "odds", "matched_display", "returned_display", "unmatched",
                           "unmatched_part", "outcome", "net_display", "layers_net", "placed_by",
                           "created"]}),
        (_("Ledger: its own transactions and its unit's settlement"), {"fields": ["ledger"]}),
    ]
    readonly_fields = ["table_column", "unit", "style", "bettor", "on", "stake_display",
                       "odds", "matched_display", "returned_display", "unmatched", "unmatched_part",
                       "outcome", "net_display", "layers_net", "placed_by", "created",
                       "ledger"]

    def get_queryset(self, request):
        return (super().get_queryset(request)
                .select_related("table", "bettor", "on", "placed_by")
                .prefetch_related("takes")
                .defer("table__snapshot", "table__cut", "table__seating"))

    def get_changelist_instance(self, request):
        """The list, each wager of the page with its reckoning (two queries for the page)."""
        changelist = super().get_changelist_instance(request)
        found = reckonings(changelist.result_list)
        for wager in changelist.result_list:
            wager.reckoning = found[wager.pk]
        return changelist

    def get_inlines(self, request, obj):
        """The takes of an English offer; a French bet has none."""
        return self.inlines if obj is not None and obj.style == Table.WagerStyle.ENGLISH else []

    def get_search_results(self, request, queryset, search_term):
        """Each word in the table's name or the bettor's, the backed player's or a layer's
        name, looked up in the small tables first: the wagers are then filtered by id, with
        EXISTS for the layers, so the list needs no DISTINCT."""
        for bit in smart_split(search_term):
            if bit.startswith(('"', "'")) and bit[0] == bit[-1]:
                bit = unescape_string_literal(bit)
            tables = Table.objects.filter(name__icontains=bit).values("pk")
            named = Player.objects.filter(name__icontains=bit).values("pk")
            laid = WagerTake.objects.filter(wager=OuterRef("pk"), layer__in=named)
            queryset = queryset.filter(Q(table__in=tables) | Q(bettor__in=named)
                                       | Q(on__in=named) | Q(Exists(laid)))
        return queryset, False

    # -- columns and fields (the others are WagerColumns')
    @admin.display(description=_("table"), ordering="table")
    def table_column(self, wager):
        return table_link(wager.table)

    @admin.display(description=_("unmatched"))
    def unmatched(self, wager):
        return money_text.local(wager.unmatched)

    @admin.display(description=_("net to each layer's balance"))
    def layers_net(self, wager):
        """An English offer's takes: what each has done to its layer's money (the other side
        of the backer's)."""
        names = {take.layer_id: take.layer.name for take in wager.takes.select_related("layer")}
        return "; ".join(f"{names[member]} {money_text.signed(cents)}"
                         for member, cents in self.figures(wager).net.items()
                         if member != wager.bettor_id) or "—"

    @admin.display(description=_("placed"), ordering="created_at")
    def created(self, wager):
        return when(wager.created_at)

    @admin.display(description=_("transactions"))
    def ledger(self, wager):
        """Its stake, takes and what was given back, then its unit's settlement (the
        reference games.services.settlement gives it) and any reversal of it."""
        settlement = table_reference(wager.table_id, "unit", wager.unit_number, "wagers")
        movements = with_entries(Movement.objects.filter(
            Q(wager=wager) | Q(table_id=wager.table_id, transaction__reference=settlement)))
        rows = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                                "<td>{}</td></tr>", (
                                    (transaction_link(m.transaction_id),
                                     when(m.transaction.created_at),
                                     reason_words(m.transaction.reason),
                                     m.transaction.made_by or "—",
                                     entries_html(m.transaction.entries.all()))
                                    for m in movements.order_by("transaction_id")))
        return format_html('<table class="wager-ledger"><thead><tr><th>{}</th><th>{}</th>'
                           "<th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>{}</tbody>"
                           "</table>", _("transaction"), _("when"), _("reason"), _("made by"),
                           _("entries"), rows)

    # -- actions
    @admin.action(description=_("Export CSV"))
    def export_csv(self, request, queryset):
        response = HttpResponse(exports.wagers_csv(queryset.order_by()),
                                content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-wagers.csv"'
        return response
