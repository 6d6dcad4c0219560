"""A table's scorers on its page (`scorers_panel`), the form that changes them
(`ScorersForm`, posted to games.views.opening.table_scorers), and the logins a form offers as
scorers (`LoginsField`, the opening form's too), each named as the pages name a login."""
import uuid

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from club.forms import whole_number
from club.players import name_key
from games.models import Table
from games.services.tables import may_set_scorers


class _ByLoginName(forms.models.ModelChoiceIterator):
    def __iter__(self):
        for user in sorted(self.queryset, key=lambda user: name_key(login_name(user))):
            yield self.choice(user)


class LoginsField(forms.ModelMultipleChoiceField):
    """Logins chosen by their ids, each read as `club.forms.whole_number` reads it (Django's
    own field would take "١٢" for 12), named by their player's name, or their username when
    they play as no player, in the order of those names (club.players.name_key)."""

    iterator = _ByLoginName

    def clean(self, value):
        for pk in value or ():
            try:
                whole_number(str(pk))
            except ValueError:
                raise forms.ValidationError(self.error_messages["invalid_pk_value"],
                                            code="invalid_pk_value", params={"pk": pk}) from None
        return super().clean(value)

    def label_from_instance(self, user) -> str:
        return login_name(user)


def login_name(user) -> str:
    """A login as the pages name it: by its player's name, or its username when it plays as
    no player."""
    player = getattr(user, "player", None)
    return player.name if player else user.get_username()


def logins(but=None):
    """The club's active logins, with their players; all but the user `but`."""
    users = get_user_model().objects.filter(is_active=True).select_related("player")
    return users if but is None else users.exclude(pk=but.pk)


class ScorersForm(forms.Form):
    scorers = LoginsField(get_user_model().objects.none(), required=False,
                          widget=forms.CheckboxSelectMultiple,
                          label=_("Who else enters its hands"))

    def __init__(self, table: Table, *args, **kwargs):
        super().__init__(*args, **kwargs)
        opener = table.opened_by
        self.fields["scorers"].queryset = logins(but=opener)
        self.fields["scorers"].initial = list(table.scorers.values_list("pk", flat=True))
        self.opener = opener


def scorers_panel(request, table: Table) -> dict | None:
    """The table's scorers on its page, for a signed-in reader: its opener and the others;
    with the form that changes them for staff and the opener
    (games.services.tables.may_set_scorers)."""
    if not request.user.is_authenticated:
        return None
    form = ScorersForm(table) if may_set_scorers(table, request.user) else None
    named = sorted((login_name(user) for user in logins().filter(
        pk__in=table.scorers.values("pk"))), key=name_key)
    return {"form": form, "opener": login_name(table.opened_by), "named": named,
            "key": uuid.uuid4().hex}
