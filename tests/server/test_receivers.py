"""The apps' signal receivers are connected when Django is set up (AppConfig.ready()), as Django
documents, not because something happens to import the URLconf or the admin's modules: a
management command, the catching-up process or a script that only calls django.setup() keeps
the anonymous pages' cache and the live feed's sockets in step with what it writes.

A fresh process sets Django up and nothing more (the admin without its autodiscovery), then
sends each signal as Django would and watches what the receiver does: the lists' version drawn
anew (games/cached.py), a message to the user's group (games/live/publish.py). Nothing is
written: outside a transaction, `on_commit` runs at once; django-axes's receiver of a logout,
which wants its table, is left to fail (`send_robust`)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SETUP_ONLY = """
import asyncio, json, sys
import django
from django.conf import settings
# Nor the admin's autodiscovery, which imports the pages with the admin's modules: Django's
# SimpleAdminConfig, the admin without it.
settings.INSTALLED_APPS = [
    "django.contrib.admin.apps.SimpleAdminConfig" if app == "django.contrib.admin" else app
    for app in settings.INSTALLED_APPS]
django.setup()
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from games.models import RatingsDue, Table, TableEvent

seen = {"urlconf imported": "server.urls" in sys.modules,
        "admin imported": "games.admin" in sys.modules}

def lists_drawn_anew(send):
    before = cache.get("lists-version")
    send()
    return cache.get("lists-version") not in (None, before)

seen["table saved"] = lists_drawn_anew(lambda: post_save.send(Table, instance=Table(pk=7)))
seen["table deleted"] = lists_drawn_anew(lambda: post_delete.send(Table, instance=Table(pk=7)))
seen["table won"] = lists_drawn_anew(lambda: post_save.send(
    TableEvent, instance=TableEvent(type=TableEvent.Type.POOL_WON), created=True))
seen["re-rating owed"] = lists_drawn_anew(lambda: post_save.send(
    RatingsDue, instance=RatingsDue(), created=True))
seen["re-rating done"] = lists_drawn_anew(lambda: post_delete.send(
    RatingsDue, instance=RatingsDue()))

class Session:
    session_key = "a-session"

from django.test import RequestFactory
request = RequestFactory().get("/")
request.session = Session()

async def told(send):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("user.5", channel)
    try:
        await asyncio.get_running_loop().run_in_executor(None, send)
        return (await asyncio.wait_for(layer.receive(channel), 10))["type"]
    except TimeoutError:
        return None
    finally:
        await layer.group_discard("user.5", channel)

User = get_user_model()
seen["logged out"] = async_to_sync(told)(lambda: user_logged_out.send_robust(
    User, request=request, user=User(pk=5)))
seen["login changed"] = async_to_sync(told)(lambda: post_save.send(
    User, instance=User(pk=5), created=False))
print(json.dumps(seen))
"""


@pytest.mark.subprocess
def test_receivers_are_connected_by_django_setup_alone(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env |= {"DJANGO_SETTINGS_MODULE": "server.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}  # django-axes's, unused
    done = subprocess.run([sys.executable, "-c", SETUP_ONLY], cwd=ROOT, capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr

    assert json.loads(done.stdout.splitlines()[-1]) == {
        "urlconf imported": False, "admin imported": False,
        "table saved": True, "table deleted": True, "table won": True,
        "re-rating owed": True, "re-rating done": True,
        "logged out": "session.ended", "login changed": "user.changed",
    }
