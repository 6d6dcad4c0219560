"""The club's own pages: a member's account (his money and his scoring terminal's token), the
players and the settle-up. Every write goes through the club's services; a refusal is shown
beside the form and nothing is saved."""
import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import password_validators_help_texts
from django.contrib.messages.views import SuccessMessageMixin
from django.core.exceptions import PermissionDenied
from django.core.validators import ProhibitNullCharactersValidator
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from club import accounts, ledger, limits, movements, payments, players, refusals
from club.errors import Refused
from club.forms import (
    ActionForm,
    CentsField,
    KeyField,
    KeyForm,
    WholeNumberField,
    example,
    first_error,
    refusal,
    whole_number,
)
from club.idempotency import form_once
from club.models import Account, ApiToken, Player
from club.names import initials
from club.refusal_codes import ClubCode, ClubRule
from club.settle_up import club_settle_up

HISTORY = 50


class PublicNameForm(forms.ModelForm):
    """How the public pages name the member: by his name, or by his initials."""

    class Meta:
        model = Player
        fields = ["public_initials"]
        labels = {"public_initials": gettext_lazy("Show my initials on public pages")}


@login_required
def account(request):
    """The member's balance, his money history, his API token for a scoring terminal, and how
    the public pages name him (`PublicNameForm`: his own player's only, posted here). A
    token just made is shown once: its key is in the session only until this page shows it.
    Each movement is said from its transaction's reason and reference (club.movements), with
    the table it names; a memo is shown only where there is no reference (a payment's, which
    staff typed): a posting at a table has the English the code wrote."""
    player = Player.objects.filter(user=request.user).first()
    if request.method == "POST" and player is not None:
        form = PublicNameForm(request.POST, instance=player)
        if form.is_valid():
            form.save()
            messages.success(request, _("The public pages now show your initials.")
                             if player.public_initials else
                             _("The public pages now show your name."))
            return redirect("account")
    context = {"player": player, "balance": None, "movements": [],
               "name_form": player and PublicNameForm(instance=player),
               "initials": player and initials(player.name),
               "has_token": ApiToken.objects.filter(user=request.user).exists(),
               "new_token": request.session.pop("new_token", None)}
    if player is not None:
        context["balance"] = ledger.player_balance(player)
        context["movements"] = [
            movements.said(tx) | {"when": tx.created_at, "amount": cents,
                                  "memo": "" if tx.reference else tx.memo}
            for tx, cents in ledger.player_movements(player, limit=HISTORY)]
    return render(request, "club/account.html", context)


@login_required
@require_POST
def make_token(request):
    """A new token for the member's scoring terminal; any old one stops working."""
    with transaction.atomic():
        ApiToken.objects.filter(user=request.user).delete()
        token = ApiToken.objects.create(user=request.user)
    request.session["new_token"] = token.key
    return redirect("account")


@login_required
@require_POST
def revoke_token(request):
    ApiToken.objects.filter(user=request.user).delete()
    messages.success(request, _("Your token is revoked: no terminal can use it any more."))
    return redirect("account")


class TextField(forms.CharField):
    """Text the service judges whole (a name, a username, a memo): sent as typed, or "" when
    left out. Django's own refusal of a null character is left to the service, which says
    what the text may not hold in its own words (club.names)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.validators = [check for check in self.validators
                           if not isinstance(check, ProhibitNullCharactersValidator)]


def _password() -> forms.CharField:
    """A password as typed, its spaces kept; the validators are the service's
    (club.players). A null character is refused here: no login form could take it back."""
    return forms.CharField(required=False, strip=False)


def _player() -> WholeNumberField:
    """The player a form names, by his id: which player there is, the service says."""
    return WholeNumberField(rule=ClubRule.CHOOSE_PLAYER)


class AddForm(forms.Form):
    """A new player: his `name`, and a new login (`new_username` and its first `password`),
    an existing one (`username`) or none."""
    name = TextField(strip=False)
    new_username = TextField()
    password = _password()
    username = TextField()
    key = KeyField()

    def clean(self):
        sent = self.cleaned_data
        if sent.get("username") and (sent.get("new_username") or sent.get("password")):
            raise refusal(Refused(ClubCode.BAD_FORM, "an existing login or a new one, not both",
                                  rule=ClubRule.LOGIN_TWICE))
        return sent


class LoginForm(forms.Form):
    """A login given to a `player` who has none: its `new_username` and first `password`."""
    player = _player()
    new_username = TextField()
    password = _password()
    key = KeyField()


class SetPasswordForm(forms.Form):
    """A member's (`player`'s) new `password`, set by staff."""
    player = _player()
    password = _password()
    key = KeyField()


class RenameForm(forms.Form):
    """A `player`'s new `name`."""
    player = _player()
    name = TextField(strip=False)
    key = KeyField()


PLAYER_FORMS = {"add": AddForm, "login": LoginForm, "password": SetPasswordForm,
                "rename": RenameForm}
PLAYERS_LIMITED = ("add", "login")  # tries of the "players" limit (club.limits)
# Where on the players page an error is shown, beside its field (the template's
# `errors.<action>_<slot>`): a form's field's, or a service's refusal's by its rule; any other
# error heads the form of its action.
SLOT_OF_FIELD = {"new_username": "username", "password": "password"}
SLOT_OF_RULE = {ClubRule.USERNAME_INVALID: "username", ClubRule.USERNAME_TAKEN: "username",
                ClubRule.PASSWORD_INVALID: "password", ClubRule.PASSWORD_OF_STAFF: "password"}


@limits.page
def players_page(request):
    """Every player; staff add one (with a new login, an existing one or none), give a player a
    login, set a member's new password and rename a player. Each action has its form
    (`PLAYER_FORMS`), chosen by the `action` posted; each form is done once for its key (a
    double tap does nothing more); a refusal is shown beside its field, and nothing is
    saved."""
    errors, values = {}, {}
    if request.method == "POST":
        if not (request.user.is_authenticated and request.user.is_staff):
            raise PermissionDenied
        chosen = ActionForm(request.POST, actions=tuple(PLAYER_FORMS))
        values = chosen.data
        errors, said = _players_post(request, chosen)
        if not errors:
            messages.success(request, said)
            return redirect("players")
    users = None
    if request.user.is_authenticated and request.user.is_staff:
        users = get_user_model().objects.filter(player__isnull=True).order_by("username")
    everyone = players.by_name(Player.objects.select_related("user"))
    context = {"players": everyone, "errors": errors, "values": values, "users": users,
               "guests": [p for p in everyone if p.user is None],
               "members": [p for p in everyone if p.user is not None],
               "key": uuid.uuid4().hex,
               "password_help": " ".join(password_validators_help_texts())}
    return render(request, "club/players.html", context, status=400 if errors else 200)


def _players_post(request, chosen: ActionForm) -> tuple[dict, str]:
    """The players page's form `chosen` done: its errors, each in its slot on the page (an
    unknown action heads the first form), or none and what to say of it done."""
    if not chosen.is_valid():
        return {"add": refusals.said(Refused(ClubCode.BAD_FORM, "unknown action",
                                             rule=ClubRule.UNKNOWN_ACTION))}, ""
    action = chosen.cleaned_data["action"]
    if action in PLAYERS_LIMITED:
        limits.count(request, "players")
    form = PLAYER_FORMS[action](chosen.data)
    if not form.is_valid():
        field, found = next(iter(form.errors.items()))
        return {_slot(action, SLOT_OF_FIELD.get(field)): found[0]}, ""
    act, said = _players_act(request.user, action, form.cleaned_data)
    made = {}
    try:
        done = form_once(request, form.cleaned_data["key"],
                         lambda: made.setdefault("player", act()))
    except Refused as refused:
        return {_slot(action, SLOT_OF_RULE.get(refused.rule)): refusals.said(refused)}, ""
    if not done:
        return {}, _("This form was sent already: nothing more was done.")
    if made["player"].user_id == request.user.pk:
        update_session_auth_hash(request, made["player"].user)  # his own: stay signed in
    return {}, said(made["player"])


def _slot(action: str, slot: str | None) -> str:
    return f"{action}_{slot}" if slot else action


def _players_act(by, action: str, sent: dict):
    """The players page's act for `action` and its form's cleaned data `sent` (a function of
    no arguments that returns the player), and what to say once it is done."""
    if action == "add":
        if sent["new_username"] or sent["password"]:
            return (lambda: players.create_member(name=sent["name"],
                                                  username=sent["new_username"],
                                                  password=sent["password"])), _added
        return (lambda: players.create_player(name=sent["name"],
                                              username=sent["username"] or None)), _added
    if action == "login":
        return (lambda: players.give_login(player_id=sent["player"], password=sent["password"],
                                           username=sent["new_username"])), (
            lambda player: _("%(name)s may log in as %(username)s.")
            % {"name": player.name, "username": player.user.get_username()})
    if action == "password":
        return (lambda: players.set_password(player_id=sent["player"],
                                             password=sent["password"], by=by)), (
            lambda player: _("%(name)s's password is changed.") % {"name": player.name})
    return (lambda: players.rename_player(player_id=sent["player"], name=sent["name"])), (
        lambda player: _("The player is now called %(name)s.") % {"name": player.name})


def _added(player) -> str:
    return _("%(name)s is a player of the club.") % {"name": player.name}


class PasswordChange(SuccessMessageMixin, auth_views.PasswordChangeView):
    """A member's own new password, from his account page (his old one first)."""
    template_name = "club/password_change.html"
    success_url = reverse_lazy("account")
    success_message = gettext_lazy("Your password is changed.")


class PartyField(forms.Field):
    """A payment's party: a player chosen by his id, or "house" (None). Anything else, or an
    id that is no player's, is refused by choose_player."""

    def clean(self, value):
        if value == "house":
            return None
        try:
            player = Player.objects.filter(pk=whole_number(value)).first()
        except ValueError:
            player = None
        if player is None:
            raise refusal(Refused(ClubCode.BAD_FORM, "choose a player",
                                  rule=ClubRule.CHOOSE_PLAYER))
        return player


class PaymentForm(forms.Form):
    """A payment between two parties (`payer`, `payee`) of an `amount`, with its `memo`;
    `suggested` when it is one the settle-up suggested, in one tap."""
    payer = PartyField()
    payee = PartyField()
    amount = CentsField()
    memo = TextField()
    suggested = forms.BooleanField(required=False)
    key = KeyField()


@login_required
def settle_up(request):
    """The evening's settle-up for members: who pays whom (club.settle_up). Staff record a
    payment between two members here, a suggested one in one tap (its form pre-filled, and
    refused once the balances no longer suggest it: a stale page pays nothing twice); the
    settle-up then shows what is left, and the evening's payments, each with its "Undo" for
    who may undo it (club.payments)."""
    error, values = None, {}
    if request.method == "POST":
        if not request.user.is_staff:
            raise PermissionDenied
        form = PaymentForm(request.POST)
        values = form.data
        if not form.is_valid():
            return _settle_up_page(request, error=first_error(form), values=values)
        sent = form.cleaned_data
        try:
            done = form_once(request, sent["key"], lambda: payments.record_payment(
                payer=sent["payer"], payee=sent["payee"], cents=sent["amount"],
                by=request.user, memo=sent["memo"], suggested=sent["suggested"]))
        except Refused as refused:
            error = refusals.said(refused)
        else:
            messages.success(request, _("The payment is recorded.") if done else
                             _("This form was sent already: nothing more was done."))
            return redirect("settle_up")
    return _settle_up_page(request, error=error, values=values)


@login_required
@require_POST
def undo_payment(request, payment_id: int):
    """Undo a payment recorded by mistake, from the settle-up's list of the evening's payments;
    the service says who may (club.payments.undo_payment)."""
    form = KeyForm(request.POST)
    if not form.is_valid():
        return _settle_up_page(request, undo_error=(payment_id, first_error(form)))
    try:
        done = form_once(request, form.cleaned_data["key"], lambda: payments.undo_payment(
            payment_id=payment_id, by=request.user))
    except Refused as refused:
        return _settle_up_page(request, undo_error=(payment_id, refusals.said(refused)))
    messages.success(request, _("The payment is undone: the balances are as they were before "
                                "it.") if done else
                     _("This form was sent already: nothing more was done."))
    return redirect("settle_up")


def _settle_up_page(request, *, error=None, values=None, undo_error=None):
    """The settle-up page, with the refusal of a payment's form (`error`, beside the `values`
    sent) or of an undo (`undo_error`: the payment's id and the refusal)."""
    context = {"error": error, "values": values or {}, "key": uuid.uuid4().hex,
               "example": example(), "players": players.by_name(Player.objects.all()),
               "recorded": [(payment, uuid.uuid4().hex)
                            for payment in payments.evening_payments(request.user)],
               "undo_error": undo_error}
    try:
        found = club_settle_up()
    except Refused as refused:
        context["failed"] = refusals.said(refused)
    else:
        context |= {
            "balances": found.balances,
            "suggested": [(payer, payee, cents, uuid.uuid4().hex)
                          for payer, payee, cents in found.suggested],
            "held": [(_held_at(held.code), held.cents, held.put_up) for held in found.held],
            "since": found.since and found.since | {"moved": [
                (moved.party, moved.then, moved.now) for moved in found.since["moved"]]}}
    return render(request, "club/settle_up.html", context,
                  status=400 if error or undo_error else 200)


def _held_at(code: str) -> dict:
    """Where money is held, in words, and the table it is held at: a pool's pot or the wagers
    on a unit (club.accounts)."""
    named = accounts.read(code)
    if named is not None and named.role == Account.Role.POT:
        return {"table": named.table, "words": _("the pot of table %(table)s") % {
            "table": named.table}}
    if named is not None and named.role == Account.Role.ESCROW:
        return {"table": named.table, "words": _("the wagers on unit %(unit)s of table "
                                                 "%(table)s") % {"table": named.table,
                                                                 "unit": named.unit}}
    return {"table": None, "words": code}

