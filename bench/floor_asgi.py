"""The floor of bench/floor.py: a bare Django view under daphne, with Django's own ASGI handler
and bench/floor_settings.py, that does a recorded hand's database work and nothing else.

FLOOR_RECORDING names the file bench/floor.py wrote: for each client, the hands of one pool as
the club recorded them (the body posted, the club's answer, and every SQL statement the POST
ran, with its parameters, in or out of its transactions). POST /hands/<client>/<i> parses the
JSON body, runs hand i's statements through Django's cursor in the same transactions, reading
what each returns, and answers the club's answer as JSON (status 201). Each transaction is
rolled back, not committed, so that the same statements with the same parameters find the
same rows at the next replay: the worker's part of a ROLLBACK is that of a COMMIT, one round
trip."""
import json
import os
import pickle

import django

os.environ["DJANGO_SETTINGS_MODULE"] = "bench.floor_settings"
django.setup(set_prefix=False)

from django.core.asgi import get_asgi_application  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import JsonResponse  # noqa: E402
from django.urls import path  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402

with open(os.environ["FLOOR_RECORDING"], "rb") as recorded:
    RECORDING = pickle.load(recorded)


def run(statements: list) -> None:
    """Each statement (sql, params, many) through Django's cursor, and what it returns read."""
    with connection.cursor() as cursor:
        for sql, params, many in statements:
            if many:
                cursor.executemany(sql, params)
            else:
                cursor.execute(sql, params)
            if cursor.description is not None:
                cursor.fetchall()


def replay(steps: list) -> None:
    """A hand's steps: ("autocommit", statements) outside any transaction, ("transaction",
    statements) in one, rolled back."""
    for where, statements in steps:
        if where == "autocommit":
            run(statements)
            continue
        with transaction.atomic():
            run(statements)
            transaction.set_rollback(True)


@csrf_exempt
def hand(request, client: int, number: int):
    json.loads(request.body)
    recorded = RECORDING[client][number]
    replay(recorded["steps"])
    return JsonResponse(recorded["answer"], status=201)


urlpatterns = [path("hands/<int:client>/<int:number>", hand)]

application = get_asgi_application()
