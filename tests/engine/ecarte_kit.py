"""Builders and a small reference model of the Laws for two, written from docs/rules.md for the
tests, on the kit the three forms share (tests/engine/kit.py).

The builders make hand records (docs/hand-record.md), and the reference functions (legal
plays, trick winner, a double-dummy minimax) follow section 6 of the Laws so that the tests can
generate legal hands and check the analysis: neither uses the engine. Only the assertions at
the end (`check`, `rejects`) call it.
"""

from functools import cache

from games.engine import score
from tests.engine.kit import ALL_CARDS, CLASSIC, H, full_record, refuses, summary_record

FORMAT = "ecarte-hand/1"
ACE_HIGH = "AKQJT987"
ROLES = ("elder", "dealer")
REFUSE = {"accepted": False}


def other(role):
    return "dealer" if role == "elder" else "elder"


def ex(elder_discard, elder_draw, dealer_discard=None, dealer_draw=None):
    """An accepted exchange entry; the dealer's part is left out when not given."""
    entry = {"accepted": True, "elder": {"discard": H(elder_discard), "draw": H(elder_draw)}}
    if dealer_discard is not None:
        entry["dealer"] = {"discard": H(dealer_discard), "draw": H(dealer_draw)}
    return entry


def full(elder, dealer, turn_up, exchanges=(), tricks=None, **extra):
    """A full record. tricks is a list of 'LEAD FOLLOW' strings or pairs."""
    return full_record(FORMAT, {"elder": H(elder), "dealer": H(dealer), "turn_up": turn_up},
                       exchanges, tricks, **extra)


def summary(opening, elder_tricks, dealer_tricks, king_turned=False, king=None, **extra):
    """A summary record; keys of the summary object may be given in extra with a 's_' prefix."""
    body = {
        "opening": opening,
        "king_turned": king_turned,
        "tricks": {"elder": elder_tricks, "dealer": dealer_tricks},
    }
    if king is not None:
        body["king"] = king
    return summary_record(FORMAT, body, **extra)


def before(elder, dealer):
    """A record's score_before: the points each had before the hand."""
    return {"elder": elder, "dealer": dealer}


BOTH = {"doubling": True, "offer_point": True}  # the rules of a table with both variants


def irr(kind, by=None, **extra):
    """An irregularities entry of type `kind`, by the role `by` when given, with any other key
    (`trick`, `reason`) from `extra`."""
    entry = {"type": kind}
    if by:
        entry["by"] = by
    entry.update(extra)
    return entry


def stock_of(elder, dealer, turn_up):
    """The 21 cards of the stock, in a fixed order (suits S H D C, ranks K..7)."""
    used = set(H(elder)) | set(H(dealer)) | {turn_up}
    return [c for c in ALL_CARDS if c not in used]


def M(to, points, why):
    return {"to": to, "points": points, "for": why}


# --- reference model of section 6 -------------------------------------------------------

def rank_index(card, ranking="classic"):
    order = ACE_HIGH if ranking == "ace_high" else CLASSIC
    return order.index(card[0])  # 0 is highest


def follower_wins(lead, follow, trump, ranking="classic"):
    if follow[1] == lead[1]:
        return rank_index(follow, ranking) < rank_index(lead, ranking)
    return follow[1] == trump


def legal_follows(hand, lead, trump, ranking="classic"):
    """The cards the follower may play to `lead` under section 6."""
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        higher = [c for c in same if rank_index(c, ranking) < rank_index(lead, ranking)]
        return higher or same
    trumps = [c for c in hand if c[1] == trump]
    return trumps or list(hand)


def solve(elder, dealer, trump, ranking="classic"):
    """Double-dummy minimax: (elder_tricks, {lead: elder tricks after that lead})."""

    @cache
    def best(leader_hand, follower_hand, leader_is_elder):
        # returns the most tricks the elder can be sure of from here
        if not leader_hand:
            return 0
        values = [after_lead(leader_hand, follower_hand, leader_is_elder, lead)
                  for lead in leader_hand]
        return max(values) if leader_is_elder else min(values)

    @cache
    def after_lead(leader_hand, follower_hand, leader_is_elder, lead):
        outcomes = []
        for follow in legal_follows(follower_hand, lead, trump, ranking):
            rest_leader = tuple(c for c in leader_hand if c != lead)
            rest_follower = tuple(c for c in follower_hand if c != follow)
            if follower_wins(lead, follow, trump, ranking):
                won = 0 if leader_is_elder else 1
                value = won + best(rest_follower, rest_leader, not leader_is_elder)
            else:
                won = 1 if leader_is_elder else 0
                value = won + best(rest_leader, rest_follower, leader_is_elder)
            outcomes.append(value)
        # the follower chooses: the dealer minimises, the elder maximises
        return min(outcomes) if leader_is_elder else max(outcomes)

    e, d = tuple(sorted(elder)), tuple(sorted(dealer))
    by_lead = {lead: after_lead(e, d, True, lead) for lead in e}
    return max(by_lead.values()), by_lead


def play_out(elder, dealer, trump, tricks, ranking="classic"):
    """Check a list of tricks against section 6; return the trick counts (elder, dealer)."""
    hands = {"elder": list(H(elder)), "dealer": list(H(dealer))}
    leader, won = "elder", {"elder": 0, "dealer": 0}
    for lead, follow in (H(t) for t in tricks):
        follower = other(leader)
        assert lead in hands[leader], (lead, leader)
        assert follow in legal_follows(hands[follower], lead, trump, ranking), (lead, follow)
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        leader = follower if follower_wins(lead, follow, trump, ranking) else leader
        won[leader] += 1
    return won["elder"], won["dealer"]


# --- hand-made deals, each checked against section 6 by tests/engine/test_s6_play.py -----

_ALL = object()


class Deal:
    """A deal and one legal line of play for it."""

    def __init__(self, elder, dealer, turn_up, tricks=(), ranking="classic"):
        self.elder, self.dealer, self.turn_up = H(elder), H(dealer), turn_up
        self.tricks = [H(t) for t in tricks]
        self.ranking = ranking

    def record(self, exchanges=(), tricks=_ALL, **extra):
        tricks = self.tricks if tricks is _ALL else tricks
        return full(self.elder, self.dealer, self.turn_up, exchanges, tricks, **extra)

    def first(self, n, **extra):
        """The record with only the first n tricks."""
        return self.record(tricks=self.tricks[:n], **extra)

    @property
    def stock(self):
        return stock_of(self.elder, self.dealer, self.turn_up)


# Trumps are diamonds in every deal below (the turn-up is 7D) unless said otherwise.
# Elder 3, dealer 2; nobody holds a trump; KD is in the stock.
POINT = Deal("KH QH JH 7C 8C", "AS TS 9S AC KC", "7D",
             ["KH 9S", "QH TS", "JH AS", "7C AC", "KC 8C"])
# The same with the king turned up.
TURNED_KING = Deal("KH QH JH 7C 8C", "AS TS 9S AC KC", "KD",
                   ["KH 9S", "QH TS", "JH AS", "7C AC", "KC 8C"])
# Elder 4, dealer 1.
ELDER_FOUR = Deal("KH QH JH KC 8C", "AS TS 9S AC 9C", "7D",
                  ["KH 9S", "QH TS", "JH AS", "KC 9C", "8C AC"])
# Elder 5: the dealer never follows.
ELDER_VOLE = Deal("KH QH JH 7C 8C", "AS TS 9S 8S 7S", "7D",
                  ["KH 7S", "QH 8S", "JH 9S", "7C TS", "8C AS"])
# Elder 2, dealer 3.
DEALER_POINT = Deal("KH QH 7C 8C 9C", "AS TS AC KC QC", "7D",
                    ["KH AS", "QH TS", "7C QC", "KC 8C", "AC 9C"])
# Elder 0, dealer 5.
DEALER_VOLE = Deal("7C 8C 9C TC 7H", "KC QC JC AC KH", "7D",
                   ["7C JC", "KC 8C", "QC 9C", "AC TC", "KH 7H"])
# Elder holds the king of trumps and makes 3 tricks.
KING_ELDER = Deal("KD KH QH 7C 8C", "AS TS 9S AC KC", "7D",
                  ["KH 9S", "QH TS", "KD AS", "7C AC", "KC 8C"])
# Elder holds the king of trumps and makes the vole.
KING_ELDER_VOLE = Deal("KD QH JH 7C 8C", "AS TS 9S 8S 7S", "7D",
                       ["KD 7S", "QH 8S", "JH 9S", "7C TS", "8C AS"])
# The dealer holds the king of trumps and makes 3 tricks (he trumps the third heart).
KING_DEALER = Deal("KH QH KS 7C 8C", "KD 9S 7H AC TC", "7D",
                   ["KS 9S", "KH 7H", "QH KD", "AC 7C", "TC 8C"])
# The dealer holds the king of trumps; the elder makes 4 tricks.
KING_DEALER_ELDER_WINS = Deal("KH QH KS QS JS", "KD 7H 8H 9S TS", "7D",
                              ["KH 7H", "QH 8H", "KS 9S", "QS TS", "JS KD"])
# The last trick is AH against JH: the dealer's in the classic ranking, the elder's with ace_high.
RANKING = Deal("KS QS AH 7C 8C", "9S 8S JH KC QC", "7D",
               ["7C QC", "KC 8C", "9S KS", "QS 8S", "AH JH"])
# DEALER_VOLE's cards; the dealer revokes in trick 1 (KH on a club lead): elder 1, dealer 4.
REVOKE_POINT = Deal("7C 8C 9C TC 7H", "KC QC JC AC KH", "7D",
                    ["7C KH", "8C JC", "KC 9C", "QC TC", "AC 7H"])
# The dealer trumps trick 1 while holding clubs and so makes the vole.
REVOKE_VOLE = Deal("7C 8C 9C TC 7H", "8D KC QC JC KH", "7D",
                   ["7C 8D", "KC 8C", "QC 9C", "JC TC", "KH 7H"])
# POINT after one exchange each: the elder 8C for 9H, the dealer 9S for QC; elder 4, dealer 1.
EXCHANGED = Deal("KH QH JH 9H 7C", "AS TS QC AC KC", "7D",
                 ["KH AS", "QH TS", "JH QC", "9H KC", "7C AC"])
EXCHANGE_ONE = ex("8C", "9H", "9S", "QC")  # turns POINT's deal into EXCHANGED's hands

LEGAL_DEALS = {
    "POINT": (POINT, (3, 2)), "TURNED_KING": (TURNED_KING, (3, 2)),
    "ELDER_FOUR": (ELDER_FOUR, (4, 1)), "ELDER_VOLE": (ELDER_VOLE, (5, 0)),
    "DEALER_POINT": (DEALER_POINT, (2, 3)), "DEALER_VOLE": (DEALER_VOLE, (0, 5)),
    "KING_ELDER": (KING_ELDER, (3, 2)), "KING_ELDER_VOLE": (KING_ELDER_VOLE, (5, 0)),
    "KING_DEALER": (KING_DEALER, (2, 3)),
    "KING_DEALER_ELDER_WINS": (KING_DEALER_ELDER_WINS, (4, 1)),
    "RANKING": (RANKING, (2, 3)), "EXCHANGED": (EXCHANGED, (4, 1)),
}


# --- assertions against the engine ---------------------------------------------------------

def check(record, marks, *, tricks=None, vulnerable=_ALL, game_over=False, winner=None,
          void=False, score_after=None):
    """Score `record` and assert the result exactly. marks: [(to, points, for), ...]."""
    result = score(record)
    expected_marks = [M(*m) for m in marks]
    points = {"elder": 0, "dealer": 0}
    for m in expected_marks:
        points[m["to"]] += m["points"]
    before = record.get("score_before", {"elder": 0, "dealer": 0})
    if score_after is None:
        score_after = {r: before[r] + points[r] for r in ROLES}
    elif not isinstance(score_after, dict):
        score_after = dict(zip(ROLES, score_after))
    assert result["format"] == "ecarte-result/1"
    assert result["marks"] == expected_marks
    assert result["points"] == points
    assert result["score_after"] == score_after
    assert result["game_over"] is game_over
    assert result["winner"] == winner
    assert result["void"] is void
    if tricks is not None:
        assert result["tricks"] == dict(zip(ROLES, tricks))
    if vulnerable is not _ALL:
        assert result["vulnerable"] == vulnerable
    return result


def rejects(record, code, at=None, *, at_prefix=None, mentions=()):
    """Assert that the engine rejects `record` with `code` at `at` (or under `at_prefix`)."""
    return refuses(score, record, code, at, at_prefix=at_prefix, mentions=mentions)


def exhausting(deal=POINT):
    """Three proposals that draw all 21 cards of the stock: 5+5, 5+5, then 1 for the elder."""
    s = deal.stock
    return [
        ex(deal.elder, s[0:5], deal.dealer, s[5:10]),
        ex(s[0:5], s[10:15], s[5:10], s[15:20]),
        ex(s[10:11], s[20:21]),
    ]


def with_deal(elder="KH QH JH 7C 8C", dealer="AS TS 9S AC KC", turn_up="7D", tricks=(), **extra):
    return full(elder, dealer, turn_up, [], list(tricks), in_progress=True, **extra)


# Every error code of docs/hand-record.md but bad_json: (code, a record that provokes it, where the
# error points; a trailing * means under that prefix).
ERRORS = [
    ("unknown_field", lambda: POINT.record(foo=1), "foo"),
    ("bad_format", lambda: POINT.record(format="ecarte/1"), "format"),
    ("bad_card", lambda: with_deal(dealer="AS TS 9S AC KX"), "deal.dealer[4]"),
    ("duplicate_card", lambda: with_deal(dealer="AS TS 9S AC AS"), "deal.dealer[4]"),
    ("wrong_hand_size", lambda: with_deal(dealer="AS TS 9S AC"), "deal.dealer"),
    ("bad_exchange", lambda: POINT.first(0, exchanges=[REFUSE, EXCHANGE_ONE]), "exchanges[1]*"),
    ("stock_exhausted", lambda: POINT.first(0, exchanges=exhausting() + [REFUSE]),
     "exchanges[3]*"),
    ("card_not_held", lambda: POINT.record(exchanges=[ex("KS", "9H", "9S", "QC")]),
     "exchanges[0].elder.discard[0]"),
    ("card_not_held", lambda: POINT.record(tricks=[["KH", "9S"], ["QS", "TS"]]), "tricks[1][0]"),
    ("must_follow_suit", lambda: REVOKE_VOLE.record(), "tricks[0][1]"),
    ("must_win_trick", lambda: with_deal("TC KH QH JH 8C", "9C AC AS TS 9S",
                                         tricks=[["TC", "9C"]]), "tricks[0][1]"),
    ("must_trump", lambda: with_deal("KH 7S 8S 9S TS", "8D AC TC 9C 7C", tricks=[["KH", "AC"]]),
     "tricks[0][1]"),
    ("king_not_held", lambda: POINT.record(king="dealer"), "king"),
    ("wrong_trick_count", lambda: POINT.first(4), "tricks"),
    ("after_game_end", lambda: POINT.record(score_before={"elder": 0, "dealer": 5}),
     "score_before.dealer"),
    ("variant_disabled", lambda: POINT.record(offer={"by": "elder", "accepted": False}), "offer"),
    ("bad_summary", lambda: summary("played", 4, 2), "summary.tricks"),
    ("bad_irregularity", lambda: POINT.record(irregularities=[{"type": "revoke", "by": "dealer",
                                                                "trick": 2}]),
     "irregularities[0]*"),
    ("too_late", lambda: summary("played", 3, 2, king="elder",
                                 s_king_announced="before_second_card"),
     "summary.king_announced"),
]
