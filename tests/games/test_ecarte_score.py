"""ecarte-score, `python -m games.engine.cli` and manage.py score_hand (which runs the engine's
command line without Django) answer byte for byte as the score_hand management command does,
run through Django, with the same exit status and message."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import EngineError, loads, score
from testbed.records import ELDER_VOLE, SUMMARY_POINT, bad_card, elder_vole, mixed_records

ROOT = Path(__file__).resolve().parents[2]
DJANGO_COMMAND = [sys.executable, "-m", "django", "score_hand", "--settings", "server.settings"]
WITHOUT_DJANGO = {
    "manage.py score_hand": [sys.executable, "manage.py", "score_hand"],
    "python -m games.engine.cli": [sys.executable, "-m", "games.engine.cli"],
    "ecarte-score": [str(Path(sys.executable).with_name("ecarte-score"))],
}


def run(command, args, stdin=b""):
    """Exit status, standard output, and the message on standard error without the name of
    the program or of the exception in front of it."""
    done = subprocess.run([*command, *args], cwd=ROOT, input=stdin, capture_output=True,
                          check=False)
    return done.returncode, done.stdout, done.stderr.decode().partition(": ")[2]


def dump(record) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode()


EVENING = [dump(ELDER_VOLE), dump(SUMMARY_POINT), b"", b"  ", dump(elder_vole(colour="red"))]

# name: (arguments, standard input, files written under {tmp} first, exit status)
CASES = {
    "a file with one record": (["{tmp}/hand.json"], b"",
                               {"hand.json": json.dumps(ELDER_VOLE, indent=2).encode()}, 0),
    "standard input by default": ([], dump(SUMMARY_POINT), {}, 0),
    "standard input as -": (["-"], dump(SUMMARY_POINT), {}, 0),
    "a rejected record": ([], dump(bad_card()), {}, 1),
    "an empty input": ([], b"", {}, 1),
    "a .jsonl file": (["{tmp}/evening.jsonl"], b"",
                      {"evening.jsonl": b"\n".join(EVENING) + b"\n"}, 1),
    "--lines with CRLF": (["{tmp}/evening.txt", "--lines"], b"",
                          {"evening.txt": dump(ELDER_VOLE) + b"\r\n" + dump(SUMMARY_POINT)}, 0),
    "only blank lines": (["--lines"], b"\n  \n\n", {}, 0),
    "a line that is not UTF-8": (["{tmp}/bad.jsonl"], b"",
                                 {"bad.jsonl": dump(ELDER_VOLE) + b'\n{"deal": "\xff"}\n'}, 1),
    "--analyse": (["--lines", "--analyse"], dump(ELDER_VOLE) + b"\n" + dump(SUMMARY_POINT), {},
                  0),
    "a UTF-8 BOM": ([], b"\xef\xbb\xbf" + dump(ELDER_VOLE), {}, 0),
    "a missing file": (["{tmp}/nowhere.json"], b"", {}, 2),
    "a directory": (["{tmp}"], b"", {}, 2),
    "a UTF-16 record": (["{tmp}/hand.json"], b"",
                        {"hand.json": json.dumps(ELDER_VOLE).encode("utf-16")}, 2),
    "UTF-16 lines": (["--lines"], "\n".join([dump(ELDER_VOLE).decode()] * 2).encode("utf-16"),
                     {}, 2),
    "a Latin-1 record": ([], '{"deal": "é"}'.encode("latin-1"), {}, 2),
    "a key holding a lone surrogate": ([], b'{"x\\ud800": 1}', {}, 1),
}


def test_a_lone_surrogate_in_a_record_is_answered_as_json_that_names_it():
    """The record's key is an escaped lone surrogate: the error repeats it, still escaped, and
    the line reads back as JSON (it used to end the command with a UnicodeEncodeError)."""
    status, out, _ = run(WITHOUT_DJANGO["ecarte-score"], [], b'{"x\\ud800": 1}')
    assert status == 1
    error = json.loads(out)["error"]
    assert error == {"code": "unknown_field", "message": "the record has no field 'x\\ud800'",
                     "at": "x\ud800"}


@pytest.mark.parametrize("case", CASES)
def test_every_way_in_answers_as_the_django_command_does(tmp_path, case):
    args, stdin, files, status = CASES[case]
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    args = [arg.format(tmp=tmp_path) for arg in args]

    expected = run(DJANGO_COMMAND, args, stdin)

    assert expected[0] == status
    for name, command in WITHOUT_DJANGO.items():
        assert run(command, args, stdin) == expected, name


@pytest.mark.parametrize("flags", [[], ["--analyse"]])
def test_an_archive_is_answered_byte_for_byte_as_the_engine_scores_it(tmp_path, flags):
    records = [json.dumps(record) for record, _ in mixed_records(2000, seed=5)]
    archive = tmp_path / "archive.jsonl"
    archive.write_text("\n".join(records) + "\n")
    answers = []
    for text in records:
        try:
            answers.append(score(loads(text), analyse=bool(flags)))
        except EngineError as err:
            answers.append(err.as_dict())
    lines = (json.dumps(a, ensure_ascii=False, separators=(",", ":")) + "\n" for a in answers)
    expected = (1, "".join(lines).encode(), "")

    assert run(DJANGO_COMMAND, [archive, *flags]) == expected
    for name, command in WITHOUT_DJANGO.items():
        assert run(command, [archive, *flags]) == expected, name


def test_manage_py_score_hand_does_not_load_django():
    done = subprocess.run([sys.executable, "-X", "importtime", "manage.py", "score_hand"],
                          cwd=ROOT, input=dump(ELDER_VOLE), capture_output=True, check=False)
    imported = [line.rpartition("|")[2].strip() for line in done.stderr.decode().splitlines()]

    assert done.returncode == 0
    assert "games.engine.cli" in imported
    assert "django" not in imported


def test_help_is_the_same_with_or_without_django():
    fast = subprocess.run([sys.executable, "manage.py", "score_hand", "--help"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    through_django = subprocess.run([sys.executable, "manage.py", "help", "score_hand"],
                                    cwd=ROOT, capture_output=True, text=True, check=False)

    assert fast.returncode == through_django.returncode == 0
    assert "--analyse" in fast.stdout
    assert fast.stdout == through_django.stdout
