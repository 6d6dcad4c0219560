"""A refusal (club.errors.Refused) in the reader's words, for the pages: the one place where a
refusal becomes a sentence. The JSON API keeps the service's English message, and nothing here
reads it.

Every refusal a service raises names its `rule`, said here in full from its parameters (a
stake, a limit, a name, a list of names), each written as the page writes it; docs/api.md lists
each rule's parameters beside its code. The club's codes and rules are said here; each other
app adds its own when it is ready (`add_sentences`): the games' and their engine's
(games/presentation/refusal_words.py), the club nights' (nights/refusal_words.py). A refusal of
the engine names no rule: its code's sentence is said (so that the scorer's page says the rule
a record broke), then its detail, which the engine's parameters say
(games.presentation.words.refusal). A refusal a page makes itself, without a rule, is said by
its code and its message, which that page wrote in its reader's words. A code said in full is
also a rule (`name_taken`, `no_wagers`, ...); a code that stands for several rules
(`bad_amount`, `may_not_wager`) is said by its rule."""
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

FORBIDDEN = _("You may not do this")
CLASHES = _("This clashes with what is already recorded")
NOT_AS_ASKED = _("This cannot be done as asked")

SENTENCES = {
    # -- codes, said before the service's message ----------------------------------------
    "not_own": FORBIDDEN,
    "not_staff": FORBIDDEN,
    "not_superuser": FORBIDDEN,
    "no_such_player": _("There is no player %(player)s."),
    "money_held": CLASHES,
    "bad_amount": NOT_AS_ASKED,
    "bad_form": NOT_AS_ASKED,
    "bad_memo": NOT_AS_ASKED,
    "bad_name": NOT_AS_ASKED,
    "bad_password": NOT_AS_ASKED,
    "bad_username": NOT_AS_ASKED,
    "same_party": NOT_AS_ASKED,
    "unknown_player": NOT_AS_ASKED,
    "unknown_user": NOT_AS_ASKED,
    "insufficient_funds": _("Not enough money in the account"),
    "idempotency_conflict": _("This form's key was used for something else"),
    # -- rules, said in full ------------------------------------------------------------
    # the pages' own
    "no_form_key": _("This form has no key: load the page again."),
    "bad_form_key": _("This form's key is not one the page gave it: load the page again."),
    "unknown_action": _("Unknown action."),
    "choose_player": _("Choose a player."),
    # money (club.credit)
    "over_credit": _("%(name)s may not owe more than %(limit)s (balance now %(balance)s)."),
    # players (club.players)
    "name_length": _("A name is 1 to %(length)s characters."),
    "name_unprintable": _("A name holds only printable characters, not %(character)s "
                          "(%(kind)s)."),
    "no_user": _("There is no login %(username)s."),
    "user_linked": _("The login %(username)s is already linked to a player."),
    "name_taken": _("There is already a player named %(name)s."),
    # logins (club.players)
    "username_invalid": _("A username is 1 to %(length)s characters: letters, digits and "
                          "@ . + - _ only."),
    "username_taken": _("The username %(username)s is taken."),
    "password_invalid": _("This password is refused: %(problems)s"),
    "player_has_login": _("%(name)s already has a login."),
    "no_login": _("%(name)s has no login."),
    "password_of_staff": _("Only a superuser sets the password of a staff login."),
    "login_twice": _("Choose an existing login or make a new one, not both."),
    # payments (club.payments) and the settle-up (club.settle_up)
    "amount_typed": _("“%(typed)s” is not an amount of money: write it like %(example)s, with "
                      "at most two decimal places."),
    "payment_staff": _("Only staff record payments between members."),
    "amount_positive": _("The amount must be more than 0.00."),
    "amount_whole_cents": _("The amount must be whole cents."),
    "amount_above_max": _("The amount may be at most %(most)s."),
    "pay_himself": _("The payer and the payee must be two parties."),
    "memo_length": _("The memo may be at most %(length)s characters."),
    "memo_unprintable": _("A memo holds only printable characters, not %(character)s "
                          "(%(kind)s)."),
    "held_at_tables": _("The balances sum to %(total)s, not 0.00."),
    "payment_not_suggested": _("This payment is no longer suggested: the balances changed "
                               "since the page was shown. Nothing was saved; here is what is "
                               "suggested now."),
    "no_such_payment": _("There is no such payment."),
    "undo_payment_staff": _("Only staff, and the payer himself during the evening it was "
                            "recorded in, may undo a payment."),
    "payment_undone": _("This payment is undone already: nothing more was done."),
}



def add_sentences(sentences: dict) -> None:
    """Adds an app's sentences of its codes and rules; a code or a rule is said once."""
    said_twice = set(sentences) & set(SENTENCES)
    if said_twice:
        raise ImproperlyConfigured(f"refusals said twice: {sorted(said_twice)}")
    SENTENCES.update(sentences)


# What a character that a name or a memo may not hold is (club.names.KINDS: its Unicode
# category), for the sentences' `kind`.
CHARACTER_KINDS = {"Cc": _("a control character"), "Cf": _("an invisible formatting character"),
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
    """A parameter as a sentence writes it: a list of names joined, a character's kind in
    words; anything else (a name, a number, an amount already `money_text.Local`) as it is."""
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    if name == "kind" and value in CHARACTER_KINDS:
        return str(CHARACTER_KINDS[value])
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
