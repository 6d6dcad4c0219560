"""How each reader reads a player's name (docs/api.md, Names on public pages): the one rule that
the pages, the snapshot a page or the live feed sends, the charts and the lists ask.

A member may choose to be shown by his initials on the public pages (`Player.public_initials`;
club.names.initials: "Jean-Marc Dupont" → "J.-M. D."). A reader who is not signed in then reads
his initials wherever he reads of him: a page, its title, a chart, the snapshot's `names`. A
signed-in reader reads every name. The stored snapshot keeps the names as the club has them
(it is the API's, which only signed-in users read); what an anonymous reader is sent is that
snapshot with its `names` for him (`snapshot_for`)."""
from club.models import Player
from club.names import initials
from games.selectors.visibility import signed_in


def public_name(player: Player, reader) -> str:
    """The player's name as `reader` (a user, AnonymousUser, or None for nobody) reads it."""
    if player.public_initials and not signed_in(reader):
        return initials(player.name)
    return player.name


def public_login(user, reader) -> str:
    """A login as the reader reads it where a page names who made a change: its username; to
    a reader who is not signed in, the initials of its player when he chose them (a login is
    most often its member's name)."""
    player = getattr(user, "player", None)
    if player is not None and player.public_initials and not signed_in(reader):
        return initials(player.name)
    return user.get_username()


def names_of(ids, reader) -> dict[int, str]:
    """{player id: name as the reader reads it} of the players `ids` (ids, or a query of them):
    one query."""
    return {pk: initials(name) if chose and not signed_in(reader) else name
            for pk, name, chose in Player.objects.filter(pk__in=ids)
            .values_list("pk", "name", "public_initials")}


def hidden(ids) -> dict[int, str]:
    """{player id: his initials} of those of the players `ids` who chose them: what an
    anonymous reader reads instead of their names. One query."""
    return names_and_hidden(ids)[1]


def names_and_hidden(ids) -> tuple[dict[str, str], dict[int, str]]:
    """{player id as a string: name} of the players `ids`, in the players' order, as the stored
    snapshot names them, and {player id: his initials} of those of them who chose them (what an
    anonymous reader reads instead of their names): one query for both (a change's snapshot and
    the live feed's public snapshot, games.selectors.snapshot.published)."""
    names, shown = {}, {}
    for pk, name, chose in Player.objects.filter(pk__in=set(ids)).values_list(
            "pk", "name", "public_initials"):
        names[str(pk)] = name
        if chose:
            shown[pk] = initials(name)
    return names, shown


def named(snapshot: dict) -> list[int]:
    """The ids of the players the snapshot's `names` names."""
    return [int(pk) for pk in (snapshot or {}).get("names") or {}]


def public_snapshot(snapshot: dict, shown: dict[int, str] | None = None) -> dict:
    """The table's snapshot as an anonymous reader is sent it: its `names` with the initials
    of those who chose them (`shown`, `hidden` of its players, read when not given); the
    snapshot itself when none did."""
    shown = hidden(named(snapshot)) if shown is None else shown
    if not any(pk in shown for pk in named(snapshot)):
        return snapshot
    return {**snapshot, "names": {pk: shown.get(int(pk), name)
                                  for pk, name in snapshot["names"].items()}}


def snapshot_for(snapshot: dict, reader) -> dict:
    """The table's snapshot as `reader` is sent it (`public_snapshot` when not signed in)."""
    return snapshot if signed_in(reader) else public_snapshot(snapshot)
