"""The games' pages: the evening and its tables, the scorer's view, a hand's history and its
correction, wagers, seats, abandoning a table, the projector, the rules, the standings and a
member's page.
Included at the root by server/urls.py; the names are not namespaced (templates reverse them)."""
from django.urls import path
from django.views.generic import RedirectView

from games import views
from games.views.history import hand_advice
from games.views.opening import table_scorers
from games.views.tables import abandon, table_advice, table_wagers

urlpatterns = [
    path("", views.home, name="home"),
    path("standings", views.standings, name="standings"),
    path("tables/", views.evening, name="evening"),
    path("tables/new/", views.open_table, name="open_table"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/score/", views.score, name="score_table"),
    path("tables/<int:table_id>/score/outbox/", views.score_outbox, name="score_outbox"),
    path("tables/<int:table_id>/score/waiting/", views.score_waiting, name="score_waiting"),
    path("tables/<int:table_id>/hands/<int:number>/", views.hand_history, name="hand_history"),
    path("tables/<int:table_id>/hands/<int:number>/correct/", views.correct,
         name="correct_hand"),
    path("tables/<int:table_id>/advice/", table_advice, name="table_advice"),
    path("tables/<int:table_id>/tv/", views.tv_table, name="tv_table"),
    path("tables/<int:table_id>/abandon/", abandon, name="abandon_table"),
    path("tables/<int:table_id>/scorers/", table_scorers, name="table_scorers"),
    path("tables/<int:table_id>/wagers/", views.wager_form, name="wager_form"),
    path("tables/<int:table_id>/wagers/panel/", table_wagers, name="table_wagers"),
    path("tables/<int:table_id>/seat/", views.seat_form, name="seat_form"),
    path("tables/<int:table_id>/history/", views.history, name="table_history"),
    path("tables/<int:table_id>/hand-by-hand/", views.hand_by_hand, name="table_hand_by_hand"),
    # The page's first address, in links already shared.
    path("tables/<int:table_id>/replay/", RedirectView.as_view(
        pattern_name="table_hand_by_hand", permanent=True, query_string=True)),
    path("tables/<int:table_id>/card.png", views.result_card, name="result_card"),
    path("tables/<int:table_id>/hand-by-hand/<int:number>/advice/", hand_advice,
         name="hand_advice"),
    path("tv/", views.tv_all, name="tv_all"),
    path("rules/", views.rules, name="rules"),
    path("players/<int:player_id>/", views.member, name="member"),
]
