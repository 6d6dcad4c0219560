"""Every request that records something carries a key, so that a retry or a second tap does it
once (docs/api.md, Retries). The pages' scripts record nothing themselves: they help fill and
submit the server's forms, whose key the server puts in them. A script that came to POST by
itself (fetch, XMLHttpRequest, sendBeacon) must send an Idempotency-Key (the benchmarks'
client is held to the same rule in tests/test_bench_client.py). A request that sets a value
rather than adding one (the scorer's phone telling how many hands wait: WAITING_URL) does the
same however often it is repeated, and needs none."""
import re
from pathlib import Path

from django.conf import settings

SCRIPTS = sorted(Path(settings.BASE_DIR).glob("*/static/**/*.js"))
REQUEST = re.compile(r"\bfetch\s*\(|XMLHttpRequest|sendBeacon\s*\(")
SETS = ("fetch(WAITING_URL",)


def _requests_without_a_key(source: str) -> list[str]:
    """Each request a script makes (with the 400 characters that follow, where its options
    are) that is not a GET and names no Idempotency-Key."""
    found = []
    for start in (match.start() for match in REQUEST.finditer(source)):
        call = source[start:start + 400]
        posts = "sendBeacon" in call or re.search(r"""method\s*[:=]\s*["'](?!GET)""", call, re.I)
        if posts and "Idempotency-Key" not in call and not call.startswith(SETS):
            found.append(call.splitlines()[0])
    return found


def test_no_page_script_posts_without_an_idempotency_key():
    assert SCRIPTS, "no scripts found"
    for script in SCRIPTS:
        assert _requests_without_a_key(script.read_text()) == [], script


def test_the_check_sees_a_post_without_a_key_and_passes_one_with_it():
    bare = 'fetch("/api/tables/1/hands", {method: "POST", body: data})'
    keyed = ('fetch("/api/tables/1/hands", {method: "POST", headers: '
             '{"Idempotency-Key": key}, body: data})')
    assert _requests_without_a_key(bare) and not _requests_without_a_key(keyed)
    assert not _requests_without_a_key('fetch("/api/tables/1")')
    assert not _requests_without_a_key('fetch(WAITING_URL, {method: "POST", body: body})')
