"""The games' refusals in the reader's words, for the pages (club.refusals says them): the
sentence of each code and rule the games' services, their pages and their engine raise. Added
to club.refusals.SENTENCES when the app is ready, so that the club names none of them."""
from django.utils.translation import gettext_lazy as _

from club.refusals import CLASHES, FORBIDDEN, NOT_AS_ASKED
from games.refusal_codes import EngineCode, GameCode, GameRule

SENTENCES = {
    # -- codes, said before the service's message ----------------------------------------
    GameCode.MAY_NOT_WAGER: FORBIDDEN,
    GameCode.NO_LINKED_PLAYER: FORBIDDEN,
    GameCode.NOT_SCORER: FORBIDDEN,
    GameRule.UNIT_DECIDED: _("This hand's unit is over: only staff may correct it."),
    GameRule.NO_SUCH_HAND: _("There is no such hand at this table."),
    GameRule.NO_SUCH_TABLE: _("There is no table %(table)s."),
    GameCode.HAND_VOID: CLASHES,
    GameRule.SEAT_TAKEN: _("%(name)s has already taken his seat."),
    GameRule.TABLE_CHANGED: CLASHES,
    GameCode.BAD_COUNT: NOT_AS_ASKED,
    GameCode.BAD_FIRST_DEALER: NOT_AS_ASKED,
    GameCode.BAD_ODDS: NOT_AS_ASKED,
    GameCode.BAD_STAKE: NOT_AS_ASKED,
    GameCode.BAD_WAGER_STYLE: NOT_AS_ASKED,
    GameRule.NO_SEAT: _("%(name)s has no seat at this table."),
    GameCode.NOT_AN_OFFER: NOT_AS_ASKED,
    GameRule.NOT_FULL_RECORD: _("Only a hand entered card by card is entered trick by trick."),
    GameCode.OVER_UNMATCHED: NOT_AS_ASKED,
    GameRule.UNKNOWN_FORMAT: _("The kind of table is a pool, a rubber, à trois or à quatre."),
    GameCode.WRONG_PLAYER_COUNT: NOT_AS_ASKED,
    GameCode.BAD_RULES: _("These table options cannot be used"),
    GameCode.TABLE_CLOSED: _("The table is no longer played"),
    GameCode.WAGERS_CLOSED: _("Wagers on this unit are closed: it has started"),
    # the engine's codes (games.engine), on the scorer's page
    EngineCode.BAD_CARD: _("this is not a card of the pack"),
    EngineCode.DUPLICATE_CARD: _("a card can be in one place only"),
    EngineCode.WRONG_HAND_SIZE: _("each player is dealt five cards"),
    EngineCode.BAD_EXCHANGE: _("this exchange is not allowed"),
    EngineCode.STOCK_EXHAUSTED: _("the stock has no more cards"),
    EngineCode.CARD_NOT_HELD: _("a player plays only a card in hand"),
    EngineCode.MUST_FOLLOW_SUIT: _("a player must follow suit"),
    EngineCode.MUST_WIN_TRICK: _("a player must win the trick when able"),
    EngineCode.MUST_TRUMP: _("a player who cannot follow suit must trump"),
    EngineCode.KING_NOT_HELD: _("only the holder of the king of trumps announces it"),
    EngineCode.WRONG_TRICK_COUNT: _("a hand is played to five tricks"),
    EngineCode.AFTER_GAME_END: _("the game was already over"),
    EngineCode.BAD_SUMMARY: _("this outcome cannot happen"),
    EngineCode.BAD_IRREGULARITY: _("this irregularity cannot be recorded so"),
    EngineCode.VARIANT_DISABLED: _("this table does not play this variant"),
    GameCode.DUPLICATE_HAND: _("this deal is already recorded"),
    EngineCode.TOO_LATE: _("this comes too late under the Laws"),
    # -- rules, said in full ------------------------------------------------------------
    # the pages' own
    GameRule.CHOOSE_SEATED: _("Choose a seated player."),
    GameRule.CHOOSE_OFFER: _("Choose an offer."),
    GameRule.NO_SUCH_WAGER: _("There is no such wager at this table."),
    # wagers (games.services.wagers)
    GameRule.WAGER_UNLINKED: _("Only a member whose login is linked to a player may wager."),
    GameRule.WAGER_SCORER: _("The table's scorers may not wager at it: they enter the hands its "
                             "wagers are settled on."),
    GameRule.NO_WAGERS: _("This table takes no wagers."),
    GameRule.WAGERS_TABLE_CLOSED: _("The table is over: no more wagers."),
    GameRule.WAGERS_UNIT_STARTED: _("Unit %(unit)s has started: wagers on it are closed until the "
                                    "next unit."),
    GameRule.WAGER_NOT_OPEN: _("Wager %(wager)s is no longer open: nothing of it is left to take "
                               "or withdraw."),
    GameRule.STAKE_NOT_MONEY: _("The stake must be an amount such as 5.00."),
    GameRule.STAKE_BELOW_MIN: _("The stake must be at least %(least)s at this table."),
    GameRule.STAKE_ABOVE_MAX: _("The stake must be at most %(most)s at this table."),
    GameRule.NOT_PLAYING: _("Nobody may wager on a player who does not play unit %(unit)s: it is "
                            "played by the two seated players."),
    GameRule.ENGLISH_PLAYERS: _("No advice and no wagers from the players: in the English style "
                                "only the bystanders wager."),
    GameRule.BACK_ADVERSARY: _("Seated players may back themselves, never their adversaries."),
    GameRule.ODDS_ENGLISH: _("Odds are for the English style only."),
    GameRule.ODDS_TYPED: _("The odds must be two positive whole numbers written a:b, such as 1:1 "
                           "or 5:2, not “%(typed)s”."),
    GameRule.SPLIT_CENT: _("At %(odds)s a stake of %(stake)s would make the layer's stake a "
                           "fraction of a cent; %(below)s or %(above)s would do."),
    GameRule.SPLIT_CENT_ABOVE: _("At %(odds)s a stake of %(stake)s would make the layer's stake a "
                                 "fraction of a cent; %(above)s would do."),
    GameRule.TAKE_FRENCH: _("Only an English offer is taken; French bets are balanced when the "
                            "unit starts."),
    GameRule.LAY_HIMSELF: _("You may not lay against your own offer."),
    GameRule.UNMATCHED_LEFT: _("Only %(left)s of wager %(wager)s is still unmatched."),
    GameRule.WITHDRAW_OWN: _("Only the member who placed a wager may withdraw it."),
    # hands and tricks (games.services.hands, tricks, waiting, changes)
    GameRule.SCORERS_ENTER: _("Only the table's scorers and staff may enter its hands."),
    GameRule.SCORERS_CORRECT: _("Only the table's scorers and staff may correct its hands."),
    GameRule.SCORERS_UNDO: _("Only the table's scorers and staff may undo its hands."),
    GameRule.SCORERS_WAITING: _("Only the table's scorers and staff may say how many hands their "
                                "phone keeps."),
    GameRule.WAITING_COUNT: _("The number of hands kept is a whole number from 0 to %(most)s."),
    GameRule.KEY_OTHER_HAND: _("This form's key was used for another hand at this table: load the "
                               "page again."),
    GameRule.NO_MORE_HANDS: _("The table is over: no more hands."),
    GameRule.NO_MORE_TRICKS: _("The table is over: no more tricks."),
    GameRule.SEATS_PENDING: _("No hand before every player has taken his seat; not yet: "
                              "%(names)s."),
    GameRule.NEXT_HAND_NUMBER: _("The next hand of this table is number %(next)s, not %(number)s."),
    GameRule.HAND_STILL_IN_PROGRESS: _("Hand %(hand)s is still being entered: correct it rather "
                                       "than add a new one."),
    GameRule.DEAL_RECORDED: _("This deal is already hand %(hand)s."),
    GameRule.HAND_SET_ASIDE: _("This hand no longer has a place at the table: it cannot be "
                               "corrected."),
    GameRule.UNDO_NOT_LAST: _("Hand %(hand)s is no longer the last hand: hand %(last)s was entered "
                              "since; correct it instead."),
    GameRule.UNDO_IN_PROGRESS: _("Hand %(hand)s is being entered card by card: take its tricks "
                                 "back, or correct it."),
    GameRule.UNDO_VOID: _("Hand %(hand)s is void already: nothing is left to undo."),
    GameRule.HAND_NOT_IN_PROGRESS: _("Hand %(hand)s is not in progress: only the table's last "
                                     "hand, while it is entered trick by trick, takes tricks or is "
                                     "finished; correct it instead."),
    GameRule.HAND_WITHOUT_PLACE: _("Hand %(hand)s no longer has a place at the table; correct it "
                                   "instead."),
    GameRule.NEXT_TRICK_NUMBER: _("The next trick of this hand is number %(next)s, not "
                                  "%(number)s."),
    GameRule.NO_TRICK_TO_TAKE_BACK: _("This hand has no trick to take back."),
    GameRule.LAST_TRICK_NUMBER: _("The last trick of this hand is number %(last)s, not "
                                  "%(number)s."),
    # tables and seats (games.services.tables)
    GameRule.RULE_ABOVE_LIMIT: _("At most %(limit)s."),
    GameRule.LEVY_PERCENT: _("The levy is a percentage from 0 to 100."),
    GameRule.WAGER_MIN_LEAST: _("The least stake is at least 0.01."),
    GameRule.WAGER_MAX_BELOW_MIN: _("The greatest stake must not be less than the least."),
    GameRule.SEAT_COUNT: _("A pool takes three different players, a rubber two."),
    GameRule.FIRST_DEALER: _("The first dealer is one of the players who play the first hand."),
    GameRule.STAKES_BY_STAFF: _("A pool with stakes is opened by staff or by one of its players."),
    GameRule.RULES_OBJECT: _("The table's options must be an object of options."),
    GameRule.NOT_AN_OPTION: _("%(option)s is not an option of a table."),
    GameRule.OPTION_CHOICES: _("%(option)s must be one of %(choices)s."),
    GameRule.OPTION_AMOUNT: _("%(option)s must be an amount of money, with at most two decimal "
                              "places."),
    GameRule.RUBBER_STAKES: _("A rubber takes no stakes: only a pool has a pot."),
    GameRule.WAGER_STYLE_UNKNOWN: _("The wagers are English, French or none."),
    GameRule.WAGER_STYLE: _("Wagers are not taken à trois or à quatre: choose no wagers."),
    GameRule.MANY_HANDED_OPTION: _("À trois and à quatre take only the game target and the rank of "
                                   "the cards."),
    GameRule.MANY_HANDED_TARGET: _("À trois and à quatre, the game target is 5 or 7."),
    GameRule.SCORERS_ABANDON: _("Only the table's scorers and staff may abandon it."),
    GameRule.TABLE_ALREADY_OVER: _("The table is over already."),
    GameRule.SEAT_UNLINKED: _("Your login is not linked to a player: ask the secretary."),
    GameRule.SEAT_BY_STAFF: _("Only staff may seat another player."),
    GameRule.NO_MORE_SEATS: _("The table is over: no more seats are taken."),
    GameRule.PLAYING_ELSEWHERE: _("Already at another table in play: %(seated)s. Open this one all "
                                  "the same only if they will play at both."),
    GameRule.OPENER_SETS_SCORERS: _("Only staff and the table's opener may change its scorers."),
    GameRule.SCORER_WAGERED: _("%(name)s has wagered at this table: its scorers do not wager at "
                               "it."),
}
