"""The details of the engine's refusals in the reader's words, by code.

The engine refuses a record with a code and an English message that names the seat, the cards
and the trick (docs/hand-record.md: the codes and the messages are the API's fixed contract, in
English). A page says the rule by its code (club.refusals) and, after it, this detail: each
message the engine writes is read back here by its shape and said again in the active language,
its seats by their names (display.role) and its cards as the reader writes them ("D♠", "10♦").
A message of another shape is shown as the engine wrote it, its cards written as faces."""
import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.presentation.cards import SUIT_NAMES, face
from games.presentation.display import role
from games.presentation.marks import mark_word

_C = r"(?:10|[KQJAT987])[SHDC]"  # a card as the engine writes it
_SUIT = "|".join(("spades", "hearts", "diamonds", "clubs"))
_SUIT_CODE = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}

# (the codes, the message's shape, its words): each group of the shape fills the words' field
# of the same name; `card*` fields are cards, `seat` a seat, `suit` a suit's English name,
# `mark` what a mark is for.
SHAPES = [
    (("must_win_trick",), rf"(?P<seat>\w+) holds (?P<card>{_C}) and must beat (?P<card2>{_C}) "
     r"in trick (?P<number>\d+)",
     gettext_noop("%(seat)s holds %(card)s and must beat %(card2)s in trick %(number)s")),
    (("must_follow_suit",), rf"(?P<seat>\w+) holds (?P<card>{_C}) and must follow "
     rf"(?P<suit>{_SUIT}) to (?P<card2>{_C}) in trick (?P<number>\d+)",
     gettext_noop("%(seat)s holds %(card)s and must follow %(suit)s to %(card2)s in trick "
                  "%(number)s")),
    (("must_trump",), rf"(?P<seat>\w+) has no (?P<suit>{_SUIT}), holds the trump "
     rf"(?P<card>{_C}) and must trump (?P<card2>{_C}) in trick (?P<number>\d+)",
     gettext_noop("%(seat)s has no %(suit)s, holds the trump %(card)s and must trump %(card2)s "
                  "in trick %(number)s")),
    (("must_trump",), rf"(?P<seat>\w+) has no (?P<suit>{_SUIT}), holds the trump "
     rf"(?P<card>{_C}) and must trump in trick (?P<number>\d+)",
     gettext_noop("%(seat)s has no %(suit)s, holds the trump %(card)s and must trump in trick "
                  "%(number)s")),
    (("card_not_held",), rf"(?P<seat>\w+) leads (?P<card>{_C}) but does not hold it",
     gettext_noop("%(seat)s leads %(card)s but does not hold it")),
    (("card_not_held",), rf"(?P<seat>\w+) plays (?P<card>{_C}) but does not hold it",
     gettext_noop("%(seat)s plays %(card)s but does not hold it")),
    (("card_not_held",), rf"(?P<seat>\w+) discards (?P<card>{_C}) but does not hold it",
     gettext_noop("%(seat)s discards %(card)s but does not hold it")),
    (("duplicate_card",), rf"(?P<card>{_C}) is dealt twice",
     gettext_noop("%(card)s is dealt twice")),
    (("duplicate_card",), rf"the turn-up (?P<card>{_C}) is also in a hand",
     gettext_noop("the turn-up %(card)s is also in a hand")),
    (("duplicate_card",), rf"(?P<seat>\w+) draws (?P<card>{_C}), which is not in the stock",
     gettext_noop("%(seat)s draws %(card)s, which is not in the stock")),
    (("wrong_hand_size",), r"(?P<seat>\w+) must be dealt 5 cards, not (?P<number>\d+)",
     gettext_noop("%(seat)s must be dealt 5 cards, not %(number)s")),
    (("king_not_held",), rf"(?P<seat>\w+) announced the king of trumps (?P<card>{_C}) but does "
     r"not hold it",
     gettext_noop("%(seat)s announced the king of trumps %(card)s but does not hold it")),
    (("stock_exhausted",), r"the stock is empty: the exchange is over",
     gettext_noop("the stock is empty: the exchange is over")),
    (("stock_exhausted",), r"(?P<seat>\w+) draws (?P<number>\d+) but the stock holds only "
     r"(?P<count>\d+)",
     gettext_noop("%(seat)s draws %(number)s but the stock holds only %(count)s")),
    (("bad_exchange",), r"a refused proposal exchanges no card",
     gettext_noop("a refused proposal exchanges no card")),
    (("bad_exchange",), r"nothing can follow a refusal",
     gettext_noop("nothing can follow a refusal")),
    (("bad_exchange",), r"an accepted proposal needs the elder's discard and draw",
     gettext_noop("an accepted proposal needs the elder's discard and draw")),
    (("bad_exchange",), r"(?P<seat>\w+) discards (?P<number>\d+) and draws (?P<count>\d+): the "
     r"two must be equal",
     gettext_noop("%(seat)s discards %(number)s and draws %(count)s: the two must be equal")),
    (("bad_exchange",), r"(?P<seat>\w+) may take at most 5 cards",
     gettext_noop("%(seat)s may take at most 5 cards")),
    (("bad_exchange",), r"(?P<seat>\w+) must take at least one card",
     gettext_noop("%(seat)s must take at least one card")),
    (("too_late",), r"the king of trumps is announced before the holder's first card, or with "
     r"it, by the London Laws \(rules\.king_announcement is london\)",
     gettext_noop("the king of trumps is announced before the holder's first card, or with it, "
                  "by the London Laws")),
    (("too_late",), r"the (?P<mark>\w+) of (?P<seat>\w+) was not marked before the trump of the "
     r"next deal was turned up: it can no longer be claimed",
     gettext_noop("the %(mark)s of %(seat)s was not marked before the trump of the next deal "
                  "was turned up: it can no longer be claimed")),
]
_SHAPES = [(codes, re.compile(shape), words) for codes, shape, words in SHAPES]
_CARD = re.compile(rf"\b{_C}\b")


def _field(name: str, value: str) -> str:
    if name.startswith("card"):
        return face(value)
    if name == "seat":
        return role(value)
    if name == "suit":
        return str(SUIT_NAMES[_SUIT_CODE[value]])
    if name == "mark":
        return mark_word(value)
    return value


def detail(code: str, message: str) -> str:
    """The engine's message for `code` in the active language; a message of a shape not known
    here, as written, its cards as faces."""
    for codes, shape, words in _SHAPES:
        found = shape.fullmatch(message) if code in codes else None
        if found:
            return _(words) % {name: _field(name, value)
                               for name, value in found.groupdict().items()}
    return _CARD.sub(lambda card: face(card.group(0)), message)
