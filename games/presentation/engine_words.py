"""The details of the engine's refusals in the reader's words.

The engine refuses a record with a code, the `detail` that names its message and the
parameters that fill it in (games.engine.errors: MESSAGES, and what each parameter holds);
the message itself, in English, is the API's fixed contract (docs/hand-record.md). A page
says the rule by its code (club.refusals) and, after it, this detail in the active language,
made from the same detail and parameters: the engine's English sentence is the msgid, and its
parameters are said as the pages say them, the cards as the reader writes them ("D♠", "10♦"),
the seats and sides by their words (display.role), a suit and a mark by their names, and a
choice among values with the language's "or". Nothing reads the message back."""
from django.utils.translation import gettext as _

from games.engine.errors import MESSAGES
from games.presentation.cards import SUIT_NAMES, face
from games.presentation.display import role
from games.presentation.marks import mark_word


def either(values, quoted: bool = False) -> str:
    """("a", "b", "c") -> "a, b or c" in the active language; '"a", "b" or "c"' when
    `quoted` (the values are the record's own, as JSON writes them)."""
    named = [f'"{value}"' if quoted else str(value) for value in values]
    return _("%(some)s or %(last)s") % {"some": ", ".join(named[:-1]), "last": named[-1]}


SAID = {
    "card": face, "card2": face, "seat": role, "side": role, "mark": mark_word,
    "suit": lambda suit: str(SUIT_NAMES[suit]), "choices": either,
    "quoted": lambda values: either(values, quoted=True),
    "seats": lambda values: ", ".join(f'"{value}"' for value in values),
    "names": ", ".join,
}


def detail(params: dict) -> str:
    """The detail of an engine refusal in the active language, from the parameters it carries
    (EngineError.params, which a Refused made from one carries too: `detail` names its
    message); "" for a refusal that carries no engine detail."""
    if params.get("detail") not in MESSAGES:
        return ""
    return _(MESSAGES[params["detail"]]) % {
        name: SAID[name](value) if name in SAID else value
        for name, value in params.items() if name != "detail"}
