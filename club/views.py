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
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from club import accounts, ledger, limits, movements, payments, players, refusals
from club.errors import Refused
from club.forms import example, typed_cents, whole_number
from club.idempotency import form_once
from club.models import ApiToken, Player
from club.names import initials
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
    Each movement is said from its transaction's kind and reference (club.movements), with the
    table it names; a memo is shown only where there is no reference (a payment's, which staff
    typed): a posting at a table has the English the code wrote."""
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


# Which field of the players page's forms a refusal belongs beside; others go atop the form.
FIELD_OF = {"username_invalid": "username", "username_taken": "username",
            "password_invalid": "password", "password_of_staff": "password"}


@limits.page
def players_page(request):
    """Every player; staff add one (with a new login, an existing one or none), give a player a
    login, set a member's new password and rename a player. Each form is done once for its key
    (a double tap does nothing more); a refusal is shown beside its field, and nothing is
    saved."""
    errors, values = {}, {}
    if request.method == "POST":
        if not (request.user.is_authenticated and request.user.is_staff):
            raise PermissionDenied
        values = request.POST
        action, found = values.get("action", ""), {}
        if action in ("add", "login"):  # tries of the "players" limit (club.limits)
            limits.count(request, "players")
        try:
            act, said = _players_act(request, action)
            done = form_once(request, values.get("key", ""),
                             lambda: found.setdefault("player", act()))
        except Refused as refused:
            field = FIELD_OF.get(refused.rule)
            errors[f"{action}_{field}" if field else action or "add"] = refusals.said(refused)
        else:
            if done and found["player"].user_id == request.user.pk:
                update_session_auth_hash(request, found["player"].user)  # his own: stay in
            messages.success(request, said(found["player"]) if done else
                             _("This form was sent already: nothing more was done."))
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


def _players_act(request, action: str):
    """The players page's act for `action` (it returns the player) and what to say once it is
    done."""
    post = request.POST
    name, password = post.get("name", ""), post.get("password", "")
    if action == "add":
        login, new_login = post.get("username", "").strip(), post.get("new_username", "").strip()
        if login and (new_login or password):
            raise Refused("bad_form", "an existing login or a new one, not both",
                          rule="login_twice")
        if new_login or password:
            return (lambda: players.create_member(name=name, username=new_login,
                                                  password=password)), _added
        return (lambda: players.create_player(name=name, username=login or None)), _added
    player_id = _id(post.get("player"))
    if action == "login":
        return (lambda: players.give_login(player_id=player_id, password=password,
                                           username=post.get("new_username", ""))), (
            lambda player: _("%(name)s may log in as %(username)s.")
            % {"name": player.name, "username": player.user.get_username()})
    if action == "password":
        return (lambda: players.set_password(player_id=player_id, password=password,
                                             by=request.user)), (
            lambda player: _("%(name)s's password is changed.") % {"name": player.name})
    if action == "rename":
        return (lambda: players.rename_player(player_id=player_id, name=name)), (
            lambda player: _("The player is now called %(name)s.") % {"name": player.name})
    raise Refused("bad_form", "unknown action", rule="unknown_action")


def _added(player) -> str:
    return _("%(name)s is a player of the club.") % {"name": player.name}


class PasswordChange(SuccessMessageMixin, auth_views.PasswordChangeView):
    """A member's own new password, from his account page (his old one first)."""
    template_name = "club/password_change.html"
    success_url = reverse_lazy("account")
    success_message = gettext_lazy("Your password is changed.")


def _id(text) -> int:
    try:
        return whole_number(text)
    except ValueError:
        raise Refused("bad_form", "choose a player", rule="choose_player") from None


def _party(text) -> Player | None:
    """A payment's party from the form: a player's id, or "house"."""
    if text == "house":
        return None
    player = Player.objects.filter(pk=_id(text)).first()
    if player is None:
        raise Refused("bad_form", "choose a player", rule="choose_player")
    return player


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
        values = request.POST
        try:
            payer, payee = _party(values.get("payer")), _party(values.get("payee"))
            cents = typed_cents(values.get("amount"))

            done = form_once(request, values.get("key", ""), lambda: payments.record_payment(
                payer=payer, payee=payee, cents=cents, by=request.user,
                memo=values.get("memo", "").strip(), suggested=bool(values.get("suggested"))))
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
    try:
        done = form_once(request, request.POST.get("key", ""), lambda: payments.undo_payment(
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
    if named is not None and named.kind == "pot":
        return {"table": named.table, "words": _("the pot of table %(table)s") % {
            "table": named.table}}
    if named is not None and named.kind == "escrow":
        return {"table": named.table, "words": _("the wagers on unit %(unit)s of table "
                                                 "%(table)s") % {"table": named.table,
                                                                 "unit": named.unit}}
    return {"table": None, "words": code}

