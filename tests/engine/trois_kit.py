"""Builders and a reference model of the play for the à trois tests (no tests here), on the
kit the three forms share (tests/engine/kit.py).

The builders make `ecarte-trois/1` records, and the reference functions follow the Laws of the
play for three (docs/rules.md, section 12) so that the tests can generate legal hands: neither
uses the engine. `rejects` asserts what the engine answers. REVOKE_DEAL and REVOKE_TRICKS are
a hand with a revoke (REVOKE), which the tests of the API and of the pages play too.
"""
from hypothesis import strategies as st

from games.engine.trois import score_trois
from tests.engine.kit import ALL_CARDS, CLASSIC, H, full_record, refuses, summary_record

FORMAT = "ecarte-trois/1"
SEATS = ("elder", "middle", "dealer")


def accept(elder, middle=None, dealer=None):
    """An accepted proposal; each side is (discard, draw), left out when not given."""
    entry = {"accepted": True}
    for seat, side in (("elder", elder), ("middle", middle), ("dealer", dealer)):
        if side is not None:
            entry[seat] = {"discard": H(side[0]), "draw": H(side[1])}
    return entry


def refuse(by):
    return {"accepted": False, "refused_by": by}


def full(elder, middle, dealer, turn_up, exchanges=(), tricks=None, **extra):
    """A full à trois record; tricks are 'LEAD SECOND THIRD' strings or lists."""
    return full_record(FORMAT, {"elder": H(elder), "middle": H(middle), "dealer": H(dealer),
                                "turn_up": turn_up}, exchanges, tricks, **extra)


def summary(opening, tricks, king_turned=False, **fields):
    """A summary record; tricks is (elder, middle, dealer). Keys of the record itself (such as
    score_before) are given with a 'r_' prefix."""
    outer = {k[2:]: fields.pop(k) for k in list(fields) if k.startswith("r_")}
    body = {"opening": opening, "king_turned": king_turned,
            "tricks": dict(zip(SEATS, tricks))} | fields
    return summary_record(FORMAT, body, **outer)


def rejects(record, code, at=None, *, at_prefix=None, mentions=()):
    """Asserts that score_trois refuses `record` with `code` (at `at`); returns the error."""
    return refuses(score_trois, record, code, at, at_prefix=at_prefix, mentions=mentions)


# -- the play, from the Laws ---------------------------------------------------------------
def _rank(card):
    return -CLASSIC.index(card[0])


def may_play(card, held, trick, trump):
    """Whether `card` may be played from `held` to `trick` (leader first): follow and beat
    every card of the suit led if you can; else trump, and overtrump every trump if you can;
    unable to overtrump, still trump; else anything."""
    if not trick:
        return True
    led = trick[0][1]
    for suit in (led, trump):
        mine = [c for c in held if c[1] == suit]
        if not mine:
            continue
        if card[1] != suit:
            return False

        def beats(c):
            return all(_rank(c) > _rank(t) for t in trick if t[1] == suit)
        return beats(card) or not any(beats(c) for c in mine)
    return True


def taker(trick, trump):
    """The position in `trick` of the card that takes it: the highest trump, or else the
    highest card of the suit led."""
    suit = trump if any(c[1] == trump for c in trick) else trick[0][1]
    return max((i for i, c in enumerate(trick) if c[1] == suit), key=lambda i: _rank(trick[i]))


def play_order(leader):
    i = SEATS.index(leader)
    return [SEATS[(i + k) % 3] for k in range(3)]


# -- random legal hands --------------------------------------------------------------------
@st.composite
def legal_hands(draw):
    """A random legal hand: (record, facts) where facts holds the tricks each took, the first
    to take two, and who is vulnerable, all worked out here from the Laws."""
    pack = draw(st.permutations(ALL_CARDS))
    hands = {seat: list(pack[5 * i:5 * i + 5]) for i, seat in enumerate(SEATS)}
    turn_up, stock = pack[15], list(pack[16:])
    trump = turn_up[1]
    record = full(hands["elder"], hands["middle"], hands["dealer"], turn_up)
    vulnerable = "elder"
    if draw(st.booleans()):  # the elder proposes
        vulnerable = None
        while stock:
            answer = draw(st.sampled_from(["accept", "accept", "middle", "dealer"]))
            if answer != "accept":
                record["exchanges"].append(refuse(answer))
                if len(record["exchanges"]) == 1:
                    vulnerable = answer
                break
            entry = {"accepted": True}
            for seat in SEATS:
                count = draw(st.integers(1 if seat == "elder" else 0, min(5, len(stock))))
                if count == 0 and draw(st.booleans()):
                    continue
                discard = draw(st.permutations(hands[seat]))[:count]
                drawn, stock = stock[:count], stock[count:]
                hands[seat] = [c for c in hands[seat] if c not in discard] + drawn
                entry[seat] = {"discard": discard, "draw": drawn}
            record["exchanges"].append(entry)
            if not draw(st.booleans()):
                break
    holder = next((s for s in SEATS if "K" + trump in hands[s]), None)
    if holder and draw(st.booleans()):
        record["king"] = holder
    record["tricks"] = []
    won = dict.fromkeys(SEATS, 0)
    first_to_two = None
    leader = "elder"
    for _ in range(5):
        order = play_order(leader)
        trick = []
        for seat in order:
            choices = [c for c in hands[seat] if may_play(c, hands[seat], trick, trump)]
            card = draw(st.sampled_from(choices))
            hands[seat].remove(card)
            trick.append(card)
        leader = order[taker(trick, trump)]
        won[leader] += 1
        if won[leader] == 2 and first_to_two is None:
            first_to_two = leader
        record["tricks"].append(trick)
    facts = {"tricks": won, "first_to_two": first_to_two, "vulnerable": vulnerable,
             "king": record.get("king"), "king_turned": turn_up[0] == "K"}
    return record, facts


# Diamonds are trumps (the turn-up 7D). The middle holds the 9S but trumps the elder's KS with
# the 8D: a revoke (he must follow suit). He then leads his hearts, which nobody can follow
# or trump, and loses the last trick to the elder's QS.
REVOKE_DEAL = ("KS QS JS AS TS", "9S 8D KH QH JH", "KC QC JC AC TC", "7D")
REVOKE_TRICKS = ["KS 8D TC", "KH QC TS", "QH JC AS", "JH AC JS", "9S KC QS"]
REVOKE = {"type": "revoke", "by": "middle", "trick": 1}
