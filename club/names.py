"""Names that people read: players, tables, and the usernames given to the API. Printable text
only, in one Unicode form, so that one name is never two rows."""

import unicodedata

from django.core.exceptions import ValidationError

# Unicode's "other" characters: control (Cc), format (Cf: zero-width spaces, the byte order
# mark, bidirectional overrides), surrogate (Cs), private use (Co) and unassigned (Cn).
KINDS = {"Cc": "a control character", "Cf": "an invisible formatting character",
         "Cs": "a lone surrogate", "Co": "a private-use character",
         "Cn": "an unassigned code point"}
# The zero-width joiner and non-joiner are format characters that names in some scripts
# (Persian, the Indic scripts) need.
JOINERS = {"\u200c", "\u200d"}


def unprintable(text: str) -> str | None:
    """What is wrong with `text` as a name, naming its first unprintable character; None when
    nothing is."""
    for character in text:
        kind = KINDS.get(unicodedata.category(character))
        if kind and character not in JOINERS:
            return f"must not contain U+{ord(character):04X}, {kind}"
    return None


def normal(text: str) -> str:
    """The name in NFC: an é typed as one character or as e and an accent is one name."""
    return unicodedata.normalize("NFC", text)


def validate_name(value: str) -> None:
    """For model fields (the admin's forms)."""
    problem = unprintable(value)
    if problem:
        raise ValidationError(f"The name {problem}.", code="unprintable")
