"""Retries (docs/api.md): every POST accepts an `Idempotency-Key` header. A repeat with the same key
and body returns the first answer and does nothing more; the same key with another body is
refused. The key is claimed by inserting a unique row, with the answer, at the end of the
transaction that did the work. A repeat finds the row and returns its answer; a concurrent
repeat, which did not find it yet, waits on the row until the first commits, fails to insert
it, undoes its own work and returns the first answer."""
import functools
import hashlib
import json
import re

from django.db import IntegrityError, connections, transaction
from django.http import JsonResponse
from ninja.errors import HttpError

from club.api import refusal_status
from club.errors import Refused
from club.models import IdempotentRequest
from club.refusal_codes import ClubCode, ClubRule

MAX_KEY = 200
# The characters a key may not hold: the control characters (tab and newline too) and the lone
# surrogates, which no database column stores.
NOT_IN_KEY = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
FORM = "form:"  # what a page's form key is stored after, apart from the API's keys
IDEMPOTENCY_KEY = {  # the header in the OpenAPI schema of every idempotent endpoint
    "parameters": [{
        "in": "header", "name": "Idempotency-Key", "required": False,
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
        "description": "A repeat with the same key and body returns the first answer and does "
                       "nothing more; the same key with another body is refused (409).",
    }],
}


def checked_key(key: str, *, prefix: str = "") -> str:
    """The one check of every key a client sends: the API's `Idempotency-Key` (`idempotent`,
    which answers 400), a page's form key (`form_once`) and a hand's key at its table
    (games.services.hands.record_hand). Returns the key as it is stored, after `prefix`, in a
    column of MAX_KEY characters. Refused (bad_form; rule no_form_key when it is empty,
    bad_form_key otherwise) unless it is 1 to MAX_KEY - len(prefix) characters, none of them
    NOT_IN_KEY's: so every key a database takes, PostgreSQL as SQLite."""
    most = MAX_KEY - len(prefix)
    if not 0 < len(key) <= most or NOT_IN_KEY.search(key):
        raise Refused(ClubCode.BAD_FORM, f"must be 1 to {most} characters, none of them a control "
                      "character", rule=ClubRule.BAD_FORM_KEY if key else ClubRule.NO_FORM_KEY)
    return prefix + key


def _fingerprint(request) -> str:
    """The request's method, path and body; a JSON body as its data, so that a retry whose
    client spaced or ordered the same JSON otherwise is the same request."""
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    try:
        body = json.dumps(json.loads(request.body), sort_keys=True,
                          separators=(",", ":")).encode()
    except ValueError:  # not JSON (or not UTF-8): the bytes as sent
        body = request.body
    digest.update(body)
    return digest.hexdigest()


def _stored(user, key: str) -> IdempotentRequest | None:
    """The request `user` stored under `key`, or None: what `idempotent` looks up at every POST
    with a key, in one statement made once from the model (`_lookup_sql`)."""
    return next(iter(IdempotentRequest.objects.raw(
        _lookup_sql(IdempotentRequest.objects.db), [user.pk, key])), None)


@functools.cache
def _lookup_sql(alias: str) -> str:
    """What `IdempotentRequest.objects.filter(user=..., key=...)` says ((user, key) is unique),
    which the ORM would work out anew for every POST, at several times the CPU of running it."""
    q, meta = connections[alias].ops.quote_name, IdempotentRequest._meta
    columns = ", ".join(q(f.column) for f in meta.concrete_fields)
    return (f"SELECT {columns} FROM {q(meta.db_table)} WHERE "
            f"{q(meta.get_field('user').column)} = %s AND {q(meta.get_field('key').column)} = %s")


def idempotent(view):
    """Wraps a view that returns (status, body) or raises Refused; answers with JSON."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get("Idempotency-Key")
        if key is None:
            status, body = _answer(view, request, args, kwargs)
            return JsonResponse(body, status=status)
        try:
            checked_key(key)
        except Refused as refused:  # refused at the door: the request's shape (docs/api.md)
            raise HttpError(400, f"Idempotency-Key {refused.message}") from None
        fingerprint = _fingerprint(request)
        first = _stored(request.auth, key)
        if first is None:
            try:
                with transaction.atomic():
                    status, body = _answer(view, request, args, kwargs)
                    IdempotentRequest.objects.create(user=request.auth, key=key,
                                                     fingerprint=fingerprint, status=status,
                                                     response=body)
                return JsonResponse(body, status=status)
            except IntegrityError:  # undone: a concurrent repeat committed first, or a fault
                first = _stored(request.auth, key)
                if first is None:
                    raise
        if first.fingerprint != fingerprint:
            raise Refused(ClubCode.IDEMPOTENCY_CONFLICT,
                          "this Idempotency-Key was used for another request")
        return JsonResponse(first.response, status=first.status)

    return wrapper


def _answer(view, request, args, kwargs) -> tuple[int, dict]:
    try:
        return view(request, *args, **kwargs)
    except Refused as err:
        return refusal_status(err), err.as_dict()


def form_once(request, key: str, work):
    """A page's form, done at most once for its key (a hidden field the form was rendered
    with): the key is claimed for this user in the same transaction as `work()`, so a second
    tap of the same form finds it claimed and does nothing (returns False). A refusal of
    `work` rolls the claim back with the rest: the member may correct the form and send it
    again. Returns True when `work` ran. A key `checked_key` refuses is refused before
    anything is done."""
    stored = checked_key(key, prefix=FORM)
    with transaction.atomic():
        try:
            with transaction.atomic():
                IdempotentRequest.objects.create(user=request.user, key=stored,
                                                 fingerprint=_form_fingerprint(request),
                                                 status=303)
        except IntegrityError:
            return False
        work()
    return True


def _form_fingerprint(request) -> str:
    """The path and the form's fields (its CSRF token aside), for the record."""
    fields = sorted((name, value) for name, values in request.POST.lists() for value in values
                    if name != "csrfmiddlewaretoken")
    return hashlib.sha256(json.dumps([request.path, fields]).encode()).hexdigest()
