"""score_hand on a club's archive: 20,000 mixed records in one call, each answered right.

The records come from testbed.records, which deals, exchanges and plays legal hands with its own
implementation of the Laws, and breaks some of them in one known way."""
import json
import subprocess
import sys

from testbed.records import mixed_records, summary_of

ARCHIVE_SIZE = 20_000


def test_an_archive_of_twenty_thousand_mixed_records_is_scored_line_by_line(tmp_path):
    cases = list(mixed_records(ARCHIVE_SIZE, seed=11))
    archive = tmp_path / "archive.jsonl"
    archive.write_text("\n".join(json.dumps(record) for record, _ in cases) + "\n")
    run = subprocess.run([sys.executable, "manage.py", "score_hand", str(archive)],
                         capture_output=True, text=True, check=False)
    lines = run.stdout.splitlines()
    assert len(lines) == ARCHIVE_SIZE
    rejected = 0
    for (record, expected_error), line in zip(cases, lines):
        answer = json.loads(line)
        if expected_error:
            rejected += 1
            assert answer["error"]["code"] == expected_error, (record, answer)
            continue
        assert "error" not in answer, (record, answer)
        played = record["summary"] if "summary" in record else summary_of(record)["summary"]
        assert answer["tricks"] == played["tricks"]
        assert answer["in_progress"] if record.get("in_progress") else "in_progress" not in answer
    assert rejected > 0
    assert run.returncode == 1  # some records were rejected
