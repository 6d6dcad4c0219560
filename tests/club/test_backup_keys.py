"""A laptop's backup restores onto a server whatever keys its clients sent (docs/operations.md:
the move from the laptop to a server): every key the laptop takes, through any of its faces, is
one PostgreSQL stores too, and a key it does not take is refused, whichever the face. A restore
that fails names the row the database refused.

The laptop runs in another process on its own SQLite file (tests/club/laptop_keys.py); the
server is the suite's PostgreSQL, a new database of its own (`empty_database`)."""
import json
import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from games.services.hands import record_hand
from tests.games.kit import pool, summary

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LONGEST, LONGEST_FORM = 200, 195  # a key's characters; a page's form key ("form:" + key)
# Keys every face takes: at the length each allows, in any script, with what a page never
# draws but a database stores.
TAKEN = ["k" * LONGEST_FORM, "é" * LONGEST_FORM, "😀" * LONGEST_FORM, "\u202eright to left",
         "\ufeff\u2028\uffff", "a \"quoted\" 'key' \\ with spaces", "\\u0000", "e\u0301"]
# Keys only a hand's key and the API take: longer than a page's form key may be.
NOT_IN_A_FORM = ["k" * LONGEST, "😀" * LONGEST]
# Keys no face takes: too long, or holding a control character.
REFUSED = ["k" * (LONGEST + 1), "a\x00b", "\x00", "a\tb", "a\x85b", "a\nb"]
KEYS = TAKEN + NOT_IN_A_FORM + REFUSED
TAKES = {face: TAKEN + ([] if face == "form" else NOT_IN_A_FORM)
         for face in ("page", "outbox", "form", "api")}


def run(url: str, *args) -> subprocess.CompletedProcess:
    """`python ARGS` in another process whose database is `url`."""
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "server.settings"}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def output(url: str, *args) -> str:
    """What `python ARGS` printed, in another process whose database is `url`; it succeeds."""
    done = run(url, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL server is needed")
def test_a_laptop_backup_of_every_key_the_laptop_takes_restores_onto_postgresql(
        tmp_path, empty_database):
    laptop, keys = f"sqlite:///{tmp_path / 'laptop.sqlite3'}", tmp_path / "keys.json"
    keys.write_text(json.dumps(KEYS))

    answers = json.loads(output(laptop, "-m", "tests.club.laptop_keys", str(keys)))
    for face, statuses in answers.items():
        taken = [key for key, status in zip(KEYS, statuses, strict=True) if status < 400]
        assert taken == TAKES[face], face
        assert {status for status in statuses if status >= 400} == {
            "page": {422}, "outbox": {422}, "form": {400}, "api": {400}}[face]
    output(laptop, "manage.py", "backup", str(tmp_path / "laptop.json"))
    output(empty_database, "manage.py", "restore", str(tmp_path / "laptop.json"))

    on_server = json.loads(output(empty_database, "-m", "tests.club.laptop_keys", "--held"))
    assert on_server == json.loads(output(laptop, "-m", "tests.club.laptop_keys", "--held"))
    hands = TAKES["page"] + TAKES["outbox"] + TAKES["api"]
    assert on_server == {"hands": sorted(hands), "requests": sorted(
        TAKES["api"] + [f"form:{key}" for key in TAKES["form"]])}


def test_a_restore_the_database_refuses_names_the_row_by_its_table_and_id(
        secretary, tmp_path, empty_database):
    """Two hands of a table under one key, as a backup altered by hand has them: the second is
    refused (the key is the table's), and the refusal names it."""
    table = pool(secretary)
    for key in ("first", "second"):
        record_hand(table_id=table.pk, record=summary(3), by=secretary, idempotency_key=key)
    backup = tmp_path / "club.json"
    call_command("backup", str(backup), stdout=StringIO())
    rows = json.loads(backup.read_text())
    second = next(row for row in rows if row["model"] == "games.hand"
                  and row["fields"]["idempotency_key"] == "second")
    second["fields"]["idempotency_key"] = "first"
    backup.write_text(json.dumps(rows))

    refused = run(empty_database, "manage.py", "restore", str(backup))

    assert refused.returncode != 0
    assert re.search(rf"nothing was: the row games\.hand with primary key {second['pk']} "
                     r"\(table games_hand\) was refused: ", refused.stderr)
    assert json.loads(output(empty_database, "-m", "tests.club.laptop_keys", "--held")) == {
        "hands": [], "requests": []}
