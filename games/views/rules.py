"""The rules page: every table option in words, with its default."""
from django.shortcuts import render

from games.presentation import words


def rules(request):
    return render(request, "games/rules.html", {
        "options": words.options(), "formats": words.FORMATS, "styles": words.STYLES})
