"""The club nights' test kit: a director's login, a night opened, players marked present."""
from django.contrib.auth.models import Permission

from club.models import Player
from games.models import Table
from testbed.users import user_with_token
from tests.games.kit import record_game_won_by


def director_user(username: str):
    """A user who may direct a night (not staff), and his token: (user, key)."""
    user, token = user_with_token(username)
    user.user_permissions.add(Permission.objects.get(codename="direct_night"))
    return user, token


def open_night(api, **body) -> dict:
    answer = api.post("/nights", {"name": "Friday"} | body)
    assert answer.status_code == 201, answer.content
    return answer.json()


def guests(*names) -> list[Player]:
    """Players without a login."""
    return [Player.objects.create(name=name) for name in names]


def present(api, night: dict, players) -> None:
    """Marks each player present, in this order."""
    for player in players:
        answer = api.post(f"/nights/{night['id']}/present", {"player": player.pk})
        assert answer.status_code == 201, answer.content


def draw(api, night: dict, **body) -> dict:
    answer = api.post(f"/nights/{night['id']}/draw", {"format": "pool"} | body)
    assert answer.status_code == 201, answer.content
    return answer.json()


def night(api, night_id: int) -> dict:
    answer = api.get(f"/nights/{night_id}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def win_table(table_id: int, by) -> Player:
    """Plays the table to its end through the services, the first game's elder winning every
    game: its winner."""
    table = Table.objects.get(pk=table_id)
    winner = Player.objects.get(pk=table.snapshot["seats"]["elder"])
    while table.status == Table.Status.PLAYING:
        record_game_won_by(table, winner, by)
        table.refresh_from_db()
    assert table.winner == winner
    return winner
