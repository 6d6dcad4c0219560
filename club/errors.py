"""A request the club refuses: its error code, a message that names what was wrong, and, for a
rejected hand, where in the record (`at`). Nothing was changed.

Services raise it; each edge answers it in its own way: the JSON API with a status and the
error shape of docs/api.md (club.api), a page with its form and the message.
"""


class Refused(Exception):
    def __init__(self, code: str, message: str, at: str | None = None):
        super().__init__(message)
        self.code, self.message, self.at = code, message, at

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.at is not None:
            error["at"] = self.at
        return {"error": error}
