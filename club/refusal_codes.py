"""The club's refusal codes and rules (club.errors.Refused): each member equals the string the
JSON API and the stored data show. The status of each code is club.api's, the sentence of each
rule club.refusals'. The games and the nights have their own (games/refusal_codes.py,
nights/refusal_codes.py) and raise the club's codes and rules where the club's rule is theirs
too; the club names none of theirs."""
from club.errors import RefusalCode, RefusalRule


class ClubCode(RefusalCode):
    # 403: the user may not do this
    NOT_OWN = "not_own"
    NOT_STAFF = "not_staff"
    NOT_SUPERUSER = "not_superuser"
    # 404: what the path names is not there
    NO_SUCH_PAYMENT = "no_such_payment"
    NO_SUCH_PLAYER = "no_such_player"
    # 409: the request clashes with what is already there
    IDEMPOTENCY_CONFLICT = "idempotency_conflict"
    MONEY_HELD = "money_held"
    NAME_TAKEN = "name_taken"
    NO_LOGIN = "no_login"
    PAYMENT_NOT_SUGGESTED = "payment_not_suggested"
    PAYMENT_UNDONE = "payment_undone"
    PLAYER_HAS_LOGIN = "player_has_login"
    USER_LINKED = "user_linked"
    USERNAME_TAKEN = "username_taken"
    # 422: the request is well formed, but cannot be done as it stands
    BAD_AMOUNT = "bad_amount"
    BAD_FORM = "bad_form"
    BAD_MEMO = "bad_memo"
    BAD_NAME = "bad_name"
    BAD_PASSWORD = "bad_password"
    BAD_USERNAME = "bad_username"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    SAME_PARTY = "same_party"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_USER = "unknown_user"


class ClubRule(RefusalRule):
    # the pages' own
    NO_FORM_KEY = "no_form_key"
    BAD_FORM_KEY = "bad_form_key"
    UNKNOWN_ACTION = "unknown_action"
    CHOOSE_PLAYER = "choose_player"
    NOT_A_NUMBER = "not_a_number"
    # money (club.credit)
    OVER_CREDIT = "over_credit"
    # players (club.players)
    NO_SUCH_PLAYER = "no_such_player"
    NAME_LENGTH = "name_length"
    NAME_UNPRINTABLE = "name_unprintable"
    NO_USER = "no_user"
    USER_LINKED = "user_linked"
    NAME_TAKEN = "name_taken"
    # logins (club.players)
    USERNAME_INVALID = "username_invalid"
    USERNAME_TAKEN = "username_taken"
    PASSWORD_INVALID = "password_invalid"
    PLAYER_HAS_LOGIN = "player_has_login"
    NO_LOGIN = "no_login"
    PASSWORD_OF_STAFF = "password_of_staff"
    LOGIN_TWICE = "login_twice"
    # payments (club.payments), the settle-up (club.settle_up), any amount (club.ledger)
    AMOUNT_TYPED = "amount_typed"
    PAYMENT_STAFF = "payment_staff"
    AMOUNT_POSITIVE = "amount_positive"
    AMOUNT_WHOLE_CENTS = "amount_whole_cents"
    AMOUNT_ABOVE_MAX = "amount_above_max"
    PAY_HIMSELF = "pay_himself"
    MEMO_LENGTH = "memo_length"
    MEMO_UNPRINTABLE = "memo_unprintable"
    HELD_AT_TABLES = "held_at_tables"
    PAYMENT_NOT_SUGGESTED = "payment_not_suggested"
    NO_SUCH_PAYMENT = "no_such_payment"
    UNDO_PAYMENT_STAFF = "undo_payment_staff"
    PAYMENT_UNDONE = "payment_undone"
