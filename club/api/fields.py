"""What the API's routers, the club's and the games', share: input fields (ids the database
can hold, printable text, JSON values the database can store), looking a row up by id, and a
page of a list."""
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StrictInt

from club import names
from club.errors import RefusalCode, Refused
from club.models import ID_MAX


def get_or_refuse(model, pk: int, code: RefusalCode):
    """The row, or the refusal `code`, the `no_such_<what>` (404) of the app that reads it."""
    try:
        return model.objects.get(pk=pk)
    except model.DoesNotExist:
        what = code.removeprefix("no_such_")
        raise Refused(code, f"there is no {what} {pk}") from None


def _unstorable(text: str) -> bool:
    """NUL and lone surrogates: no database column holds them (PostgreSQL refuses NUL in text
    and JSON, and neither database takes a string that is not valid UTF-8)."""
    return "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text)


def _printable(text: str) -> str:
    problem = names.unprintable(text)
    if problem:
        raise ValueError(problem)
    return names.normal(text)


def _storable(value):
    """A JSON value whose keys and strings the database can store (see `_unstorable`)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and _unstorable(item):
            raise ValueError("must not contain a NUL character or a lone surrogate")
    return value


# A row id the database can hold. In a body, a JSON integer: "1" and true are not ids. In a
# query string, where every value is text, QueryId reads "1" as 1.
Id = Annotated[StrictInt, Field(ge=1, le=ID_MAX)]
QueryId = Annotated[int, Field(ge=1, le=ID_MAX)]
Text = Annotated[str, AfterValidator(_printable)]
# Checked by the services, after stripping spaces (422); documented here.
Name = Annotated[Text, Field(json_schema_extra={"minLength": 1, "maxLength": 100})]
Storable = Annotated[Any, AfterValidator(_storable)]


def page(queryset, limit: int, offset: int) -> tuple[int, list, int | None]:
    """One page of a list: how many rows match in all, the page's rows, and the offset of the
    next page (None on the last)."""
    count = queryset.count()
    rows = list(queryset[offset:offset + limit])
    return count, rows, offset + limit if offset + limit < count else None
