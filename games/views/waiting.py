"""The scorer's phone tells the club how many hands it keeps until it can send them
(games/static/games/outbox.js): `POST /tables/<id>/score/waiting/` with the form field `count`
(0 to 99) and the page's CSRF token in `X-CSRFToken`, through games.services.waiting. The answer
is JSON, its message in the reader's language, as the phone may show it: 200 {"waiting": N};
otherwise {"code", "message"}, 422 bad_count (as club.api.REFUSAL_STATUS), 401 not_logged_in
(no redirect to the login page), 403 not_scorer, 404 no_such_table."""
from django import forms
from django.http import JsonResponse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from club.errors import Refused
from club.forms import WholeNumberField
from games.refusal_codes import GameCode
from games.services.waiting import report_waiting

# The refusals of the services, by their code, and the page's own (not logged in).
REFUSALS = {
    GameCode.BAD_COUNT: (422, gettext_lazy("The count of hands on their way must be a whole number "
                                    "from 0 to 99.")),
    "not_logged_in": (401, gettext_lazy("Log in again to send the hands on their way.")),
    GameCode.NOT_SCORER: (403, gettext_lazy("Only the table's scorers and staff may send its "
                                            "hands.")),
    GameCode.NO_SUCH_TABLE: (404, gettext_lazy("There is no such table.")),
}


class WaitingForm(forms.Form):
    """How many hands the scorer's phone keeps until it can send them."""
    count = WholeNumberField()


@require_POST
def score_waiting(request, table_id: int):
    if not request.user.is_authenticated:
        return _refused("not_logged_in")
    form = WaitingForm(request.POST)
    count = form.cleaned_data["count"] if form.is_valid() else None  # None: refused, bad_count
    try:
        waiting = report_waiting(table_id=table_id, count=count, by=request.user)
    except Refused as refused:
        return _refused(refused.code)
    return JsonResponse({"waiting": waiting})


def _refused(code: str) -> JsonResponse:
    status, message = REFUSALS[code]
    return JsonResponse({"code": code, "message": str(message)}, status=status)
