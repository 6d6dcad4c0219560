"""What the scorer's pages say when a form was overtaken or an undo refused, in the reader's
words, from the service's refusal code and the hand's number (the services name the code and
no sentence: games.services.hands, games.services.tricks). `stale` is said on the page drawn
afresh, `first_elsewhere` beside the hand a phone kept (games/static/games/outbox.js), and
`undo_refused` beside the undo's button; any other refusal as words.refusal says it."""
from django.utils.translation import gettext_lazy as _

from club.errors import Refused
from club.refusals import Said
from games.presentation import words
from games.refusal_codes import GameCode

# Another phone was first: the scorer's form is out of date, and nothing was saved.
STALE = (GameCode.WRONG_HAND_NUMBER, GameCode.WRONG_TRICK_NUMBER, GameCode.HAND_IN_PROGRESS,
         GameCode.HAND_NOT_IN_PROGRESS)

_PAGE = {
    GameCode.WRONG_HAND_NUMBER: _("Hand %(number)s was already entered from another phone: here is "
                                  "the table as it stands."),
    GameCode.HAND_IN_PROGRESS: _("Hand %(number)s is being entered card by card from another "
                                 "phone: here it is."),
    GameCode.WRONG_TRICK_NUMBER: _("That trick of hand %(number)s was already entered or taken "
                                   "back from another phone: here is the hand as it stands."),
    GameCode.HAND_NOT_IN_PROGRESS: _("Hand %(number)s was already finished from another phone."),
}
_PHONE = {
    GameCode.WRONG_HAND_NUMBER: _("Another phone entered hand %(number)s first: this one was not "
                                  "recorded."),
    GameCode.HAND_IN_PROGRESS: _("Another phone is entering a hand card by card: this one was not "
                                 "recorded."),
    GameCode.WRONG_TRICK_NUMBER: _("That trick was entered or taken back from another phone first: "
                                   "it was not recorded again."),
    GameCode.HAND_NOT_IN_PROGRESS: _("That hand was finished from another phone first."),
}
_UNDO = {
    GameCode.WRONG_HAND_NUMBER: _("Hand %(number)s is no longer the last hand: another was entered "
                                  "since. Correct it from its page instead."),
    GameCode.UNIT_DECIDED: _("The game or rubber that hand %(number)s counts in is decided: only "
                             "staff may undo it now."),
    GameCode.HAND_IN_PROGRESS: _("Hand %(number)s is being entered card by card: take its tricks "
                                 "back one by one, or correct it."),
    GameCode.HAND_VOID: _("Hand %(number)s is void already: there is nothing to undo."),
}


def stale(code: GameCode, number: int) -> str:
    """The page drawn afresh after another phone was first; `number` the table's last hand."""
    return str(_PAGE[code]) % {"number": number}


def first_elsewhere(code: GameCode, number: int | None) -> str:
    """The phone's hand that another phone overtook; `number` the hand it believed it sent."""
    return str(_PHONE[code]) % {"number": number}


def undo_refused(refused: Refused, number: int) -> Said:
    """Why hand `number` cannot be undone."""
    if refused.code in _UNDO:
        return Said(str(_UNDO[refused.code]) % {"number": number})
    return words.refusal(refused)
