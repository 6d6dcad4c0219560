"""Hand records for the suite and the benchmarks: a real hand written out, and random ones.

`ELDER_VOLE` and `SUMMARY_POINT` are one real hand, as a full record and as a summary;
`elder_vole()` and `bad_card()` give fresh copies of it, changed or broken. `EXCHANGED` is a
hand with an exchange and trumping, as hand by hand draws it.

`legal_record(rng)` deals, exchanges and plays a legal hand at random (section 6 followed by
the rules written here, not by the engine). `mixed_records(n, seed)` yields (record, expected
error code or None): legal full records, summaries, hands in progress, and records broken
in one known way: for the benchmarks and for checking the CLI on a large archive.
"""
import copy
import random

# Diamonds are trumps; the elder plays without proposing (so is vulnerable) and wins all
# five tricks: the point and the vole, 2 points to the elder.
ELDER_VOLE = {
    "deal": {
        "elder": ["KS", "QS", "AS", "JD", "QD"],
        "dealer": ["7S", "8S", "9H", "TH", "7C"],
        "turn_up": "8D",
    },
    "exchanges": [],
    "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "9H"], ["JD", "TH"], ["QD", "7C"]],
}

# Diamonds are trumps (the eight turned up). The elder proposes and changes the 7♥ for the Q♦;
# the dealer changes the 7♣ for the 9♦. The dealer follows spades under the king and the queen;
# out of spades, must trump the ace with the 9♦ and takes the trick; leads the 9♥, which the
# elder, out of hearts, must trump with the J♦; the elder's Q♦ takes the last.
EXCHANGED = {
    "deal": {"elder": ["KS", "QS", "AS", "JD", "7H"], "dealer": ["7S", "8S", "9H", "TH", "7C"],
             "turn_up": "8D"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["7H"], "draw": ["QD"]},
                   "dealer": {"discard": ["7C"], "draw": ["9D"]}}],
    "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "9D"], ["9H", "JD"], ["QD", "TH"]],
}

# The same hand kept as a summary: the elder played and took 3 tricks.
SUMMARY_POINT = {
    "summary": {"opening": "played", "king_turned": False, "tricks": {"elder": 3, "dealer": 2}}
}


def elder_vole(**changes) -> dict:
    """A fresh copy of ELDER_VOLE, with top-level keys changed or added."""
    record = copy.deepcopy(ELDER_VOLE)
    record.update(changes)
    return record


def bad_card() -> dict:
    """ELDER_VOLE with a card that is no card ("XS")."""
    record = elder_vole()
    record["deal"]["elder"][0] = "XS"
    return record


SUITS = "SHDC"
ORDER = "KQJAT987"
PACK = [r + s for s in SUITS for r in ORDER]


def _beats(card, led, trump):
    if card[1] == led[1]:
        return ORDER.index(card[0]) < ORDER.index(led[0])
    return card[1] == trump


def _legal_replies(held, led, trump):
    same = [c for c in held if c[1] == led[1]]
    if same:
        higher = [c for c in same if _beats(c, led, trump)]
        return higher or same
    return [c for c in held if c[1] == trump] or list(held)


def legal_record(rng: random.Random, tricks_to_play: int = 5) -> dict:
    cards = PACK[:]
    rng.shuffle(cards)
    elder, dealer, turn_up, stock = cards[:5], cards[5:10], cards[10], cards[11:]
    trump = turn_up[1]
    record = {"deal": {"elder": elder[:], "dealer": dealer[:], "turn_up": turn_up},
              "exchanges": []}
    opening = rng.random()
    if opening < 0.3:
        pass  # elder plays without proposing
    elif opening < 0.45:
        record["exchanges"].append({"accepted": False})
    else:
        while stock and rng.random() < 0.8:
            n = min(rng.randint(1, 5), len(stock))
            e_out = rng.sample(elder, n)
            e_in, stock = stock[:n], stock[n:]
            elder = [c for c in elder if c not in e_out] + e_in
            m = min(rng.randint(1, 5), len(stock))
            d_out = rng.sample(dealer, m)
            d_in, stock = stock[:m], stock[m:]
            dealer = [c for c in dealer if c not in d_out] + d_in
            record["exchanges"].append({"accepted": True,
                                        "elder": {"discard": e_out, "draw": e_in},
                                        "dealer": {"discard": d_out, "draw": d_in}})
            if rng.random() < 0.3:
                break
        if stock and rng.random() < 0.3 and record["exchanges"]:
            record["exchanges"].append({"accepted": False})
        if not record["exchanges"]:
            record["exchanges"].append({"accepted": False})
    king = "K" + trump
    if turn_up != king and rng.random() < 0.9:
        record["king"] = "elder" if king in elder else "dealer" if king in dealer else None
    hands = {"elder": elder[:], "dealer": dealer[:]}
    leader, tricks = "elder", []
    for _ in range(tricks_to_play):
        follower = "dealer" if leader == "elder" else "elder"
        led = rng.choice(hands[leader])
        reply = rng.choice(_legal_replies(hands[follower], led, trump))
        hands[leader].remove(led)
        hands[follower].remove(reply)
        tricks.append([led, reply])
        if _beats(reply, led, trump):
            leader = follower
    record["tricks"] = tricks
    if tricks_to_play < 5:
        record["in_progress"] = True
    return record


def summary_of(record: dict) -> dict:
    """A legal summary record of the same hand, its tricks counted here."""
    trump = record["deal"]["turn_up"][1]
    counts, leader = {"elder": 0, "dealer": 0}, "elder"
    for led, reply in record["tricks"]:
        if _beats(reply, led, trump):
            leader = "dealer" if leader == "elder" else "elder"
        counts[leader] += 1
    exchanges = record["exchanges"]
    opening = ("played" if not exchanges else
               "refused" if not exchanges[0]["accepted"] else "exchanged")
    return {"summary": {"opening": opening, "king_turned": record["deal"]["turn_up"][0] == "K",
                        "king": record.get("king"), "tricks": counts,
                        "turn_up": record["deal"]["turn_up"]}}


def _broken(rng: random.Random, record: dict):
    kind = rng.randrange(4)
    if kind == 0:  # a card dealt twice
        record["deal"]["dealer"][rng.randrange(5)] = record["deal"]["elder"][rng.randrange(5)]
        return record, "duplicate_card"
    if kind == 1:
        record["deal"]["elder"][rng.randrange(5)] = "XZ"
        return record, "bad_card"
    if kind == 2:
        record["tricks"] = record["tricks"][:rng.randrange(1, 5)]
        return record, "wrong_trick_count"
    record["surplus"] = True
    return record, "unknown_field"


def mixed_records(n: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(n):
        roll = rng.random()
        if roll < 0.6:
            yield legal_record(rng), None
        elif roll < 0.75:
            yield summary_of(legal_record(rng)), None
        elif roll < 0.85:
            yield legal_record(rng, rng.randrange(0, 5)), None
        else:
            yield _broken(rng, legal_record(rng))
