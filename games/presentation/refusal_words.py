"""The games' refusals in the reader's words, for the pages (club.refusals says them): the
sentence of each code and rule the games' services, their pages and their engine raise. Added
to club.refusals.SENTENCES when the app is ready, so that the club names none of them."""
from django.utils.translation import gettext_lazy as _

from club.refusals import CLASHES, FORBIDDEN, NOT_AS_ASKED

SENTENCES = {
    # -- codes, said before the service's message ----------------------------------------
    "may_not_wager": FORBIDDEN,
    "no_linked_player": FORBIDDEN,
    "not_scorer": FORBIDDEN,
    "unit_decided": _("This hand's unit is over: only staff may correct it."),
    "no_such_hand": _("There is no such hand at this table."),
    "no_such_table": _("There is no table %(table)s."),
    "hand_void": CLASHES,
    "seat_taken": _("%(name)s has already taken his seat."),
    "table_changed": CLASHES,
    "bad_count": NOT_AS_ASKED,
    "bad_first_dealer": NOT_AS_ASKED,
    "bad_odds": NOT_AS_ASKED,
    "bad_stake": NOT_AS_ASKED,
    "bad_wager_style": NOT_AS_ASKED,
    "no_seat": _("%(name)s has no seat at this table."),
    "not_an_offer": NOT_AS_ASKED,
    "not_full_record": _("Only a hand entered card by card is entered trick by trick."),
    "over_unmatched": NOT_AS_ASKED,
    "unknown_format": _("The kind of table is a pool, a rubber, à trois or à quatre."),
    "wrong_player_count": NOT_AS_ASKED,
    "bad_rules": _("These table options cannot be used"),
    "table_closed": _("The table is no longer played"),
    "wagers_closed": _("Wagers on this unit are closed: it has started"),
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
    # -- rules, said in full ------------------------------------------------------------
    # the pages' own
    "not_a_number": _("This form sent something other than a whole number where one belongs: "
                      "load the page again."),
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
    "key_other_hand": _("This form's key was used for another hand at this table: load the "
                        "page again."),
    "no_more_hands": _("The table is over: no more hands."),
    "no_more_tricks": _("The table is over: no more tricks."),
    "seats_pending": _("No hand before every player has taken his seat; not yet: %(names)s."),
    "next_hand_number": _("The next hand of this table is number %(next)s, not %(number)s."),
    "hand_still_in_progress": _("Hand %(hand)s is still being entered: correct it rather than "
                                "add a new one."),
    "deal_recorded": _("This deal is already hand %(hand)s."),
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
    "first_dealer": _("The first dealer is one of the players who play the first hand."),
    "stakes_by_staff": _("A pool with stakes is opened by staff or by one of its players."),
    "rules_object": _("The table's options must be an object of options."),
    "not_an_option": _("%(option)s is not an option of a table."),
    "option_choices": _("%(option)s must be one of %(choices)s."),
    "option_amount": _("%(option)s must be an amount of money, with at most two decimal "
                       "places."),
    "rubber_stakes": _("A rubber takes no stakes: only a pool has a pot."),
    "wager_style_unknown": _("The wagers are English, French or none."),
    "wager_style": _("Wagers are not taken à trois or à quatre: choose no wagers."),
    "many_handed_option": _("À trois and à quatre take only the game target and the rank of "
                            "the cards."),
    "many_handed_target": _("À trois and à quatre, the game target is 5 or 7."),
    "scorers_abandon": _("Only the table's scorers and staff may abandon it."),
    "table_already_over": _("The table is over already."),
    "seat_unlinked": _("Your login is not linked to a player: ask the secretary."),
    "seat_by_staff": _("Only staff may seat another player."),
    "no_more_seats": _("The table is over: no more seats are taken."),
    "playing_elsewhere": _("Already at another table in play: %(seated)s. Open this one all "
                           "the same only if they will play at both."),
    "opener_sets_scorers": _("Only staff and the table's opener may change its scorers."),
    "scorer_wagered": _("%(name)s has wagered at this table: its scorers do not wager at it."),
}
