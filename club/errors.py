"""A request the club refuses, with the API's error shape (API.md, Conventions)."""


class Refused(Exception):
    """Nothing was changed. `status` is the HTTP answer, `code` and `message` its error, and
    `at` (for a rejected hand) points into the record."""

    def __init__(self, status: int, code: str, message: str, at: str | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.at = status, code, message, at

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.at is not None:
            error["at"] = self.at
        return {"error": error}
