"""The pages that many phones read again and again, kept a short while for anonymous readers.

The evening, the projector, the standings and a table's page are the same for every reader who
is not signed in, in one language: such a page is rendered once and kept in Django's default
cache (the process's memory on the laptop, Redis on a server), keyed by its path, the reader's
language and a version: for a table's page, the table's `seq`; for the lists, a token drawn
anew whenever a table is opened, deleted or edited, or a re-rating is owed or done. A list is
kept LISTS_FRESH seconds at most; a table's page as long as its `seq` stays (TABLE_PAGE_FOR at
most), the `seq` being read again every SEQ_FRESH seconds. So the play of a table (a hand, a
trick, a correction: changes.CHANGE_FIELDS) shows on the pages kept within those seconds, and
on their live feed at once, while recording a hand costs no call to the cache. A table opened,
deleted or edited (its name, made private) makes both be read again once its transaction
commits: not before, or a reader in between would keep the state before it under the new
version; a table won or abandoned likewise moves the lists' version on (the change's event,
whose kind says so), before the live feed tells the lists' pages to read them again. The
pages kept name the players as an anonymous reader reads them (games.selectors.names): a
player renamed, or who chooses his initials or his name, moves the names' version on, part of
every page's version, so that no page kept before shows his name after. A
signed-in member's pages differ (his forms, his money, private tables): they are
never cached, nor is a page for a reader who has a message waiting, nor any answer but a 200.

Every page carries a CSRF token (the language form in the footer): the kept copy has a hole in
its place, filled with the reader's own token each time it is served. Rendering the page anew
for each reader answers 4 to 30 times fewer readers a second (bench/reads.py,
docs/benchmarks.md); Django has no public way to keep a page whose token differs by reader,
so the hole is found in Django's markup of `{% csrf_token %}` (TOKEN).
tests/pages/test_cached_csrf.py fails the day Django writes that markup otherwise, and a page
that holds a token TOKEN did not find is served but never kept."""
import hashlib
import re
import uuid
from functools import wraps

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from club.models import Player
from games.models import RatingsDue, Table, TableEvent
from games.selectors.tables import LIST_TYPES
from games.selectors.visibility import may_see
from games.services.changes import CHANGE_FIELDS

LISTS_FRESH = 5  # seconds: the evening, the projector and the standings
SEQ_FRESH = 2  # seconds: a table's seq is read again after that
TABLE_PAGE_FOR = 300  # seconds at most that a table's page is kept while its seq stays
LISTS = "lists-version"  # the cache's key of the lists' version
NAMES = "names-version"  # the cache's key of the names' version
LISTS_VERSION_FOR = 86_400  # seconds: far longer than any list is kept under it
TOKEN = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
FIELD = b"csrfmiddlewaretoken"  # each of them TOKEN finds, or the page is not kept
HOLE = b"\x00csrf\x00"  # never in a page: HTML has no NUL


def table_seq(*, table_id: int) -> str | None:
    """The table's `seq`, and when it was opened (an id given again after a table is deleted
    is another table), as its page's version, read at most every SEQ_FRESH seconds; None for a
    table that does not exist or that an anonymous reader may not see (a private one: its page
    is never kept, nor a page kept before it was made private served)."""
    key = f"table-seq:{table_id}"
    seq = cache.get(key)
    if seq is None:
        row = Table.objects.filter(pk=table_id).values_list("seq", "created_at", "private").first()
        hidden = row is None or not may_see(None, private=row[2])
        seq = "" if hidden else f"{row[0]} {row[1].isoformat()}"
        cache.set(key, seq, SEQ_FRESH)
    return f"{seq} {names_version()}" if seq else None


def lists_version() -> str:
    """The lists' version: a token drawn anew whenever a table is opened, deleted or edited,
    and the names' version."""
    return f"{cache.get(LISTS, '')} {names_version()}"


def lists_changed() -> None:
    """The lists drawn anew at their next reading."""
    cache.set(LISTS, uuid.uuid4().hex, LISTS_VERSION_FOR)


def names_version() -> str:
    """The names' version: a token drawn anew whenever a player is renamed or chooses how the
    public pages name him."""
    return cache.get(NAMES, "")


@receiver([post_save, post_delete], sender=Player)
def player_saved(sender, instance: Player, **kwargs) -> None:
    """A player saved: every page kept is drawn anew once it is committed."""
    transaction.on_commit(lambda: cache.set(NAMES, uuid.uuid4().hex, LISTS_VERSION_FOR))


@receiver([post_save, post_delete], sender=Table)
def table_saved(sender, instance: Table, update_fields=None, **kwargs) -> None:
    """The lists and the table's page read again once the save (or the deletion) is committed,
    unless it only moves the table's play on."""
    if update_fields is not None and update_fields <= CHANGE_FIELDS:
        return

    def forget():
        lists_changed()
        cache.delete(f"table-seq:{instance.pk}")
    transaction.on_commit(forget)


@receiver(post_save, sender=TableEvent)
def table_listed(sender, instance: TableEvent, created=False, **kwargs) -> None:
    """A change that can move the table onto the lists or off them (won, abandoned:
    games.selectors.tables.LIST_TYPES): the lists read again once it is committed, before the
    live feed tells their pages to read them."""
    if created and instance.type in LIST_TYPES:
        transaction.on_commit(lists_changed)


@receiver([post_save, post_delete], sender=RatingsDue)
def ratings_due_changed(sender, **kwargs) -> None:
    """A re-rating owed or done: the standings (their ratings, their notice) read again once it
    is committed."""
    transaction.on_commit(lists_changed)


def for_anonymous(seconds: int, version):
    """The view's 200 answers to anonymous GETs, kept `seconds`, keyed by the path, the
    language and `version(**the view's keyword arguments)` (None from it: not cached)."""
    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if (request.method != "GET" or request.user.is_authenticated
                    or "messages" in request.COOKIES):
                return view(request, *args, **kwargs)
            tag = version(**kwargs)
            if tag is None:
                return view(request, *args, **kwargs)
            key = "page:" + hashlib.sha256(
                f"{get_language()} {tag} {request.get_full_path()}".encode()).hexdigest()
            kept = cache.get(key)
            if kept is not None:
                return HttpResponse(kept.replace(HOLE, get_token(request).encode()))
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                kept, holes = TOKEN.subn(rb"\1" + HOLE + rb"\2", response.content)
                if kept.count(FIELD) == holes:
                    cache.set(key, kept, seconds)
            return response
        return wrapper
    return decorate
