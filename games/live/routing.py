"""WebSocket routes of the games app: the live table feed (docs/api.md, Live updates)."""
from django.urls import path

from games.live.consumers import TableFeed

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableFeed.as_asgi()),
]
