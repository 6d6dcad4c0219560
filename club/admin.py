"""The club's admin. Ledger rows are read-only here: money moves only through club.ledger."""

from contextlib import nullcontext

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ERROR_FLAG
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User
from django.db import DatabaseError, transaction
from django.db.models import Count, Exists, OuterRef, Q, Sum, Value
from django.db.models.functions import Coalesce
from django.http import HttpResponseRedirect
from django.utils.translation import gettext_lazy as _

from club import money_text
from club.auth import AdminLoginForm
from club.forms import whole_number
from club.models import Account, ApiToken, Entry, Player, Transaction
from club.players import by_name

Reason = Transaction.Reason


def reason_words(reason: str) -> str:
    """A transaction's reason in the admin's words, its label (`Transaction.Reason`): "wager
    balanced" (« pari équilibré »); a reason the club does not know, as it is."""
    return str(Reason(reason).label) if reason in Reason.values else reason.replace("_", " ")


class SelectionField(forms.Field):
    """The rows an admin action is asked for, each an id as the model's primary key (`pk`)
    cleans it."""
    widget = forms.MultipleHiddenInput

    def __init__(self, *, pk, **kwargs):
        super().__init__(required=False, **kwargs)
        self.pk = pk

    def to_python(self, value):
        return [self.pk.clean(one, None) for one in value or ()]


class SelectionForm(forms.Form):
    """The selection an admin action is posted with (Django's `_selected_action`)."""

    def __init__(self, data, *, pk):
        super().__init__(data)
        self.fields[helpers.ACTION_CHECKBOX_NAME] = SelectionField(pk=pk)


class GuardedListMixin:
    """Hand-made query strings and selections are bad input, never a 500.

    Django's admin filters a list by any lookup on the model's own fields, and some fail only
    in the database: `?name__regex=[` (PostgreSQL refuses the pattern), `?created_at__year=0`.
    Django's admin then shows the list unfiltered (`?e=1`), as for a bad value of one of its
    own filters, and here says so. An action on ids that cannot be ids goes back to the list
    with a message, and does nothing.
    """

    def changelist_view(self, request, extra_context=None):
        if ERROR_FLAG in request.GET:  # the admin's way back from a filter it could not apply
            self.message_user(request, _("The list could not be filtered as asked (a filter's "
                                         "value, or a lookup the database refuses): it is shown "
                                         "unfiltered."), messages.WARNING)
        return super().changelist_view(request, extra_context)

    def get_changelist_instance(self, request):
        # Inside a transaction (a test's), a savepoint keeps the refused query from spoiling
        # it; outside one, none is opened (on SQLite it would take the write lock).
        in_transaction = transaction.get_connection().in_atomic_block
        try:
            with transaction.atomic() if in_transaction else nullcontext():
                return super().get_changelist_instance(request)
        except (ValueError, DatabaseError) as err:
            if not request.GET:  # no lookup of the user's: a real failure
                raise
            raise IncorrectLookupParameters(err) from err

    def response_action(self, request, queryset):
        if not SelectionForm(request.POST, pk=self.model._meta.pk).is_valid():
            self.message_user(request, _("The selection holds something that is not the id of "
                                         "a %(model)s: nothing was done.")
                              % {"model": self.opts.verbose_name}, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())
        return super().response_action(request, queryset)


class ReadOnlyMixin:
    """Viewable, never added, changed or deleted through the admin: money and play change
    only through the services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(GuardedListMixin, admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username"]
    readonly_fields = ["created_at"]


@admin.register(Account)
class AccountAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["code", "name", "role", "player", "balance"]
    list_filter = ["role"]
    list_select_related = ["player"]
    search_fields = ["code", "name", "player__name"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(balance_cents=Coalesce(Sum("entries__amount"), Value(0)))
        )

    @admin.display(description=_("balance"), ordering="balance_cents")
    def balance(self, account):
        return money_text.local(account.balance_cents)


class EntryInline(ReadOnlyMixin, admin.TabularInline):
    model = Entry
    fields = ["account", "amount_display"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("account")

    @admin.display(description=_("amount"))
    def amount_display(self, entry):
        return money_text.local(entry.amount)


class IdFilter(admin.SimpleListFilter):
    """A list filter whose value is a row's id."""

    def chosen_id(self) -> int | None:
        """The chosen id; a value that cannot be one makes the admin show the list
        unfiltered, saying so (GuardedListMixin), as for its own filters."""
        value = self.value()
        if value is None:
            return None
        try:
            return whole_number(value)
        except ValueError:
            raise IncorrectLookupParameters(
                f"{self.parameter_name}={value!r} is not an id") from None


class TransactionPlayerFilter(IdFilter):
    """Transactions with an entry on a player's own account."""

    title = _("player")
    parameter_name = "player"

    def lookups(self, request, model_admin):
        with_account = Account.objects.filter(player=OuterRef("pk"))
        return [(player.pk, player.name)
                for player in by_name(Player.objects.filter(Exists(with_account)))]

    def queryset(self, request, queryset):
        player = self.chosen_id()
        if player is None:
            return queryset
        return queryset.filter(Exists(self.entries(player)))

    def entries(self, player: int):
        """The player's entries in the transaction of the list's row."""
        return Entry.objects.filter(transaction=OuterRef("pk"), account__player_id=player)


class TransactionReasonFilter(admin.SimpleListFilter):
    """The transaction's reason, by its words, among those of the list's rows."""
    title = _("reason")
    parameter_name = "reason"
    field = "reason"  # the reason's path from the list's model

    def lookups(self, request, model_admin):
        reasons = (model_admin.model.objects.order_by(self.field)
                   .values_list(self.field, flat=True).distinct())
        return [(reason, reason_words(reason)) for reason in reasons]

    def queryset(self, request, queryset):
        reason = self.value()
        return queryset if reason is None else queryset.filter(**{self.field: reason})


@admin.register(Transaction)
class TransactionAdmin(GuardedListMixin, ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "created_at", "reason_display", "reference", "memo", "made_by", "moved",
                    "entry_count"]
    list_filter = [("created_at", admin.DateFieldListFilter), TransactionReasonFilter,
                   TransactionPlayerFilter]
    list_select_related = ["made_by"]
    search_fields = ["reference", "memo"]
    date_hierarchy = "created_at"
    inlines = [EntryInline]
    fields = ["created_at", "reason_display", "memo", "reference", "made_by", "reverses"]
    readonly_fields = fields

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                moved_cents=Coalesce(
                    Sum("entries__amount", filter=Q(entries__amount__gt=0)), Value(0)
                ),
                entry_count=Count("entries"),
            )
        )

    @admin.display(description=_("reason"), ordering="reason")
    def reason_display(self, tx):
        return reason_words(tx.reason)

    @admin.display(description=_("moved"), ordering="moved_cents")
    def moved(self, tx):
        return money_text.local(tx.moved_cents)

    @admin.display(description=_("entries"), ordering="entry_count")
    def entry_count(self, tx):
        return tx.entry_count


@admin.register(ApiToken)
class ApiTokenAdmin(GuardedListMixin, admin.ModelAdmin):
    """Issue a token by choosing its user; revoke it by deleting it. The key is shown, never
    typed."""

    list_display = ["user", "created_at"]
    list_select_related = ["user"]
    search_fields = ["user__username"]
    readonly_fields = ["key", "created_at"]

    def get_readonly_fields(self, request, obj=None):
        return ["user", "key", "created_at"] if obj else ["key", "created_at"]


# Django's own lists of users and groups, guarded the same way.
admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class ClubUserAdmin(GuardedListMixin, UserAdmin):
    pass


@admin.register(Group)
class ClubGroupAdmin(GuardedListMixin, GroupAdmin):
    pass


admin.site.site_header = _("Écarté Club: the secretary's office")
admin.site.site_title = _("Écarté Club admin")
admin.site.index_title = _("Players, money, pools and rubbers")
admin.site.login_form = AdminLoginForm  # refuses a username longer than any login's
