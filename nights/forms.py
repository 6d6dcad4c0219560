"""The club night's forms: opening the night with its fees, a player or a new guest marked
present, and the draw, whose options are the open-table form's (games.views.opening): the kind
of table (a pool or a rubber here), the wagers, the stakes and the rules seldom changed, each
with its default, placed by the kinds and wager styles that take it."""
from django import forms
from django.utils.translation import gettext_lazy as _

from club.forms import AmountField, PlayerField
from club.models import Player
from games.presentation import words
from games.views.opening import SEAT_FIELDS, OpenTableForm
from nights import services
from nights.selectors import TWO_HANDED


class OpenNightForm(forms.Form):
    name = forms.CharField(label=_("Name of the night"), max_length=100, required=False,
                           help_text=_("Left blank: the night's date."))
    member_fee = AmountField(label=_("A member's fee"), required=False, initial="0.00")
    guest_fee = AmountField(label=_("A guest's fee"), required=False, initial="0.00")


class PresentForm(forms.Form):
    """A player marked present by the director: those not here yet, in name order; beside a
    guest's name, that he came to the most nights a guest may, when he did
    (nights.services.guests_at_limit)."""
    player = PlayerField(Player.objects.none(), label=_("Player"))

    def __init__(self, *args, night, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        field.queryset = Player.objects.exclude(presences__night=night)
        field.empty_label = "—"
        at_limit = services.guests_at_limit(field.queryset)
        if at_limit:
            field.label_from_instance = lambda player: (
                _("%(name)s: guest nights: %(nights)s (the most); he joins first") % {
                    "name": player.name, "nights": at_limit[player.pk]}
                if player.pk in at_limit else player.name)


class GuestForm(forms.Form):
    """A guest who has never played at the club: a new player without a login."""
    name = forms.CharField(label=_("A new guest's name"), max_length=100)


class DrawForm(OpenTableForm):
    """The open-table form without what a draw decides (the table's name, its players, its
    first dealer), with pools and rubbers only, and the draw's balance by rating."""
    balance = forms.BooleanField(label=_("Balance by rating: players of like rating sit "
                                         "together"), required=False, label_suffix="")
    DRAWN = ("name", *SEAT_FIELDS, "first_dealer", "despite_elsewhere", "many_target", "scorers",
             "private")

    def __init__(self, data=None, **kwargs):
        super().__init__(data, **kwargs)
        for name in self.DRAWN:
            del self.fields[name]
        self.fields["balance"].widget.attrs.pop("disabled", None)  # taken by every kind
        self.fields["format"].choices = [(kind, name) for kind, name in
                                         words.TABLE_KINDS.items() if kind in TWO_HANDED]
