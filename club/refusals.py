"""A refusal (club.errors.Refused) in the reader's words, for the pages: the one place where a
refusal becomes a sentence. The JSON API keeps the service's English message, and nothing here
reads it.

Every refusal a service raises names its `rule`, said here in full from its parameters (a
stake, a limit, a name, a list of names), each written as the page writes it; docs/api.md lists
each rule's parameters beside its code. A refusal of the engine names no rule: its code's
sentence is said (the codes of the games and of their engine are here too, so that the scorer's
page says the rule a record broke), then its detail, which the engine's parameters say
(games.presentation.words.refusal). A refusal a page makes itself, without a rule, is said by
its code and its message, which that page wrote in its reader's words. A code said here in full
is also a rule (`no_wagers`, `name_taken`, ...); a code that stands for several rules
(`bad_stake`, `may_not_wager`) is said by its rule."""
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

FORBIDDEN = _("You may not do this")
NOT_HERE = _("This is not here")
CLASHES = _("This clashes with what is already recorded")
NOT_AS_ASKED = _("This cannot be done as asked")

SENTENCES = {
    # -- codes, said before the service's message -------------------------------------------
    **dict.fromkeys(("may_not_wager", "no_linked_player", "not_director", "not_own", "not_scorer",
                     "not_staff", "not_superuser", "unit_decided"), FORBIDDEN),
    **dict.fromkeys(("no_such_hand", "no_such_player", "no_such_table"), NOT_HERE),
    **dict.fromkeys(("hand_void", "money_held", "seat_taken", "table_changed"), CLASHES),
    "bad_season": NOT_AS_ASKED,
    **dict.fromkeys(("bad_amount", "bad_count", "bad_first_dealer", "bad_form", "bad_memo",
                     "bad_name", "bad_odds", "bad_password", "bad_stake", "bad_username",
                     "bad_wager_style", "no_seat", "not_an_offer", "not_full_record",
                     "over_unmatched", "same_party", "unknown_format", "unknown_player",
                     "unknown_user", "wrong_player_count"),
                    NOT_AS_ASKED),
    "bad_rules": _("These table options cannot be used"),
    "table_closed": _("The table is no longer played"),
    "wagers_closed": _("Wagers on this unit are closed: it has started"),
    "insufficient_funds": _("Not enough money in the account"),
    "idempotency_conflict": _("This form's key was used for something else"),
    # the engine's codes (games.engine), on the scorer's page
    "bad_card": _("this is not a card of the pack"),
    "duplicate_card": _("a card can be in one place only"),
    "wrong_hand_size": _("each player is dealt five cards"),
    "bad_exchange": _("this exchange is not allowed"),
    "stock_exhausted": _("the stock has no more cards"),
    "card_not_held": _("a player plays only a card in hand"),
    "must_follow_suit": _("a player must follow suit"),
    "must_win_trick": _("a player must win the trick when able"),
    "must_trump": _("a player who cannot follow suit must trump"),
    "king_not_held": _("only the holder of the king of trumps announces it"),
    "wrong_trick_count": _("a hand is played to five tricks"),
    "after_game_end": _("the game was already over"),
    "bad_summary": _("this outcome cannot happen"),
    "bad_irregularity": _("this irregularity cannot be recorded so"),
    "variant_disabled": _("this table does not play this variant"),
    "duplicate_hand": _("this deal is already recorded"),
    "too_late": _("this comes too late under the Laws"),
    # -- rules, said in full --------------------------------------------------------------
    # the pages' own
    "no_form_key": _("This form has no key: load the page again."),
    "bad_form_key": _("This form's key is not one the page gave it: load the page again."),
    "not_a_number": _("This form sent something other than a whole number where one belongs: "
                      "load the page again."),
    "no_such_hand": _("There is no such hand at this table."),
    "unknown_action": _("Unknown action."),
    "choose_player": _("Choose a player."),
    "choose_seated": _("Choose a seated player."),
    "choose_offer": _("Choose an offer."),
    "no_such_wager": _("There is no such wager at this table."),
    # wagers (games.services.wagers)
    "wager_unlinked": _("Only a member whose login is linked to a player may wager."),
    "wager_scorer": _("The table's scorers may not wager at it: they enter the hands its "
                      "wagers are settled on."),
    "no_wagers": _("This table takes no wagers."),
    "wagers_table_closed": _("The table is over: no more wagers."),
    "wagers_unit_started": _("Unit %(unit)s has started: wagers on it are closed until the "
                             "next unit."),
    "wager_not_open": _("Wager %(wager)s is no longer open: nothing of it is left to take or "
                        "withdraw."),
    "stake_not_money": _("The stake must be an amount such as 5.00."),
    "stake_below_min": _("The stake must be at least %(least)s at this table."),
    "stake_above_max": _("The stake must be at most %(most)s at this table."),
    "over_credit": _("%(name)s may not owe more than %(limit)s (balance now %(balance)s)."),
    "not_playing": _("Nobody may wager on a player who does not play unit %(unit)s: it is "
                     "played by the two seated players."),
    "english_players": _("No advice and no wagers from the players: in the English style only "
                         "the bystanders wager."),
    "back_adversary": _("Seated players may back themselves, never their adversaries."),
    "odds_english": _("Odds are for the English style only."),
    "odds_typed": _("The odds must be two positive whole numbers written a:b, such as 1:1 or "
                    "5:2, not “%(typed)s”."),
    "split_cent": _("At %(odds)s a stake of %(stake)s would make the layer's stake a fraction "
                    "of a cent; %(below)s or %(above)s would do."),
    "split_cent_above": _("At %(odds)s a stake of %(stake)s would make the layer's stake a "
                          "fraction of a cent; %(above)s would do."),
    "take_french": _("Only an English offer is taken; French bets are balanced when the unit "
                     "starts."),
    "lay_himself": _("You may not lay against your own offer."),
    "unmatched_left": _("Only %(left)s of wager %(wager)s is still unmatched."),
    "withdraw_own": _("Only the member who placed a wager may withdraw it."),
    # hands and tricks (games.services.hands, tricks, waiting, changes)
    "scorers_enter": _("Only the table's scorers and staff may enter its hands."),
    "scorers_correct": _("Only the table's scorers and staff may correct its hands."),
    "scorers_undo": _("Only the table's scorers and staff may undo its hands."),
    "scorers_waiting": _("Only the table's scorers and staff may say how many hands their "
                         "phone keeps."),
    "waiting_count": _("The number of hands kept is a whole number from 0 to %(most)s."),
    "no_such_table": _("There is no table %(table)s."),
    "key_other_hand": _("This form's key was used for another hand at this table: load the "
                        "page again."),
    "no_more_hands": _("The table is over: no more hands."),
    "no_more_tricks": _("The table is over: no more tricks."),
    "seats_pending": _("No hand before every player has taken his seat; not yet: %(names)s."),
    "next_hand_number": _("The next hand of this table is number %(next)s, not %(number)s."),
    "hand_still_in_progress": _("Hand %(hand)s is still being entered: correct it rather than "
                                "add a new one."),
    "deal_recorded": _("This deal is already hand %(hand)s."),
    "unit_decided": _("This hand's unit is over: only staff may correct it."),
    "hand_set_aside": _("This hand no longer has a place at the table: it cannot be "
                        "corrected."),
    "undo_not_last": _("Hand %(hand)s is no longer the last hand: hand %(last)s was entered "
                       "since; correct it instead."),
    "undo_in_progress": _("Hand %(hand)s is being entered card by card: take its tricks back, "
                          "or correct it."),
    "undo_void": _("Hand %(hand)s is void already: nothing is left to undo."),
    "hand_not_in_progress": _("Hand %(hand)s is not in progress: only the table's last hand, "
                              "while it is entered trick by trick, takes tricks or is "
                              "finished; correct it instead."),
    "hand_without_place": _("Hand %(hand)s no longer has a place at the table; correct it "
                            "instead."),
    "not_full_record": _("Only a hand entered card by card is entered trick by trick."),
    "next_trick_number": _("The next trick of this hand is number %(next)s, not "
                           "%(number)s."),
    "no_trick_to_take_back": _("This hand has no trick to take back."),
    "last_trick_number": _("The last trick of this hand is number %(last)s, not %(number)s."),
    # tables and seats (games.services.tables)
    "rule_above_limit": _("At most %(limit)s."),
    "levy_percent": _("The levy is a percentage from 0 to 100."),
    "wager_min_least": _("The least stake is at least 0.01."),
    "wager_max_below_min": _("The greatest stake must not be less than the least."),
    "seat_count": _("A pool takes three different players, a rubber two."),
    "first_dealer": _("The first dealer is one of the two players who play first."),
    "stakes_by_staff": _("A pool with stakes is opened by staff or by one of its players."),
    "unknown_format": _("The kind of table is a pool, a rubber, à trois or à quatre."),
    "rules_object": _("The table's options must be an object of options."),
    "not_an_option": _("%(option)s is not an option of a table."),
    "option_choices": _("%(option)s must be one of %(choices)s."),
    "option_amount": _("%(option)s must be an amount of money, with at most two decimal "
                       "places."),
    "rubber_stakes": _("A rubber takes no stakes: only a pool has a pot."),
    "wager_style_unknown": _("The wagers are English, French or none."),
    "wager_style": _("Wagers are not taken à trois or à quatre: choose no wagers."),
    "many_handed_option": _("À trois and à quatre take only the game target and the rank of "
                            "the cards, not %(option)s."),
    "many_handed_target": _("À trois and à quatre, the game target is 5 or 7."),
    "scorers_abandon": _("Only the table's scorers and staff may abandon it."),
    "table_already_over": _("The table is over already."),
    "seat_unlinked": _("Your login is not linked to a player: ask the secretary."),
    "seat_by_staff": _("Only staff may seat another player."),
    "no_more_seats": _("The table is over: no more seats are taken."),
    "no_seat": _("%(name)s has no seat at this table."),
    "seat_taken": _("%(name)s has already taken his seat."),
    "playing_elsewhere": _("Already at another table in play: %(seated)s. Open this one all "
                           "the same only if they will play at both."),
    "opener_sets_scorers": _("Only staff and the table's opener may change its scorers."),
    "scorer_wagered": _("%(name)s has wagered at this table: its scorers do not wager at it."),
    # players (club.players)
    "name_length": _("A name is 1 to %(length)s characters."),
    "name_unprintable": _("A name holds only printable characters, not %(character)s "
                          "(%(kind)s)."),
    "no_such_player": _("There is no player %(player)s."),
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
    # club nights and seasons (nights.services, nights.selectors)
    "no_such_night": _("There is no club night %(night)s."),
    "night_director": _("Only staff and the club's directors open a night."),
    "fee_negative": _("A fee is an amount of 0.00 or more."),
    "night_open": _("The night %(name)s is open: close it before opening another."),
    "night_closed": _("This night is closed."),
    "present_unlinked": _("Your login is not linked to a player: ask the night's director."),
    "present_others": _("A member says only that he himself is here; the director marks the "
                        "others."),
    "already_present": _("%(name)s is already here."),
    "guest_limit": _("%(name)s came to %(nights)s nights as a guest, the most a guest may "
                     "(%(most)s): he joins the club before he plays again."),
    "draw_director": _("Only staff and the club's directors draw the tables."),
    "night_format": _("The night's tables are pools or rubbers."),
    "night_stakes_by_staff": _("A pool with stakes is drawn by staff."),
    "too_few_waiting": _("%(waiting)s waiting: a table takes %(seats)s."),
    "close_director": _("Only staff and the club's directors close the night."),
    "tables_in_play": _("Tables of the night still in play: %(count)s. Finish or abandon them "
                        "first."),
    "season_staff": _("Only staff define seasons."),
    "season_dates": _("The season's first night comes before its last."),
    "best_nights_least": _("The nights counted are at least 1, or all of them."),
    "minimum_nights_least": _("The nights to qualify are 0 or more."),
    "no_such_season": _("There is no season %(season)s."),
    "against_himself": _("Choose two different players."),
}


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
