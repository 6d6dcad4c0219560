"""server.asgi's application with Django's own ASGI handler for HTTP (bench/handler.py compares
the two). The WebSocket side is the club's; `server.handler.serving_loop` is never set, so a
published change goes through async_to_sync, as it does anywhere outside server.handler."""
from channels.routing import ProtocolTypeRouter
from django.core.asgi import get_asgi_application

from server.asgi import application as club_application

application = ProtocolTypeRouter({**club_application.application_mapping,
                                  "http": get_asgi_application()})
