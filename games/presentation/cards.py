"""The card's words, written once for every face: the rank letters as the reader writes them
(K Q J A 10 9 8 7 in English, R D V A 10 9 8 7 in French), the suit symbols, and each card's
name for screen readers ("queen of hearts", « dame de cœur »).

Cards come as the engine writes them (docs/hand-record.md: "QH", "TS", "7C"; any spelling
games.engine.cards.parse_card accepts). Everything is in the active language: the pages show
the reader's, the exports render under translation.override("en")."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine.cards import parse_card

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = "HD"

# The letter on a card's face. The honours change with the language; the others are numbers.
RANK_LETTERS = {
    "K": pgettext_lazy("card rank", "K"), "Q": pgettext_lazy("card rank", "Q"),
    "J": pgettext_lazy("card rank", "J"), "A": pgettext_lazy("card rank", "A"),
    "T": "10", "9": "9", "8": "8", "7": "7",
}
RANK_NAMES = {
    "K": gettext_lazy("king"), "Q": gettext_lazy("queen"), "J": gettext_lazy("knave"),
    "A": gettext_lazy("ace"), "T": gettext_lazy("ten"), "9": gettext_lazy("nine"),
    "8": gettext_lazy("eight"), "7": gettext_lazy("seven"),
}
SUIT_NAMES = {
    "S": gettext_lazy("spades"), "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs"),
}


def rank_letter(rank) -> str:
    """"Q" -> "Q" in English, "D" in French; "T" or "10" -> "10". Anything else as it is."""
    rank = "T" if rank == "10" else rank
    return str(RANK_LETTERS[rank]) if rank in RANK_LETTERS else str(rank)


def rank_letters() -> dict[str, str]:
    """{"K": "R", "Q": "D", ..., "T": "10", ...} in the active language, for a script's JSON."""
    return {code: str(letter) for code, letter in RANK_LETTERS.items()}


def face(code) -> str:
    """"KS" -> "K♠" ("R♠" in French), "TD" -> "10♦"; anything not a card as it is."""
    canonical = parse_card(code)
    if canonical is None:
        return str(code)
    return rank_letter(canonical[0]) + SYMBOL[canonical[1]]


def card_name(code) -> str:
    """The card's name for a screen reader: "QH" -> "queen of hearts" (« dame de cœur »);
    anything not a card as it is."""
    canonical = parse_card(code)
    if canonical is None:
        return str(code)
    return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[canonical[0]],
                                        "suit": SUIT_NAMES[canonical[1]]}


def card(code) -> dict | None:
    """A card as a page draws it (templates/games/_card.html):
    {"face": "Q♥", "red": True, "name": "queen of hearts"}; None when it is not a card."""
    canonical = parse_card(code)
    if canonical is None:
        return None
    return {"face": face(canonical), "red": canonical[1] in RED_SUITS,
            "name": card_name(canonical)}

