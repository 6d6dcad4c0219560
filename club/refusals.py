"""A refusal (club.errors.Refused) in the reader's words, for the pages: the one place where a
refusal becomes a sentence. The JSON API keeps the service's English message, and nothing here
reads it.

Every refusal a service raises names its `rule`, said here in full from its parameters (a
stake, a limit, a name, a list of names), each written as the page writes it; docs/api.md lists
each rule's parameters beside its code. The club's codes and rules are said here; each other
app adds its own when it is ready (`add_sentences`): the games' and their engine's
(games/presentation/refusal_words.py), the club nights' (nights/refusal_words.py). Each table
is keyed by the members of its app's enumerations (club/refusal_codes.py, ...), a rule's where
a code is also a rule. A refusal of
the engine names no rule: its code's sentence is said (so that the scorer's page says the rule
a record broke), then its detail, which the engine's parameters say
(games.presentation.words.refusal). A refusal a page makes itself, without a rule, is said by
its code and its message, which that page wrote in its reader's words. A code said in full is
also a rule (`name_taken`, `no_wagers`, ...); a code that stands for several rules
(`bad_amount`, `may_not_wager`) is said by its rule."""
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from club.errors import RefusalCode, RefusalRule
from club.refusal_codes import ClubCode, ClubRule

FORBIDDEN = _("You may not do this")
CLASHES = _("This clashes with what is already recorded")
NOT_AS_ASKED = _("This cannot be done as asked")

SENTENCES = {
    # -- codes, said before the service's message ----------------------------------------
    ClubCode.NOT_OWN: FORBIDDEN,
    ClubCode.NOT_STAFF: FORBIDDEN,
    ClubCode.NOT_SUPERUSER: FORBIDDEN,
    ClubRule.NO_SUCH_PLAYER: _("There is no player %(player)s."),
    ClubCode.MONEY_HELD: CLASHES,
    ClubCode.BAD_AMOUNT: NOT_AS_ASKED,
    ClubCode.BAD_FORM: NOT_AS_ASKED,
    ClubCode.BAD_MEMO: NOT_AS_ASKED,
    ClubCode.BAD_NAME: NOT_AS_ASKED,
    ClubCode.BAD_PASSWORD: NOT_AS_ASKED,
    ClubCode.BAD_USERNAME: NOT_AS_ASKED,
    ClubCode.SAME_PARTY: NOT_AS_ASKED,
    ClubCode.UNKNOWN_PLAYER: NOT_AS_ASKED,
    ClubCode.UNKNOWN_USER: NOT_AS_ASKED,
    ClubCode.INSUFFICIENT_FUNDS: _("Not enough money in the account"),
    ClubCode.IDEMPOTENCY_CONFLICT: _("This form's key was used for something else"),
    # -- rules, said in full ------------------------------------------------------------
    # the pages' own
    ClubRule.NO_FORM_KEY: _("This form has no key: load the page again."),
    ClubRule.BAD_FORM_KEY: _("This form's key is not one the page gave it: load the page again."),
    ClubRule.UNKNOWN_ACTION: _("Unknown action."),
    ClubRule.CHOOSE_PLAYER: _("Choose a player."),
    ClubRule.NOT_A_NUMBER: _("This form sent something other than a whole number where one "
                             "belongs: load the page again."),
    # money (club.credit)
    ClubRule.OVER_CREDIT: _("%(name)s may not owe more than %(limit)s (balance now %(balance)s)."),
    # players (club.players)
    ClubRule.NAME_LENGTH: _("A name is 1 to %(length)s characters."),
    ClubRule.NAME_UNPRINTABLE: _("A name holds only printable characters, not %(character)s "
                                 "(%(category)s)."),
    ClubRule.NO_USER: _("There is no login %(username)s."),
    ClubRule.USER_LINKED: _("The login %(username)s is already linked to a player."),
    ClubRule.NAME_TAKEN: _("There is already a player named %(name)s."),
    # logins (club.players)
    ClubRule.USERNAME_INVALID: _("A username is 1 to %(length)s characters: letters, digits and "
                                 "@ . + - _ only."),
    ClubRule.USERNAME_TAKEN: _("The username %(username)s is taken."),
    ClubRule.PASSWORD_INVALID: _("This password is refused: %(problems)s"),
    ClubRule.PLAYER_HAS_LOGIN: _("%(name)s already has a login."),
    ClubRule.NO_LOGIN: _("%(name)s has no login."),
    ClubRule.PASSWORD_OF_STAFF: _("Only a superuser sets the password of a staff login."),
    ClubRule.LOGIN_TWICE: _("Choose an existing login or make a new one, not both."),
    # payments (club.payments) and the settle-up (club.settle_up)
    ClubRule.AMOUNT_TYPED: _("“%(typed)s” is not an amount of money: write it like %(example)s, "
                             "with at most two decimal places."),
    ClubRule.PAYMENT_STAFF: _("Only staff record payments between members."),
    ClubRule.AMOUNT_POSITIVE: _("The amount must be more than 0.00."),
    ClubRule.AMOUNT_WHOLE_CENTS: _("The amount must be whole cents."),
    ClubRule.AMOUNT_ABOVE_MAX: _("The amount may be at most %(most)s."),
    ClubRule.PAY_HIMSELF: _("The payer and the payee must be two parties."),
    ClubRule.MEMO_LENGTH: _("The memo may be at most %(length)s characters."),
    ClubRule.MEMO_UNPRINTABLE: _("A memo holds only printable characters, not %(character)s "
                                 "(%(category)s)."),
    ClubRule.HELD_AT_TABLES: _("The balances sum to %(total)s, not 0.00."),
    ClubRule.PAYMENT_NOT_SUGGESTED: _("This payment is no longer suggested: the balances changed "
                                      "since the page was shown. Nothing was saved; here is what "
                                      "is suggested now."),
    ClubRule.NO_SUCH_PAYMENT: _("There is no such payment."),
    ClubRule.UNDO_PAYMENT_STAFF: _("Only staff, and the payer himself during the evening it was "
                                   "recorded in, may undo a payment."),
    ClubRule.PAYMENT_UNDONE: _("This payment is undone already: nothing more was done."),
}


def add_sentences(sentences: dict[RefusalCode | RefusalRule, str]) -> None:
    """Adds an app's sentences of its codes and rules, each a member of its enumerations; a
    code or a rule is said once."""
    strings = [key for key in sentences if not isinstance(key, (RefusalCode, RefusalRule))]
    if strings:
        raise ImproperlyConfigured(f"refusals said by a string, not a member: {strings}")
    said_twice = set(sentences) & set(SENTENCES)
    if said_twice:
        raise ImproperlyConfigured(f"refusals said twice: {sorted(said_twice)}")
    SENTENCES.update(sentences)


# What a character that a name or a memo may not hold is (club.names.CATEGORIES: its Unicode
# category), for the sentences' `category`.
CHARACTER_CATEGORIES = {"Cc": _("a control character"),
                        "Cf": _("an invisible formatting character"),
                        "Cs": _("a lone surrogate"), "Co": _("a private-use character"),
                        "Cn": _("an unassigned code point")}


@dataclass
class Said:
    """A refusal as a page shows it: the rule in words, and a detail when the rule alone does
    not say it all (the engine's, after its code's sentence)."""
    rule: str
    detail: str = ""

    def __str__(self) -> str:
        return " — ".join(part for part in (self.rule, self.detail) if part)


def _written(name: str, value):
    """A parameter as a sentence writes it: a list of names joined, a character's category in
    words; anything else (a name, a number, an amount already `money_text.Local`) as it is."""
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    if name == "category" and value in CHARACTER_CATEGORIES:
        return str(CHARACTER_CATEGORIES[value])
    return value


def said(refused, detail=None) -> Said:
    """The refusal in the reader's words. `detail` says what an engine refusal's parameters
    say beyond its code (games.presentation.engine_words.detail, for the scorer's page and the
    admin); without it such a refusal is said by its code alone."""
    if refused.rule in SENTENCES:
        return Said(str(SENTENCES[refused.rule]) % {
            name: _written(name, value) for name, value in refused.params.items()})
    code = str(SENTENCES.get(refused.code, ""))
    if "detail" in refused.params:  # the engine's
        return Said(code, detail(refused.params) if detail else "")
    return Said(code, refused.message)  # a page's own, in its reader's words
