"""The seasons' pages and a night's results and paper sheets (nights.pages)."""
from django.urls import path

from nights import pages

urlpatterns = [
    path("seasons/", pages.seasons, name="seasons"),
    path("seasons/<int:season_id>/", pages.season, name="season"),
    path("nights/<int:night_id>/results/", pages.night_results, name="night_results"),
    path("nights/<int:night_id>/sheets/", pages.night_sheets, name="night_sheets"),
]
