"""The live feed's sending side: every change of a table goes to its channel group once the
transaction that made it has committed (docs/api.md, Live updates), and a change that can move
it onto the lists of tables in play or off them (games.selectors.tables.LIST_TYPES: opened,
won, abandoned) to the lists' group too, which the pages of lists follow; and the end of a
user's session, or a change of his login, to his own group, which the sockets he opened have
joined (hub.py), so that they close at once on whichever worker they are.

Under daphne the request's thread hands the message to the event loop and goes on: the answer
does not wait for the channel layer. Elsewhere (a command, a test client) it is sent there and
then. Either way a layer that fails (Redis down) is logged: the change is committed, and its
answer is not turned into an error (clients that miss a `seq` ask for a fresh snapshot; a
socket whose session ended is found out at its next resync or follow)."""
import asyncio
import hashlib
import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model, user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.selectors.tables import LIST_TYPES
from server.handler import serving_loop

logger = logging.getLogger(__name__)
_sending = set()  # messages under way on the loop, kept from the garbage collector


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


LISTS_GROUP = "tables.lists"  # the sockets of the pages that list the tables in play


def user_group(user_id: int) -> str:
    """The group of the live feed's sockets that a signed-in user opened."""
    return f"user.{user_id}"


def session_tag(session_key: str) -> str:
    """A session as its sockets and the messages about it name it: not its key, which would
    sign a browser in."""
    return hashlib.sha256(session_key.encode()).hexdigest()


def publish_on_commit(table, event: str, public: dict) -> None:
    """The group's message carries the change as the sockets send it, its `type` the event's
    (TableEvent.Type), serialised here once: not once per spectator, nor copied per spectator
    as a dict (the in-memory layer copies each message it hands to a channel); and whether the
    table is private, which some of its sockets may no longer see. The lists' group hears of
    the change when its type can move the table onto a list or off it: the table, the type
    (which the lists' feed names its `kind`) and whether it is private. `public` is the
    table's snapshot as the anonymous sockets are sent it (games.selectors.names.
    public_snapshot: the initials of the players in it who chose them; the snapshot itself
    when none did), read with its names (games.selectors.snapshot.published); the message
    carries it only when it differs."""
    text = json.dumps({"type": event, "seq": table.seq, "table": table.snapshot})
    _on_commit(group_name(table.pk), {
        "type": "table.change", "table": table.pk, "seq": table.seq, "text": text,
        "private": table.private,
        "public": None if public is table.snapshot else json.dumps(
            {"type": event, "seq": table.seq, "table": public})})
    if event in LIST_TYPES:
        _on_commit(LISTS_GROUP, {"type": "tables.listed", "table": table.pk, "kind": event,
                                 "private": table.private})


def lists_news_on_commit(kind: str) -> None:
    """News for the pages of lists that names no table, once committed: told to the sockets
    that follow the lists as `{"type": "listed", "table_id": null, "kind": kind}`, which read
    their list again (the club night's "night": someone came, a draw, the night opened or
    closed)."""
    _on_commit(LISTS_GROUP, {"type": "tables.listed", "table": None, "kind": kind,
                             "private": False})


@receiver(user_logged_out)
def session_ended(sender, request, user, **kwargs) -> None:
    """A user logs out: the sockets of that session close (the session is flushed next)."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and key:
        _on_commit(user_group(user.pk), {"type": "session.ended", "user": user.pk,
                                         "session": session_tag(key)})


@receiver([post_save, post_delete], sender=get_user_model())
def login_changed(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    """A user saved (his password set, made inactive, ...) or deleted: once it is committed,
    the sockets he opened read their session again, and those it no longer signs in close.
    A new user has opened none, and a login, which saves only `last_login`, changes nothing
    of that."""
    if created or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return
    _on_commit(user_group(instance.pk), {"type": "user.changed", "user": instance.pk})


def _on_commit(group: str, message: dict) -> None:
    """The message to the group once the transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(group, message), robust=True)


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = serving_loop.get()
    if loop is None:
        async_to_sync(layer.group_send)(group, message)
    else:
        loop.call_soon_threadsafe(_start, layer.group_send(group, message))


def _start(sending) -> None:
    task = asyncio.get_running_loop().create_task(sending)
    _sending.add(task)
    task.add_done_callback(_sent)


def _sent(task: asyncio.Task) -> None:
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("a message of the live feed could not be published",
                     exc_info=task.exception())
