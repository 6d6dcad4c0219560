"""ecarte-score: validate and score hand records (docs/hand-record.md) from a file or stdin.

    ecarte-score [PATH|-] [--lines] [--analyse]

`manage.py score_hand` runs this same code. Prints one compact JSON line per record, the
result or the error object, in input order.
Exit status: 0 every record valid, 1 any record rejected, 2 the input could not be read.
"""

import argparse
import json
import re
import sys

from games.engine import EngineError, loads, score

DESCRIPTION = "Validate and score hand records; print one JSON line per record."
UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff")  # the UTF-32 marks start with these too
UTF8_BOM = b"\xef\xbb\xbf"
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class Unreadable(Exception):
    """The input could not be read at all (exit status 2)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default="-", help="a record file, or - for stdin")
    parser.add_argument(
        "--lines", action="store_true", help="one record per line (implied by .jsonl)"
    )
    parser.add_argument("--analyse", action="store_true", help="add the double-dummy analysis")


def main(argv=None, prog: str = "ecarte-score") -> int:
    """Runs the command line on `argv` (default sys.argv[1:]) and returns the exit status."""
    parser = argparse.ArgumentParser(prog=prog, description=DESCRIPTION)
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args.path, args.lines, args.analyse, sys.stdout)
    except Unreadable as err:
        print(f"{prog}: {err}", file=sys.stderr)
        return 2


def run(path: str, lines: bool, analyse: bool, out) -> int:
    """Scores the records of `path` (- for standard input) and writes their JSON lines to
    `out`. Returns 1 if any record was rejected, else 0; raises Unreadable."""
    name = "standard input" if path == "-" else path
    data = read_input(path, name)
    if data.startswith(UTF16_32_BOMS):
        raise Unreadable(f"cannot read {name}: it is UTF-16 or UTF-32, not UTF-8")
    data = data.removeprefix(UTF8_BOM)
    texts = split_lines(data) if lines or path.endswith(".jsonl") else [decode(data, name)]

    answers = []
    rejected = 0
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    for text in texts:
        try:
            obj = score(loads(text), analyse=analyse)
        except EngineError as err:
            obj = err.as_dict()
            rejected += 1
        answers.append(dumps(encode(obj)))
    if answers:
        out.write("\n".join(answers) + "\n")
    return 1 if rejected else 0


def dumps(text: str) -> str:
    """JSON text that UTF-8 can carry: a lone surrogate (a record may hold one, written as an
    escape, and an error message may repeat it) stays an escape, as it came in."""
    return LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def read_input(path: str, name: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
    except OSError as err:
        raise Unreadable(f"cannot read {name}: {err.strerror or err}") from None


def decode(data: bytes, name: str) -> str:
    """A single record: input that is not UTF-8 cannot be read at all."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(
            f"cannot read {name}: not UTF-8 ({err.reason} at byte {err.start})"
        ) from None


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


if __name__ == "__main__":
    sys.exit(main())
