"""manage.py score_hand: one JSON line per record; exit 0 all valid, 1 any rejected,
2 the input could not be read (docs/hand-record.md, "Where the engine is reached")."""

import json
import subprocess
import sys
from pathlib import Path

from testbed.records import ELDER_VOLE, SUMMARY_POINT, bad_card, elder_vole

ROOT = Path(__file__).resolve().parents[2]


def score_hand(*args, stdin=b""):
    done = subprocess.run(
        [sys.executable, "manage.py", "score_hand", *map(str, args)],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
    )
    return done.returncode, done.stdout.decode().splitlines(), done.stderr.decode()


def dump(record) -> str:
    return json.dumps(record, ensure_ascii=False)


def test_a_file_with_one_valid_record(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(ELDER_VOLE, indent=2))

    code, lines, _ = score_hand(path)

    assert code == 0
    assert len(lines) == 1
    assert json.loads(lines[0])["points"] == {"elder": 2, "dealer": 0}


def test_output_is_compact_json():
    _, lines, _ = score_hand(stdin=dump(ELDER_VOLE).encode())

    assert ": " not in lines[0] and ", " not in lines[0]


def test_standard_input_is_the_default_and_dash_means_it_too():
    for args in [(), ("-",)]:
        code, lines, _ = score_hand(*args, stdin=dump(SUMMARY_POINT).encode())
        assert code == 0
        assert json.loads(lines[0])["tricks"] == {"elder": 3, "dealer": 2}


def test_a_rejected_record_prints_the_error_and_exits_1():
    code, lines, _ = score_hand(stdin=dump(bad_card()).encode())

    assert code == 1
    assert json.loads(lines[0])["error"]["code"] == "bad_card"


def test_an_empty_input_is_bad_json():
    code, lines, _ = score_hand(stdin=b"")

    assert code == 1
    assert json.loads(lines[0])["error"]["code"] == "bad_json"


def test_a_jsonl_file_holds_one_record_per_line_in_order(tmp_path):
    path = tmp_path / "evening.jsonl"
    lines_in = [
        dump(ELDER_VOLE),
        dump(SUMMARY_POINT),
        "",
        "  ",
        dump(elder_vole(colour="red")),
        dump(ELDER_VOLE),
    ]
    path.write_text("\n".join(lines_in) + "\n")

    code, lines, _ = score_hand(path)

    assert code == 1
    outputs = [json.loads(line) for line in lines]
    assert len(outputs) == 4
    assert outputs[0]["tricks"] == {"elder": 5, "dealer": 0}
    assert outputs[1]["tricks"] == {"elder": 3, "dealer": 2}
    assert outputs[2]["error"]["code"] == "unknown_field"
    assert outputs[3]["tricks"] == {"elder": 5, "dealer": 0}


def test_lines_flag_reads_records_per_line_from_any_file(tmp_path):
    path = tmp_path / "evening.txt"
    path.write_text(dump(ELDER_VOLE) + "\r\n" + dump(SUMMARY_POINT) + "\r\n")

    code, lines, _ = score_hand(path, "--lines")

    assert code == 0
    assert len(lines) == 2


def test_all_valid_lines_exit_0():
    code, lines, _ = score_hand("--lines", stdin=(dump(ELDER_VOLE) + "\n").encode() * 50)

    assert code == 0
    assert len(lines) == 50


def test_a_line_that_is_not_utf8_is_bad_json_for_that_line_only(tmp_path):
    path = tmp_path / "evening.jsonl"
    path.write_bytes(
        b"\n".join([dump(ELDER_VOLE).encode(), b'{"deal": "\xff"}', dump(SUMMARY_POINT).encode()])
    )

    code, lines, _ = score_hand(path)

    assert code == 1
    outputs = [json.loads(line) for line in lines]
    assert [("error" in o) for o in outputs] == [False, True, False]
    assert outputs[1]["error"]["code"] == "bad_json"


def test_analyse_adds_the_analysis_to_each_result():
    stdin = (dump(ELDER_VOLE) + "\n" + dump(SUMMARY_POINT) + "\n").encode()

    code, lines, _ = score_hand("--lines", "--analyse", stdin=stdin)

    assert code == 0
    full, summary = (json.loads(line) for line in lines)
    assert full["analysis"]["elder_tricks"] == 5
    assert summary["analysis"] is None


def test_without_analyse_there_is_no_analysis():
    _, lines, _ = score_hand(stdin=dump(ELDER_VOLE).encode())

    assert "analysis" not in json.loads(lines[0])


def test_a_missing_file_exits_2(tmp_path):
    code, lines, err = score_hand(tmp_path / "nowhere.json")

    assert code == 2
    assert lines == []
    assert "cannot read" in err


def test_a_directory_exits_2(tmp_path):
    code, _, _ = score_hand(tmp_path)

    assert code == 2


def test_a_single_record_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "hand.json"
    path.write_bytes(dump(ELDER_VOLE).encode("utf-16"))

    code, lines, err = score_hand(path)

    assert code == 2
    assert lines == []
    assert "UTF" in err


def test_a_latin1_record_on_stdin_exits_2():
    code, _, err = score_hand(stdin='{"deal": "é"}'.encode("latin-1"))

    assert code == 2
    assert "not UTF-8" in err
