"""WebSocket routes of the games app. The live table feed (ws/tables/<id>/) will live here."""

websocket_urlpatterns = []
