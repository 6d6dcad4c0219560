"""Section 7 of the Laws, with the variants and penalties: who marks what, in order."""
from .hand import OTHER, CheckedHand

RESULT_FORMAT = "ecarte-result/1"


def most_marked(rules: dict) -> int:
    """The most one player can mark in one hand (section 7): the king, 1, and for the tricks
    the vole, or the point against a vulnerable player, 2; the table's `doubling` doubles the
    trick points (section 9), 4. A penalty only takes marks away (section 8)."""
    return 1 + (4 if rules.get("doubling") else 2)


def trick_award(hand: CheckedHand):
    """The role that marks for the tricks, and its marks [(for, points)], before doubling."""
    vulnerable, tricks = hand.vulnerable, hand.tricks
    if hand.offer and hand.offer["accepted"]:
        offerer = hand.offer["by"]
        return OTHER[offerer], [("offer_accepted", 2 if vulnerable == offerer else 1)]
    if hand.double and not hand.double["accepted"]:
        proposer = hand.double["by"]
        return proposer, [("declined_double", 2 if vulnerable == OTHER[proposer] else 1)]
    if hand.abandon_by:
        quitter = hand.abandon_by
        if hand.offer and quitter != hand.offer["by"]:  # bound to win the vole, he fails it
            return hand.offer["by"], [("offer_failed", 2)]  # (docs/rules.md, ruling 91)
        points = 2 if tricks[quitter] == 0 or vulnerable == quitter else 1
        return OTHER[quitter], [("abandon", points)]
    if hand.offer and tricks[OTHER[hand.offer["by"]]] < 5:
        return hand.offer["by"], [("offer_failed", 2)]
    winner = "elder" if tricks["elder"] >= 3 else "dealer"
    if tricks[winner] < 3:  # both played with fewer than five cards (ruling 87)
        return winner, []
    if tricks[winner] == 5:
        return winner, [("point", 1), ("vole", 1)]
    if vulnerable == OTHER[winner]:
        return winner, [("point", 1), ("refusal", 1)]
    return winner, [("point", 1)]


def penalised(marks: list, offenders) -> list:
    """The trick marks, as (to, points, for), once each offender, who revoked or announced a
    false king, has lost one point of his own: of his last mark, which is lost when it was
    worth one (section 8; à trois, ruling 81). Every form's."""
    marks = list(marks)
    for offender in offenders:
        mine = [i for i, (to, _, _) in enumerate(marks) if to == offender]
        if mine:
            to, points, why = marks[mine[-1]]
            if points > 1:
                marks[mine[-1]] = (to, points - 1, why)
            else:
                del marks[mine[-1]]
    return marks


def trick_marks(hand: CheckedHand, *, penalty: bool = True) -> list:
    """The marks for the tricks, as (role, points, for); without the `penalty` of a revoke or
    a false king, what they would have been."""
    role, award = trick_award(hand)
    if role in hand.too_many:  # he played with more than five cards (ruling 87)
        award = []
    marks = [(role, points, why) for why, points in award]
    if penalty and hand.offenders:
        marks = penalised(marks, hand.offenders)
    if hand.double and hand.double["accepted"]:
        total = sum(points for _, points, _ in marks)
        if total:
            marks.append((role, total, "double"))
    return marks


def hand_marks(hand, trick_marks=trick_marks) -> list:
    """Every mark of the hand in order, as (to, points, for), before the game-end cut: the
    kings', and the tricks' (`trick_marks`, the form's) once the hand is played out. Every
    form's."""
    if hand.void:
        return []
    marks = []
    if hand.king_turned:
        marks.append(("dealer", 1, "king_turned"))
    if hand.king_mark:
        marks.append((hand.king_mark, 1, "king_held"))
    if hand.in_progress or hand.game_over_before_play:
        return marks
    return marks + trick_marks(hand)


def lost_marks(unpenalised: list, penalised: list) -> list:
    """The marks of `unpenalised` that `penalised` lacks, as (to, points, for): what a
    penalty took."""
    kept = {(to, why): points for to, points, why in penalised}
    return [(to, points - kept.get((to, why), 0), why) for to, points, why in unpenalised
            if points > kept.get((to, why), 0)]


def penalised_list(lost: list) -> dict:
    """The result's "penalised", listed only when a revoke or a false king cost a mark."""
    if not lost:
        return {}
    return {"penalised": [{"to": to, "points": points, "for": why} for to, points, why in lost]}


def penalty(hand, trick_marks=trick_marks) -> list:
    """The trick marks (`trick_marks`, the form's) a revoke or a false king cost its
    offenders, as (to, points, for). Every form's."""
    if not hand.offenders or hand.void or hand.in_progress or hand.game_over_before_play:
        return []
    return lost_marks(trick_marks(hand, penalty=False), trick_marks(hand))


def in_marking_order(hand, marks: list) -> tuple:
    """The hand's marks as they were marked, and those that were not (docs/rules.md, ruling
    84): a mark marked late comes after the others, one not marked is left out. Each is
    (to, points, for)."""
    if not (hand.marked_late or hand.unmarked):
        return marks, []

    def forgotten(mark, among) -> bool:
        return (mark[0], mark[2]) in among

    late = [mark for mark in marks if forgotten(mark, hand.marked_late)]
    marked = [mark for mark in marks if not forgotten(mark, hand.marked_late | hand.unmarked)]
    return marked + late, [mark for mark in marks if forgotten(mark, hand.unmarked)]


def unmarked_list(unmarked: list) -> dict:
    """The result's "unmarked", listed only when a mark was not marked."""
    if not unmarked:
        return {}
    return {"unmarked": [{"to": to, "points": points, "for": why}
                         for to, points, why in unmarked]}


def up_to_target(hand, marks: list) -> tuple:
    """The marks, as (to, points, for), marked in order until one reaches the target: the first
    to reach it wins the game there, with no more than he needed, and nothing more is marked
    (section 7). Returns the marks as the result writes them, the points of each, the scores
    after and the winner, or None. Every form's."""
    score = dict(hand.score_before)
    points = dict.fromkeys(score, 0)
    written, winner = [], None
    for to, count, why in marks:
        needed = hand.target - score[to]
        if count >= needed:  # the game ends here: the engine marks nothing more
            count, winner = needed, to
        score[to] += count
        points[to] += count
        written.append({"to": to, "points": count, "for": why})
        if winner:
            break
    return written, points, score, winner


def result(hand: CheckedHand) -> dict:
    marked, unmarked = in_marking_order(hand, hand_marks(hand))
    marks, points, score, winner = up_to_target(hand, marked)
    out = {
        "format": RESULT_FORMAT,
        "tricks": dict(hand.tricks),
        "vulnerable": hand.vulnerable,
        "marks": marks,
        "points": points,
        "score_after": score,
        "game_over": winner is not None,
        "winner": winner,
        "void": hand.void,
    }
    if unmarked:
        out |= unmarked_list(unmarked)
    if hand.offenders:
        out |= penalised_list(penalty(hand))
    if hand.in_progress:
        out["in_progress"] = True
    return out
