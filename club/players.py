"""The club's players and their logins: every write to them goes through here; and the order
every list of players is read in (`by_name`)."""
import unicodedata

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import override

from club.errors import Refused
from club.models import Player
from club.names import described, normal, unprintable_character
from club.refusal_codes import ClubCode, ClubRule

NAME_LENGTH = 100


def name_key(name: str) -> tuple[str, str]:
    """A name as the reader's language sorts it, English or French: regardless of case,
    accents and the apostrophe of a particle, so that d'Artagnan is among the Ds and Émile
    among the Es; the name as written breaks a tie."""
    letters = "".join(character for character in unicodedata.normalize("NFKD", name)
                      if not unicodedata.combining(character))
    return letters.casefold().replace("'", "").replace("\u2019", ""), name


def by_name(players) -> list:
    """The players (rows with a `name`) in the order of their names (`name_key`)."""
    return sorted(players, key=lambda player: name_key(player.name))


def clean_name(name: str, what: str = "name") -> str:
    """A name as the club keeps it: without surrounding spaces, 1 to 100 printable characters,
    in Unicode NFC (club.names). A refusal names `what` was refused, the `field` of a form."""
    name = normal(name.strip())
    if not name or len(name) > NAME_LENGTH:
        raise Refused(ClubCode.BAD_NAME, f"{what} must be 1 to {NAME_LENGTH} characters",
                      rule=ClubRule.NAME_LENGTH, length=NAME_LENGTH, field=what)
    found = unprintable_character(name)
    if found:
        raise Refused(ClubCode.BAD_NAME, f"{what} {described(found)}",
                      rule=ClubRule.NAME_UNPRINTABLE, character=found[0], category=found[1],
                      field=what)
    return name


def create_player(*, name: str, username: str | None = None) -> Player:
    """A new player, linked to the login `username` when one is given. Names are unique
    ignoring case, and a login plays as one player at most."""
    name = clean_name(name)
    user = None
    if username is not None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise Refused(ClubCode.UNKNOWN_USER, f"there is no user {username!r}",
                          rule=ClubRule.NO_USER, username=username)
        if Player.objects.filter(user=user).exists():
            raise Refused(ClubCode.USER_LINKED, f"user {username!r} is already linked to a player",
                           rule=ClubRule.USER_LINKED, username=username)
    if Player.objects.filter(name__iexact=name).exists():
        raise Refused(ClubCode.NAME_TAKEN, f"there is already a player named {name!r}",
                           rule=ClubRule.NAME_TAKEN, name=name)
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, user=user)
    except IntegrityError:  # another request took the name meanwhile
        raise Refused(ClubCode.NAME_TAKEN, f"there is already a player named {name!r}",
                           rule=ClubRule.NAME_TAKEN, name=name) from None


def rename_player(*, player_id: int, name: str) -> Player:
    """The player's new name, with the same rules as a new one's: unique ignoring case (the
    player may change the case of his own name)."""
    name = clean_name(name)
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=player_id).first()
        if player is None:
            raise Refused(ClubCode.NO_SUCH_PLAYER, f"there is no player {player_id}",
                          rule=ClubRule.NO_SUCH_PLAYER, player=player_id)
        if Player.objects.filter(name__iexact=name).exclude(pk=player.pk).exists():
            raise Refused(ClubCode.NAME_TAKEN, f"there is already a player named {name!r}",
                           rule=ClubRule.NAME_TAKEN, name=name)
        player.name = name
        try:
            with transaction.atomic():
                player.save(update_fields=["name"])
        except IntegrityError:
            raise Refused(ClubCode.NAME_TAKEN, f"there is already a player named {name!r}",
                           rule=ClubRule.NAME_TAKEN, name=name) from None
    return player


def create_member(*, name: str, username: str, password: str) -> Player:
    """A new player with a new login, in one transaction: when the name, the username or the
    password is refused, neither is saved."""
    with transaction.atomic():
        user = _new_user(username, password)
        return create_player(name=name, username=user.get_username())


def give_login(*, player_id: int, username: str, password: str) -> Player:
    """A new login for a player who has none."""
    with transaction.atomic():
        player = _locked(player_id)
        if player.user_id is not None:
            raise Refused(ClubCode.PLAYER_HAS_LOGIN, f"player {player_id} already has a login",
                          rule=ClubRule.PLAYER_HAS_LOGIN, name=player.name)
        player.user = _new_user(username, password)
        player.save(update_fields=["user"])
    return player


def set_password(*, player_id: int, password: str, by) -> Player:
    """A new password for a member's login (one who forgot his). Only a superuser sets the
    password of a staff login, so that staff cannot take over a login with more rights."""
    with transaction.atomic():
        player = _locked(player_id)
        user = player.user
        if user is None:
            raise Refused(ClubCode.NO_LOGIN, f"player {player_id} has no login",
                          rule=ClubRule.NO_LOGIN, name=player.name)
        if (user.is_staff or user.is_superuser) and not by.is_superuser:
            raise Refused(ClubCode.NOT_SUPERUSER, "only a superuser sets a staff login's password",
                          rule=ClubRule.PASSWORD_OF_STAFF)
        _check_password(password, user)
        user.set_password(password)
        user.save(update_fields=["password"])
    return player


def _locked(player_id: int) -> Player:
    player = Player.objects.select_for_update(of=("self",)).select_related("user").filter(
        pk=player_id).first()
    if player is None:
        raise Refused(ClubCode.NO_SUCH_PLAYER, f"there is no player {player_id}",
                      rule=ClubRule.NO_SUCH_PLAYER, player=player_id)
    return player


def _new_user(username: str, password: str):
    """A new login, refused when its username is malformed or taken (ignoring case, as Django's
    own forms do) or its password fails the validators of settings.AUTH_PASSWORD_VALIDATORS."""
    users = get_user_model()
    username = users.normalize_username(username.strip())
    field = users._meta.get_field(users.USERNAME_FIELD)
    try:
        field.clean(username, None)
    except ValidationError:
        raise Refused(ClubCode.BAD_USERNAME, f"{username!r} is not a valid username",
                      rule=ClubRule.USERNAME_INVALID, length=field.max_length) from None
    if users.objects.filter(**{f"{users.USERNAME_FIELD}__iexact": username}).exists():
        raise Refused(ClubCode.USERNAME_TAKEN, f"the username {username!r} is taken",
                      rule=ClubRule.USERNAME_TAKEN, username=username)
    user = users(**{users.USERNAME_FIELD: username})
    _check_password(password, user)
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # another request took the username meanwhile
        raise Refused(ClubCode.USERNAME_TAKEN, f"the username {username!r} is taken",
                      rule=ClubRule.USERNAME_TAKEN, username=username) from None
    return user


def _check_password(password: str, user) -> None:
    """Django's password validators. The refusal's message is in English, as every service's;
    its `problems`, for the page, in the language of the request (some validators translate
    their message as they raise it)."""
    problems = _password_problems(password, user)
    if problems:
        with override("en"):
            message = _password_problems(password, user)
        raise Refused(ClubCode.BAD_PASSWORD, f"password refused: {message}",
                      rule=ClubRule.PASSWORD_INVALID, problems=problems)


def _password_problems(password: str, user) -> str:
    try:
        password_validation.validate_password(password, user)
    except ValidationError as err:
        return " ".join(err.messages)
    return ""
