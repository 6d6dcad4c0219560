"""`GET /health`, for the proxy and for monitoring: can this worker serve the club?

It asks the database for one row and sends a message to itself through the channel layer
(Redis on a server), within a short time. 200 with `{"status": "ok", ...}` when both answer;
503 with `"failed"` naming those that did not, whose errors go to the log, not to the caller:
the health check is public, over plain http. No login, no redirect to https
(SECURE_REDIRECT_EXEMPT in server/settings.py).
"""

import asyncio
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)
LAYER_TIMEOUT = 3  # seconds: Redis answers in milliseconds, or is in trouble


def database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def _round_trip() -> None:
    """A message to a channel of its own name, and back: a plain channel, not one of
    `new_channel()`'s, whose replies Redis's layer shares with the worker's live feeds."""
    layer = get_channel_layer()
    channel = f"health.{uuid.uuid4().hex}"
    await layer.send(channel, {"type": "health.check"})
    await layer.receive(channel)


def channel_layer() -> None:
    async_to_sync(asyncio.wait_for)(_round_trip(), LAYER_TIMEOUT)


CHECKS = {"database": database, "channel_layer": channel_layer}


def failures() -> list[str]:
    failed = []
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:
            logger.exception("health check: the %s does not answer", name.replace("_", " "))
            failed.append(name)
    return failed


@never_cache
@require_safe
def health(request):
    failed = failures()
    if failed:
        return JsonResponse({"status": "unavailable", "failed": failed}, status=503)
    return JsonResponse({"status": "ok", "checked": list(CHECKS)})
