"""WebSocket routes of the games app: the live feed of one table, and of
several on one socket (docs/api.md, The live feed)."""
from django.urls import path

from games.live.consumers import TableFeed, TablesFeed

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableFeed.as_asgi()),
    path("ws/tables/", TablesFeed.as_asgi()),
]
