"""The ASGI entry point: Django for HTTP, Channels for WebSockets (served by daphne)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
django.setup(set_prefix=False)  # before importing the handler's middleware and the consumers

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from club.handler import SyncASGIHandler  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": SyncASGIHandler(),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
