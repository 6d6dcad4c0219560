"""The club's players: every write to them goes through here."""
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from club.errors import Refused
from club.models import Player

NAME_LENGTH = 100


def clean_name(name: str, what: str = "name") -> str:
    """A name as the club keeps it: without surrounding spaces, 1 to 100 characters."""
    name = name.strip()
    if not name or len(name) > NAME_LENGTH:
        raise Refused("bad_request", f"{what} must be 1 to {NAME_LENGTH} characters")
    return name


def create_player(*, name: str, username: str | None = None) -> Player:
    """A new player, linked to the login `username` when one is given. Names are unique
    ignoring case, and a login plays as one player at most."""
    name = clean_name(name)
    user = None
    if username is not None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise Refused("bad_request", f"there is no user {username!r}")
        if Player.objects.filter(user=user).exists():
            raise Refused("conflict", f"user {username!r} is already linked to a player")
    if Player.objects.filter(name__iexact=name).exists():
        raise Refused("conflict", f"there is already a player named {name!r}")
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, user=user)
    except IntegrityError:  # another request took the name meanwhile
        raise Refused("conflict", f"there is already a player named {name!r}") from None
