"""Taking one's pending seat at a pool with stakes from the table's page (docs/api.md, Seats and
stakes), through games.services.tables.take_seat: the member's entry is paid then. A refusal is
shown beside the form on the table's page and nothing is saved; otherwise the member goes back
to the table's page. The form carries a key (club.idempotency.form_once): a second tap does
nothing more."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.errors import Refused
from club.idempotency import form_once
from games.services.tables import take_seat
from games.views.tables import shown, table_page, visible_table


@shown
@login_required
@require_POST
def seat_form(request, table_id: int):
    table = visible_table(request, table_id)
    try:
        done = form_once(request, request.POST.get("key", ""),
                         lambda: take_seat(table_id=table.pk, by=request.user))
    except Refused as refused:
        table.refresh_from_db()
        return table_page(request, table, errors={"seat": refused.message}, status=400)
    if done:
        messages.success(request, _("You have taken your seat: your entry of %(entry)s is "
                                    "paid.") % {"entry": table.rules["pool_entry"]})
    else:
        messages.info(request, _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]))
