"""Money at tables: each ledger transaction made at a table, with the table, unit and wager it
is for (`Movement`), its reason, maker and entries in words, and the links the wagers' pages
share.

The club's own list of transactions knows nothing of tables (club never imports games): this
list is the games' side of the same ledger, and links each row to the club's page of its
transaction. Read-only: money moves only through the services. The list stays a fixed number
of queries whatever its length.
"""
from django.contrib import admin
from django.db.models import Exists, OuterRef, Prefetch
from django.http import HttpResponse
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from club import money_text
from club.admin import (
    GuardedListMixin,
    IdFilter,
    ReadOnlyMixin,
    TransactionPlayerFilter,
    TransactionReasonFilter,
    reason_words,
)
from club.models import Entry
from games.admin import exports
from games.models import Movement, Table

MINUS = "\u2212"


# -- in words and links ---------------------------------------------------------------------
def signed(cents: int) -> str:
    """1000 -> "+10.00", -1000 -> "−10.00" ("+10,00" in French)."""
    return (MINUS if cents < 0 else "+") + money_text.local(abs(cents))


def entries_html(entries) -> str:
    """"Charles −10.00, escrow +10.00": a player's account by his name, the others by role,
    each entry kept on one line. The entries come with their accounts' players
    (select_related("account__player"))."""
    return format_html_join(", ", '<span class="entry">{} {}</span>', (
        (e.account.player.name if e.account.player_id else e.account.get_role_display(),
         signed(e.amount))
        for e in entries))


def when(moment) -> str:
    """The local day and time, "YYYY-MM-DD HH:MM" ("DD/MM/YYYY HH:MM" in French), breaking if
    it must between the two."""
    local = timezone.localtime(moment)
    return format_html('<span class="nowrap">{}</span> <span class="nowrap">{}</span>',
                       dateformat.format(local, pgettext("admin date format", "Y-m-d")),
                       dateformat.format(local, "H:i"))


def table_link(table: Table) -> str:
    return format_html('<a href="{}">{}</a>',
                       reverse("admin:games_table_change", args=[table.pk]), table.name)


def wager_link(wager_id: int | None) -> str:
    if wager_id is None:
        return "—"
    return format_html('<a href="{}">{}</a>',
                       reverse("admin:games_wager_change", args=[wager_id]),
                       _("wager %(number)s") % {"number": wager_id})


def transaction_link(transaction_id: int) -> str:
    return format_html('<a href="{}">#{}</a>',
                       reverse("admin:club_transaction_change", args=[transaction_id]),
                       transaction_id)


def with_entries(movements):
    """The movements with their transactions, makers and entries, in a fixed number of
    queries."""
    entries = Entry.objects.select_related("account__player").order_by("pk")
    return (movements.select_related("transaction__made_by", "table", "wager")
            .defer("table__snapshot", "table__rules", "table__cut", "table__seating")
            .prefetch_related(Prefetch("transaction__entries", queryset=entries)))


# -- filters --------------------------------------------------------------------------------
class TableFilter(IdFilter):
    """The rows of one table; the choices are the tables that have any."""
    title = _("table")
    parameter_name = "table"

    def lookups(self, request, model_admin):
        rows = model_admin.model.objects.filter(table=OuterRef("pk"))
        return [(pk, f"{name} (#{pk})") for pk, name in
                Table.objects.filter(Exists(rows)).order_by("-pk").values_list("pk", "name")]

    def queryset(self, request, queryset):
        table = self.chosen_id()
        return queryset if table is None else queryset.filter(table_id=table)


class MovementPlayerFilter(TransactionPlayerFilter):
    """Movements whose transaction has an entry on a player's own account."""

    def entries(self, player: int):
        return Entry.objects.filter(transaction=OuterRef("transaction"),
                                    account__player_id=player)


class ReasonFilter(TransactionReasonFilter):
    """The transaction's reason, among those of the postings made at tables."""
    field = "transaction__reason"


# -- the list -------------------------------------------------------------------------------
@admin.register(Movement)
class MovementAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["transaction_id_link", "created", "reason", "made_by", "table_column",
                    "unit", "wager_column", "entries"]
    list_display_links = None
    list_filter = [("transaction__created_at", admin.DateFieldListFilter), ReasonFilter,
                   TableFilter, MovementPlayerFilter]
    date_hierarchy = "transaction__created_at"
    search_fields = ["table__name", "transaction__reference"]
    search_help_text = _("A table's name or a transaction's reference (such as wager:12).")
    show_full_result_count = False
    actions = ["export_csv"]

    def get_queryset(self, request):
        return with_entries(super().get_queryset(request))

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(request, {"title": _("Money at tables")}
                                       | (extra_context or {}))

    @admin.display(description=_("transaction"), ordering="transaction")
    def transaction_id_link(self, movement):
        return transaction_link(movement.transaction_id)

    @admin.display(description=_("when"), ordering="transaction__created_at")
    def created(self, movement):
        return when(movement.transaction.created_at)

    @admin.display(description=_("reason"), ordering="transaction__reason")
    def reason(self, movement):
        return reason_words(movement.transaction.reason)

    @admin.display(description=_("made by"), ordering="transaction__made_by")
    def made_by(self, movement):
        return movement.transaction.made_by or "—"

    @admin.display(description=_("table"), ordering="table")
    def table_column(self, movement):
        return table_link(movement.table)

    @admin.display(description=_("unit"), ordering="unit_number")
    def unit(self, movement):
        return "—" if movement.unit_number is None else movement.unit_number

    @admin.display(description=_("wager"), ordering="wager")
    def wager_column(self, movement):
        return wager_link(movement.wager_id)

    @admin.display(description=_("entries"))
    def entries(self, movement):
        return entries_html(movement.transaction.entries.all())

    @admin.action(description=_("Export CSV (one row per entry)"))
    def export_csv(self, request, queryset):
        response = HttpResponse(exports.money_csv(queryset.order_by()),
                                content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ecarte-money.csv"'
        return response
