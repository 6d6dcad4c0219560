"""The live feed's sending side: every change of a table goes to its channel group once the
transaction that made it has committed (API.md, Live updates)."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


def publish_on_commit(table, kind: str) -> None:
    message = {"type": "table.change", "kind": kind, "seq": table.seq, "table": table.snapshot}
    table_id = table.pk
    transaction.on_commit(lambda: _send(table_id, message))


def _send(table_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(table_id), message)
