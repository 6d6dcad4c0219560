"""The ASGI entry point: Django for HTTP, Channels for WebSockets (served by daphne)."""

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
django.setup(set_prefix=False)  # before importing the handler's middleware and the consumers

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from server.handler import SyncASGIHandler  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": SyncASGIHandler(),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# What is loaded by now (Django, the apps, their modules) lives as long as the process: frozen,
# it is left out of the collector's full collections, which then walk only what requests made
# since. Unfrozen, each full collection held a worker for 70 to 90 ms under load, a pause every
# hand in flight waited through (docs/benchmarks.md, bench/load.py).
gc.freeze()
