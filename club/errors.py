"""A request the club refuses: its error code, a message that names what was wrong, and, for a
rejected hand, where in the record (`at`). Nothing was changed.

Services raise it; each edge answers it in its own way: the JSON API with a status and the
error shape of docs/api.md (club.api), always in English; a page with its form and the refusal
in the reader's words (club.refusals). For that, a refusal may name the `rule` it applies, finer
than its code, with the specifics (`params`) its sentence needs: neither reaches the API.
"""


class Refused(Exception):
    def __init__(self, code: str, message: str, at: str | None = None, *,
                 rule: str | None = None, **params):
        super().__init__(message)
        self.code, self.message, self.at = code, message, at
        self.rule, self.params = rule, params

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.at is not None:
            error["at"] = self.at
        return {"error": error}
