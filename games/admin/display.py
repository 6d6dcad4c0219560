"""Hand records, results and table data in words, for the secretary's admin and the exports.

Cards are written with their suit symbols ("K♠ Q♠ A♠ J♦ Q♦"), the tricks with who led and who
won each, and the marks as "elder +1 point, elder +1 vole". Each `*_lines` function returns
[(label, text or [texts])]; `lines_html` turns such a list into escaped HTML, the red suits
coloured. Nothing here writes, and nothing raises on a record the engine would reject: a
stored record is shown as it is.
"""
import re

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.engine.cards import SUIT_OF, VALUE, parse_card

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
OTHER = {"elder": "dealer", "dealer": "elder"}
MARK_WORDS = {
    "king_turned": "king turned",
    "king_held": "king",
    "point": "point",
    "vole": "vole",
    "refusal": "refusal",
    "double": "double",
    "declined_double": "declined double",
    "offer_accepted": "offer accepted",
    "offer_failed": "offer failed",
    "abandon": "abandon",
}
OPENINGS = {
    "played": "the elder played without proposing",
    "refused": "the dealer refused the first proposal",
    "exchanged": "exchanged",
}


# -- cards --------------------------------------------------------------------------------
def card(text) -> str:
    """"KS" -> "K♠", "TD" -> "10♦"; anything that is not a card is shown as it is."""
    canonical = parse_card(text)
    if canonical is None:
        return str(text)
    rank = "10" if canonical[0] == "T" else canonical[0]
    return rank + SYMBOL[canonical[1]]


def cards(items) -> str:
    if not isinstance(items, list) or not items:
        return "—"
    return " ".join(card(c) for c in items)


# -- the record ---------------------------------------------------------------------------
def record_lines(record, *, ranking: str = "classic") -> list:
    """The record in words. `ranking` is the table's, used to tell who won each trick when
    the record itself does not say."""
    if not isinstance(record, dict):
        return [("record", repr(record))]
    if isinstance(record.get("deal"), dict):
        lines = _full_lines(record, ranking)
    elif isinstance(record.get("summary"), dict):
        lines = _summary_lines(record["summary"])
    else:
        lines = [("record", "neither a deal nor a summary")]
    return lines + _variant_lines(record)


def _full_lines(record: dict, ranking: str) -> list:
    deal = record["deal"]
    lines = [("deal", f"elder {cards(deal.get('elder'))}; dealer {cards(deal.get('dealer'))}; "
                      f"turn-up {card(deal.get('turn_up'))}")]
    exchanges = record.get("exchanges")
    if not exchanges:
        lines.append(("exchanges", "none: the elder played without proposing"))
    elif isinstance(exchanges, list):
        lines.append(("exchanges", [_exchange(i, e) for i, e in enumerate(exchanges, 1)]))
    if record.get("king"):
        lines.append(("king", f"announced by the {record['king']}"))
    tricks = record.get("tricks") or []
    if tricks:
        rules = record.get("rules") if isinstance(record.get("rules"), dict) else {}
        ranking = rules.get("ranking", ranking)
        lines.append(("tricks", trick_lines(tricks, deal.get("turn_up"), ranking)))
    elif not record.get("in_progress"):
        lines.append(("tricks", "none played"))
    return lines


def _exchange(number: int, exchange) -> str:
    if not isinstance(exchange, dict):
        return f"{number}. {exchange!r}"
    if not exchange.get("accepted"):
        return f"{number}. refused by the dealer"
    parts = []
    for role in ("elder", "dealer"):
        side = exchange.get(role) or {}
        if side.get("discard"):
            parts.append(f"{role} discards {cards(side['discard'])}, "
                         f"draws {cards(side.get('draw'))}")
        else:
            parts.append(f"{role} stands")
    return f"{number}. " + "; ".join(parts)


def trick_lines(tricks: list, turn_up, ranking: str = "classic") -> list:
    """One line per trick: who led which card, what the other played, who won it."""
    trump = SUIT_OF.get(parse_card(turn_up))
    value = VALUE.get(ranking, VALUE["classic"])
    leader, out = "elder", []
    for number, trick in enumerate(tricks, 1):
        if not isinstance(trick, list) or len(trick) != 2:
            out.append(f"{number}. {trick!r}")
            leader = None
            continue
        led, played = parse_card(trick[0]), parse_card(trick[1])
        if leader is None or led is None or played is None or trump is None:
            out.append(f"{number}. {card(trick[0])}, {card(trick[1])}")
            leader = None
            continue
        follower = OTHER[leader]
        if SUIT_OF[played] == SUIT_OF[led]:
            follower_wins = value[played] > value[led]
        else:
            follower_wins = SUIT_OF[played] == trump
        winner = follower if follower_wins else leader
        out.append(f"{number}. {leader} leads {card(led)}, {follower} plays {card(played)}: "
                   f"{winner} wins")
        leader = winner
    return out


def _summary_lines(summary: dict) -> list:
    """A summary record in one line: "exchanged; king turned; tricks elder 3, dealer 2"."""
    opening = summary.get("opening")
    parts = [OPENINGS.get(opening, str(opening))]
    if summary.get("turn_up"):
        parts.append(f"turn-up {card(summary['turn_up'])}")
    if summary.get("king_turned"):
        parts.append("king turned up")
    if summary.get("king"):
        parts.append(f"king announced by the {summary['king']}")
    tricks = summary.get("tricks")
    if isinstance(tricks, dict):
        parts.append(f"tricks {_by_role(tricks)}")
    return [("summary", "; ".join(parts))]


def _variant_lines(record: dict) -> list:
    lines = []
    double = record.get("double")
    if isinstance(double, dict):
        answer = "accepted" if double.get("accepted") else "declined"
        lines.append(("double", f"by the {double.get('by')} before trick "
                                f"{double.get('before_trick')}, {answer}"))
    offer = record.get("offer")
    if isinstance(offer, dict):
        answer = "accepted" if offer.get("accepted") else "refused"
        lines.append(("offer", f"the {offer.get('by')} offered the point, {answer}"))
    irregularities = record.get("irregularities")
    if irregularities:
        lines.append(("irregularities", [_irregularity(e) for e in irregularities]))
    if record.get("in_progress"):
        lines.append(("in progress", "the hand is still being played"))
    context = [f"{key} {record[key]}" for key in ("target",) if key in record]
    if isinstance(record.get("score_before"), dict):
        context.insert(0, f"score before: {_by_role(record['score_before'])}")
    if isinstance(record.get("rules"), dict):
        context.append("rules " + ", ".join(f"{k} {_word(v)}" for k, v in record["rules"].items()))
    if context:
        lines.append(("as scored", "; ".join(context)))
    return lines


def _irregularity(entry) -> str:
    if not isinstance(entry, dict):
        return repr(entry)
    kind = entry.get("type")
    if kind == "revoke":
        return f"revoke by the {entry.get('by')} in trick {entry.get('trick')}"
    if kind == "false_king":
        return f"false king by the {entry.get('by')}"
    if kind == "abandon":
        return f"abandoned by the {entry.get('by')}"
    if kind == "replay":
        return f"replay ({str(entry.get('reason', '')).replace('_', ' ')})"
    return repr(entry)


# -- the result ---------------------------------------------------------------------------
def marks_text(result) -> str:
    """"elder +1 point, elder +1 vole"; "void" for a replay; "" when nothing was marked."""
    if not isinstance(result, dict):
        return ""
    if result.get("void"):
        return "void"
    return ", ".join(f"{m['to']} +{m['points']} {MARK_WORDS.get(m['for'], m['for'])}"
                     for m in result.get("marks", []))


def result_lines(result) -> list:
    if not isinstance(result, dict):
        return [("result", "none: the hand is set aside")]
    if result.get("void"):
        return [("void", "the hand is replayed: nothing is marked")]
    lines = [("tricks", _by_role(result.get("tricks", {})))]
    if result.get("vulnerable"):
        lines.append(("vulnerable", result["vulnerable"]))
    lines.append(("marks", marks_text(result) or "none"))
    lines.append(("score after", _by_role(result.get("score_after", {}))))
    if result.get("game_over"):
        lines.append(("game over", f"the {result.get('winner')} wins the game"))
    if result.get("in_progress"):
        lines.append(("in progress", "no trick points yet"))
    return lines


def _by_role(counts: dict) -> str:
    return ", ".join(f"{role} {counts[role]}" for role in ("elder", "dealer") if role in counts)


# -- HTML -----------------------------------------------------------------------------------
_RED_CARD = re.compile(r"((?:10|[KQJA987])[♥♦])")


def _html_text(text: str) -> str:
    return _RED_CARD.sub(r'<span class="red-suit">\1</span>', escape(text))


def lines_html(lines: list) -> SafeString:
    """[(label, text or [texts])] as a small block of HTML, the red suits in red. Spans only
    (styled as blocks), so that the block may sit in the admin's <p> of a read-only field."""
    rows = []
    for label, text in lines:
        if isinstance(text, list):
            body = "".join(f'<span class="hand-item">{_html_text(t)}</span>' for t in text)
        else:
            body = _html_text(text)
        rows.append(f'<span class="hand-line"><strong>{escape(label)}:</strong> {body}</span>')
    return mark_safe('<span class="hand-lines">' + "".join(rows) + "</span>")


def hand_html(record, result, *, ranking: str = "classic") -> SafeString:
    """The record and its result in one block."""
    return format_html('{}<span class="hand-result">{}</span>',
                       lines_html(record_lines(record, ranking=ranking)),
                       lines_html(result_lines(result)))


# -- table data ---------------------------------------------------------------------------
def rules_lines(rules) -> list:
    if not isinstance(rules, dict):
        return [("rules", repr(rules))]
    return [(key.replace("_", " "), _word(value)) for key, value in rules.items()]


def cut_lines(cut, names: dict) -> list:
    """The cut for the first deal, one line per round: "Athos K♠, Porthos 9♥"."""
    if not cut:
        return [("none", "the first dealer was named")]
    return [(f"round {i}", ", ".join(f"{names.get(p, p)} {card(c)}" for p, c in draw))
            for i, draw in enumerate(cut, 1)]


def snapshot_lines(snapshot, names: dict) -> list:
    """The stored snapshot (docs/api.md) in words, players by name."""
    if not isinstance(snapshot, dict) or not snapshot:
        return [("snapshot", "none yet")]

    def name(player):
        return "—" if player is None else str(names.get(player, player))

    def scores(by_id: dict) -> str:
        return ", ".join(f"{names.get(int(p), p) if str(p).isdigit() else p} {n}"
                         for p, n in (by_id or {}).items()) or "—"

    lines = [("seq", str(snapshot.get("seq"))), ("status", str(snapshot.get("status")))]
    seats = snapshot.get("seats") or {}
    lines.append(("seats", ", ".join(f"{role} {name(seats.get(role))}"
                                     for role in ("elder", "dealer", "observer")
                                     if role in seats)))
    game = snapshot.get("game") or {}
    lines.append(("game", f"number {game.get('number')}, {game.get('hands')} hands, "
                          f"target {game.get('target')}, score {scores(game.get('score'))}"))
    unit = snapshot.get("unit") or {}
    lines.append(("unit", f"number {unit.get('number')}, games won {scores(unit.get('games'))}"))
    pool = snapshot.get("pool")
    if pool:
        streak = pool.get("streak")
        streak_text = (f"{name(streak.get('player'))} {streak.get('count')}"
                       if streak else "none")
        lines.append(("pool", f"pot {pool.get('pot')}, streak {streak_text}, "
                              f"winner {name(pool.get('winner'))}"))
    if snapshot.get("hand_in_progress") is not None:
        lines.append(("hand in progress", str(snapshot["hand_in_progress"])))
    return lines


def score_text(score, first, second) -> str:
    """A game's or a unit's {player id: n} with the two players' names: "Athos 5 – Porthos 3"."""
    score = score or {}
    return " – ".join(f"{p.name} {score.get(str(p.pk), 0)}" for p in (first, second))


def _word(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")

