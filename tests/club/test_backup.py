"""manage.py backup and manage.py restore (docs/operations.md, "Backups"): an evening backed up
and restored into a second, empty database gives back the same standings, balances, snapshots
and ratings; a database that holds data is refused untouched; a file that fails half-way
restores nothing.

The backup is taken in-process, from the test's database. The restore runs `manage.py` in
another process on a database of the same kind that the test makes: a new SQLite file, or on
PostgreSQL a new database named after DATABASE_URL's, dropped at the end (`empty_database`,
tests/club/conftest.py)."""
import json
import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import CommandError, call_command
from django.core.management.commands import dumpdata
from django.db import DatabaseError, connection

from games.models import Table
from testbed.users import user_with_token
from tests.club.backup_figures import club_figures
from tests.games.kit import Api, member, players, summary, win_game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def run(url: str, *args) -> subprocess.CompletedProcess:
    """`python ARGS` in another process whose database is `url`."""
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "server.settings"}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def figures_of(url: str) -> dict:
    done = run(url, "-m", "tests.club.backup_figures")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def restore(url: str, file: Path) -> subprocess.CompletedProcess:
    return run(url, "manage.py", "restore", str(file))


def an_evening(client, staff_api) -> None:
    """A French pool with stakes and a gallery, won and then corrected; an English rubber with
    an offer taken in part; payments; a group and a member granted permissions; the admin's
    log of a change."""
    _, athos = member(client, "Athos")
    porthos, aramis = players("Porthos", "Aramis")
    (charles_api, _), (dora_api, _) = member(client, "Charles"), member(client, "Dora")

    pool = staff_api.post("/tables", {
        "name": "Pool", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "first_dealer": porthos.pk, "wager_style": "french",
        "rules": {"pool_entry": "10.00", "pool_forfeit": "2.50", "levy_percent": "5"}}).json()
    bet = f"/tables/{pool['id']}/wagers"
    assert charles_api.post(bet, {"on": athos.pk, "stake": "10.00"}).status_code == 201
    assert dora_api.post(bet, {"on": porthos.pk, "stake": "6.00"}).status_code == 201
    pool, first_hands = win_game(staff_api, pool, athos.pk)
    pool, _ = win_game(staff_api, pool, athos.pk)
    assert pool["status"] == "won"
    corrected = staff_api.post(f"/hands/{first_hands[0]}/correct", {"record": summary(3)})
    assert corrected.status_code == 200, corrected.content

    rubber = staff_api.post("/tables", {
        "name": "Rubber", "format": "rubber", "players": [athos.pk, porthos.pk],
        "first_dealer": porthos.pk, "wager_style": "english"}).json()
    offer = charles_api.post(f"/tables/{rubber['id']}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "2:1"}).json()["id"]
    assert dora_api.post(f"/wagers/{offer}/take", {"stake": "6.00"}).status_code == 201
    rubber, _ = win_game(staff_api, rubber, porthos.pk)
    assert staff_api.post(f"/tables/{rubber['id']}/hands",
                          {"record": summary(2)}).status_code == 201

    paid = staff_api.post("/payments", {"from": porthos.pk, "to": athos.pk, "amount": "7.50"})
    assert paid.status_code == 201, paid.content

    scorers = Group.objects.create(name="Scorers")
    scorers.permissions.add(Permission.objects.get(codename="change_hand"))
    User.objects.get(username="dora").user_permissions.add(
        Permission.objects.get(codename="view_wager"))
    LogEntry.objects.create(
        user=User.objects.get(username="secretary"), action_flag=ADDITION,
        content_type=ContentType.objects.get_for_model(Table), object_id=str(pool["id"]),
        object_repr="Pool")


@pytest.fixture
def backup(client, tmp_path) -> Path:
    """The evening, backed up to a file."""
    an_evening(client, Api(client, user_with_token("secretary", staff=True)[1]))
    file = tmp_path / "club.json"
    call_command("backup", str(file), stdout=StringIO())
    return file


def test_a_restored_evening_has_the_same_standings_balances_snapshots_and_ratings(
        backup, empty_database):
    done = restore(empty_database, backup)

    assert done.returncode == 0, done.stderr
    restored, kept = figures_of(empty_database), club_figures()
    assert restored == kept
    # The comparison is worth something only if the evening reached every part of it.
    assert {"standings", "balances", "snapshots", "ratings", "grants", "log"} <= {
        part for part, value in kept.items() if value}
    assert kept["rows"]["games.wagertake"] and kept["rows"]["games.handversion"] > kept[
        "rows"]["games.hand"]
    assert f"{'total':32} {sum(kept['rows'].values()):8d}" in done.stdout


def test_a_backup_written_while_the_ledger_said_kind_restores_with_the_same_figures(
        backup, empty_database):
    """Before club's migration 0010 an account's role and a transaction's reason were both
    their `kind`: such a backup restores under the present names."""
    objects = json.loads(backup.read_text())
    renamed = {"club.account": "role", "club.transaction": "reason"}
    for row in objects:
        if row["model"] in renamed:
            row["fields"]["kind"] = row["fields"].pop(renamed[row["model"]])
    older = backup.with_name("older.json")
    older.write_text(json.dumps(objects))

    done = restore(empty_database, older)

    assert done.returncode == 0, done.stderr
    restored, kept = figures_of(empty_database), club_figures()
    assert restored == kept
    assert {"player", "house", "pot", "escrow"} <= set(kept["roles"].values())
    assert {"payment", "pool_entry", "wager_stake", "wager_lay", "wager_settlement"} <= set(
        kept["reasons"].values())


def test_a_restore_into_a_database_that_holds_data_is_refused_and_changes_nothing(backup):
    before = club_figures()

    with pytest.raises(CommandError, match="already holds the club's data .*games.table"):
        call_command("restore", str(backup), stdout=StringIO())

    assert club_figures() == before


@pytest.mark.parametrize("spoil, refusal", [
    ("a row listed twice", "does not load as it was written, so nothing was restored"),
    ("a seat of no player", "cannot be restored, so nothing was: .*foreign key"),
    ("a field this code lacks", "cannot be restored, so nothing was: .*has no field"),
])
def test_a_file_that_fails_half_way_restores_nothing(backup, empty_database, spoil, refusal):
    objects = json.loads(backup.read_text())
    entry, seat = (next(o for o in objects if o["model"] == model)
                   for model in ("club.entry", "games.seat"))
    if spoil == "a row listed twice":
        objects.append(entry)
    elif spoil == "a seat of no player":
        objects.append({**seat, "pk": 10**6,
                        "fields": {**seat["fields"], "player": 10**6, "position": 9}})
    else:
        objects.append({**entry, "pk": 10**6, "fields": {**entry["fields"], "colour": "red"}})
    spoilt = backup.with_name("spoilt.json")
    spoilt.write_text(json.dumps(objects))

    refused = restore(empty_database, spoilt)

    assert refused.returncode != 0
    assert re.search(f"CommandError: .*{refusal}", refused.stderr, re.IGNORECASE | re.DOTALL)
    assert figures_of(empty_database)["rows"] == {}
    assert restore(empty_database, backup).returncode == 0  # the database is still empty


@pytest.mark.parametrize("name, text, refusal", [
    ("club.txt", "[]", "does not end in .json"),
    ("club.json", "{not json", "cannot be read as a backup"),
    ("club.json", '{"model": "club.player"}', "is no backup"),
    ("club.json", None, "There is no backup file"),
])
def test_a_file_that_is_no_backup_is_refused_before_anything_is_read(tmp_path, name, text,
                                                                       refusal):
    file = tmp_path / name
    if text is not None:
        file.write_text(text)

    with pytest.raises(CommandError, match=refusal):
        call_command("restore", str(file), stdout=StringIO())


def test_the_backup_lists_each_models_rows_and_leaves_sessions_and_content_types_out(
        backup):
    objects = json.loads(backup.read_text())
    models = {o["model"] for o in objects}

    assert {"club.player", "club.entry", "games.hand", "auth.group"} <= models
    assert not models & {"contenttypes.contenttype", "auth.permission", "sessions.session"}
    group = next(o for o in objects if o["model"] == "auth.group")
    assert group["fields"]["permissions"] == [["change_hand", "games", "hand"]]


def test_a_backup_that_fails_half_way_leaves_the_last_one_as_it_was(backup, monkeypatch):
    last = backup.read_text()

    def cut_short(self, *args, output, **options):
        Path(output).write_text('[{"model": "club.player"')
        raise DatabaseError("the server went away")

    monkeypatch.setattr(dumpdata.Command, "handle", cut_short)
    with pytest.raises(DatabaseError):
        call_command("backup", str(backup), stdout=StringIO())

    assert backup.read_text() == last
    assert [file.name for file in backup.parent.iterdir()] == [backup.name]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL backup is needed")
def test_a_postgresql_backup_restores_onto_sqlite(backup, tmp_path):
    sqlite = f"sqlite:///{tmp_path / 'laptop.sqlite3'}"

    done = restore(sqlite, backup)

    assert done.returncode == 0, done.stderr
    assert figures_of(sqlite) == club_figures()
