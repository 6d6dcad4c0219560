"""Properties of the engine over random legal hands (hypothesis).

The generator deals a shuffled pack, makes random legal exchanges from the 21-card stock and
plays random legal cards by section 6 (ecarte_kit.legal_follows); the expected score is worked
out here from sections 4, 5 and 7 and rulings 13-15 of docs/rules.md.
"""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import EngineError, analyse, score
from tests.engine.ecarte_kit import REFUSE, ROLES, follower_wins, legal_follows, other, solve
from tests.engine.kit import ALL_CARDS
from tests.hypothesis_profiles import examples

SETTINGS = settings(max_examples=examples(150), deadline=None)
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Hand:
    """A random legal hand: its record, and what the Laws say it should score."""

    def __init__(self, rnd, abandon=True, fresh_game=False):
        self.rnd = rnd
        pack = list(ALL_CARDS)
        rnd.shuffle(pack)
        self.start = {"elder": pack[:5], "dealer": pack[5:10]}
        self.turn_up, self.trump = pack[10], pack[10][1]
        self.stock = pack[11:]
        self.ranking = rnd.choice(["classic", "ace_high"])
        self.dealer_exchange = rnd.choice(["required", "optional"])
        self.target = rnd.choice([5, 7])
        self.before = {r: 0 if fresh_game else rnd.randrange(self.target) for r in ROLES}
        self.hands = {r: list(self.start[r]) for r in ROLES}
        self.exchanges = [] if self.turned_king_ends_game() else self.exchange()
        self.at_play = {r: list(self.hands[r]) for r in ROLES}
        king_card = "K" + self.trump
        holder = next((r for r in ROLES if king_card in self.hands[r]), None)
        self.king = holder if holder and rnd.random() < 0.7 else None
        self.tricks, self.won, self.abandon = [], {"elder": 0, "dealer": 0}, None
        if not self.king_ends_game():
            self.play(abandon)

    # -- the deal and the exchange ------------------------------------------------------
    def turned_king_ends_game(self):
        return self.turn_up[0] == "K" and self.before["dealer"] + 1 >= self.target

    def king_ends_game(self):
        if self.turned_king_ends_game():
            return True
        return bool(self.king) and self.before[self.king] + 1 >= self.target

    def swap(self, role, count):
        discard = self.rnd.sample(self.hands[role], count)
        draw = [self.stock.pop() for _ in range(count)]
        self.hands[role] = [c for c in self.hands[role] if c not in discard] + draw
        return {"discard": discard, "draw": draw}

    def exchange(self):
        rnd, entries = self.rnd, []
        first = rnd.random()
        if first < 0.3:
            return entries  # the elder plays without proposing
        if first < 0.45:
            return [dict(REFUSE)]
        while self.stock:
            entry = {"accepted": True,
                     "elder": self.swap("elder", rnd.randint(1, min(5, len(self.stock))))}
            if self.stock:
                low = 1 if self.dealer_exchange == "required" else 0
                count = rnd.randint(low, min(5, len(self.stock)))
                if count or rnd.random() < 0.5:
                    entry["dealer"] = self.swap("dealer", count)
            entries.append(entry)
            if not self.stock:
                break
            choice = rnd.random()
            if choice < 0.35:
                break
            if choice < 0.55:
                entries.append(dict(REFUSE))
                break
        return entries

    # -- the play -------------------------------------------------------------------------
    def play(self, abandon):
        rnd, leader = self.rnd, "elder"
        stop = rnd.randrange(5) if abandon and rnd.random() < 0.15 else None
        for n in range(5):
            if n == stop:
                quitters = [r for r in ROLES if self.won[r] <= 2]
                self.abandon = rnd.choice(quitters)
                return
            follower = other(leader)
            lead = rnd.choice(self.hands[leader])
            follow = rnd.choice(legal_follows(self.hands[follower], lead, self.trump,
                                              self.ranking))
            self.hands[leader].remove(lead)
            self.hands[follower].remove(follow)
            self.tricks.append([lead, follow])
            if follower_wins(lead, follow, self.trump, self.ranking):
                leader = follower
            self.won[leader] += 1

    # -- the record and the expected result -------------------------------------------------
    def record(self):
        record = {
            "format": "ecarte-hand/1",
            "rules": {"ranking": self.ranking, "dealer_exchange": self.dealer_exchange},
            "score_before": dict(self.before),
            "target": self.target,
            "deal": {"elder": list(self.start["elder"]), "dealer": list(self.start["dealer"]),
                     "turn_up": self.turn_up},
            "exchanges": copy.deepcopy(self.exchanges),
            "tricks": [list(t) for t in self.tricks],
        }
        if self.king:
            record["king"] = self.king
        if self.abandon:
            record["irregularities"] = [{"type": "abandon", "by": self.abandon}]
        return record

    @property
    def vulnerable(self):
        if not self.exchanges:
            return "elder"
        return "dealer" if self.exchanges[0] == REFUSE else None

    def uncut_marks(self):
        marks = []
        if self.turn_up[0] == "K":
            marks.append(("dealer", 1, "king_turned"))
        if self.king:
            marks.append((self.king, 1, "king_held"))
        if self.king_ends_game():
            return marks
        if self.abandon:
            quitter = self.abandon
            points = 2 if self.won[quitter] == 0 or quitter == self.vulnerable else 1
            return marks + [(other(quitter), points, "abandon")]
        winner = "elder" if self.won["elder"] >= 3 else "dealer"
        marks.append((winner, 1, "point"))
        if self.won[winner] == 5:
            marks.append((winner, 1, "vole"))
        elif other(winner) == self.vulnerable:
            marks.append((winner, 1, "refusal"))
        return marks

    def expected(self):
        score_after, marks = dict(self.before), []
        for to, points, why in self.uncut_marks():
            points = min(points, self.target - score_after[to])
            score_after[to] += points
            marks.append({"to": to, "points": points, "for": why})
            if score_after[to] >= self.target:
                break
        winner = next((r for r in ROLES if score_after[r] >= self.target), None)
        return {
            "format": "ecarte-result/1",
            "tricks": dict(self.won),
            "vulnerable": self.vulnerable,
            "marks": marks,
            "points": {r: score_after[r] - self.before[r] for r in ROLES},
            "score_after": score_after,
            "game_over": winner is not None,
            "winner": winner,
            "void": False,
        }


def rewrite(value, write):
    """The same record with every card string passed through write()."""
    if isinstance(value, list):
        return [rewrite(v, write) for v in value]
    if isinstance(value, dict):
        return {k: (rewrite(v, write) if k in CARD_KEYS else v) for k, v in value.items()}
    return write(value) if isinstance(value, str) else value


CARD_KEYS = {"deal", "exchanges", "tricks", "elder", "dealer", "turn_up", "discard", "draw"}


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_a_legal_random_hand_is_accepted_and_scored_by_the_laws(rnd):
    hand = Hand(rnd)
    assert score(hand.record()) == hand.expected()


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_a_hand_marks_between_zero_and_three_points(rnd):
    result = score(Hand(rnd, fresh_game=True).record())
    assert 0 <= sum(result["points"].values()) <= 3
    assert all(m["points"] >= 1 for m in result["marks"])


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_points_are_the_sum_of_the_marks_and_score_after_adds_them(rnd):
    record = Hand(rnd).record()
    result = score(record)
    for role in ROLES:
        assert result["points"][role] == sum(m["points"] for m in result["marks"]
                                             if m["to"] == role)
        assert result["score_after"][role] == record["score_before"][role] + result["points"][role]
        assert result["score_after"][role] <= record["target"]


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_a_card_of_the_deal_changed_to_a_duplicate_is_rejected(rnd):
    record = Hand(rnd).record()
    places = [("elder", i) for i in range(5)] + [("dealer", i) for i in range(5)] + [("turn_up",)]
    changed, copied = rnd.sample(places, 2)

    def get(place):
        return record["deal"][place[0]] if len(place) == 1 else record["deal"][place[0]][place[1]]

    card = get(copied)
    if len(changed) == 1:
        record["deal"]["turn_up"] = card
    else:
        record["deal"][changed[0]][changed[1]] = card
    pointer = {p: "deal." + p[0] + (f"[{p[1]}]" if len(p) == 2 else "") for p in places}
    try:
        score(record)
    except EngineError as error:
        assert error.code == "duplicate_card"
        assert error.at in (pointer[changed], pointer[copied])
    else:
        raise AssertionError("a duplicate card was accepted")


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_the_card_notation_never_changes_the_result(rnd):
    record = Hand(rnd).record()

    def write(card):
        rank, suit = card[0], card[1]
        if rank == "T" and rnd.random() < 0.5:
            rank = "10"
        if rnd.random() < 0.5:
            suit = SYMBOL[suit]
        text = rank + suit
        return text.lower() if rnd.random() < 0.5 else text

    assert score(rewrite(record, write), analyse=True) == score(record, analyse=True)


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_a_hand_in_progress_marks_only_the_kings(rnd):
    hand = Hand(rnd, abandon=False)
    record = hand.record()
    record["tricks"] = record["tricks"][:rnd.randrange(len(record["tricks"]) + 1)]
    record["in_progress"] = True
    result = score(record)
    assert result["in_progress"] is True
    assert {m["for"] for m in result["marks"]} <= {"king_turned", "king_held"}


@given(st.randoms(use_true_random=False))
@settings(max_examples=examples(120), deadline=None)
def test_the_analysis_is_the_double_dummy_minimax_of_the_hands_at_the_start_of_play(rnd):
    hand = Hand(rnd, abandon=False, fresh_game=True)
    elder_tricks, by_lead = solve(hand.at_play["elder"], hand.at_play["dealer"], hand.trump,
                                  hand.ranking)
    record = hand.record()
    analysis = analyse(record)
    assert set(analysis["by_lead"]) == set(hand.at_play["elder"])
    assert analysis["by_lead"] == by_lead
    assert analysis["elder_tricks"] == elder_tricks == max(analysis["by_lead"].values())
    assert score(record, analyse=True)["analysis"] == analysis


@given(st.randoms(use_true_random=False))
@SETTINGS
def test_the_summary_of_a_legal_hand_scores_like_the_full_record(rnd):
    hand = Hand(rnd)
    record = hand.record()
    exchanges = record["exchanges"]
    opening = "played" if not exchanges else "refused" if exchanges[0] == REFUSE else "exchanged"
    body = {"opening": opening, "king_turned": hand.turn_up[0] == "K", "king": hand.king,
            "tricks": dict(hand.won)}
    if rnd.random() < 0.5:
        body["turn_up"] = hand.turn_up
    short = {key: record[key] for key in ("rules", "score_before", "target", "irregularities")
             if key in record}
    short["summary"] = body
    assert score(short) == score(record)
