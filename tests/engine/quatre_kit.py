"""Builders and a small reference model of à quatre, written from docs/rules.md (section 13) for
the tests of tests/engine/test_quatre_*.py, on the kit the three forms share
(tests/engine/kit.py). It holds no test of its own.

The builders make `ecarte-quatre/1` records (docs/hand-record.md), and the reference functions
follow the duties of the play for four, so that the tests can play legal hands of their own:
neither uses the engine. `rejects` asserts what the engine answers. `random_hand` draws a
legal hand with Hypothesis; REVOKE_DEAL and REVOKE_TRICKS are a hand with a revoke (REVOKE),
which the tests of the API and of the pages play too.
"""
from hypothesis import strategies as st

from games.engine.quatre import score_quatre
from tests.engine.kit import ALL_CARDS, CLASSIC, H, full_record, refuses, summary_record

FORMAT = "ecarte-quatre/1"
SEATS = ("elder", "second", "third", "dealer")
SIDE_OF = {"elder": "elder_side", "second": "dealer_side", "third": "elder_side",
           "dealer": "dealer_side"}
# A deal used across the modules: hearts are trumps, the second holds the king of trumps.
ELDER, SECOND, THIRD, DEALER = "KS QS JS AS TS", "KH QH 9S 8S 7S", "KD QD JD AD TD", \
    "KC QC JC AC TC"
TURN_UP = "7H"
STOCK = "JH AH TH 9H 8H 9D 8D 7D 9C 8C 7C".split()


def deal(elder=ELDER, second=SECOND, third=THIRD, dealer=DEALER, turn_up=TURN_UP):
    return {"elder": H(elder), "second": H(second), "third": H(third), "dealer": H(dealer),
            "turn_up": turn_up}


def full(the_deal=None, exchanges=(), tricks=None, **extra):
    """A full record; tricks is a list of 'C1 C2 C3 C4' strings, leader first."""
    return full_record(FORMAT, the_deal or deal(), exchanges, tricks, **extra)


def swap(**seats):
    """An accepted proposal: swap(elder=("8S", "JH"), third=("TD JD", "9D 8D"))."""
    entry = {"accepted": True}
    for seat, (discard, draw) in seats.items():
        entry[seat] = {"discard": H(discard), "draw": H(draw)}
    return entry


def refused(by):
    return {"accepted": False, "refused_by": by}


def summary(opening, elder_side, dealer_side, king_turned=False, king=None, **extra):
    """A summary record; keys of the summary object may be given with an 's_' prefix."""
    body = {"opening": opening, "king_turned": king_turned,
            "tricks": {"elder_side": elder_side, "dealer_side": dealer_side}}
    if king is not None:
        body["king"] = king
    return summary_record(FORMAT, body, **extra)


def rejects(record, code, at=None, *, at_prefix=None, mentions=()):
    """Asserts that score_quatre refuses `record` with `code` (at `at`); returns the error."""
    return refuses(score_quatre, record, code, at, at_prefix=at_prefix, mentions=mentions)


# The reference model of the play for four (docs/rules.md, section 13, rulings 36 to 40).

def value(card):
    return 7 - CLASSIC.index(card[0])


def legal(held, trick, trump):
    """The cards of `held` a player may play to `trick` (leader first)."""
    if not trick:
        return list(held)
    led = trick[0][1]
    for suit in (led, trump):
        mine = [c for c in held if c[1] == suit]
        if mine:
            top = max((value(c) for c in trick if c[1] == suit), default=-1)
            beating = [c for c in mine if value(c) > top]
            return beating or mine
    return list(held)


def taker(trick, trump):
    """The position in `trick` of the card that takes it."""
    trumps = [i for i, c in enumerate(trick) if c[1] == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c[1] == trick[0][1]]
    return max(pool, key=lambda i: value(trick[i]))


def play_out(hands, trump, choose):
    """Plays five tricks from `hands` {seat: cards}; `choose(cards)` picks among legal cards.
    Returns the tricks and the tricks taken by each side."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    leader, tricks = 0, []
    taken = {"elder_side": 0, "dealer_side": 0}
    for _ in range(5):
        trick = []
        for k in range(4):
            seat = SEATS[(leader + k) % 4]
            card = choose(legal(hands[seat], trick, trump))
            hands[seat].remove(card)
            trick.append(card)
        leader = (leader + taker(trick, trump)) % 4
        taken[SIDE_OF[SEATS[leader]]] += 1
        tricks.append(trick)
    return tricks, taken


# The elder leads the KS. The second holds the QS but trumps with the KH: a revoke (he must
# follow suit). He then wins every trick: QH and JH, trumps nobody can follow; the QS, which
# the third cannot beat; and the 8D, the only diamond left. A vole for the dealer's side.
REVOKE_DEAL = deal("KS 9C 8C 7C 9D", "QS KH QH JH 8D", "JS 7S 8S TS 7D", "KC QC JC AC TC", "7H")
REVOKE_TRICKS = ["KS KH 7S TC", "QH 7D JC 9D", "JH 8S AC 9C", "QS TS QC 8C", "8D JS KC 7C"]
REVOKE = {"type": "revoke", "by": "second", "trick": 1}


def random_hand(data, target=7):
    """A random legal hand: a random deal, a random legal exchange, random legal play."""
    cards = data.draw(st.permutations(ALL_CARDS))
    hands = {seat: list(cards[5 * i:5 * i + 5]) for i, seat in enumerate(SEATS)}
    turn_up, stock = cards[20], list(cards[21:])
    the_deal = {seat: list(h) for seat, h in hands.items()} | {"turn_up": turn_up}
    exchanges = []
    if data.draw(st.booleans()):
        while stock:
            answer = data.draw(st.sampled_from(("accept", "accept", "second", "third", "dealer")))
            if answer != "accept":
                exchanges.append({"accepted": False, "refused_by": answer})
                break
            entry = {"accepted": True}
            for seat in SEATS:
                least = 1 if seat == "elder" else 0
                count = data.draw(st.integers(least, min(5, len(stock))))
                if count == 0 and seat != "elder" and data.draw(st.booleans()):
                    continue
                discard = data.draw(st.permutations(hands[seat]))[:count]
                draw, stock = stock[:count], stock[count:]
                hands[seat] = [c for c in hands[seat] if c not in discard] + draw
                entry[seat] = {"discard": list(discard), "draw": draw}
            exchanges.append(entry)
            if not data.draw(st.booleans()):
                break
    trump = turn_up[1]
    king = None
    holders = [seat for seat in SEATS if "K" + trump in hands[seat]]
    if holders and data.draw(st.booleans()):
        king = holders[0]
    tricks, taken = play_out(hands, trump, lambda legal: data.draw(st.sampled_from(legal)))
    record = full(the_deal, exchanges, [list(t) for t in tricks], target=target)
    if king:
        record["king"] = king
    return record, taken
