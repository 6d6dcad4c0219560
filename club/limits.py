"""How often a member may write: the one table of the limits (LIMITS), for the pages and the
JSON API alike (docs/operations.md, Limits on writes). Each try of a limited write counts,
whatever its answer, and a try past the limit is refused before anything is done: the API
answers 429 in its error shape (club.api), a page with templates/429.html (`page`), both with
a Retry-After header. A repeat that the API answers from its Idempotency-Key is no new try.

The counts are django-ratelimit's, per user, in windows of an hour, kept in the Django cache
(settings.CACHES): the process's own memory on the laptop, which serves from one process;
Redis, shared by every worker, on a server. The figures are far above a real evening: a steward
opens some ten tables a night, a member places some fifty wagers; they stop a script."""
import functools
import math
from dataclasses import dataclass

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import get_usage


@dataclass(frozen=True)
class Limit:
    what: str  # in the API's English: "tables opened"
    member: int | None  # tries an hour; None: members may not do it at all (refused before)
    staff: int
    said: str  # on the 429 page, with %(most)s: the figure


LIMITS = {
    "tables": Limit("tables opened", member=30, staff=600,
                    said=_("You have tried to open %(most)s tables within the hour: the most "
                           "the club allows.")),
    "wagers": Limit("wagers placed or offers taken", member=120, staff=600,
                    said=_("You have tried to place or take %(most)s wagers within the hour: "
                           "the most the club allows.")),
    "players": Limit("players added or logins given", member=None, staff=600,
                     said=_("You have tried to add players or give logins %(most)s times "
                            "within the hour: the most the club allows.")),
}


class Limited(Exception):
    """A try past its limit: nothing was done. `retry_after`: the seconds until the hour's
    window ends and the count starts again."""

    def __init__(self, limit: Limit, most: int, retry_after: int):
        self.limit, self.most, self.retry_after = limit, most, retry_after
        self.message = (f"too many {limit.what}: at most {most} an hour; try again in "
                        f"{retry_after} seconds")
        super().__init__(self.message)

    @property
    def said(self) -> str:
        return self.limit.said % {"most": self.most}

    @property
    def minutes(self) -> int:
        return math.ceil(self.retry_after / 60)


def _rate(group: str, request) -> str | None:
    limit = LIMITS[group]
    most = limit.staff if request.user.is_staff else limit.member
    return None if most is None else f"{most}/h"  # django-ratelimit's: so many an hour


def count(request, name: str) -> None:
    """One more try of the limited write `name` (a key of LIMITS) by the request's user, who
    is signed in; Limited when it is past his limit."""
    usage = get_usage(request, group=name, key="user", rate=_rate, increment=True)
    if usage is not None and usage["should_limit"]:
        # the window's last second is still its own: the count starts again one after
        raise Limited(LIMITS[name], usage["limit"], max(1, usage["time_left"] + 1))


def page(view):
    """A page's view whose writes are counted: a try past its limit answers the 429 page,
    which says what was limited and when to try again."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Limited as limited:
            response = render(request, "429.html", {"limited": limited}, status=429)
            response["Retry-After"] = str(limited.retry_after)
            return response

    return wrapper
