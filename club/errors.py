"""A request the club refuses: its error code, a message that names what was wrong, and, for a
rejected hand, where in the record (`at`). Nothing was changed.

The code says what is wrong in the club's terms (`not_scorer`, `no_such_table`, `bad_stake`;
for a hand, the engine's), never how HTTP would say it. Services raise it; each edge answers
it in its own way: the JSON API with the code's one status (club.api.REFUSAL_STATUS) and the
error shape of docs/api.md, always in English; a page with its form and the refusal
in the reader's words (club.refusals). For that, a refusal names the `rule` it applies, finer
than its code, with the specifics (`params`) its sentence needs, as data (a name, an amount, a
number, a form's `field`; a list of names as a tuple): neither reaches the API, and no face
reads its message back. A refusal of the engine carries the engine's parameters instead, its
`detail` among them (games.engine.errors), and no rule: its code is the rule.

Codes and rules are members of enumerations, never bare strings, each equal to the string the
API and the stored data show: each app has its own (club/refusal_codes.py, games/
refusal_codes.py, nights/refusal_codes.py), a subclass of `RefusalCode` and of `RefusalRule`,
and a refusal made with anything else is a TypeError at once. The one status of each code
(club.api) and the sentence of each rule (club.refusals) are keyed by them;
tests/club/test_refusal_enums.py holds the tables complete.

A refusal often names what the client sent (`rules has no option 'x'`, `rules.x`), and a hostile
client may send text that cannot be stored or shown: NUL, which PostgreSQL's text and jsonb
refuse, or half of a surrogate pair, which no UTF-8 page or database can hold. Every text of a
refusal is made `shown` when it is raised, so every edge may store and show it as it is.
"""
import re
from enum import StrEnum

# NUL and the other control characters but tab and newline, and the lone surrogates.
UNSHOWABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def shown(text: str) -> str:
    """`text` with each character that cannot be stored or shown written as its escape, such
    as `\\u0000`; other text, any language's, as it is."""
    return UNSHOWABLE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def _shown(value):
    """A parameter made `shown`: a text, or each text of a tuple; anything else as it is."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, tuple):
        return tuple(_shown(item) for item in value)
    return value


class RefusalCode(StrEnum):
    """What a refusal says is wrong, in the club's terms: each app's codes are a subclass
    (club.refusal_codes.ClubCode, ...), whose members equal the API's strings."""


class RefusalRule(StrEnum):
    """The rule a refusal applies, finer than its code, which its sentence says: each app's
    rules are a subclass (club.refusal_codes.ClubRule, ...)."""


class Refused(Exception):
    def __init__(self, code: RefusalCode, message: str, at: str | None = None, *,
                 rule: RefusalRule | None = None, **params):
        if not isinstance(code, RefusalCode):
            raise TypeError(f"a refusal's code is a member of an app's codes, not {code!r}")
        if not (rule is None or isinstance(rule, RefusalRule)):
            raise TypeError(f"a refusal's rule is a member of an app's rules, not {rule!r}")
        message = shown(message)
        super().__init__(message)
        self.code, self.message, self.at = code, message, None if at is None else shown(at)
        self.rule = rule
        self.params = {name: _shown(value) for name, value in params.items()}

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.at is not None:
            error["at"] = self.at
        return {"error": error}
