"""The benchmarks' HTTP client, documented as a client of the API, sends an Idempotency-Key
with every POST, as every client of the club should (docs/api.md, Retries)."""
import json

from bench.api import Client


class _Recorder:
    """Stands in for the client's HTTP connection: keeps each request's headers."""

    def __init__(self):
        self.sent = []

    def request(self, method, path, body=None, headers=None):
        self.sent.append(headers)

    def getresponse(self):
        return self

    status = 201

    def read(self):
        return json.dumps({}).encode()


def test_the_benchmarks_client_sends_a_new_key_with_each_post():
    client = Client(0, "token")
    client.conn = _Recorder()
    client.post("/api/players", {"name": "Athos"})
    client.post("/api/players", {"name": "Athos"}, token="other")
    first, second = (headers["Idempotency-Key"] for headers in client.conn.sent)
    assert first and second and first != second
