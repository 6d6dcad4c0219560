"""The pages of the games app."""

from django.shortcuts import render

from club.errors import Refused
from games import selectors


def home(request):
    return render(request, "home.html")


def standings(request):
    """The club's standings, for anyone: a date range from the form, both days included."""
    first, last = request.GET.get("from", ""), request.GET.get("to", "")
    context = {"first": first, "last": last, "rows": None, "error": None}
    try:
        since, until = selectors.date_range(first, last)
    except Refused as refused:
        context["error"] = refused.message
        return render(request, "games/standings.html", context, status=400)
    context["rows"] = selectors.standings(since=since, until=until)
    return render(request, "games/standings.html", context)
