"""A form the scorer's page kept on the phone (games/static/games/outbox.js), sent now to
`POST /tables/<id>/score/outbox/`, answered in JSON for the phone to show at its hand: "done"
(200), "refused" with the refusal in the reader's words (422; 404 for a table or a hand that is
not there), "stale" when another phone was first (409), or "logged_out" (401) and "not_scorer"
(403) when this login may no longer send it. The form is the page's own, checked and recorded
as the page's are (games.entry.acts)."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.api import refusal_status
from club.errors import Refused
from games.entry.acts import act
from games.entry.forms import DEALS, SUMMARIES, NamedForm
from games.models import Table
from games.presentation import scorer_words, words
from games.services.changes import may_score


@require_POST
def score_outbox(request, table_id: int) -> JsonResponse:
    if not request.user.is_authenticated:
        return _said(401, "logged_out", _(
            "This phone is logged out: log in again and the hands on it will go."))
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return _said(404, "refused", _("There is no such table."))
    named = NamedForm(request.POST)
    named.is_valid()
    action = named.cleaned_data.get("action")
    not_scorer = _("This login is no longer a scorer of this table: the club refuses the hand.")
    if not may_score(table, request.user):
        return _said(403, "not_scorer", not_scorer)
    if action not in (*SUMMARIES, *DEALS, "trick", "undo", "finish"):
        return _said(422, "refused", _("Unknown action."))
    try:
        form, done = act(request, table, action)
    except PermissionDenied:  # a scorer no longer, between the check and the table's lock
        return _said(403, "not_scorer", not_scorer)
    if form is None:
        messages.success(request, done)
        return JsonResponse({"outcome": "done", "said": done})
    if isinstance(form, Refused) and form.code in scorer_words.STALE:
        return JsonResponse({"outcome": "stale", "message": scorer_words.first_elsewhere(
            form.code, named.cleaned_data.get("number")), "next": table.hands.count() + 1},
            status=409)
    if isinstance(form, Refused):  # the form names no hand of this table's
        return _said(refusal_status(form), "refused", str(words.refusal(form)))
    errors = {field: str(said) for field, said in form.page_errors().items()
              if field not in ("action", "revocable")}
    return JsonResponse({"outcome": "refused", "message": " ".join(dict.fromkeys(
        errors.values())), "fields": errors}, status=422)


def _said(status: int, outcome: str, message: str) -> JsonResponse:
    return JsonResponse({"outcome": outcome, "message": message}, status=status)
