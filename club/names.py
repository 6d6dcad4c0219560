"""Names that people read: players, tables, and the usernames given to the API. Printable text
only, in one Unicode form, so that one name is never two rows."""

import unicodedata

from django.core.exceptions import ValidationError

# Unicode's "other" characters: control (Cc), format (Cf: zero-width spaces, the byte order
# mark, bidirectional overrides), surrogate (Cs), private use (Co) and unassigned (Cn).
CATEGORIES = {"Cc": "a control character", "Cf": "an invisible formatting character",
              "Cs": "a lone surrogate", "Co": "a private-use character",
              "Cn": "an unassigned code point"}
# The zero-width joiner and non-joiner are format characters that names in some scripts
# (Persian, the Indic scripts) need.
JOINERS = {"\u200c", "\u200d"}


def unprintable_character(text: str) -> tuple[str, str] | None:
    """The first character of `text` that a name may not hold, as its code point and its
    Unicode category, one of CATEGORIES (("U+0000", "Cc")); None when there is none."""
    for character in text:
        category = unicodedata.category(character)
        if category in CATEGORIES and character not in JOINERS:
            return f"U+{ord(character):04X}", category
    return None


def described(found: tuple[str, str]) -> str:
    """What is wrong with a name that holds the character `found` (unprintable_character), in
    English: "must not contain U+0000, a control character"."""
    return f"must not contain {found[0]}, {CATEGORIES[found[1]]}"


def unprintable(text: str) -> str | None:
    """What is wrong with `text` as a name, naming its first unprintable character; None when
    nothing is."""
    found = unprintable_character(text)
    return described(found) if found else None


def normal(text: str) -> str:
    """The name in NFC: an é typed as one character or as e and an accent is one name."""
    return unicodedata.normalize("NFC", text)


def validate_name(value: str) -> None:
    """For model fields (the admin's forms)."""
    problem = unprintable(value)
    if problem:
        raise ValidationError(f"The name {problem}.", code="unprintable")


APOSTROPHES = "'’"


def _initial(part: str) -> str:
    """One part of a name by its initial: "Jean" → "J.", "d'Artagnan" → "d'A."; a part that
    does not start with a letter ("3") is kept whole."""
    cut = max(part.rfind(mark) for mark in APOSTROPHES) + 1  # after an elided "d'", "O'"
    head, rest = part[:cut], part[cut:]
    return f"{head}{rest[0]}." if rest[:1].isalpha() else part


def initials(name: str) -> str:
    """A name by its initials, as a member who chose them is shown on the public pages: each
    word by its initial, a hyphen kept between the parts of a word, an elided particle whole:
    "Jean-Marc Dupont" → "J.-M. D.", "d'Artagnan" → "d'A."."""
    return " ".join("-".join(_initial(part) for part in word.split("-") if part)
                    for word in name.split())
