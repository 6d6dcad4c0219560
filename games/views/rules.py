"""The rules page: every table option in words, with its default."""
from django.shortcuts import render

from games.presentation import words


def rules(request):
    return render(request, "games/rules.html", {
        "options": words.options(), "kinds": words.TABLE_KINDS, "styles": words.STYLES})
