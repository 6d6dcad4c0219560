"""score_hand: validate and score hand records from a file or standard input (HAND_RECORD.md).

    python manage.py score_hand [PATH|-] [--lines] [--analyse]

Prints one compact JSON line per record, the result or the error object, in input order.
Exit status: 0 every record valid, 1 any record rejected, 2 the input could not be read.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.engine import EngineError, loads, score

UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff")  # the UTF-32 marks start with these too
UTF8_BOM = b"\xef\xbb\xbf"


class Command(BaseCommand):
    help = "Validate and score hand records; print one JSON line per record."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", default="-", help="a record file, or - for stdin")
        parser.add_argument(
            "--lines", action="store_true", help="one record per line (implied by .jsonl)"
        )
        parser.add_argument("--analyse", action="store_true", help="add the double-dummy analysis")

    def handle(self, path, lines, analyse, **options):
        name = "standard input" if path == "-" else path
        data = read_input(path, name)
        if data.startswith(UTF16_32_BOMS):
            raise CommandError(
                f"cannot read {name}: it is UTF-16 or UTF-32, not UTF-8", returncode=2
            )
        data = data.removeprefix(UTF8_BOM)
        texts = split_lines(data) if lines or path.endswith(".jsonl") else [decode(data, name)]

        out = []
        rejected = 0
        dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        for text in texts:
            try:
                obj = score(loads(text), analyse=analyse)
            except EngineError as err:
                obj = err.as_dict()
                rejected += 1
            out.append(dumps(obj))
        if out:
            self.stdout.write("\n".join(out), ending="\n")
        if rejected:
            self.stdout.flush()
            sys.exit(1)


def read_input(path: str, name: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
    except OSError as err:
        raise CommandError(f"cannot read {name}: {err.strerror or err}", returncode=2)


def decode(data: bytes, name: str) -> str:
    """A single record: input that is not UTF-8 cannot be read at all."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CommandError(
            f"cannot read {name}: not UTF-8 ({err.reason} at byte {err.start})", returncode=2
        )


def split_lines(data: bytes) -> list:
    """One record per non-blank line. A line that is not UTF-8 stays bytes, so the engine
    rejects that record alone (bad_json) and the other lines are still scored."""
    try:
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        lines = [decode_or_keep(line) for line in data.split(b"\n")]
    return [line for line in lines if line.strip()]


def decode_or_keep(line: bytes):
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line
