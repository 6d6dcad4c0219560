"""The engine's one typed error: the contract's code, its message and pointer, and what the
message is made of, so that each face may say it in its reader's words.

Every message the engine writes is one of MESSAGES, named by its `detail` and filled in with
its parameters (`params`). The message, in English, is the API's and the hand record's fixed
contract (docs/hand-record.md); a page says the same detail from the same parameters in its
reader's language (games.presentation.engine_words), and nothing reads a message back.

The parameters, by name (the same name always holds the same kind of value):
    card, card2      a card as the engine writes it ("KS", "TD")
    seat             a seat as records name it ("elder", "middle", "second", "dealer")
    side             a side à quatre ("elder_side", "dealer_side"): "elder's side"
    suit             a suit's letter ("S"): its name, "spades"
    mark             what a mark is for, as the result names it ("point", "king_held")
    choices          values, one of which is wanted: "a, b or c"
    quoted           the same, each in quotes: '"a", "b" or "c"'
    seats            seats to choose from, each in quotes: '"elder", "middle", "dealer"'
    names            names, all of them: "a, b, c"
    where            a part of the record as the message names it ("deal.elder", "summary")
    key, value       a field the record gives and its value, as Python writes them (`%r`)
    irregularity     an irregularity's type, as the record names it ("revoke")
    option           a table option, as the record names it
    number           a trick or a proposal, counted from 1
    count, count2    a number of cards or of tricks; expected, least, points, target, elder,
                     dealer: other numbers, as their names say
    format, score, table, king, error: the text the message shows, as it is
"""

CODES = frozenset(
    "bad_json unknown_field bad_format bad_card duplicate_card wrong_hand_size bad_exchange "
    "stock_exhausted card_not_held must_follow_suit must_win_trick must_trump king_not_held "
    "wrong_trick_count after_game_end variant_disabled bad_summary bad_irregularity "
    "too_late".split()
)

# detail: the English message, filled in with the parameters as ENGLISH writes them.
MESSAGES = {
    # -- bad_json, unknown_field, bad_format: the record's shape and its terms ---------------
    "not_json": "the record is not valid JSON: %(error)s",
    "no_option": "rules has no option %(key)r",
    "no_field": "%(where)s has no field %(key)r",
    "record_no_field": "the record has no field %(key)r",
    "not_object": "a hand record is a JSON object",
    "deal_or_summary": "a record needs either deal (full) or summary",
    "needs_key": "%(where)s needs %(key)r",
    "format": "format must be \"%(format)s\"",
    "format_one_of": "format must be one of %(names)s",
    "rules_not_object": "rules must be an object",
    "rules_not_options": "rules must be an object of table options",
    "must_be_one_of": "%(where)s must be %(choices)s",
    "ranking_one_of": "ranking must be one of %(names)s",
    "object": "%(where)s must be an object",
    "two_scores": "%(where)s must be an object of the two scores",
    "three_scores": "%(where)s must be an object of the three scores",
    "side_scores": "%(where)s must be an object of the two sides' scores",
    "two_hands": "%(where)s must be an object with elder, dealer and turn_up",
    "three_hands": "%(where)s must be an object with elder, middle, dealer and turn_up",
    "four_hands": "%(where)s must be an object with the four hands and turn_up",
    "discard_and_draw": "%(where)s must be an object with discard and draw",
    "two_counts": "%(where)s must be an object of the two trick counts",
    "three_counts": "%(where)s must be an object of the three trick counts",
    "side_counts": "%(where)s must be an object of the two sides' trick counts",
    "proposals": "%(where)s must be a list of proposals",
    "tricks_list": "%(where)s must be a list of tricks",
    "five_cards": "%(where)s must be a list of five cards",
    "cards": "%(where)s must be a list of cards",
    "irregularities_list": "%(where)s must be a list of irregularities",
    "need_role": "%(where)s must be \"elder\" or \"dealer\"",
    "need_role_or_null": "%(where)s must be \"elder\", \"dealer\" or null",
    "need_seat": "%(where)s must be one of %(seats)s",
    "need_seat_or_null": "%(where)s must be one of %(seats)s or null",
    "need_bool": "%(where)s must be true or false",
    "need_count": "%(where)s must be a whole number of at least %(least)s",
    "whole_number": "%(where)s must be a whole number",
    "opening": "summary.opening must be played, refused or exchanged",
    "king_holder_one_of": "summary.king_holder must be one of %(seats)s or null",
    "two_card_trick": "a trick is [leader's card, follower's card]",
    "n_card_trick": "a trick is its %(count)s cards in the order played, the leader's first",
    "proposal_object": "a proposal is an object",
    "exchange_object": "an exchange is an object with discard and draw",
    "refused_by_only": "only a refusal names a player in refused_by",
    "double_trick": "a double must come before trick 1, 2 or 3",
    "double_after_offer": "the hand ended when the offer was accepted: no double",
    "double_not_reached": "the double comes before trick %(number)s, which has not been "
                          "reached",
    "announced_needs_king": "%(where)s needs the king announced (%(king)s)",
    "king_before_play": "%(seat)s has played no card yet: the king is announced before play",
    "first_card_not_king": "%(seat)s's first card is %(card)s, not the king of trumps "
                           "%(card2)s",
    "rules_differ": "the record's rules.%(key)s is %(value)r, but the table's is %(table)r",
    "score_before_differs": "the record's score_before differs from the table's game score "
                            "%(score)s",
    "record_differs": "the record's %(key)s differs from the game's %(value)s",
    "match_differs": "%(key)s must be %(value)r, as the match stands",
    "target_differs": "the record's target differs from the game's target %(target)s",
    "target_card_not_random": "only the first hand of a game that plays to a card turned at "
                              "random gives target_card",
    "needs_target_card": "this game plays to a card turned at random: its first hand needs "
                         "target_card",
    "needs_turn_up": "this game plays to the retourne: its first hand needs the turn-up",
    "analysis_needs_deal": "analysis needs a full record with its deal",
    "analysis_needs_five": "analysis needs five cards in each hand when play began",
    "advice_needs_deal": "the advice needs a full record with its deal",
    "advice_needs_five": "the advice reads the elder's five cards as dealt, not %(count)s",
    "state_needs_deal": "the state of a hand needs a full record with its deal",
    # -- bad_card, duplicate_card, wrong_hand_size: the cards dealt ---------------------------
    "not_a_card": "%(value)r is not a card (write rank then suit, as TS or 10♠; ranks K Q J A "
                  "T 9 8 7, suits S H D C)",
    "turn_up_not_a_card": "%(value)r is not a card",
    "dealt_twice": "%(card)s is dealt twice",
    "turn_up_in_hand": "the turn-up %(card)s is also in a hand",
    "turned_up_not_in_stock": "the dealer turns up %(card)s, which is not in the stock",
    "drawn_not_in_stock": "%(seat)s draws %(card)s, which is not in the stock",
    "dealt_five": "%(seat)s must be dealt 5 cards, not %(count)s",
    "dealt_one_to_ten": "%(seat)s must be dealt 1 to 10 cards, not %(count)s",
    "plays_with": "%(seat)s plays with %(count)s cards, not 5",
    # -- bad_exchange, stock_exhausted: the exchange ------------------------------------------
    "refused_exchanges": "a refused proposal exchanges no card",
    "after_refusal": "nothing can follow a refusal",
    "refuse_after_exposed": "the dealer turned up a card in error in proposal %(number)s: he "
                            "cannot refuse another discard",
    "needs_elder": "an accepted proposal needs the elder's discard and draw",
    "unequal": "%(seat)s discards %(count)s and draws %(count2)s: the two must be equal",
    "at_most_five": "%(seat)s may take at most 5 cards",
    "at_least_one": "%(seat)s must take at least one card",
    "stock_empty": "the stock is empty: the exchange is over",
    "stock_empty_turn_up": "the stock is empty: no card was turned up",
    "stock_short": "%(seat)s draws %(count)s but the stock holds only %(count2)s",
    # -- card_not_held, must_*: the play ------------------------------------------------------
    "leads_unheld": "%(seat)s leads %(card)s but does not hold it",
    "plays_unheld": "%(seat)s plays %(card)s but does not hold it",
    "discards_unheld": "%(seat)s discards %(card)s but does not hold it",
    "must_follow": "%(seat)s holds %(card)s and must follow %(suit)s to %(card2)s in trick "
                   "%(number)s",
    "must_beat": "%(seat)s holds %(card)s and must beat %(card2)s in trick %(number)s",
    "must_trump": "%(seat)s has no %(suit)s, holds the trump %(card)s and must trump %(card2)s "
                  "in trick %(number)s",
    "must_trump_in": "%(seat)s has no %(suit)s, holds the trump %(card)s and must trump in "
                     "trick %(number)s",
    # -- king_not_held ------------------------------------------------------------------------
    "king_not_held": "%(seat)s announced the king of trumps %(card)s but does not hold it",
    "king_not_held_summary": "%(seat)s announced the king of trumps but does not hold it",
    # -- wrong_trick_count, bad_summary: the tricks and the summary ---------------------------
    "five_tricks_not": "a finished hand has 5 tricks, not %(count)s",
    "tricks_expected": "%(count)s tricks recorded; a finished hand has five: %(expected)s "
                       "expected",
    "tricks_after_offer": "%(count)s tricks recorded; the offer was accepted before the first "
                          "card: %(expected)s expected",
    "tricks_after_double": "%(count)s tricks recorded; the double before trick %(number)s was "
                           "declined: %(expected)s expected",
    "tricks_with_cards": "%(count)s tricks recorded; the elder played with %(elder)s cards and "
                         "the dealer with %(dealer)s: %(expected)s expected",
    "tricks_add_up": "the tricks add up to %(count)s, not 5",
    "player_tricks": "each player takes 0 to 5 tricks, 5 in all at most",
    "trois_tricks": "each player takes 0 to 5 tricks, 5 in all",
    "side_tricks": "each side takes 0 to 5 tricks, 5 in all at most",
    "turn_up_disagrees": "the turn-up %(card)s and king_turned %(value)s disagree",
    "king_turned_no_holder": "the king of trumps was turned up, so no one held it",
    "king_turned_no_king": "the king of trumps was turned up, so no one can announce it",
    "only_refused_names": "only a refused opening names who refused",
    "first_to_two_needed": "two players took two tricks each: first_to_two must name the one "
                           "who took his second trick first",
    "first_to_two_only": "first_to_two is given only when two players took two tricks each",
    # -- after_game_end -----------------------------------------------------------------------
    "all_placed": "the game is over: all three are placed",
    "match_over": "the match is over",
    "game_over": "%(seat)s already has %(points)s of %(target)s: the game is over",
    "side_game_over": "the %(side)s already has %(points)s of %(target)s: the game is over",
    "withdrawn": "%(seat)s already has %(points)s of %(target)s: he has won and withdrawn",
    "king_turned_ended": "the turned-up king ended the game: no exchange",
    "king_mark_before_play": "a king mark ended the game before play",
    "king_mark_after": "a king mark ended the game after trick %(number)s",
    # -- variant_disabled ---------------------------------------------------------------------
    "variant_off": "this table does not play %(option)s (rules.%(option)s)",
    # -- bad_irregularity ---------------------------------------------------------------------
    "irregularity_type": "type must be %(choices)s",
    "entry_keys": "a %(irregularity)s entry has exactly: %(names)s",
    "irregularity_by": "by must be %(quoted)s",
    "recorded_twice": "this %(irregularity)s is recorded twice",
    "nothing_misdealt": "five cards were dealt to each: nothing was misdealt",
    "replay_in_progress": "a hand dealt again is over, not in progress",
    "replay_reason": "a replay's reason is revoke, false_king, misdeal or undone",
    "irregularity_mark": "mark must be %(quoted)s",
    "mark_twice": "the %(mark)s of %(seat)s is recorded twice",
    "wrong_number_cards": "cards is the number he played with: 1 to 10, not 5",
    "played_with": "%(seat)s played with %(count)s cards, not %(count2)s",
    "lead_trick_range": "a lead out of turn names a trick from 1 to %(count)s, the tricks "
                        "recorded",
    "lead_in_turn": "%(seat)s was to lead trick %(number)s: his lead was in turn",
    "no_such_mark": "%(seat)s has no %(mark)s mark in this hand",
    "revoke_trick_range": "a revoke names a trick from 1 to %(count)s, the tricks recorded",
    "no_illegal_play": "%(seat)s made no illegal play in trick %(number)s",
    "king_not_announced": "%(seat)s did not announce the king of trumps",
    "king_not_false": "%(seat)s holds the king of trumps: the king is not false",
    "abandon_in_progress": "an abandoned hand is over, not in progress",
    "all_five_played": "all five tricks were played: nothing was abandoned",
    "point_won": "%(seat)s already won the point with %(count)s tricks and cannot abandon",
    "double_declined": "the hand ended when the double was declined",
    "offer_accepted": "the hand ended when the offer was accepted",
    # -- too_late -----------------------------------------------------------------------------
    "london_announcement": "the king of trumps is announced before the holder's first card, "
                           "or with it, by the London Laws (rules.king_announcement is london)",
    "claim_too_late": "the %(mark)s of %(seat)s was not marked before the trump of the next "
                      "deal was turned up: it can no longer be claimed",
}

SIDE_WORDS = {"elder_side": "elder's side", "dealer_side": "dealer's side"}


def either(values, quoted: bool = False) -> str:
    """("a", "b", "c") -> "a, b or c"; '"a", "b" or "c"' when `quoted`."""
    named = [f'"{value}"' if quoted else str(value) for value in values]
    return ", ".join(named[:-1]) + " or " + named[-1]


ENGLISH = {
    "side": SIDE_WORDS.get, "choices": either,
    "quoted": lambda values: either(values, quoted=True),
    "seats": lambda values: ", ".join(f'"{value}"' for value in values),
    "names": ", ".join,
}


def english(detail: str, params: dict) -> str:
    """The message of `detail` filled in with `params`, as the contract writes it."""
    from .cards import SUIT_NAMES  # cards.py raises EngineError: imported once both are

    written = {"suit": SUIT_NAMES.get, **ENGLISH}
    return MESSAGES[detail] % {name: written[name](value) if name in written else value
                               for name, value in params.items()}


class EngineError(Exception):
    """A rejected hand record: `code` from docs/hand-record.md, the `detail` of MESSAGES that
    says what was wrong, filled in with `params`, and `at`, a pointer into the record such as
    ``tricks[1][1]``. `message` is the detail in English; `params` carries the detail's name
    too, under "detail", so that it travels with them (club.errors.Refused)."""

    def __init__(self, code: str, detail: str, at: str = "", **params):
        assert code in CODES, code
        message = english(detail, params)
        super().__init__(message)
        self.code = code
        self.message = message
        self.at = at
        self.detail = detail
        self.params = {"detail": detail, **params}

    def as_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "at": self.at}}

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.message!r}, at={self.at!r})"
