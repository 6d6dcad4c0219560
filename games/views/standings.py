"""The home page and the standings."""

from django.shortcuts import render

from games import ratings
from games.selectors.standings import date_range
from games.selectors.standings import standings as standings_rows


def home(request):
    return render(request, "home.html")


def standings(request):
    """The club's standings, for anyone: a date range from the form, both days included."""
    first, last = request.GET.get("from", ""), request.GET.get("to", "")
    context = {"first": first, "last": last, "rows": None, "error": None,
               "pending": ratings.pending_since()}
    try:
        since, until = date_range(first, last)
    except ValueError as err:
        context["error"] = str(err)
        return render(request, "games/standings.html", context, status=400)
    context["rows"] = standings_rows(since=since, until=until)
    return render(request, "games/standings.html", context)
